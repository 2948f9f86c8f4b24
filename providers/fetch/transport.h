#pragma once
// The small HTTP interface the price fetchers speak (GET only), so that tests and other transports can stand in for
// libcurl. curl.h stays out of this header.

#include "core/result.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuplan::providers::fetch {

/// One GET.
struct Request
{
    std::string url;
    /// Extra request headers ("Name", "value").
    std::vector<std::pair<std::string, std::string>> headers;
    /// Headers that carry a credential (an API key): never written to a message or a log, and a request that has
    /// one does not follow redirects (a redirect could hand the credential to another host).
    std::vector<std::pair<std::string, std::string>> secretHeaders;
    std::string ifNoneMatch;     ///< an ETag from an earlier response: sent as If-None-Match
    std::string ifModifiedSince; ///< a Last-Modified from an earlier response: sent as If-Modified-Since
    std::uint64_t maxBytes = 0;  ///< largest body accepted; 0 = the transport's default
    /// When the whole request (every attempt and wait) must be over; unset = TransportSettings::requestDeadline from
    /// the start. A refresh passes its own deadline so that many pages cannot run past it either.
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

/// What came back. A response is only returned for 2xx and for 304 (when the request was conditional); any other
/// status is an Error.
struct Response
{
    long status = 0;
    std::string body; ///< empty when the body went to a BodySink
    std::string etag;
    std::string lastModified;
    std::string contentType;
    std::string effectiveUrl; ///< after redirects
    std::uint64_t bytes = 0;  ///< body bytes received in the successful attempt
    int attempts = 0;
    bool notModified() const { return status == 304; }
};

/// Where a transfer stands. total is 0 when the server did not say (no Content-Length).
struct TransferProgress
{
    std::string url;
    std::uint64_t done = 0;  ///< bytes
    std::uint64_t total = 0; ///< bytes
    int attempt = 1;
    bool waiting = false; ///< between attempts (backing off or honouring Retry-After)
};

/// Called during a transfer (and while waiting to retry); return false to cancel it.
using Progress = std::function<bool(const TransferProgress&)>;

/// Receives a response body as it arrives, so that a big file (an AWS regional offer file is hundreds of MB) is never
/// held whole in memory. Called only for a 2xx body; reset() before every attempt, since a retry starts over.
class BodySink
{
public:
    virtual ~BodySink() = default;
    /// Forget what an earlier attempt wrote.
    virtual core::Status reset() = 0;
    /// Take the next bytes of the body; an Error stops the transfer.
    virtual core::Status write(std::string_view chunk) = 0;
};

class Transport
{
public:
    virtual ~Transport() = default;
    /// GET with the body in Response::body.
    core::Result<Response> get(
        const Request& request, const Progress& progress = {}, const std::atomic<bool>* cancel = nullptr);
    /// GET with the body streamed into `sink` (Response::body stays empty).
    virtual core::Result<Response> get(const Request& request, BodySink& sink, const Progress& progress = {},
        const std::atomic<bool>* cancel = nullptr)
        = 0;
};

/// Tunables of a transport. The defaults suit the real APIs; tests shorten them.
struct TransportSettings
{
    std::chrono::milliseconds connectTimeout {15000};
    /// A transfer slower than lowSpeedLimit bytes/s for lowSpeedTime is given up (also a server that accepts the
    /// connection and then says nothing). libcurl counts whole seconds: at least 1.
    long lowSpeedLimit = 512; // bytes/s
    std::chrono::seconds lowSpeedTime {30};
    /// Tries per request: 429, 5xx and network errors (refused, reset, timed out, cut short) are retried.
    int maxAttempts = 4;
    std::chrono::milliseconds backoffBase {1000}; ///< wait after the first failure; doubles after each
    std::chrono::milliseconds backoffMax {30000};
    /// A Retry-After longer than this is not waited for: the request fails, saying what the server asked.
    std::chrono::seconds maxRetryAfter {120};
    long maxRedirects = 5;
    /// The most one request may take in all, attempts and waits included: a server that trickles bytes just fast
    /// enough never to stall (1 KiB/s for ever) is stopped here. 30 min holds a 540 MB AWS offer file at 0.3 MB/s;
    /// Request::deadline can end it sooner.
    std::chrono::seconds requestDeadline {1800};
    std::uint64_t maxBytes = 256ull << 20; ///< default largest body (Request::maxBytes overrides)
    std::string userAgent;                 ///< empty = "gpuplan/<version> libcurl/<version>"
};

/// Seconds to wait from a Retry-After header: delay-seconds ("120") or an HTTP date ("Wed, 21 Oct 2015 07:28:00
/// GMT", RFC 9110 §10.2.3), relative to `now`. A date in the past gives 0; anything else gives nothing.
std::optional<std::chrono::seconds> parseRetryAfter(std::string_view value, std::time_t now);

/// A URL fit for a message: user:password@ removed and the values of key=, api_key=, token= and signature=
/// query parameters replaced by "***".
std::string redactUrl(std::string_view url);

/// Whether a credential may be sent to `url`: https, or plain http to a loopback address (127.0.0.0/8, [::1],
/// localhost: the tests' server). An API key never travels in clear text over a network.
bool credentialAllowed(std::string_view url);
/// Whether `value` can go into an HTTP header: printable ASCII only (no CR or LF that would start another header,
/// no other control character), at most 4 KiB.
bool headerValueAllowed(std::string_view value);
/// `text` with every occurrence of each secret (of 4 or more characters) replaced by "***".
std::string redactSecrets(std::string text, const std::vector<std::pair<std::string, std::string>>& secrets);

} // namespace gpuplan::providers::fetch
