#pragma once
// A hash for std::tuple keys of unordered maps (pointers, numbers, string views): the planner's lookups over every
// offering of a catalog, where an ordered map's element-by-element comparisons dominated the time.

#include <cstddef>
#include <functional>
#include <tuple>

namespace gpuplan::core::detail {

struct TupleHash
{
    template<typename... T> std::size_t operator()(const std::tuple<T...>& t) const
    {
        std::size_t h = 0;
        // boost::hash_combine's mixing step
        std::apply(
            [&](const auto&... x) {
                ((h ^= std::hash<std::decay_t<decltype(x)>> {}(x) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)), ...);
            },
            t);
        return h;
    }
};

} // namespace gpuplan::core::detail
