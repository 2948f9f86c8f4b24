#pragma once
// Private to core: a validating reader over nlohmann::json that names the file, the JSON pointer and the
// bad value in every message. Not installed, not included by public headers.

#include "result.h"

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core::detail {

/// Thrown inside core parsers only; public functions catch it and return it as an Error.
struct Failure
{
    Error error;
};

struct JsonContext
{
    std::string file;                             ///< the name used in messages ("llama.json", "<stdin>")
    std::vector<std::string>* warnings = nullptr; ///< where non-fatal problems go; may be null
    std::vector<Error>* diagnostics = nullptr;    ///< the same problems with their place and message id; may be null
};

/// What a document may hold, enforced while it is parsed (before any value is read).
struct JsonLimits
{
    std::size_t maxDepth = 64;           ///< objects and arrays nested in each other
    std::size_t maxStringLength = 65536; ///< bytes of one string or key
};

/// JSON pointer escaping (RFC 6901): "~" -> "~0", "/" -> "~1".
std::string appendPointer(const std::string& pointer, std::string_view key);
std::string appendPointer(const std::string& pointer, std::size_t index);
/// A value rendered for a message: numbers as written, strings quoted, long values shortened to an excerpt of
/// at most 60 characters (never the whole of a large or deeply nested value).
std::string describe(const nlohmann::json& value);

/// The one way gpuplan writes a JSON document: indented by `indent`, ending in a newline, and a string that is not
/// valid UTF-8 (an instance name from an old store or a CSV import) written with U+FFFD in place of the bad bytes
/// instead of an exception (nlohmann's type_error 316 aborted `batch`).
/// (A template: plan output is an nlohmann::ordered_json, whose keys keep their order.)
template<typename Json> std::string jsonDocument(const Json& j, int indent = 2)
{
    return j.dump(indent, ' ', false, Json::error_handler_t::replace) + "\n";
}
/// The error of `message` at `pointer` in the context's file.
Error errorAt(
    const JsonContext& ctx, const std::string& pointer, Message message, ErrorCode code = ErrorCode::InvalidInput);
[[noreturn]] void fail(
    const JsonContext& ctx, const std::string& pointer, Message message, ErrorCode code = ErrorCode::InvalidInput);
/// A message without an id (importers' row diagnostics, which the app shows as they are).
[[noreturn]] void fail(const JsonContext& ctx, const std::string& pointer, const std::string& message,
    ErrorCode code = ErrorCode::InvalidInput);
/// Fails with an error made elsewhere (a catalog look-up) placed at `pointer`.
[[noreturn]] void fail(const JsonContext& ctx, const std::string& pointer, const Error& inner);
/// Fails with "must be one of a|b|c, got x", adding "did you mean" when `value` is a near miss (nearMiss()).
[[noreturn]] void failNotOneOf(const JsonContext& ctx, const std::string& pointer, const nlohmann::json& value,
    const std::vector<std::string>& known);
/// The known spelling of `value`, compared case-insensitively; nullopt when it is none of them.
std::optional<std::string> matchKnown(std::string_view value, const std::vector<std::string>& known);
void warn(const JsonContext& ctx, const std::string& pointer, Message message);
void warn(const JsonContext& ctx, const std::string& pointer, const std::string& message);
/// Parses text as JSON within `limits`: a syntax error names the byte; a key given twice in one object, a nesting
/// deeper than the limit or an over-long string fails with the JSON pointer where it happens.
nlohmann::json parseJson(std::string_view text, const JsonContext& ctx, const JsonLimits& limits = {});

enum class Bound {
    Any,          ///< any finite number
    Positive,     ///< > 0
    NonNegative,  ///< >= 0
    OpenFraction, ///< 0 < x < 1
    Fraction,     ///< 0 <= x <= 1
};

/// Reads the fields of one JSON object, remembering which keys were asked for so that finish() can warn
/// about the rest ("unknown field, ignored").
class ObjectReader
{
public:
    ObjectReader(const nlohmann::json& object, std::string pointer, const JsonContext& ctx);

    bool has(std::string_view key);
    std::string pointer(std::string_view key) const { return appendPointer(m_pointer, key); }
    const std::string& pointer() const { return m_pointer; }
    const JsonContext& context() const { return m_ctx; }
    const nlohmann::json& raw(std::string_view key);

    double number(std::string_view key, Bound bound = Bound::Any);
    std::optional<double> optNumber(std::string_view key, Bound bound = Bound::Any);
    /// A count: a number, or a string in the notation of parseCount() ("300B", "2T", "1.5e12", "3000亿").
    double count(std::string_view key, Bound bound = Bound::Positive);
    std::optional<double> optCount(std::string_view key, Bound bound = Bound::Positive);
    /// The same, which must be a whole number from min to max ("4k" prompt tokens).
    std::optional<long long> optIntegerCount(std::string_view key, long long min, long long max);
    long long integerCount(std::string_view key, long long min, long long max);
    long long integer(std::string_view key, long long min, long long max);
    std::optional<long long> optInteger(std::string_view key, long long min, long long max);
    std::string string(std::string_view key);
    std::optional<std::string> optString(std::string_view key);
    std::optional<bool> optBool(std::string_view key);
    ObjectReader object(std::string_view key);
    std::optional<ObjectReader> optObject(std::string_view key);

    /// Every key that no getter asked for: an error naming the field meant when it is a near miss of one
    /// (nearMiss(): "requests_per_sec" for "requests_per_second"), otherwise a warning "unknown field, ignored".
    void finish();

private:
    double checkNumber(const nlohmann::json& v, const std::string& ptr, Bound bound) const;
    nlohmann::json countValue(std::string_view key);
    long long checkInteger(const nlohmann::json& v, const std::string& ptr, long long min, long long max) const;

    const nlohmann::json& m_object;
    std::string m_pointer;
    JsonContext m_ctx;
    std::set<std::string, std::less<>> m_known;
};

} // namespace gpuplan::core::detail
