// Training step time: the pieces of the formula checked by hand, and properties over all presets and GPUs.
#include "core/efficiency.h"
#include "core/training.h"
#include "testutil.h"

using namespace gpuplan;

class TestTraining : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ringAllReduce_data();
    void ringAllReduce();
    void gemmShape();
    void pipelineBubble();
    void mfuDefinition();
    void recomputeAddsHardwareFlopsOnly();
    void loraFlops();
    void goodputYoung_data();
    void goodputYoung();
    void growsWithTokens();
    void noNanOrNegative();
    void searchRespectsPins();
};

void TestTraining::ringAllReduce_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<double>("latency");
    QTest::addColumn<double>("expected");
    // 2(k−1)/k · size/bw + 2(k−1)·latency
    QTest::addRow("8 GPUs, 1 GB, 100 GB/s, no latency") << 1e9 << 8 << 100e9 << 0.0 << 0.0175; // 14/8 · 0.01
    QTest::addRow("2 GPUs, 1 GB, 100 GB/s, 10 us") << 1e9 << 2 << 100e9 << 10e-6 << 0.01002;   // 0.01 + 2·10e-6
    QTest::addRow("one GPU: nothing to reduce") << 1e9 << 1 << 100e9 << 10e-6 << 0.0;
}

void TestTraining::ringAllReduce()
{
    QFETCH(double, bytes);
    QFETCH(int, k);
    QFETCH(double, bandwidth);
    QFETCH(double, latency);
    QFETCH(double, expected);
    QCOMPARE(core::ringAllReduceS(bytes, k, bandwidth, latency) + 1.0, expected + 1.0);
}

void TestTraining::gemmShape()
{
    core::Efficiency e;
    e.gemm = 0.8;
    e.gemmShapeHalf = 100;
    QCOMPARE(core::gemmEfficiency(e, 100), 0.4);                            // half of 0.8 at the half width
    QCOMPARE(core::gemmEfficiency(e, 900), 0.72);                           // 0.8 · 900/1000
    QVERIFY(core::gemmEfficiency(e, 8192) > core::gemmEfficiency(e, 1024)); // thin TP shards run slower
}

void TestTraining::pipelineBubble()
{
    // With p stages and m micro-batches the 1F1B bubble is (p−1)/m of the ideal time (Narayanan et al.
    // 2021 §2.2.1); interleaving v stages per GPU divides it by v.
    const auto& m = test::model("megatron-gpt-145.6b");
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.globalBatchSequences = 2304;
    core::ParallelLayout l;
    l.tp = 8;
    l.pp = 8;
    l.dp = 24; // 1536 GPUs as in Megatron Table 1
    l.microBatch = 1;
    l.sequenceParallel = true;
    l.gpusPerNode = 8;
    const auto e = core::estimateTraining(m, s, test::gpu("A100-SXM-80GB"), l);
    QCOMPARE(e.microBatchesPerStep, 96); // 2304 / (1 · 24)
    const double perMicroBatch = (e.computeS + e.elementwiseS + e.tpCommS + e.epCommS) / 96.0;
    GP_COMPARE_REL(e.bubbleS, 7.0 * perMicroBatch, 1e-9); // (p−1)/m · m · t_mb
    l.interleave = 2;
    const auto v2 = core::estimateTraining(m, s, test::gpu("A100-SXM-80GB"), l);
    GP_COMPARE_REL(v2.bubbleS, e.bubbleS / 2.0, 1e-9);
}

void TestTraining::mfuDefinition()
{
    // MFU = model FLOPs per second / (n · peak); tflops_per_gpu = MFU · peak. Checked on a pinned 7B run.
    const auto& m = test::model("llama-2-7b");
    core::TrainingSpec s;
    s.tokens = 2e12;
    s.globalBatchTokens = 4.0 * 1024 * 1024;
    core::ParallelLayout l;
    l.dp = 8;
    l.zeroStage = 1;
    const auto& g = test::gpu("A100-SXM-80GB");
    const auto e = core::estimateTraining(m, s, g, l);
    const double peak = 312e12; // A100 BF16 dense, NVIDIA A100 datasheet
    GP_COMPARE_REL(e.mfu, e.flopsPerToken * e.tokensPerSecond / (8 * peak), 1e-9);
    GP_COMPARE_REL(e.tflopsPerGpu, e.mfu * 312, 1e-9);
    GP_COMPARE_REL(e.gpuHours, e.wallHours * 8, 1e-12);
    GP_COMPARE_REL(e.wallHours, 2e12 / e.tokensPerSecond / 3600 / e.goodput, 1e-12);
    QVERIFY(e.mfu > 0.2 && e.mfu < 0.87);
}

void TestTraining::recomputeAddsHardwareFlopsOnly()
{
    // Full recompute runs the forward again: hardware FLOPs 8N instead of 6N (+ attention), model FLOPs
    // unchanged; so HFU = 4/3 · MFU exactly.
    const auto& m = test::model("llama-2-13b");
    core::TrainingSpec s;
    s.tokens = 1e10;
    core::ParallelLayout l;
    l.tp = 2;
    l.dp = 4;
    l.recompute = core::Recompute::Full;
    const auto e = core::estimateTraining(m, s, test::gpu("H100-SXM-80GB"), l);
    GP_COMPARE_REL(e.hardwareFlopsPerToken, e.flopsPerToken * 4.0 / 3.0, 1e-12);
    GP_COMPARE_REL(e.hfu, e.mfu * 4.0 / 3.0, 1e-12);
    l.recompute = core::Recompute::None;
    const auto none = core::estimateTraining(m, s, test::gpu("H100-SXM-80GB"), l);
    QCOMPARE(none.flopsPerToken, e.flopsPerToken);
    QVERIFY(none.stepTimeS < e.stepTimeS);
    QVERIFY(none.memory.activations > e.memory.activations);
}

void TestTraining::loraFlops()
{
    // LoRA: 4·N (no weight gradients for frozen weights) + the full attention term.
    const auto& m = test::model("llama-3.1-8b");
    core::TrainingSpec s;
    s.tokens = 1e8;
    s.method = core::FinetuneMethod::Lora;
    const auto e = core::estimateTraining(m, s, test::gpu("H100-SXM-80GB"), {});
    const double n = 8'030'261'248.0;
    const double attention = 12.0 * 32 * 4096 * 8192; // 12·L·h·s at the preset's 8192 sequence
    GP_COMPARE_REL(e.flopsPerToken, 4 * n + attention, 1e-9);
    QVERIFY(e.trainableParams < 0.01 * n);
}

void TestTraining::goodputYoung_data()
{
    QTest::addColumn<double>("gpus");
    QTest::addColumn<double>("writeS");
    QTest::addColumn<double>("interval");
    QTest::addColumn<double>("expected");
    // λ = n · 466 / (54 · 24 · 16 384) per hour (Llama 3: 466 interruptions in 54 days on 16 384 GPUs);
    // C = 36 s = 0.01 h; τ = √(2C/λ); lost = λ(0.25 + τ/2) + C/τ.
    // 16 384 GPUs: λ = 0.359568; τ = √(0.02/0.359568) = 0.235844 h;
    //   lost = 0.359568 · 0.367922 + 0.01/0.235844 = 0.132293 + 0.042401 = 0.174694
    QTest::addRow("16384 GPUs, 36 s checkpoints") << 16384.0 << 36.0 << 0.235844 << 0.825306;
    // 1 024 GPUs: λ = 0.022473; τ = √(0.02/0.022473) = 0.943375 h;
    //   lost = 0.022473 · 0.721688 + 0.01/0.943375 = 0.016218 + 0.010600 = 0.026819
    QTest::addRow("1024 GPUs, 36 s checkpoints") << 1024.0 << 36.0 << 0.943375 << 0.973181;
    // Llama 3's own job: 0.4 s checkpoints (≈ 0.4 GB per GPU at 1 GB/s): λR = 0.089892, √(2λC) = 0.008937
    //   τ = √(2 · 1.111e-4 / 0.359568) = 0.024860 h → goodput 0.901169: the paper reports "higher than 90 %".
    QTest::addRow("Llama 3 scale") << 16384.0 << 0.4 << 0.024860 << 0.901169;
}

void TestTraining::goodputYoung()
{
    QFETCH(double, gpus);
    QFETCH(double, writeS);
    QFETCH(double, interval);
    QFETCH(double, expected);
    double tau = 0;
    GP_COMPARE_REL(core::goodput(gpus, writeS, &tau), expected, 2e-5);
    GP_COMPARE_REL(tau, interval, 2e-5);
}

void TestTraining::growsWithTokens()
{
    // Property: time and GPU-hours grow (linearly) with tokens for every preset that fits on 64 H100s.
    for (const auto& m : test::models().all()) {
        core::TrainingSpec s;
        s.tokens = 1e10;
        const auto& g = test::gpu("H100-SXM-80GB");
        const auto pins = core::pinsFrom(s, nullptr, g);
        const auto a = core::bestTrainingLayout(m, s, g, 64, pins, core::defaultEfficiency(g, core::Precision::BF16));
        s.tokens = 3e10;
        const auto b = core::estimateTraining(m, s, g, a.layout);
        GP_COMPARE_REL(b.wallHours, 3 * a.wallHours, 1e-9);
        GP_COMPARE_REL(b.gpuHours, 3 * a.gpuHours, 1e-9);
        QVERIFY(b.totalFlops > a.totalFlops);
    }
}

void TestTraining::noNanOrNegative()
{
    // Property: no preset on any GPU, at any of a few counts, returns NaN, infinity or a negative time.
    for (const auto& m : test::models().all()) {
        core::TrainingSpec s;
        s.tokens = 1e9;
        for (const auto& g : test::gpus().all()) {
            for (int n : {1, 8, 64}) {
                const auto pins = core::pinsFrom(s, nullptr, g);
                const auto e = core::bestTrainingLayout(
                    m, s, g, n, pins, core::defaultEfficiency(g, g.computePrecision(s.precision)));
                for (double v : {e.stepTimeS, e.tokensPerSecond, e.mfu, e.hfu, e.wallHours, e.gpuHours,
                         e.memory.total(), e.totalFlops, e.bubbleS, e.dpCommS, e.tpCommS}) {
                    QVERIFY2(std::isfinite(v) && v >= 0,
                        qPrintable(QStringLiteral("%1 on %2 × %3")
                                       .arg(QString::fromStdString(m.id), QString::fromStdString(g.id))
                                       .arg(n)));
                }
                QVERIFY(e.stepTimeS > 0);
                QVERIFY(e.mfu < 1.0);
                QCOMPARE(e.layout.gpus(), n);
            }
        }
    }
}

void TestTraining::searchRespectsPins()
{
    const auto& m = test::model("llama-3.1-70b");
    core::TrainingSpec s;
    s.tokens = 1e10;
    s.zeroStage = 1;
    s.recompute = core::Recompute::Selective;
    core::HardwarePin pin;
    pin.gpu = "H100-SXM-80GB";
    pin.count = 64;
    pin.tp = 4;
    const auto& g = test::gpu("H100-SXM-80GB");
    const auto e = core::bestTrainingLayout(
        m, s, g, 64, core::pinsFrom(s, &pin, g), core::defaultEfficiency(g, core::Precision::BF16));
    QCOMPARE(e.layout.tp, 4);
    QCOMPARE(e.layout.zeroStage, 1);
    QVERIFY(e.layout.recompute == core::Recompute::Selective);
    QCOMPARE(e.layout.gpus(), 64);
    QVERIFY(e.fit.fits);
}

QTEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
