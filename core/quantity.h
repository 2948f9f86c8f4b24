#pragma once
// Counts written as people write them: "300B", "2T", "1.5e12", "3000亿", "4k", "1_000_000". One rule for the
// workload file and the app's fields.

#include <optional>
#include <string_view>

namespace gpuplan::core {

/// A scale suffix: k/K 1e3, M 1e6, B/G 1e9, T 1e12, 万 1e4, 亿 1e8 (UTF-8).
struct CountSuffix
{
    std::string_view text;
    double scale;
};
inline constexpr CountSuffix countSuffixes[] = {{"k", 1e3}, {"K", 1e3}, {"M", 1e6}, {"B", 1e9}, {"G", 1e9}, {"T", 1e12},
    {"\xE4\xB8\x87", 1e4} /* 万 */, {"\xE4\xBA\xBF", 1e8} /* 亿 */};

/// The scale of a trailing suffix of `s` and the length of that suffix; {1, 0} without one.
struct SuffixMatch
{
    double scale = 1;
    std::size_t length = 0;
};
SuffixMatch countSuffix(std::string_view s);

/// Parses a count in C notation with an optional suffix; underscores, spaces and grouping commas
/// ("300,000,000,000") are ignored. Nothing (not even a sign) may follow the suffix. nullopt when it is not a
/// finite number.
std::optional<double> parseCount(std::string_view s);

} // namespace gpuplan::core
