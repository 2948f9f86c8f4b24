#include "json_reader.h"

#include "gpu.h"
#include "quantity.h"

#include <cmath>
#include <functional>
#include <set>

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

namespace {

constexpr std::size_t describeLength = 60;

/// The first bytes of `s` up to `n`, cut at a UTF-8 character boundary.
std::string_view utf8Prefix(std::string_view s, std::size_t n)
{
    if (s.size() <= n)
        return s;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
        --n;
    return s.substr(0, n);
}

/// Appends a bounded rendering of `v` to `out`: containers only two levels deep, and never more than about
/// `describeLength` characters in all (the caller cuts the rest).
void render(const json& v, std::string& out, int depth)
{
    if (out.size() > describeLength)
        return;
    switch (v.type()) {
    case json::value_t::object: {
        if (depth >= 2) {
            out += "{…}";
            return;
        }
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end() && out.size() <= describeLength; ++it) {
            if (!first)
                out += ',';
            first = false;
            out += json(std::string(utf8Prefix(it.key(), describeLength)))
                       .dump(-1, ' ', false, json::error_handler_t::replace);
            out += ':';
            render(it.value(), out, depth + 1);
        }
        out += '}';
        return;
    }
    case json::value_t::array: {
        if (depth >= 2) {
            out += "[…]";
            return;
        }
        out += '[';
        bool first = true;
        for (auto it = v.begin(); it != v.end() && out.size() <= describeLength; ++it) {
            if (!first)
                out += ',';
            first = false;
            render(*it, out, depth + 1);
        }
        out += ']';
        return;
    }
    case json::value_t::string: {
        const auto& str = v.get_ref<const std::string&>();
        out += json(std::string(utf8Prefix(str, describeLength))).dump(-1, ' ', false, json::error_handler_t::replace);
        return;
    }
    default:
        out += v.dump(-1, ' ', false, json::error_handler_t::replace);
    }
}

std::string place(const JsonContext& ctx, const std::string& pointer)
{
    return ctx.file + ':' + (pointer.empty() ? std::string("/") : pointer);
}

} // namespace

std::string describe(const json& value)
{
    std::string s;
    if (value.is_discarded())
        return "nothing";
    if (value.is_null())
        return "null";
    render(value, s, 0);
    if (s.size() > describeLength)
        s = std::string(utf8Prefix(s, describeLength - 3)) + "...";
    return s;
}

Error errorAt(const JsonContext& ctx, const std::string& pointer, Message message, ErrorCode code)
{
    Error e;
    e.code = code;
    e.detail = place(ctx, pointer) + ": " + message.text();
    e.file = ctx.file;
    e.pointer = pointer;
    e.message = std::move(message);
    return e;
}

void fail(const JsonContext& ctx, const std::string& pointer, Message message, ErrorCode code)
{
    throw Failure {errorAt(ctx, pointer, std::move(message), code)};
}

void fail(const JsonContext& ctx, const std::string& pointer, const std::string& message, ErrorCode code)
{
    Error e;
    e.code = code;
    e.detail = place(ctx, pointer) + ": " + message;
    e.file = ctx.file;
    e.pointer = pointer;
    throw Failure {std::move(e)};
}

void fail(const JsonContext& ctx, const std::string& pointer, const Error& inner)
{
    Error e = inner;
    e.detail = place(ctx, pointer) + ": " + (inner.message.empty() ? inner.detail : inner.message.text());
    e.file = ctx.file;
    e.pointer = pointer;
    throw Failure {std::move(e)};
}

std::optional<std::string> matchKnown(std::string_view value, const std::vector<std::string>& known)
{
    const std::string v = toLower(value);
    for (const auto& k : known)
        if (toLower(k) == v)
            return k;
    return std::nullopt;
}

void failNotOneOf(
    const JsonContext& ctx, const std::string& pointer, const json& value, const std::vector<std::string>& known)
{
    std::string allowed;
    for (const auto& k : known)
        allowed += (allowed.empty() ? "" : "|") + k;
    if (value.is_string())
        if (auto meant = nearMiss(value.get_ref<const std::string&>(), known))
            fail(ctx, pointer, Message(msg::mustBeOneOfDidYouMean, {allowed, describe(value), *meant}));
    fail(ctx, pointer, Message(msg::mustBeOneOf, {allowed, describe(value)}));
}

void warn(const JsonContext& ctx, const std::string& pointer, Message message)
{
    Error e = errorAt(ctx, pointer, std::move(message));
    if (ctx.warnings)
        ctx.warnings->push_back(e.detail);
    if (ctx.diagnostics)
        ctx.diagnostics->push_back(std::move(e));
}

void warn(const JsonContext& ctx, const std::string& pointer, const std::string& message)
{
    if (ctx.warnings)
        ctx.warnings->push_back(place(ctx, pointer) + ": " + message);
    if (ctx.diagnostics) {
        Error e;
        e.detail = place(ctx, pointer) + ": " + message;
        e.file = ctx.file;
        e.pointer = pointer;
        ctx.diagnostics->push_back(std::move(e));
    }
}

namespace {

/// A first, linear pass over the text (SAX events, no DOM) that enforces the limits and rejects duplicate keys,
/// naming the pointer. nlohmann's callback parser would do it in one pass, but its end_object scans the parent
/// array each time (quadratic: 7.9 s for a 10 000-offering catalog); two passes are linear.
class ParseGuard : public json::json_sax_t
{
public:
    ParseGuard(const JsonContext& ctx, const JsonLimits& limits)
        : m_ctx(ctx)
        , m_limits(limits)
    { }

    bool null() override { return valueDone(); }
    bool boolean(bool) override { return valueDone(); }
    bool number_integer(number_integer_t) override { return valueDone(); }
    bool number_unsigned(number_unsigned_t) override { return valueDone(); }
    bool number_float(number_float_t, const string_t&) override { return valueDone(); }
    bool string(string_t& s) override
    {
        checkLength(s);
        return valueDone();
    }
    bool binary(binary_t&) override { return valueDone(); }
    bool start_object(std::size_t) override { return open(true); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool key(string_t& key) override
    {
        checkLength(key);
        Frame& f = m_frames.back();
        if (!f.keys.insert(key).second)
            fail(m_ctx, appendPointer(f.pointer, key), Message(msg::jsonDuplicateKey, {key.substr(0, 60)}));
        f.lastKey = key;
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const json::exception& ex) override
    {
        m_errorByte = position;
        m_error = ex.what();
        m_syntax = dynamic_cast<const json::parse_error*>(&ex) != nullptr;
        return false;
    }

    std::size_t m_errorByte = 0;
    std::string m_error;
    bool m_syntax = false;

private:
    struct Frame
    {
        bool object = false;
        std::string pointer;
        std::set<std::string, std::less<>> keys;
        std::string lastKey;
        std::size_t index = 0;
    };

    std::string childPointer() const
    {
        if (m_frames.empty())
            return {};
        const Frame& f = m_frames.back();
        return f.object ? appendPointer(f.pointer, f.lastKey) : appendPointer(f.pointer, f.index);
    }
    bool valueDone()
    {
        if (!m_frames.empty() && !m_frames.back().object)
            ++m_frames.back().index;
        return true;
    }
    bool open(bool object)
    {
        std::string ptr = childPointer();
        if (m_frames.size() >= m_limits.maxDepth)
            fail(m_ctx, ptr, Message(msg::jsonTooDeep, {std::to_string(m_limits.maxDepth)}), ErrorCode::LimitExceeded);
        m_frames.push_back({object, std::move(ptr), {}, {}, 0});
        return true;
    }
    bool close()
    {
        if (!m_frames.empty())
            m_frames.pop_back();
        return valueDone();
    }
    void checkLength(const std::string& s) const
    {
        if (s.size() > m_limits.maxStringLength)
            fail(m_ctx, childPointer(),
                Message(msg::jsonTooLong, {std::to_string(s.size()), std::to_string(m_limits.maxStringLength)}),
                ErrorCode::LimitExceeded);
    }

    const JsonContext& m_ctx;
    const JsonLimits& m_limits;
    std::vector<Frame> m_frames;
};

} // namespace

namespace {

/// nlohmann's e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: …": drop the
/// bracketed id, keep the reason, bounded.
std::string reason(std::string why)
{
    if (!why.empty() && why.front() == '[')
        if (auto at = why.find("] "); at != std::string::npos)
            why = why.substr(at + 2);
    return why.substr(0, 200);
}

/// An error about the whole file (it is not JSON at all): "file: message", no pointer.
Failure fileFailure(const JsonContext& ctx, Message message)
{
    Error e;
    e.code = ErrorCode::ParseError;
    e.detail = ctx.file + ": " + message.text();
    e.file = ctx.file;
    e.message = std::move(message);
    return Failure {std::move(e)};
}

} // namespace

json parseJson(std::string_view text, const JsonContext& ctx, const JsonLimits& limits)
{
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw fileFailure(ctx, Message(msg::jsonEmpty));
    ParseGuard guard(ctx, limits);
    if (!json::sax_parse(text.begin(), text.end(), &guard)) {
        const std::string why = reason(guard.m_error);
        throw fileFailure(ctx,
            guard.m_syntax ? Message(msg::jsonSyntax, {std::to_string(guard.m_errorByte), why})
                           : Message(msg::jsonInvalid, {why}));
    }
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        throw fileFailure(ctx, Message(msg::jsonSyntax, {std::to_string(e.byte), reason(e.what())}));
    } catch (const json::exception& e) {
        throw fileFailure(ctx, Message(msg::jsonInvalid, {reason(e.what())}));
    }
}

ObjectReader::ObjectReader(const json& object, std::string pointer, const JsonContext& ctx)
    : m_object(object)
    , m_pointer(std::move(pointer))
    , m_ctx(ctx)
{
    if (!m_object.is_object())
        fail(m_ctx, m_pointer, Message(msg::mustBeObject, {describe(m_object)}));
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
        fail(m_ctx, pointer(key), Message(msg::required));
    return *it;
}

double ObjectReader::checkNumber(const json& v, const std::string& ptr, Bound bound) const
{
    if (!v.is_number())
        fail(m_ctx, ptr, Message(msg::mustBeNumber, {describe(v)}));
    const double x = v.get<double>();
    if (!std::isfinite(x))
        fail(m_ctx, ptr, Message(msg::mustBeFinite, {describe(v)}));
    switch (bound) {
    case Bound::Any:
        break;
    case Bound::Positive:
        if (!(x > 0))
            fail(m_ctx, ptr, Message(msg::mustBePositive, {describe(v)}));
        break;
    case Bound::NonNegative:
        if (!(x >= 0))
            fail(m_ctx, ptr, Message(msg::mustBeNonNegative, {describe(v)}));
        break;
    case Bound::OpenFraction:
        if (!(x > 0 && x < 1))
            fail(m_ctx, ptr, Message(msg::mustBeOpenFraction, {describe(v)}));
        break;
    case Bound::Fraction:
        if (!(x >= 0 && x <= 1))
            fail(m_ctx, ptr, Message(msg::mustBeFraction, {describe(v)}));
        break;
    }
    return x;
}

long long ObjectReader::checkInteger(const json& v, const std::string& ptr, long long min, long long max) const
{
    auto bad = [&] {
        fail(m_ctx, ptr, Message(msg::mustBeIntegerRange, {std::to_string(min), std::to_string(max), describe(v)}));
    };
    if (!v.is_number())
        bad();
    const double x = v.get<double>();
    if (!std::isfinite(x) || x != std::floor(x) || x < static_cast<double>(min) || x > static_cast<double>(max))
        bad();
    return static_cast<long long>(x);
}

json ObjectReader::countValue(std::string_view key)
{
    const json& v = raw(key);
    if (!v.is_string())
        return v;
    if (auto x = parseCount(v.get_ref<const std::string&>()))
        return *x;
    fail(m_ctx, pointer(key), Message(msg::tokensValue, {describe(v)}));
}

double ObjectReader::count(std::string_view key, Bound bound)
{
    return checkNumber(countValue(key), pointer(key), bound);
}

std::optional<double> ObjectReader::optCount(std::string_view key, Bound bound)
{
    if (!has(key))
        return std::nullopt;
    return count(key, bound);
}

long long ObjectReader::integerCount(std::string_view key, long long min, long long max)
{
    json v = countValue(key);
    // 4.5k is not a whole number of tokens; 4k is, though parseCount returns it as a double.
    if (v.is_number_float() && raw(key).is_string()) {
        const double x = v.get<double>();
        if (x == std::floor(x) && std::fabs(x) < 9.0e15)
            v = static_cast<long long>(x);
    }
    return checkInteger(v, pointer(key), min, max);
}

std::optional<long long> ObjectReader::optIntegerCount(std::string_view key, long long min, long long max)
{
    if (!has(key))
        return std::nullopt;
    return integerCount(key, min, max);
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
        fail(m_ctx, pointer(key), Message(msg::mustBeString, {describe(v)}));
    auto s = v.get<std::string>();
    if (s.empty())
        fail(m_ctx, pointer(key), Message(msg::mustNotBeEmpty));
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
        fail(m_ctx, pointer(key), Message(msg::mustBeBool, {describe(v)}));
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
    std::vector<std::string> known;
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (m_known.find(it.key()) != m_known.end())
            continue;
        if (known.empty())
            known.assign(m_known.begin(), m_known.end());
        // A key for people ("_comment", "$note") is never a typo.
        const bool annotation = !it.key().empty() && (it.key().front() == '_' || it.key().front() == '$');
        if (auto meant = annotation ? std::nullopt : nearMiss(it.key(), known))
            fail(m_ctx, pointer(it.key()), Message(msg::unknownFieldDidYouMean, {*meant}));
        warn(m_ctx, pointer(it.key()), Message(msg::unknownField));
    }
}

} // namespace gpuplan::core::detail
