// The SQLite store on a real file: snapshots in one transaction, history, overrides, scenarios, damage.
// What would make this fail: a migration step edited or dropped (the schema version), an import that commits
// half a snapshot, a scenario lost on reopen.
#include "providers/bundled.h"
#include "providers/store.h"
#include "testutil.h"

#include <QTemporaryDir>

#include <fstream>

using namespace gpuplan;

namespace {
core::Offering offer(const std::string& provider, const std::string& type, double hourly)
{
    core::Offering o;
    o.provider = provider;
    o.region = "us-east-1";
    o.instanceType = type;
    o.gpuModel = "H100-SXM-80GB";
    o.gpuCount = 8;
    core::Price p;
    p.pricingModel = core::PricingModel::OnDemand;
    p.currency = "USD";
    p.hourlyRate = hourly;
    p.asOf = "2026-11-30";
    p.source = "test";
    o.prices.push_back(p);
    return o;
}
} // namespace

class TestStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void createsMigratesAndReopens();
    void importIsOneSnapshotAndActivates();
    void historyAcrossSnapshots();
    void cancelledImportLeavesCatalog();
    void failedImportRollsBack();
    void effectiveCatalogMergesBundled();
    void discountsAndScenarios();
    void damagedFileIsAClearError();
    void exchangeRatesNewestWins();
};

void TestStore::createsMigratesAndReopens()
{
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath(QStringLiteral("s.sqlite")).toStdString();
    {
        auto s = providers::Store::open(path);
        QVERIFY2(s, s ? "" : s.error().detail.c_str());
        QCOMPARE((*s)->schemaVersion(), 7);
    }
    QVERIFY(std::filesystem::exists(path));
    auto again = providers::Store::open(path);
    QVERIFY(again);
    QCOMPARE((*again)->schemaVersion(), 7);
}

void TestStore::importIsOneSnapshotAndActivates()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    auto ids = s->importSnapshot(
        {offer("aws", "p5.48xlarge", 98.32), offer("gcp", "a3-highgpu-8g", 88.25)}, "test.json", "gpuplan", 0);
    QVERIFY(ids);
    QCOMPARE(ids->size(), std::size_t(2)); // one snapshot per provider
    auto active = s->activeOfferings();
    QVERIFY(active);
    QCOMPARE(active->size(), std::size_t(2));
    QCOMPARE(active->front().prices.front().hourlyRate, 98.32);
    QCOMPARE(active->front().prices.front().asOf, std::string("2026-11-30"));
    auto snaps = s->snapshots();
    QCOMPARE(snaps->size(), std::size_t(2));
    QVERIFY(snaps->front().active);
}

void TestStore::historyAcrossSnapshots()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    QVERIFY(s->importSnapshot({offer("aws", "p5.48xlarge", 98.32)}, "a", "gpuplan", 0));
    QVERIFY(s->importSnapshot({offer("aws", "p5.48xlarge", 55.04)}, "b", "gpuplan", 0));
    auto h = s->priceHistory("aws", "us-east-1", "p5.48xlarge");
    QVERIFY(h);
    QCOMPARE(h->size(), std::size_t(2));
    QCOMPARE(h->at(0).effectiveHourly, 98.32);
    QCOMPARE(h->at(1).effectiveHourly, 55.04);
    // the newer snapshot is active; the older can be made active again
    QCOMPARE(s->activeOfferings()->front().prices.front().hourlyRate, 55.04);
    QVERIFY(s->activate(h->at(0).snapshotId));
    QCOMPARE(s->activeOfferings()->front().prices.front().hourlyRate, 98.32);
    QVERIFY(!s->activate(999));
}

void TestStore::cancelledImportLeavesCatalog()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    QVERIFY(s->importSnapshot({offer("aws", "p5.48xlarge", 98.32)}, "a", "gpuplan", 0));
    std::vector<core::Offering> many(3000, offer("aws", "p4d.24xlarge", 21.96));
    std::atomic<bool> cancel {false};
    auto r = s->importSnapshot(
        many, "b", "gpuplan", 0,
        [&](std::size_t done, std::size_t) {
            if (done >= 1000)
                cancel = true;
        },
        &cancel);
    QVERIFY(!r);
    QVERIFY(r.error().detail.find("unchanged") != std::string::npos);
    auto active = s->activeOfferings();
    QCOMPARE(active->size(), std::size_t(1));
    QCOMPARE(active->front().instanceType, std::string("p5.48xlarge"));
    QCOMPARE(s->snapshots()->size(), std::size_t(1));
}

void TestStore::failedImportRollsBack()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    QVERIFY(s->importSnapshot({offer("aws", "p5.48xlarge", 98.32)}, "a", "gpuplan", 0));
    // A negative price violates the table's CHECK constraint half-way through: nothing of it may remain.
    auto bad = offer("aws", "p4d.24xlarge", -1);
    auto r = s->importSnapshot({offer("aws", "g5.xlarge", 1.006), bad}, "b", "gpuplan", 0);
    QVERIFY(!r);
    QCOMPARE(s->activeOfferings()->size(), std::size_t(1));
    QCOMPARE(s->snapshots()->size(), std::size_t(1));
    QVERIFY(!s->importSnapshot({}, "empty", "gpuplan", 0)); // nothing to import is an error, not an empty snapshot
}

void TestStore::effectiveCatalogMergesBundled()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    auto bundledOnly = providers::effectiveCatalog(s.get());
    QVERIFY(bundledOnly);
    std::size_t bundledAws = 0;
    for (const auto& o : bundledOnly->offerings)
        bundledAws += o.provider == "aws";
    QVERIFY(bundledAws > 0);
    // An imported AWS snapshot replaces the bundled AWS offerings and nothing else.
    QVERIFY(s->importSnapshot({offer("aws", "p5.48xlarge", 55.04)}, "quote", "gpuplan", 0));
    auto merged = providers::effectiveCatalog(s.get());
    std::size_t aws = 0;
    for (const auto& o : merged->offerings)
        aws += o.provider == "aws";
    QCOMPARE(aws, std::size_t(1));
    QCOMPARE(merged->offerings.size(), bundledOnly->offerings.size() - bundledAws + 1);
}

void TestStore::discountsAndScenarios()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    QVERIFY(s->setDiscount("aws", 0.15));
    QVERIFY(!s->setDiscount("aws", 1.5));
    QCOMPARE(s->discounts()->at("aws"), 0.15);
    auto id = s->saveScenario("llama", R"({"kind":"training"})");
    QVERIFY(id);
    QVERIFY(s->saveScenario("llama v2", R"({"kind":"inference"})", *id));
    QCOMPARE(s->scenario(*id)->workloadJson, std::string(R"({"kind":"inference"})"));
    QVERIFY(s->renameScenario(*id, "renamed"));
    QCOMPARE(s->scenarios()->front().name, std::string("renamed"));
    // Pool sizings live with their scenario, newest first, and go when it goes.
    QVERIFY(s->savePoolResult(*id, R"({"gpu":"A"})", R"({"schema":"gpuplan.pool-sizing/1","n":1})"));
    QVERIFY(s->savePoolResult(*id, R"({"gpu":"B"})", R"({"schema":"gpuplan.pool-sizing/1","n":2})"));
    const auto results = s->poolResults(*id);
    QVERIFY(results);
    QCOMPARE(results->size(), std::size_t(2));
    QCOMPARE(results->front().requestJson, std::string(R"({"gpu":"B"})"));
    QCOMPARE(results->front().scenarioId, *id);
    const auto orphan = s->savePoolResult(*id + 100, "{}", "{}");
    QVERIFY(!orphan);
    QVERIFY(orphan.error().detail.find("no scenario " + std::to_string(*id + 100)) != std::string::npos);
    QVERIFY(s->deleteScenario(*id));
    QVERIFY(s->poolResults(*id)->empty());
    QVERIFY(s->scenarios()->empty());
    QVERIFY(!s->deleteScenario(*id));
    QVERIFY(s->saveCalibration("H100-SXM-80GB", "{}"));
    QCOMPARE(s->calibrations()->size(), std::size_t(1));
    // Serving calibrations: one per GPU, model family and engine; a new one for the same three replaces it.
    QVERIFY(s->saveServingCalibration("H200-SXM-141GB", "dense GQA", "sglang", "{\"v\": 1}"));
    QVERIFY(s->saveServingCalibration("H200-SXM-141GB", "dense GQA", "vllm", "{\"v\": 2}"));
    QVERIFY(s->saveServingCalibration("H200-SXM-141GB", "dense GQA", "sglang", "{\"v\": 3}"));
    const auto serving = s->servingCalibrations();
    QVERIFY(serving);
    QCOMPARE(serving->size(), std::size_t(2));
    QCOMPARE(serving->front().engine, std::string("sglang"));
    QCOMPARE(serving->front().json, std::string("{\"v\": 3}"));
    QCOMPARE(serving->back().family, std::string("dense GQA"));
}

void TestStore::damagedFileIsAClearError()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("broken.sqlite")).toStdString();
    {
        std::ofstream f(path, std::ios::binary);
        f << "SQLite format 3" << std::string(1, '\0') << std::string(4000, 'x');
    }
    auto s = providers::Store::open(path);
    QVERIFY(!s);
    QVERIFY2(s.error().detail.find(path) != std::string::npos, s.error().detail.c_str());
    QVERIFY2(s.error().detail.find("damaged") != std::string::npos
            || s.error().detail.find("not a database") != std::string::npos,
        s.error().detail.c_str());
}

QTEST_GUILESS_MAIN(TestStore)
// Fetched rates sit beside the bundled ones (pricing-data/fx.json: ECB of 2026-04-13, CNY 6.832164 per USD); per
// currency the newest as_of is used, so an older file stored later rolls nothing back. A bad row stores nothing.
void TestStore::exchangeRatesNewestWins()
{
    QTemporaryDir dir;
    auto s = std::move(*providers::Store::open(dir.filePath(QStringLiteral("s.sqlite")).toStdString()));
    QVERIFY(s->activeFxRates()->empty());
    auto bundled = providers::effectiveFx(s.get());
    QVERIFY(bundled);
    QCOMPARE(bundled->find("CNY")->perUsd, 6.832164);
    QVERIFY(!bundled->find("AUD"));
    // older than the bundled CNY, plus a currency the bundle lacks
    QVERIFY(s->importFxSnapshot(
        {{"CNY", 7.240491, "2025-05-09", "https://a"}, {"AUD", 1.561678, "2025-05-09", "https://a"}}, "https://a"));
    auto fx = providers::effectiveFx(s.get());
    QCOMPARE(fx->find("CNY")->perUsd, 6.832164);
    QCOMPARE(fx->find("AUD")->perUsd, 1.561678);
    // newer than everything: replaces
    QVERIFY(s->importFxSnapshot({{"CNY", 7.1, "2026-11-30", "https://b"}}, "https://b"));
    // then an older file again: the newer stays
    QVERIFY(s->importFxSnapshot(
        {{"CNY", 7.3, "2026-06-01", "https://c"}, {"AUD", 1.5, "2026-06-01", "https://c"}}, "https://c"));
    fx = providers::effectiveFx(s.get());
    QCOMPARE(fx->find("CNY")->perUsd, 7.1);
    QCOMPARE(fx->find("CNY")->source, std::string("https://b"));
    QCOMPARE(fx->find("AUD")->perUsd, 1.5);
    // a rate the schema refuses (not positive): nothing of that snapshot is stored
    QVERIFY(!s->importFxSnapshot(
        {{"JPY", 150, "2026-12-01", "https://d"}, {"GBP", 0, "2026-12-01", "https://d"}}, "https://d"));
    QVERIFY(
        !providers::effectiveFx(s.get())->find("JPY") || providers::effectiveFx(s.get())->find("JPY")->perUsd != 150);
    QCOMPARE(s->activeFxRates()->size(), std::size_t(2));
}

#include "tst_store.moc"
