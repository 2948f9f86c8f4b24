#include "csv.h"

namespace gpuplan::core {

int CsvTable::column(std::string_view name) const
{
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name)
            return static_cast<int>(i);
    return -1;
}

Result<CsvTable> parseCsv(std::string_view text, const std::string& fileName)
{
    CsvTable t;
    std::vector<std::vector<std::string>> records;
    std::vector<int> starts;
    std::vector<std::string> record;
    std::string field;
    bool inQuotes = false, fieldStarted = false;
    int line = 1, recordLine = 1;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") // UTF-8 byte order mark (Excel)
        text.remove_prefix(3);
    auto endRecord = [&] {
        record.push_back(std::move(field));
        field.clear();
        fieldStarted = false;
        if (!(record.size() == 1 && record[0].empty())) { // skip blank lines
            records.push_back(std::move(record));
            starts.push_back(recordLine);
        }
        record.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            inQuotes = true;
            fieldStarted = true;
        } else if (c == ',') {
            record.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            continue; // CRLF: the LF ends the record
        } else if (c == '\n') {
            endRecord();
            ++line;
            recordLine = line;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (inQuotes)
        return Error {ErrorCode::ParseError,
            fileName + ":" + std::to_string(recordLine) + ": unterminated quoted field (truncated file?)"};
    if (fieldStarted || !record.empty())
        endRecord();
    if (records.empty())
        return Error {ErrorCode::ParseError, fileName + ": empty file, expected a CSV header"};
    t.header = std::move(records.front());
    for (std::size_t r = 1; r < records.size(); ++r) {
        records[r].resize(t.header.size());
        t.rows.push_back(std::move(records[r]));
        t.lines.push_back(starts[r]);
    }
    return t;
}

} // namespace gpuplan::core
