#include "platform.h"

#include <cstdlib>
#include <utility>

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <dlfcn.h>
#include <unistd.h>
#endif

namespace gpuplan::probe {

namespace {
/// "a, b: reason; c: other reason": the candidates grouped by why they did not load.
class Attempts
{
public:
    void add(const std::string& name, std::string reason)
    {
        // dlerror() starts with the file name; keep the reason only.
        if (reason.rfind(name + ": ", 0) == 0)
            reason.erase(0, name.size() + 2);
        for (auto& [r, names] : m_groups) {
            if (r == reason) {
                names += ", " + name;
                return;
            }
        }
        m_groups.emplace_back(reason, name);
    }
    std::string text() const
    {
        std::string out;
        for (const auto& [reason, names] : m_groups)
            out += (out.empty() ? "" : "; ") + names + ": " + reason;
        return out;
    }

private:
    std::vector<std::pair<std::string, std::string>> m_groups; // reason, names
};
} // namespace

#ifdef _WIN32

namespace {
std::string lastErrorText()
{
    const DWORD code = GetLastError();
    char* buffer = nullptr;
    const DWORD n
        = FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
            nullptr, code, 0, reinterpret_cast<LPSTR>(&buffer), 0, nullptr);
    std::string text = n ? std::string(buffer, n) : "error " + std::to_string(code);
    if (buffer)
        LocalFree(buffer);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    return text;
}
} // namespace

std::optional<SharedLibrary> openLibrary(const std::vector<std::string>& candidates, std::string& why)
{
    Attempts attempts;
    for (const auto& name : candidates) {
        if (HMODULE h = LoadLibraryA(name.c_str()))
            return SharedLibrary {reinterpret_cast<void*>(h), name};
        attempts.add(name, lastErrorText());
    }
    why = attempts.text();
    return std::nullopt;
}

void* findSymbolAddress(const SharedLibrary& library, const char* name)
{
    FARPROC f = GetProcAddress(static_cast<HMODULE>(library.handle), name);
    void* address = nullptr;
    static_assert(sizeof f == sizeof address);
    std::memcpy(&address, &f, sizeof address);
    return address;
}

std::string hostName()
{
    char name[MAX_COMPUTERNAME_LENGTH + 1] = {};
    DWORD size = sizeof name;
    if (GetComputerNameA(name, &size) && size > 0)
        return std::string(name, size);
    return "unknown";
}

std::optional<std::string> environmentVariable(const char* name)
{
    char* value = nullptr;
    std::size_t length = 0;
    if (_dupenv_s(&value, &length, name) != 0 || value == nullptr)
        return std::nullopt;
    std::string s(value);
    std::free(value);
    if (s.empty())
        return std::nullopt;
    return s;
}

#else

std::optional<SharedLibrary> openLibrary(const std::vector<std::string>& candidates, std::string& why)
{
    Attempts attempts;
    for (const auto& name : candidates) {
        // RTLD_LOCAL: the library's symbols stay private, so two CUDA runtimes (our static one and one a
        // library brings) cannot clash.
        if (void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL))
            return SharedLibrary {h, name};
        const char* error = dlerror();
        attempts.add(name, error ? error : "cannot be loaded");
    }
    why = attempts.text();
    return std::nullopt;
}

void* findSymbolAddress(const SharedLibrary& library, const char* name)
{
    return dlsym(library.handle, name);
}

std::string hostName()
{
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) == 0 && name[0] != '\0')
        return name;
    return "unknown";
}

std::optional<std::string> environmentVariable(const char* name)
{
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0')
        return std::nullopt;
    return std::string(value);
}

#endif

} // namespace gpuplan::probe
