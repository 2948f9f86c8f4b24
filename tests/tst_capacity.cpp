// Serving capacity, availability, SLA credits, autoscaling, energy and geography, worked by hand.
#include "core/capacity.h"
#include "core/planner.h"
#include "testutil.h"

using namespace gpuplan;

class TestCapacity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void erlangC_data();
    void erlangC();
    void waitQuantile();
    void kOfN_data();
    void kOfN();
    void downtimeBudgets();
    void slaCredits();
    void replicasFromTtftAndAvailability();
    void fleetsBeyondThePlanLimit();
    void autoscalingSmallProfile();
    void reservedBaselineRank();
    void tokensAndApis();
    void geography();
    void energyAndCarbon();
};

void TestCapacity::erlangC_data()
{
    QTest::addColumn<int>("servers");
    QTest::addColumn<double>("erlangs");
    QTest::addColumn<double>("expected");
    // M/M/1: P(wait) = ρ
    QTest::newRow("M/M/1, rho 0.7") << 1 << 0.7 << 0.7;
    // c = 2, a = 1: Erlang B = 0.2, C = 0.2 / (1 − 0.5 · 0.8) = 1/3
    QTest::newRow("c=2, a=1") << 2 << 1.0 << 1.0 / 3.0;
    // Call-centre tables: 10 agents, 8 Erlangs → 40.9 % of calls wait
    QTest::newRow("c=10, a=8 (textbook 0.409)") << 10 << 8.0 << 0.40918;
    QTest::newRow("unstable: a >= c") << 4 << 4.0 << 1.0;
    // Fleets of a million slots near full load, against the Halfin–Whitt limit (Halfin & Whitt, "Heavy-traffic
    // limits for queues with many exponential servers", Oper. Res. 29(3), 1981): with c = a + β·sqrt(a),
    // P(wait) → 1 / (1 + β·Φ(β)/φ(β)), within O(1/sqrt(a)) = 0.1 % here. β = 1: Φ = 0.841345, φ = 0.241971,
    // 1 / (1 + 3.47705) = 0.22336.
    QTest::newRow("c=1,001,000, a=1e6 (Halfin-Whitt beta 1)") << 1001000 << 1e6 << 0.22336;
    // The fleet a 1e5 requests/s workload once spent minutes on: β = 4.8956 / 1201.95 = 0.0040731,
    // Φ(β) = 0.501625, φ(β) = 0.398939: 1 / (1 + 0.0051214) = 0.994905.
    QTest::newRow("c=1,444,676, a=1,444,671.1 (beta 0.004)") << 1444676 << 1444671.104425143 << 0.994905;
    // Well above the load: no wait to double precision.
    QTest::newRow("c=2e6, a=1e6") << 2000000 << 1e6 << 0.0;
}

void TestCapacity::erlangC()
{
    QFETCH(int, servers);
    QFETCH(double, erlangs);
    QFETCH(double, expected);
    if (expected == 0.0)
        QVERIFY(core::erlangC(servers, erlangs) < 1e-300);
    else
        GP_COMPARE_REL(core::erlangC(servers, erlangs), expected, servers > 1000 ? 2e-3 : 1e-4);
}

void TestCapacity::waitQuantile()
{
    // c = 2, λ = 1, μ = 1: P(W > t) = (1/3)·e^(−t); p99: t = ln((1/3)/0.01) = 3.50656 s
    GP_COMPARE_REL(core::waitQuantile(2, 1.0, 1.0, 0.99), 3.50656, 1e-5);
    GP_COMPARE_REL(core::waitTailProbability(2, 1.0, 1.0, 1.0), std::exp(-1.0) / 3.0, 1e-9);
    QVERIFY(std::isinf(core::waitQuantile(2, 2.0, 1.0, 0.99)));
    QCOMPARE(core::waitQuantile(20, 1.0, 1.0, 0.99), 0.0); // almost nobody waits
}

void TestCapacity::kOfN_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("expected");
    // 2 of 3 at 0.99: 3·0.99²·0.01 + 0.99³ = 0.029403 + 0.970299 = 0.999702
    QTest::newRow("2 of 3 at 0.99") << 2 << 3 << 0.99 << 0.999702;
    QTest::newRow("3 of 3 at 0.995 = 0.995^3") << 3 << 3 << 0.995 << 0.985074875;
    // 3 of 4 at 0.995: 0.995⁴ + 4·0.995³·0.005 = 0.980149500625 + 0.019701495 = 0.999850998
    QTest::newRow("3 of 4 at 0.995") << 3 << 4 << 0.995 << 0.999850998125;
    QTest::newRow("1 of 1") << 1 << 1 << 0.999 << 0.999;
    // 1000 of 1001 at 0.999: 0.999^1001 + 1001·0.999^1000·0.001, with 0.999^1000 = e^(1000·ln 0.999) = e^−1.0005003
    // = 0.3676954: 0.3673277 + 0.3680631 = 0.7353908
    QTest::newRow("1000 of 1001 at 0.999") << 1000 << 1001 << 0.999 << 0.7353908;
    // 1 of 5000 at 0.5: 1 − 0.5^5000 = 1 to double precision (the terms past the mode are cut off early)
    QTest::newRow("1 of 5000 at 0.5") << 1 << 5000 << 0.5 << 1.0;
    // Past the 256-entry table of ln m! (Stirling's series from there): the exact sums of C(n, i)·aⁱ·(1 − a)ⁿ⁻ⁱ in
    // rational arithmetic (Python fractions, math.comb), rounded to double.
    QTest::newRow("290 of 300 at 0.99") << 290 << 300 << 0.99 << 0.9997351562946678;
    QTest::newRow("500 of 1000 at 0.5") << 500 << 1000 << 0.5 << 0.5126125090891804;
}

void TestCapacity::kOfN()
{
    QFETCH(int, k);
    QFETCH(int, n);
    QFETCH(double, a);
    QFETCH(double, expected);
    GP_COMPARE_REL(core::kOfN(k, n, a), expected, n > 100 ? 1e-6 : 1e-9); // the large rows are worked to 7 digits
}

void TestCapacity::downtimeBudgets()
{
    // 99.95 % over a 730-hour month: 0.0005 · 730 · 60 = 21.9 min (not the often quoted 3.5 hours);
    // a 720-hour (30-day) month: 21.6 min; a year of 8 760 h: 262.8 min = 4.38 h.
    GP_COMPARE_REL(core::downtimeMinutes(0.9995, 730), 21.9, 1e-9);
    GP_COMPARE_REL(core::downtimeMinutes(0.9995, 720), 21.6, 1e-9);
    GP_COMPARE_REL(core::downtimeMinutes(0.9995, 8760), 262.8, 1e-9);
}

void TestCapacity::slaCredits()
{
    // AWS region-level compute SLA (aws.amazon.com/compute/sla): < 99.99 % → 10 %, < 99.0 % → 30 %,
    // < 95.0 % → 100 %.
    const std::vector<core::SlaTier> aws = {{0.9999, 10}, {0.99, 30}, {0.95, 100}};
    QCOMPARE(core::slaCreditPct(aws, 0.99995), 0.0);
    QCOMPARE(core::slaCreditPct(aws, 0.9995), 10.0);
    QCOMPARE(core::slaCreditPct(aws, 0.985), 30.0);
    QCOMPARE(core::slaCreditPct(aws, 0.90), 100.0);
    // Expected credit at 99.95 % expected uptime, exponential monthly downtime with mean 0.0005:
    // 10·e^(−0.0001/0.0005) + 20·e^(−0.01/0.0005) + 70·e^(−0.05/0.0005) = 10·e^(−0.2) + ~0 = 8.1873 %
    GP_COMPARE_REL(core::expectedSlaCreditPct(aws, 0.9995), 8.187307, 1e-6);
    QCOMPARE(core::expectedSlaCreditPct({}, 0.9), 0.0);
}

void TestCapacity::replicasFromTtftAndAvailability()
{
    // 4 slots per replica, each request occupies a slot 2 s (μ = 0.5/s), prefill 0.1 s, λ = 3/s, no headroom.
    // Stability needs ≥ 2 replicas (3 / (0.5 · 4) = 1.5). With 8 slots (a = 6): C = 0.35698, p99 wait =
    // ln(0.35698/0.01) / (4 − 3) = 3.575 s > 0.4 s budget; 12 slots: C = 0.022474, wait =
    // ln(2.2474)/3 = 0.26993 s ≤ 0.4 → 3 replicas, p99 TTFT = 270 + 100 = 369.9 ms.
    core::ReplicaModel r;
    r.slots = 4;
    r.serviceSeconds = 2.0;
    r.prefillSeconds = 0.1;
    r.tpotSeconds = 0.02;
    auto cap = core::planReplicas(r, 3.0, 0.0, 500.0, std::nullopt, 0.995);
    QCOMPARE(cap.replicas, 3);
    QCOMPARE(cap.redundant, 0);
    QCOMPARE(QString::fromStdString(cap.decidedBy), QStringLiteral("ttft"));
    GP_COMPARE_REL(cap.ttftP99Ms, 369.93, 1e-4);
    GP_COMPARE_REL(cap.utilization, 3.0 / (12 * 0.5), 1e-12);
    // 99.95 % availability with replicas at 99.5 %: 3 of 3 = 0.98507, 3 of 4 = 0.99985 → one spare.
    cap = core::planReplicas(r, 3.0, 0.0, 500.0, 0.9995, 0.995);
    QCOMPARE(cap.replicas, 3);
    QCOMPARE(cap.redundant, 1);
    QCOMPARE(cap.total(), 4);
    GP_COMPARE_REL(cap.availability, 0.999850998125, 1e-9);
    // 20 % headroom without a TTFT target: 3.6 / 2 = 1.8 → 2 replicas, decided by headroom
    cap = core::planReplicas(r, 3.0, 0.2, std::nullopt, std::nullopt, 0.995);
    QCOMPARE(cap.replicas, 2);
    QCOMPARE(QString::fromStdString(cap.decidedBy), QStringLiteral("headroom"));
    // a prefill longer than the TTFT target cannot be fixed with replicas
    r.prefillSeconds = 0.6;
    QVERIFY(!core::planReplicas(r, 3.0, 0.0, 500.0, std::nullopt, 0.995).feasible);
}

// The fuzzer's input: 74,107 requests/s × 2.76 (headroom) of 3,163 s each on 532-slot replicas needs
// 74107 × 2.76 × 3163 / 532 ≈ 1.2 million replicas for stability alone; the search once counted up one replica at a
// time, each step an Erlang C over every slot (hours). Beyond 10,000 replicas or 1e7 sequences in flight it is now
// infeasible at once, with the reason; just inside the limit the TTFT search (galloping up from the stable count,
// then bisection) still finds the smallest count.
void TestCapacity::fleetsBeyondThePlanLimit()
{
    core::ReplicaModel r;
    r.slots = 532;
    r.serviceSeconds = 3163.17;
    r.prefillSeconds = 2.42;
    r.tpotSeconds = 0.7356;
    auto cap = core::planReplicas(r, 74106.5, 1.7596, 493724.7, 0.86258, 0.52519);
    QVERIFY(!cap.feasible);
    QCOMPARE(QString::fromStdString(cap.reason.def->id), QStringLiteral("capacity.replicas_beyond_limit"));
    // 1e5 requests/s of 30 s on 64 slots: 1e5 × 30 / 64 = 46,875 replicas > 10,000.
    r.slots = 64;
    r.serviceSeconds = 30;
    r.prefillSeconds = 0.1;
    QVERIFY(!core::planReplicas(r, 1e5, 0.0, 1000.0, std::nullopt, 0.995).feasible);
    // 5,000 requests/s of 30 s on 64 slots: a = 150,000 busy slots, stability at floor(150000 / 64) + 1 = 2,344
    // replicas (150,016 slots: ρ = 0.99989, a queue); the p99 wait must fall to 0.9 s, which takes more replicas,
    // found within the limit.
    cap = core::planReplicas(r, 5000.0, 0.0, 1000.0, std::nullopt, 0.995);
    QVERIFY(cap.feasible);
    QVERIFY(cap.replicas > 2344 && cap.replicas <= core::maxReplicas);
    QCOMPARE(QString::fromStdString(cap.decidedBy), QStringLiteral("ttft"));
    QVERIFY(cap.ttftP99Ms <= 1000.0);
    // One replica fewer misses the target: the count is the smallest.
    QVERIFY(core::waitQuantile((cap.replicas - 1) * r.slots, 5000.0, 1.0 / 30, 0.99) > 0.9);
}

void TestCapacity::autoscalingSmallProfile()
{
    // Needed replicas over 6 hours: 1 1 3 3 1 1; scale-up delay 6 min (0.1 h), cooldown 1 h, minimum 1.
    // Paid: 1 + 1 + 3 (scale up at the start of hour 2, 2 replicas × 0.1 h short) + 3 + 3 (the surplus runs out
    // its cooldown in hour 4) + 1 = 12 replica-hours; a static fleet for the peak pays 3 × 6 = 18.
    core::AutoscalingPolicy p;
    p.minReplicas = 1;
    p.scaleUpDelaySeconds = 360;
    p.cooldownSeconds = 3600;
    const auto r = core::simulateAutoscaling({1, 1, 3, 3, 1, 1}, p);
    QCOMPARE(r.replicaHours, 12.0);
    QCOMPARE(r.staticReplicaHours, 18.0);
    GP_COMPARE_REL(r.shortfallReplicaHours, 0.2, 1e-12);
    QCOMPARE(r.peak, 3);
    QCOMPARE(r.running, (std::vector<int> {1, 1, 3, 3, 1, 1}));
    // a 30-minute cooldown pays half an hour of the 2 surplus replicas: 11
    p.cooldownSeconds = 1800;
    QCOMPARE(core::simulateAutoscaling({1, 1, 3, 3, 1, 1}, p).replicaHours, 11.0);
    // the minimum holds at night
    p.minReplicas = 2;
    QCOMPARE(core::simulateAutoscaling({1, 1, 3, 3, 1, 1}, p).replicaHours, 2 + 2 + 3 + 3 + 2.5 + 2.0);
}

void TestCapacity::reservedBaselineRank()
{
    // Demand sorted: 5 3 3 2 1 1 1 1 (H = 8). u = 0.5 → rank ⌈4⌉ → 2 reserved; u = 0.3 → rank 3 → 3.
    const std::vector<int> d = {1, 3, 5, 1, 2, 1, 3, 1};
    QCOMPARE(core::reservedBaseline(d, 0.5), 2);
    QCOMPARE(core::reservedBaseline(d, 0.3), 3);
    QCOMPARE(core::reservedBaseline(d, 1.0), 1);
}

void TestCapacity::tokensAndApis()
{
    // 1 000 output tokens/s for a month = 2.628e9 tokens; 5 256 USD/month → 2.00 USD per million.
    GP_COMPARE_REL(core::costPerMillionTokens(5256, 1000), 2.0, 1e-12);
    // 1 request/s, 1 000 prompt + 200 output tokens at 0.88 / 0.88 USD per million:
    // 2 628 000 requests × (1000·0.88 + 200·0.88)/1e6 = 2 775.17 USD/month
    GP_COMPARE_REL(core::hostedApiMonthlyCost(1.0, 1000, 200, 0.88, 0.88), 2628000.0 * 1200 * 0.88 / 1e6, 1e-12);
}

void TestCapacity::geography()
{
    // Beijing (39.9042 N, 116.4074 E) to Shanghai (31.2304 N, 121.4737 E): 1 067.3 km on a 6 371 km sphere;
    // round trip over fibre at c/1.468 with a 1.5 route factor: 2 · 1067.3 · 1.5 / 204.218 km/ms = 15.68 ms.
    const double km = core::greatCircleKm(39.9042, 116.4074, 31.2304, 121.4737);
    GP_COMPARE_REL(km, 1067.31, 1e-5);
    GP_COMPARE_REL(core::fibreRttMs(km), 15.679, 1e-4);
    QCOMPARE(core::greatCircleKm(10, 20, 10, 20), 0.0);
}

void TestCapacity::energyAndCarbon()
{
    // 8 × H100 (700 W board, 70 W idle) for 100 h at utilization 0.9, host 0.4 × 700 = 280 W, PUE 1.58:
    // per GPU 70 + 630 · 0.9 + 280 = 917 W → 8 · 917 · 100 · 1.58 / 1000 = 1 159.09 kWh; at 0.4 kg/kWh 463.6 kg.
    core::Workload w;
    w.kind = core::WorkloadKind::Batch;
    core::Candidate c;
    c.gpu = &test::gpu("H100-SXM-80GB");
    c.gpus = 8;
    const auto e = core::energyFor(w, c, 100, 0.4, "test");
    GP_COMPARE_REL(e.kwh, 1159.088, 1e-6);
    GP_COMPARE_REL(*e.kgCo2e, 463.6352, 1e-6);
    QCOMPARE(e.pue, 1.58);
    // liquid cooling: PUE 1.15
    w.energy.cooling = "liquid";
    GP_COMPARE_REL(core::energyFor(w, c, 100, std::nullopt, {}).kwh, 8 * 917.0 * 100 * 1.15 / 1000, 1e-9);
    QVERIFY(!core::energyFor(w, c, 100, std::nullopt, {}).kgCo2e);
}

QTEST_APPLESS_MAIN(TestCapacity)
#include "tst_capacity.moc"
