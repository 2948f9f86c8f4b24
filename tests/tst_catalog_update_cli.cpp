// gpuplan-cli catalog update end to end: the real executable against a real HTTP server on 127.0.0.1 in this
// process that speaks the Azure Retail Prices API's paging (NextPageLink back to itself), a real SQLite file.
#include "http_test_server.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using gpuplan::test::HttpReply;
using gpuplan::test::HttpRequest;

namespace {
struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};
} // namespace

class TestCatalogUpdateCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void azureUpdateImportsPagesAndShowsChanges();
    void remoteFailureExits4AndKeepsCatalog();
    void unchangedIsSuccess();
    void gcpKeyFromEnvironmentOnly();
    void badArgumentsExit2();
    void exchangeRatesFromTheEcb();
    void gcpPricesFromCyclenerdsFile();

private:
    Run cli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(GPUPLAN_CLI), QStringList(args) << QStringLiteral("--db") << m_db);
        p.closeWriteChannel();
        if (!p.waitForFinished(120000))
            qFatal("gpuplan-cli did not finish");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }
    QString endpoint() const { return m_server->baseUrl() + QStringLiteral("/api/retail/prices"); }
    /// page 1 → NextPageLink …$skip=1000 → page 2 → …$skip=2000 → page 3 (NextPageLink null).
    void serveAzure(QByteArray lastPageFrom = {}, QByteArray lastPageTo = {})
    {
        const QByteArray base = m_server->baseUrl().toUtf8();
        m_server->route("/api/retail/prices", [=](const HttpRequest& r) {
            if (r.query.contains("skip=1000"))
                return HttpReply::ok(gpuplan::test::fetchFixture("azure/page2.json").replace("{{BASE}}", base));
            if (r.query.contains("skip=2000")) {
                QByteArray last = gpuplan::test::fetchFixture("azure/page3_last.json");
                if (!lastPageFrom.isEmpty())
                    last.replace(lastPageFrom, lastPageTo);
                return HttpReply::ok(last);
            }
            return HttpReply::ok(gpuplan::test::fetchFixture("azure/page1.json").replace("{{BASE}}", base));
        });
    }
    QJsonArray azureRows()
    {
        const Run l = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--provider"),
            QStringLiteral("azure"), QStringLiteral("--format"), QStringLiteral("json")});
        return QJsonDocument::fromJson(l.out).array();
    }
    QTemporaryDir m_dir;
    QString m_db;
    int m_n = 0;
    std::unique_ptr<gpuplan::test::HttpTestServer> m_server;
};

void TestCatalogUpdateCli::initTestCase()
{
    // Children inherit this: traffic to 127.0.0.1 never goes through a proxy; no GCP key unless a test sets one.
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
    qunsetenv("GPUPLAN_GCP_API_KEY");
}

void TestCatalogUpdateCli::init()
{
    m_db = m_dir.filePath(QStringLiteral("u%1.sqlite").arg(++m_n));
    m_server = std::make_unique<gpuplan::test::HttpTestServer>();
}

void TestCatalogUpdateCli::cleanup()
{
    m_server.reset();
}

void TestCatalogUpdateCli::azureUpdateImportsPagesAndShowsChanges()
{
    serveAzure();
    const Run r = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
        QStringLiteral("azure"), QStringLiteral("--endpoint"), endpoint()});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(m_server->requests("/api/retail/prices").size(), 3);
    // progress on stderr, the report on stdout
    QVERIFY2(r.err.contains("azure: page 1") && r.err.contains("azure: page 3"), r.err.constData());
    QVERIFY2(
        r.out.contains(QByteArray("azure: updated from " + endpoint().toUtf8() + " (3 documents")), r.out.constData());
    // tests/data/fetch/azure: 5 offerings with 8 prices; against the bundled catalog's 34 Azure offerings.
    QVERIFY2(r.out.contains("5 offerings, 8 prices (before: 34 offerings)"), r.out.constData());
    QVERIFY(r.out.contains("offerings: 0 new, 29 removed"));
    QVERIFY(r.out.contains("prices: 0 up, 0 down, 8 unchanged, 0 new, 1 removed"));
    QVERIFY(r.out.contains("Standard_NC16ads_A10_v4")); // left out: no hardware known (a note)
    const QJsonArray rows = azureRows();
    QCOMPARE(rows.size(), 8);
    bool a100 = false;
    for (const auto& v : rows) {
        const auto o = v.toObject();
        if (o.value(QStringLiteral("region")).toString() == QLatin1String("eastus")
            && o.value(QStringLiteral("instance_type")).toString() == QLatin1String("Standard_NC24ads_A100_v4")
            && o.value(QStringLiteral("pricing_model")).toString() == QLatin1String("on_demand")) {
            a100 = true;
            QCOMPARE(o.value(QStringLiteral("hourly_rate")).toDouble(), 3.673);
            QCOMPARE(o.value(QStringLiteral("gpu")).toString(), QStringLiteral("A100-PCIe-80GB"));
        }
    }
    QVERIFY(a100);

    // The provider lowers one price (page 3: NC64as_T4_v3 southcentralus 5.222 → 4.9): the biggest mover.
    serveAzure("5.222", "4.9");
    const Run again = cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
        QStringLiteral("azure"), QStringLiteral("--endpoint"), endpoint()});
    QVERIFY2(again.code == 0, again.err.constData());
    QVERIFY2(again.out.contains("prices: 0 up, 1 down, 7 unchanged"), again.out.constData());
    QVERIFY(again.out.contains("biggest movers:"));
    QVERIFY(again.out.contains("Standard_NC64as_T4_v3"));
    QVERIFY(again.out.contains("-6.2 %")); // 4.9 / 5.222 − 1
    const Run snaps = cli({QStringLiteral("catalog"), QStringLiteral("snapshots")});
    QCOMPARE(snaps.out.count("fetch:azure"), 2);
}

void TestCatalogUpdateCli::remoteFailureExits4AndKeepsCatalog()
{
    serveAzure();
    QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
                     QStringLiteral("azure"), QStringLiteral("--endpoint"), endpoint()})
                 .code,
        0);
    const QJsonArray before = azureRows();
    QCOMPARE(before.size(), 8);
    m_server->route("/api/retail/prices", [](const HttpRequest&) { return HttpReply::error(500); });
    const Run r = cli(
        {QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"), QStringLiteral("azure"),
            QStringLiteral("--endpoint"), endpoint(), QStringLiteral("--retries"), QStringLiteral("1")});
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains(QByteArray("gpuplan-cli: azure: page 1: GET " + endpoint().toUtf8() + "?api-version=")),
        r.err.constData());
    QVERIFY(r.err.contains("HTTP 500 Internal Server Error"));
    QVERIFY(r.err.contains("after 2 attempts"));
    QVERIFY(r.err.contains("azure: nothing imported; the active catalog is unchanged"));
    QVERIFY(r.out.isEmpty());
    QCOMPARE(azureRows(), before);
    // Nothing listens there at all: also 4.
    const QString closed = QStringLiteral("http://127.0.0.1:1/api/retail/prices");
    const Run refused = cli(
        {QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"), QStringLiteral("azure"),
            QStringLiteral("--endpoint"), closed, QStringLiteral("--retries"), QStringLiteral("0")});
    QCOMPARE(refused.code, 4);
    QVERIFY2(refused.err.contains("cannot connect"), refused.err.constData());
    QCOMPARE(azureRows(), before);
}

void TestCatalogUpdateCli::unchangedIsSuccess()
{
    m_server->route("/catalogs/v8/lambda/vms.csv", [](const HttpRequest& r) {
        if (r.header("if-none-match") == "\"lambda-1\"")
            return HttpReply::error(304).header("ETag", "\"lambda-1\"");
        return HttpReply::ok(gpuplan::test::fetchFixture("skypilot/lambda_vms.csv"), "text/csv")
            .header("ETag", "\"lambda-1\"");
    });
    const QStringList args {QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
        QStringLiteral("skypilot-lambda"), QStringLiteral("--endpoint"),
        m_server->baseUrl() + QStringLiteral("/catalogs/v8")};
    const Run first = cli(args);
    QVERIFY2(first.code == 0, first.err.constData());
    QVERIFY(first.out.contains("skypilot-lambda: updated from"));
    const Run second = cli(args);
    QCOMPARE(second.code, 0);
    QVERIFY2(second.out.contains("skypilot-lambda: unchanged since the last update"), second.out.constData());
    QVERIFY(second.out.contains("304 Not Modified"));
    const Run snaps = cli({QStringLiteral("catalog"), QStringLiteral("snapshots")});
    QCOMPARE(snaps.out.count("fetch:skypilot-lambda"), 1);
}

void TestCatalogUpdateCli::gcpKeyFromEnvironmentOnly()
{
    m_server->route("/v1/services/6F81-5844-456A/skus", [](const HttpRequest& r) {
        if (r.header("x-goog-api-key") != "cli-key-789")
            return HttpReply::error(403, R"({"error": {"code": 403, "message": "API key not valid."}})");
        if (r.query.contains("pageToken=fixture-page-2"))
            return HttpReply::ok(gpuplan::test::fetchFixture("gcp/skus_page2.json"));
        return HttpReply::ok(gpuplan::test::fetchFixture("gcp/skus_page1.json"));
    });
    const QStringList args {QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
        QStringLiteral("gcp"), QStringLiteral("--endpoint"), m_server->baseUrl()};
    const Run noKey = cli(args);
    QCOMPARE(noKey.code, 2);
    QVERIFY2(noKey.err.contains("GPUPLAN_GCP_API_KEY"), noKey.err.constData());
    QVERIFY(m_server->requests().isEmpty());
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLAN_GCP_API_KEY"), QStringLiteral("cli-key-789"));
    const Run ok = cli(args, env);
    QVERIFY2(ok.code == 0, ok.err.constData());
    QVERIFY(!ok.out.contains("cli-key-789") && !ok.err.contains("cli-key-789"));
    env.insert(QStringLiteral("GPUPLAN_GCP_API_KEY"), QStringLiteral("wrong-key-000"));
    const Run wrong = cli(args, env);
    QCOMPARE(wrong.code, 4);
    QVERIFY(wrong.err.contains("HTTP 403"));
    QVERIFY(!wrong.out.contains("wrong-key-000") && !wrong.err.contains("wrong-key-000"));
    // Nothing of the key is in the store either.
    QFile db(m_db);
    QVERIFY(db.open(QIODevice::ReadOnly));
    QVERIFY(!db.readAll().contains("cli-key-789"));
}

void TestCatalogUpdateCli::badArgumentsExit2()
{
    const QString update = QStringLiteral("update");
    const QString catalog = QStringLiteral("catalog");
    Run r = cli({catalog, update, QStringLiteral("--provider"), QStringLiteral("oracle")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("unknown --provider \"oracle\""));
    r = cli({catalog, update, QStringLiteral("--provider"), QStringLiteral("azure,aws"), QStringLiteral("--endpoint"),
        endpoint()});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("give exactly one --provider"));
    r = cli({catalog, update, QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--retries"),
        QStringLiteral("many")});
    QCOMPARE(r.code, 2);
    r = cli({catalog, update, QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--endpoint"),
        QStringLiteral("ftp://127.0.0.1/prices")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("http:// or https://"));
    r = cli({catalog, update, QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--region"),
        QStringLiteral("east us"), QStringLiteral("--endpoint"), endpoint()});
    QCOMPARE(r.code, 2);
    QVERIFY(m_server->requests().isEmpty());
}

// catalog update --provider fx against the ECB's real daily file of 2025-05-09 (tests/data/fetch/ecb): its rates per
// EUR become rates per USD; per currency the newest one is used, so the bundled CNY of 2026-04-13 stays, and AUD,
// which the bundle lacks, arrives: 1.7572 AUD / 1.1252 USD per EUR = 1.561678 AUD per USD. A truncated download, a
// document cut off, or a decimal comma changes nothing.
void TestCatalogUpdateCli::exchangeRatesFromTheEcb()
{
    const QByteArray real = gpuplan::test::fetchFixture("ecb/eurofxref-daily_2025-05-09.xml");
    const QString url = QString::fromStdString(m_server->url("/stats/eurofxref/eurofxref-daily.xml"));
    const QStringList update {QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
        QStringLiteral("fx"), QStringLiteral("--endpoint"), url, QStringLiteral("--retries"), QStringLiteral("0")};
    const QStringList planAud {QStringLiteral("plan"),
        QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json"), QStringLiteral("--currency"),
        QStringLiteral("AUD"), QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--top"),
        QStringLiteral("1")};
    const Run before = cli(planAud);
    QCOMPARE(before.code, 2);
    QVERIFY2(before.err.contains("no exchange rate for \"AUD\""), before.err.constData());

    m_server->route(
        "/stats/eurofxref/eurofxref-daily.xml", [real](const HttpRequest&) { return HttpReply::ok(real, "text/xml"); });
    const Run r = cli(update);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains(QByteArray("fx: updated from " + url.toUtf8())), r.out.constData());
    QVERIFY(r.out.contains("30 rates per USD of 2025-05-09 stored"));
    QVERIFY2(r.out.contains("CNY: 6.832164 per USD of 2026-04-13 stays in use"), r.out.constData());
    QVERIFY(r.out.contains("AUD: 1.561678 per USD (new)"));
    auto audTotal = [&] {
        const Run p = cli(planAud);
        if (p.code != 0)
            return -1.0;
        const auto c
            = QJsonDocument::fromJson(p.out).object().value(QStringLiteral("candidates")).toArray()[0].toObject();
        return c.value(QStringLiteral("total_cost")).toDouble() / c.value(QStringLiteral("cost_usd")).toDouble();
    };
    QVERIFY(std::abs(audTotal() - 1.7572 / 1.1252) < 1e-9);

    // Failures, each with AUD moved to 1.9999 per EUR in the body: nothing is stored.
    const QByteArray moved = QByteArray(real).replace("rate='1.7572'", "rate='1.9999'");
    m_server->route("/stats/eurofxref/eurofxref-daily.xml", [moved](const HttpRequest&) {
        auto rep = HttpReply::ok(moved.left(moved.size() / 2), "text/xml");
        rep.fault = HttpReply::Fault::Truncate;
        rep.declaredLength = moved.size();
        return rep;
    });
    Run bad = cli(update);
    QCOMPARE(bad.code, 4);
    QVERIFY2(bad.err.contains("gpuplan-cli: fx: ") && bad.err.contains("the exchange rates in use are unchanged"),
        bad.err.constData());
    m_server->route("/stats/eurofxref/eurofxref-daily.xml",
        [moved](const HttpRequest&) { return HttpReply::ok(moved.left(moved.size() - 30), "text/xml"); });
    bad = cli(update);
    QCOMPARE(bad.code, 4);
    QVERIFY2(bad.err.contains("eurofxref-daily.xml:line") && bad.err.contains("cut off"), bad.err.constData());
    m_server->route("/stats/eurofxref/eurofxref-daily.xml", [moved](const HttpRequest&) {
        return HttpReply::ok(QByteArray(moved).replace("rate='163.36'", "rate='163,36'"), "text/xml");
    });
    bad = cli(update);
    QCOMPARE(bad.code, 4);
    QVERIFY2(bad.err.contains("got \"163,36\""), bad.err.constData());
    QVERIFY(std::abs(audTotal() - 1.7572 / 1.1252) < 1e-9);
}

// `catalog update --provider gcp-pricing` reads Cyclenerd's pricing.yml (the importer's fixture, real figures) from
// a server on 127.0.0.1; a truncated or broken download stores nothing.
void TestCatalogUpdateCli::gcpPricesFromCyclenerdsFile()
{
    const QByteArray real = [] {
        QFile f(QStringLiteral(GPUPLAN_TEST_DATA "/importers/gcp_pricing/pricing_excerpt.yml"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    QVERIFY(!real.isEmpty());
    const QString url = QString::fromStdString(m_server->url("/Cyclenerd/pricing.yml"));
    const QStringList update {QStringLiteral("catalog"), QStringLiteral("update"), QStringLiteral("--provider"),
        QStringLiteral("gcp-pricing"), QStringLiteral("--endpoint"), url, QStringLiteral("--retries"),
        QStringLiteral("0")};
    const QStringList list {QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--provider"),
        QStringLiteral("gcp"), QStringLiteral("--format"), QStringLiteral("json")};
    auto a3 = [&] {
        double rate = -1;
        for (const auto& row : QJsonDocument::fromJson(cli(list).out).array()) {
            const QJsonObject o = row.toObject();
            if (o.value(QStringLiteral("instance_type")).toString() == QLatin1String("a3-highgpu-8g")
                && o.value(QStringLiteral("region")).toString() == QLatin1String("us-central1")
                && o.value(QStringLiteral("pricing_model")).toString() == QLatin1String("on_demand"))
                rate = o.value(QStringLiteral("hourly_rate")).toDouble();
        }
        return rate;
    };
    QVERIFY(a3() != 77.5); // the planned catalog (ctest's frozen copy has no a3-highgpu-8g at all)
    m_server->route("/Cyclenerd/pricing.yml", [real](const HttpRequest&) {
        return HttpReply::ok(QByteArray(real).replace("88.4899999025753", "77.5"), "text/plain");
    });
    const Run r = cli(update);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(r.out.contains(QByteArray(QByteArray("gcp-pricing: updated from ") + url.toUtf8())), r.out.constData());
    QVERIFY2(r.out.contains("9 GPU machine offerings"), r.out.constData());
    QCOMPARE(a3(), 77.5);
    // truncated mid-document and a YAML syntax error: nothing is stored, the 77.5 stays
    m_server->route("/Cyclenerd/pricing.yml", [real](const HttpRequest&) {
        auto rep
            = HttpReply::ok(QByteArray(real).replace("88.4899999025753", "66.5").left(real.size() / 2), "text/plain");
        rep.fault = HttpReply::Fault::Truncate;
        rep.declaredLength = real.size();
        return rep;
    });
    Run bad = cli(update);
    QCOMPARE(bad.code, 4);
    QVERIFY2(bad.err.contains("gcp-pricing: ") && bad.err.contains("unchanged"), bad.err.constData());
    m_server->route("/Cyclenerd/pricing.yml", [real](const HttpRequest&) {
        return HttpReply::ok(
            QByteArray(real).replace("88.4899999025753", "66.5").replace("compute:", "compute: ["), "text/plain");
    });
    bad = cli(update);
    QCOMPARE(bad.code, 4);
    QVERIFY2(bad.err.contains("not valid YAML"), bad.err.constData());
    QCOMPARE(a3(), 77.5);
}

QTEST_GUILESS_MAIN(TestCatalogUpdateCli)
#include "tst_catalog_update_cli.moc"
