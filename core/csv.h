#pragma once
// The one CSV reader (RFC 4180): quoted fields with "" escapes and embedded commas and line breaks, CRLF or LF,
// a leading UTF-8 byte order mark ignored, blank lines skipped. Over a text, or record by record over a stream
// (the AWS offer files are several GB and are never held whole). Every importer and table reader uses it.

#include "result.h"

#include <cstddef>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// Lines of a text or of a stream, without their terminator (LF or CRLF) and without a leading UTF-8 BOM.
class LineSource
{
public:
    explicit LineSource(std::string_view text);
    explicit LineSource(std::istream& in);

    /// The next line; false at the end of the input.
    bool next(std::string& line);
    std::size_t lineNo() const { return m_lineNo; } ///< 1-based number of the last line read

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::istream* m_in = nullptr;
    std::size_t m_lineNo = 0;
};

/// Records of a CSV file, one at a time.
class CsvReader
{
public:
    explicit CsvReader(LineSource& lines);

    /// Reads the next record; false at the end of the input.
    bool next(std::vector<std::string>& fields);
    std::size_t line() const { return m_line; }          ///< the line the last record started on (1-based)
    bool unterminated() const { return m_unterminated; } ///< the last record ended inside a quoted field

private:
    LineSource& m_lines;
    std::size_t m_line = 0;
    bool m_unterminated = false;
};

/// A parsed CSV file.
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
