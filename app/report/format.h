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
/// Hours as a human duration: "5.2 h", "12.3 days", "3.4 years".
std::string duration(double hours);

/// A plain-text table with aligned columns; numbers right-aligned.
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

/// RFC 4180 field quoting: quotes fields holding a comma, quote, CR or LF; doubles inner quotes.
std::string csvField(const std::string& text);

} // namespace gpuplan::report
