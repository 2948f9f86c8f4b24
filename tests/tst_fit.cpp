// The least-squares fitter the serving model's calibration uses (core/fit.h), on problems solved by hand.
#include "core/fit.h"
#include "testutil.h"

#include <cmath>

using namespace gpuplan;

class TestFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void powerLawIsRecovered();
    void boundsHold();
    void objective();
};

// y = a · x^b through (1, 2), (4, 4), (9, 6): a = 2, b = 1/2 exactly (2·√1, 2·√4, 2·√9).
void TestFit::powerLawIsRecovered()
{
    const std::vector<double> x {1, 4, 9}, y {2, 4, 6};
    auto cost = [&](const std::vector<double>& p) {
        std::vector<double> est;
        for (double v : x)
            est.push_back(p[0] * std::pow(v, p[1]));
        return core::meanSquaredLogRatio(est, y);
    };
    const auto r = core::minimizeNelderMead({{"a", 1.0, 0.01, 100}, {"b", 1.0, 0.01, 10}}, cost);
    QVERIFY(r.converged);
    QVERIFY2(std::abs(r.values[0] - 2.0) < 1e-4, std::to_string(r.values[0]).c_str());
    QVERIFY2(std::abs(r.values[1] - 0.5) < 1e-4, std::to_string(r.values[1]).c_str());
    QVERIFY(r.cost < 1e-10);
    // The same inputs give the same answer (no randomness).
    const auto again = core::minimizeNelderMead({{"a", 1.0, 0.01, 100}, {"b", 1.0, 0.01, 10}}, cost);
    QCOMPARE(again.values, r.values);
    QCOMPARE(again.evaluations, r.evaluations);
}

// A constant model c against measurements 1 and 4: the log least-squares optimum is their geometric mean, 2; with
// c bounded to at most 1.5, the fit stops at the bound.
void TestFit::boundsHold()
{
    auto cost = [](const std::vector<double>& p) { return core::meanSquaredLogRatio({p[0], p[0]}, {1, 4}); };
    auto free = core::minimizeNelderMead({{"c", 1.0, 0.1, 10}}, cost);
    QVERIFY(std::abs(free.values[0] - 2.0) < 1e-4);
    auto bounded = core::minimizeNelderMead({{"c", 1.0, 0.1, 1.5}}, cost);
    QVERIFY(std::abs(bounded.values[0] - 1.5) < 1e-9);
}

// (ln 2)² and (ln ½)² averaged: 0.480453…; a non-positive estimate counts as a log ratio of 10.
void TestFit::objective()
{
    QVERIFY(std::abs(core::meanSquaredLogRatio({2, 0.5}, {1, 1}) - std::log(2.0) * std::log(2.0)) < 1e-12);
    QCOMPARE(core::meanSquaredLogRatio({0}, {1}), 100.0);
    QCOMPARE(core::meanSquaredLogRatio({}, {}), 0.0);
}

QTEST_APPLESS_MAIN(TestFit)
#include "tst_fit.moc"
