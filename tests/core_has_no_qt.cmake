# core_has_no_qt: builds tests/core_qt_probe.cpp (core's settings plus a Qt include) and passes only when the build
# fails BECAUSE the Qt header cannot be found: any other build error (a typo in core, a broken generator) fails.
# -DBUILD_DIR=<binary dir>
# First the same file without the Qt include (core_probe_clean): it must compile.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target core_probe_clean
                RESULT_VARIABLE clean_rc OUTPUT_VARIABLE clean_out ERROR_VARIABLE clean_err)
if(NOT clean_rc EQUAL 0)
    message(FATAL_ERROR "the probe does not compile even without the Qt include:\n${clean_out}${clean_err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target core_qt_probe
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(rc EQUAL 0)
    message(FATAL_ERROR "core_qt_probe compiled: core/ (or what it links) exposes Qt headers")
endif()
# g++: "fatal error: QString: No such file or directory"; clang: "fatal error: 'QString' file not found";
# MSVC: "Cannot open include file: 'QString'".
if(NOT all MATCHES "QString'?: No such file or directory|'QString' file not found|Cannot open include file: 'QString'")
    message(FATAL_ERROR "core_qt_probe failed for another reason than the missing Qt header:\n${all}")
endif()
# ... and on nothing else: no other compiler error (core's own headers must compile with core's settings).
string(REGEX REPLACE "[^\n]*QString[^\n]*" "" rest "${all}")
if(rest MATCHES "error:|error C[0-9]+")
    message(FATAL_ERROR "core_qt_probe has compiler errors besides the missing Qt header:\n${all}")
endif()
message(STATUS "core_qt_probe fails on the Qt include, as it must")
