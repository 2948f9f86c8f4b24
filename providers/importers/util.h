#pragma once
// Private to providers/importers: the text, number, CSV and offering helpers the importers share.

#include "core/catalog.h"
#include "core/csv.h"
#include "core/json_reader.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace gpuplan::importers::util {

using core::Offering;
using core::Price;

std::string_view trim(std::string_view s);
std::string lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
bool icontains(std::string_view haystack, std::string_view needle);
bool isBlank(std::string_view s);
/// ISO 4217: three upper-case letters.
bool isCurrency(std::string_view s);
std::string quote(std::string_view s);

enum class Sign { NonNegative, Positive };

/// Reads a number written as text (a CSV cell, a JSON string). Returns nothing and says why in `why` when the text
/// is not a number, not finite, or of the wrong sign; the messages match the JSON reader's.
std::optional<double> readNumber(std::string_view text, Sign sign, std::string& why);
/// A number that may be written as a JSON number or as a JSON string holding one (AWS and Alibaba write prices
/// as strings). Fails with the pointer of the field.
double jsonNumber(core::detail::ObjectReader& r, std::string_view key, Sign sign);
/// The date in an AWS offer version ("20250912225308" → "2025-09-12T22:53:08Z"), or "" when it is not one.
std::string dateFromAwsVersion(std::string_view v);
/// Adds a price to an offering unless one of the same kind (model, term, payment option, class) is there: an
/// identical one is dropped silently, a different one with a warning (the first is kept).
void addPrice(Offering& o, Price p, const std::string& place, std::vector<std::string>& warnings);
std::string gpuVendorFor(std::string_view raw);
/// A count as text: whole numbers without decimals ("8"), others as std::to_string.
std::string formatCount(double n);

/// "file:row N" and "file:row N:column C": where a CSV problem is.
std::string rowPlace(const std::string& file, std::size_t line);
std::string cellPlace(const std::string& file, std::size_t line, std::string_view column);

/// Column positions by header name.
class Header
{
public:
    explicit Header(const std::vector<std::string>& names)
        : m_size(names.size())
    {
        for (std::size_t i = 0; i < names.size(); ++i)
            m_index.emplace(std::string(trim(names[i])), i);
    }
    std::optional<std::size_t> find(std::string_view name) const
    {
        auto it = m_index.find(name);
        if (it == m_index.end())
            return std::nullopt;
        return it->second;
    }
    std::size_t size() const { return m_size; }

private:
    std::map<std::string, std::size_t, std::less<>> m_index;
    std::size_t m_size;
};

/// Index of the offering (provider, region, zone, instance type) in `list`, added when new.
class OfferingIndex
{
public:
    explicit OfferingIndex(std::vector<Offering>& list)
        : m_list(list)
    {
        for (std::size_t i = 0; i < list.size(); ++i)
            m_index.emplace(keyOf(list[i]), i);
    }
    Offering& get(const Offering& prototype)
    {
        auto [it, fresh] = m_index.emplace(keyOf(prototype), m_list.size());
        if (fresh)
            m_list.push_back(prototype);
        return m_list[it->second];
    }
    Offering* find(const Offering& o)
    {
        auto it = m_index.find(keyOf(o));
        return it == m_index.end() ? nullptr : &m_list[it->second];
    }

private:
    using Key = std::tuple<std::string, std::string, std::string, std::string>;
    static Key keyOf(const Offering& o) { return {o.provider, o.region, o.zone, o.instanceType}; }
    std::vector<Offering>& m_list;
    std::map<Key, std::size_t> m_index;
};

} // namespace gpuplan::importers::util

namespace gpuplan::importers::readers {
// What every format's reader uses: `using namespace readers;` in a format file.
using namespace core;
using namespace util;
using core::detail::appendPointer;
using core::detail::Bound;
using core::detail::describe;
using core::detail::Failure;
using core::detail::JsonContext;
using core::detail::ObjectReader;
using nlohmann::json;
} // namespace gpuplan::importers::readers
