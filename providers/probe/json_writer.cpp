#include "json_writer.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace gpuplan::probe {

void JsonWriter::newline()
{
    m_out += '\n';
    m_out.append(2 * m_levels.size(), ' ');
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_levels.empty()) {
        if (m_levels.back().count++ > 0)
            m_out += ',';
        newline();
    }
}

void JsonWriter::beginObject()
{
    beforeValue();
    m_out += '{';
    m_levels.push_back({true, 0});
}

void JsonWriter::endObject()
{
    const bool empty = m_levels.back().count == 0;
    m_levels.pop_back();
    if (!empty)
        newline();
    m_out += '}';
}

void JsonWriter::beginArray()
{
    beforeValue();
    m_out += '[';
    m_levels.push_back({false, 0});
}

void JsonWriter::endArray()
{
    endObject(); // the same bookkeeping
    m_out.back() = ']';
}

void JsonWriter::key(std::string_view name)
{
    beforeValue();
    writeString(name);
    m_out += ": ";
    m_afterKey = true;
}

void JsonWriter::string(std::string_view value)
{
    beforeValue();
    writeString(value);
}

void JsonWriter::writeString(std::string_view value)
{
    m_out += '"';
    for (char ch : value) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            m_out += "\\\"";
            break;
        case '\\':
            m_out += "\\\\";
            break;
        case '\n':
            m_out += "\\n";
            break;
        case '\r':
            m_out += "\\r";
            break;
        case '\t':
            m_out += "\\t";
            break;
        default:
            if (c < 0x20) {
                static const char hex[] = "0123456789abcdef";
                m_out += "\\u00";
                m_out += hex[c >> 4];
                m_out += hex[c & 0xf];
            } else {
                m_out += ch;
            }
        }
    }
    m_out += '"';
}

void JsonWriter::number(double value)
{
    if (!std::isfinite(value)) {
        null();
        return;
    }
    beforeValue();
    char buffer[32];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, value);
    m_out.append(buffer, r.ptr);
}

void JsonWriter::integer(std::int64_t value)
{
    beforeValue();
    m_out += std::to_string(value);
}

void JsonWriter::boolean(bool value)
{
    beforeValue();
    m_out += value ? "true" : "false";
}

void JsonWriter::null()
{
    beforeValue();
    m_out += "null";
}

} // namespace gpuplan::probe
