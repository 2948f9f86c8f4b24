# The Debian package: `cpack -G DEB` in a build tree after building gpuplan and gpuplan-cli
# (tests/package/check-deb.sh builds, checks, unpacks and runs it; .ci/test calls that).
# What goes in is what `cmake --install` installs: the two programs (the bundled data is compiled into them), the
# desktop file, AppStream metadata, icons, and the Debian copyright and changelog below.
if(NOT (UNIX AND NOT APPLE))
    return()
endif()
include(GNUInstallDirs)
# cpack installs only what is built: gpuplan and gpuplan-cli, not the tests and benchmarks `all` would build first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                                WORLD_READ WORLD_EXECUTE)

# Debian policy 12.5 and 12.7: the copyright file, and the changelog compressed with gzip -9n; built by the target
# gpuplan_debian_files (part of `all`; tests/package/check-deb.sh builds it by name).
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/gpuplan
        PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
find_program(GPUPLAN_GZIP gzip)
if(GPUPLAN_GZIP)
    # Manual pages (policy 12.1), compressed as the changelog.
    foreach(_page gpuplan.1 gpuplan-cli.1)
        add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/debian/${_page}.gz
                           COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/debian
                           COMMAND ${GPUPLAN_GZIP} -9nc ${PROJECT_SOURCE_DIR}/resources/man/${_page} >
                                   ${PROJECT_BINARY_DIR}/debian/${_page}.gz
                           DEPENDS ${PROJECT_SOURCE_DIR}/resources/man/${_page} VERBATIM)
        list(APPEND _man_pages ${PROJECT_BINARY_DIR}/debian/${_page}.gz)
    endforeach()
    set(_changelog ${PROJECT_BINARY_DIR}/debian/changelog.gz)
    add_custom_command(OUTPUT ${_changelog}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/debian
                       COMMAND ${GPUPLAN_GZIP} -9nc ${PROJECT_SOURCE_DIR}/resources/debian/changelog > ${_changelog}
                       DEPENDS ${PROJECT_SOURCE_DIR}/resources/debian/changelog VERBATIM)
    add_custom_target(gpuplan_debian_files ALL DEPENDS ${_changelog} ${_man_pages})
    install(FILES ${_changelog} DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/gpuplan
            PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    install(FILES ${_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
            PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpuplan)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# The Maintainer field: set GPUPLAN_PACKAGE_MAINTAINER to the team's real address when publishing a package.
set(GPUPLAN_PACKAGE_MAINTAINER "gpuplan maintainers <gpuplan@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package, \"Name <email>\"")
set(CPACK_PACKAGE_CONTACT "${GPUPLAN_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "GPU workload planner: compute, memory, time, cost and SLA")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "gpuplan tells a team what a GPU workload needs, where it should run, what it\n\
will cost and whether it meets its SLA. Describe LLM training, LLM serving or\n\
a generic GPU job; gpuplan estimates compute, memory fit, time, throughput and\n\
latency, and prices every feasible deployment across cloud providers'\n\
on-demand, spot, reserved and monthly offerings. This package holds the\n\
desktop application (gpuplan, Qt 6) and the command-line tool (gpuplan-cli),\n\
in English and Simplified Chinese.")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Shared-library dependencies from dpkg-shlibdeps; Qt's plugins are loaded at run time, so they are named here: the
# X11/Wayland platform plugins for the window, libqt6svg6 for the SVG window icon (its icon-engine plugin; no symbol
# of it is linked, so dpkg-shlibdeps does not name it), and CJK fonts for Chinese text (recommended).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
set(CPACK_STRIP_FILES ON)
include(CPack)
