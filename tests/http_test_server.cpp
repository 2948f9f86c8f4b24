#include "http_test_server.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QMutex>
#include <QMutexLocker>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

namespace gpuplan::test {

namespace {

QByteArray standardReason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 301:
        return "Moved Permanently";
    case 302:
        return "Found";
    case 304:
        return "Not Modified";
    case 400:
        return "Bad Request";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

bool hasHeader(const HttpReply& r, const char* name)
{
    for (const auto& [n, v] : r.headers)
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

} // namespace

HttpReply HttpReply::ok(QByteArray body, QByteArray contentType)
{
    HttpReply r;
    r.body = std::move(body);
    r.header("Content-Type", std::move(contentType));
    return r;
}

HttpReply HttpReply::error(int status, QByteArray body)
{
    HttpReply r;
    r.status = status;
    r.body = body.isEmpty() ? standardReason(status) + "\n" : std::move(body);
    r.header("Content-Type", "text/plain");
    return r;
}

struct HttpTestServer::Impl
{
    QThread thread;
    QObject* context = nullptr; ///< lives in `thread`; the server and sockets are created there
    QTcpServer* server = nullptr;
    quint16 port = 0;
    QElapsedTimer clock;
    mutable QMutex mutex;
    QMap<QByteArray, HttpHandler> routes;
    QList<HttpRequest> log;

    void accept()
    {
        while (QTcpSocket* socket = server->nextPendingConnection()) {
            auto buffer = std::make_shared<QByteArray>();
            QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                if (socket->property("answered").toBool()) {
                    socket->readAll();
                    return;
                }
                buffer->append(socket->readAll());
                const qsizetype end = buffer->indexOf("\r\n\r\n");
                if (end < 0) {
                    if (buffer->size() > 65536)
                        socket->abort();
                    return;
                }
                socket->setProperty("answered", true);
                answer(socket, parse(buffer->left(end)));
            });
        }
    }

    HttpRequest parse(const QByteArray& head)
    {
        HttpRequest r;
        r.receivedMs = clock.elapsed();
        const QList<QByteArray> lines = head.split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        r.method = first.value(0);
        r.target = first.value(1);
        const qsizetype q = r.target.indexOf('?');
        r.path = q < 0 ? r.target : r.target.left(q);
        r.query = q < 0 ? QByteArray() : r.target.mid(q + 1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                r.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
        }
        return r;
    }

    void answer(QTcpSocket* socket, const HttpRequest& req)
    {
        HttpHandler handler;
        {
            QMutexLocker lock(&mutex);
            log.append(req);
            handler = routes.value(req.path);
        }
        const HttpReply rep = handler ? handler(req) : HttpReply::error(404);
        if (rep.fault == HttpReply::Fault::Stall)
            return; // the socket stays open until the client gives up
        QByteArray head = "HTTP/1.1 " + QByteArray::number(rep.status) + ' '
            + (rep.reason.isEmpty() ? standardReason(rep.status) : rep.reason) + "\r\nConnection: close\r\n";
        for (const auto& [n, v] : rep.headers)
            head += n + ": " + v + "\r\n";
        const bool noBody = rep.status == 304 || rep.status == 204;
        if (rep.fault == HttpReply::Fault::Chunked)
            head += "Transfer-Encoding: chunked\r\n";
        else if (!hasHeader(rep, "Content-Length") && !noBody)
            head += "Content-Length: "
                + QByteArray::number(rep.fault == HttpReply::Fault::Truncate ? rep.declaredLength : rep.body.size())
                + "\r\n";
        head += "\r\n";
        socket->write(head);
        if (noBody) {
            socket->disconnectFromHost();
            return;
        }
        switch (rep.fault) {
        case HttpReply::Fault::Trickle: {
            auto* timer = new QTimer(socket);
            auto sent = std::make_shared<qsizetype>(0);
            const QByteArray body = rep.body;
            QObject::connect(timer, &QTimer::timeout, socket, [socket, timer, sent, body] {
                if (*sent >= body.size()) {
                    timer->stop();
                    socket->disconnectFromHost();
                    return;
                }
                socket->write(body.mid((*sent)++, 1));
            });
            timer->start(rep.trickleIntervalMs);
            return;
        }
        case HttpReply::Fault::Chunked:
            for (qsizetype at = 0; at < rep.body.size(); at += 4096) {
                const QByteArray chunk = rep.body.mid(at, 4096);
                socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
            }
            socket->write("0\r\n\r\n");
            socket->disconnectFromHost();
            return;
        default: // None, Truncate: the body (all of what there is), then close
            socket->write(rep.body);
            socket->disconnectFromHost();
            return;
        }
    }
};

HttpTestServer::HttpTestServer()
    : m(std::make_unique<Impl>())
{
    m->clock.start();
    m->context = new QObject;
    m->context->moveToThread(&m->thread);
    m->thread.start();
    QMetaObject::invokeMethod(
        m->context,
        [this] {
            m->server = new QTcpServer;
            QObject::connect(m->server, &QTcpServer::newConnection, m->server, [this] { m->accept(); });
            if (m->server->listen(QHostAddress::LocalHost, 0))
                m->port = m->server->serverPort();
        },
        Qt::BlockingQueuedConnection);
    if (m->port == 0)
        qFatal("HttpTestServer: cannot listen on 127.0.0.1");
}

HttpTestServer::~HttpTestServer()
{
    QMetaObject::invokeMethod(
        m->context,
        [this] {
            // Sockets still open (a stall, a trickle) are the server's children: deleted with it.
            m->server->close();
            delete m->server;
            m->server = nullptr;
        },
        Qt::BlockingQueuedConnection);
    m->thread.quit();
    m->thread.wait();
    delete m->context;
}

quint16 HttpTestServer::port() const
{
    return m->port;
}

QString HttpTestServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m->port);
}

std::string HttpTestServer::url(const char* path) const
{
    return baseUrl().toStdString() + path;
}

void HttpTestServer::route(const QByteArray& path, HttpHandler handler)
{
    QMutexLocker lock(&m->mutex);
    m->routes.insert(path, std::move(handler));
}

QList<HttpRequest> HttpTestServer::requests(const QByteArray& path) const
{
    QMutexLocker lock(&m->mutex);
    if (path.isEmpty())
        return m->log;
    QList<HttpRequest> out;
    for (const auto& r : m->log)
        if (r.path == path)
            out.append(r);
    return out;
}

void HttpTestServer::clearRequests()
{
    QMutexLocker lock(&m->mutex);
    m->log.clear();
}

QByteArray fetchFixture(const char* name)
{
    QFile f(QStringLiteral(GPUPLAN_TEST_DATA "/fetch/") + QString::fromUtf8(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture tests/data/fetch/%s", name);
    return f.readAll();
}

} // namespace gpuplan::test
