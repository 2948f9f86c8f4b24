#include "clock.h"

#include <chrono>
#include <ctime>

namespace gpuplan::providers {

std::string utcNow(const char* format)
{
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
#ifdef _WIN32
    gmtime_s(&tm, &t);
#else
    gmtime_r(&t, &tm);
#endif
    char buf[32];
    if (std::strftime(buf, sizeof buf, format, &tm) == 0)
        return {};
    return buf;
}

} // namespace gpuplan::providers
