// What changed between two catalogs: offerings added and removed, prices up, down, unchanged, biggest movers.
#include "core/catalog_diff.h"

#include <QtTest>

using namespace gpuplan;

namespace {
core::Price price(core::PricingModel m, double hourly, int termMonths = 0, double upfront = 0)
{
    core::Price p;
    p.pricingModel = m;
    p.hourlyRate = hourly;
    p.termMonths = termMonths;
    p.upfrontFee = upfront;
    p.currency = "USD";
    p.asOf = "2026-11-30";
    p.source = "test";
    return p;
}

core::Offering offering(const char* region, const char* type, std::vector<core::Price> prices, const char* zone = "")
{
    core::Offering o;
    o.provider = "azure";
    o.region = region;
    o.zone = zone;
    o.instanceType = type;
    o.gpuModel = "A100-PCIe-80GB";
    o.gpuCount = 1;
    o.prices = std::move(prices);
    return o;
}
} // namespace

class TestCatalogDiff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void identicalCatalogsHaveNoChanges();
    void addedRemovedAndMoved();
    void pricesMatchOnModelTermAndCurrency();
    void biggestMoversAcrossUpAndDown();
    void zoneSeparatesOfferings();
};

void TestCatalogDiff::identicalCatalogsHaveNoChanges()
{
    const std::vector<core::Offering> a {
        offering("eastus", "Standard_NC24ads_A100_v4", {price(core::PricingModel::OnDemand, 3.673)})};
    const auto d = core::diffCatalogs(a, a);
    QVERIFY(d.empty());
    QCOMPARE(d.unchangedPrices, std::size_t(1));
    QCOMPARE(d.offeringsBefore, std::size_t(1));
    QCOMPARE(d.offeringsAfter, std::size_t(1));
}

void TestCatalogDiff::addedRemovedAndMoved()
{
    // before: NC24ads eastus 3.673 on demand + 0.444433 spot; NC4as eastus 0.526; NC64as southcentralus 5.222
    // after:  NC24ads eastus 3.673 (same) + 0.5 spot (up 12.5 %); NC4as gone; NC64as 4.9 (down 6.17 %);
    //         NC40ads_H100 eastus 6.98 new
    const std::vector<core::Offering> before {
        offering("eastus", "Standard_NC24ads_A100_v4",
            {price(core::PricingModel::OnDemand, 3.673), price(core::PricingModel::Spot, 0.444433)}),
        offering("eastus", "Standard_NC4as_T4_v3", {price(core::PricingModel::OnDemand, 0.526)}),
        offering("southcentralus", "Standard_NC64as_T4_v3", {price(core::PricingModel::OnDemand, 5.222)})};
    const std::vector<core::Offering> after {
        offering("eastus", "Standard_NC24ads_A100_v4",
            {price(core::PricingModel::OnDemand, 3.673), price(core::PricingModel::Spot, 0.5)}),
        offering("southcentralus", "Standard_NC64as_T4_v3", {price(core::PricingModel::OnDemand, 4.9)}),
        offering("eastus", "Standard_NC40ads_H100_v5", {price(core::PricingModel::OnDemand, 6.98)})};
    const auto d = core::diffCatalogs(before, after);
    QVERIFY(!d.empty());
    QCOMPARE(d.added.size(), std::size_t(1));
    QCOMPARE(d.added[0].instanceType, std::string("Standard_NC40ads_H100_v5"));
    QCOMPARE(d.added[0].onDemandHourly, 6.98);
    QCOMPARE(d.removed.size(), std::size_t(1));
    QCOMPARE(d.removed[0].instanceType, std::string("Standard_NC4as_T4_v3"));
    QCOMPARE(d.up.size(), std::size_t(1));
    QCOMPARE(d.up[0].before, 0.444433);
    QCOMPARE(d.up[0].after, 0.5);
    QVERIFY(std::abs(d.up[0].relative() - (0.5 / 0.444433 - 1)) < 1e-12); // +12.50 %
    QCOMPARE(d.down.size(), std::size_t(1));
    QVERIFY(std::abs(d.down[0].relative() - (4.9 / 5.222 - 1)) < 1e-12); // −6.17 %
    QCOMPARE(d.unchangedPrices, std::size_t(1));
    QCOMPARE(d.addedPrices, std::size_t(0));
    QCOMPARE(d.removedPrices, std::size_t(0));
}

void TestCatalogDiff::pricesMatchOnModelTermAndCurrency()
{
    // A 1-year reservation (416 upfront → 416 / 8760 = 0.04749/h) and a 3-year one (803 / 26280 = 0.03056/h):
    // different terms are different prices, so the 3-year one is "removed" and a 5-year one "added".
    auto eur = price(core::PricingModel::OnDemand, 0.07);
    eur.currency = "EUR";
    const std::vector<core::Offering> before {offering("eastus", "Standard_D2als_v7",
        {price(core::PricingModel::Reserved, 0, 12, 416), price(core::PricingModel::Reserved, 0, 36, 803),
            price(core::PricingModel::OnDemand, 0.0804)})};
    const std::vector<core::Offering> after {offering("eastus", "Standard_D2als_v7",
        {price(core::PricingModel::Reserved, 0, 12, 420), price(core::PricingModel::Reserved, 0, 60, 1200),
            price(core::PricingModel::OnDemand, 0.0804), eur})};
    const auto d = core::diffCatalogs(before, after);
    QCOMPARE(d.up.size(), std::size_t(1)); // the 1-year: 416 → 420 upfront
    QCOMPARE(d.up[0].termMonths, 12);
    QVERIFY(std::abs(d.up[0].before - 416.0 / 8760) < 1e-12);
    QVERIFY(std::abs(d.up[0].after - 420.0 / 8760) < 1e-12);
    QCOMPARE(d.unchangedPrices, std::size_t(1)); // on demand USD
    QCOMPARE(d.addedPrices, std::size_t(2));     // 5-year reservation, on demand EUR
    QCOMPARE(d.removedPrices, std::size_t(1));   // 3-year reservation
    QVERIFY(d.added.empty() && d.removed.empty());
}

void TestCatalogDiff::biggestMoversAcrossUpAndDown()
{
    // relative changes: a +10 %, b −50 %, c +200 %, d −1 %  → movers by |change|: c, b, a
    const std::vector<core::Offering> before {offering("r", "a", {price(core::PricingModel::OnDemand, 1.0)}),
        offering("r", "b", {price(core::PricingModel::OnDemand, 2.0)}),
        offering("r", "c", {price(core::PricingModel::OnDemand, 1.0)}),
        offering("r", "d", {price(core::PricingModel::OnDemand, 1.0)})};
    const std::vector<core::Offering> after {offering("r", "a", {price(core::PricingModel::OnDemand, 1.1)}),
        offering("r", "b", {price(core::PricingModel::OnDemand, 1.0)}),
        offering("r", "c", {price(core::PricingModel::OnDemand, 3.0)}),
        offering("r", "d", {price(core::PricingModel::OnDemand, 0.99)})};
    const auto d = core::diffCatalogs(before, after);
    QCOMPARE(d.up.size(), std::size_t(2));
    QCOMPARE(d.up[0].instanceType, std::string("c"));
    QCOMPARE(d.down.size(), std::size_t(2));
    QCOMPARE(d.down[0].instanceType, std::string("b"));
    const auto movers = d.biggestMovers(3);
    QCOMPARE(movers.size(), std::size_t(3));
    QCOMPARE(movers[0].instanceType, std::string("c"));
    QCOMPARE(movers[1].instanceType, std::string("b"));
    QCOMPARE(movers[2].instanceType, std::string("a"));
    QCOMPARE(d.biggestMovers(10).size(), std::size_t(4));
}

void TestCatalogDiff::zoneSeparatesOfferings()
{
    // AWS spot prices are per zone: the same type in two zones is two offerings.
    const std::vector<core::Offering> before {
        offering("us-east-1", "p4d.24xlarge", {price(core::PricingModel::Spot, 2.4655)}, "use1-az1"),
        offering("us-east-1", "p4d.24xlarge", {price(core::PricingModel::Spot, 8.1915)}, "use1-az2")};
    const std::vector<core::Offering> after {
        offering("us-east-1", "p4d.24xlarge", {price(core::PricingModel::Spot, 2.4655)}, "use1-az1")};
    const auto d = core::diffCatalogs(before, after);
    QCOMPARE(d.removed.size(), std::size_t(1));
    QCOMPARE(d.removed[0].zone, std::string("use1-az2"));
    QCOMPARE(d.unchangedPrices, std::size_t(1));
}

QTEST_GUILESS_MAIN(TestCatalogDiff)
#include "tst_catalog_diff.moc"
