#pragma once
// The one CSV reader (RFC 4180): quoted fields with "" escapes and embedded commas and line breaks, CRLF or LF,
// a leading UTF-8 byte order mark ignored, blank lines skipped. Over a text, or record by record over a stream
// (the AWS offer files are several GB and are never held whole). Every importer and table reader uses it.

#include "result.h"

#include <cstddef>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// The longest CSV record read (all its lines together): 1 MiB. The longest real rows are AWS offer CSV rows of
/// about 1 KB; a longer record (a file with no line breaks, an unclosed quote running to the end of a stream) ends
/// the input with overlong() set, instead of growing without bound.
inline constexpr std::size_t maxCsvRecordBytes = 1u << 20;

/// Lines of a text or of a stream, without their terminator (LF or CRLF) and without a leading UTF-8 BOM.
class LineSource
{
public:
    explicit LineSource(std::string_view text);
    explicit LineSource(std::istream& in);

    /// The next line; false at the end of the input, or at a line longer than maxCsvRecordBytes (overlong()).
    bool next(std::string& line);
    std::size_t lineNo() const { return m_lineNo; } ///< 1-based number of the last line read
    bool overlong() const { return m_overlong; }    ///< the input ended at a line longer than maxCsvRecordBytes

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::istream* m_in = nullptr;
    std::string m_buf; ///< read ahead from m_in in blocks (one virtual call per block, not per character)
    std::size_t m_bufPos = 0;
    std::size_t m_lineNo = 0;
    bool m_overlong = false;
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
    /// The input ended at a record longer than maxCsvRecordBytes (line() is where it started).
    bool overlong() const { return m_overlong || m_lines.overlong(); }

private:
    LineSource& m_lines;
    std::size_t m_line = 0;
    bool m_unterminated = false;
    bool m_overlong = false;
};

/// The error for a reader that stopped at an overlong record: LimitExceeded, naming the file and the line.
Error overlongRecord(const std::string& fileName, const CsvReader& reader);

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

/// A table cell as a number: the whole text (leading spaces and a "+" allowed), finite, read in the C locale
/// whatever the process's locale is; nullopt for anything else ("12 GB", "1,5", "", "nan").
std::optional<double> parseNumberCell(std::string_view text);

} // namespace gpuplan::core
