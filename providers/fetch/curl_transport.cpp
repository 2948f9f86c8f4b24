#include "curl_transport.h"

#include "gpuplan_config.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <mutex>
#include <thread>

namespace gpuplan::providers::fetch {

namespace {

constexpr std::size_t errorBodyLimit = 300; // bytes of a non-2xx body quoted in a message

void globalInit()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::string megabytes(std::uint64_t bytes)
{
    char buf[48];
    if (bytes >= (1ull << 20))
        std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1ull << 20));
    else
        std::snprintf(buf, sizeof buf, "%llu bytes", static_cast<unsigned long long>(bytes));
    return buf;
}

/// A short, single-line quote of an error body ("{"error": …}"), for the message.
std::string quoteBody(std::string_view body)
{
    std::string out;
    bool space = false;
    for (char c : body) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isspace(u)) {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += (u < 0x20 || u == 0x7f) ? '?' : c;
    }
    if (body.size() >= errorBodyLimit)
        out += " …";
    return out;
}

/// State of one attempt, shared with the libcurl callbacks.
struct Attempt
{
    CURL* handle = nullptr;
    BodySink* sink = nullptr;
    const Progress* progress = nullptr;
    const std::atomic<bool>* cancel = nullptr;
    std::uint64_t maxBytes = 0;
    std::uint64_t received = 0;
    long status = 0; ///< of the response whose body is arriving
    std::string reason;
    std::string etag, lastModified, contentType, retryAfter, location;
    std::string errorBody;
    bool oversize = false;
    bool cancelled = false;
    std::optional<core::Error> sinkError;
    TransferProgress tp;
};

size_t onHeader(char* data, size_t size, size_t n, void* user)
{
    auto* a = static_cast<Attempt*>(user);
    const std::string_view line(data, size * n);
    if (line.rfind("HTTP/", 0) == 0) {
        // A new response (the next hop of a redirect): forget the headers of the previous one.
        a->etag.clear();
        a->lastModified.clear();
        a->contentType.clear();
        a->retryAfter.clear();
        a->location.clear();
        a->reason.clear();
        a->status = 0;
        const auto sp1 = line.find(' ');
        if (sp1 != std::string_view::npos) {
            const std::string_view rest = trim(line.substr(sp1 + 1));
            const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), a->status);
            if (ec == std::errc())
                a->reason = std::string(trim(rest.substr(static_cast<std::size_t>(end - rest.data()))));
        }
        return size * n;
    }
    const auto colon = line.find(':');
    if (colon == std::string_view::npos)
        return size * n;
    const std::string name = lower(trim(line.substr(0, colon)));
    const std::string value(trim(line.substr(colon + 1)));
    if (name == "etag")
        a->etag = value;
    else if (name == "last-modified")
        a->lastModified = value;
    else if (name == "content-type")
        a->contentType = value;
    else if (name == "retry-after")
        a->retryAfter = value;
    else if (name == "location")
        a->location = value;
    return size * n;
}

size_t onBody(char* data, size_t size, size_t n, void* user)
{
    auto* a = static_cast<Attempt*>(user);
    const size_t bytes = size * n;
    if (a->status == 0) // no status line seen (cannot happen over HTTP): ask libcurl
        curl_easy_getinfo(a->handle, CURLINFO_RESPONSE_CODE, &a->status);
    if (a->status < 200 || a->status > 299) {
        // An error page: keep its start for the message, never hand it to the sink.
        if (a->errorBody.size() < errorBodyLimit)
            a->errorBody.append(data, std::min(bytes, errorBodyLimit - a->errorBody.size()));
        return bytes;
    }
    // CURLOPT_MAXFILESIZE_LARGE catches a declared Content-Length; this catches chunked and compressed bodies.
    a->received += bytes;
    if (a->received > a->maxBytes) {
        a->oversize = true;
        return 0; // CURLE_WRITE_ERROR
    }
    if (auto st = a->sink->write(std::string_view(data, bytes)); !st) {
        a->sinkError = st.error();
        return 0;
    }
    return bytes;
}

int onProgress(void* user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t, curl_off_t)
{
    auto* a = static_cast<Attempt*>(user);
    if (a->cancel && a->cancel->load()) {
        a->cancelled = true;
        return 1;
    }
    a->tp.done = static_cast<std::uint64_t>(dlnow);
    a->tp.total = static_cast<std::uint64_t>(dltotal);
    if (a->progress && *a->progress && !(*a->progress)(a->tp)) {
        a->cancelled = true;
        return 1;
    }
    return 0;
}

/// Network errors worth another try: the next attempt may well succeed.
bool transient(CURLcode rc)
{
    switch (rc) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
        return true;
    default:
        return false;
    }
}

std::string summary(CURLcode rc)
{
    switch (rc) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return "unknown host";
    case CURLE_COULDNT_CONNECT:
        return "cannot connect";
    case CURLE_OPERATION_TIMEDOUT:
        return "timed out";
    case CURLE_PARTIAL_FILE:
        return "the response was cut short (truncated)";
    case CURLE_GOT_NOTHING:
        return "the server closed the connection without a response";
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
        return "TLS error (certificates are always verified)";
    case CURLE_BAD_CONTENT_ENCODING:
        return "the compressed response does not decompress";
    default:
        return "network error";
    }
}

enum class Outcome { Done, Retry, Fail };

} // namespace

struct CurlTransport::Impl
{
    CURL* handle = nullptr;
    char errbuf[CURL_ERROR_SIZE] {};
};

CurlTransport::CurlTransport(TransportSettings settings)
    : m_settings(std::move(settings))
    , m_impl(std::make_unique<Impl>())
{
    globalInit();
    if (m_settings.userAgent.empty())
        m_settings.userAgent = defaultUserAgent();
    m_settings.maxAttempts = std::max(1, m_settings.maxAttempts);
}

CurlTransport::~CurlTransport()
{
    if (m_impl->handle)
        curl_easy_cleanup(m_impl->handle);
}

std::string CurlTransport::defaultUserAgent()
{
    globalInit();
    const curl_version_info_data* v = curl_version_info(CURLVERSION_NOW);
    return std::string("gpuplan/") + GPUPLAN_VERSION + " libcurl/" + (v && v->version ? v->version : "unknown");
}

core::Result<Response> CurlTransport::get(
    const Request& request, BodySink& sink, const Progress& progress, const std::atomic<bool>* cancel)
{
    const std::string where = "GET " + redactUrl(request.url);
    // Every message is scrubbed of the request's credentials: a server may echo the key in its error body.
    auto fail = [&](std::string what) {
        return core::Error {core::ErrorCode::Network, redactSecrets(where + ": " + what, request.secretHeaders)};
    };
    if (request.url.rfind("http://", 0) != 0 && request.url.rfind("https://", 0) != 0)
        return core::Error {core::ErrorCode::InvalidInput, where + ": only http:// and https:// URLs are fetched"};
    for (const auto& [name, value] : request.secretHeaders) {
        if (!credentialAllowed(request.url))
            return core::Error {core::ErrorCode::InvalidInput,
                where + ": " + name + " is only sent over https (or to a loopback address); refusing plain http"};
        if (!headerValueAllowed(value))
            return core::Error {core::ErrorCode::InvalidInput,
                where + ": " + name
                    + " must be printable ASCII with no line break or other control character (the key as the "
                      "console shows it)"};
    }
    for (const auto& [name, value] : request.headers)
        if (!headerValueAllowed(value) && !value.empty())
            return core::Error {core::ErrorCode::InvalidInput, where + ": header " + name + " has a control character"};
    const auto started = std::chrono::steady_clock::now();
    const auto deadline = std::min(
        started + m_settings.requestDeadline, request.deadline.value_or(started + m_settings.requestDeadline));
    const long long budgetS
        = std::max<long long>(0, std::chrono::duration_cast<std::chrono::seconds>(deadline - started).count());
    auto pastDeadline = [&] {
        return fail("no complete answer within the total deadline of " + std::to_string(budgetS)
            + " s (the server sends too slowly or not at all; catalog update --deadline)");
    };
    auto remainingMs = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
            .count();
    };
    if (!m_impl->handle)
        m_impl->handle = curl_easy_init();
    CURL* h = m_impl->handle;
    if (!h)
        return fail("cannot start libcurl");
    const std::uint64_t maxBytes = request.maxBytes ? request.maxBytes : m_settings.maxBytes;
    const bool conditional = !request.ifNoneMatch.empty() || !request.ifModifiedSince.empty();
    const bool followRedirects = request.secretHeaders.empty();

    curl_slist* headers = nullptr;
    auto addHeader = [&](const std::string& name, const std::string& value) {
        headers = curl_slist_append(headers, (name + ": " + value).c_str());
    };
    for (const auto& [n, v] : request.headers)
        addHeader(n, v);
    for (const auto& [n, v] : request.secretHeaders)
        addHeader(n, v);
    if (!request.ifNoneMatch.empty())
        addHeader("If-None-Match", request.ifNoneMatch);
    if (!request.ifModifiedSince.empty())
        addHeader("If-Modified-Since", request.ifModifiedSince);
    struct SlistGuard
    {
        curl_slist*& list;
        ~SlistGuard() { curl_slist_free_all(list); }
    } guard {headers};

    std::chrono::milliseconds backoff = m_settings.backoffBase;
    for (int attempt = 1;; ++attempt) {
        if (cancel && cancel->load())
            return fail("cancelled");
        if (remainingMs() <= 0)
            return pastDeadline();
        if (auto st = sink.reset(); !st)
            return core::Error {st.error().code, where + ": " + st.error().detail};
        Attempt a;
        a.handle = h;
        a.sink = &sink;
        a.progress = &progress;
        a.cancel = cancel;
        a.maxBytes = maxBytes;
        a.tp.url = redactUrl(request.url);
        a.tp.attempt = attempt;

        curl_easy_reset(h); // keeps the connection cache: pages from one host reuse the connection
        m_impl->errbuf[0] = '\0';
        curl_easy_setopt(h, CURLOPT_URL, request.url.c_str());
        curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
        curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(h, CURLOPT_ERRORBUFFER, m_impl->errbuf);
#if LIBCURL_VERSION_NUM >= 0x075500 // 7.85.0
        curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
        curl_easy_setopt(h, CURLOPT_PROTOCOLS, static_cast<long>(CURLPROTO_HTTP | CURLPROTO_HTTPS));
        curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS, static_cast<long>(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
        curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, followRedirects ? 1L : 0L);
        curl_easy_setopt(h, CURLOPT_MAXREDIRS, m_settings.maxRedirects);
        curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(m_settings.connectTimeout.count()));
        curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, m_settings.lowSpeedLimit);
        curl_easy_setopt(
            h, CURLOPT_LOW_SPEED_TIME, static_cast<long>(std::max<long long>(1, m_settings.lowSpeedTime.count())));
        curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, ""); // every encoding this libcurl decodes
        curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(maxBytes));
        curl_easy_setopt(h, CURLOPT_USERAGENT, m_settings.userAgent.c_str());
        curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(h, CURLOPT_TCP_KEEPALIVE, 1L);
        // TLS: peer and host verification stay at libcurl's defaults (on); never older than TLS 1.2.
        curl_easy_setopt(h, CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
        curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, onHeader);
        curl_easy_setopt(h, CURLOPT_HEADERDATA, &a);
        curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, onBody);
        curl_easy_setopt(h, CURLOPT_WRITEDATA, &a);
        curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, onProgress);
        curl_easy_setopt(h, CURLOPT_XFERINFODATA, &a);
        curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(std::max<long long>(1, remainingMs())));

        const CURLcode rc = curl_easy_perform(h);
        long status = 0;
        curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
        const std::string curlText = std::string("curl error ") + std::to_string(static_cast<int>(rc)) + ": "
            + (m_impl->errbuf[0] ? m_impl->errbuf : curl_easy_strerror(rc));
        const std::string attempts = attempt == 1 ? "" : ", after " + std::to_string(attempt) + " attempts";

        Outcome outcome = Outcome::Fail;
        std::string what;
        std::optional<std::chrono::seconds> retryAfter;
        if (a.cancelled || rc == CURLE_ABORTED_BY_CALLBACK)
            return fail("cancelled");
        if (rc == CURLE_OPERATION_TIMEDOUT && remainingMs() < 250) // libcurl's clock ends a few ms early
            return pastDeadline();
        if (a.sinkError)
            return core::Error {a.sinkError->code, where + ": " + a.sinkError->detail};
        if (a.oversize || rc == CURLE_FILESIZE_EXCEEDED) {
            what = "the response is larger than the limit of " + megabytes(maxBytes)
                + " (a change on the server's side? the limit is a setting)";
        } else if (rc == CURLE_TOO_MANY_REDIRECTS) {
            what = "more than " + std::to_string(m_settings.maxRedirects) + " redirects (a redirect loop?)";
        } else if (rc != CURLE_OK) {
            what = summary(rc) + " (" + curlText + ")";
            outcome = transient(rc) ? Outcome::Retry : Outcome::Fail;
        } else if (status >= 200 && status <= 299) {
            outcome = Outcome::Done;
        } else if (status == 304 && conditional) {
            outcome = Outcome::Done;
        } else {
            what = "HTTP " + std::to_string(status) + (a.reason.empty() ? "" : " " + a.reason);
            if (status >= 300 && status <= 399)
                what += followRedirects ? ", a redirect without a usable Location"
                                        : ", a redirect to " + redactUrl(a.location)
                        + " that is not followed (the request carries a credential)";
            if (!a.errorBody.empty())
                what += ": " + quoteBody(redactSecrets(a.errorBody, request.secretHeaders));
            if (status == 429 || status == 408 || status >= 500) {
                outcome = Outcome::Retry;
                retryAfter = parseRetryAfter(a.retryAfter, std::time(nullptr));
            }
        }
        if (outcome == Outcome::Done) {
            Response r;
            r.status = status;
            r.etag = a.etag;
            r.lastModified = a.lastModified;
            r.contentType = a.contentType;
            r.bytes = a.received;
            r.attempts = attempt;
            char* eff = nullptr;
            curl_easy_getinfo(h, CURLINFO_EFFECTIVE_URL, &eff);
            r.effectiveUrl = eff ? eff : request.url;
            return r;
        }
        if (outcome == Outcome::Fail || attempt >= m_settings.maxAttempts)
            return fail(what + attempts);
        // Retry: after Retry-After when the server gave one, else after the backoff (doubling each time).
        std::chrono::milliseconds wait = backoff;
        if (retryAfter) {
            if (*retryAfter > m_settings.maxRetryAfter)
                return fail(what + "; the server asks to retry after " + std::to_string(retryAfter->count())
                    + " s, longer than the " + std::to_string(m_settings.maxRetryAfter.count()) + " s this client waits"
                    + attempts);
            wait = std::max<std::chrono::milliseconds>(*retryAfter, m_settings.backoffBase);
        }
        backoff = std::min(backoff * 2, m_settings.backoffMax);
        if (remainingMs() <= wait.count())
            return fail(what + attempts + "; no time left for another attempt within the total deadline of "
                + std::to_string(budgetS) + " s");
        const auto until = std::chrono::steady_clock::now() + wait;
        TransferProgress waiting = a.tp;
        waiting.waiting = true;
        while (std::chrono::steady_clock::now() < until) {
            if ((cancel && cancel->load()) || (progress && !progress(waiting)))
                return fail("cancelled");
            const auto left = until - std::chrono::steady_clock::now();
            std::this_thread::sleep_for(
                std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(50)));
        }
    }
}

} // namespace gpuplan::providers::fetch
