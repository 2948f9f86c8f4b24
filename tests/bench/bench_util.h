#pragma once
// Shared by the benchmarks: reading a file whole and the process's peak resident memory.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#ifdef __linux__
#include <sys/resource.h>
#endif

namespace gpuplan::bench {

inline std::string readFile(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The peak resident set size of this process so far, KiB (0 where getrusage does not report it).
inline long peakRssKiB()
{
#ifdef __linux__
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
#else
    return 0;
#endif
}

} // namespace gpuplan::bench
