#pragma once

#include <string>
#include <vector>

namespace gpuplan::report {

/// 1234567.891 → "1,234,567.89" (decimals digits after the point); NaN/inf → "n/a".
std::string withSeparators(double value, int decimals);
/// Large quantities in engineering form: 3.14e23 → "3.14e23".
std::string scientific(double value, int significant = 3);
/// Bytes as GiB with two decimals ("79.62 GiB").
std::string gib(double bytes);

// The rules every output follows (CLI tables, the app's table and side panel, the PDF), so that the same figure
// never reads differently in two places; each front end only renders the number in its own locale and language.

/// The unit a duration is shown in: minutes below 1 h, hours below 48 h, days below one year (365.25 days),
/// years from there.
enum class DurationUnit { Minutes, Hours, Days, Years };
DurationUnit durationUnit(double hours);
/// `hours` expressed in `unit`.
double inDurationUnit(double hours, DurationUnit unit);
/// Latencies are shown in ms below 10 s, in s from there.
bool latencyInSeconds(double ms);
/// Digits after the point that show `significant` significant digits (none once the integer part has them).
int significantDecimals(double value, int significant = 3);
/// Money: cents below 10 000 (of any currency), whole units from there.
int moneyDecimals(double amount);
/// Large counts (parameters) in the unit a reader of `language` counts in: billions (10⁹, "8.03 billion") in
/// English, 亿 (10⁸, "80.3 亿") in Chinese, which has no word for 10⁹ ("十亿" reads as a calque).
struct CountUnit
{
    double size = 1e9;
    int decimals = 2; ///< three significant digits at the usual sizes (8.03 billion, 80.3 亿)
};
CountUnit largeCountUnit(const std::string& language);
/// A count (tokens, tokens/s, GPU-hours) as a reader of `language` says it: in Chinese, 10 000 and more in 万 (10⁴),
/// 亿 (10⁸) or 万亿 (10¹²) with three significant digits ("15.0 万亿" tokens, "123 万" tokens/s); in other languages
/// and below 10 000 the digits themselves (`unit` empty, no decimals), grouped by the front end's locale.
struct CountWords
{
    double value = 0;
    int decimals = 0;
    std::string unit; ///< "", "万", "亿" or "万亿" (UTF-8)
};
CountWords countWords(double count, const std::string& language);

/// A chart's tick label, short: in English 10 000 and more as k, M, B ("250k", "1.5M", "10B"), in Chinese as 万, 亿,
/// 万亿 ("25 万", "1,000 万", "1 亿"); smaller values grouped; at most two decimals, trailing zeros dropped. The app's
/// cost axes and the PDF's charts use it.
std::string compactTick(double value, const std::string& language);

/// Hours as a human duration with three significant digits: "5.26 h", "12.3 days", "3.40 years".
std::string duration(double hours);

/// A plain-text table with aligned columns; numbers right-aligned.
/// `text` cut to at most `maxCodePoints` characters (never inside a UTF-8 sequence), with "…" as the last one when
/// it was cut.
std::string truncateUtf8(const std::string& text, std::size_t maxCodePoints);

class TextTable
{
public:
    explicit TextTable(std::vector<std::string> headers);
    void addRow(std::vector<std::string> cells);
    std::string render() const;

private:
    std::vector<std::string> m_headers;
    std::vector<std::vector<std::string>> m_rows;
};

/// RFC 4180 field quoting: quotes fields holding a comma, quote, CR or LF; doubles inner quotes. A text cell
/// starting with =, +, -, @, tab or CR is a formula to Excel and LibreOffice: it gets a leading ' and is quoted
/// (OWASP "CSV Injection"; https://owasp.org/www-community/attacks/CSV_Injection, read 2026-12-01). Numbers
/// ("-5", "-1.5e3") stay numbers; `guardFormulas` false writes text as it is (for machine consumers).
std::string csvField(const std::string& text, bool guardFormulas = true);

} // namespace gpuplan::report
