#pragma once
// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) inside the test process, for the fetcher tests: it serves
// recorded responses and faults (a slow trickle, a stall, truncation, chunked bodies). QTcpServer in its own QThread,
// so the test's thread can block in libcurl or wait for a child process while the server answers.

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>

#include <functional>
#include <memory>

namespace gpuplan::test {

struct HttpRequest
{
    QByteArray method;
    QByteArray target;                    ///< path and query, as sent
    QByteArray path;                      ///< without the query
    QByteArray query;                     ///< after '?', percent-encoded as sent
    QMap<QByteArray, QByteArray> headers; ///< names in lower case
    qint64 receivedMs = 0;                ///< milliseconds since the server started
    QByteArray header(const char* name) const { return headers.value(QByteArray(name)); }
};

struct HttpReply
{
    enum class Fault {
        None,
        Trickle,  ///< headers, then one byte of the body every trickleIntervalMs
        Stall,    ///< accept the request, never answer
        Truncate, ///< Content-Length: declaredLength (more than the body), the body, then close
        Chunked,  ///< Transfer-Encoding: chunked, no Content-Length
    };
    int status = 200;
    QByteArray reason; ///< empty = the standard phrase
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    Fault fault = Fault::None;
    int trickleIntervalMs = 300;
    qint64 declaredLength = -1;

    static HttpReply ok(QByteArray body, QByteArray contentType = "application/json");
    static HttpReply error(int status, QByteArray body = {});
    HttpReply& header(QByteArray name, QByteArray value)
    {
        headers.append(qMakePair(std::move(name), std::move(value)));
        return *this;
    }
};

using HttpHandler = std::function<HttpReply(const HttpRequest&)>;

class HttpTestServer
{
public:
    HttpTestServer();
    ~HttpTestServer();
    HttpTestServer(const HttpTestServer&) = delete;
    HttpTestServer& operator=(const HttpTestServer&) = delete;

    quint16 port() const;
    /// "http://127.0.0.1:PORT"
    QString baseUrl() const;
    std::string url(const char* path) const;
    /// Serves `path` (exact match, query ignored) with `handler`, called on the server's thread. Replaces an
    /// earlier handler of the same path. Unknown paths get 404.
    void route(const QByteArray& path, HttpHandler handler);
    /// Every request received so far (of one path when given), oldest first.
    QList<HttpRequest> requests(const QByteArray& path = {}) const;
    void clearRequests();

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// The bytes of tests/data/fetch/<name>.
QByteArray fetchFixture(const char* name);

} // namespace gpuplan::test
