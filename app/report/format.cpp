#include "format.h"

#include <charconv>
#include <string_view>
#include <vector>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpuplan::report {

namespace {
/// Display width of UTF-8 text (code points; the CLI's tables hold Latin text and symbols).
std::size_t displayWidth(const std::string& s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80)
            ++n;
    return n;
}

/// A number as the tables print them: digits with thousands separators, a sign, a decimal point, then at most a
/// short unit suffix ("2.5 ms", "13.4 days", "12 %") — not a name that merely starts with a digit.
bool looksNumeric(const std::string& s)
{
    if (s.empty())
        return false;
    std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    const std::size_t digitsFrom = i;
    while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == ',' || s[i] == '.'))
        ++i;
    if (i == digitsFrom || !(s[digitsFrom] >= '0' && s[digitsFrom] <= '9'))
        return false;
    return i == s.size() || s[i] == ' ';
}
} // namespace

std::string withSeparators(double value, int decimals)
{
    if (!std::isfinite(value))
        return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::abs(value));
    std::string digits(buf);
    const auto dot = digits.find('.');
    std::string intPart = digits.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : digits.substr(dot);
    std::string grouped;
    for (std::size_t i = 0; i < intPart.size(); ++i) {
        if (i > 0 && (intPart.size() - i) % 3 == 0)
            grouped += ',';
        grouped += intPart[i];
    }
    const bool negative = value < 0
        && (grouped.find_first_not_of("0,") != std::string::npos || frac.find_first_not_of(".0") != std::string::npos);
    return (negative ? "-" : "") + grouped + frac;
}

std::string scientific(double value, int significant)
{
    if (!std::isfinite(value))
        return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", significant - 1, value);
    std::string s(buf);
    // "3.14e+23" → "3.14e23"
    const auto e = s.find('e');
    if (e != std::string::npos) {
        std::string mant = s.substr(0, e), ex = s.substr(e + 1);
        const bool neg = !ex.empty() && ex[0] == '-';
        if (!ex.empty() && (ex[0] == '+' || ex[0] == '-'))
            ex.erase(0, 1);
        while (ex.size() > 1 && ex[0] == '0')
            ex.erase(0, 1);
        s = mant + "e" + (neg ? "-" : "") + ex;
    }
    return s;
}

std::string gib(double bytes)
{
    return withSeparators(bytes / (1024.0 * 1024.0 * 1024.0), 2) + " GiB";
}

DurationUnit durationUnit(double hours)
{
    if (hours < 1.0)
        return DurationUnit::Minutes;
    if (hours < 48.0)
        return DurationUnit::Hours;
    if (hours < 24.0 * 365.25)
        return DurationUnit::Days;
    return DurationUnit::Years;
}

double inDurationUnit(double hours, DurationUnit unit)
{
    switch (unit) {
    case DurationUnit::Minutes:
        return hours * 60.0;
    case DurationUnit::Hours:
        return hours;
    case DurationUnit::Days:
        return hours / 24.0;
    case DurationUnit::Years:
        return hours / (24.0 * 365.25);
    }
    return hours;
}

bool latencyInSeconds(double ms)
{
    return ms >= 10000.0;
}

int significantDecimals(double value, int significant)
{
    const double a = std::abs(value);
    if (a == 0 || !std::isfinite(a))
        return 0;
    // Round first, so that 99.96 (→ 100.0, three digits before the point) gets no decimals.
    int digits = static_cast<int>(std::floor(std::log10(a))) + 1; // digits before the point (≤ 0 below 1)
    const double rounded = std::round(a * std::pow(10.0, significant - digits)) / std::pow(10.0, significant - digits);
    digits = static_cast<int>(std::floor(std::log10(rounded))) + 1;
    return std::max(0, significant - digits);
}

CountUnit largeCountUnit(const std::string& language)
{
    if (language.rfind("zh", 0) == 0)
        return {1e8, 1};
    return {1e9, 2};
}

CountWords countWords(double count, const std::string& language)
{
    if (language.rfind("zh", 0) != 0 || !std::isfinite(count) || std::abs(count) < 1e4)
        return {count, 0, {}};
    // The largest unit whose value, rounded to three significant digits, is 1 or more (99,995,000 is "1.00 亿",
    // not "10,000 万").
    static const std::pair<double, const char*> units[] = {{1e12, "万亿"}, {1e8, "亿"}, {1e4, "万"}};
    for (const auto& [size, name] : units) {
        const double v = count / size;
        const double scale = std::pow(10.0, 3 - (static_cast<int>(std::floor(std::log10(std::abs(v)))) + 1));
        if (std::abs(std::round(v * scale) / scale) >= 1.0)
            return {v, significantDecimals(v), name};
    }
    return {count / 1e4, significantDecimals(count / 1e4), "万"};
}

std::string compactTick(double value, const std::string& language)
{
    // The fewest decimals (up to two) that write x exactly: ticks fall on round values.
    const auto shortest = [](double x) {
        int d = 0;
        for (; d < 2; ++d) {
            const double s = x * std::pow(10.0, d);
            if (std::abs(s - std::round(s)) < 1e-6 * std::max(1.0, std::abs(s)))
                break;
        }
        return withSeparators(x, d);
    };
    if (!std::isfinite(value))
        return "n/a";
    const double a = std::abs(value);
    if (language.rfind("zh", 0) == 0) {
        if (a < 1e4)
            return shortest(value);
        const CountWords w = countWords(value, language);
        return shortest(w.value) + " " + w.unit;
    }
    if (a >= 1e9)
        return shortest(value / 1e9) + "B";
    if (a >= 1e6)
        return shortest(value / 1e6) + "M";
    if (a >= 1e4)
        return shortest(value / 1e3) + "k";
    return shortest(value);
}

int moneyDecimals(double amount)
{
    return std::abs(amount) >= 10000 ? 0 : 2;
}

std::string duration(double hours)
{
    if (!std::isfinite(hours))
        return "n/a";
    static const char* const names[] = {" min", " h", " days", " years"};
    const DurationUnit u = durationUnit(hours);
    const double v = inDurationUnit(hours, u);
    return withSeparators(v, significantDecimals(v)) + names[static_cast<int>(u)];
}

TextTable::TextTable(std::vector<std::string> headers)
    : m_headers(std::move(headers))
{ }

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_headers.size());
    m_rows.push_back(std::move(cells));
}

std::string truncateUtf8(const std::string& text, std::size_t maxCodePoints)
{
    // Byte offsets where each code point starts (continuation bytes, 10xxxxxx, never start one).
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            starts.push_back(i);
    if (starts.size() <= maxCodePoints)
        return text;
    if (maxCodePoints == 0)
        return {};
    return text.substr(0, starts[maxCodePoints - 1]) + "…";
}

std::string TextTable::render() const
{
    std::vector<std::size_t> width(m_headers.size());
    // A column is right-aligned when every cell in it is a number ("1,234", "-5.0", "3 d" is not): an instance name
    // that starts with a digit ("1H100.80S.32V") stays left-aligned like the other names.
    std::vector<bool> numeric(m_headers.size(), true);
    for (std::size_t c = 0; c < m_headers.size(); ++c) {
        width[c] = displayWidth(m_headers[c]);
        bool any = false;
        for (const auto& r : m_rows) {
            width[c] = std::max(width[c], displayWidth(r[c]));
            if (r[c].empty() || r[c] == "-")
                continue;
            any = true;
            numeric[c] = numeric[c] && looksNumeric(r[c]);
        }
        numeric[c] = numeric[c] && any;
    }
    std::string out;
    auto line = [&](const std::vector<std::string>& cells, bool header) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::size_t pad = width[c] - displayWidth(cells[c]);
            const bool right = !header && numeric[c];
            if (c)
                out += "  ";
            if (right)
                out += std::string(pad, ' ') + cells[c];
            else
                out += cells[c] + (c + 1 < cells.size() ? std::string(pad, ' ') : "");
        }
        out += '\n';
    };
    line(m_headers, true);
    std::vector<std::string> rule;
    for (auto w : width)
        rule.push_back(std::string(w, '-'));
    line(rule, true);
    for (const auto& r : m_rows)
        line(r, false);
    return out;
}

namespace {
bool isNumber(const std::string& text)
{
    double v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    return ec == std::errc() && ptr == end;
}
} // namespace

std::string csvField(const std::string& text, bool guardFormulas)
{
    const bool formula = guardFormulas && !text.empty()
        && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos && !isNumber(text);
    if (!formula && text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string out = formula ? "\"'" : "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

} // namespace gpuplan::report
