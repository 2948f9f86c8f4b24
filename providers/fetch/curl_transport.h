#pragma once
// The libcurl Transport: timeouts, retries with backoff that honour Retry-After, TLS always verified, proxies from the
// environment (http_proxy, https_proxy, no_proxy), compressed transfer, a size limit, conditional requests, a
// User-Agent with the version, progress and cancellation, a redirect limit.

#include "transport.h"

#include <memory>

namespace gpuplan::providers::fetch {

/// One easy handle, reused across requests so that pages from one host share a connection. Not thread-safe: use
/// one CurlTransport per thread.
class CurlTransport final : public Transport
{
public:
    explicit CurlTransport(TransportSettings settings = {});
    ~CurlTransport() override;
    CurlTransport(const CurlTransport&) = delete;
    CurlTransport& operator=(const CurlTransport&) = delete;

    using Transport::get;
    core::Result<Response> get(const Request& request, BodySink& sink, const Progress& progress = {},
        const std::atomic<bool>* cancel = nullptr) override;

    const TransportSettings& settings() const { return m_settings; }
    /// "gpuplan/<version> libcurl/<version>"
    static std::string defaultUserAgent();

private:
    struct Impl;
    TransportSettings m_settings;
    std::unique_ptr<Impl> m_impl;
};

} // namespace gpuplan::providers::fetch
