#include "csv.h"

#include <charconv>
#include <cmath>
#include <istream>

namespace gpuplan::core {

LineSource::LineSource(std::string_view text)
    : m_text(text)
{ }

LineSource::LineSource(std::istream& in)
    : m_in(&in)
{ }

bool LineSource::next(std::string& line)
{
    if (m_overlong)
        return false;
    if (m_in) {
        // std::getline has no bound: read up to the line break, at most maxCsvRecordBytes.
        line.clear();
        bool any = false;
        for (;;) {
            if (m_bufPos == m_buf.size()) {
                constexpr std::streamsize block = 64 * 1024;
                m_buf.resize(static_cast<std::size_t>(block));
                const auto got = m_in->rdbuf()->sgetn(m_buf.data(), block);
                m_buf.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
                m_bufPos = 0;
                if (m_buf.empty()) {
                    if (!any)
                        return false;
                    break;
                }
            }
            any = true;
            const auto nl = m_buf.find('\n', m_bufPos);
            const std::size_t end = nl == std::string::npos ? m_buf.size() : nl;
            if (line.size() + (end - m_bufPos) > maxCsvRecordBytes) {
                m_overlong = true;
                ++m_lineNo;
                return false;
            }
            line.append(m_buf, m_bufPos, end - m_bufPos);
            m_bufPos = end;
            if (nl != std::string::npos) {
                ++m_bufPos;
                break;
            }
        }
    } else {
        if (m_pos >= m_text.size())
            return false;
        auto nl = m_text.find('\n', m_pos);
        if (nl == std::string_view::npos)
            nl = m_text.size();
        line.assign(m_text.substr(m_pos, nl - m_pos));
        m_pos = nl + 1;
    }
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    if (m_lineNo == 0 && line.rfind("\xEF\xBB\xBF", 0) == 0)
        line.erase(0, 3);
    ++m_lineNo;
    return true;
}

CsvReader::CsvReader(LineSource& lines)
    : m_lines(lines)
{ }

bool CsvReader::next(std::vector<std::string>& fields)
{
    std::string line;
    do {
        if (!m_lines.next(line)) {
            if (m_lines.overlong())
                m_line = m_lines.lineNo();
            return false;
        }
    } while (line.empty());
    m_line = m_lines.lineNo();
    m_unterminated = false;
    fields.clear();
    std::size_t record = line.size();
    if (record > maxCsvRecordBytes) {
        m_overlong = true;
        return false;
    }
    std::string field;
    bool inQuotes = false;
    bool wasQuoted = false;
    std::size_t i = 0;
    for (;;) {
        if (i == line.size()) {
            if (!inQuotes)
                break;
            std::string more;
            if (!m_lines.next(more)) {
                m_unterminated = true;
                break;
            }
            record += more.size() + 1;
            if (record > maxCsvRecordBytes) {
                m_overlong = true;
                return false;
            }
            field += '\n';
            line = std::move(more);
            i = 0;
            continue;
        }
        if (inQuotes) {
            // a quoted run up to the next quote, appended at once
            const auto q = line.find('"', i);
            if (q == std::string::npos) {
                field.append(line, i, std::string::npos);
                i = line.size();
                continue;
            }
            field.append(line, i, q - i);
            i = q + 1;
            if (i < line.size() && line[i] == '"') {
                field += '"';
                ++i;
            } else
                inQuotes = false;
            continue;
        }
        // a plain run up to the next comma or quote
        const auto stop = line.find_first_of(",\"", i);
        const std::size_t end = stop == std::string::npos ? line.size() : stop;
        field.append(line, i, end - i);
        i = end;
        if (i == line.size())
            continue;
        const char c = line[i++];
        if (c == ',') {
            fields.push_back(std::move(field));
            field.clear();
            wasQuoted = false;
        } else if (field.empty() && !wasQuoted) {
            inQuotes = true;
            wasQuoted = true;
        } else
            field += c;
    }
    fields.push_back(std::move(field));
    return true;
}

int CsvTable::column(std::string_view name) const
{
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name)
            return static_cast<int>(i);
    return -1;
}

Error overlongRecord(const std::string& fileName, const CsvReader& reader)
{
    return Error {ErrorCode::LimitExceeded,
        fileName + ":" + std::to_string(reader.line()) + ": a record longer than "
            + std::to_string(maxCsvRecordBytes / 1024) + " KiB (not a CSV file, or a quote that is never closed)"};
}

Result<CsvTable> parseCsv(std::string_view text, const std::string& fileName)
{
    LineSource lines(text);
    CsvReader reader(lines);
    CsvTable t;
    std::vector<std::string> record;
    bool first = true;
    while (reader.next(record)) {
        if (reader.unterminated())
            return Error {ErrorCode::ParseError,
                fileName + ":" + std::to_string(reader.line()) + ": unterminated quoted field (truncated file?)"};
        if (first) {
            t.header = std::move(record);
            first = false;
            continue;
        }
        record.resize(t.header.size());
        t.rows.push_back(std::move(record));
        t.lines.push_back(static_cast<int>(reader.line()));
    }
    if (reader.overlong())
        return overlongRecord(fileName, reader);
    if (first)
        return Error {ErrorCode::ParseError, fileName + ": empty file, expected a CSV header"};
    return t;
}

std::optional<double> parseNumberCell(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace gpuplan::core
