// Fresh prices over real HTTP: the libcurl transport and every source's refresh against a server on 127.0.0.1 that
// serves recorded responses (tests/data/fetch/, see its README) and faults. Every failure must leave the active
// catalog exactly as it was; the good runs must import the prices the fixtures hold (read by hand, in comments).
#include "http_test_server.h"
#include "providers/fetch/curl_transport.h"
#include "providers/fetch/update.h"
#include "providers/store.h"

#include "gpuplan_config.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace gpuplan;
using namespace std::chrono_literals;
namespace fetch = gpuplan::providers::fetch;
using test::HttpReply;
using test::HttpRequest;

namespace {

/// Short timeouts so that every fault ends within a few seconds (the real defaults are in TransportSettings).
fetch::TransportSettings fastSettings(int attempts = 2)
{
    fetch::TransportSettings s;
    s.connectTimeout = 2000ms;
    s.lowSpeedLimit = 100; // bytes/s
    s.lowSpeedTime = 1s;
    s.maxAttempts = attempts;
    s.backoffBase = 50ms;
    s.backoffMax = 200ms;
    s.maxRetryAfter = 5s;
    s.maxRedirects = 5;
    s.maxBytes = 1 << 20;
    return s;
}

/// Everything the store keeps of a catalog, one line per price, for before/after comparisons.
std::string dump(const std::vector<core::Offering>& offerings)
{
    std::ostringstream s;
    s.precision(17);
    for (const auto& o : offerings) {
        s << o.provider << '|' << o.region << '|' << o.zone << '|' << o.instanceType << '|' << o.gpuModel << '|'
          << o.gpuCount << '|' << o.source << '|' << o.fetchedAt << '\n';
        for (const auto& p : o.prices)
            s << "  " << core::toString(p.pricingModel) << '|' << p.termMonths << '|' << p.currency << '|'
              << p.hourlyRate << '|' << p.upfrontFee << '|' << p.interruptionBucket.value_or(-1) << '|' << p.asOf << '|'
              << p.source << '\n';
    }
    return s.str();
}

const core::Offering* find(const std::vector<core::Offering>& offerings, const std::string& provider,
    const std::string& region, const std::string& type)
{
    for (const auto& o : offerings)
        if (o.provider == provider && o.region == region && o.instanceType == type)
            return &o;
    return nullptr;
}

const core::Price* priceOf(const core::Offering* o, core::PricingModel m)
{
    if (!o)
        return nullptr;
    for (const auto& p : o->prices)
        if (p.pricingModel == m)
            return &p;
    return nullptr;
}

/// The hourly rate of one price, or -1 when the offering or price is missing.
double rate(const std::vector<core::Offering>& offerings, const char* provider, const char* region, const char* type,
    core::PricingModel m = core::PricingModel::OnDemand)
{
    const auto* p = priceOf(find(offerings, provider, region, type), m);
    return p ? p->hourlyRate : -1;
}

/// zlib-wrapped deflate, what HTTP calls "Content-Encoding: deflate" (qCompress adds a 4-byte length first).
QByteArray deflate(const QByteArray& data)
{
    return qCompress(data).mid(4);
}

} // namespace

class TestFetch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void retryAfter_data();
    void retryAfter();
    void redactsCredentials();

    void userAgentCompressionAndLimits();
    void streamsIntoSinkAndStartsOverOnRetry();
    void retriesAfter500ThenSucceeds();
    void honoursRetryAfter();
    void tooLongRetryAfterFails();
    void clientErrorsAreNotRetried();
    void credentialsDoNotFollowRedirects();
    void cancelFromProgress();
    void trickleEndsAtTheDeadline();
    void credentialHygiene();

    void azurePagesImport();
    void azureFaultsLeaveCatalog_data();
    void azureFaultsLeaveCatalog();
    void azureRetriesTransientFailures();
    void azurePagingLimits();
    void azureSecondRefreshShowsMovers();
    void awsStreamsRegionalOfferFiles();
    void awsSpotAdvisorAnnotatesSpotPrices();
    void alibabaEtagMeansUnchanged();
    void skypilotLastModifiedMeansUnchanged();
    void gcpKeyOnlyInHeader();
    void badOptions();

private:
    core::Result<fetch::UpdateReport> update(
        fetch::UpdateOptions o, fetch::TransportSettings s = fastSettings(), const fetch::UpdateProgress& progress = {})
    {
        fetch::CurlTransport t(s);
        return fetch::updateCatalog(*m_store, t, o, progress);
    }
    fetch::UpdateOptions azure() const
    {
        fetch::UpdateOptions o;
        o.source = "azure";
        o.endpoint = m_server->url("/api/retail/prices");
        return o;
    }
    /// Azure's paging: page 1 (no $skip), then the NextPageLinks $skip=1000 and $skip=2000 (the last page).
    /// `page2` replaces the second page when given.
    void serveAzure(std::function<HttpReply(const HttpRequest&)> page2 = {})
    {
        const QByteArray base = m_server->baseUrl().toUtf8();
        m_server->route("/api/retail/prices", [base, page2](const HttpRequest& r) {
            if (r.query.contains("%24skip=1000") || r.query.contains("$skip=1000"))
                return page2 ? page2(r)
                             : HttpReply::ok(test::fetchFixture("azure/page2.json").replace("{{BASE}}", base));
            if (r.query.contains("%24skip=2000") || r.query.contains("$skip=2000"))
                return HttpReply::ok(test::fetchFixture("azure/page3_last.json"));
            return HttpReply::ok(test::fetchFixture("azure/page1.json").replace("{{BASE}}", base));
        });
    }
    std::string activeDump() const
    {
        auto a = m_store->activeOfferings();
        return a ? dump(*a) : "error: " + a.error().detail;
    }
    std::size_t snapshotCount() const { return m_store->snapshots()->size(); }

    QTemporaryDir m_dir;
    int m_n = 0;
    std::unique_ptr<providers::Store> m_store;
    std::unique_ptr<test::HttpTestServer> m_server;
};

void TestFetch::initTestCase()
{
    // Traffic goes to 127.0.0.1 only: never through a proxy the environment may name.
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
}

void TestFetch::init()
{
    auto s = providers::Store::open(m_dir.filePath(QStringLiteral("f%1.sqlite").arg(++m_n)).toStdString());
    QVERIFY2(s, s ? "" : s.error().detail.c_str());
    m_store = std::move(*s);
    m_server = std::make_unique<test::HttpTestServer>();
}

void TestFetch::cleanup()
{
    m_server.reset();
    m_store.reset();
}

// ---------------------------------------------------------------------------------------------------------------

void TestFetch::retryAfter_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("expected"); // seconds; -1 = not a Retry-After
    // now = Wed, 21 Oct 2015 07:27:00 GMT = 1445412420 (date -d '2015-10-21 07:27:00 UTC' +%s)
    QTest::addRow("delay-seconds") << QStringLiteral("120") << 120;
    QTest::addRow("zero") << QStringLiteral("0") << 0;
    QTest::addRow("spaces") << QStringLiteral(" 1 ") << 1;
    QTest::addRow("IMF-fixdate, 60 s ahead") << QStringLiteral("Wed, 21 Oct 2015 07:28:00 GMT") << 60;
    QTest::addRow("RFC 850 date") << QStringLiteral("Wednesday, 21-Oct-15 07:28:00 GMT") << 60;
    QTest::addRow("asctime date") << QStringLiteral("Wed Oct 21 07:28:00 2015") << 60;
    QTest::addRow("date in the past") << QStringLiteral("Wed, 21 Oct 2015 07:00:00 GMT") << 0;
    QTest::addRow("negative") << QStringLiteral("-5") << -1;
    QTest::addRow("words") << QStringLiteral("soon") << -1;
    QTest::addRow("empty") << QString() << -1;
}

void TestFetch::retryAfter()
{
    QFETCH(QString, value);
    QFETCH(int, expected);
    const auto r = fetch::parseRetryAfter(value.toStdString(), 1445412420);
    if (expected < 0)
        QVERIFY(!r);
    else {
        QVERIFY(r);
        QCOMPARE(r->count(), static_cast<long long>(expected));
    }
}

void TestFetch::redactsCredentials()
{
    QCOMPARE(fetch::redactUrl("https://user:secret@example.com/a?x=1&key=abc&pageToken=t"),
        std::string("https://example.com/a?x=1&key=***&pageToken=t"));
    QCOMPARE(fetch::redactUrl("https://example.com/a@b"), std::string("https://example.com/a@b"));
    QCOMPARE(
        fetch::redactUrl("http://127.0.0.1:8080/p?api_key=zz"), std::string("http://127.0.0.1:8080/p?api_key=***"));
}

// ---------------------------------------------------------------------------------------------------------------
// The transport against the real server

void TestFetch::userAgentCompressionAndLimits()
{
    const QByteArray text = QByteArray("gpuplan ").repeated(4000); // 32 000 bytes, deflates to a few hundred
    m_server->route("/deflate", [text](const HttpRequest&) {
        return HttpReply::ok(deflate(text), "text/plain")
            .header("Content-Encoding", "deflate")
            .header("ETag", "\"v1\"");
    });
    m_server->route("/big", [](const HttpRequest&) { return HttpReply::ok(QByteArray(2 << 20, 'x'), "text/plain"); });
    m_server->route("/big-chunked", [](const HttpRequest&) {
        auto r = HttpReply::ok(QByteArray(2 << 20, 'x'), "text/plain");
        r.fault = HttpReply::Fault::Chunked;
        return r;
    });
    fetch::CurlTransport t(fastSettings());
    fetch::Request req;
    req.url = m_server->url("/deflate");
    std::uint64_t lastDone = 0;
    auto r = t.get(req, [&](const fetch::TransferProgress& p) {
        lastDone = p.done;
        return true;
    });
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->status, 200L);
    QCOMPARE(r->body.size(), std::size_t(32000));
    QCOMPARE(QByteArray::fromStdString(r->body), text);
    QCOMPARE(r->etag, std::string("\"v1\""));
    QVERIFY(lastDone > 0);
    const auto sent = m_server->requests("/deflate");
    QCOMPARE(sent.size(), 1);
    QVERIFY2(sent[0].header("user-agent").startsWith("gpuplan/" GPUPLAN_VERSION " libcurl/"),
        sent[0].header("user-agent").constData());
    QVERIFY(sent[0].header("accept-encoding").contains("deflate"));
    // Over the limit (1 MiB here): with a Content-Length, and chunked (counted as it arrives). Not retried.
    for (const char* path : {"/big", "/big-chunked"}) {
        req.url = m_server->url(path);
        auto big = t.get(req);
        QVERIFY(!big);
        QCOMPARE(big.error().code, core::ErrorCode::Network);
        QVERIFY2(big.error().detail.find("larger than the limit of 1.0 MiB") != std::string::npos,
            big.error().detail.c_str());
        QVERIFY(big.error().detail.find(m_server->url(path)) != std::string::npos);
        QCOMPARE(m_server->requests(path).size(), 1);
    }
}

namespace {
/// Records how a body arrives.
class CountingSink final : public fetch::BodySink
{
public:
    core::Status reset() override
    {
        ++resets;
        bytes = 0;
        return core::Ok {};
    }
    core::Status write(std::string_view chunk) override
    {
        ++chunks;
        bytes += chunk.size();
        largest = std::max(largest, chunk.size());
        if (failAfter && bytes > failAfter)
            return core::Error {core::ErrorCode::Io, "disk full"};
        return core::Ok {};
    }
    int resets = 0;
    int chunks = 0;
    std::size_t bytes = 0;
    std::size_t largest = 0;
    std::size_t failAfter = 0;
};
} // namespace

void TestFetch::streamsIntoSinkAndStartsOverOnRetry()
{
    // 800 000 bytes; the first answer is cut short after half, the second is whole.
    const QByteArray body(800000, 'x');
    auto calls = std::make_shared<std::atomic<int>>(0);
    m_server->route("/file.csv", [body, calls](const HttpRequest&) {
        auto r = HttpReply::ok(++*calls == 1 ? body.left(400000) : body, "text/csv");
        if (*calls == 1) {
            r.fault = HttpReply::Fault::Truncate;
            r.declaredLength = body.size();
        }
        return r;
    });
    fetch::CurlTransport t(fastSettings(2));
    fetch::Request req;
    req.url = m_server->url("/file.csv");
    CountingSink sink;
    auto r = t.get(req, sink);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QVERIFY(r->body.empty()); // the body went to the sink only
    QCOMPARE(r->attempts, 2);
    QCOMPARE(sink.resets, 2); // each attempt starts over
    QCOMPARE(sink.bytes, std::size_t(800000));
    QCOMPARE(r->bytes, std::uint64_t(800000));
    QVERIFY(sink.chunks > 10);                     // in pieces as it arrives…
    QVERIFY(sink.largest <= std::size_t(1) << 16); // …never the whole body at once (libcurl: ≤ 16 KiB)
    // A sink that cannot take more stops the transfer, naming the URL; not retried.
    CountingSink full;
    full.failAfter = 100000;
    auto f = t.get(req, full);
    QVERIFY(!f);
    QCOMPARE(f.error().code, core::ErrorCode::Io);
    QCOMPARE(f.error().detail, "GET " + m_server->url("/file.csv") + ": disk full");
    QCOMPARE(full.resets, 1);
}

void TestFetch::retriesAfter500ThenSucceeds()
{
    auto calls = std::make_shared<std::atomic<int>>(0);
    m_server->route(
        "/flaky", [calls](const HttpRequest&) { return ++*calls == 1 ? HttpReply::error(500) : HttpReply::ok("{}"); });
    fetch::CurlTransport t(fastSettings(3));
    fetch::Request req;
    req.url = m_server->url("/flaky");
    auto r = t.get(req);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->attempts, 2);
    QCOMPARE(r->body, std::string("{}"));
    // Always 500: gives up after maxAttempts, saying so, with the status and where.
    m_server->route("/down", [](const HttpRequest&) { return HttpReply::error(500, "upstream exploded"); });
    req.url = m_server->url("/down");
    auto down = t.get(req);
    QVERIFY(!down);
    QCOMPARE(down.error().detail,
        "GET " + m_server->url("/down") + ": HTTP 500 Internal Server Error: upstream exploded, after 3 attempts");
    QCOMPARE(m_server->requests("/down").size(), 3);
}

void TestFetch::honoursRetryAfter()
{
    auto calls = std::make_shared<std::atomic<int>>(0);
    m_server->route("/limited", [calls](const HttpRequest&) {
        if (++*calls == 1)
            return HttpReply::error(429).header("Retry-After", "1");
        return HttpReply::ok("{}");
    });
    fetch::CurlTransport t(fastSettings(3)); // backoff alone would wait 50 ms
    fetch::Request req;
    req.url = m_server->url("/limited");
    auto r = t.get(req);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    const auto seen = m_server->requests("/limited");
    QCOMPARE(seen.size(), 2);
    QVERIFY2(seen[1].receivedMs - seen[0].receivedMs >= 1000,
        qPrintable(QStringLiteral("retried after %1 ms").arg(seen[1].receivedMs - seen[0].receivedMs)));
}

void TestFetch::tooLongRetryAfterFails()
{
    m_server->route("/later", [](const HttpRequest&) { return HttpReply::error(503).header("Retry-After", "3600"); });
    fetch::CurlTransport t(fastSettings(3));
    fetch::Request req;
    req.url = m_server->url("/later");
    auto r = t.get(req);
    QVERIFY(!r);
    QVERIFY2(r.error().detail.find("HTTP 503 Service Unavailable") != std::string::npos, r.error().detail.c_str());
    QVERIFY(r.error().detail.find("asks to retry after 3600 s, longer than the 5 s this client waits")
        != std::string::npos);
    QCOMPARE(m_server->requests("/later").size(), 1);
}

void TestFetch::clientErrorsAreNotRetried()
{
    m_server->route("/gone", [](const HttpRequest&) { return HttpReply::error(404); });
    fetch::CurlTransport t(fastSettings(3));
    fetch::Request req;
    req.url = m_server->url("/gone");
    auto r = t.get(req);
    QVERIFY(!r);
    QCOMPARE(r.error().detail, "GET " + m_server->url("/gone") + ": HTTP 404 Not Found: Not Found");
    QCOMPARE(m_server->requests("/gone").size(), 1);
    // Nothing listens on a closed port: "cannot connect", retried, then given up.
    quint16 closedPort = 0;
    {
        test::HttpTestServer other;
        closedPort = other.port();
    }
    req.url = "http://127.0.0.1:" + std::to_string(closedPort) + "/x";
    auto refused = t.get(req);
    QVERIFY(!refused);
    QVERIFY2(refused.error().detail.find("cannot connect") != std::string::npos, refused.error().detail.c_str());
    QVERIFY(refused.error().detail.find("after 3 attempts") != std::string::npos);
    // Only http and https.
    req.url = "file:///etc/passwd";
    auto file = t.get(req);
    QVERIFY(!file);
    QCOMPARE(file.error().code, core::ErrorCode::InvalidInput);
}

void TestFetch::credentialsDoNotFollowRedirects()
{
    const std::string target = m_server->url("/elsewhere");
    m_server->route("/moved", [target](const HttpRequest&) {
        return HttpReply::error(302).header("Location", QByteArray::fromStdString(target));
    });
    m_server->route("/elsewhere", [](const HttpRequest&) { return HttpReply::ok("{}"); });
    fetch::CurlTransport t(fastSettings());
    fetch::Request req;
    req.url = m_server->url("/moved");
    QVERIFY(t.get(req)); // no credential: followed
    QCOMPARE(m_server->requests("/elsewhere").size(), 1);
    req.secretHeaders.emplace_back("X-Goog-Api-Key", "sekrit-123");
    auto r = t.get(req);
    QVERIFY(!r);
    QVERIFY2(
        r.error().detail.find("HTTP 302 Found, a redirect to " + target + " that is not followed") != std::string::npos,
        r.error().detail.c_str());
    QVERIFY(r.error().detail.find("sekrit") == std::string::npos);
    QCOMPARE(m_server->requests("/elsewhere").size(), 1);
}

// A server sending 1 KiB/s for ever is fast enough never to trip the stall timeout (512 bytes/s for lowSpeedTime), so
// `catalog update --timeout 5` never ended. The total deadline ends it: a request after requestDeadline, a refresh's
// every request by the refresh's deadline.
void TestFetch::trickleEndsAtTheDeadline()
{
    m_server->route("/trickle", [](const HttpRequest&) {
        auto r = HttpReply::ok(QByteArray(1 << 20, 'x')); // 1 MiB at 100 bytes per 100 ms = 1 KiB/s: ~17 min
        r.fault = HttpReply::Fault::Trickle;
        r.trickleIntervalMs = 1; // one byte per millisecond: ~1 KB/s
        return r;
    });
    auto settings = fastSettings(1);
    settings.requestDeadline = std::chrono::seconds(2);
    fetch::CurlTransport t(settings);
    fetch::Request req;
    req.url = m_server->url("/trickle");
    QElapsedTimer clock;
    clock.start();
    auto r = t.get(req);
    QVERIFY(!r);
    QVERIFY2(r.error().detail.find("no complete answer within the total deadline of 2 s") != std::string::npos,
        r.error().detail.c_str());
    QVERIFY2(clock.elapsed() < 10000, "the deadline ended the transfer");
    // A request's own deadline, earlier than the transport's, wins.
    settings.requestDeadline = std::chrono::seconds(600);
    fetch::CurlTransport patient(settings);
    req.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    clock.restart();
    QVERIFY(!patient.get(req));
    QVERIFY(clock.elapsed() < 10000);
}

// The GCP key went over plain http when the endpoint said so, a CR/LF in it injected a header, and a server echoing
// it in an error body put it on stderr. Now: https or loopback only, printable ASCII only, and scrubbed from messages.
void TestFetch::credentialHygiene()
{
    const std::string key = "AIzaSyFAKE-key-0123456789";
    m_server->route("/echo", [key](const HttpRequest& q) {
        return HttpReply::error(403, "{\"error\": \"API key " + q.header("x-goog-api-key") + " is not valid\"}");
    });
    fetch::CurlTransport t(fastSettings());
    fetch::Request req;
    req.url = m_server->url("/echo"); // http://127.0.0.1: loopback, allowed (the tests' server)
    req.secretHeaders.emplace_back("X-Goog-Api-Key", key);
    auto echoed = t.get(req);
    QVERIFY(!echoed);
    QVERIFY2(
        echoed.error().detail.find("API key *** is not valid") != std::string::npos, echoed.error().detail.c_str());
    QVERIFY(echoed.error().detail.find("AIzaSy") == std::string::npos);
    // Cut inside the key, the excerpt's tail is scrubbed too.
    QCOMPARE(fetch::redactSecrets("body ends with AIzaSyFA", req.secretHeaders), std::string("body ends with ***"));

    req.url = "http://prices.example.com/v1/skus"; // plain http to another host: refused before any connection
    auto clear = t.get(req);
    QVERIFY(!clear);
    QCOMPARE(clear.error().code, core::ErrorCode::InvalidInput);
    QVERIFY2(clear.error().detail.find("only sent over https") != std::string::npos, clear.error().detail.c_str());
    for (const char* url :
        {"https://cloudbilling.googleapis.com/v1", "http://localhost:8080/x", "http://[::1]:9/x", "http://127.0.0.1/x"})
        QVERIFY2(fetch::credentialAllowed(url), url);
    for (const char* url : {"http://127.0.0.1.evil.com/x", "http://localhost.evil.com/", "http://[::1].evil/",
             "ftp://127.0.0.1/", "http://evil.com/?127.0.0.1"})
        QVERIFY2(!fetch::credentialAllowed(url), url);

    req.url = m_server->url("/echo");
    req.secretHeaders = {{"X-Goog-Api-Key", "abc\r\nX-Injected: 1"}};
    m_server->clearRequests();
    auto injected = t.get(req);
    QVERIFY(!injected);
    QVERIFY2(injected.error().detail.find("no line break or other control character") != std::string::npos,
        injected.error().detail.c_str());
    QVERIFY(m_server->requests("/echo").isEmpty()); // nothing was sent
}

void TestFetch::cancelFromProgress()
{
    m_server->route("/slow", [](const HttpRequest&) {
        auto r = HttpReply::ok(QByteArray(200, 'x'));
        r.fault = HttpReply::Fault::Trickle;
        r.trickleIntervalMs = 20;
        return r;
    });
    fetch::CurlTransport t(fastSettings());
    fetch::Request req;
    req.url = m_server->url("/slow");
    int calls = 0;
    auto r = t.get(req, [&](const fetch::TransferProgress& p) { return ++calls < 5 && p.done < 50; });
    QVERIFY(!r);
    QCOMPARE(r.error().detail, "GET " + m_server->url("/slow") + ": cancelled");
    std::atomic<bool> cancel {true};
    auto r2 = t.get(req, {}, &cancel);
    QVERIFY(!r2);
    QVERIFY(r2.error().detail.find("cancelled") != std::string::npos);
}

// ---------------------------------------------------------------------------------------------------------------
// Azure Retail Prices API

void TestFetch::azurePagesImport()
{
    serveAzure();
    std::vector<std::string> steps;
    auto r = update(azure(), fastSettings(), [&](const fetch::UpdateStatus& s) {
        if (steps.empty() || steps.back() != s.step)
            steps.push_back(s.step);
        return true;
    });
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QVERIFY(!r->unchanged);
    QCOMPARE(r->documents, std::size_t(3));
    QCOMPARE(r->snapshotIds.size(), std::size_t(1));
    QCOMPARE(steps.front(), std::string("page 1"));
    QVERIFY(std::find(steps.begin(), steps.end(), "page 3") != steps.end());
    QCOMPARE(steps.back(), std::string("importing"));
    // The filter asks for Virtual Machines of the GPU families only.
    const auto first = m_server->requests("/api/retail/prices").front();
    QVERIFY(first.query.startsWith("api-version=2023-01-01-preview&$filter="));
    QVERIFY2(QByteArray::fromPercentEncoding(first.query)
                 .contains("serviceName eq 'Virtual Machines' and (contains(armSkuName, 'Standard_NC') or"),
        first.query.constData());
    auto active = m_store->activeOfferings();
    QVERIFY(active);
    // From the fixtures (azure/page*.json): 3 pages, 10 items; the Windows item is skipped, the NC16ads_A10_v4 item
    // has no hardware in the catalog and is left out: 5 offerings, 8 prices.
    QCOMPARE(active->size(), std::size_t(5));
    QCOMPARE(r->offerings, std::size_t(5));
    QCOMPARE(r->prices, std::size_t(8));
    using core::PricingModel;
    QCOMPARE(rate(*active, "azure", "eastus", "Standard_NC24ads_A100_v4"), 3.673);
    QCOMPARE(rate(*active, "azure", "eastus", "Standard_NC24ads_A100_v4", PricingModel::Spot), 0.444433);
    QCOMPARE(rate(*active, "azure", "eastus", "Standard_NC4as_T4_v3"), 0.526);
    QCOMPARE(rate(*active, "azure", "eastus", "Standard_NC4as_T4_v3", PricingModel::Spot), 0.062699);
    QCOMPARE(rate(*active, "azure", "eastus", "Standard_NC40ads_H100_v5"), 6.98);
    QCOMPARE(rate(*active, "azure", "westus2", "Standard_NC4as_T4_v3", PricingModel::Spot), 0.061595);
    QCOMPARE(rate(*active, "azure", "southcentralus", "Standard_NC64as_T4_v3"), 5.222);
    // Hardware from the bundled catalog's rows of the same instance type.
    const auto* a100 = find(*active, "azure", "eastus", "Standard_NC24ads_A100_v4");
    QCOMPARE(a100->gpuModel, std::string("A100-PCIe-80GB"));
    QCOMPARE(a100->gpuCount, 1.0);
    QVERIFY(!a100->fetchedAt.empty());
    QCOMPARE(a100->prices[0].source, "Azure Retail Prices API " + m_server->url("/api/retail/prices"));
    bool noted = false;
    for (const auto& n : r->notes)
        noted |= n.find("Standard_NC16ads_A10_v4") != std::string::npos;
    QVERIFY(noted);
    // The diff against the bundled Azure catalog (80 offerings in pricing-data/catalog/azure.json: 34 US rows from
    // SkyPilot's catalog, 46 EU rows from Microsoft's list): the 5 fetched offerings are all there with the same 8
    // prices; the other 75 are gone, and so is the bundled NC64as_T4_v3 southcentralus spot price (0.57442), which the
    // fixtures do not have.
    QCOMPARE(r->diff.offeringsBefore, std::size_t(80));
    QCOMPARE(r->diff.added.size(), std::size_t(0));
    QCOMPARE(r->diff.removed.size(), std::size_t(75));
    QCOMPARE(r->diff.unchangedPrices, std::size_t(8));
    QCOMPARE(r->diff.removedPrices, std::size_t(1));
    QVERIFY(r->diff.up.empty() && r->diff.down.empty());
}

void TestFetch::azureFaultsLeaveCatalog_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<QString>("message"); // part of the error's detail
    QTest::addRow("slow trickle") << QStringLiteral("trickle") << QStringLiteral("timed out (curl error 28");
    QTest::addRow("stall") << QStringLiteral("stall") << QStringLiteral("timed out (curl error 28");
    QTest::addRow("truncated body") << QStringLiteral("truncate")
                                    << QStringLiteral("the response was cut short (truncated) (curl error 18");
    QTest::addRow("500 always") << QStringLiteral("500")
                                << QStringLiteral("HTTP 500 Internal Server Error: Internal Server Error, after 2 "
                                                  "attempts");
    QTest::addRow("redirect loop") << QStringLiteral("loop")
                                   << QStringLiteral("more than 5 redirects (a redirect loop?)");
    QTest::addRow("invalid JSON") << QStringLiteral("json") << QStringLiteral(": azure page 2: not valid JSON");
    QTest::addRow("oversized body") << QStringLiteral("big")
                                    << QStringLiteral("the response is larger than the limit of 1.0 MiB");
    QTest::addRow("oversized chunked body")
        << QStringLiteral("big-chunked") << QStringLiteral("the response is larger than the limit of 1.0 MiB");
    QTest::addRow("page changes schema") << QStringLiteral("schema")
                                         << QStringLiteral(": azure page 2:/Items: is required");
    QTest::addRow("prices fail validation in bulk")
        << QStringLiteral("bulk") << QStringLiteral("4 of 7 rows rejected (more than 50 %): has the format changed?");
}

void TestFetch::azureFaultsLeaveCatalog()
{
    QFETCH(QString, fault);
    QFETCH(QString, message);
    // A good refresh first, so that there is an active Azure snapshot to protect.
    serveAzure();
    QVERIFY(update(azure()));
    const std::string before = activeDump();
    const std::size_t snapshots = snapshotCount();
    QVERIFY(before.find("Standard_NC24ads_A100_v4") != std::string::npos);

    const QByteArray base = m_server->baseUrl().toUtf8();
    const QByteArray good = test::fetchFixture("azure/page2.json").replace("{{BASE}}", base);
    serveAzure([fault, good, base](const HttpRequest& r) {
        HttpReply rep = HttpReply::ok(good);
        if (fault == QLatin1String("trickle")) {
            rep.fault = HttpReply::Fault::Trickle;
            rep.trickleIntervalMs = 300; // 3 bytes/s, under the 100 bytes/s limit
        } else if (fault == QLatin1String("stall"))
            rep.fault = HttpReply::Fault::Stall;
        else if (fault == QLatin1String("truncate")) {
            rep.fault = HttpReply::Fault::Truncate;
            rep.declaredLength = good.size() + 500;
        } else if (fault == QLatin1String("500"))
            rep = HttpReply::error(500);
        else if (fault == QLatin1String("loop"))
            rep = HttpReply::error(302).header("Location", r.target); // to itself, forever
        else if (fault == QLatin1String("json"))
            rep.body = good.left(200);
        else if (fault == QLatin1String("big"))
            rep.body = good + QByteArray(2 << 20, ' ');
        else if (fault == QLatin1String("big-chunked")) {
            rep.body = good + QByteArray(2 << 20, ' ');
            rep.fault = HttpReply::Fault::Chunked;
        } else if (fault == QLatin1String("schema"))
            rep.body = QByteArray(good).replace("\"Items\"", "\"Records\""); // the API renamed its list
        else if (fault == QLatin1String("bulk"))
            rep.body = test::fetchFixture("azure/page_bad_prices.json");
        return rep;
    });
    QElapsedTimer clock;
    clock.start();
    auto o = azure();
    o.maxBytes = 1 << 20; // 1 MiB (the default for an API page is 64 MiB)
    auto r = update(o);
    QVERIFY2(!r, "the refresh should have failed");
    QVERIFY2(clock.elapsed() < 15000, "a fault took too long to end");
    const std::string& detail = r.error().detail;
    QCOMPARE(r.error().code, core::ErrorCode::Network);
    QVERIFY2(detail.find(message.toStdString()) != std::string::npos, detail.c_str());
    QVERIFY2(detail.rfind("azure: ", 0) == 0, detail.c_str());
    if (fault != QLatin1String("bulk")) // where: the page and its URL
        QVERIFY2(detail.find("page 2") != std::string::npos && detail.find("$skip=1000") != std::string::npos,
            detail.c_str());
    QCOMPARE(activeDump(), before);
    QCOMPARE(snapshotCount(), snapshots);
}

void TestFetch::azureRetriesTransientFailures()
{
    // Page 2 answers 500 once, page 3 answers 429 with Retry-After: 1 once: the refresh waits, retries and imports
    // everything (same prices as azurePagesImport).
    const QByteArray base = m_server->baseUrl().toUtf8();
    auto calls = std::make_shared<QMap<QByteArray, int>>();
    m_server->route("/api/retail/prices", [base, calls](const HttpRequest& r) {
        const QByteArray page = r.query.contains("skip=1000") ? "2" : r.query.contains("skip=2000") ? "3" : "1";
        const int n = ++(*calls)[page];
        if (page == "2" && n == 1)
            return HttpReply::error(500);
        if (page == "3" && n == 1)
            return HttpReply::error(429).header("Retry-After", "1");
        const char* file = page == "1" ? "azure/page1.json"
            : page == "2"              ? "azure/page2.json"
                                       : "azure/page3_last.json";
        return HttpReply::ok(test::fetchFixture(file).replace("{{BASE}}", base));
    });
    auto r = update(azure());
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->offerings, std::size_t(5));
    QCOMPARE(r->prices, std::size_t(8));
    const auto active = *m_store->activeOfferings();
    QCOMPARE(rate(active, "azure", "eastus", "Standard_NC40ads_H100_v5"), 6.98);
    QCOMPARE(rate(active, "azure", "southcentralus", "Standard_NC64as_T4_v3"), 5.222);
    const auto seen = m_server->requests("/api/retail/prices");
    QCOMPARE(seen.size(), 5); // 1, 2 (500), 2, 3 (429), 3
    QVERIFY2(seen[4].receivedMs - seen[3].receivedMs >= 1000,
        qPrintable(QStringLiteral("retried after %1 ms").arg(seen[4].receivedMs - seen[3].receivedMs)));
}

void TestFetch::azurePagingLimits()
{
    serveAzure();
    const std::string before = activeDump();
    auto o = azure();
    o.maxPages = 2;
    auto r = update(o);
    QVERIFY(!r);
    QVERIFY2(r.error().detail.find("more than 2 pages and NextPageLink is still not empty") != std::string::npos,
        r.error().detail.c_str());
    // A NextPageLink back to an earlier page is a loop, found at once.
    const QByteArray base = m_server->baseUrl().toUtf8();
    m_server->route("/api/retail/prices", [base](const HttpRequest&) {
        QByteArray page = test::fetchFixture("azure/page1.json").replace("{{BASE}}", base);
        return HttpReply::ok(page.replace("&$skip=1000", ""));
    });
    auto loop = update(azure());
    QVERIFY(!loop);
    QVERIFY2(loop.error().detail.find("NextPageLink points back at an earlier page") != std::string::npos,
        loop.error().detail.c_str());
    QCOMPARE(activeDump(), before);
    QCOMPARE(snapshotCount(), std::size_t(0));
}

void TestFetch::azureSecondRefreshShowsMovers()
{
    serveAzure();
    QVERIFY(update(azure()));
    // The last page now says 4.9 for Standard_NC64as_T4_v3 in southcentralus (was 5.222): down 6.17 %.
    m_server->route("/api/retail/prices", [base = m_server->baseUrl().toUtf8()](const HttpRequest& r) {
        if (r.query.contains("skip=1000"))
            return HttpReply::ok(test::fetchFixture("azure/page2.json").replace("{{BASE}}", base));
        if (r.query.contains("skip=2000"))
            return HttpReply::ok(test::fetchFixture("azure/page3_last.json").replace("5.222", "4.9"));
        return HttpReply::ok(test::fetchFixture("azure/page1.json").replace("{{BASE}}", base));
    });
    auto r = update(azure());
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->diff.down.size(), std::size_t(1));
    QCOMPARE(r->diff.down[0].instanceType, std::string("Standard_NC64as_T4_v3"));
    QCOMPARE(r->diff.down[0].before, 5.222);
    QCOMPARE(r->diff.down[0].after, 4.9);
    QCOMPARE(r->diff.unchangedPrices, std::size_t(7));
    QVERIFY(r->diff.added.empty() && r->diff.removed.empty() && r->diff.up.empty());
    QCOMPARE(snapshotCount(), std::size_t(2));
    QCOMPARE(rate(*m_store->activeOfferings(), "azure", "southcentralus", "Standard_NC64as_T4_v3"), 4.9);
}

// ---------------------------------------------------------------------------------------------------------------
// AWS Price List, Spot Advisor, Alibaba, SkyPilot, GCP

void TestFetch::awsStreamsRegionalOfferFiles()
{
    // Regional offer files with ETags; a conditional request with the current ETag gets 304 Not Modified.
    auto etags = std::make_shared<QMap<QByteArray, QByteArray>>();
    (*etags)["us-east-1"] = "\"ue1-v1\"";
    (*etags)["us-east-2"] = "\"ue2-v1\"";
    auto ue2Body = std::make_shared<QByteArray>(test::fetchFixture("aws/us-east-2.csv"));
    m_server->route("/offers/v1.0/aws/AmazonEC2/current/region_index.json",
        [](const HttpRequest&) { return HttpReply::ok(test::fetchFixture("aws/region_index.json")); });
    for (const char* region : {"us-east-1", "us-east-2"}) {
        const QByteArray reg(region);
        m_server->route("/offers/v1.0/aws/AmazonEC2/20250912225308/" + reg + "/index.csv",
            [reg, etags, ue2Body](const HttpRequest& r) {
                const QByteArray etag = etags->value(reg);
                if (r.header("if-none-match") == etag)
                    return HttpReply::error(304).header("ETag", etag);
                const QByteArray body
                    = reg == "us-east-2" ? *ue2Body : test::fetchFixture(QByteArray("aws/" + reg + ".csv").constData());
                return HttpReply::ok(body, "text/csv").header("ETag", etag);
            });
    }
    fetch::UpdateOptions o;
    o.source = "aws";
    o.endpoint = m_server->baseUrl().toStdString();
    o.regions = {"us-east-1", "us-east-2"};
    auto r = update(o);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->documents, std::size_t(3)); // the index and two offer files
    auto active = *m_store->activeOfferings();
    // aws/us-east-1.csv: p4d.24xlarge 21.957642, g4dn.xlarge 0.526 (c4.large: no GPU; Windows: filtered);
    // aws/us-east-2.csv: p4d.24xlarge 21.95764, g4dn.xlarge 0.526.
    QCOMPARE(active.size(), std::size_t(4));
    QCOMPARE(rate(active, "aws", "us-east-1", "p4d.24xlarge"), 21.957642);
    QCOMPARE(rate(active, "aws", "us-east-1", "g4dn.xlarge"), 0.526);
    QCOMPARE(rate(active, "aws", "us-east-2", "p4d.24xlarge"), 21.95764);
    QCOMPARE(find(active, "aws", "us-east-1", "p4d.24xlarge")->gpuCount, 8.0);
    QCOMPARE(
        priceOf(find(active, "aws", "us-east-1", "p4d.24xlarge"), core::PricingModel::OnDemand)->asOf.substr(0, 10),
        std::string("2025-09-12")); // the file's Publication Date
    const std::size_t snaps = snapshotCount();
    const std::string before = activeDump();

    // Again: both files answer 304, nothing is downloaded or stored.
    auto again = update(o);
    QVERIFY2(again, again ? "" : again.error().detail.c_str());
    QVERIFY(again->unchanged);
    QCOMPARE(snapshotCount(), snaps);
    QCOMPARE(activeDump(), before);
    const auto ue1 = m_server->requests("/offers/v1.0/aws/AmazonEC2/20250912225308/us-east-1/index.csv");
    QCOMPARE(ue1.size(), 2);
    QCOMPARE(ue1[0].header("if-none-match"), QByteArray());
    QCOMPARE(ue1[1].header("if-none-match"), QByteArray("\"ue1-v1\""));

    // us-east-2 changes (p4d.24xlarge 21.95764 → 20.0): only it is downloaded; us-east-1's rows are kept.
    (*etags)["us-east-2"] = "\"ue2-v2\"";
    *ue2Body = QByteArray(*ue2Body).replace("21.9576400000", "20.0000000000");
    auto partial = update(o);
    QVERIFY2(partial, partial ? "" : partial.error().detail.c_str());
    QVERIFY(!partial->unchanged);
    QCOMPARE(snapshotCount(), snaps + 1);
    active = *m_store->activeOfferings();
    QCOMPARE(active.size(), std::size_t(4));
    QCOMPARE(rate(active, "aws", "us-east-2", "p4d.24xlarge"), 20.0);
    QCOMPARE(rate(active, "aws", "us-east-1", "p4d.24xlarge"), 21.957642);
    QCOMPARE(partial->diff.down.size(), std::size_t(1));
    QCOMPARE(partial->diff.unchangedPrices, std::size_t(3));

    // No regions given: those the current AWS catalog covers that the index has (here us-east-1 and us-east-2).
    m_server->clearRequests();
    o.regions.clear();
    QVERIFY(update(o));
    QCOMPARE(m_server->requests("/offers/v1.0/aws/AmazonEC2/20250912225308/eu-central-1/index.csv").size(), 0);
    // A region the index does not know is a bad argument.
    o.regions = {"mars-north-1"};
    auto unknown = update(o);
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().code, core::ErrorCode::InvalidInput);
    QVERIFY(unknown.error().detail.find("mars-north-1 is not in the AWS region index") != std::string::npos);
}

void TestFetch::awsSpotAdvisorAnnotatesSpotPrices()
{
    m_server->route("/spot-advisor-data.json", [](const HttpRequest& r) {
        if (r.header("if-none-match") == "\"sa1\"")
            return HttpReply::error(304).header("ETag", "\"sa1\"");
        return HttpReply::ok(test::fetchFixture("aws/spot-advisor-data.json")).header("ETag", "\"sa1\"");
    });
    fetch::UpdateOptions o;
    o.source = "aws-spot";
    o.endpoint = m_server->url("/spot-advisor-data.json");
    auto r = update(o);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    // The bundled AWS catalog's spot prices of p4d.24xlarge and g4dn.xlarge in us-east-1 get the advisor's buckets:
    // p4d {s 67, r 2} → "10-15%", g4dn {s 64, r 3} → "15-20%" (aws/spot-advisor-data.json).
    const auto active = *m_store->activeOfferings();
    int p4d = 0, g4dn = 0;
    for (const auto& off : active)
        for (const auto& p : off.prices)
            if (off.region == "us-east-1" && p.pricingModel == core::PricingModel::Spot) {
                if (off.instanceType == "p4d.24xlarge") {
                    ++p4d;
                    QCOMPARE(p.interruptionBucket.value_or(-1), 2);
                    QCOMPARE(p.interruptionLabel, std::string("10-15%"));
                    QCOMPARE(p.spotSavingsPct.value_or(-1), 67);
                } else if (off.instanceType == "g4dn.xlarge") {
                    ++g4dn;
                    QCOMPARE(p.interruptionBucket.value_or(-1), 3);
                }
            }
    QVERIFY(p4d > 0 && g4dn > 0);
    // The prices themselves did not move.
    QVERIFY(r->diff.up.empty() && r->diff.down.empty() && r->diff.removed.empty());
    const std::size_t snaps = snapshotCount();
    auto again = update(o);
    QVERIFY(again && again->unchanged);
    QCOMPARE(snapshotCount(), snaps);
}

void TestFetch::alibabaEtagMeansUnchanged()
{
    m_server->route("/instancePrice.json", [](const HttpRequest& r) {
        if (r.header("if-none-match") == "W/\"ali-7\"")
            return HttpReply::error(304).header("ETag", "W/\"ali-7\"");
        return HttpReply::ok(test::fetchFixture("alibaba/instancePrice.json")).header("ETag", "W/\"ali-7\"");
    });
    fetch::UpdateOptions o;
    o.source = "alibaba";
    o.endpoint = m_server->url("/instancePrice.json");
    auto r = update(o);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    const auto active = *m_store->activeOfferings();
    // alibaba/instancePrice.json: gn7i-c8g1.2xlarge 9.53 CNY/h and 4575.66 CNY a month, gn7i-c16g1.4xlarge 10.09,
    // gn6i-c4g1.xlarge 11.63; r5.6xlarge is no GPU type, gn8is-2x.8xlarge has no hardware in the catalog, the
    // Windows key is skipped.
    QCOMPARE(active.size(), std::size_t(3));
    QCOMPARE(rate(active, "alibaba", "cn-shanghai", "ecs.gn6i-c4g1.xlarge"), 11.63);
    QCOMPARE(find(active, "alibaba", "cn-shanghai", "ecs.gn6i-c4g1.xlarge")->gpuModel, std::string("T4"));
    const auto* gn7i = find(active, "alibaba", "cn-shanghai", "ecs.gn7i-c8g1.2xlarge");
    QVERIFY(gn7i);
    QCOMPARE(gn7i->gpuModel, std::string("A10"));
    const auto* od = priceOf(gn7i, core::PricingModel::OnDemand);
    QCOMPARE(od->hourlyRate, 9.53);
    QCOMPARE(od->currency, std::string("CNY"));
    const auto* sub = priceOf(gn7i, core::PricingModel::Subscription);
    QCOMPARE(sub->upfrontFee, 4575.66);
    QCOMPARE(sub->termMonths, 1);
    QCOMPARE(rate(active, "alibaba", "cn-shanghai", "ecs.gn7i-c16g1.4xlarge"), 10.09);

    // Second refresh: If-None-Match → 304 → "unchanged", no new snapshot.
    const std::size_t snaps = snapshotCount();
    const std::string before = activeDump();
    auto again = update(o);
    QVERIFY2(again, again ? "" : again.error().detail.c_str());
    QVERIFY(again->unchanged);
    QVERIFY(again->snapshotIds.empty());
    QCOMPARE(snapshotCount(), snaps);
    QCOMPARE(activeDump(), before);
    QCOMPARE(m_server->requests("/instancePrice.json").last().header("if-none-match"), QByteArray("W/\"ali-7\""));
    // Another Alibaba snapshot made active (here an import) invalidates the validators: full download again.
    auto other = m_store->importSnapshot({*gn7i}, "test", "gpuplan", 0);
    QVERIFY(other);
    auto third = update(o);
    QVERIFY(third && !third->unchanged);
    QCOMPARE(m_server->requests("/instancePrice.json").last().header("if-none-match"), QByteArray());
}

void TestFetch::skypilotLastModifiedMeansUnchanged()
{
    const QByteArray modified = "Wed, 21 Oct 2026 07:28:00 GMT";
    m_server->route("/catalogs/v8/lambda/vms.csv", [modified](const HttpRequest& r) {
        if (r.header("if-modified-since") == modified)
            return HttpReply::error(304);
        return HttpReply::ok(test::fetchFixture("skypilot/lambda_vms.csv"), "text/csv")
            .header("Last-Modified", modified);
    });
    fetch::UpdateOptions o;
    o.source = "skypilot-lambda";
    o.endpoint = m_server->url("/catalogs/v8/");
    o.asOf = "2026-11-30";
    auto r = update(o);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->provider, std::string("lambda"));
    const auto active = *m_store->activeOfferings();
    // skypilot/lambda_vms.csv: gpu_8x_a100 15.92 (us-east-1, us-west-1), gpu_1x_a100_sxm4 1.99, gpu_1x_a10 1.29;
    // the CPU row is no GPU offering.
    QCOMPARE(active.size(), std::size_t(4));
    QCOMPARE(rate(active, "lambda", "us-east-1", "gpu_8x_a100"), 15.92);
    QCOMPARE(rate(active, "lambda", "us-west-1", "gpu_8x_a100"), 15.92);
    QCOMPARE(rate(active, "lambda", "us-east-1", "gpu_1x_a100_sxm4"), 1.99);
    QCOMPARE(rate(active, "lambda", "us-east-1", "gpu_1x_a10"), 1.29);
    QCOMPARE(priceOf(find(active, "lambda", "us-east-1", "gpu_1x_a10"), core::PricingModel::OnDemand)->asOf,
        std::string("2026-11-30"));
    auto again = update(o);
    QVERIFY(again && again->unchanged);
    QCOMPARE(m_server->requests("/catalogs/v8/lambda/vms.csv").last().header("if-modified-since"), modified);
}

void TestFetch::gcpKeyOnlyInHeader()
{
    m_server->route("/v1/services/6F81-5844-456A/skus", [](const HttpRequest& r) {
        if (r.header("x-goog-api-key") != "test-key-123")
            return HttpReply::error(403,
                R"({"error": {"code": 403, "message": "API key not valid. Please pass a valid API key.", "status": "PERMISSION_DENIED"}})");
        if (r.query.contains("pageToken=fixture-page-2"))
            return HttpReply::ok(test::fetchFixture("gcp/skus_page2.json"));
        return HttpReply::ok(test::fetchFixture("gcp/skus_page1.json"));
    });
    fetch::UpdateOptions o;
    o.source = "gcp";
    o.endpoint = m_server->baseUrl().toStdString();
    o.gcpApiKey = "test-key-123";
    auto r = update(o);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->documents, std::size_t(2));
    // a2-highgpu-1g = 1 A100 (2.933908) + 12 cores × 0.031611 + 85 GiB × 0.004237 = 3.673385 USD/h
    // (gcp/skus_page1.json holds the GPU and RAM SKUs, skus_page2.json the core SKU).
    const auto active = *m_store->activeOfferings();
    const double a2 = rate(active, "gcp", "us-central1", "a2-highgpu-1g");
    QVERIFY2(std::abs(a2 - 3.673385) < 1e-9, qPrintable(QString::number(a2, 'g', 12)));
    for (const auto& req : m_server->requests()) {
        QVERIFY(!req.target.contains("test-key-123"));
        QCOMPARE(req.header("x-goog-api-key"), QByteArray("test-key-123"));
    }
    // A wrong key: the message says what the API said, never the key.
    const std::string before = activeDump();
    o.gcpApiKey = "wrong-key-456";
    auto bad = update(o);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, core::ErrorCode::Network);
    QVERIFY2(bad.error().detail.find("HTTP 403 Forbidden: {\"error\": {\"code\": 403, \"message\": \"API key not valid")
            != std::string::npos,
        bad.error().detail.c_str());
    QVERIFY(bad.error().detail.find("wrong-key-456") == std::string::npos);
    QCOMPARE(activeDump(), before);
}

void TestFetch::badOptions()
{
    const std::string before = activeDump();
    fetch::UpdateOptions o;
    o.source = "oracle";
    auto r = update(o);
    QVERIFY(!r);
    QCOMPARE(r.error().code, core::ErrorCode::InvalidInput);
    QCOMPARE(r.error().detail, std::string("unknown price source \"oracle\""));
    o.source = "gcp";
    r = update(o);
    QVERIFY(!r);
    QCOMPARE(r.error().detail, std::string("gcp: the Cloud Billing Catalog API needs an API key"));
    o = azure();
    o.regions = {"eastus' or 1 eq 1"};
    r = update(o);
    QVERIFY(!r);
    QCOMPARE(r.error().code, core::ErrorCode::InvalidInput);
    o = azure();
    o.endpoint = "ftp://127.0.0.1/prices";
    r = update(o);
    QVERIFY(!r);
    QCOMPARE(r.error().code, core::ErrorCode::InvalidInput);
    QVERIFY(m_server->requests().isEmpty());
    QCOMPARE(activeDump(), before);
    QCOMPARE(fetch::providerOf("skypilot-runpod"), std::string("runpod"));
    QCOMPARE(fetch::providerOf("aws-spot"), std::string("aws"));
    QVERIFY(fetch::isKnownSource("skypilot-lambda"));
    QVERIFY(!fetch::isKnownSource("skypilot-"));
}

QTEST_GUILESS_MAIN(TestFetch)
#include "tst_fetch.moc"
