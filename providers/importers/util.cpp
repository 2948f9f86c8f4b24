#include "util.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace gpuplan::importers::util {

using core::detail::describe;
using core::detail::ObjectReader;
using nlohmann::json;

std::string_view trim(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool iequals(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && lower(a) == lower(b);
}

bool icontains(std::string_view haystack, std::string_view needle)
{
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

bool isBlank(std::string_view s)
{
    return trim(s).empty();
}

/// ISO 4217: three upper-case letters.
bool isCurrency(std::string_view s)
{
    return s.size() == 3 && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::string quote(std::string_view s)
{
    return '"' + std::string(s) + '"';
}

/// Reads a number written as text (a CSV cell, a JSON string). Returns nothing and says why in `why` when the text
/// is not a number, not finite, or of the wrong sign; the messages match the JSON reader's.
std::optional<double> readNumber(std::string_view text, Sign sign, std::string& why)
{
    const auto t = trim(text);
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) {
        why = "must be a finite number, got " + std::string(t);
        return std::nullopt;
    }
    if (t.empty() || ec != std::errc() || end != t.data() + t.size()) {
        why = "must be a number, got " + quote(t);
        return std::nullopt;
    }
    if (!std::isfinite(v)) {
        why = "must be a finite number, got " + std::string(t);
        return std::nullopt;
    }
    if (sign == Sign::NonNegative && v < 0) {
        why = "must be zero or positive, got " + std::string(t);
        return std::nullopt;
    }
    if (sign == Sign::Positive && !(v > 0)) {
        why = "must be a positive number, got " + std::string(t);
        return std::nullopt;
    }
    return v;
}

/// A number that may be written as a JSON number or as a JSON string holding one (AWS and Alibaba write prices
/// as strings). Fails with the pointer of the field.
double jsonNumber(ObjectReader& r, std::string_view key, Sign sign)
{
    const json& v = r.raw(key);
    std::string why;
    std::optional<double> x;
    if (v.is_string())
        x = readNumber(v.get_ref<const std::string&>(), sign, why);
    else if (v.is_number())
        x = readNumber(v.dump(), sign, why);
    else
        why = "must be a number, got " + describe(v);
    if (!x)
        core::detail::fail(r.context(), r.pointer(key), why);
    return *x;
}

/// The date in an AWS offer version ("20250912225308" → "2025-09-12T22:53:08Z"), or "" when it is not one.
std::string dateFromAwsVersion(std::string_view v)
{
    if (v.size() != 14 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return {};
    const std::string s(v);
    return s.substr(0, 4) + '-' + s.substr(4, 2) + '-' + s.substr(6, 2) + 'T' + s.substr(8, 2) + ':' + s.substr(10, 2)
        + ':' + s.substr(12, 2) + 'Z';
}

/// Adds a price to an offering unless one of the same kind (model, term, payment option, class) is there: an
/// identical one is dropped silently, a different one with a warning (the first is kept).
void addPrice(Offering& o, Price p, const std::string& place, std::vector<std::string>& warnings)
{
    for (const auto& q : o.prices) {
        if (q.pricingModel == p.pricingModel && q.termMonths == p.termMonths && q.paymentOption == p.paymentOption
            && q.offeringClass == p.offeringClass) {
            if (q.hourlyRate != p.hourlyRate || q.upfrontFee != p.upfrontFee || q.currency != p.currency)
                warnings.push_back(place + ": a second " + std::string(core::toString(p.pricingModel)) + " price for "
                    + o.instanceType + " in " + o.region + (o.zone.empty() ? "" : "/" + o.zone)
                    + ", kept the first (price skipped)");
            return;
        }
    }
    o.prices.push_back(std::move(p));
}

std::string gpuVendorFor(std::string_view raw)
{
    const auto n = lower(raw);
    if (n.rfind("mi", 0) == 0 || n.find("radeon") != std::string::npos || n.find("instinct") != std::string::npos)
        return "amd";
    if (n.rfind("tpu", 0) == 0)
        return "google";
    if (n.find("inferentia") != std::string::npos || n.find("trainium") != std::string::npos)
        return "aws";
    if (n.find("gaudi") != std::string::npos)
        return "intel";
    return "nvidia";
}

std::string rowPlace(const std::string& file, std::size_t line)
{
    return file + ":row " + std::to_string(line);
}

std::string cellPlace(const std::string& file, std::size_t line, std::string_view column)
{
    return rowPlace(file, line) + ":column " + std::string(column);
}

/// A count as text: 8 → "8", 0.5 → "0.500000".
std::string formatCount(double n)
{
    if (n == std::floor(n) && std::abs(n) < 1e15)
        return std::to_string(static_cast<long long>(n));
    return std::to_string(n);
}

} // namespace gpuplan::importers::util
