#include "quantity.h"

#include <charconv>
#include <cmath>
#include <string>

namespace gpuplan::core {

SuffixMatch countSuffix(std::string_view s)
{
    for (const auto& suffix : countSuffixes)
        if (s.size() > suffix.text.size() && s.substr(s.size() - suffix.text.size()) == suffix.text)
            return {suffix.scale, suffix.text.size()};
    return {};
}

std::optional<double> parseCount(std::string_view s)
{
    std::string t;
    t.reserve(s.size());
    for (char c : s)
        if (c != '_' && c != ' ' && c != ',')
            t.push_back(c);
    const SuffixMatch suffix = countSuffix(t);
    t.resize(t.size() - suffix.length);
    if (t.empty())
        return std::nullopt;
    double v = 0;
    const char* end = t.data() + t.size();
    auto [ptr, ec] = std::from_chars(t.data(), end, v);
    if (ec != std::errc() || ptr != end || !std::isfinite(v * suffix.scale))
        return std::nullopt;
    return v * suffix.scale;
}

} // namespace gpuplan::core
