// gpuplan-cli catalog and priced plans end to end: the real executable, a real SQLite file.
#include "testfiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#ifndef _WIN32
#include <unistd.h> // geteuid
#endif

namespace {
struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

QString data(const char* name)
{
    return QStringLiteral(GPUPLAN_TEST_DATA "/catalog/") + QString::fromUtf8(name);
}
} // namespace

class TestCatalogCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { m_db = m_dir.filePath(QStringLiteral("t%1.sqlite").arg(++m_n)); }
    void listShowsBundledCoverage();
    void validateNamesRows();
    void convertWritesWhatImportReads();
    void convertJoinsTheSpotAdvisor();
    void everyPricingKindEndToEnd();
    void failedImportKeepsCatalog();
    void mostlyBadFileIsRefused();
    void readOnlyStore();
    void killedImportKeepsCatalog();
    void planExplainsExclusionsAndConverts();
    void rentVsBuyAndPacking();
    void calibrationChangesEstimates();
    void reservedBaselineFollowsTheRankRule();
    void checkCatchesAWrongImport(); // last: it leaves a deliberately wrong catalog in the store

private:
    /// `asUser`: run as an unprivileged user (root ignores file permissions: setpriv drops to nobody).
    Run cli(const QStringList& args, bool asUser = false)
    {
        QProcess p;
        QStringList all = QStringList(args) << QStringLiteral("--db") << m_db;
        if (asUser) {
            // The other user reads the data compiled into the program, not files in this user's build tree.
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("GPUPLAN_CATALOG_DIR"));
            env.remove(QStringLiteral("GPUPLAN_DATA_DIR"));
            p.setProcessEnvironment(env);
        }
#ifndef _WIN32
        if (asUser && ::geteuid() == 0) {
            all.prepend(QStringLiteral(GPUPLAN_CLI));
            all = QStringList {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                      QStringLiteral("--clear-groups")}
                + all;
            p.start(QStringLiteral("setpriv"), all);
        } else
#endif
            p.start(QStringLiteral(GPUPLAN_CLI), all);
        p.closeWriteChannel();
        if (!p.waitForFinished(180000))
            qFatal("gpuplan-cli did not finish");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }
    QTemporaryDir m_dir;
    QString m_db;
    int m_n = 0;
};

void TestCatalogCli::listShowsBundledCoverage()
{
    const Run r
        = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.code, 0);
    const auto rows = QJsonDocument::fromJson(r.out).array();
    std::set<QString> providers, gpus, kinds;
    for (const auto& v : rows) {
        const auto o = v.toObject();
        providers.insert(o.value(QStringLiteral("provider")).toString());
        gpus.insert(o.value(QStringLiteral("gpu")).toString());
        if (o.contains(QStringLiteral("pricing_model"))) {
            kinds.insert(o.value(QStringLiteral("pricing_model")).toString());
            QVERIFY(!o.value(QStringLiteral("as_of")).toString().isEmpty());
            QVERIFY(!o.value(QStringLiteral("source")).toString().isEmpty());
            QVERIFY(o.value(QStringLiteral("per_gpu_hour")).toDouble() > 0);
        }
    }
    QVERIFY(providers.size() >= 9);
    for (const char* p : {"alibaba", "tencent", "huawei"})
        QVERIFY2(providers.count(QString::fromUtf8(p)), p);
    QVERIFY(gpus.size() >= 14);
    QVERIFY(kinds.count(QStringLiteral("on_demand")) && kinds.count(QStringLiteral("spot")));
    // filters
    const Run h = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--gpu"),
        QStringLiteral("h100"), QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(h.code, 0);
    const auto lines = h.out.split('\n');
    QVERIFY(lines.size() > 3);
    for (int i = 1; i < lines.size(); ++i)
        if (!lines[i].trimmed().isEmpty())
            QVERIFY2(lines[i].contains(",H100-SXM-80GB,"), lines[i].constData());
    QCOMPARE(
        cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--gpu"), QStringLiteral("Z99")}).code,
        2);
}

void TestCatalogCli::validateNamesRows()
{
    const Run ok = cli({QStringLiteral("catalog"), QStringLiteral("validate"), data("quote-all-kinds.json")});
    QCOMPARE(ok.code, 0);
    QVERIFY(ok.out.contains("1 offerings, 7 prices, 0 problems"));
    const Run bad = cli({QStringLiteral("catalog"), QStringLiteral("validate"), data("broken-rows.json")});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("broken-rows.json:/offerings/0/prices/1/hourly_rate: must be zero or positive, got -3"),
        bad.err.constData());
    QVERIFY2(bad.err.contains("broken-rows.json:/offerings/1/gpu_count: must be a positive number, got 0"),
        bad.err.constData());
    QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("validate"), QStringLiteral("/nonexistent.json")}).code, 2);
}

// `catalog convert` writes the gpuplan.catalog/1 file the bundled catalog is built from (pricing-data/build/gcp.sh);
// read back through validate and import it carries the same prices as the YAML it came from.
void TestCatalogCli::convertWritesWhatImportReads()
{
    const QString out = m_dir.filePath(QStringLiteral("gcp-converted.json"));
    const Run c = cli({QStringLiteral("catalog"), QStringLiteral("convert"),
        QStringLiteral(GPUPLAN_TEST_DATA "/importers/gcp_pricing/pricing_excerpt.yml"), QStringLiteral("--format"),
        QStringLiteral("gcp-pricing"), QStringLiteral("--source"), QStringLiteral("https://example.org/pricing.yml"),
        QStringLiteral("--notes"), QStringLiteral("fixture"), QStringLiteral("--output"), out});
    QVERIFY2(c.code == 0, c.err.constData());
    QVERIFY(c.err.contains("must be a positive number, got -3")); // the file's problems are still said
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("gpuplan.catalog/1"));
    QCOMPARE(doc.value(QStringLiteral("provider")).toString(), QStringLiteral("gcp"));
    QCOMPARE(doc.value(QStringLiteral("as_of")).toString(), QStringLiteral("2026-07-30")); // every price's date
    QCOMPARE(doc.value(QStringLiteral("notes")).toString(), QStringLiteral("fixture"));
    QCOMPARE(doc.value(QStringLiteral("offerings")).toArray().size(), 9);
    const Run v = cli({QStringLiteral("catalog"), QStringLiteral("validate"), out});
    QVERIFY2(v.code == 0 && v.out.contains("9 offerings, 29 prices, 0 problems"), v.out.constData());
    QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("import"), out}).code, 0);
    const Run l = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--provider"),
        QStringLiteral("gcp"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(l.code, 0);
    bool onDemand = false, committed = false;
    for (const auto& row : QJsonDocument::fromJson(l.out).array()) {
        const QJsonObject o = row.toObject();
        if (o.value(QStringLiteral("instance_type")).toString() != QLatin1String("a3-highgpu-8g"))
            continue;
        QCOMPARE(o.value(QStringLiteral("source")).toString(), QStringLiteral("https://example.org/pricing.yml"));
        const QString kind = o.value(QStringLiteral("pricing_model")).toString();
        const int term = o.value(QStringLiteral("term_months")).toInt();
        if (kind == QLatin1String("on_demand")) {
            onDemand = true;
            QCOMPARE(o.value(QStringLiteral("hourly_rate")).toDouble(), 88.4899999025753);
        } else if (kind == QLatin1String("committed_use") && term == 12) {
            committed = true;
            // month_1y 44810.08066464 over 730 h = 61.3836721433…, 7.67295901792… per GPU-hour
            QVERIFY(qAbs(o.value(QStringLiteral("hourly_rate")).toDouble() - 44810.08066464 / 730) < 1e-9);
            QVERIFY(qAbs(o.value(QStringLiteral("per_gpu_hour")).toDouble() - 7.672959017918) < 1e-9);
        }
    }
    QVERIFY(onDemand && committed);
    const Run bad = cli({QStringLiteral("catalog"), QStringLiteral("convert"), data("check-rules.json")});
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains("--format is required"));
}

// pricing-data/build/aws.sh: SkyPilot's AWS rows converted with the Spot Advisor's buckets joined on the spot prices.
// The advisor excerpt gives g4dn.xlarge in eu-central-1 bucket 2 ("10-15%", 62 % savings; tst_importers
// spotAdvisorApply); its 6 matching spot prices are counted, and the on-demand price stays regional.
void TestCatalogCli::convertJoinsTheSpotAdvisor()
{
    const QString out = m_dir.filePath(QStringLiteral("aws-converted.json"));
    const QString advisor = QStringLiteral(GPUPLAN_TEST_DATA "/importers/spot_advisor/spot-advisor-excerpt.json");
    const QStringList args {QStringLiteral("catalog"), QStringLiteral("convert"),
        QStringLiteral(GPUPLAN_TEST_DATA "/importers/skypilot/aws_reordered_crlf.csv"), QStringLiteral("--format"),
        QStringLiteral("skypilot"), QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--as-of"),
        QStringLiteral("2026-11-30"), QStringLiteral("--output"), out};
    const Run c = cli(args
        + QStringList {QStringLiteral("--spot-advisor"), advisor, QStringLiteral("--spot-advisor-source"),
            QStringLiteral("advisor fixture")});
    QVERIFY2(c.code == 0, c.err.constData());
    QVERIFY2(c.err.contains("6 spot prices given the Spot Advisor's interruption bucket"), c.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    bool spot = false, regional = false;
    for (const auto& v : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("offerings")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("instance_type")).toString() != QLatin1String("g4dn.xlarge")
            || o.value(QStringLiteral("region")).toString() != QLatin1String("eu-central-1"))
            continue;
        const QJsonObject p = o.value(QStringLiteral("prices")).toArray().first().toObject();
        if (o.value(QStringLiteral("zone")).toString() == QLatin1String("euc1-az3")) {
            spot = true;
            QCOMPARE(p.value(QStringLiteral("pricing_model")).toString(), QStringLiteral("spot"));
            QCOMPARE(p.value(QStringLiteral("interruption_bucket")).toInt(), 2);
            QCOMPARE(p.value(QStringLiteral("interruption_label")).toString(), QStringLiteral("10-15%"));
            QCOMPARE(p.value(QStringLiteral("spot_savings_pct")).toInt(), 62);
            QVERIFY(p.value(QStringLiteral("source"))
                        .toString()
                        .endsWith(QLatin1String("; interruption bucket and savings % from advisor fixture")));
        } else if (!o.contains(QStringLiteral("zone"))) {
            regional = true;
            QCOMPARE(p.value(QStringLiteral("pricing_model")).toString(), QStringLiteral("on_demand"));
            QCOMPARE(p.value(QStringLiteral("hourly_rate")).toDouble(), 0.658);
        }
    }
    QVERIFY(spot && regional);
    // An advisor file that cannot be read: exit 2, the option and the file named, nothing written.
    QFile::remove(out);
    const Run bad = cli(args + QStringList {QStringLiteral("--spot-advisor"), QStringLiteral("/nonexistent/a.json")});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("--spot-advisor:") && bad.err.contains("/nonexistent/a.json"), bad.err.constData());
    QVERIFY(!QFile::exists(out));
}

void TestCatalogCli::everyPricingKindEndToEnd()
{
    // Quote → store → planner → output, for all seven pricing kinds. A 100 GPU-hour job on one L4:
    //   spot 0.40/h, bucket 0: λ = −ln(0.975)/730 = 3.468e-5 /h, Daly τ = √(2·(1/60)·28 834) − 1/60 = 30.99 h,
    //     overhead = λ·(0.1 + τ/2) + (1/60)/τ = 0.000541 + 0.000538 = 0.00108 → 40.04 USD
    //   subscription 500 CNY for one month (tax included) = 500 / 6.832164 = 73.18 USD (fx.json: ECB
    //     13 April 2026, 7.9827 CNY and 1.1684 USD per EUR → 6.832164 CNY per USD)
    //   capacity block 0.90/h billed by the hour: 90 USD;  on demand 1.00/h: 100 USD
    //   committed use 0.55 × 8 760 = 4 818;  reserved 5 000 upfront;  savings plan 0.60 × 8 760 = 5 256 USD
    QVERIFY(cli({QStringLiteral("catalog"), QStringLiteral("import"), data("quote-all-kinds.json")}).code == 0);
    QTemporaryDir dir;
    const QString wl = dir.filePath(QStringLiteral("job.json"));
    QFile f(wl);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        R"({"schema":"gpuplan.workload/1","kind":"batch","batch":{"reference_gpu":"L4","gpu_hours":100,"bound":"tensor"},
               "constraints":{"providers":["quotecloud"]}})");
    f.close();
    const Run r = cli({QStringLiteral("plan"), wl, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto cands = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("candidates")).toArray();
    QCOMPARE(cands.size(), 7);
    const std::vector<std::pair<QLatin1String, double>> expected = {{QLatin1String("spot"), 40.04},
        {QLatin1String("subscription"), 73.18}, {QLatin1String("capacity_block"), 90.0},
        {QLatin1String("on_demand"), 100.0}, {QLatin1String("committed_use"), 4818.0},
        {QLatin1String("reserved"), 5000.0}, {QLatin1String("savings_plan"), 5256.0}};
    for (int i = 0; i < 7; ++i) {
        const auto c = cands[i].toObject();
        QCOMPARE(c.value(QStringLiteral("pricing_model")).toString(), QString(expected[i].first));
        const double usd = c.value(QStringLiteral("cost_usd")).toDouble();
        QVERIFY2(std::abs(usd - expected[i].second) < 0.01 * expected[i].second + 0.005,
            qPrintable(QStringLiteral("%1: %2").arg(QString(expected[i].first)).arg(usd)));
        for (const char* key :
            {"provider", "region", "instance_type", "gpu", "gpus_per_instance", "instances", "term_months", "currency",
                "hourly_cost", "total_cost", "wall_hours", "gpu_hours", "pareto", "as_of", "source"})
            QVERIFY2(c.contains(QString::fromUtf8(key)), key);
    }
    // Cheapest is on the Pareto front; commitments cost more for no speed: not on it.
    QVERIFY(cands[0].toObject().value(QStringLiteral("pareto")).toBool());
    QVERIFY(!cands[6].toObject().value(QStringLiteral("pareto")).toBool());
}

void TestCatalogCli::failedImportKeepsCatalog()
{
    QVERIFY(cli({QStringLiteral("catalog"), QStringLiteral("import"), data("quote-all-kinds.json")}).code == 0);
    // Truncated JSON: an error naming the file; nothing imported.
    QTemporaryDir dir;
    const QString cut = dir.filePath(QStringLiteral("cut.json"));
    QFile src(data("quote-all-kinds.json")), dst(cut);
    QVERIFY(src.open(QIODevice::ReadOnly) && dst.open(QIODevice::WriteOnly));
    dst.write(src.readAll().left(300));
    dst.close();
    const Run r = cli({QStringLiteral("catalog"), QStringLiteral("import"), cut});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("cut.json: not valid JSON"));
    QVERIFY(r.err.contains("the active catalog is unchanged"));
    const Run s = cli({QStringLiteral("catalog"), QStringLiteral("snapshots")});
    QCOMPARE(s.out.count("quote-all-kinds.json"), 1);
}

// 199 of 200 rows bad (gpu_count 0): once exit 0 with the provider's catalog replaced by one priced row. Now refused
// (exit 2, nothing stored) unless --accept-partial; 1 200 problems are counted, the first 1 000 listed.
void TestCatalogCli::mostlyBadFileIsRefused()
{
    QVERIFY(cli({QStringLiteral("catalog"), QStringLiteral("import"), data("quote-all-kinds.json")}).code == 0);
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("mostly-bad.json"));
    QVERIFY(gpuplan::test::writeMostlyBadCatalog(bad, 200));
    const Run r = cli({QStringLiteral("catalog"), QStringLiteral("import"), bad});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("mostly-bad.json: 199 problems against 1 accepted prices"), r.err.constData());
    QVERIFY(r.err.contains("--accept-partial"));
    QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("snapshots")}).out.count("mostly-bad.json"), 0);
    const Run partial
        = cli({QStringLiteral("catalog"), QStringLiteral("import"), bad, QStringLiteral("--accept-partial")});
    QVERIFY2(partial.code == 0, partial.err.constData());
    QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("snapshots")}).out.count("mostly-bad.json"), 1);

    QVERIFY(gpuplan::test::writeMostlyBadCatalog(bad, 1201)); // 1 200 bad rows: 1 000 listed, the rest counted
    const Run v = cli({QStringLiteral("catalog"), QStringLiteral("validate"), bad});
    QCOMPARE(v.code, 2);
    QVERIFY2(v.out.contains("1 offerings, 1 prices, 1200 problems"), v.out.constData());
    QCOMPARE(v.err.count("gpu_count: must be a positive number"), 1000);
    QVERIFY(v.err.contains("… and 200 more problems"));
}

// A read-only store once made every command fail with "the database is damaged … move the file away", even plan.
// Now commands that read work, and those that write say "read-only" and change nothing.
void TestCatalogCli::readOnlyStore()
{
#ifdef _WIN32
    QSKIP("file permissions are POSIX here");
#else
    if (::geteuid() == 0 && QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
        QSKIP("running as root without setpriv (util-linux): cannot make a file read-only for this process");
    QTemporaryDir dir(m_dir.filePath(QStringLiteral("ro-XXXXXX")));
    m_db = dir.filePath(QStringLiteral("store.sqlite"));
    QVERIFY(cli({QStringLiteral("catalog"), QStringLiteral("import"), data("quote-serving.json")}).code == 0);
    // A file to import that the other user can read (the source tree may be private to this user).
    const QString input = m_dir.filePath(QStringLiteral("quote-all-kinds.json"));
    QFile::remove(input);
    QVERIFY(QFile::copy(data("quote-all-kinds.json"), input));
    // The user running the CLI may enter the folders and read, but write neither the file nor its folder.
    const auto readable = QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    const auto enterable = readable | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
    QVERIFY(QFile::setPermissions(m_dir.path(), enterable | QFileDevice::WriteOwner));
    QVERIFY(QFile::setPermissions(m_db, readable));
    QVERIFY(QFile::setPermissions(input, readable));
    QVERIFY(QFile::setPermissions(dir.path(), enterable));

    const Run snapshots = cli({QStringLiteral("catalog"), QStringLiteral("snapshots")}, true);
    QVERIFY2(snapshots.code == 0, snapshots.err.constData());
    QVERIFY(snapshots.out.contains("quote-serving.json"));
    const Run list = cli(
        {QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--provider"), QStringLiteral("quotecloud")},
        true);
    QVERIFY2(list.code == 0, list.err.constData());
    QVERIFY(list.out.contains("q.l4.1"));
    const Run import = cli({QStringLiteral("catalog"), QStringLiteral("import"), input}, true);
    QCOMPARE(import.code, 2);
    QVERIFY2(import.err.contains("the store is read-only") && import.err.contains("nothing was changed"),
        import.err.constData());
    QVERIFY(!import.err.contains("damaged"));
    const Run discount = cli(
        {QStringLiteral("catalog"), QStringLiteral("discount"), QStringLiteral("quotecloud"), QStringLiteral("10")},
        true);
    QCOMPARE(discount.code, 2);
    QVERIFY2(discount.err.contains("read-only"), discount.err.constData());
    QVERIFY(QFile::setPermissions(dir.path(), enterable | QFileDevice::WriteOwner));
    QVERIFY(QFile::setPermissions(m_db, readable | QFileDevice::WriteOwner));
    // Nothing changed: still one snapshot.
    QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("snapshots")}).out.count("quote-"), 1);
#endif
}

void TestCatalogCli::killedImportKeepsCatalog()
{
    QVERIFY(cli({QStringLiteral("catalog"), QStringLiteral("import"), data("quote-all-kinds.json")}).code == 0);
    // A big catalog (60 000 offerings) so that the import takes long enough to be killed half-way.
    QTemporaryDir dir;
    const QString big = dir.filePath(QStringLiteral("big.json"));
    {
        QFile f(big);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"schema":"gpuplan.catalog/1","provider":"quotecloud","as_of":"2026-11-30","source":"bulk test","offerings":[)");
        for (int i = 0; i < 60000; ++i) {
            f.write(i ? "," : "");
            f.write(QStringLiteral(
                R"({"region":"r%1","instance_type":"bulk","gpu_model":"L4","gpu_count":1,"prices":[{"pricing_model":"on_demand","currency":"USD","hourly_rate":0.5}]})")
                        .arg(i)
                        .toUtf8());
        }
        f.write("]}");
    }
    QProcess p;
    p.start(QStringLiteral(GPUPLAN_CLI),
        {QStringLiteral("catalog"), QStringLiteral("import"), big, QStringLiteral("--db"), m_db});
    QVERIFY(p.waitForStarted());
    // Kill it as soon as it reports rows written inside its transaction.
    QByteArray err;
    QElapsedTimer t;
    t.start();
    while (!err.contains("importing ") && t.elapsed() < 120000 && p.state() == QProcess::Running) {
        p.waitForReadyRead(100);
        err += p.readAllStandardError();
    }
    QVERIFY2(err.contains("importing "), err.constData());
    p.kill();
    p.waitForFinished();
    // The database opens, passes its integrity check, and the previous snapshot is still the only active one.
    const Run s = cli({QStringLiteral("catalog"), QStringLiteral("snapshots")});
    QCOMPARE(s.code, 0);
    QVERIFY(!s.out.contains("big.json"));
    QVERIFY(s.out.contains("quote-all-kinds.json"));
    const Run l = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--provider"),
        QStringLiteral("quotecloud"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(QJsonDocument::fromJson(l.out).array().size(), 7);
}

void TestCatalogCli::planExplainsExclusionsAndConverts()
{
    const QString gpt3 = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-70b-lora.json");
    Run r = cli({QStringLiteral("plan"), QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json"),
        QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--currency"), QStringLiteral("CNY"),
        QStringLiteral("--top"), QStringLiteral("5")});
    QVERIFY2(r.code == 0, r.err.constData());
    auto doc = QJsonDocument::fromJson(r.out).object();
    const auto cands = doc.value(QStringLiteral("candidates")).toArray();
    QCOMPARE(cands.size(), 5);
    for (const auto& v : cands) {
        const auto c = v.toObject();
        QCOMPARE(c.value(QStringLiteral("currency")).toString(), QStringLiteral("CNY"));
        // total in CNY = USD × 7.9827 / 1.1684 (fx.json: ECB reference rates of 13 April 2026, CNY and USD per EUR)
        QVERIFY(std::abs(c.value(QStringLiteral("total_cost")).toDouble()
                    - 7.9827 / 1.1684 * c.value(QStringLiteral("cost_usd")).toDouble())
            < 1e-6 * c.value(QStringLiteral("total_cost")).toDouble());
    }
    QVERIFY(!doc.value(QStringLiteral("excluded")).toArray().isEmpty());
    // an unknown currency is bad input
    QCOMPARE(cli({QStringLiteral("plan"), gpt3, QStringLiteral("--currency"), QStringLiteral("XYZ")}).code, 2);
}

void TestCatalogCli::rentVsBuyAndPacking()
{
    const Run t = cli({QStringLiteral("tco"), QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/tco/h100-server.json"),
        QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-70b-lora.json"), QStringLiteral("--format"),
        QStringLiteral("json")});
    QVERIFY2(t.code == 0, t.err.constData());
    const auto j = QJsonDocument::fromJson(t.out).object();
    const auto onPrem = j.value(QStringLiteral("on_prem")).toObject();
    // 300 000 USD over 4 years = 8.5616 USD per server-hour (the example's figures)
    QVERIFY(std::abs(onPrem.value(QStringLiteral("capex_per_server_hour")).toDouble() - 300000.0 / 35040) < 1e-9);
    QVERIFY(j.value(QStringLiteral("cloud")).toObject().value(QStringLiteral("per_gpu_hour")).toDouble() > 0);
    QVERIFY(j.contains(QStringLiteral("break_even_utilization")));
    const Run p = cli({QStringLiteral("pack"), QStringLiteral(GPUPLAN_TEST_DATA "/traces/pods-small.csv"),
        QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(p.code == 0, p.err.constData());
    const auto pj = QJsonDocument::fromJson(p.out).object();
    QCOMPARE(pj.value(QStringLiteral("fractional")).toObject().value(QStringLiteral("gpus")).toInt(), 2);
    QCOMPARE(pj.value(QStringLiteral("sharing_tasks")).toInt(), 4);
    QCOMPARE(cli({QStringLiteral("tco"), QStringLiteral("/nonexistent.json"), QStringLiteral("x.json")}).code, 2);
}

void TestCatalogCli::calibrationChangesEstimates()
{
    // tests/data/probe/h100-sxm.json: an H100 SXM measured at bf16 790 TFLOP/s (0.798 of 989.5) and copy 2 900 GB/s
    // (0.866 of 3 350). Importing it stores a profile; estimates for that GPU then say they are calibrated and move.
    const QString wl = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-70b-serving.json");
    const Run before = cli({QStringLiteral("plan"), wl, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(before.code, 0);
    const auto b = QJsonDocument::fromJson(before.out).object().value(QStringLiteral("estimate")).toObject();
    QCOMPARE(b.value(QStringLiteral("calibrated")).toBool(), false);
    const Run imp = cli({QStringLiteral("calibrate"), QStringLiteral("--import"),
        QStringLiteral(GPUPLAN_TEST_DATA "/probe/h100-sxm.json")});
    QVERIFY2(imp.code == 0, imp.err.constData());
    QVERIFY(imp.out.contains("calibrated H100-SXM-80GB"));
    QVERIFY(imp.out.contains("bf16 GEMM 79.8 %"));
    const Run after = cli({QStringLiteral("plan"), wl, QStringLiteral("--format"), QStringLiteral("json")});
    const auto a = QJsonDocument::fromJson(after.out).object().value(QStringLiteral("estimate")).toObject();
    QCOMPARE(a.value(QStringLiteral("calibrated")).toBool(), true);
    // memory-bound decode: 0.866 of the bandwidth instead of the default 0.85 → more throughput
    QVERIFY(a.value(QStringLiteral("throughput_tokens_per_s")).toDouble()
        > b.value(QStringLiteral("throughput_tokens_per_s")).toDouble());
    // export, then import into another store
    QTemporaryDir dir;
    const QString exported = dir.filePath(QStringLiteral("profiles.json"));
    QCOMPARE(cli({QStringLiteral("calibrate"), QStringLiteral("--export"), exported}).code, 0);
    m_db = m_dir.filePath(QStringLiteral("other.sqlite"));
    const Run again = cli({QStringLiteral("calibrate"), QStringLiteral("--import"), exported});
    QVERIFY2(again.code == 0, again.err.constData());
    QVERIFY(again.out.contains("calibrated H100-SXM-80GB"));
    // a broken report is bad input
    QCOMPARE(cli({QStringLiteral("calibrate"), QStringLiteral("--import"),
                     QStringLiteral(GPUPLAN_TEST_DATA "/catalog/broken-rows.json")})
                 .code,
        2);
#ifdef GPUPLAN_PROBE
    // the probe on a machine without a GPU: its exit code 3 is passed on
    QCOMPARE(cli({QStringLiteral("calibrate"), QStringLiteral("--probe"), QStringLiteral(GPUPLAN_PROBE)}).code, 3);
#endif
}

void TestCatalogCli::reservedBaselineFollowsTheRankRule()
{
    // One L4 at 1.00 USD/h on demand or 4 380 USD a year reserved (4380 / 8760 = 0.50 USD/h): u = 0.5, so over a
    // 24-hour profile the baseline is the demand at rank ⌈0.5 · 24⌉ = 12 of the hours sorted by demand.
    QVERIFY(cli({QStringLiteral("catalog"), QStringLiteral("import"), data("quote-serving.json")}).code == 0);
    QTemporaryDir dir;
    const QString wl = dir.filePath(QStringLiteral("serve.json"));
    QFile f(wl);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema":"gpuplan.workload/1","kind":"inference","model":{"preset":"llama-3.2-1b"},
      "inference":{"prompt_tokens":512,"output_tokens":128,"slo":{"tpot_p99_ms":60},
        "profile":[1,1,1,1,1,2,4,8,12,16,20,24,24,20,16,12,10,8,6,4,2,1,1,1],
        "autoscaling":{"min_replicas":1}},
      "constraints":{"providers":["quotecloud"],"pricing":["on_demand"]}})");
    f.close();
    const Run r = cli({QStringLiteral("plan"), wl, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto c
        = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("candidates")).toArray().first().toObject();
    const auto rb = c.value(QStringLiteral("reserved_baseline")).toObject();
    QVERIFY2(!rb.isEmpty(), r.out.left(400).constData());
    QCOMPARE(rb.value(QStringLiteral("break_even_utilization")).toDouble(), 0.5);
    std::vector<int> needed;
    for (const auto& v :
        c.value(QStringLiteral("capacity")).toObject().value(QStringLiteral("needed_per_hour")).toArray())
        needed.push_back(v.toInt());
    QCOMPARE(needed.size(), std::size_t(24));
    std::sort(needed.begin(), needed.end(), std::greater<>());
    QCOMPARE(rb.value(QStringLiteral("replicas")).toInt(), needed[11]);
    QVERIFY(rb.value(QStringLiteral("mix_monthly_cost")).toDouble()
        <= rb.value(QStringLiteral("all_on_demand_monthly_cost")).toDouble() + 1e-9);
}

QTEST_GUILESS_MAIN(TestCatalogCli)
// `catalog check` on the frozen bundled catalog finds no error (exit 0); after importing a file with a spot price
// above its on-demand price (tests/data/catalog/check-rules.json), the row is an error named with its rule (exit 1).
void TestCatalogCli::checkCatchesAWrongImport()
{
    const Run clean = cli(
        {QStringLiteral("catalog"), QStringLiteral("check"), QStringLiteral("--today"), QStringLiteral("2026-12-01")});
    QVERIFY2(clean.code == 0, clean.out.constData());
    QVERIFY2(clean.out.contains("0 errors"), clean.out.constData());
    // the import itself runs the checks on the rows it brought (stderr), and still imports: errors are kept out of
    // plans by the planner, warnings are for a person to look at
    const Run imported = cli({QStringLiteral("catalog"), QStringLiteral("import"), data("check-rules.json")});
    QVERIFY(imported.code == 0);
    QVERIFY2(imported.err.contains("check: error: spot_above_on_demand: checkcloud r2 h100.b spot: spot 2.5 USD/h is "
                                   "above on-demand 2.2"),
        imported.err.constData());
    QVERIFY(imported.err.contains("check: 1 error (not used by the planner)"));
    const Run r = cli({QStringLiteral("catalog"), QStringLiteral("check"), QStringLiteral("--today"),
        QStringLiteral("2026-12-01"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.code, 1);
    const QJsonArray findings = QJsonDocument::fromJson(r.out).array();
    int errors = 0;
    for (const auto& f : findings) {
        const QJsonObject o = f.toObject();
        if (o.value(QStringLiteral("severity")).toString() != QLatin1String("error"))
            continue;
        ++errors;
        QCOMPARE(o.value(QStringLiteral("rule")).toString(), QStringLiteral("spot_above_on_demand"));
        QCOMPARE(o.value(QStringLiteral("instance_type")).toString(), QStringLiteral("h100.b"));
        QVERIFY(o.value(QStringLiteral("detail")).toString().contains(QLatin1String("spot 2.5 USD/h is above")));
    }
    QCOMPARE(errors, 1);
    const Run bad
        = cli({QStringLiteral("catalog"), QStringLiteral("check"), QStringLiteral("--today"), QStringLiteral("1 Dec")});
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains("--today must be a date YYYY-MM-DD, got \"1 Dec\""));
}

#include "tst_catalog_cli.moc"
