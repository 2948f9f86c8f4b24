// Calibration from gpuplan-probe's output: parsing "gpuplan.probe/1", matching probed GPUs to the catalog,
// the measured fractions (worked out by hand below), export/import of profiles, and their effect on an
// estimate.
// What would make this fail: planWorkload no longer passing PlanInputs::calibrations to the estimators
// (planSaysHowMuchCalibrationMoved), or a measured fraction computed against the wrong datasheet figure.
#include "core/calibration.h"
#include "core/efficiency.h"
#include "core/planner.h"
#include "core/serving_calibration.h"
#include "core/training.h"
#include "providers/calibration/registry.h"
#include "providers/probe/report.h" // the probe's own writer: plain C++, compiled into this test
#include "providers/probe/shapes.h" // the GEMMs the probe times, likewise
#include "testutil.h"

using namespace gpuplan;

namespace {

std::string fixture(const char* name)
{
    return test::readFile(std::string(GPUPLAN_TEST_DATA "/probe/") + name);
}

core::ProbeReport report(const char* name)
{
    auto r = core::parseProbeReport(fixture(name), name);
    if (!r)
        qFatal("%s", r.error().detail.c_str());
    return std::move(r).value();
}

core::CalibrationProfile h100Profile()
{
    auto profiles = core::calibrationProfiles(report("h100-sxm.json"), test::gpus());
    if (!profiles || profiles->size() != 1)
        qFatal("%s", profiles ? "expected one profile" : profiles.error().detail.c_str());
    return profiles->front();
}

constexpr double MiB = 1024.0 * 1024.0;

/// A result file of tests/data/calibration, read by its format's reader.
core::BenchmarkFile benchmark(const std::string& path, const char* format)
{
    const std::string text = test::readFile(std::string(GPUPLAN_TEST_DATA "/calibration/") + path);
    auto f = benchmarks::readBenchmarkFile(text, path.substr(path.find_last_of('/') + 1), format);
    if (!f)
        qFatal("%s", f.error().detail.c_str());
    return std::move(f).value();
}

/// SGLang's request-rate sweep of Llama-3.3-70B on 4 × H200 at TP 4 (tests/data/calibration/sglang/README.md):
/// rates 1, 2, 4, 8, 16 req/s of random 1024/1024 requests (runs 1–5), then ShareGPT at 4 and 8 (runs 6, 7).
const char* const sglangSweep = "sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl";

core::BenchmarkSetup sweepSetup()
{
    core::BenchmarkSetup s;
    s.gpu = "H200";
    s.gpus = 4;
    s.tp = 4;
    s.model = "llama-3.3-70b";
    s.engine = "sglang";
    return s;
}

const core::CalibrationResidual& residual(const core::ServingCalibration& c, int run, const char* metric)
{
    for (const auto& r : c.residuals)
        if (r.run == run && r.metric == metric)
            return r;
    qFatal("no residual for run %d, %s", run, metric);
}

} // namespace

Q_DECLARE_METATYPE(gpuplan::core::Precision)

class TestCalibration : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesEveryField();
    void gemmFractions_data();
    void gemmFractions();
    void memoryFraction();
    void severalGpusTakeTheMedian();
    void matchesCatalogGpus_data();
    void matchesCatalogGpus();
    void badProbe_data();
    void badProbe();
    void unknownFieldsWarn();
    void exportImportRoundTrip();
    void badProfile_data();
    void badProfile();
    void applySetsMeasuredFactors();
    void applyWithoutThatPrecision();
    void trainingEstimateScales();
    void readsWhatTheProbeWrites();
    void planSaysHowMuchCalibrationMoved();
    void probeTextHelpers();
    void probeShapeCounts_data();
    void probeShapeCounts();
    void probeModelShards();
    void probeModelsMatchTheCatalog();
    void probeShapeOptions_data();
    void probeShapeOptions();
    // Calibration from a serving benchmark's results (core/serving_calibration)
    void modelFamilies_data();
    void modelFamilies();
    void openLoopPrefillWait();
    void requestRateRunsAsCases();
    void closedLoopRunsAsCases();
    void fitOnOneRunPredictsTheSweep_data();
    void fitOnOneRunPredictsTheSweep();
    void heldOutEstimatesAndBands();
    void servingCalibrationRoundTrip();
    void badServingCalibration_data();
    void badServingCalibration();
    void badSetup_data();
    void badSetup();
    void planUsesServingCalibration();
};

void TestCalibration::parsesEveryField()
{
    const auto r = report("h100-sxm.json");
    QCOMPARE(r.probeVersion, std::string("0.1.0"));
    QCOMPARE(r.createdAt, std::string("2026-11-28T14:03:11Z"));
    QCOMPARE(r.host, std::string("dgx-h100-07"));
    QCOMPARE(r.driverVersion, std::string("13.0"));
    QCOMPARE(r.gpus.size(), std::size_t(1));
    const auto& g = r.gpus[0];
    QCOMPARE(g.name, std::string("NVIDIA H100 80GB HBM3"));
    QCOMPARE(g.computeCapability, std::string("9.0"));
    QCOMPARE(g.memoryBytes, 81559.0 * MiB);
    QCOMPARE(g.smCount, 132);
    QCOMPARE(g.memoryBusWidthBits, 5120);
    QCOMPARE(g.gemm.size(), std::size_t(13));
    QVERIFY(g.gemm[5].precision == core::Precision::BF16);
    QCOMPARE(g.gemm[5].tflops, 790.0);
    QCOMPARE(g.gemm[11].label, std::string("70b model mlp gate+up, 8192 tokens"));
    QCOMPARE(g.gemm[11].m, 57344LL);
    QCOMPARE(g.copyGBps, 2900.0);
    QCOMPARE(g.hostToDevicePageableGBps, 19.6);
    QCOMPARE(g.deviceToHostPinnedGBps, 53.4);
    QVERIFY(r.allreduce.empty());

    const auto two = report("a100-sxm-2gpu.json");
    QCOMPARE(two.gpus.size(), std::size_t(2));
    QCOMPARE(two.allreduce.size(), std::size_t(2));
    QCOMPARE(two.allreduce[1].bytes, 1024.0 * MiB);
    QCOMPARE(two.allreduce[1].busBandwidthGBps, 229.8);
}

void TestCalibration::gemmFractions_data()
{
    QTest::addColumn<core::Precision>("precision");
    QTest::addColumn<double>("expected");
    // Best square GEMM of 4096 or larger ÷ the H100 SXM dense peak in pricing-data/gpus.json. The 70B MLP
    // row's 795 TFLOP/s is not square and does not count.
    QTest::addRow("bf16") << core::Precision::BF16 << 0.79838; // 790 / 989.5 (ML Engineering's MAMF figure)
    QTest::addRow("fp16") << core::Precision::FP16 << 0.78828; // 780 / 989.5
    QTest::addRow("tf32") << core::Precision::TF32 << 0.76441; // 378 / 494.5
    QTest::addRow("fp32") << core::Precision::FP32 << 0.76119; // 51 / 67
    QTest::addRow("fp8") << core::Precision::FP8 << 0.70743;   // 1400 / 1979
}

void TestCalibration::gemmFractions()
{
    QFETCH(core::Precision, precision);
    QFETCH(double, expected);
    const auto p = h100Profile();
    QCOMPARE(p.gpuId, std::string("H100-SXM-80GB"));
    QVERIFY(p.gemmFraction.count(precision));
    GP_COMPARE_REL(p.gemmFraction.at(precision), expected, 1e-4);
}

void TestCalibration::memoryFraction()
{
    const auto p = h100Profile();
    // max(read 2850, copy 2900) / 3350 GB/s = 0.86567
    GP_COMPARE_REL(p.memoryFraction, 0.86567, 1e-4);
    QCOMPARE(p.gpuName, std::string("NVIDIA H100 80GB HBM3"));
    QCOMPARE(p.measuredAt, std::string("2026-11-28T14:03:11Z"));
    QCOMPARE(p.source, std::string("gpuplan-probe 0.1.0 on dgx-h100-07 (h100-sxm.json, GPU 0)"));
    QCOMPARE(p.gemmFraction.size(), std::size_t(5));
}

void TestCalibration::severalGpusTakeTheMedian()
{
    auto profiles = core::calibrationProfiles(report("a100-sxm-2gpu.json"), test::gpus());
    QVERIFY2(profiles.ok(), profiles ? "" : profiles.error().detail.c_str());
    QCOMPARE(profiles->size(), std::size_t(1)); // two GPUs of one model: one profile
    const auto& p = profiles->front();
    QCOMPARE(p.gpuId, std::string("A100-SXM-80GB"));
    // bf16: median of 271.2/312 = 0.86923 and 265/312 = 0.84936 → their mean, 0.85929
    GP_COMPARE_REL(p.gemmFraction.at(core::Precision::BF16), 0.85929, 1e-4);
    // HBM: median of max(1850, 1800)/2039 = 0.90731 and max(1700, 1760)/2039 = 0.86317 → 0.88524
    GP_COMPARE_REL(p.memoryFraction, 0.88524, 1e-4);
    QCOMPARE(p.source, std::string("gpuplan-probe 0.1.0 on a100-pair (a100-sxm-2gpu.json, GPUs 0, 1)"));
}

void TestCalibration::matchesCatalogGpus_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("memoryMiB");
    QTest::addColumn<double>("bandwidthGBps");
    QTest::addColumn<QString>("expected"); // catalog id, or "error: <text the message contains>"
    // Names as the CUDA driver reports them; memory as nvidia-smi shows it (a little under the marketed GB).
    QTest::addRow("H100 SXM") << "NVIDIA H100 80GB HBM3" << 81559.0 << 2900.0 << "H100-SXM-80GB";
    QTest::addRow("H100 PCIe by name") << "NVIDIA H100 PCIe" << 81559.0 << 1900.0 << "H100-PCIe-80GB";
    // no form factor in the name: 1800 GB/s fits under PCIe's 2000 (× 1.1), not only under SXM's 3350
    QTest::addRow("H100 PCIe by bandwidth") << "NVIDIA H100 80GB HBM3" << 81559.0 << 1800.0 << "H100-PCIe-80GB";
    QTest::addRow("A100 SXM 80GB") << "NVIDIA A100-SXM4-80GB" << 81251.0 << 1850.0 << "A100-SXM-80GB";
    QTest::addRow("A100 SXM 40GB by memory") << "NVIDIA A100-SXM4-40GB" << 40536.0 << 1400.0 << "A100-SXM-40GB";
    QTest::addRow("A100 PCIe 80GB") << "NVIDIA A100 80GB PCIe" << 81251.0 << 1700.0 << "A100-PCIe-80GB";
    QTest::addRow("H200") << "NVIDIA H200" << 143771.0 << 4300.0 << "H200-SXM-141GB";
    QTest::addRow("L40S") << "NVIDIA L40S" << 46068.0 << 760.0 << "L40S";
    QTest::addRow("L4, not L40S") << "NVIDIA L4" << 23034.0 << 270.0 << "L4";
    QTest::addRow("A10G, not A10") << "NVIDIA A10G" << 23028.0 << 520.0 << "A10G";
    QTest::addRow("T4") << "Tesla T4" << 15360.0 << 280.0 << "T4";
    QTest::addRow("B200") << "NVIDIA B200" << 183359.0 << 7000.0 << "B200";
    QTest::addRow("GeForce: unknown") << "NVIDIA GeForce RTX 4090" << 24564.0 << 900.0
                                      << "error: no catalog GPU matches \"NVIDIA GeForce RTX 4090\"";
    QTest::addRow("H100 NVL: no catalog row")
        << "NVIDIA H100 NVL" << 95830.0 << 3500.0 << "error: no catalog GPU matches \"NVIDIA H100 NVL\" with 93.6 GiB";
    QTest::addRow("A100 PCIe 40GB: no catalog row")
        << "NVIDIA A100-PCIE-40GB" << 40536.0 << 1400.0 << "error: no catalog GPU matches \"NVIDIA A100-PCIE-40GB\"";
    QTest::addRow("MIG slice") << "NVIDIA H100 80GB HBM3 MIG 1g.10gb" << 9984.0 << 400.0 << "error: is a MIG instance";
}

void TestCalibration::matchesCatalogGpus()
{
    QFETCH(QString, name);
    QFETCH(double, memoryMiB);
    QFETCH(double, bandwidthGBps);
    QFETCH(QString, expected);
    core::ProbedGpu g;
    g.name = name.toStdString();
    g.memoryBytes = memoryMiB * MiB;
    g.readGBps = bandwidthGBps;
    g.copyGBps = bandwidthGBps;
    g.pointer = "/gpus/0";
    const auto r = core::matchProbedGpu(g, test::gpus(), "probe.json");
    if (expected.startsWith(QLatin1String("error: "))) {
        QVERIFY(!r.ok());
        QVERIFY(r.error().code == core::ErrorCode::UnknownGpu);
        QVERIFY2(QString::fromStdString(r.error().detail).startsWith(QLatin1String("probe.json:/gpus/0/name: ")),
            r.error().detail.c_str());
        QVERIFY2(QString::fromStdString(r.error().detail).contains(expected.mid(7)), r.error().detail.c_str());
    } else {
        QVERIFY2(r.ok(), r ? "" : r.error().detail.c_str());
        QCOMPARE(QString::fromStdString((*r)->id), expected);
    }
}

void TestCalibration::badProbe_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<bool>("parses");     // false: parseProbeReport fails; true: it parses, the profile fails
    QTest::addColumn<QString>("message"); // the error, or the part of it that names pointer and value
    QTest::addRow("wrong schema") << "gpuplan.probe/1"
                                  << "gpuplan.probe/2" << false
                                  << "h100-sxm.json:/schema: unsupported schema, expected \"gpuplan.probe/1\", got "
                                     "\"gpuplan.probe/2\"";
    QTest::addRow("missing created_at") << "\"created_at\": \"2026-11-28T14:03:11Z\","
                                        << "" << false << "h100-sxm.json:/created_at: is required";
    QTest::addRow("created_at not UTC ISO 8601")
        << "2026-11-28T14:03:11Z"
        << "28.11.2026 14:03" << false
        << "h100-sxm.json:/created_at: must be a UTC time in ISO 8601 form like \"2026-11-30T08:15:00Z\", got "
           "\"28.11.2026 14:03\"";
    QTest::addRow("negative tflops") << "\"tflops\": 790.0"
                                     << "\"tflops\": -790.0" << false
                                     << "h100-sxm.json:/gpus/0/gemm/5/tflops: must be a positive number, got -790.0";
    QTest::addRow("tflops a string") << "\"tflops\": 790.0"
                                     << "\"tflops\": \"790\"" << false
                                     << "h100-sxm.json:/gpus/0/gemm/5/tflops: must be a number, got \"790\"";
    QTest::addRow("unknown precision") << "\"precision\": \"fp8\""
                                       << "\"precision\": \"int8\"" << false
                                       << "h100-sxm.json:/gpus/0/gemm/8/precision: must be one of fp32, tf32, bf16, "
                                          "fp16, fp8, got \"int8\"";
    QTest::addRow("missing copy bandwidth")
        << "\"copy\": 2900.0"
        << "\"kopy\": 2900.0" << false << "h100-sxm.json:/gpus/0/memory_bandwidth_gbyte_s/copy: is required";
    QTest::addRow("negative memory") << "\"memory_bytes\": 85520809984"
                                     << "\"memory_bytes\": -1" << false
                                     << "h100-sxm.json:/gpus/0/memory_bytes: must be a positive number, got -1";
    QTest::addRow("bad compute capability")
        << "\"compute_capability\": \"9.0\""
        << "\"compute_capability\": \"nine\"" << false
        << "h100-sxm.json:/gpus/0/compute_capability: must be like \"9.0\", got \"nine\"";
    QTest::addRow("missing host bandwidth")
        << "\"host_to_device_gbyte_s\": {\"pinned\": 52.1, \"pageable\": 19.6},"
        << "" << false << "h100-sxm.json:/gpus/0/host_to_device_gbyte_s: is required";
    QTest::addRow("not JSON") << "\"allreduce\": []"
                              << "\"allreduce\": [" << false << "h100-sxm.json: not valid JSON at byte";
    QTest::addRow("unknown GPU name")
        << "\"name\": \"NVIDIA H100 80GB HBM3\""
        << "\"name\": \"NVIDIA GeForce RTX 4090\""
        << true
        // the probe reports 79.6 GiB; the only RTX part in gpus.json is the 96 GB RTX PRO 6000 Server Edition
        << "h100-sxm.json:/gpus/0/name: no catalog GPU matches \"NVIDIA GeForce RTX 4090\" with 79.6 GiB; the "
           "catalog's rtx GPUs are RTX-PRO-6000-SE (96.0 GiB)";
    QTest::addRow("faster than the datasheet")
        << "\"tflops\": 790.0"
        << "\"tflops\": 1979.0" << true
        << "h100-sxm.json:/gpus/0/gemm/5/tflops: 1979.0 TFLOP/s is 2.00 x the H100-SXM-80GB datasheet's bf16 peak "
           "of 989.5 TFLOP/s";
    QTest::addRow("HBM faster than the datasheet")
        << "\"copy\": 2900.0"
        << "\"copy\": 4000.0" << true
        << "h100-sxm.json:/gpus/0/memory_bandwidth_gbyte_s/copy: 4000 GB/s is 1.19 x the H100-SXM-80GB datasheet's "
           "3350 GB/s";
}

void TestCalibration::badProbe()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(bool, parses);
    QFETCH(QString, message);
    const std::string text = test::edited(fixture("h100-sxm.json"), from.toStdString(), to.toStdString());
    auto parsed = core::parseProbeReport(text, "h100-sxm.json");
    std::string detail;
    if (parses) {
        QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().detail.c_str());
        auto profiles = core::calibrationProfiles(*parsed, test::gpus());
        QVERIFY(!profiles.ok());
        detail = profiles.error().detail;
    } else {
        QVERIFY(!parsed.ok());
        detail = parsed.error().detail;
    }
    QVERIFY2(QString::fromStdString(detail).startsWith(message), detail.c_str());
}

void TestCalibration::unknownFieldsWarn()
{
    const std::string text
        = test::edited(fixture("h100-sxm.json"), "\"sm_count\": 132,", "\"sm_count\": 132, \"ecc\": true,");
    std::vector<std::string> warnings;
    auto r = core::parseProbeReport(text, "h100-sxm.json", &warnings);
    QVERIFY(r.ok());
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings[0], std::string("h100-sxm.json:/gpus/0/ecc: unknown field, ignored"));
}

void TestCalibration::exportImportRoundTrip()
{
    const auto p = h100Profile();
    const std::string text = core::serializeProfile(p);
    QVERIFY(text.find("\"schema\": \"gpuplan.calibration/1\"") != std::string::npos);
    std::vector<std::string> warnings;
    auto back = core::parseProfile(text, "h100.calibration.json", &test::gpus(), &warnings);
    QVERIFY2(back.ok(), back ? "" : back.error().detail.c_str());
    QVERIFY(warnings.empty());
    QCOMPARE(back->gpuId, p.gpuId);
    QCOMPARE(back->gpuName, p.gpuName);
    QCOMPARE(back->measuredAt, p.measuredAt);
    QCOMPARE(back->source, p.source);
    QCOMPARE(back->memoryFraction, p.memoryFraction); // exact: JSON numbers round-trip
    QVERIFY(back->gemmFraction == p.gemmFraction);
    QCOMPARE(core::serializeProfile(*back), text);
}

void TestCalibration::badProfile_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("message");
    QTest::addRow("unknown GPU id") << "\"gpu\": \"H100-SXM-80GB\""
                                    << "\"gpu\": \"H1000\""
                                    << "p.json:/gpu: unknown GPU \"H1000\"";
    QTest::addRow("fraction above 1.1") << "\"memory_fraction\": 0.86"
                                        << "\"memory_fraction\": 1.86"
                                        << "p.json:/memory_fraction: must be a fraction of the datasheet bandwidth of "
                                           "at most 1.10, got 1.86";
    QTest::addRow("not a precision") << "\"bf16\":"
                                     << "\"bf17\":"
                                     << "p.json:/gemm_fraction/bf17: is not a precision gpuplan-probe measures";
    QTest::addRow("negative fraction") << "\"bf16\": 0.79"
                                       << "\"bf16\": -0.79"
                                       << "p.json:/gemm_fraction/bf16: must be a positive number, got -0.79";
    QTest::addRow("wrong schema") << "gpuplan.calibration/1"
                                  << "gpuplan.probe/1"
                                  << "p.json:/schema: unsupported schema, expected \"gpuplan.calibration/1\"";
}

void TestCalibration::badProfile()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, message);
    const std::string good = R"({
  "schema": "gpuplan.calibration/1",
  "gpu": "H100-SXM-80GB",
  "gpu_name": "NVIDIA H100 80GB HBM3",
  "measured_at": "2026-11-28T14:03:11Z",
  "source": "gpuplan-probe 0.1.0 on dgx-h100-07",
  "gemm_fraction": {"bf16": 0.79, "fp8": 0.71},
  "memory_fraction": 0.86
})";
    QVERIFY(core::parseProfile(good, "p.json", &test::gpus()).ok());
    auto r = core::parseProfile(test::edited(good, from.toStdString(), to.toStdString()), "p.json", &test::gpus());
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().detail).startsWith(message), r.error().detail.c_str());
}

void TestCalibration::applySetsMeasuredFactors()
{
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto defaults = core::defaultEfficiency(gpu, core::Precision::BF16);
    QVERIFY(!defaults.calibrated);
    const auto e = core::applyCalibration(defaults, h100Profile(), core::Precision::BF16);
    GP_COMPARE_REL(e.gemm, 0.79838, 1e-4);            // 790 / 989.5
    GP_COMPARE_REL(e.memoryBandwidth, 0.86567, 1e-4); // 2900 / 3350
    QVERIFY(e.calibrated);
    QCOMPARE(e.source, std::string("measured on NVIDIA H100 80GB HBM3 2026-11-28"));
    // Everything the probe does not measure stays as it was.
    QCOMPARE(e.trainingGemm, defaults.trainingGemm);
    QCOMPARE(e.attention, defaults.attention);
    QCOMPARE(e.linkBandwidth, defaults.linkBandwidth);
    QCOMPARE(e.gemmShapeHalf, defaults.gemmShapeHalf);
    // FP8 takes the FP8 fraction.
    GP_COMPARE_REL(
        core::applyCalibration(core::defaultEfficiency(gpu, core::Precision::FP8), h100Profile(), core::Precision::FP8)
            .gemm,
        0.70743, 1e-4); // 1400 / 1979
}

void TestCalibration::applyWithoutThatPrecision()
{
    auto profile = h100Profile();
    profile.gemmFraction.erase(core::Precision::FP8);
    const auto defaults = core::defaultEfficiency(test::gpu("H100-SXM-80GB"), core::Precision::FP8);
    const auto e = core::applyCalibration(defaults, profile, core::Precision::FP8);
    QCOMPARE(e.gemm, defaults.gemm); // 0.709, the default, kept
    GP_COMPARE_REL(e.memoryBandwidth, 0.86567, 1e-4);
    QVERIFY(e.calibrated);
    QVERIFY2(e.source.find("no fp8 GEMM was measured") != std::string::npos, e.source.c_str());
}

void TestCalibration::trainingEstimateScales()
{
    // Without fused attention every FLOP of a step runs at the GEMM rate, so the compute time scales with
    // 1 / e.gemm, and the memory-bound elementwise time with 1 / e.memoryBandwidth.
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto& model = test::model("llama-2-7b");
    core::TrainingSpec spec;
    spec.tokens = 1e9;
    spec.flashAttention = false;
    core::ParallelLayout layout;
    layout.dp = 8;
    layout.zeroStage = 1;
    layout.recompute = core::Recompute::Selective;
    const auto defaults = core::defaultEfficiency(gpu, core::Precision::BF16);
    const auto calibrated = core::applyCalibration(defaults, h100Profile(), core::Precision::BF16);
    const auto before = core::estimateTraining(model, spec, gpu, layout, defaults);
    const auto after = core::estimateTraining(model, spec, gpu, layout, calibrated);
    // compute: 0.803 (Hopper bf16 default) / (790 / 989.5) = 1.00578
    GP_COMPARE_REL(after.computeS / before.computeS, 1.00578, 1e-4);
    // elementwise: 0.85 (default) / (2900 / 3350) = 0.98190
    GP_COMPARE_REL(after.elementwiseS / before.elementwiseS, 0.98190, 1e-4);
    QVERIFY(after.stepTimeS > 0);
}

void TestCalibration::planSaysHowMuchCalibrationMoved()
{
    // The ratio a calibrated candidate carries is what planning the same workload twice — with and without the
    // profile — gives: wall time for training, output throughput for serving. Other GPU models are untouched.
    auto profiles
        = std::make_shared<const core::CalibrationMap>(core::CalibrationMap {{"H100-SXM-80GB", h100Profile()}});
    core::PlanInputs without = test::inputs(), with = test::inputs();
    with.calibrations = profiles;
    core::Workload train;
    train.kind = core::WorkloadKind::Training;
    train.model = test::model("llama-2-7b");
    train.training = core::TrainingSpec {};
    train.training->tokens = 1e9;
    train.hardware = core::HardwarePin {};
    train.hardware->gpu = "H100-SXM-80GB";
    train.hardware->count = 8;
    const core::Plan before = test::plan(train, without);
    const core::Plan after = test::plan(train, with);
    QVERIFY(before.pinned && after.pinned);
    QVERIFY(!before.pinned->calibrationRatio);
    QVERIFY(after.pinned->calibrated);
    QVERIFY(after.pinned->calibrationRatio);
    GP_COMPARE_REL(*after.pinned->calibrationRatio, after.pinned->wallHours / before.pinned->wallHours, 1e-12);
    // The H100 profile is within 1 % of the defaults for GEMMs (790 vs 0.803 × 989.5 TFLOPS) and faster for
    // memory (2900 vs 0.85 × 3350 GB/s): the step moves by less than 2 %.
    QVERIFY(std::abs(*after.pinned->calibrationRatio - 1.0) < 0.02);

    core::Workload serve;
    serve.kind = core::WorkloadKind::Inference;
    serve.model = test::model("llama-2-7b");
    serve.inference = core::InferenceSpec {};
    serve.inference->promptTokens = 1024;
    serve.inference->outputTokens = 256;
    serve.hardware = core::HardwarePin {};
    serve.hardware->gpu = "H100-SXM-80GB";
    serve.hardware->count = 1;
    const core::Plan s0 = test::plan(serve, without);
    const core::Plan s1 = test::plan(serve, with);
    QVERIFY(s1.pinned && s1.pinned->calibrationRatio);
    GP_COMPARE_REL(*s1.pinned->calibrationRatio,
        s1.pinned->inference->throughputTokensPerS / s0.pinned->inference->throughputTokensPerS, 1e-12);
    // Decode is bandwidth-bound: 2900 GB/s measured vs 0.85 × 3350 = 2847.5 assumed, so more throughput.
    QVERIFY(*s1.pinned->calibrationRatio > 1.0);

    serve.hardware->gpu = "A100-SXM-80GB";
    QVERIFY(!test::plan(serve, with).pinned->calibrationRatio);
}

void TestCalibration::readsWhatTheProbeWrites()
{
    // The document gpuplan-probe builds (providers/probe/report.cpp) must be one core parses: the contract
    // between the two, checked here without a GPU.
    probe::ProbeRecord rec;
    rec.probeVersion = "0.1.0";
    rec.createdAt = probe::utcText(1796026500);
    rec.host = "node \"7\"";
    rec.driverVersion = probe::cudaVersionText(13000);
    rec.runtimeVersion = probe::cudaVersionText(13000);
    for (int i = 0; i < 2; ++i) {
        probe::GpuRecord g;
        g.index = i;
        g.name = "NVIDIA H200";
        g.uuid = probe::uuidText({});
        g.computeCapability = "9.0";
        g.memoryBytes = 143771LL * 1024 * 1024;
        g.smCount = 132;
        g.clockMhz = 1980;
        g.memoryClockMhz = 3201;
        g.memoryBusWidthBits = 6144;
        g.gemm.push_back({"bf16", 8192, 8192, 8192, "", "", "", 0, 801.23456, 20});
        g.gemm.push_back({"fp8", 8192, 8192, 8192, "", "", "", 0, 1501.0, 20});
        g.gemm.push_back(
            {"bf16", 1280, 256, 8192, "llama-3.1-70b qkv, tp 8, 256 tokens", "llama-3.1-70b", "qkv", 8, 760.0, 20});
        g.readGBps = 4100.0;
        g.writeGBps = 3900.0;
        g.copyGBps = 4200.0004;
        g.hostToDevicePinnedGBps = 55.0;
        g.hostToDevicePageableGBps = 20.0;
        g.deviceToHostPinnedGBps = 55.5;
        g.deviceToHostPageableGBps = 18.0;
        rec.gpus.push_back(g);
    }
    rec.allreduce.push_back({1LL << 30, 360.5});
    rec.notes.push_back("GPU 0: GEMM fp32 16384x16384x16384: skipped, \"reason\"\nnext line");
    const std::string text = probe::probeJson(rec);

    std::vector<std::string> warnings;
    auto r = core::parseProbeReport(text, "probe.json", &warnings);
    QVERIFY2(r.ok(), r ? "" : r.error().detail.c_str());
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str()); // every field is known
    QCOMPARE(r->createdAt, std::string("2026-11-30T08:15:00Z"));
    QCOMPARE(r->host, std::string("node \"7\""));
    QCOMPARE(r->driverVersion, std::string("13.0"));
    QCOMPARE(r->gpus.size(), std::size_t(2));
    QCOMPARE(r->gpus[1].index, 1);
    QCOMPARE(r->gpus[0].memoryBytes, 143771.0 * MiB);
    QCOMPARE(r->gpus[0].gemm[0].tflops, 801.235); // rounded to 3 decimals
    QCOMPARE(r->gpus[0].gemm[2].label, std::string("llama-3.1-70b qkv, tp 8, 256 tokens"));
    QCOMPARE(r->gpus[0].gemm[2].model, std::string("llama-3.1-70b"));
    QCOMPARE(r->gpus[0].gemm[2].op, std::string("qkv"));
    QCOMPARE(r->gpus[0].gemm[2].tp, 8);
    QCOMPARE(r->gpus[0].gemm[0].tp, 0); // squares carry no model fields
    QCOMPARE(r->gpus[0].copyGBps, 4200.0);
    QCOMPARE(r->allreduce[0].bytes, 1024.0 * MiB);
    QCOMPARE(r->notes.front(), rec.notes.front());

    auto profiles = core::calibrationProfiles(*r, test::gpus());
    QVERIFY2(profiles.ok(), profiles ? "" : profiles.error().detail.c_str());
    QCOMPARE(profiles->front().gpuId, std::string("H200-SXM-141GB"));
    GP_COMPARE_REL(profiles->front().gemmFraction.at(core::Precision::BF16), 0.80974, 1e-4); // 801.235 / 989.5
    GP_COMPARE_REL(profiles->front().memoryFraction, 0.875, 1e-9);                           // 4200 / 4800
}

void TestCalibration::probeTextHelpers()
{
    QCOMPARE(probe::utcText(0), std::string("1970-01-01T00:00:00Z"));
    QCOMPARE(probe::utcText(1709251199), std::string("2024-02-29T23:59:59Z")); // a leap day
    QCOMPARE(probe::cudaVersionText(12080), std::string("12.8"));
    std::array<unsigned char, 16> uuid {};
    for (std::size_t i = 0; i < uuid.size(); ++i)
        uuid[i] = static_cast<unsigned char>(i * 17); // 00 11 22 … ff
    QCOMPARE(probe::uuidText(uuid), std::string("GPU-00112233-4455-6677-8899-aabbccddeeff"));
}

void TestCalibration::probeShapeCounts_data()
{
    QTest::addColumn<int>("ccMajor");
    QTest::addColumn<int>("ccMinor");
    QTest::addColumn<bool>("quick");
    QTest::addColumn<int>("squares");
    QTest::addColumn<int>("modelGemms");
    // Full run on Hopper: 3 square sizes in fp32, tf32, bf16, fp16, fp8 = 15; 3 models x 2 TP degrees x 7 token
    // counts x 4 linear layers = 168 per precision, in bf16 and fp8 = 336.
    QTest::addRow("H100 full") << 9 << 0 << false << 15 << 336;
    // Ampere has no fp8: 4 precisions x 3 squares; models in bf16 only.
    QTest::addRow("A100 full") << 8 << 0 << false << 12 << 168;
    // Turing: fp32 and fp16 only; the models in fp16 (no bf16 math).
    QTest::addRow("T4 full") << 7 << 5 << false << 6 << 168;
    // --quick: 2 square sizes x 5 precisions; Llama-3.1-70B at 32 and 8192 tokens, tp 1, bf16: 2 x 4.
    QTest::addRow("H100 quick") << 9 << 0 << true << 10 << 8;
}

void TestCalibration::probeShapeCounts()
{
    QFETCH(int, ccMajor);
    QFETCH(int, ccMinor);
    QFETCH(bool, quick);
    QFETCH(int, squares);
    QFETCH(int, modelGemms);
    std::vector<std::string> notes;
    const auto shapes = probe::gemmShapes(ccMajor, ccMinor, probe::defaultShapeOptions(quick), &notes);
    const auto isSquare = [](const probe::GemmShape& s) { return s.model.empty(); };
    QCOMPARE(int(std::count_if(shapes.begin(), shapes.end(), isSquare)), squares);
    QCOMPARE(int(shapes.size()) - squares, modelGemms);
    QVERIFY(notes.empty());
    const bool hasFp8 = std::any_of(
        shapes.begin(), shapes.end(), [](const auto& s) { return s.precision == probe::GemmPrecision::FP8; });
    QCOMPARE(hasFp8, ccMajor * 10 + ccMinor >= 89);
}

void TestCalibration::probeModelShards()
{
    probe::ShapeOptions o = probe::defaultShapeOptions(false);
    QVERIFY(!probe::parseModels("llama-3.1-8b,llama-3.1-70b", o));
    QVERIFY(!probe::parseTokens("1,8192", o));
    QVERIFY(!probe::parseTp("1,8,16,3", o));
    std::vector<std::string> notes;
    const auto shapes = probe::gemmShapes(8, 0, o, &notes);
    auto find = [&](const char* model, const char* op, int tp, std::int64_t tokens) -> const probe::GemmShape* {
        for (const auto& s : shapes) {
            if (s.model == model && s.op == op && s.tp == tp && s.n == tokens)
                return &s;
        }
        return nullptr;
    };
    struct Expected
    {
        const char *model, *op;
        int tp;
        std::int64_t m, k;
    };
    // Worked by hand from the models' config.json (h, f, heads, KV heads, head dim 128) and Megatron sharding:
    // QKV and gate+up split their output features by tp, the attention output and down projections their inputs.
    const Expected expected[] = {
        {"llama-3.1-8b", "qkv", 1, (32 + 2 * 8) * 128, 4096},  // 6144
        {"llama-3.1-8b", "qkv", 8, (4 + 2 * 1) * 128, 4096},   // 768: 4 query heads and 1 KV head per GPU
        {"llama-3.1-8b", "o", 8, 4096, 32 * 128 / 8},          // 512 inputs per GPU
        {"llama-3.1-8b", "gate_up", 8, 2 * 14336 / 8, 4096},   // 3584
        {"llama-3.1-8b", "down", 8, 4096, 14336 / 8},          // 1792
        {"llama-3.1-8b", "qkv", 16, (2 + 2 * 1) * 128, 4096},  // 8 KV heads on 16 GPUs: one replicated KV head each
        {"llama-3.1-70b", "qkv", 1, (64 + 2 * 8) * 128, 8192}, // 10240, as Llama 2 70B
        {"llama-3.1-70b", "gate_up", 1, 2 * 28672, 8192},      // 57344
        {"llama-3.1-70b", "down", 8, 8192, 28672 / 8},         // 3584
        {"llama-3.1-70b", "qkv", 16, (4 + 2 * 1) * 128, 8192}, // 768
    };
    for (const auto& e : expected) {
        for (std::int64_t tokens : {1, 8192}) {
            const auto* s = find(e.model, e.op, e.tp, tokens);
            QVERIFY2(s, (std::string(e.model) + ' ' + e.op + " tp " + std::to_string(e.tp)).c_str());
            QCOMPARE(s->m, e.m);
            QCOMPARE(s->k, e.k);
            QVERIFY(s->precision == probe::GemmPrecision::BF16);
        }
    }
    QCOMPARE(find("llama-3.1-8b", "down", 8, 1)->label(), std::string("llama-3.1-8b down, tp 8, 1 token"));
    QCOMPARE(find("llama-3.1-8b", "down", 8, 8192)->label(), std::string("llama-3.1-8b down, tp 8, 8192 tokens"));
    // tp 3 divides neither model's 32 or 64 heads: skipped for each, with a note; 2 models x 3 degrees x 2 token
    // counts x 4 layers remain.
    QCOMPARE(notes.size(), std::size_t(2));
    QVERIFY2(notes[0].find("llama-3.1-8b, tp 3: skipped") == 0, notes[0].c_str());
    QCOMPARE(int(std::count_if(shapes.begin(), shapes.end(), [](const auto& s) { return !s.model.empty(); })),
        2 * 3 * 2 * 4);
}

void TestCalibration::probeModelsMatchTheCatalog()
{
    // The probe carries its own copy of each model's widths (it builds with the CUDA toolkit alone); they must be the
    // presets the planner estimates with, or a measured "llama-3.1-8b qkv" would be another GEMM than the model's.
    for (const auto& s : probe::modelShapes()) {
        const std::string id(s.name);
        const core::ModelArch& m = test::model(id.c_str());
        QCOMPARE(s.hidden, std::int64_t(m.hidden));
        QCOMPARE(s.intermediate, std::int64_t(m.ffnHidden));
        QCOMPARE(s.heads, std::int64_t(m.heads));
        QCOMPARE(s.kvHeads, std::int64_t(m.kvHeads));
        QCOMPARE(s.headDim, std::int64_t(m.headDim()));
    }
}

void TestCalibration::probeShapeOptions_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("error"); // empty: accepted
    QTest::addRow("tp list") << QStringLiteral("tp") << QStringLiteral("1,2,4,8") << QStringLiteral("");
    QTest::addRow("tp 0") << QStringLiteral("tp") << QStringLiteral("1,0")
                          << QStringLiteral("--tp: \"0\" in \"1,0\" is not a whole number from 1 to 64");
    QTest::addRow("tp 128") << QStringLiteral("tp") << QStringLiteral("128")
                            << QStringLiteral("--tp: \"128\" in \"128\" is not a whole number from 1 to 64");
    QTest::addRow("empty item") << QStringLiteral("tokens") << QStringLiteral("1,,8")
                                << QStringLiteral("--tokens: \"\" in \"1,,8\" is not a whole number from 1 to 65536");
    QTest::addRow("sign") << QStringLiteral("tokens") << QStringLiteral("-1")
                          << QStringLiteral("--tokens: \"-1\" in \"-1\" is not a whole number from 1 to 65536");
    QTest::addRow("twice") << QStringLiteral("tokens") << QStringLiteral("8,16,8")
                           << QStringLiteral("--tokens: 8 is listed twice in \"8,16,8\"");
    QTest::addRow("huge") << QStringLiteral("tokens") << QStringLiteral("99999999999999999999")
                          << QStringLiteral(
                                 "--tokens: \"99999999999999999999\" in \"99999999999999999999\" is not a whole number "
                                 "from 1 to 65536");
    QTest::addRow("none") << QStringLiteral("models") << QStringLiteral("none") << QStringLiteral("");
    QTest::addRow("unknown model") << QStringLiteral("models") << QStringLiteral("llama-3.1-8b,llama-3-8b")
                                   << QStringLiteral(
                                          "--models: unknown model \"llama-3-8b\" (known: llama-3.1-8b, llama-3.1-70b, "
                                          "llama-2-7b, or none)");
}

void TestCalibration::probeShapeOptions()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(QString, error);
    probe::ShapeOptions o = probe::defaultShapeOptions(false);
    const std::string v = value.toStdString();
    const auto problem = option == QLatin1String("tp") ? probe::parseTp(v, o)
        : option == QLatin1String("tokens")            ? probe::parseTokens(v, o)
                                                       : probe::parseModels(v, o);
    QCOMPARE(QString::fromStdString(problem.value_or("")), error);
    if (!problem && option == QLatin1String("models")) // "none": square sizes only
        QCOMPARE(int(probe::gemmShapes(9, 0, o).size()), 15);
    if (!problem && option == QLatin1String("tp"))
        QCOMPARE(o.tp, (std::vector<int> {1, 2, 4, 8}));
}

void TestCalibration::modelFamilies_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("family");
    QTest::addRow("Llama 3.3 70B") << "llama-3.3-70b"
                                   << "dense GQA"; // 64 heads, 8 KV heads
    QTest::addRow("GPT-3") << "gpt-3-175b"
                           << "dense MHA"; // 96 heads, 96 KV heads
    QTest::addRow("DeepSeek-R1") << "deepseek-r1"
                                 << "MoE with MLA"; // 256 experts, kv_lora_rank 512
    QTest::addRow("Qwen3-30B-A3B") << "qwen3-30b-a3b"
                                   << "MoE GQA"; // 128 experts, 32 heads, 4 KV heads
}

void TestCalibration::modelFamilies()
{
    QFETCH(QString, model);
    QFETCH(QString, family);
    QCOMPARE(QString::fromStdString(core::modelFamily(test::model(model.toUtf8().constData()))), family);
}

void TestCalibration::openLoopPrefillWait()
{
    // M/D/1 (Pollaczek–Khinchine, deterministic service): W = ρ·S / (2(1 − ρ)), ρ = λ·S.
    QCOMPARE(core::openLoopPrefillWaitS(4.0, 0.05), 0.00625);    // ρ 0.2: 0.2 × 0.05 / 1.6
    QCOMPARE(core::openLoopPrefillWaitS(10.0, 0.05), 0.025);     // ρ 0.5: 0.5 × 0.05 / 1
    QVERIFY(std::isinf(core::openLoopPrefillWaitS(20.0, 0.05))); // ρ 1: the prefills never catch up
}

void TestCalibration::requestRateRunsAsCases()
{
    const auto file = benchmark(sglangSweep, "sglang");
    auto points = core::calibrationPoints(file, sweepSetup(), test::gpus(), test::models());
    QVERIFY2(points.ok(), points ? "" : points.error().detail.c_str());
    QCOMPARE(points->size(), std::size_t(7));
    const auto& p = (*points)[0];
    QCOMPARE(p.label.text(), std::string("request rate 1/s"));
    QVERIFY(p.excluded.empty());
    QCOMPARE(p.base.layout.tp, 4);
    QCOMPARE(p.base.layout.replicas, 1);
    QVERIFY(p.base.spec.engine == core::ServingEngine::Sglang);
    QVERIFY(!p.base.spec.waves);             // open loop: steady state
    QCOMPARE(p.base.spec.promptTokens, 509); // 152612 / 300 = 508.7
    QCOMPARE(p.base.spec.outputTokens, 534); // 160347 / 300 = 534.5, rounded to even tokens by lround: 534
    // Little's law on the run's own figures: 300 completed in 298.37 s (1.0055/s) × mean E2E 7.8406 s = 7.88 → 8.
    QCOMPARE(p.base.concurrency, 8);
    QVERIFY(std::abs(p.base.arrivalRate - 300 / 298.3675805060193) < 1e-9);
    QCOMPARE(p.cases.size(), std::size_t(3));
    QCOMPARE(p.cases[0].metric, std::string("ttft_ms"));
    QCOMPARE(p.cases[0].published, 85.74514742940664); // the median: this SGLang writes no mean TTFT
    QCOMPARE(p.statistics[0], std::string(core::msg::calibStatMedian.id));
    // TPOT from the means it gives: (mean E2E − TTFT) / (mean output − 1) = (7840.616 − 85.745) / (534.49 − 1)
    // = 14.536 ms.
    QCOMPARE(p.cases[1].metric, std::string("tpot_ms"));
    QVERIFY(std::abs(p.cases[1].published - 14.536) < 0.001);
    QCOMPARE(p.statistics[1], std::string(core::msg::calibStatDerived.id));
    QCOMPARE(p.cases[2].published, 537.4142851849319);
    // Rate 16: 8213 output tokens/s offered (16 × 1642637 / 3200), 4288 delivered (52 %): overloaded.
    const auto& over = (*points)[4];
    QCOMPARE(over.excluded.id(), core::msg::calibOverloaded.id);
    QCOMPARE(over.excluded.args[0].text, std::string("52"));
    QCOMPARE(over.excluded.args[1].text, std::string("8213"));
}

void TestCalibration::closedLoopRunsAsCases()
{
    // vllm bench serve at --max-concurrency 64 over 8 GPUs as 4 replicas of TP 2: 16 requests in flight per replica,
    // in waves (fixed-length random prompts started together).
    const auto file = benchmark("vllm/bench_serve/1p3d_conc64_in2048_out2048_20250914_014738.json", "vllm");
    core::BenchmarkSetup s;
    s.gpu = "H200-SXM-141GB";
    s.gpus = 8;
    s.tp = 2;
    s.model = "gpt-oss-120b";
    s.engine = "vllm";
    s.weightPrecision = "bf16";
    s.expertWeightPrecision = "fp4";
    auto points = core::calibrationPoints(file, s, test::gpus(), test::models());
    QVERIFY2(points.ok(), points ? "" : points.error().detail.c_str());
    const auto& p = points->front();
    QCOMPARE(p.label.text(), std::string("concurrency 64"));
    QCOMPARE(p.base.layout.replicas, 4);
    QCOMPARE(p.base.concurrency, 16);
    QVERIFY(p.base.spec.waves);
    QCOMPARE(p.base.arrivalRate, 0.0);
    QCOMPARE(p.base.spec.promptTokens, 2046); // 1023101 / 500
    QCOMPARE(p.base.spec.outputTokens, 703);  // 351725 / 500 = 703.45
    QCOMPARE(p.statistics[0], std::string(core::msg::calibStatMean.id));
    QCOMPARE(p.base.spec.burstRequests, 500); // its 500 requests, 64 at a time: the last wave carries 52
    // Told the lengths vary, the same run is a steady state.
    s.waves = false;
    points = core::calibrationPoints(file, s, test::gpus(), test::models());
    QVERIFY(!points->front().base.spec.waves);
    // Without --max-concurrency every request is sent at once: the engine takes what it holds and the rest wait, so
    // the case is a burst of the 500 (over 4 replicas: 125 each) at the engine's own operating point, not 500 in
    // flight (which no replica holds).
    s.waves.reset();
    const std::string path = "vllm/bench_serve/1p3d_conc64_in2048_out2048_20250914_014738.json";
    const std::string text = test::readFile(std::string(GPUPLAN_TEST_DATA "/calibration/") + path);
    auto burstFile = benchmarks::readBenchmarkFile(
        test::edited(text, "\"max_concurrency\": 64", "\"max_concurrency\": null"), "burst.json", "vllm");
    QVERIFY2(burstFile, burstFile ? "" : burstFile.error().detail.c_str());
    points = core::calibrationPoints(*burstFile, s, test::gpus(), test::models());
    QVERIFY2(points.ok(), points ? "" : points.error().detail.c_str());
    const auto& b = points->front();
    QCOMPARE(b.label.text(), std::string("all 500 requests at once"));
    QVERIFY(b.excluded.empty());
    QCOMPARE(b.base.concurrency, 0);
    QVERIFY(b.base.spec.waves);
    QCOMPARE(b.base.spec.burstRequests, 500);
    const auto e = core::servingCaseEstimate(b.base, core::defaultServingParams());
    QVERIFY(e.concurrency > 0 && e.concurrency <= 125);
}

void TestCalibration::fitOnOneRunPredictsTheSweep_data()
{
    QTest::addColumn<int>("fitRun"); // 0-based
    QTest::addRow("fitted at 1 req/s") << 0;
    QTest::addRow("fitted at 2 req/s") << 1;
    QTest::addRow("fitted at 4 req/s") << 2;
}

void TestCalibration::fitOnOneRunPredictsTheSweep()
{
    // The issue's promise: fitted on one run of a published sweep, the model reproduces that run within 5 % and
    // predicts the sweep's other steady runs within 10 % (TTFT, TPOT and output throughput each). The bounds are the
    // issue's; nothing here is a number the code printed.
    QFETCH(int, fitRun);
    const auto file = benchmark(sglangSweep, "sglang");
    core::CalibrationOptions o;
    o.runs = {0, 1, 2, 3, 4}; // the random 1024/1024 sweep; the ShareGPT runs are another workload
    o.fitRuns = {fitRun};
    auto cal = core::calibrateServing(file, sweepSetup(), test::gpus(), test::models(), o);
    QVERIFY2(cal.ok(), cal ? "" : cal.error().detail.c_str());
    QCOMPARE(cal->gpuId, std::string("H200-SXM-141GB"));
    QCOMPARE(cal->family, std::string("dense GQA"));
    QVERIFY(cal->engine == core::ServingEngine::Sglang);
    QCOMPARE(cal->fitted, (std::vector<std::string> {"bandwidth_nvidia", "gemm_nvidia", "step_overhead_sglang_s"}));
    int checked = 0;
    for (const auto& r : cal->residuals) {
        if (!r.excluded.empty())
            continue;
        const double error = std::abs(r.estimate / r.measured - 1);
        const double limit = r.run == fitRun ? 0.05 : 0.10;
        QVERIFY2(error <= limit,
            qPrintable(QStringLiteral("run %1 %2: measured %3, estimated %4 (%5 %)")
                           .arg(r.run + 1)
                           .arg(QString::fromStdString(r.metric))
                           .arg(r.measured)
                           .arg(r.estimate)
                           .arg(100 * (r.estimate / r.measured - 1), 0, 'f', 1)));
        ++checked;
    }
    QCOMPARE(checked, 9); // runs 1–3, three figures each
    // Rates 8 and 16 are left out, and say why: at 8 req/s the run offered 4063 output tokens/s (8 × 1218922 / 2400),
    // more than the calibrated model's capacity; at 16 the server delivered only 52 % of what was offered.
    QCOMPARE(residual(*cal, 3, "tpot_ms").excluded.id(), core::msg::calibSaturated.id);
    QCOMPARE(residual(*cal, 3, "tpot_ms").excluded.args[0].text, std::string("4063"));
    QCOMPARE(residual(*cal, 4, "tpot_ms").excluded.id(), core::msg::calibOverloaded.id);
    // Against the shipped factors the calibration matters: their TTFT at 1 req/s is more than 15 % off the 85.7 ms
    // measured (their prefill has no SGLang request overheads), at least three times the calibrated estimate's error.
    const auto& ttft = residual(*cal, 0, "ttft_ms");
    const double shippedError = std::abs(ttft.defaultEstimate / 85.745 - 1),
                 calibratedError = std::abs(ttft.estimate / 85.745 - 1);
    QVERIFY2(shippedError > 0.15 && shippedError > 3 * calibratedError,
        qPrintable(QStringLiteral("shipped %1 ms, calibrated %2 ms").arg(ttft.defaultEstimate).arg(ttft.estimate)));
}

void TestCalibration::heldOutEstimatesAndBands()
{
    // Fitted on all three steady runs: each is also estimated with the factors of the other two, and those held-out
    // ratios make the bands a calibrated plan's ranges use.
    const auto file = benchmark(sglangSweep, "sglang");
    core::CalibrationOptions o;
    o.runs = {0, 1, 2, 3, 4};
    auto cal = core::calibrateServing(file, sweepSetup(), test::gpus(), test::models(), o);
    QVERIFY2(cal.ok(), cal ? "" : cal.error().detail.c_str());
    std::vector<double> latency, throughput;
    for (const auto& r : cal->residuals) {
        if (!r.excluded.empty())
            continue;
        QVERIFY(r.fitted && r.heldOut);
        QCOMPARE(*r.outOfSample(), *r.heldOut);
        (r.timeLike() ? latency : throughput)
            .push_back(r.timeLike() ? r.measured / *r.heldOut : *r.heldOut / r.measured);
    }
    QCOMPARE(latency.size(), std::size_t(6));
    QCOMPARE(throughput.size(), std::size_t(3));
    QVERIFY(cal->latencyBand && cal->throughputBand);
    QCOMPARE(*cal->latencyBand, core::narrowestBand(latency, 0.8));
    QCOMPARE(*cal->throughputBand, core::narrowestBand(throughput, 0.8));
    // ⌈0.8 × (3 + 1)⌉ = 4 > 3 ratios: the throughput band is all three, from the smallest to the largest.
    QCOMPARE(cal->throughputBand->first, *std::min_element(throughput.begin(), throughput.end()));
    QCOMPARE(cal->throughputBand->second, *std::max_element(throughput.begin(), throughput.end()));
}

void TestCalibration::servingCalibrationRoundTrip()
{
    const auto file = benchmark(sglangSweep, "sglang");
    core::CalibrationOptions o;
    o.runs = {0, 1, 2, 3, 4};
    o.importedAt = "2026-12-03T10:00:00Z";
    auto cal = core::calibrateServing(file, sweepSetup(), test::gpus(), test::models(), o);
    QVERIFY(cal.ok());
    const std::string json = core::serializeServingCalibration(*cal);
    auto back = core::parseServingCalibration(json, "stored.json", &test::gpus());
    QVERIFY2(back.ok(), back ? "" : back.error().detail.c_str());
    QCOMPARE(back->file, std::string("datacrunch_h200_llama_3_3_70b_online_output.jsonl"));
    QCOMPARE(back->importedAt, std::string("2026-12-03T10:00:00Z"));
    QCOMPARE(back->params.values(), cal->params.values());
    QCOMPARE(back->residuals.size(), cal->residuals.size());
    for (std::size_t i = 0; i < cal->residuals.size(); ++i) {
        QCOMPARE(back->residuals[i].label.text(), cal->residuals[i].label.text());
        QCOMPARE(back->residuals[i].statistic.text(), cal->residuals[i].statistic.text());
        QCOMPARE(back->residuals[i].excluded.text(), cal->residuals[i].excluded.text());
        QCOMPARE(back->residuals[i].estimate, cal->residuals[i].estimate);
        QCOMPARE(back->residuals[i].heldOut, cal->residuals[i].heldOut);
    }
    QCOMPARE(back->latencyBand, cal->latencyBand);
    QCOMPARE(core::serializeServingCalibration(*back), json);

    // A calibration stored before the experts' width and the per-sequence cost were factors of the model still loads:
    // the factors it does not name take the shipped values, the ones it names keep theirs.
    std::string older = json;
    for (const std::string key : {"expert_gemm_width", "sequence_overhead_s"}) {
        const auto at = older.find("\"" + key + "\"");
        QVERIFY(at != std::string::npos);
        const auto end = older.find_first_of(",}", at);
        const auto from = older.rfind(',', at); // the comma before the entry, with the line break after it
        older.erase(from, end - from);
    }
    auto old = core::parseServingCalibration(older, "stored.json", &test::gpus());
    QVERIFY2(old.ok(), old ? "" : old.error().detail.c_str());
    QCOMPARE(old->params.expertGemmWidth, core::defaultServingParams().expertGemmWidth);
    QCOMPARE(old->params.sequenceOverheadS, core::defaultServingParams().sequenceOverheadS);
    QCOMPARE(old->params.gemmNvidia, cal->params.gemmNvidia);
}

void TestCalibration::badServingCalibration_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("expected");
    QTest::addRow("schema") << "gpuplan.serving-calibration/1"
                            << "gpuplan.serving-calibration/9"
                            << "stored.json:/schema: unsupported schema";
    QTest::addRow("gpu") << "\"gpu\": \"H200-SXM-141GB\""
                         << "\"gpu\": \"H300\""
                         << "stored.json:/gpu: unknown GPU \"H300\"";
    QTest::addRow("engine") << "\"engine\": \"sglang\""
                            << "\"engine\": \"tgi\""
                            << "stored.json:/engine: must be one of";
    QTest::addRow("factor") << "\"gemm_nvidia\": "
                            << "\"gemm_nvidia\": -"
                            << "stored.json:/factors/gemm_nvidia: must be a positive number";
    QTest::addRow("fitted") << "\"step_overhead_sglang_s\"\n"
                            << "\"step_overhead_tgi_s\"\n"
                            << "stored.json:/fitted/2: must be one of";
    QTest::addRow("exclusion") << "\"calibration.overloaded\""
                               << "\"calibration.tired\""
                               << "/excluded/id: must be one of";
}

void TestCalibration::badServingCalibration()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, expected);
    const auto file = benchmark(sglangSweep, "sglang");
    core::CalibrationOptions o;
    o.runs = {0, 1, 2, 3, 4};
    o.fitRuns = {0};
    auto cal = core::calibrateServing(file, sweepSetup(), test::gpus(), test::models(), o);
    QVERIFY(cal.ok());
    const std::string json
        = test::edited(core::serializeServingCalibration(*cal), from.toStdString(), to.toStdString());
    auto back = core::parseServingCalibration(json, "stored.json", &test::gpus());
    QVERIFY(!back.ok());
    QVERIFY2(back.error().detail.find(expected.toStdString()) != std::string::npos, back.error().detail.c_str());
}

void TestCalibration::badSetup_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected");
    QTest::addRow("unknown GPU")
        << "gpu"
        << "H300"
        << "gpu: unknown GPU \"H300\"; closest known: H100-SXM-80GB, H800-SXM-80GB, H200-SXM-141GB";
    QTest::addRow("unknown model") << "model"
                                   << "llama-3.3-7b"
                                   << "model: unknown model preset \"llama-3.3-7b\"; closest known: llama-3.3-70b";
    QTest::addRow("unknown engine") << "engine"
                                    << "tgi"
                                    << "engine: must be one of vllm, sglang, trtllm, got \"tgi\"";
    QTest::addRow("tp not dividing") << "tp"
                                     << "3"
                                     << "tp: must divide the 4 GPUs into whole replicas, got 3";
    QTest::addRow("precision") << "weight_precision"
                               << "fp7"
                               << "weight_precision: unknown precision \"fp7\"";
    QTest::addRow("fit run") << "fit_runs"
                             << "5"
                             << "fit_runs: run 5 cannot be fitted to: overloaded";
    QTest::addRow("concurrency") << "concurrency"
                                 << "0"
                                 << "concurrency: must be a positive whole number, got 0";
}

void TestCalibration::badSetup()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    core::BenchmarkSetup s = sweepSetup();
    core::CalibrationOptions o;
    const std::string v = value.toStdString(), f = field.toStdString();
    if (f == "gpu")
        s.gpu = v;
    else if (f == "model")
        s.model = v;
    else if (f == "engine")
        s.engine = v;
    else if (f == "tp")
        s.tp = std::stoi(v);
    else if (f == "weight_precision")
        s.weightPrecision = v;
    else if (f == "fit_runs")
        o.fitRuns = {std::stoi(v) - 1};
    else if (f == "concurrency")
        s.concurrency = std::stoi(v);
    auto cal = core::calibrateServing(benchmark(sglangSweep, "sglang"), s, test::gpus(), test::models(), o);
    QVERIFY(!cal.ok());
    QVERIFY2(cal.error().detail.find(expected.toStdString()) == 0, cal.error().detail.c_str());
    // A file without prompt lengths needs them from the user.
    if (f == "gpu") {
        const auto csv = benchmark("aiperf/qwen3-4b-rtxpro4500-conc64-transcribed/profile_export_aiperf.csv", "aiperf");
        core::BenchmarkSetup q = sweepSetup();
        q.concurrency = 64;
        auto noPrompt = core::calibrationPoints(csv, q, test::gpus(), test::models());
        QVERIFY(!noPrompt.ok());
        QVERIFY2(noPrompt.error().detail.find("profile_export_aiperf.csv: the file gives no prompt length") == 0,
            noPrompt.error().detail.c_str());
    }
}

void TestCalibration::planUsesServingCalibration()
{
    // Fitted on the 70B sweep (SGLang, 4 × H200): a plan serving a dense GQA model on H200 with SGLang uses the
    // fitted factors, says so and by which file; the same model on H100, or on H200 with vLLM, keeps the shipped
    // factors; the ratio the candidate carries is the two plans' throughputs.
    core::CalibrationOptions o;
    o.runs = {0, 1, 2, 3, 4};
    o.importedAt = "2026-12-03T10:00:00Z";
    auto cal = core::calibrateServing(benchmark(sglangSweep, "sglang"), sweepSetup(), test::gpus(), test::models(), o);
    QVERIFY(cal.ok());
    auto shared = std::make_shared<const core::ServingCalibration>(std::move(*cal));
    core::PlanInputs without = test::inputs(), with = test::inputs();
    with.servingCalibrations = std::make_shared<const core::ServingCalibrationMap>(
        core::ServingCalibrationMap {{core::keyOf(*shared), shared}});

    core::Workload serve;
    serve.kind = core::WorkloadKind::Inference;
    serve.model = test::model("llama-3.1-70b"); // another dense GQA model: the family carries over
    serve.inference = core::InferenceSpec {};
    serve.inference->promptTokens = 512;
    serve.inference->outputTokens = 512;
    serve.inference->engine = core::ServingEngine::Sglang;
    serve.inference->engineGiven = true;
    serve.hardware = core::HardwarePin {};
    serve.hardware->gpu = "H200-SXM-141GB";
    serve.hardware->count = 4;
    const core::Plan s0 = test::plan(serve, without);
    const core::Plan s1 = test::plan(serve, with);
    QVERIFY(s1.pinned && s1.pinned->calibrated);
    QCOMPARE(s1.pinned->servingCalibration, shared);
    QVERIFY(s1.pinned->calibrationRatio);
    GP_COMPARE_REL(*s1.pinned->calibrationRatio,
        s1.pinned->inference->throughputTokensPerS / s0.pinned->inference->throughputTokensPerS, 1e-12);
    QVERIFY(!s0.pinned->calibrated && !s0.pinned->servingCalibration);
    QCOMPARE(s1.servingCalibrations.size(), std::size_t(1));
    const auto noted = std::find_if(s1.notes.begin(), s1.notes.end(),
        [](const core::Message& m) { return m.id() == core::msg::noteServingCalibrated.id; });
    QVERIFY(noted != s1.notes.end());
    QCOMPARE(noted->text(),
        std::string("serving on H200-SXM-141GB with SGLang for dense GQA models uses factors fitted to "
                    "datacrunch_h200_llama_3_3_70b_online_output.jsonl (sglang, imported 2026-12-03); other GPUs, "
                    "model families and engines keep the shipped factors"));

    serve.hardware->gpu = "H100-SXM-80GB";
    const core::Plan h100 = test::plan(serve, with);
    QVERIFY(!h100.pinned->calibrated && !h100.pinned->servingCalibration);
    QVERIFY(std::any_of(h100.notes.begin(), h100.notes.end(),
        [](const core::Message& m) { return m.id() == core::msg::noteServingCalibratedElsewhere.id; }));
    serve.hardware->gpu = "H200-SXM-141GB";
    serve.inference->engine = core::ServingEngine::Vllm;
    QVERIFY(!test::plan(serve, with).pinned->servingCalibration);
}

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
