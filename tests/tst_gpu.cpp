// The GPU catalog: datasheet figures (dense), aliases, and the error for an unknown id.
#include "core/batch.h"
#include "core/gpu.h"
#include "testutil.h"

using namespace gpuplan;

class TestGpu : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void requiredIds();
    void denseDatasheetFigures_data();
    void denseDatasheetFigures();
    void aliases_data();
    void aliases();
    void chinaExportParts();
    void unknownListsClosest();
    void fallbackPrecision();
    void memoryIsGiB();
    void badCatalog_data();
    void badCatalog();
    void batchScaling_data();
    void batchScaling();
};

void TestGpu::requiredIds()
{
    for (const char* id : {"T4", "A10", "A10G", "L4", "L40S", "V100-SXM2-32GB", "A100-SXM-40GB", "A100-SXM-80GB",
             "A100-PCIe-80GB", "H100-SXM-80GB", "H100-PCIe-80GB", "H800-SXM-80GB", "H20-96GB", "A800-SXM-80GB",
             "H200-SXM-141GB", "B200", "B300", "MI300X", "MI325X", "MI355X"}) {
        auto g = test::gpus().find(id);
        QVERIFY2(g, id);
        QCOMPARE((*g)->id, std::string(id));
        QVERIFY(!(*g)->source.empty());
    }
}

void TestGpu::denseDatasheetFigures_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<double>("tflops");
    // Vendor sheets quote Ampere/Hopper/Ada tensor figures with 2:4 sparsity; dense is half.
    QTest::addRow("A100 bf16 (624 sparse)") << "A100-SXM-80GB"
                                            << "bf16" << 312.0;
    QTest::addRow("A100 tf32 (312 sparse)") << "A100-SXM-80GB"
                                            << "tf32" << 156.0;
    QTest::addRow("H100 SXM bf16 (1979 sparse)") << "H100-SXM-80GB"
                                                 << "bf16" << 989.5;
    QTest::addRow("H100 SXM fp8 (3958 sparse)") << "H100-SXM-80GB"
                                                << "fp8" << 1979.0;
    QTest::addRow("L4 fp16 (242 sparse)") << "L4"
                                          << "fp16" << 121.0;
    QTest::addRow("T4 fp16 (no sparsity on Turing)") << "T4"
                                                     << "fp16" << 65.0;
    QTest::addRow("MI300X bf16 (2614.9 sparse)") << "MI300X"
                                                 << "bf16" << 1307.4;
    QTest::addRow("H200 = H100 compute") << "H200-SXM-141GB"
                                         << "bf16" << 989.5;
    // China export parts: H20 148 BF16 / 296 FP8 dense (Baidu Baike table; dense per LMSYS/Ant Group 2025-09-26),
    // A800 = A100 80GB compute.
    QTest::addRow("H20 bf16 (dense as quoted)") << "H20-96GB"
                                                << "bf16" << 148.0;
    QTest::addRow("H20 fp8 (dense as quoted)") << "H20-96GB"
                                               << "fp8" << 296.0;
    QTest::addRow("A800 = A100 80GB compute") << "A800-SXM-80GB"
                                              << "bf16" << 312.0;
    // MI325X: the MI300X's 304 CDNA 3 CUs (ROCm gpu-arch-specs), so its peaks. MI355X: 256 CUs × 8,192 FP8 FLOP per
    // clock × 2.4 GHz = 5,033.2 TFLOPS; BF16 half, FP4 twice (dense; 20.1 PFLOPS FP4 is the sparse figure).
    QTest::addRow("MI325X = MI300X compute") << "MI325X"
                                             << "bf16" << 1307.4;
    QTest::addRow("MI355X fp8") << "MI355X"
                                << "fp8" << 5033.2;
    QTest::addRow("MI355X bf16") << "MI355X"
                                 << "bf16" << 2516.6;
    QTest::addRow("MI355X fp4 (20.1 PF sparse)") << "MI355X"
                                                 << "fp4" << 10066.3;
    // HGX B300 per GPU, dense | sparse (glennklockwood.com/garden/processors/B300): FP8 4,500 | 9,000 as B200 (DGX
    // B300's 72 PF of FP8 over 8 GPUs is the sparse 9,000); FP4 13,125 | 18,000; FP64 1.25, where B200 has 40.
    QTest::addRow("B300 fp8 = B200") << "B300"
                                     << "fp8" << 4500.0;
    QTest::addRow("B300 fp4 (18 PF sparse)") << "B300"
                                             << "fp4" << 13125.0;
    QTest::addRow("B300 fp64") << "B300"
                               << "fp64" << 1.25;
}

void TestGpu::denseDatasheetFigures()
{
    QFETCH(QString, id);
    QFETCH(QString, precision);
    QFETCH(double, tflops);
    const auto p = core::parsePrecision(precision.toStdString());
    const auto v = test::gpu(id.toUtf8().constData()).peak(*p);
    QVERIFY(v);
    GP_COMPARE_REL(*v, tflops * 1e12, 1e-9);
}

void TestGpu::aliases_data()
{
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("id");
    QTest::addRow("h100") << "h100"
                          << "H100-SXM-80GB";
    QTest::addRow("H100 upper case") << "H100"
                                     << "H100-SXM-80GB";
    QTest::addRow("a100-80gb") << "a100-80gb"
                               << "A100-SXM-80GB";
    QTest::addRow("A100-40GB") << "A100-40GB"
                               << "A100-SXM-40GB";
    QTest::addRow("canonical, mixed case") << "h200-sxm-141gb"
                                           << "H200-SXM-141GB";
    QTest::addRow("mi300x") << "mi300x"
                            << "MI300X";
    QTest::addRow("h20 is not h200") << "h20"
                                     << "H20-96GB";
    QTest::addRow("H200 is not H20") << "H200"
                                     << "H200-SXM-141GB";
    QTest::addRow("a800") << "a800"
                          << "A800-SXM-80GB";
}

void TestGpu::aliases()
{
    QFETCH(QString, alias);
    QFETCH(QString, id);
    auto g = test::gpus().find(alias.toStdString());
    QVERIFY(g);
    QCOMPARE(QString::fromStdString((*g)->id), id);
}

// The export cuts that decide plans on these parts: H20 4.0 TB/s and 96 GB (more bandwidth than an H100 SXM's
// 3.35); A800 NVLink 400 GB/s bidirectional = 200 GB/s a direction, against the A100's 300.
void TestGpu::chinaExportParts()
{
    const auto& h20 = test::gpu("H20-96GB");
    GP_COMPARE_REL(h20.memoryBandwidth, 4.0e12, 1e-12);
    QCOMPARE(h20.memoryBytes, 96.0 * 1024 * 1024 * 1024);
    const auto& a800 = test::gpu("A800-SXM-80GB");
    GP_COMPARE_REL(a800.intraBandwidth, 200e9, 1e-12);
    GP_COMPARE_REL(test::gpu("A100-SXM-80GB").intraBandwidth, 300e9, 1e-12);
}

void TestGpu::unknownListsClosest()
{
    auto g = test::gpus().find("H10-SXM");
    QVERIFY(!g);
    QVERIFY(g.error().code == core::ErrorCode::UnknownGpu);
    QVERIFY2(g.error().detail.find("H100-SXM-80GB") != std::string::npos, g.error().detail.c_str());
    QVERIFY(g.error().detail.find("\"H10-SXM\"") != std::string::npos);
}

void TestGpu::fallbackPrecision()
{
    QVERIFY(test::gpu("A100-SXM-80GB").computePrecision(core::Precision::FP8) == core::Precision::BF16);
    QVERIFY(test::gpu("V100-SXM2-32GB").computePrecision(core::Precision::BF16) == core::Precision::FP16);
    QVERIFY(test::gpu("H100-SXM-80GB").computePrecision(core::Precision::FP8) == core::Precision::FP8);
}

void TestGpu::memoryIsGiB()
{
    // "80 GB" of HBM is 80 GiB (an H100 80 GB reports 81 559 MiB usable of 81 920 MiB).
    QCOMPARE(test::gpu("H100-SXM-80GB").memoryBytes, 80.0 * 1024 * 1024 * 1024);
    QCOMPARE(test::gpu("H200-SXM-141GB").memoryBytes, 141.0 * 1024 * 1024 * 1024);
    // HBM bandwidth is decimal: 3.35 TB/s
    QCOMPARE(test::gpu("H100-SXM-80GB").memoryBandwidth, 3.35e12);
}

void TestGpu::badCatalog_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");
    const std::string head = R"({"schema":"gpuplan.gpus/1","gpus":[)";
    const std::string good
        = R"("vendor":"nvidia","architecture":"ampere","memory_gib":80,"memory_bandwidth_tbps":2,"tflops":{"fp32":19.5},"intra_node":{"link":"nvlink3","bandwidth_gbyte_s":300},"inter_node":{"link":"ib","bandwidth_gbit_s":200},"tdp_w":400,"source":"test")";
    auto replaced = [&](const std::string& from, const std::string& to) {
        std::string g = good;
        g.replace(g.find(from), from.size(), to);
        return g;
    };
    auto row = [](const char* name, const std::string& json, const char* expected) {
        QTest::newRow(name) << QString::fromStdString(json) << QString::fromUtf8(expected);
    };
    row("negative memory", head + R"({"id":"X",)" + replaced("\"memory_gib\":80", "\"memory_gib\":-80") + "}]}",
        "gpus.json:/gpus/0/memory_gib: must be a positive number, got -80");
    row("duplicate alias",
        head + R"({"id":"X","aliases":["x1"],)" + good + R"(},{"id":"Y","aliases":["x1"],)" + good + "}]}",
        "gpus.json:/gpus/1/aliases: name \"x1\" is already used by another GPU");
    row("wrong schema", R"({"schema":"gpuplan.gpus/9","gpus":[]})", "gpus.json:/schema: unsupported schema");
    row("not JSON", "{gpus", "gpus.json: not valid JSON at byte");
    row("string TDP", head + R"({"id":"X",)" + replaced("\"tdp_w\":400", "\"tdp_w\":\"400\"") + "}]}",
        "gpus.json:/gpus/0/tdp_w: must be a number, got \"400\"");
}

void TestGpu::badCatalog()
{
    QFETCH(QString, json);
    QFETCH(QString, expected);
    auto r = core::GpuCatalog::fromJson(json.toStdString(), "gpus.json");
    QVERIFY(!r);
    QVERIFY2(r.error().detail.rfind(expected.toStdString(), 0) == 0, r.error().detail.c_str());
}

void TestGpu::batchScaling_data()
{
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("bound");
    QTest::addColumn<double>("speedup");
    QTest::addColumn<bool>("fp64TensorCores");
    // fp64 on the vector units (CFD, the default): V100 7.8 TF → H100 SXM 34 TF (H100 datasheet: FP64 34,
    // FP64 Tensor Core 67)
    QTest::addRow("fp64 V100 → H100") << "V100-SXM2-32GB"
                                      << "H100-SXM-80GB" << 0 << 34.0 / 7.8 << false;
    // DGEMM-bound: V100 7.8 TF (no FP64 tensor cores) → H100 SXM 67 TF through FP64 tensor cores
    QTest::addRow("fp64 tensor V100 → H100") << "V100-SXM2-32GB"
                                             << "H100-SXM-80GB" << 0 << 67.0 / 7.8 << true;
    // fp32: T4 8.1 TF → L4 30.3 TF
    QTest::addRow("fp32 T4 → L4") << "T4"
                                  << "L4" << 1 << 30.3 / 8.1 << false;
    // tensor: A100 312 → H100 989.5 (bf16 dense)
    QTest::addRow("tensor A100 → H100") << "A100-SXM-80GB"
                                        << "H100-SXM-80GB" << 2 << 989.5 / 312.0 << false;
    // memory: A100 80 GB 2.039 TB/s → H200 4.8 TB/s
    QTest::addRow("memory A100 → H200") << "A100-SXM-80GB"
                                        << "H200-SXM-141GB" << 3 << 4.8 / 2.039 << false;
}

void TestGpu::batchScaling()
{
    QFETCH(QString, reference);
    QFETCH(QString, target);
    QFETCH(int, bound);
    QFETCH(double, speedup);
    QFETCH(bool, fp64TensorCores);
    core::BatchSpec s;
    s.fp64TensorCores = fp64TensorCores;
    s.referenceGpu = reference.toStdString();
    s.gpuHours = 100;
    s.bound = static_cast<core::BatchBound>(bound);
    const auto e
        = core::estimateBatch(s, test::gpu(reference.toUtf8().constData()), test::gpu(target.toUtf8().constData()), 4);
    GP_COMPARE_REL(e.speedup, speedup, 1e-9);
    GP_COMPARE_REL(e.gpuHours, 100 / speedup, 1e-9);
    GP_COMPARE_REL(e.wallHours, 100 / speedup / 4, 1e-9);
}

QTEST_APPLESS_MAIN(TestGpu)
#include "tst_gpu.moc"
