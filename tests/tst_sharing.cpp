// Shared GPUs (MIG slices, fractional GPUs, first-fit decreasing), rent vs buy and hosted-API parsing.
#include "core/hosted.h"
#include "core/sharing.h"
#include "core/tco.h"
#include "testutil.h"

using namespace gpuplan;

class TestSharing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sliceScalesTheGpu();
    void smallModelFitsASlice();
    void firstFitDecreasing();
    void migRounding();
    void traceFixture();
    void realTrace();
    void rentVsBuy();
    void tcoBadInput();
    void hostedApis();
};

void TestSharing::sliceScalesTheGpu()
{
    // A100-80GB 3g.40gb: 3/7 of the SMs, 40 GiB; bf16 312 · 3/7 = 133.71 TFLOPS, 2.039 · 3/7 = 0.8739 TB/s.
    const auto& a100 = test::gpu("A100-SXM-80GB");
    const core::MigProfile* p = nullptr;
    for (const auto& m : a100.migProfiles)
        if (m.name == "3g.40gb")
            p = &m;
    QVERIFY(p);
    const auto s = core::sliceSpec(a100, *p);
    GP_COMPARE_REL(*s.peak(core::Precision::BF16), 312e12 * 3 / 7, 1e-12);
    GP_COMPARE_REL(s.memoryBandwidth, 2.039e12 * 3 / 7, 1e-12);
    QCOMPARE(s.memoryBytes, 40.0 * 1024 * 1024 * 1024);
}

void TestSharing::smallModelFitsASlice()
{
    // Llama-3.2-1B in bf16 is 2.47 GB of weights: it fits the smallest slices; Llama-3.1-70B fits none.
    core::InferenceSpec s;
    s.promptTokens = 512;
    s.outputTokens = 128;
    int fits = 0;
    for (const auto& o : core::migOptions(test::model("llama-3.2-1b"), s, test::gpus()))
        fits += o.fits;
    QVERIFY(fits >= 10);
    for (const auto& o : core::migOptions(test::model("llama-3.1-70b"), s, test::gpus()))
        QVERIFY2(!o.fits || o.profile.memoryBytes > 140e9, o.profile.name.c_str());
}

void TestSharing::firstFitDecreasing()
{
    // Sorted: 0.7 0.5 0.4 0.3 0.1 → GPU0: 0.7 (+0.3 = 1.0), GPU1: 0.5 (+0.4 + 0.1 = 1.0): 2 GPUs, 100 %.
    std::vector<core::ShareRequest> r = {{"a", 0.5, 0}, {"b", 0.3, 0}, {"c", 0.7, 0}, {"d", 0.4, 0}, {"e", 0.1, 0}};
    auto p = core::packFirstFitDecreasing(r);
    QCOMPARE(p.gpus, 2);
    GP_COMPARE_REL(p.utilization, 1.0, 1e-12);
    QCOMPARE(p.placement, (std::vector<int> {1, 0, 0, 1, 1}));
    QCOMPARE(p.fragmentation, 0.0);
    // 0.6 0.6 0.6 → three GPUs with 0.4 free each; the smallest task (0.6) fits none: fragmentation = 1.2/3 = 0.4
    p = core::packFirstFitDecreasing({{"x", 0.6, 0}, {"y", 0.6, 0}, {"z", 0.6, 0}});
    QCOMPARE(p.gpus, 3);
    GP_COMPARE_REL(p.fragmentation, 0.4, 1e-12);
    GP_COMPARE_REL(p.utilization, 0.6, 1e-12);
}

void TestSharing::migRounding()
{
    // On an A100-80GB (profiles 1g.10gb, 1g.20gb, 2g.20gb, 3g.40gb, 4g.40gb, 7g.80gb): 0.46 of a GPU needs 4
    // sevenths (0.571 ≥ 0.46; 3/7 = 0.4286 is too small) → 4g.40gb; 0.1 → 1g.10gb (1/7 = 0.1429).
    auto r = core::roundToMig({{"b", 0.46, 0}, {"e", 0.1, 0}}, test::gpu("A100-SXM-80GB"));
    QVERIFY(r);
    GP_COMPARE_REL(r->at(0).gpuFraction, 4.0 / 7, 1e-12);
    GP_COMPARE_REL(r->at(1).gpuFraction, 1.0 / 7, 1e-12);
    QVERIFY(!core::roundToMig({{"b", 0.5, 0}}, test::gpu("L4")));
}

void TestSharing::traceFixture()
{
    // pods-small.csv: a (1 GPU), b 0.46, c 0.5, d 0.3, e 0.25, f no GPU, g 2 GPUs.
    auto r = core::readSharingTrace(test::readFile(GPUPLAN_TEST_DATA "/traces/pods-small.csv"), "pods-small.csv");
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->size(), std::size_t(6));
    std::vector<core::ShareRequest> sharing;
    for (const auto& x : *r)
        if (x.gpuFraction < 1)
            sharing.push_back(x);
    QCOMPARE(sharing.size(), std::size_t(4));
    // FFD: 0.5 0.46 0.3 0.25 → GPU0: 0.5 + 0.46 = 0.96; GPU1: 0.3 + 0.25 = 0.55 → 2 GPUs, 1.51/2 = 75.5 %
    auto p = core::packFirstFitDecreasing(sharing);
    QCOMPARE(p.gpus, 2);
    GP_COMPARE_REL(p.utilization, 0.755, 1e-12);
    // bad rows name the file, the line and the column
    auto bad = core::readSharingTrace("name,num_gpu,gpu_milli\np,1,lots\n", "t.csv");
    QVERIFY(!bad);
    QCOMPARE(
        bad.error().detail, std::string("t.csv:2: column gpu_milli: must be zero or a positive number, got \"lots\""));
}

void TestSharing::realTrace()
{
    const QByteArray dir = qgetenv("GPUPLAN_SAMPLES");
    if (dir.isEmpty())
        QSKIP("GPUPLAN_SAMPLES not set: the real trace is not checked");
    const std::string path = dir.toStdString() + "/traces/openb_pod_list_default.csv";
    auto r = core::readSharingTrace(test::readFile(path), path);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    // The trace's README: 8 152 tasks; those with GPUs are packed.
    QVERIFY(r->size() > 7000 && r->size() <= 8152);
    std::vector<core::ShareRequest> sharing;
    double work = 0;
    for (const auto& x : *r)
        if (x.gpuFraction < 1) {
            sharing.push_back(x);
            work += x.gpuFraction;
        }
    auto p = core::packFirstFitDecreasing(sharing);
    // FFD never needs more than 11/9 · OPT + 6/9 bins and OPT ≥ ⌈work⌉ (Johnson 1973)
    QVERIFY(p.gpus >= std::ceil(work));
    QVERIFY(p.gpus <= 11.0 / 9.0 * std::ceil(work) + 1);
}

void TestSharing::rentVsBuy()
{
    // 8 × H100 server for 300 000 USD over 4 years: 300 000 / 35 040 = 8.5616 USD/h. Colocation 150 USD per kW-month
    // on 8 · 0.7 · 1.4 = 7.84 kW: 1 176 / 730 = 1.6110 USD/h. Staff 10 000 USD/year: 1.1416 USD/h. Power at
    // 0.10 USD/kWh, PUE 1.3: idle (8·0.07 + 0.4·5.6 = 2.8 kW) → 0.364 USD/h; full (5.6 + 2.24 = 7.84 kW) → 1.0192.
    // Fixed = 8.5616 + 1.6110 + 1.1416 + 0.364 = 11.6782 USD/h; per useful GPU-hour at 70 %:
    // (11.6782 + 0.6552 · 0.7) / (8 · 0.7) = 2.1673 USD. Against 4.00 USD per cloud GPU-hour:
    // break-even u = 11.6782 / (32 − 0.6552) = 0.37257.
    core::TcoSpec t;
    t.gpu = "H100-SXM-80GB";
    t.serverPrice = 300000;
    t.depreciationYears = 4;
    t.powerPricePerKwh = 0.10;
    t.pue = 1.3;
    t.colocationPerKwMonth = 150;
    t.staffPerServerYear = 10000;
    t.utilization = 0.7;
    const auto r = core::computeTco(t, test::gpu("H100-SXM-80GB"), 4.0);
    GP_COMPARE_REL(r.capexPerServerHour, 300000.0 / 35040, 1e-12);
    GP_COMPARE_REL(r.colocationPerServerHour, 150 * 7.84 / 730, 1e-12);
    GP_COMPARE_REL(r.powerPerServerHourIdle, 2.8 * 1.3 * 0.10, 1e-12);
    GP_COMPARE_REL(r.powerPerServerHourFull, 7.84 * 1.3 * 0.10, 1e-12);
    GP_COMPARE_REL(r.perGpuHourAtUtilization, 2.16735, 1e-4);
    GP_COMPARE_REL(r.breakEvenUtilization, 0.372567, 1e-4);
}

void TestSharing::tcoBadInput()
{
    auto r = core::parseTco(R"({"schema":"gpuplan.tco/1","gpu":"H100","server_price":-5,"power_price_per_kwh":0.1})",
        "tco.json", test::gpus());
    QVERIFY(!r);
    QCOMPARE(r.error().detail, std::string("tco.json:/server_price: must be a positive number, got -5"));
    auto u = core::parseTco(R"({"schema":"gpuplan.tco/1","gpu":"H100","server_price":5,"power_price_per_kwh":0.1,
                                "utilization":1.5})",
        "tco.json", test::gpus());
    QVERIFY(!u);
    QVERIFY(u.error().detail.rfind("tco.json:/utilization:", 0) == 0);
}

void TestSharing::hostedApis()
{
    auto apis = core::parseHostedApis(
        test::readFile(GPUPLAN_SOURCE_DIR "/pricing-data/hosted_apis.json"), "hosted_apis.json");
    QVERIFY2(apis, apis ? "" : apis.error().detail.c_str());
    QVERIFY(apis->size() >= 5);
    for (const auto& a : *apis) {
        QVERIFY(!a.source.empty());
        QVERIFY(!a.asOf.empty());
        QVERIFY(a.outputPerMillion > 0);
    }
}

QTEST_APPLESS_MAIN(TestSharing)
#include "tst_sharing.moc"
