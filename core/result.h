#pragma once

#include "message.h"

#include <string>
#include <utility>
#include <variant>

namespace gpuplan::core {

/// What went wrong, as a category. Only app/ turns these into translated text.
enum class ErrorCode {
    InvalidInput,  ///< a value is out of range, missing or of the wrong type
    ParseError,    ///< the text is not JSON / CSV at all
    UnknownGpu,    ///< a GPU id or alias that the catalog does not know
    UnknownModel,  ///< a model preset id that models.json does not know
    DoesNotFit,    ///< reserved for callers that must fail on a misfit (estimators report it as a result)
    NoOffering,    ///< nothing in the catalog can run the workload
    Io,            ///< a file could not be read or written
    Network,       ///< a network or remote failure: no connection, an HTTP error, a response its API does not document
    Cancelled,     ///< the user (or a newer edit) abandoned the work before it finished
    ReadOnly,      ///< a store (or file) that can be read but not written
    LimitExceeded, ///< an input beyond a stated limit (size, nesting, length, range)
};

/// An error as a value: a code plus an untranslated detail that names the place and the value,
/// e.g. "workload.json:/training/tokens: must be a positive number, got -5" — what the CLI prints. Errors about a
/// document also say where (file, JSON pointer) and what (a message with a stable id and its arguments), so that
/// the app can translate the message by id and show it next to the field the pointer names.
struct Error
{
    Error() = default;
    Error(ErrorCode c, std::string d)
        : code(c)
        , detail(std::move(d))
    { }

    ErrorCode code = ErrorCode::InvalidInput;
    std::string detail;
    std::string file;    ///< the document the error is about ("" when none)
    std::string pointer; ///< JSON pointer of the field ("" for the whole document)
    Message message;     ///< empty for errors that carry only a detail (I/O, network)
};

/// Holds a T or an Error; the shape of std::expected<T, Error> (g++ 12 lacks its monadic members and
/// clang-14, used for fuzzing and clang-tidy, has no <expected>).
template<typename T> class Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    { }
    Result(Error error)
        : m_value(std::move(error))
    { }

    bool ok() const { return std::holds_alternative<T>(m_value); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_value); }
    const T& value() const& { return std::get<T>(m_value); }
    T&& value() && { return std::get<T>(std::move(m_value)); }
    const Error& error() const { return std::get<Error>(m_value); }

    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }

private:
    std::variant<T, Error> m_value;
};

/// Result for operations that return nothing but can fail.
struct Ok
{ };
using Status = Result<Ok>;

} // namespace gpuplan::core
