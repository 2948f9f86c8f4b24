# ctest probe_without_gpu: gpuplan-probe on a machine where CUDA finds no GPU (no driver, or
# CUDA_VISIBLE_DEVICES=-1, which the test sets so that it behaves the same on a GPU machine) must exit with
# code 3 and say why on exactly one line of stderr, with nothing on stdout. --help, --version and a bad
# argument are checked as well (exit codes 0, 0, 2).
# Usage: cmake -DPROBE=<path to gpuplan-probe> -P probe_without_gpu.cmake
if(NOT PROBE)
    message(FATAL_ERROR "PROBE is not set")
endif()

function(expect_exit code)
    execute_process(COMMAND ${PROBE} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
    if(NOT rc STREQUAL "${code}")
        message(FATAL_ERROR "gpuplan-probe ${ARGN}: exit code '${rc}', expected ${code}\nstdout: ${out}\nstderr: ${err}")
    endif()
    set(out "${out}" PARENT_SCOPE)
    set(err "${err}" PARENT_SCOPE)
endfunction()

expect_exit(3 --quick)
if(NOT out STREQUAL "")
    message(FATAL_ERROR "gpuplan-probe wrote to stdout without a GPU:\n${out}")
endif()
string(REGEX MATCHALL "\n" newlines "${err}")
list(LENGTH newlines lines)
if(NOT lines EQUAL 1 OR NOT err MATCHES "\n$")
    message(FATAL_ERROR "expected one line on stderr, got ${lines}:\n${err}")
endif()
if(NOT err MATCHES "^gpuplan-probe: no NVIDIA (driver|GPU) found \\(cudaGetDeviceCount: [^\n]+\\)\n$")
    message(FATAL_ERROR "unexpected message: ${err}")
endif()
message(STATUS "no GPU: exit code 3, stderr: ${err}")

expect_exit(0 --help)
if(NOT out MATCHES "^Usage: gpuplan-probe")
    message(FATAL_ERROR "--help: ${out}")
endif()
expect_exit(0 --version)
if(NOT out MATCHES "^gpuplan-probe [0-9]+\\.[0-9]+\\.[0-9]+\n")
    message(FATAL_ERROR "--version: ${out}")
endif()
message(STATUS "--version:\n${out}")
expect_exit(2 --frobnicate)
expect_exit(2 --devices 0,x)
