#include "json_reader.h"

#include <cmath>
#include <sstream>

namespace gpuplan::core::detail {

using nlohmann::json;

std::string appendPointer(const std::string& pointer, std::string_view key)
{
    std::string out = pointer;
    out += '/';
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string appendPointer(const std::string& pointer, std::size_t index)
{
    return pointer + '/' + std::to_string(index);
}

std::string describe(const json& value)
{
    std::string s;
    if (value.is_discarded())
        s = "nothing";
    else if (value.is_null())
        s = "null";
    else
        s = value.dump(-1, ' ', false, json::error_handler_t::replace);
    constexpr std::size_t maxLength = 60;
    if (s.size() > maxLength)
        s = s.substr(0, maxLength - 3) + "...";
    return s;
}

void fail(const JsonContext& ctx, const std::string& pointer, const std::string& message, ErrorCode code)
{
    throw Failure {Error {code, ctx.file + ':' + (pointer.empty() ? std::string("/") : pointer) + ": " + message}};
}

void warn(const JsonContext& ctx, const std::string& pointer, const std::string& message)
{
    if (ctx.warnings)
        ctx.warnings->push_back(ctx.file + ':' + (pointer.empty() ? std::string("/") : pointer) + ": " + message);
}

json parseJson(std::string_view text, const JsonContext& ctx)
{
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw Failure {Error {ErrorCode::ParseError, ctx.file + ": empty file, expected a JSON object"}};
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::ostringstream msg;
        msg << ctx.file << ": not valid JSON at byte " << e.byte << ": " << e.what();
        throw Failure {Error {ErrorCode::ParseError, msg.str()}};
    } catch (const json::exception& e) {
        throw Failure {Error {ErrorCode::ParseError, ctx.file + ": not valid JSON: " + e.what()}};
    }
}

ObjectReader::ObjectReader(const json& object, std::string pointer, const JsonContext& ctx)
    : m_object(object)
    , m_pointer(std::move(pointer))
    , m_ctx(ctx)
{
    if (!m_object.is_object())
        fail(m_ctx, m_pointer, "must be an object, got " + describe(m_object));
}

bool ObjectReader::has(std::string_view key)
{
    m_known.emplace(key);
    auto it = m_object.find(key);
    return it != m_object.end() && !it->is_null();
}

const json& ObjectReader::raw(std::string_view key)
{
    m_known.emplace(key);
    auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        fail(m_ctx, pointer(key), "is required");
    return *it;
}

double ObjectReader::checkNumber(const json& v, const std::string& ptr, Bound bound) const
{
    if (!v.is_number())
        fail(m_ctx, ptr, "must be a number, got " + describe(v));
    const double x = v.get<double>();
    if (!std::isfinite(x))
        fail(m_ctx, ptr, "must be a finite number, got " + describe(v));
    switch (bound) {
    case Bound::Any:
        break;
    case Bound::Positive:
        if (!(x > 0))
            fail(m_ctx, ptr, "must be a positive number, got " + describe(v));
        break;
    case Bound::NonNegative:
        if (!(x >= 0))
            fail(m_ctx, ptr, "must be zero or positive, got " + describe(v));
        break;
    case Bound::OpenFraction:
        if (!(x > 0 && x < 1))
            fail(m_ctx, ptr, "must be a fraction between 0 and 1 (exclusive), got " + describe(v));
        break;
    case Bound::Fraction:
        if (!(x >= 0 && x <= 1))
            fail(m_ctx, ptr, "must be a fraction between 0 and 1, got " + describe(v));
        break;
    }
    return x;
}

long long ObjectReader::checkInteger(const json& v, const std::string& ptr, long long min, long long max) const
{
    const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!v.is_number())
        fail(m_ctx, ptr, "must be " + range + ", got " + describe(v));
    const double x = v.get<double>();
    if (!std::isfinite(x) || x != std::floor(x) || x < static_cast<double>(min) || x > static_cast<double>(max))
        fail(m_ctx, ptr, "must be " + range + ", got " + describe(v));
    return static_cast<long long>(x);
}

double ObjectReader::number(std::string_view key, Bound bound)
{
    return checkNumber(raw(key), pointer(key), bound);
}

std::optional<double> ObjectReader::optNumber(std::string_view key, Bound bound)
{
    if (!has(key))
        return std::nullopt;
    return number(key, bound);
}

long long ObjectReader::integer(std::string_view key, long long min, long long max)
{
    return checkInteger(raw(key), pointer(key), min, max);
}

std::optional<long long> ObjectReader::optInteger(std::string_view key, long long min, long long max)
{
    if (!has(key))
        return std::nullopt;
    return integer(key, min, max);
}

std::string ObjectReader::string(std::string_view key)
{
    const json& v = raw(key);
    if (!v.is_string())
        fail(m_ctx, pointer(key), "must be a string, got " + describe(v));
    auto s = v.get<std::string>();
    if (s.empty())
        fail(m_ctx, pointer(key), "must not be empty");
    return s;
}

std::optional<std::string> ObjectReader::optString(std::string_view key)
{
    if (!has(key))
        return std::nullopt;
    return string(key);
}

std::optional<bool> ObjectReader::optBool(std::string_view key)
{
    if (!has(key))
        return std::nullopt;
    const json& v = raw(key);
    if (!v.is_boolean())
        fail(m_ctx, pointer(key), "must be true or false, got " + describe(v));
    return v.get<bool>();
}

ObjectReader ObjectReader::object(std::string_view key)
{
    return ObjectReader(raw(key), pointer(key), m_ctx);
}

std::optional<ObjectReader> ObjectReader::optObject(std::string_view key)
{
    if (!has(key))
        return std::nullopt;
    return object(key);
}

void ObjectReader::finish()
{
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (m_known.find(it.key()) == m_known.end())
            warn(m_ctx, pointer(it.key()), "unknown field, ignored");
    }
}

} // namespace gpuplan::core::detail
