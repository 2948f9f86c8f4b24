#pragma once
// The one place with operating-system calls (POSIX and Windows branches): opening shared libraries at run
// time, the host name and environment variables. Everything else in the probe is portable C++ and CUDA.

#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::probe {

/// A shared library opened at run time. It stays loaded until the process ends (NCCL and cuBLASLt keep
/// threads and CUDA state that must not outlive their code).
struct SharedLibrary
{
    void* handle = nullptr;
    std::string path; ///< the candidate that loaded
};

/// Tries each candidate in order (a bare file name goes through the system's search path, a path is used
/// as is) and returns the first that loads. On failure `why` lists every attempt with the loader's message.
std::optional<SharedLibrary> openLibrary(const std::vector<std::string>& candidates, std::string& why);

/// The address of `name` in `library`, or nullptr.
void* findSymbolAddress(const SharedLibrary& library, const char* name);

/// `name` as a function pointer of type F, or nullptr. (Copies the address instead of casting it: an
/// object-to-function pointer cast is only conditionally supported in C++.)
template<typename F> F findFunction(const SharedLibrary& library, const char* name)
{
    static_assert(sizeof(F) == sizeof(void*));
    void* address = findSymbolAddress(library, name);
    F f = nullptr;
    if (address)
        std::memcpy(&f, &address, sizeof f);
    return f;
}

/// This machine's name, or "unknown".
std::string hostName();

/// The value of an environment variable, or nullopt when it is unset or empty.
std::optional<std::string> environmentVariable(const char* name);

/// True on Windows, where NCCL does not exist.
constexpr bool isWindows()
{
#ifdef _WIN32
    return true;
#else
    return false;
#endif
}

} // namespace gpuplan::probe
