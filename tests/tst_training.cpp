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
    void perOpCheckpointingRecomputesHalfTheAttentionAndAThirdOfTheMlp();
    void pipelineBubble();
    void mfuDefinition();
    void recomputeAddsHardwareFlopsOnly();
    void loraFlops();
    void goodputYoung_data();
    void goodputYoung();
    void growsWithTokens();
    void noNanOrNegative();
    void searchRespectsPins();
    void searchFindsHandWorkedOptimum_data();
    void searchFindsHandWorkedOptimum();
    void searchNeverChangesPins();
    void goodputLossShares_data();
    void goodputLossShares();
    void fp8QuantizationTraffic();
    void fsdpGathersHiddenBehindCompute();
    void collectiveBandwidthAcrossNodes();
    void moeDispatchAndOverhead();
    void expertAllToAllOverlap();
};

namespace {
/// A GPU where nothing but FLOPs and latencies takes time: 1 PFLOP/s BF16, bandwidths of 1 EB/s, all efficiencies 1,
/// the ridge point 0 (every GEMM shape at full rate). Step times on it can be worked out by hand.
core::GpuSpec idealGpu()
{
    core::GpuSpec g;
    g.id = "ideal";
    g.architecture = "test";
    g.memoryBytes = 1e15;
    g.memoryBandwidth = 1e18;
    g.peakFlops[core::Precision::BF16] = 1e15;
    g.intraBandwidth = 1e18;
    g.interBandwidth = 1e18;
    g.maxGpusPerNode = 8;
    return g;
}

core::Efficiency idealEfficiency(double latencyS)
{
    core::Efficiency e;
    e.gemm = e.trainGemm = e.trainGemmBf16 = e.trainingGemm = e.attention = e.memoryBandwidth = e.linkBandwidth = 1.0;
    e.gemmShapeHalf = 0;
    e.linkLatencyS = e.networkLatencyS = latencyS;
    e.moeExpertOverheadS = 0;
    return e;
}

/// 8 layers of hidden 1024 (8 heads of 128, MHA), a plain 4096-wide MLP, a 1024-token vocabulary, 1024-token sequences.
core::ModelArch smallModel()
{
    core::ModelArch m;
    m.id = "small";
    m.layers = 8;
    m.hidden = 1024;
    m.heads = m.kvHeads = 8;
    m.ffnHidden = 4096;
    m.vocab = 1024;
    m.seqLen = 1024;
    return m;
}
} // namespace

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
    // One micro-batch: everything but the bubble, the once-per-step data-parallel reduction and the optimizer.
    auto perMicroBatch = [](const core::TrainingEstimate& x) {
        return (x.computeS + x.elementwiseS + x.tpCommS + x.cpCommS + x.ppCommS + x.epCommS + x.moeOverheadS) / 96.0;
    };
    GP_COMPARE_REL(e.bubbleS, 7.0 * perMicroBatch(e), 1e-9); // (p−1)/m · m · t_mb
    l.interleave = 2;
    const auto v2 = core::estimateTraining(m, s, test::gpu("A100-SXM-80GB"), l);
    GP_COMPARE_REL(v2.bubbleS, 7.0 / 2.0 * perMicroBatch(v2), 1e-9); // (p−1)/v · t_mb
}

// torchtitan's per-op checkpointing runs again the forward of k and o and of the SwiGLU's up projection (every second
// matmul of q, k, v, o, gate, up, down). Llama-3.1-70B, per layer: q and o 8192² = 67,108,864 each, k and v 8192 × 1024
// = 8,388,608 each, gate, up and down 8192 × 28672 = 234,881,024 each. Recomputed: 8,388,608 + 67,108,864 + 234,881,024
// = 310,378,496 parameters, 2 FLOPs each, × 80 layers = 49,660,559,360 FLOPs per token more than without recompute,
// none of it model FLOPs.
void TestTraining::perOpCheckpointingRecomputesHalfTheAttentionAndAThirdOfTheMlp()
{
    const auto& m = test::model("llama-3.1-70b");
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.globalBatchSequences = 64;
    core::ParallelLayout l;
    l.dp = 64;
    l.zeroStage = 3;
    const auto& g = test::gpu("H100-SXM-80GB");
    const auto none = core::estimateTraining(m, s, g, l);
    l.recompute = core::Recompute::Op;
    const auto op = core::estimateTraining(m, s, g, l);
    GP_COMPARE_REL(op.hardwareFlopsPerToken - none.hardwareFlopsPerToken, 49'660'559'360.0, 1e-9);
    QCOMPARE(op.flopsPerToken, none.flopsPerToken);
    // The time grows by those GEMMs and one more forward of the elementwise work; full recompute costs more.
    QVERIFY(op.computeS > none.computeS);
    QVERIFY(op.elementwiseS > none.elementwiseS);
    l.recompute = core::Recompute::Full;
    const auto full = core::estimateTraining(m, s, g, l);
    QVERIFY(full.computeS > op.computeS);
    QVERIFY(full.memory.activations < op.memory.activations);
    QVERIFY(op.memory.activations < none.memory.activations);
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

void TestTraining::searchFindsHandWorkedOptimum_data()
{
    QTest::addColumn<QString>("degree");
    QTest::addColumn<double>("latency");
    QTest::addColumn<int>("expected");
    // Interleaving, on the ideal GPU (only FLOPs and latencies take time): the small model over pp 2, tp = dp = 1,
    // micro-batch 1, global batch 8, so m = 8 and each stage holds 4 layers: v ∈ {4, 2, 1}.
    // One micro-batch's compute on a stage, C: 6 FLOPs per parameter per token over the stage's half of the blocks
    // (8 · (4·1024² + 2·1024·4096) / 2 = 50 331 648 parameters) and the whole output head (1024 · 1024 = 1 048 576,
    // last stage), + fused causal attention at half of its 6·L·s·(q + v) / p = 50 331 648 FLOPs per token:
    // (6 · 51 380 224 + 25 165 824) · 1024 tokens / 1e15 = 3.4146e-4 s.
    // Pipeline sends: 2 per micro-batch without interleaving (the bytes take no time here), 2·v latencies with it.
    // step(v) = (m + (p−1)/v) · (C + sends): step(1) = 9 (C + 2λ), step(2) = 8.5 (C + 4λ), step(4) = 8.25 (C + 8λ).
    // step(2) < step(1) ⟺ C > 32 λ; step(4) < step(2) ⟺ C > 128 λ.
    QTest::addRow("interleave, λ = 1 µs: C > 128 λ") << QStringLiteral("interleave") << 1e-6 << 4;
    QTest::addRow("interleave, λ = 5 µs: 32 λ < C < 128 λ") << QStringLiteral("interleave") << 5e-6 << 2;
    QTest::addRow("interleave, λ = 20 µs: C < 32 λ") << QStringLiteral("interleave") << 20e-6 << 1;
    // Micro-batch: tp 2 without overlap, pp = dp = 1, global batch 16: each micro-batch pays 8 layers × 4 ring
    // all-reduces × 2(t−1) = 64 latencies whatever its size, so step = 16·C₁ + (16/b) · 64 λ: the largest micro-batch
    // that fits. The GPU holds micro-batches of 4, not of 8 (its memory is set between the two needs).
    QTest::addRow("micro-batch: the largest that fits") << QStringLiteral("micro_batch") << 5e-6 << 4;
    // Expert parallelism: the small model with 8 experts (top-2) in every layer on 8 GPUs, tp = pp = 1, ZeRO-1. The
    // experts' compute and optimizer work per GPU do not depend on ep; ep > 1 adds 4 all-to-alls per layer, each one
    // latency here whatever ep is (the bytes take no time). So ep 1 if it fits, else ep 2, 4 and 8 tie and the search
    // keeps the first, the smallest: the GPU is set to hold the experts split over 2, not all of them.
    QTest::addRow("expert parallel: the smallest that fits") << QStringLiteral("ep") << 5e-6 << 2;
}

void TestTraining::searchFindsHandWorkedOptimum()
{
    QFETCH(QString, degree);
    QFETCH(double, latency);
    QFETCH(int, expected);
    core::GpuSpec gpu = idealGpu();
    const core::Efficiency eff = idealEfficiency(latency);
    core::ModelArch m = smallModel();
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.recompute = core::Recompute::None;
    core::LayoutPins pins;
    pins.gpusPerNode = 8;
    int gpus = 2;
    if (degree == QLatin1String("interleave")) {
        s.globalBatchSequences = 8;
        s.microBatch = 1;
        pins.tp = 1;
        pins.pp = 2;
    } else if (degree == QLatin1String("micro_batch")) {
        s.globalBatchSequences = 16;
        s.tpCommOverlap = false;
        pins.tp = 2;
        pins.pp = 1;
        core::ParallelLayout l;
        l.tp = 2;
        l.sequenceParallel = true;
        l.microBatch = 4;
        const double four = core::trainingMemory(m, s, l).total();
        l.microBatch = 8;
        gpu.memoryBytes = (four + core::trainingMemory(m, s, l).total()) / 2;
    } else {
        m.experts = 8;
        m.expertsPerToken = 2;
        m.moeFfnHidden = 4096;
        gpus = 8;
        s.zeroStage = 1;
        s.microBatch = 1;
        s.globalBatchSequences = 8;
        pins.tp = 1;
        pins.pp = 1;
        core::ParallelLayout l;
        l.dp = 8;
        l.zeroStage = 1;
        const double all = core::trainingMemory(m, s, l).total();
        l.ep = 2;
        gpu.memoryBytes = (all + core::trainingMemory(m, s, l).total()) / 2;
    }
    const core::LayoutPins p = [&] {
        core::LayoutPins x = pins;
        x.microBatch = s.microBatch;
        x.zeroStage = s.zeroStage;
        x.recompute = s.recompute;
        return x;
    }();
    const auto e = core::bestTrainingLayout(m, s, gpu, gpus, p, eff);
    QVERIFY(e.fit.fits);
    const int chosen = degree == QLatin1String("interleave") ? e.layout.interleave
        : degree == QLatin1String("micro_batch")             ? e.layout.microBatch
                                                             : e.layout.ep;
    QCOMPARE(chosen, expected);
}

void TestTraining::searchNeverChangesPins()
{
    // Every degree pinned is kept, whatever the search does with the others (MoE, long sequence, FSDP).
    const auto& m = test::model("qwen3-30b-a3b");
    const auto& g = test::gpu("H100-SXM-80GB");
    core::TrainingSpec s;
    s.tokens = 1e10;
    s.shardGroup = 8;
    s.microBatch = 2;
    s.recompute = core::Recompute::Full;
    s.recomputeShare = 0.5;
    core::HardwarePin pin;
    pin.gpu = g.id;
    pin.count = 64;
    pin.tp = 1;
    pin.cp = 2;
    pin.ep = 4;
    const auto pins = core::pinsFrom(s, &pin, g);
    QCOMPARE(*pins.zeroStage, 3); // a shard group is ZeRO-3
    const auto e = core::bestTrainingLayout(m, s, g, 64, pins, core::defaultEfficiency(g, core::Precision::BF16));
    QCOMPARE(e.layout.tp, 1);
    QCOMPARE(e.layout.cp, 2);
    QCOMPARE(e.layout.ep, 4);
    QCOMPARE(e.layout.zeroStage, 3);
    QCOMPARE(e.layout.shardGroup, 8);
    QCOMPARE(e.layout.microBatch, 2);
    QVERIFY(e.layout.recompute == core::Recompute::Full);
    QCOMPARE(e.layout.recomputeShare, 0.5);
    QCOMPARE(e.layout.gpus(), 64);
}

void TestTraining::goodputLossShares_data()
{
    QTest::addColumn<double>("gpus");
    QTest::addColumn<bool>("multiNode");
    QTest::addColumn<double>("stragglers");
    // The Llama 3 scale of goodputYoung (goodput 0.901169 before stragglers): restarts λ·R = 0.359568 · 0.25 =
    // 0.089892; lost work λ·τ/2 = 0.359568 · 0.024860 / 2 = 0.004470; checkpoints C/τ = 1.111e-4 / 0.024860 = 0.004470;
    // stragglers 0.104 for a run across nodes (Lin et al. 2025). Inside one node: none.
    QTest::addRow("16384 GPUs across nodes") << 16384.0 << true << 0.104;
    QTest::addRow("8 GPUs in one node") << 8.0 << false << 0.0;
}

void TestTraining::goodputLossShares()
{
    QFETCH(double, gpus);
    QFETCH(bool, multiNode);
    QFETCH(double, stragglers);
    core::GoodputLoss loss;
    const double g = core::goodput(gpus, 0.4, nullptr, multiNode, &loss);
    GP_COMPARE_REL(g + loss.total(), 1.0, 1e-12); // every hour is either goodput or one of the losses
    QCOMPARE(loss.stragglers, stragglers);
    if (gpus > 1000) {
        GP_COMPARE_REL(loss.restarts, 0.089892, 2e-5);
        GP_COMPARE_REL(loss.lostWork, 0.004470, 2e-4);
        GP_COMPARE_REL(loss.checkpoints, 0.004470, 2e-4);
        GP_COMPARE_REL(g, 0.901169 - 0.104, 2e-5);
    }
}

void TestTraining::fp8QuantizationTraffic()
{
    // FP8 quantizes every FP8 GEMM input: per token and layer of the small model (MHA, plain MLP) the forward inputs
    // h + q = 2048 (QKV, output projection) and h + f = 5120 (MLP), the backward output gradients q + 2·kv + h = 4096
    // and f + h = 5120: 16 384 elements, × 8 layers = 131 072 per token. Per-tensor current scaling reads each once
    // more for its amax (6 bytes an element) than delayed scaling (4): 2 bytes × 131 072 × 1024 tokens = 268 435 456
    // bytes more per micro-batch, at the ideal GPU's 1e18 B/s: 2.68435456e-10 s, over 8 micro-batches.
    core::GpuSpec gpu = idealGpu();
    gpu.peakFlops[core::Precision::FP8] = 2e15;
    core::ModelArch m = smallModel();
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.precision = core::Precision::FP8;
    s.globalBatchSequences = 8;
    core::ParallelLayout l;
    l.microBatch = 1;
    const core::Efficiency eff = idealEfficiency(0);
    s.fp8Recipe = core::Fp8Recipe::Delayed;
    const auto delayed = core::estimateTraining(m, s, gpu, l, eff, false);
    s.fp8Recipe = core::Fp8Recipe::Tensorwise;
    const auto tensorwise = core::estimateTraining(m, s, gpu, l, eff, false);
    GP_COMPARE_REL(tensorwise.elementwiseS - delayed.elementwiseS, 8 * 2.68435456e-10, 1e-9);
    // The output head and attention stay in BF16: the FP8 step is faster than the BF16 one, but not twice.
    s.precision = core::Precision::BF16;
    const auto bf16 = core::estimateTraining(m, s, gpu, l, eff, false);
    QVERIFY(delayed.computeS < bf16.computeS);
    QVERIFY(delayed.computeS > bf16.computeS / 2.0);
}

void TestTraining::fsdpGathersHiddenBehindCompute()
{
    // ZeRO-3 moves 3 × (g−1)/g of the local weights every micro-batch. With the links fast enough that is hidden behind
    // the micro-batch's compute: only the first layer's gather shows. With them slow it is exposed.
    const auto& m = test::model("llama-2-7b");
    auto g = test::gpu("H100-SXM-80GB");
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.globalBatchSequences = 64;
    core::ParallelLayout l;
    l.dp = 8;
    l.zeroStage = 3;
    l.microBatch = 2;
    const auto eff = core::defaultEfficiency(g, core::Precision::BF16);
    const auto fast = core::estimateTraining(m, s, g, l, eff, false);
    // Hidden: the exposed part is one layer's gather of 7/8 of a layer's weights at 2 bytes over NVLink.
    const double layerGather = 7.0 / 8.0 * fast.paramsTotal / 32 * 2.0 / (g.intraBandwidth * eff.linkBandwidth);
    QVERIFY(fast.dpCommS < 4 * (layerGather + 1e-3)); // 4 micro-batches, plus latencies
    g.intraBandwidth /= 1000;
    const auto slow = core::estimateTraining(m, s, g, l, eff, false);
    QVERIFY(slow.dpCommS > 10 * fast.dpCommS);
}

void TestTraining::collectiveBandwidthAcrossNodes()
{
    // H100 SXM: NVLink 450 GB/s per direction, 400 Gb/s = 50 GB/s of network per GPU; links reach 0.75 of it.
    const auto& g = test::gpu("H100-SXM-80GB");
    const auto eff = core::defaultEfficiency(g, core::Precision::BF16);
    // 8 ranks side by side in one node: NVLink, 0.75 × 450 = 337.5 GB/s.
    GP_COMPARE_REL(core::collectiveLink(g, eff, 8, 8, 1).bandwidth, 337.5e9, 1e-12);
    // 16 ranks side by side over 2 nodes: 8 members per node share 8 NICs, min(450, 8 × 50) = 400 → 300 GB/s.
    GP_COMPARE_REL(core::collectiveLink(g, eff, 8, 16, 1).bandwidth, 300e9, 1e-12);
    // Data parallelism under tp 8 (stride 8) over 16 nodes: one member per node, one NIC: 0.75 × 50 = 37.5 GB/s.
    GP_COMPARE_REL(core::collectiveLink(g, eff, 8, 16, 8).bandwidth, 37.5e9, 1e-12);
    // Under tp 2 (stride 2): 4 members per node, 4 × 50 = 200 → 150 GB/s; network latency across nodes.
    const core::Link tp2 = core::collectiveLink(g, eff, 8, 64, 2);
    GP_COMPARE_REL(tp2.bandwidth, 150e9, 1e-12);
    QCOMPARE(tp2.latency, eff.networkLatencyS);
}

void TestTraining::moeDispatchAndOverhead()
{
    // The fitted MoE host time: MoE layers / pp × experts per GPU × it, per micro-batch.
    const auto& m = test::model("qwen3-30b-a3b");
    const auto& g = test::gpu("B200");
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.globalBatchSequences = 64;
    core::ParallelLayout l;
    l.dp = 8;
    l.ep = 8;
    l.zeroStage = 1;
    l.microBatch = 1;
    auto eff = core::defaultEfficiency(g, core::Precision::BF16);
    eff.moeExpertOverheadS = 0.0003;
    const auto e = core::estimateTraining(m, s, g, l, eff, false);
    // 64 sequences over dp 8 at micro-batch 1: 8 micro-batches × 48 MoE layers × 128 / 8 = 16 experts per GPU ×
    // 0.3 ms = 1.8432 s.
    GP_COMPARE_REL(e.moeOverheadS, 1.8432, 1e-12);
    QVERIFY(e.epCommS > 0);
    // Half the expert-parallel degree holds twice the experts per GPU: twice the host time.
    l.ep = 4;
    const auto ep4 = core::estimateTraining(m, s, g, l, eff, false);
    GP_COMPARE_REL(ep4.moeOverheadS, 3.6864, 1e-12);
    // Combined 1F1B hides each micro-batch's all-to-alls under another's compute: inside one node they are far
    // shorter than the compute and vanish; nothing else moves.
    s.epCommOverlap = true;
    const auto hidden = core::estimateTraining(m, s, g, l, eff, false);
    QVERIFY(ep4.epCommS > 0);
    QCOMPARE(hidden.epCommS, 0.0);
    QCOMPARE(hidden.computeS, ep4.computeS);
    QCOMPARE(hidden.moeOverheadS, ep4.moeOverheadS);
}

void TestTraining::expertAllToAllOverlap()
{
    // DeepSeek-V3 at EP 32 over 4 B200 nodes (nv-2604-006a's layout): the all-to-alls cross the network and outlast
    // the compute; combined 1F1B leaves exposed only what the compute does not cover, per micro-batch and so per
    // step: max(0, a2a − compute).
    const auto& m = test::model("deepseek-v3");
    const auto& g = test::gpu("B200");
    core::TrainingSpec s;
    s.tokens = 1e12;
    s.globalBatchSequences = 4096;
    s.precision = core::Precision::FP8;
    core::ParallelLayout l;
    l.pp = 8;
    l.dp = 32;
    l.ep = 32;
    l.interleave = 2;
    l.zeroStage = 1;
    l.microBatch = 1;
    const auto eff = core::defaultEfficiency(g, core::Precision::FP8);
    const auto exposed = core::estimateTraining(m, s, g, l, eff, false);
    QVERIFY(exposed.epCommS > exposed.computeS);
    s.epCommOverlap = true;
    const auto overlapped = core::estimateTraining(m, s, g, l, eff, false);
    GP_COMPARE_REL(overlapped.epCommS, exposed.epCommS - exposed.computeS, 1e-9);
    QCOMPARE(overlapped.computeS, exposed.computeS);
    QVERIFY(overlapped.stepTimeS < exposed.stepTimeS);
    // The dispatcher: a token's 8 experts among 256 over 4 nodes of 64. DeepEP sends it once to each other node that
    // holds one of them, 3 × (1 − C(192, 8) / C(256, 8)) = 2.7107 nodes on average; a plain all-to-all sends each
    // copy whose expert is off the node, 8 × 24 / 32 = 6. The network carries the all-to-all (50 GB/s per GPU against
    // 900 GB/s of NVLink), so it takes 6 / 2.7107 = 2.2135 times as long.
    s.epCommOverlap = false;
    s.moeDispatcher = core::MoeDispatcher::AllToAll;
    const auto nccl = core::estimateTraining(m, s, g, l, eff, false);
    GP_COMPARE_REL(nccl.epCommS / exposed.epCommS, 2.2135, 0.01);
}

QTEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
