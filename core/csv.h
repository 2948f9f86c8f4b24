#pragma once

#include "result.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// A parsed CSV file (RFC 4180: quoted fields with "" escapes and embedded commas/newlines; CRLF or LF).
struct CsvTable
{
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; ///< each resized to the header's width
    std::vector<int> lines;                     ///< 1-based line where each row starts, for messages

    /// Column index by header name (exact), or -1.
    int column(std::string_view name) const;
};

/// Parses CSV text whose first record is the header. An unterminated quote is an error naming the line.
Result<CsvTable> parseCsv(std::string_view text, const std::string& fileName);

} // namespace gpuplan::core
