// Pricing formulas and the cost planner, with hand-worked numbers.
// What would make this fail: data costs over months of the wrong length (storageAndEgress), spot overhead not
// scaling with the instance count, a commitment billed for less than its term.
#include "core/catalog_check.h"
#include "core/planner.h"
#include "core/pricing.h"
#include "providers/importers/importers.h"
#include "testutil.h"

#include <filesystem>
#include <tuple>

using namespace gpuplan;

namespace {
core::Offering offering(const std::string& provider, const std::string& gpu, double gpus, const std::string& region)
{
    core::Offering o;
    o.provider = provider;
    o.region = region;
    o.country = "US";
    o.instanceType = provider + "-" + gpu;
    o.gpuModel = gpu;
    o.gpuCount = gpus;
    o.billingGranularityS = 1;
    o.minimumBillingS = 60;
    return o;
}

core::Price price(core::PricingModel m, double hourly, double upfront = 0, int term = 0, const char* cur = "USD")
{
    core::Price p;
    p.pricingModel = m;
    p.hourlyRate = hourly;
    p.upfrontFee = upfront;
    p.termMonths = term;
    p.currency = cur;
    p.asOf = "2026-11-30";
    p.source = "test";
    return p;
}

core::FxTable fx()
{
    // Fixed test rates (Federal Reserve H.10 for 2024-02-02, once the bundled fx.json): CNY 7.192, EUR 0.92704 per USD.
    return core::FxTable({{"CNY", 7.192, "2024-02-02", "H.10"}, {"EUR", 0.92704, "2024-02-02", "H.10"}});
}
} // namespace

class TestPricing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void interruptionRates_data();
    void interruptionRates();
    void checkpointIntervals();
    void spotOverheadScalesWithInstances();
    void billing_data();
    void billing();
    void onDemandJob();
    void spotJob();
    void reservedJob();
    void subscriptionJob();
    void negotiatedDiscount();
    void currencies();
    void globs_data();
    void globs();
    void plannerRanksExcludesAndMarksPareto();
    void plannerConvertsCurrency();
    void plannerRespectsPricingAndBucketConstraints();
    void bundledCatalogCoverage();
    void storageAndEgress();
    void instanceNetworks();
    void catalogCheckRules();
    void daysBetweenDates();
    void bundledCatalogHasNoCheckErrors();
    void secondSourceDisagreement();
    void bundledSourcesAreLinks();
    void bundledGcpEqualsItsSource();
    void bundledAwsEqualsItsSource();
    void bundledAzureListAndVastPrepaid();
    void tencentRangesUseTheUpperEnd();
    void commitmentNoteStatesTheObligation();
    void pricesAndRatesAreDated();
    void spotAboveOnDemandIsNotRanked();
    void twinsArePrunedBeforeEstimating();
    void zonalSpotComparesWithTheRegion();
    void repeatedExclusionIsListedOnce();
};

void TestPricing::interruptionRates_data()
{
    QTest::addColumn<int>("bucket");
    QTest::addColumn<double>("perHour");
    // −ln(1 − p) / 730 at the bucket midpoint (open bucket: 25 %)
    QTest::newRow("<5 %") << 0 << -std::log(1 - 0.025) / 730; // 3.4681e-5
    QTest::newRow("10-15 %") << 2 << 1.829197e-4;             // −ln(0.875)/730 = 0.133531/730
    QTest::newRow(">20 %") << 4 << 3.940850e-4;               // −ln(0.75)/730 = 0.287682/730
}

void TestPricing::interruptionRates()
{
    QFETCH(int, bucket);
    QFETCH(double, perHour);
    GP_COMPARE_REL(core::interruptionsPerInstanceHour(core::interruptionShareForBucket(bucket)), perHour, 1e-6);
}

void TestPricing::checkpointIntervals()
{
    // C = 1 min = 1/60 h, MTBF = 683.36 h: Young √(2·C·M) = √22.7787 = 4.772700 h; Daly subtracts C: 4.756033 h.
    GP_COMPARE_REL(core::youngInterval(1.0 / 60, 683.3599), 4.772700, 1e-6);
    GP_COMPARE_REL(core::dalyInterval(1.0 / 60, 683.3599), 4.756033, 1e-6);
    // Daly with C ≥ 2M: checkpoint once per MTBF
    QCOMPARE(core::dalyInterval(10.0, 4.0), 4.0);
}

void TestPricing::spotOverheadScalesWithInstances()
{
    // 8 instances in bucket 2: λ = 8 · 1.829197e-4 = 1.463358e-3 /h (a job on n instances is interrupted n
    // times as often); Daly τ = 4.756033 h; overhead = λ·(0.1 + τ/2) + C/τ = 0.0036262 + 0.0035044 = 0.0071305
    core::SpotParams p;
    p.restartHours = 0.1;
    p.checkpointWriteHours = 1.0 / 60;
    const auto s = core::spotOverhead(8, 2, p);
    GP_COMPARE_REL(s.interruptionsPerHour, 1.463358e-3, 1e-5);
    GP_COMPARE_REL(s.intervalHours, 4.756033, 1e-5);
    GP_COMPARE_REL(s.overhead, 0.0071305, 1e-4);
    QVERIFY(!s.assumedBucket);
    QVERIFY(core::spotOverhead(64, 2, p).overhead > s.overhead);
    QVERIFY(core::spotOverhead(8, std::nullopt, p).assumedBucket);

    // A large spot fleet on a long job is warned with its expected interruptions. Bucket 4 (">20 %", midpoint 25 %):
    // λ = 64 × −ln(0.75) / 730 = 64 × 3.940851e-4 = 2.522145e-2 per hour; over a 500-hour job (longer by the
    // overhead) that is more than 12.6 interruptions: warned. 8 instances for 100 h: 0.32, the plain note.
    core::Offering o;
    o.provider = "aws";
    core::Price spot;
    spot.pricingModel = core::PricingModel::Spot;
    spot.hourlyRate = 10;
    spot.interruptionBucket = 4;
    auto many = core::priceJob(o, spot, 64, 500, false, p, 0, 30);
    QCOMPARE(std::string(many.note.id()), std::string("plan.note_spot_many_interruptions"));
    GP_COMPARE_REL(many.spot.interruptionsPerHour, 2.522145e-2, 1e-5);
    QCOMPARE(many.note.args.at(1).text, std::to_string(std::llround(2.522145e-2 * many.wallHours)));
    QVERIFY(2.522145e-2 * many.wallHours > 12.6);
    QCOMPARE(many.note.args.at(2).text, std::string("64"));
    auto few = core::priceJob(o, spot, 8, 100, false, p, 0, 30);
    QCOMPARE(std::string(few.note.id()), std::string("plan.note_spot_overhead"));
}

void TestPricing::billing_data()
{
    QTest::addColumn<double>("hours");
    QTest::addColumn<double>("granularity");
    QTest::addColumn<double>("minimum");
    QTest::addColumn<double>("billed");
    QTest::addRow("per second: 1.0001 h = 3600.36 s → 3601 s") << 1.0001 << 1.0 << 60.0 << 3601.0 / 3600;
    QTest::addRow("hourly: 1.2 h → 2 h") << 1.2 << 3600.0 << 0.0 << 2.0;
    QTest::addRow("60 s minimum: 3.6 s → 60 s") << 0.001 << 1.0 << 60.0 << 60.0 / 3600;
    QTest::addRow("per minute: 61 s → 120 s") << 61.0 / 3600 << 60.0 << 60.0 << 120.0 / 3600;
}

void TestPricing::billing()
{
    QFETCH(double, hours);
    QFETCH(double, granularity);
    QFETCH(double, minimum);
    QFETCH(double, billed);
    GP_COMPARE_REL(core::billedHours(hours, granularity, minimum), billed, 1e-12);
}

void TestPricing::onDemandJob()
{
    // 4 instances × 3.00 USD/h × 10.5 h = 126 USD
    const auto o = offering("x", "H100-SXM-80GB", 8, "us-east-1");
    const auto c = core::priceJob(o, price(core::PricingModel::OnDemand, 3.0), 4, 10.5, false, {}, 0, 0);
    GP_COMPARE_REL(c.totalCost, 126.0, 1e-12);
    GP_COMPARE_REL(c.hourlyCost, 12.0, 1e-12);
}

void TestPricing::spotJob()
{
    // 8 instances, bucket 2, 100 h of work: wall = 100 · 1.0071305 = 100.71305 h, billed per second
    // (362 567 s = 100.713056 h) × 8 × 1.00 USD/h = 805.704 USD
    core::SpotParams p;
    p.restartHours = 0.1;
    p.checkpointWriteHours = 1.0 / 60;
    auto sp = price(core::PricingModel::Spot, 1.0);
    sp.interruptionBucket = 2;
    const auto c = core::priceJob(offering("x", "A100-SXM-80GB", 8, "r"), sp, 8, 100, false, p, 0, 0);
    GP_COMPARE_REL(c.wallHours, 100.71305, 1e-6);
    GP_COMPARE_REL(c.totalCost, 805.7044, 1e-6);
}

void TestPricing::reservedJob()
{
    // 1-year, partial upfront: 10 000 USD + 1.00 USD/h; the whole term is paid:
    // one term for a 1 000 h job = 2 instances × (10 000 + 8 760 · 1.00) = 37 520 USD;
    // effective hourly 1 + 10 000/8 760 = 2.141553; break-even against 4.00 on demand = 0.535388.
    const auto o = offering("x", "A100-SXM-80GB", 8, "r");
    const auto p = price(core::PricingModel::Reserved, 1.0, 10000, 12);
    const auto c = core::priceJob(o, p, 2, 1000, false, {}, 0, 4.0);
    QCOMPARE(c.terms, 1);
    GP_COMPARE_REL(c.totalCost, 37520.0, 1e-12);
    GP_COMPARE_REL(p.effectiveHourly(), 2.141553, 1e-6);
    GP_COMPARE_REL(c.breakEvenUtilization, 0.535388, 1e-5);
    // 10 000 h spans two terms: 75 040 USD
    QCOMPARE(core::priceJob(o, p, 2, 10000, false, {}, 0, 4.0).terms, 2);
    GP_COMPARE_REL(core::priceJob(o, p, 2, 10000, false, {}, 0, 4.0).totalCost, 75040.0, 1e-12);
    // serving: one month's share of the commitment: 2 × 2.141553 × 730 = 3 126.67
    GP_COMPARE_REL(core::priceJob(o, p, 2, 0, true, {}, 0, 4.0).totalCost, 2 * (1 + 10000.0 / 8760) * 730, 1e-12);
}

void TestPricing::subscriptionJob()
{
    // 包年包月: 25 000 CNY per month prepaid; a 1 000 h job needs ⌈1000/730⌉ = 2 months = 50 000 CNY
    const auto c = core::priceJob(offering("alibaba", "A100-SXM-80GB", 8, "cn-shanghai"),
        price(core::PricingModel::Subscription, 0, 25000, 1, "CNY"), 1, 1000, false, {}, 0, 0);
    QCOMPARE(c.terms, 2);
    GP_COMPARE_REL(c.totalCost, 50000.0, 1e-12);
}

void TestPricing::negotiatedDiscount()
{
    // 15 % off: 126 → 107.1
    const auto c = core::priceJob(
        offering("x", "H100-SXM-80GB", 8, "r"), price(core::PricingModel::OnDemand, 3.0), 4, 10.5, false, {}, 0.15, 0);
    GP_COMPARE_REL(c.totalCost, 107.1, 1e-12);
}

void TestPricing::currencies()
{
    const auto t = fx();
    GP_COMPARE_REL(*t.convert(719.2, "CNY", "USD"), 100.0, 1e-12);
    GP_COMPARE_REL(*t.convert(100, "USD", "CNY"), 719.2, 1e-12);
    // 1 EUR = 1/0.92704 USD = 1.078702 USD = 7.758026 CNY
    GP_COMPARE_REL(*t.convert(1, "EUR", "CNY"), 7.758026, 1e-6);
    auto missing = t.convert(1, "JPY", "USD");
    QVERIFY(!missing);
    QVERIFY(missing.error().detail.find("JPY") != std::string::npos);
}

void TestPricing::globs_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("match");
    QTest::newRow("prefix") << "us-*"
                            << "us-east-1" << true;
    QTest::newRow("prefix no") << "us-*"
                               << "eu-west-1" << false;
    QTest::newRow("china") << "cn-*"
                           << "cn-north-4" << true;
    QTest::newRow("middle") << "*-west-?"
                            << "eu-west-1" << true;
    QTest::newRow("exact") << "eastus"
                           << "eastus2" << false;
}

void TestPricing::globs()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, match);
    QCOMPARE(core::globMatch(pattern.toStdString(), text.toStdString()), match);
}

void TestPricing::plannerRanksExcludesAndMarksPareto()
{
    // A rendering job of 100 GPU-hours on a T4, fp32-bound (T4 8.1, L4 30.3, A100-40GB 19.5 TFLOPS fp32):
    //   L4   at 0.80 USD/h: 100 · 8.1/30.3 = 26.7327 h → 96 238 s billed → 21.386 USD
    //   T4   at 0.50 USD/h: 100 h → 50.00 USD
    //   A100 at 3.00 USD/h: 100 · 8.1/19.5 = 41.538 h → 124.62 USD
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"T4", 100, core::BatchBound::Fp32};
    std::vector<core::Offering> offers {offering("a", "L4", 1, "us-east-1"), offering("b", "T4", 1, "us-east-1"),
        offering("c", "A100-SXM-40GB", 1, "us-east-1")};
    offers[0].prices = {price(core::PricingModel::OnDemand, 0.80)};
    offers[1].prices = {price(core::PricingModel::OnDemand, 0.50)};
    offers[2].prices = {price(core::PricingModel::OnDemand, 3.00)};
    auto plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(3));
    QCOMPARE(plan.candidates[0].gpu->id, std::string("L4"));
    GP_COMPARE_REL(plan.candidates[0].pricing->totalCost, 96238.0 / 3600 * 0.8, 1e-9);
    QCOMPARE(plan.candidates[1].gpu->id, std::string("T4"));
    GP_COMPARE_REL(plan.candidates[1].pricing->totalCost, 50.0, 1e-9);
    GP_COMPARE_REL(plan.candidates[2].pricing->costUsd, 124.6154, 1e-4);
    // L4 is both cheapest and fastest: alone on the front
    QVERIFY(plan.candidates[0].pricing->pareto);
    QVERIFY(!plan.candidates[1].pricing->pareto);
    QVERIFY(!plan.candidates[2].pricing->pareto);

    // Budget 60 USD and a 50 h deadline: A100 is over budget by 65 USD, T4 misses the deadline by 50 h.
    w.constraints.budget = core::Budget {60, "USD"};
    w.constraints.deadlineHours = 50;
    plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    bool sawBudget = false, sawDeadline = false;
    for (const auto& e : plan.excluded) {
        sawBudget |= e.gpu == "A100-SXM-40GB" && e.reason.text() == "over budget by 65 USD";
        sawDeadline |= e.gpu == "T4" && e.reason.text().rfind("misses the deadline by 50.0 h", 0) == 0;
    }
    QVERIFY(sawBudget);
    QVERIFY(sawDeadline);
}

void TestPricing::plannerConvertsCurrency()
{
    // A CNY subscription and a USD price compared in CNY and in USD: 25 000 CNY/month for one month of a
    // 100 h job = 3 476.08 USD at 7.192.
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"A100-SXM-40GB", 100, core::BatchBound::Tensor};
    std::vector<core::Offering> offers {offering("alibaba", "A100-SXM-40GB", 1, "cn-shanghai")};
    offers[0].prices = {price(core::PricingModel::Subscription, 0, 25000, 1, "CNY")};
    core::PlanInputs in = test::inputs(offers, fx());
    in.currency = "CNY";
    const auto plan = test::plan(w, in);
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    GP_COMPARE_REL(plan.candidates[0].pricing->totalCost, 25000.0, 1e-12);
    GP_COMPARE_REL(plan.candidates[0].pricing->costUsd, 25000.0 / 7.192, 1e-12);
    QCOMPARE(plan.candidates[0].pricing->currency, std::string("CNY"));
}

void TestPricing::plannerRespectsPricingAndBucketConstraints()
{
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"T4", 10, core::BatchBound::Fp32};
    std::vector<core::Offering> offers {offering("aws", "T4", 1, "us-east-1")};
    auto spot = price(core::PricingModel::Spot, 0.2);
    spot.interruptionBucket = 3;
    offers[0].prices = {price(core::PricingModel::OnDemand, 0.5), spot};
    w.constraints.maxInterruptionBucket = 1;
    auto plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    QVERIFY(plan.candidates[0].pricing->price.pricingModel == core::PricingModel::OnDemand);
    w.constraints.maxInterruptionBucket.reset();
    w.constraints.pricing = {"spot"};
    plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    QVERIFY(plan.candidates[0].pricing->price.pricingModel == core::PricingModel::Spot);
    // eu-* matches eu-west-1, whose only price (on demand) the pricing constraint excludes: nothing is left, and
    // us-east-1 is excluded for its region.
    auto eu = offers[0];
    eu.region = "eu-west-1";
    eu.prices = {price(core::PricingModel::OnDemand, 0.5)};
    offers.push_back(eu);
    w.constraints.regions = {"eu-*"};
    plan = test::plan(w, test::inputs(offers, fx()));
    QVERIFY(plan.candidates.empty());
    QVERIFY(std::any_of(plan.excluded.begin(), plan.excluded.end(), [](const core::Exclusion& e) {
        return e.region == "us-east-1" && e.reason.text() == "region us-east-1 is not in the allowed regions";
    }));
    // A region that matches no region of the catalog is a mistake in the workload, not "nothing feasible".
    w.constraints.regions = {"mars-*"};
    auto bad = core::planWorkload(w, test::inputs(offers, fx()));
    QVERIFY(!bad);
    QCOMPARE(bad.error().pointer, std::string("/constraints/regions/0"));
    QCOMPARE(bad.error().message.id(), std::string("workload.region_matches_nothing"));
}

void TestPricing::bundledCatalogCoverage()
{
    // The bundled catalog (pricing-data/catalog): ≥ 9 providers incl. the Chinese clouds, ≥ 14 GPU models,
    // on-demand and spot prices, every price dated and sourced.
    std::set<std::string> providers, gpuModels, kinds;
    QDir dir(QStringLiteral(GPUPLAN_SOURCE_DIR "/pricing-data/catalog"));
    for (const auto& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        auto cat = importers::parseNativeCatalog(test::readFile(dir.filePath(f).toStdString()), f.toStdString());
        QVERIFY2(cat, cat ? "" : cat.error().detail.c_str());
        QVERIFY2(cat->warnings.empty(), cat->warnings.empty() ? "" : cat->warnings.front().c_str());
        for (const auto& o : cat->offerings) {
            providers.insert(o.provider);
            gpuModels.insert(o.gpuModel);
            for (const auto& p : o.prices) {
                kinds.insert(std::string(core::toString(p.pricingModel)));
                QVERIFY(!p.asOf.empty());
                QVERIFY(!p.source.empty());
            }
        }
    }
    QVERIFY(providers.size() >= 9);
    for (const char* p : {"alibaba", "tencent", "huawei", "aws", "gcp", "azure"})
        QVERIFY2(providers.count(p), p);
    QVERIFY(gpuModels.size() >= 14);
    QVERIFY(kinds.count("on_demand") && kinds.count("spot") && kinds.count("subscription"));
}

void TestPricing::storageAndEgress()
{
    // 100 GPU-hours on one T4 at 0.50 USD/h = 50 USD, with 1 000 GB of data and 100 GB/month of egress at
    // 0.023 USD per GB-month and 0.09 USD per GB (pricing-data/storage.json, AWS us-east-1):
    // months = 100/730 = 0.136986; storage = 1000 · 0.023 · 0.136986 = 3.150685; egress = 100 · 0.136986 · 0.09
    // = 1.232877; total 54.383562 USD.
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"T4", 100, core::BatchBound::Fp32};
    core::Workload::Data d;
    d.datasetGb = 1000;
    d.egressGbPerMonth = 100;
    w.data = d;
    std::vector<core::Offering> offers {offering("aws", "T4", 1, "us-east-1")};
    offers[0].prices = {price(core::PricingModel::OnDemand, 0.50)};
    const std::vector<core::StorageRate> rates = {{"aws", "us-*", "USD", 0.023, 0.09, "2026-11-30", "test"}};
    core::PlanInputs in = test::inputs(offers, fx());
    in.storage = std::make_shared<const std::vector<core::StorageRate>>(rates);
    auto plan = test::plan(w, in);
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    const auto& p = *plan.candidates[0].pricing;
    GP_COMPARE_REL(p.storageCost, 3.150685, 1e-6);
    GP_COMPARE_REL(p.egressCost, 1.232877, 1e-6);
    GP_COMPARE_REL(p.computeCost, 50.0, 1e-9);
    GP_COMPARE_REL(p.costUsd, 54.383562, 1e-6);
    // another provider without a bundled rate: not priced, and the plan says so
    offers[0].provider = "lambda";
    in.offerings = std::make_shared<const std::vector<core::Offering>>(offers);
    plan = test::plan(w, in);
    QCOMPARE(plan.candidates[0].pricing->storageCost, 0.0);
    QVERIFY(plan.candidates[0].pricing->dataNote.text().find("not priced") != std::string::npos);
    // the workload's own rates win, in their currency: 719.2 CNY = 100 USD of storage per month
    w.data->storagePricePerGbMonth = 0.7192 * 730 / 100; // CNY per GB-month → 0.7192·7.3·1000·(100/730)/7.192 USD
    w.data->egressPricePerGb = 0;
    w.data->currency = "CNY";
    plan = test::plan(w, in);
    GP_COMPARE_REL(plan.candidates[0].pricing->storageCost, 1000 * 0.7192 * 7.3 * (100.0 / 730) / 7.192, 1e-9);
}

// The scale-out network of the instance types the planner spreads data, pipeline and expert parallelism over: the
// bundled table holds the providers' published figures (AWS instance-type pages: p5.48xlarge 3,200 Gbit/s EFA,
// p4d.24xlarge 400, g5.12xlarge 40; Google Cloud "GPU network bandwidths": a3-megagpu-8g 1,800; Azure ND H100 v5:
// 8 × 400 Gbit/s InfiniBand = 3,200). A catalog row that states its own figure keeps it; one without gets the
// table's, with the source; one the table lacks stays unset (the planner's stated default applies).
void TestPricing::instanceNetworks()
{
    auto table = core::parseInstanceNetworks(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/instance_networks.json"), "instance_networks.json");
    QVERIFY2(table, table ? "" : table.error().detail.c_str());
    auto offering = [](const char* provider, const char* type, double gbps = 0) {
        core::Offering o;
        o.provider = provider;
        o.instanceType = type;
        o.networkGbps = gbps;
        return o;
    };
    std::vector<core::Offering> rows = {offering("aws", "p5.48xlarge"), offering("aws", "p4d.24xlarge"),
        offering("aws", "g5.12xlarge"), offering("gcp", "a3-megagpu-8g"), offering("azure", "Standard_ND96isr_H100_v5"),
        offering("aws", "p5.48xlarge", 1600), offering("vast", "1x-H100")};
    QCOMPARE(core::fillInstanceNetworks(rows, *table), std::size_t(5));
    QCOMPARE(rows[0].networkGbps, 3200.0);
    QCOMPARE(rows[1].networkGbps, 400.0);
    QCOMPARE(rows[2].networkGbps, 40.0);
    QCOMPARE(rows[3].networkGbps, 1800.0);
    QCOMPARE(rows[4].networkGbps, 3200.0);
    QVERIFY(rows[0].networkSource.find("EFA") != std::string::npos);
    QVERIFY(rows[0].networkSource.find("https://") != std::string::npos);
    QCOMPARE(rows[5].networkGbps, 1600.0); // its own figure
    QCOMPARE(rows[5].networkSource, std::string("the catalog row"));
    QCOMPARE(rows[6].networkGbps, 0.0);
    for (const auto& n : *table) // every row cites a source and a plausible figure (1 Gbit/s to 12.8 Tbit/s)
        QVERIFY2(!n.source.empty() && n.gbps >= 1 && n.gbps <= 12800, n.instanceType.c_str());
}

QTEST_APPLESS_MAIN(TestPricing)
// tests/data/catalog/check-rules.json, each rule worked by hand (today 2026-12-01):
// H100 on-demand per GPU-hour 2.0, 2.2, 19.2/8 = 2.4, 2.6, 2.8, 9.0: median (2.4 + 2.6)/2 = 2.5, and 9.0 > 3 × 2.5;
// h100.b's spot 2.5 > its on-demand 2.2; g6.12xlarge 3.2192 = 4 × 0.8048 exactly (g6.48xlarge's 13.3504 is not
// 8 ×); r5's 2026-06-03 is 181 days old, r4's 2026-06-04 180 (not beyond the rule); L4 has 3 rows, too few for a
// median. Nothing else.
void TestPricing::catalogCheckRules()
{
    auto cat = importers::parseNativeCatalog(
        test::readFile(GPUPLAN_SOURCE_DIR "/tests/data/catalog/check-rules.json"), "check-rules.json");
    QVERIFY2(cat, cat ? "" : cat.error().detail.c_str());
    core::CatalogCheckOptions options;
    options.today = "2026-12-01";
    const auto findings = core::checkCatalog(cat->offerings, core::FxTable {}, options);
    const std::vector<std::tuple<bool, std::string, std::string>> expected = {
        {true, "spot_above_on_demand", "h100.b"},
        {false, "stale", "h100.e"},
        {false, "outlier", "h100.f"},
        {false, "linear_multi_gpu", "g6.12xlarge"},
    };
    QCOMPARE(findings.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& [error, rule, instance] = expected[i];
        QCOMPARE(findings[i].error, error);
        QCOMPARE(QString::fromStdString(findings[i].rule), QString::fromStdString(rule));
        QCOMPARE(QString::fromStdString(findings[i].instanceType), QString::fromStdString(instance));
    }
    QVERIFY2(
        findings[2].detail().find("9 USD per GPU-hour is 3.6 × the median 2.5 of 6 on-demand H100-SXM-80GB rows") == 0,
        findings[2].detail().c_str());
    QVERIFY2(findings[1].detail().find("181 days") != std::string::npos, findings[1].detail().c_str());
    // Rows in a currency without an exchange rate stay out of the median rather than being taken as USD.
    auto cny = cat->offerings;
    for (auto& o : cny)
        for (auto& p : o.prices)
            p.currency = "CNY";
    for (const auto& f : core::checkCatalog(cny, core::FxTable {}, options))
        QVERIFY(f.rule != "outlier");

    // A second source that prices the same size at exactly 4 × its 1-GPU size too (another region, another file:
    // Microsoft's own list beside SkyPilot's copy for Azure) says the provider prices it linearly: no finding, in
    // either region. A second source of the 1-GPU size alone confirms nothing.
    auto confirmed = cat->offerings;
    for (const auto& o : cat->offerings)
        if (o.instanceType == "g6.xlarge" || o.instanceType == "g6.12xlarge") {
            core::Offering copy = o;
            copy.region = "eu-west-1";
            for (auto& p : copy.prices) {
                p.hourlyRate = o.instanceType == "g6.xlarge" ? 0.9 : 3.6; // 4 × 0.9
                p.source = "https://example.org/second-list";
            }
            confirmed.push_back(copy);
        }
    for (const auto& f : core::checkCatalog(confirmed, core::FxTable {}, options))
        QVERIFY2(f.rule != "linear_multi_gpu", (f.region + " " + f.instanceType + ": " + f.detail()).c_str());
    auto unconfirmed = confirmed;
    unconfirmed.back().prices[0].hourlyRate = 3.61; // not 4 × 0.9: the second source prices the size apart
    int linear = 0;
    for (const auto& f : core::checkCatalog(unconfirmed, core::FxTable {}, options))
        linear += f.rule == "linear_multi_gpu" && f.region == "us-east-1" && f.instanceType == "g6.12xlarge";
    QCOMPARE(linear, 1);
}

// The bundled catalog has no contradiction the planner must not use (warnings are listed by `catalog check`).
void TestPricing::bundledCatalogHasNoCheckErrors()
{
    std::vector<core::Offering> all;
    for (const auto& e : std::filesystem::directory_iterator(GPUPLAN_SOURCE_DIR "/pricing-data/catalog"))
        if (e.path().extension() == ".json") {
            auto c = importers::parseNativeCatalog(test::readFile(e.path().string()), e.path().filename().string());
            QVERIFY2(c, e.path().string().c_str());
            all.insert(all.end(), c->offerings.begin(), c->offerings.end());
        }
    QVERIFY(all.size() > 100);
    auto fx = core::parseFxRates(test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/fx.json"), "fx.json");
    QVERIFY(fx);
    core::CatalogCheckOptions options;
    options.today = "2026-12-01";
    for (const auto& f : core::checkCatalog(all, core::FxTable(*fx), options))
        QVERIFY2(!f.error, (f.provider + " " + f.region + " " + f.instanceType + ": " + f.detail()).c_str());
}

// Two publications of the same GCP prices: the Billing-derived pricing.yml (2026-07-30) and SkyPilot's v8 catalog.
// a2-highgpu-1g us-central1 on demand: 3.673385 in both (api/README.md works it from the Billing SKUs) — agrees;
// a3-highgpu-8g us-central1 on demand: 88.49 vs SkyPilot's 5.38 × 8 = 43.04 (hand-made second row; the README's
// a3-highgpu-1g figures are 11.06 vs 5.38): |88.49 − 43.04| / 43.04 = 105.6 % > 10 %; a spot price 5 % apart (within
// the tolerance); a row from the same source as the first (not a second opinion); another currency (not compared).
void TestPricing::secondSourceDisagreement()
{
    auto offering
        = [](std::string type, core::PricingModel m, double rate, std::string source, std::string currency = "USD") {
              core::Offering o;
              o.provider = "gcp";
              o.region = "us-central1";
              o.instanceType = std::move(type);
              o.gpuModel = "H100-SXM-80GB";
              o.gpuCount = 8;
              o.source = source;
              core::Price p;
              p.pricingModel = m;
              p.hourlyRate = rate;
              p.currency = std::move(currency);
              p.asOf = "2026-07-30";
              p.source = std::move(source);
              o.prices.push_back(p);
              return o;
          };
    using core::PricingModel;
    const std::vector<core::Offering> primary = {
        offering("a2-highgpu-1g", PricingModel::OnDemand, 3.673385, "billing"),
        offering("a3-highgpu-8g", PricingModel::OnDemand, 88.49, "billing"),
        offering("a3-highgpu-8g", PricingModel::Spot, 50.0, "billing"),
        offering("a3-megagpu-8g", PricingModel::OnDemand, 119.28, "billing"),
        offering("g2-standard-4", PricingModel::OnDemand, 0.7, "billing"),
    };
    const std::vector<core::Offering> second = {
        offering("a2-highgpu-1g", PricingModel::OnDemand, 3.67339, "skypilot"),
        offering("a3-highgpu-8g", PricingModel::OnDemand, 43.04, "skypilot"),
        offering("a3-highgpu-8g", PricingModel::Spot, 52.5, "skypilot"),
        offering("a3-megagpu-8g", PricingModel::OnDemand, 60.0, "billing"),
        offering("g2-standard-4", PricingModel::OnDemand, 5.11, "skypilot", "CNY"),
    };
    core::CatalogCheckOptions options;
    options.today = "2026-12-02";
    const auto findings = core::compareSources(primary, second, options);
    QCOMPARE(findings.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(findings[0].rule), QStringLiteral("sources_disagree"));
    QCOMPARE(QString::fromStdString(findings[0].instanceType), QStringLiteral("a3-highgpu-8g"));
    QCOMPARE(QString::fromStdString(findings[0].pricing), QStringLiteral("on_demand"));
    QVERIFY(!findings[0].error);
    QVERIFY2(findings[0].detail()
            == "88.49 USD/h here, 43.04 in skypilot (observed 2026-07-30): 105.6 % apart (rule: "
               "more than 10 % of the lower)",
        findings[0].detail().c_str());
    // 5 % is within a 10 % tolerance, not within 4 %
    options.sourceTolerance = 0.04;
    QCOMPARE(core::compareSources(primary, second, options).size(), std::size_t(2));
}

// pricing-data/catalog/gcp.json is Cyclenerd's pricing.yml through the importer (pricing-data/build/gcp.sh): every
// price of the importer fixture (rows copied from that file) is in the bundled catalog with the same figure, and the
// region the importer leaves out (africa-south1: no A100 spot SKU) is not.
// Azure's EU rows are Microsoft's own list (Retail Prices API items stored by andy-diericks/azure-pricing-radar
// @ cf741f25, captured 2026-08-20), where the NC A100 v4 sizes cost exactly n × the 1-GPU size; Vast's prepaid rows
// are its documented default discounts.
void TestPricing::bundledAzureListAndVastPrepaid()
{
    auto azure = importers::parseNativeCatalog(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/catalog/azure.json"), "azure.json");
    QVERIFY(azure);
    auto price = [](const core::Offering& o, core::PricingModel m) -> double {
        for (const auto& p : o.prices)
            if (p.pricingModel == m)
                return p.hourlyRate;
        return -1;
    };
    int seen = 0;
    for (const auto& o : azure->offerings) {
        if (o.region != "westeurope")
            continue;
        // The stored items: "NC24ads_A100_v4" retailPrice 4.775 (savingsPlanPrice 3.97471), "NC96ads_A100_v4" 19.1
        // (15.89884), "NC96ads_A100_v4 Spot" 4.38918; ND96isr_H100_v5 127.816 with spot 23.620397.
        if (o.instanceType == "Standard_NC24ads_A100_v4") {
            QCOMPARE(price(o, core::PricingModel::OnDemand), 4.775);
            QCOMPARE(price(o, core::PricingModel::SavingsPlan), 3.97471);
            ++seen;
        } else if (o.instanceType == "Standard_NC96ads_A100_v4") {
            QCOMPARE(price(o, core::PricingModel::OnDemand), 19.1); // 4 × 4.775: Microsoft's own figure
            QCOMPARE(price(o, core::PricingModel::SavingsPlan), 15.89884);
            QCOMPARE(price(o, core::PricingModel::Spot), 4.38918);
            QCOMPARE(o.gpuCount, 4.0);
            QCOMPARE(QString::fromStdString(o.prices[0].asOf), QStringLiteral("2026-08-20"));
            ++seen;
        } else if (o.instanceType == "Standard_ND96isr_H100_v5") {
            QCOMPARE(price(o, core::PricingModel::OnDemand), 127.816);
            QCOMPARE(price(o, core::PricingModel::Spot), 23.620397);
            ++seen;
        }
    }
    QCOMPARE(seen, 3);
    // Azure lists the H200's spot meter at its pay-as-you-go rate (110.272 in swedencentral): no spot price there.
    // The MI300X size is Azure's, 8 GPUs at 67.2 USD/h.
    for (const auto& o : azure->offerings)
        if (o.region == "swedencentral" && o.instanceType == "Standard_ND96isr_H200_v5")
            QCOMPARE(price(o, core::PricingModel::Spot), -1.0);
        else if (o.region == "swedencentral" && o.instanceType == "Standard_ND96isr_MI300X_v5") {
            QCOMPARE(QString::fromStdString(o.gpuModel), QStringLiteral("MI300X"));
            QCOMPARE(price(o, core::PricingModel::OnDemand), 67.2);
        }
    // No Azure multi-GPU price is an unconfirmed n × multiple: Microsoft's list and SkyPilot's copy agree.
    core::CatalogCheckOptions options;
    options.today = "2026-12-03";
    for (const auto& f : core::checkCatalog(azure->offerings, core::FxTable {}, options))
        QVERIFY2(f.rule != "linear_multi_gpu", (f.region + " " + f.instanceType + ": " + f.detail()).c_str());

    auto vast = importers::parseNativeCatalog(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/catalog/vast.json"), "vast.json");
    QVERIFY(vast);
    int prepaid = 0;
    for (const auto& o : vast->offerings) {
        const double od = price(o, core::PricingModel::OnDemand);
        for (const auto& p : o.prices)
            if (p.pricingModel == core::PricingModel::Reserved) {
                QCOMPARE(QString::fromStdString(p.offeringClass), QStringLiteral("host_default"));
                // 20 % off for 1 month, 30 % for 3 (Vast's documented default): prepaid × 730 h × months.
                const double discount = p.termMonths == 1 ? 0.2 : 0.3;
                QVERIFY(p.termMonths == 1 || p.termMonths == 3);
                QVERIFY(std::abs(p.effectiveHourly() - od * (1 - discount)) < 1e-6);
                core::Pricing priced;
                priced.price = p;
                QCOMPARE(QString::fromStdString(core::pricingKey(priced)), QStringLiteral("reserved_host_default"));
                ++prepaid;
            }
        if (o.region == "France, FR, EU" && o.instanceType == "1x-H200-32-65536")
            for (const auto& p : o.prices)
                if (p.pricingModel == core::PricingModel::Reserved && p.termMonths == 1)
                    QCOMPARE(p.upfrontFee, 1547.6); // 2.65 × 730 × 0.8
    }
    QVERIFY(prepaid >= 40);
}

void TestPricing::bundledGcpEqualsItsSource()
{
    auto bundled = importers::parseNativeCatalog(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/catalog/gcp.json"), "gcp.json");
    QVERIFY(bundled);
    auto source = importers::importGcpPricingYaml(
        test::readFile(GPUPLAN_SOURCE_DIR "/tests/data/importers/gcp_pricing/pricing_excerpt.yml"), "pricing.yml", "",
        "fixture");
    QVERIFY(source);
    std::size_t compared = 0;
    for (const auto& want : source->offerings) {
        const core::Offering* got = nullptr;
        for (const auto& o : bundled->offerings)
            if (o.region == want.region && o.instanceType == want.instanceType)
                got = &o;
        QVERIFY2(got, (want.instanceType + " " + want.region).c_str());
        QCOMPARE(QString::fromStdString(got->gpuModel), QString::fromStdString(want.gpuModel));
        QCOMPARE(got->gpuCount, want.gpuCount);
        for (const auto& p : want.prices) {
            const core::Price* q = nullptr;
            for (const auto& x : got->prices)
                if (x.pricingModel == p.pricingModel && x.termMonths == p.termMonths)
                    q = &x;
            QVERIFY2(
                q, (want.instanceType + " " + want.region + " " + std::string(core::toString(p.pricingModel))).c_str());
            QCOMPARE(q->hourlyRate, p.hourlyRate); // the same text through the same arithmetic
            QCOMPARE(QString::fromStdString(q->asOf), QStringLiteral("2026-07-30"));
            ++compared;
        }
    }
    QCOMPARE(compared, std::size_t(29)); // validate's count of the fixture (tst_catalog_cli)
    for (const auto& o : bundled->offerings) {
        QVERIFY(!(o.region == "africa-south1" && o.instanceType == "a2-highgpu-1g"));
        QVERIFY2(o.source.rfind("https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator/blob/", 0) == 0,
            o.source.c_str());
    }
}

// The bundled AWS catalog is SkyPilot's AWS rows as pricing-data/build/aws.sh converts them: a fixture of every
// p5.48xlarge row of the file (skypilot-catalog @ 00148f2a, 33 rows in 13 regions) read by the importer gives the same
// offerings and prices, and the bundle covers at least 20 regions (the bar; the file has GPUs in 23).
void TestPricing::bundledAwsEqualsItsSource()
{
    auto bundled = importers::parseNativeCatalog(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/catalog/aws.json"), "aws.json");
    QVERIFY(bundled);
    auto source = importers::importSkyPilotCsv(
        test::readFile(GPUPLAN_SOURCE_DIR "/tests/data/importers/skypilot/aws_p5_48xlarge_all.csv"), "p5.csv", "aws",
        "2026-11-30", "fixture");
    QVERIFY(source);
    std::size_t compared = 0;
    for (const auto& want : source->offerings) {
        const core::Offering* got = nullptr;
        for (const auto& o : bundled->offerings)
            if (o.region == want.region && o.zone == want.zone && o.instanceType == want.instanceType)
                got = &o;
        QVERIFY2(got, (want.instanceType + " " + want.region + " " + want.zone).c_str());
        QCOMPARE(QString::fromStdString(got->gpuModel), QStringLiteral("H100-SXM-80GB"));
        QCOMPARE(got->prices.size(), want.prices.size());
        for (std::size_t i = 0; i < want.prices.size(); ++i) {
            QVERIFY(got->prices[i].pricingModel == want.prices[i].pricingModel);
            QCOMPARE(got->prices[i].hourlyRate, want.prices[i].hourlyRate);
            ++compared;
        }
    }
    // 13 regional on-demand prices + 33 rows − 1 Local Zone row (use1-atl2-az1) − AZs without a spot price
    QVERIFY(compared >= 13 + 20);
    // us-east-1: on demand 55.04 for the region; use1-az6 spot 17.6289 with its Spot Advisor bucket
    auto find = [&](const std::string& zone) {
        for (const auto& o : bundled->offerings)
            if (o.instanceType == "p5.48xlarge" && o.region == "us-east-1" && o.zone == zone)
                return &o;
        return static_cast<const core::Offering*>(nullptr);
    };
    QVERIFY(find("") && find("")->prices.size() == 1);
    QCOMPARE(find("")->prices[0].hourlyRate, 55.04);
    QVERIFY(find("use1-az6") && find("use1-az6")->prices[0].interruptionBucket.has_value());
    QCOMPARE(find("use1-az6")->prices[0].hourlyRate, 17.6289);
    QVERIFY(!find("use1-atl2-az1"));
    std::set<std::string> regions;
    for (const auto& o : bundled->offerings)
        regions.insert(o.region);
    QVERIFY2(regions.size() >= 20, std::to_string(regions.size()).c_str());
}

// Tencent's 价格总览 (qcloud-documents @ 8ec07296) gives GN10X and GN8 prices as region-dependent ranges: the bundled
// rows carry the upper end (the planner's rule) and keep "low - high" as written. GN10X.2XLARGE40: 16.21 - 18.04
// 元/小时, 4671 - 5190 元/月; GN8.14XLARGE448: 98.82 - 123.52 元/小时; GN6.7XLARGE48: a single 9 元/小时.
void TestPricing::tencentRangesUseTheUpperEnd()
{
    auto cat = importers::parseNativeCatalog(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/catalog/tencent.json"), "tencent.json");
    QVERIFY(cat);
    QVERIFY(cat->warnings.empty());
    auto find = [&](const char* type, core::PricingModel m) -> const core::Price* {
        for (const auto& o : cat->offerings)
            if (o.instanceType == type && o.region == "ap-guangzhou")
                for (const auto& p : o.prices)
                    if (p.pricingModel == m)
                        return &p;
        return nullptr;
    };
    const auto* od = find("GN10X.2XLARGE40", core::PricingModel::OnDemand);
    QVERIFY(od);
    QCOMPARE(od->hourlyRate, 18.04);
    QCOMPARE(QString::fromStdString(od->origValue), QStringLiteral("16.21 - 18.04 元/小时"));
    QCOMPARE(QString::fromStdString(od->currency), QStringLiteral("CNY"));
    const auto* month = find("GN10X.2XLARGE40", core::PricingModel::Subscription);
    QVERIFY(month);
    QCOMPARE(month->upfrontFee, 5190.0);
    QCOMPARE(month->termMonths, 1);
    QCOMPARE(find("GN8.14XLARGE448", core::PricingModel::OnDemand)->hourlyRate, 123.52);
    QCOMPARE(QString::fromStdString(find("GN6.7XLARGE48", core::PricingModel::OnDemand)->origValue),
        QStringLiteral("9 元/小时"));
}

// A commitment's note says what it binds the team to and when it pays: GCP a2-highgpu-1g us-central1, 3-year
// committed use 938.56707798 USD a month (Cyclenerd's pricing.yml) against 3.673385 USD/h on demand, one instance:
// 36 × 938.56707798 = 33,788.41 USD over the term; 938.56707798 / 730 / 3.673385 = 35.0 % break-even utilization.
void TestPricing::commitmentNoteStatesTheObligation()
{
    core::Offering o;
    o.provider = "gcp";
    o.instanceType = "a2-highgpu-1g";
    o.gpuCount = 1;
    core::Price p;
    p.pricingModel = core::PricingModel::CommittedUse;
    p.termMonths = 36;
    p.hourlyRate = 938.56707798 / 730;
    const auto served = core::priceJob(o, p, 1, 730, true, core::SpotParams {}, 0, 3.673385);
    QCOMPARE(QString::fromStdString(served.note.text()),
        QStringLiteral("36-month commitment: 33788 USD over the term, paid whether used or not; cheaper than "
                       "on-demand above 35 % utilization"));
    // without an on-demand price of the same offering there is no break-even to state
    const auto alone = core::priceJob(o, p, 1, 730, true, core::SpotParams {}, 0, 0);
    QCOMPARE(QString::fromStdString(alone.note.text()),
        QStringLiteral("36-month commitment: 33788 USD over the term, paid whether used or not"));
}

void TestPricing::daysBetweenDates()
{
    QCOMPARE(core::daysBetween("2026-06-04", "2026-12-01").value_or(-1), 180L); // 26+31+31+30+31+30+1
    QCOMPARE(core::daysBetween("2024-02-28", "2024-03-01").value_or(-1), 2L);   // 2024 is a leap year
    QCOMPARE(core::daysBetween("2025-02-28", "2025-03-01").value_or(-1), 1L);
    QCOMPARE(core::daysBetween("1970-01-01", "2000-01-01").value_or(-1), 10957L); // 30 × 365 + 7 leap days
    QCOMPARE(core::daysBetween("2026-11-30T12:00:00Z", "2026-12-01").value_or(-1), 1L);
    QVERIFY(!core::daysBetween("yesterday", "2026-12-01"));
    QVERIFY(!core::daysBetween("2026-13-01", "2026-12-01"));
}

#include "tst_pricing.moc"

// Every bundled row says where it was read as a link a user can open (the Catalog page opens it on double-click):
// the provider's page or the source file at its commit, never a repository nickname or a path of some machine.
void TestPricing::bundledSourcesAreLinks()
{
    const auto isLink = [](const std::string& s) { return s.rfind("https://", 0) == 0 || s.rfind("http://", 0) == 0; };
    int rows = 0;
    for (const auto& e : std::filesystem::directory_iterator(GPUPLAN_SOURCE_DIR "/pricing-data/catalog"))
        if (e.path().extension() == ".json") {
            auto c = importers::parseNativeCatalog(test::readFile(e.path().string()), e.path().filename().string());
            QVERIFY2(c, e.path().string().c_str());
            for (const auto& o : c->offerings) {
                QVERIFY2(
                    isLink(o.source), (e.path().filename().string() + " " + o.instanceType + ": " + o.source).c_str());
                for (const auto& p : o.prices)
                    QVERIFY2(isLink(p.source),
                        (e.path().filename().string() + " " + o.instanceType + ": " + p.source).c_str());
                ++rows;
            }
        }
    QVERIFY(rows > 100);
    auto fx = core::parseFxRates(test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/fx.json"), "fx.json");
    QVERIFY(fx);
    for (const auto& r : *fx)
        QVERIFY2(isLink(r.source), (r.currency + ": " + r.source).c_str());
}

// On the plan's date 2026-12-01: a CNY price of 2026-05-01 is 214 days old (30 left in May + 30 + 31 + 31 + 30 + 31
// + 30 + 1), past the 180-day limit; a USD price of 2026-11-30 is 1 day old. The CNY rate of 2024-02-02 is 1 033
// days old (2024-02-02 → 2026-02-02 = 731 days, → 2026-12-01 = 302 more), past 30; the USD price uses no rate.
void TestPricing::pricesAndRatesAreDated()
{
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"A100-SXM-40GB", 100, core::BatchBound::Tensor};
    std::vector<core::Offering> offers {
        offering("alibaba", "A100-SXM-40GB", 1, "cn-shanghai"), offering("aws", "A100-SXM-40GB", 1, "us-east-1")};
    offers[0].prices = {price(core::PricingModel::OnDemand, 20)};
    offers[0].prices[0].currency = "CNY";
    offers[0].prices[0].asOf = "2026-05-01";
    offers[1].prices = {price(core::PricingModel::OnDemand, 4)};
    core::PlanInputs in = test::inputs(offers, fx());
    in.today = "2026-12-01";
    const auto plan = test::plan(w, in);
    QCOMPARE(plan.candidates.size(), std::size_t(2));
    const core::Pricing* cny = nullptr;
    const core::Pricing* usd = nullptr;
    for (const auto& c : plan.candidates)
        (c.pricing->price.currency == "CNY" ? cny : usd) = &*c.pricing;
    QVERIFY(cny && usd);
    QCOMPARE(*cny->priceAgeDays, 214L);
    QVERIFY(cny->priceStale);
    QCOMPARE(cny->fxAsOf, std::string("2024-02-02"));
    QCOMPARE(*cny->fxAgeDays, 1033L);
    QVERIFY(cny->fxStale);
    QCOMPARE(*usd->priceAgeDays, 1L);
    QVERIFY(!usd->priceStale);
    QVERIFY(usd->fxAsOf.empty() && !usd->fxAgeDays && !usd->fxStale);
    // the plan says so, naming the oldest price and the rate
    bool pricesNote = false, fxNote = false;
    for (const auto& n : plan.notes) {
        pricesNote |= n.id() == "plan.note_prices_old"
            && n.text().find("1 of the 2 priced candidates use a price older than 180 days (the oldest: alibaba "
                             "alibaba-A100-SXM-40GB, as of 2026-05-01, 214 days)")
                != std::string::npos;
        fxNote |= n.id() == "plan.note_fx_old"
            && n.text().find("CNY is as of 2024-02-02, 1033 days old") != std::string::npos;
    }
    QVERIFY(pricesNote);
    QVERIFY(fxNote);
    // no date given: no ages, no notes
    in.today.clear();
    for (const auto& c : test::plan(w, in).candidates)
        QVERIFY(!c.pricing->priceAgeDays && !c.pricing->priceStale);
}

// catalog check's error rule in the planner: a spot price (5.00) above the same offering's on-demand price (4.00) is
// a wrong row; it is excluded with the rule named, and the on-demand price is still planned.
void TestPricing::spotAboveOnDemandIsNotRanked()
{
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"A100-SXM-40GB", 100, core::BatchBound::Tensor};
    std::vector<core::Offering> offers {offering("x", "A100-SXM-40GB", 1, "us-east-1")};
    offers[0].prices = {price(core::PricingModel::OnDemand, 4), price(core::PricingModel::Spot, 5)};
    const auto plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    QVERIFY(plan.candidates[0].pricing->price.pricingModel == core::PricingModel::OnDemand);
    bool excluded = false;
    for (const auto& e : plan.excluded)
        excluded |= e.pricingModel == "spot" && e.reason.id() == "plan.spot_above_on_demand"
            && e.reason.text().rfind("the spot price 5 USD/h is above this offering's on-demand price 4 USD/h", 0) == 0;
    QVERIFY(excluded);
    // a spot price below on-demand is planned as before
    offers[0].prices[1].hourlyRate = 1.5;
    QCOMPARE(test::plan(w, test::inputs(offers, fx())).candidates.size(), std::size_t(2));
}

void TestPricing::twinsArePrunedBeforeEstimating()
{
    // A 10 GPU-hour T4 job (fp32-bound, on the reference GPU itself: 10 h). Same provider, GPU and count in three
    // regions at 0.50, 0.60 and 0.50 USD/h: the 0.60 one is a dearer twin, the second 0.50 an equal one (the first
    // in catalog order stays). A spot price in bucket 1 and one in bucket 3 are not twins (the bucket changes the
    // overhead); another provider at 0.60 is not a twin (its SLA, quota and discount are its own).
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"T4", 10, core::BatchBound::Fp32};
    std::vector<core::Offering> offers {offering("aws", "T4", 1, "us-east-1"), offering("aws", "T4", 1, "eu-west-1"),
        offering("aws", "T4", 1, "us-west-2"), offering("gcp", "T4", 1, "us-central1")};
    auto spot = [](double rate, int bucket) {
        auto p = price(core::PricingModel::Spot, rate);
        p.interruptionBucket = bucket;
        return p;
    };
    offers[0].prices = {price(core::PricingModel::OnDemand, 0.50), spot(0.20, 1)};
    offers[1].prices = {price(core::PricingModel::OnDemand, 0.60), spot(0.15, 3)};
    offers[2].prices = {price(core::PricingModel::OnDemand, 0.50)};
    offers[3].prices = {price(core::PricingModel::OnDemand, 0.60)};
    auto plan = test::plan(w, test::inputs(offers, fx()));
    auto has = [&](const std::string& region, core::PricingModel m) {
        return std::any_of(plan.candidates.begin(), plan.candidates.end(), [&](const core::Candidate& c) {
            return c.pricing->offering.region == region && c.pricing->price.pricingModel == m;
        });
    };
    QCOMPARE(plan.candidates.size(), std::size_t(4));
    QVERIFY(has("us-east-1", core::PricingModel::OnDemand));
    QVERIFY(!has("eu-west-1", core::PricingModel::OnDemand)); // 0.60 > 0.50
    QVERIFY(!has("us-west-2", core::PricingModel::OnDemand)); // 0.50 = 0.50, listed later
    QVERIFY(has("us-east-1", core::PricingModel::Spot));
    QVERIFY(has("eu-west-1", core::PricingModel::Spot));
    QVERIFY(has("us-central1", core::PricingModel::OnDemand));
    const auto note = std::find_if(plan.notes.begin(), plan.notes.end(),
        [](const core::Message& m) { return m.id() == "plan.note_pruned_twins"; });
    QVERIFY(note != plan.notes.end());
    QVERIFY(note->text().rfind("2 offering prices were not estimated", 0) == 0);
    QVERIFY(note->text().find("(4 are priced)") != std::string::npos);

    // A region constraint is applied first: allowed only eu-west-1, its 0.60 is the cheapest left and is ranked.
    w.constraints.regions = {"eu-west-1"};
    plan = test::plan(w, test::inputs(offers, fx()));
    QVERIFY(has("eu-west-1", core::PricingModel::OnDemand));

    // Ranked by carbon the region's grid matters: no region's price is a twin of another's.
    w.constraints.regions.clear();
    w.constraints.objective = "carbon";
    plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(6));
    QVERIFY(has("us-west-2", core::PricingModel::OnDemand));
}

// AWS shape: on-demand 4.00 USD/h on the regional offering, spot per zone: 4.50 in use1-az1 (above: not ranked, a
// check warning), 4.00 in use1-az2 (equal: a warning; ranked, but a dearer twin of az3's), 1.50 in use1-az3 (ranked,
// break-even utilization 1.5 / 4 = 0.375 against the region's on-demand price).
void TestPricing::zonalSpotComparesWithTheRegion()
{
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"A100-SXM-40GB", 100, core::BatchBound::Tensor};
    std::vector<core::Offering> offers(4, offering("aws", "A100-SXM-40GB", 1, "us-east-1"));
    offers[0].prices = {price(core::PricingModel::OnDemand, 4)};
    const char* zones[] = {"use1-az1", "use1-az2", "use1-az3"};
    const double spots[] = {4.5, 4.0, 1.5};
    for (int i = 0; i < 3; ++i) {
        offers[i + 1].zone = zones[i];
        offers[i + 1].prices = {price(core::PricingModel::Spot, spots[i])};
    }
    const auto plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(2)); // on demand, and az3's spot
    const core::Candidate* spot = nullptr;
    for (const auto& c : plan.candidates)
        if (c.pricing->price.pricingModel == core::PricingModel::Spot)
            spot = &c;
    QVERIFY(spot);
    QCOMPARE(QString::fromStdString(spot->pricing->offering.zone), QStringLiteral("use1-az3"));
    GP_COMPARE_REL(spot->pricing->breakEvenUtilization, 0.375, 1e-12);
    bool excluded = false;
    for (const auto& e : plan.excluded)
        excluded |= e.reason.id() == "plan.spot_above_region_on_demand"
            && e.reason.text().rfind(
                   "the spot price 4.5 USD/h in zone use1-az1 is above the region's on-demand price 4 USD/h", 0)
                == 0;
    QVERIFY(excluded);

    core::CatalogCheckOptions options;
    options.today = "2026-12-01";
    const auto findings = core::checkCatalog(offers, core::FxTable {}, options);
    QCOMPARE(findings.size(), std::size_t(2));
    for (const auto& f : findings) {
        QVERIFY(!f.error);
        QCOMPARE(QString::fromStdString(f.rule), QStringLiteral("spot_not_cheaper"));
    }
    QVERIFY2(findings[0].detail().find("spot 4.5 USD/h in use1-az1 is above the region's on-demand 4") == 0,
        findings[0].detail().c_str());
    QVERIFY2(findings[1].detail().find("spot 4 USD/h in use1-az2 is equal to the region's on-demand 4") == 0,
        findings[1].detail().c_str());

    // SkyPilot's four decimals (g5.12xlarge apne1-az4: SpotPrice 8.2261, the region's Price 8.22609) are the same
    // price: not above (half a unit of the fourth decimal is rounding), but not cheaper either.
    const core::Price od = price(core::PricingModel::OnDemand, 8.22609);
    QVERIFY(!core::spotAboveOnDemand(price(core::PricingModel::Spot, 8.2261), &od));
    QVERIFY(core::spotAboveOnDemand(price(core::PricingModel::Spot, 8.2262), &od));
    std::vector<core::Offering> rounded(2, offering("aws", "A100-SXM-40GB", 1, "ap-northeast-1"));
    rounded[0].prices = {od};
    rounded[1].zone = "apne1-az4";
    rounded[1].prices = {price(core::PricingModel::Spot, 8.2261)};
    const auto same = core::checkCatalog(rounded, core::FxTable {}, options);
    QCOMPARE(same.size(), std::size_t(1));
    QVERIFY2(
        same[0].detail().find("is equal to the region's on-demand") != std::string::npos, same[0].detail().c_str());
}

// A GPU without a datasheet in three AWS regions (g5g's T4g) is one line in the exclusion list, not three; another
// provider's row with the same reason keeps its own line. The count note still counts every excluded price.
void TestPricing::repeatedExclusionIsListedOnce()
{
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    w.batch = core::BatchSpec {"T4", 10, core::BatchBound::Fp32};
    std::vector<core::Offering> offers {offering("aws", "T4", 1, "us-east-1"), offering("aws", "T4g", 1, "us-east-1"),
        offering("aws", "T4g", 1, "us-west-2"), offering("aws", "T4g", 1, "eu-west-1"),
        offering("other", "T4g", 1, "us-east-1")};
    for (auto& o : offers)
        o.prices = {price(core::PricingModel::OnDemand, 0.5)};
    const auto plan = test::plan(w, test::inputs(offers, fx()));
    QCOMPARE(plan.candidates.size(), std::size_t(1));
    std::size_t awsT4g = 0, otherT4g = 0;
    for (const auto& e : plan.excluded) {
        awsT4g += e.gpu == "T4g" && e.provider == "aws" ? 1 : 0;
        otherT4g += e.gpu == "T4g" && e.provider == "other" ? 1 : 0;
    }
    QCOMPARE(awsT4g, std::size_t(1));
    QCOMPARE(otherT4g, std::size_t(1));
}
