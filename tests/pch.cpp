// Compiled once to build the precompiled headers the test executables share (tests/CMakeLists.txt).
