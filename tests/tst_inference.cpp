// Serving: the step model (roofline kernels, engine overheads), KV-cache capacity, the engines' batching, the
// operating point, worked by hand.
#include "core/engine.h"
#include "core/inference.h"
#include "testutil.h"

#include <algorithm>
#include <limits>
#include <memory>

using namespace gpuplan;

namespace {
core::Efficiency fixedEfficiency()
{
    core::Efficiency e;
    e.gemm = 0.8;
    e.gemmShapeHalf = 96;
    e.memoryBandwidth = 0.85;
    e.linkBandwidth = 0.75;
    e.attention = 0.5;
    return e;
}

/// Round factors for hand arithmetic: 85 % of HBM bandwidth for weights and KV alike, the roofline's max, no
/// per-layer cost, 0.6 ms a step.
const core::ServingParams& fixedParams()
{
    static const core::ServingParams params = [] {
        core::ServingParams p;
        p.bandwidthNvidia = 0.85;
        p.kvBandwidth = 1.0;
        p.gemmNvidia = 1.0;
        p.fp4 = 1.0;
        p.dequant = 1.0;
        p.overlap = 1.0;
        p.moe = 1.0;
        p.stepOverheadTrtllmS = 0.6e-3;
        p.stepOverheadVllmS = 0.6e-3;
        p.stepOverheadSglangS = 0.6e-3;
        p.layerOverheadS = 0;
        p.sequenceOverheadS = 0;
        p.expertGemmWidth = 0; // expert GEMMs at the large-matrix rate whatever their width
        return p;
    }();
    return params;
}

core::InferenceSpec spec(int prompt, int output, core::ServingEngine engine = core::ServingEngine::Trtllm)
{
    core::InferenceSpec s;
    s.promptTokens = prompt;
    s.outputTokens = output;
    s.engine = engine;
    return s;
}

/// One engine step of `model` on one `gpu` (TP 1) with the fixed efficiency, under `params`.
double oneStepS(const char* model, const core::InferenceSpec& s, const char* gpu, const core::ServingParams& params,
    const core::StepLoad& load)
{
    return core::stepSeconds(test::model(model), s, test::gpu(gpu), {1, 1, 1}, fixedEfficiency(), params, load);
}

} // namespace

class TestInference : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decodeIsMemoryBound();
    void maxConcurrencyAndTheEngineCap();
    void engineDefaults_data();
    void engineDefaults();
    void kvHeadsReplicateBeyondTp();
    void latentKvUnderAttentionDataParallel();
    void mixedStepsCarryPrefillChunks();
    void wavesRunPrefillAsABurst();
    void aFiniteBurstEndsWithAPartialWave();
    void smallAllReducesTakeTheOneShotPath();
    void fp4IsAPrecision();
    void operatingPointMeetsSlo();
    void throughputGrowsWithBatch();
    void fp8HalvesWeights();
    void speculationAtTwoPointFiveTokens();
    void speculationStopsPayingAtLargeBatches();
    void draftModelIsChargedWhole();
    void prefixHitHalvesPrefill();
    void loraAdaptersMemoryAndColdLoads();
    void twoBucketLengthMix();
    void eachRunningSequenceCostsTheEngine();
    void narrowExpertsRunSlower();
    void attentionDpKeepsDenseLayersWhole();
    void servingRatesAreWhatTheStepRunsAt();
};

void TestInference::decodeIsMemoryBound()
{
    // Llama-3.1-8B bf16 on one H100 SXM, one sequence at a context of 192 tokens. The step reads every weight a
    // token is multiplied by once: all parameters but the input embedding (a look-up), 8 030 261 248 − 128 256 · 4096
    // = 7 504 924 672 · 2 B = 15 009 849 344 B, and the KV cache, 192 · 131 072 = 25 165 824 B; at 85 % of 3.35 TB/s
    // = 2.8475e12 B/s that is 5.28008 ms (the 15 GFLOP take 19 µs at 80 % of 989.5 TFLOP/s: memory-bound), + 0.6 ms.
    core::StepLoad load;
    load.decodes = 1;
    load.decodeContext = 192;
    const double step = oneStepS("llama-3.1-8b", spec(128, 128), "H100-SXM-80GB", fixedParams(), load);
    GP_COMPARE_REL(step, (15'009'849'344.0 + 25'165'824.0) / 2.8475e12 + 0.6e-3, 1e-9);
}

void TestInference::maxConcurrencyAndTheEngineCap()
{
    // 90 % of 80 GiB = 77 309 411 328 B; minus weights 16 060 522 496 = 61 248 888 832 B of KV; a sequence holds on
    // average 192 tokens · 131 072 B = 25 165 824 B → 2 433 sequences fit where blocks are allocated as tokens arrive.
    // TensorRT-LLM reserves each request's whole 256 tokens on admission (GUARANTEED_NO_EVICT), 33 554 432 B → 1 825,
    // below its max_batch_size of 2 048: memory sets its operating point. vLLM runs at most 1 024 on an H100
    // (max_num_seqs): there the engine, not memory, does.
    const auto trt = core::estimateInference(test::model("llama-3.1-8b"), spec(128, 128), test::gpu("H100-SXM-80GB"),
        {1, 1, 1}, fixedEfficiency(), 0, &fixedParams());
    QCOMPARE(trt.maxConcurrency, 1825);
    QCOMPARE(trt.limitedBy, std::string("memory"));
    const auto vllm = core::estimateInference(test::model("llama-3.1-8b"), spec(128, 128, core::ServingEngine::Vllm),
        test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), 0, &fixedParams());
    QCOMPARE(vllm.maxConcurrency, 1024);
    QCOMPARE(vllm.limitedBy, std::string("engine"));
    // The plan says which engines count sequences at their full length.
    const auto says = [](const core::InferenceEstimate& e) {
        return std::any_of(e.assumptions.begin(), e.assumptions.end(),
            [](const core::Message& m) { return m.id() == "assume.engine_reserves"; });
    };
    QVERIFY(says(trt));
    QVERIFY(!says(vllm));
    // SGLang caps by the KV pool only.
    const auto sglang
        = core::estimateInference(test::model("llama-3.1-8b"), spec(128, 128, core::ServingEngine::Sglang),
            test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), 0, &fixedParams());
    QCOMPARE(sglang.maxConcurrency, 2433);
    QCOMPARE(sglang.limitedBy, std::string("memory"));
}

void TestInference::engineDefaults_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("budget");
    QTest::addColumn<int>("sequences");
    QTest::addColumn<bool>("mixed");
    // vllm/engine/arg_utils.py: ≥ 70 GiB and not an A100 → 8192 / 1024, else 2048 / 256.
    QTest::addRow("vllm H100") << "vllm"
                               << "H100-SXM-80GB" << 8192 << 1024 << true;
    QTest::addRow("vllm A100 80GB") << "vllm"
                                    << "A100-SXM-80GB" << 2048 << 256 << true;
    QTest::addRow("vllm L40S 48GB") << "vllm"
                                    << "L40S" << 2048 << 256 << true;
    // sglang server_args.py: chunked_prefill_size by memory: < 35 GB 2048, < 60 GB 4096, < 160 GB 8192, else 16384.
    QTest::addRow("sglang T4 16GB") << "sglang"
                                    << "T4" << 2048 << (1 << 20) << false;
    QTest::addRow("sglang L40S 48GB") << "sglang"
                                      << "L40S" << 4096 << (1 << 20) << false;
    QTest::addRow("sglang H200 141GB") << "sglang"
                                       << "H200-SXM-141GB" << 8192 << (1 << 20) << false;
    QTest::addRow("sglang MI300X 192GB") << "sglang"
                                         << "MI300X" << 16384 << (1 << 20) << false;
    // perf-benchmarking.md: max_batch_size 2048, max_num_tokens 8192.
    QTest::addRow("trtllm B200") << "trtllm"
                                 << "B200" << 8192 << 2048 << true;
}

void TestInference::engineDefaults()
{
    QFETCH(QString, engine);
    QFETCH(QString, gpu);
    QFETCH(int, budget);
    QFETCH(int, sequences);
    QFETCH(bool, mixed);
    const auto e = core::parseServingEngine(engine.toStdString());
    QVERIFY(e);
    const auto d = core::engineDefaults(*e, test::gpu(gpu.toStdString().c_str()));
    QCOMPARE(d.tokenBudget, budget);
    QCOMPARE(d.maxSequences, sequences);
    QCOMPARE(d.mixedBatches, mixed);
    QVERIFY(!d.source.empty());
    QVERIFY(core::parseServingEngine("TensorRT-LLM") == std::optional(core::ServingEngine::Trtllm));
    QVERIFY(!core::parseServingEngine("tgi"));
}

void TestInference::kvHeadsReplicateBeyondTp()
{
    // Llama-3.1-70B has 8 KV heads: at tp 8 each GPU holds one (1/8 of the KV); tp 16 cannot split further,
    // so each GPU still holds one head: per-GPU KV stays at 327 680 / 8 = 40 960 B per token.
    const auto& m = test::model("llama-3.1-70b");
    const auto tp8 = core::estimateInference(m, spec(128, 128), test::gpu("H100-SXM-80GB"), {8, 1, 1});
    QCOMPARE(tp8.kvBytesPerTokenPerGpu, 40960.0);
    core::InferenceLayout l16 {16, 1, 1};
    const auto tp16 = core::estimateInference(m, spec(128, 128), test::gpu("H100-SXM-80GB"), l16);
    QCOMPARE(tp16.kvBytesPerTokenPerGpu, 40960.0);
}

void TestInference::latentKvUnderAttentionDataParallel()
{
    // DeepSeek-R1's latent cache, 61 layers · (512 + 64) · 1 B at FP8 = 35 136 B per token, is the same on every GPU
    // of a tp group (it cannot be split by heads); under attention data parallelism each GPU keeps only its own
    // sequences, so 8 GPUs hold 8 × what one does: far more sequences than tp 8 alone, although every GPU then keeps
    // the attention weights whole (61 · 187 107 328 parameters of MLA projections ≈ 11.4 GB).
    auto s = spec(1024, 1024);
    s.weightPrecision = core::Precision::FP8;
    s.kvPrecision = core::Precision::FP8;
    const auto& m = test::model("deepseek-r1");
    core::InferenceLayout tp {8, 1, 1};
    core::InferenceLayout dep = tp;
    dep.ep = 8;
    dep.attentionDp = true;
    const auto a = core::estimateInference(m, s, test::gpu("H200-SXM-141GB"), tp, fixedEfficiency(), 0, &fixedParams());
    const auto b
        = core::estimateInference(m, s, test::gpu("H200-SXM-141GB"), dep, fixedEfficiency(), 0, &fixedParams());
    QCOMPARE(a.kvBytesPerTokenPerGpu, 35136.0);
    QCOMPARE(b.kvBytesPerTokenPerGpu, 35136.0);
    QVERIFY2(b.maxConcurrency > 5 * a.maxConcurrency,
        qPrintable(QStringLiteral("%1 vs %2").arg(b.maxConcurrency).arg(a.maxConcurrency)));
    QVERIFY(b.throughputTokensPerS > a.throughputTokensPerS);
}

void TestInference::mixedStepsCarryPrefillChunks()
{
    // vLLM at 64 sequences of 1024 + 256 tokens: each step emits 64 tokens, so 64 / 256 requests finish and
    // f = 64 · 1024 / 256 = 256 prompt tokens must be prefilled per step. Prompts go whole (1024 ≤ 8192 − 64), so a
    // quarter of the steps (256 / 1024) carry one: mean TPOT = ¾ plain + ¼ loaded; the p99 inter-token gap is a loaded
    // step; throughput = 64 / TPOT.
    const auto& m = test::model("llama-3.1-8b");
    const auto s = spec(1024, 256, core::ServingEngine::Vllm);
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 64, &fixedParams());
    const double context = 1024 + 256 / 2.0;
    const double plain = core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {64, context, 0, 0});
    const double loaded
        = core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {64, context, 1024, 512});
    GP_COMPARE_REL(e.tpotMs, (0.75 * plain + 0.25 * loaded) * 1e3, 1e-9);
    GP_COMPARE_REL(e.itlP99Ms, loaded * 1e3, 1e-9);
    GP_COMPARE_REL(e.throughputTokensPerS, 64 / (0.75 * plain + 0.25 * loaded), 1e-9);
    QVERIFY(loaded > plain);
    // SGLang runs the same prefill as batches of its own between decode steps: TPOT = plain + (256 / 1024) · prefill.
    const auto sg = spec(1024, 256, core::ServingEngine::Sglang);
    const auto g = core::estimateInference(m, sg, gpu, {1, 1, 1}, fixedEfficiency(), 64, &fixedParams());
    const double plainSg
        = core::stepSeconds(m, sg, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {64, context, 0, 0});
    const double prefill
        = core::stepSeconds(m, sg, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {0, 0, 1024, 512});
    GP_COMPARE_REL(g.tpotMs, (plainSg + 0.25 * prefill) * 1e3, 1e-9);
}

void TestInference::wavesRunPrefillAsABurst()
{
    // A fixed-length benchmark at 32 sequences of 3200 + 800 tokens: 32 · 3200 = 102 400 prompt tokens run first as
    // ⌈102 400 / 8192⌉ = 13 prefill steps of 8192 tokens, then 800 decode steps of 32; the average request's first
    // token comes halfway through the burst (plus half a prefill step).
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(3200, 800, core::ServingEngine::Vllm);
    s.waves = true;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 32, &fixedParams());
    const double prefill
        = core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {0, 0, 8192, 1600});
    const double decode = core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {32, 3600, 0, 0});
    const double wave = 13 * prefill + 800 * decode;
    GP_COMPARE_REL(e.throughputTokensPerS, 32.0 * 800 / wave, 1e-9);
    GP_COMPARE_REL(e.ttftMs, (6.5 * prefill + 0.5 * prefill) * 1e3, 1e-9);
}

void TestInference::aFiniteBurstEndsWithAPartialWave()
{
    // 80 requests of 3200 + 800 tokens at 32 at once: waves of 32, 32 and 16. A wave of 32 is 13 prefill steps of
    // 8192 tokens and 800 decode steps of 32 (as above); the wave of 16 is ⌈16 · 3200 / 8192⌉ = 7 prefill steps and
    // 800 decode steps of 16. Each wave starts when the one before it ends; a request's first token comes halfway
    // through its own wave's prefill burst (plus half a step) after the waves before it.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(3200, 800, core::ServingEngine::Vllm);
    s.waves = true;
    s.burstRequests = 80;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 32, &fixedParams());
    const auto stepS = [&](core::StepLoad load) {
        return core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), load);
    };
    const double p = stepS({0, 0, 8192, 1600});
    const double w32 = 13 * p + 800 * stepS({32, 3600, 0, 0}), w16 = 7 * p + 800 * stepS({16, 3600, 0, 0});
    GP_COMPARE_REL(e.throughputTokensPerS, 80.0 * 800 / (2 * w32 + w16), 1e-9);
    GP_COMPARE_REL(e.ttftMs, (32 * 7 * p + 32 * (w32 + 7 * p) + 16 * (2 * w32 + 4 * p)) / 80 * 1e3, 1e-9);
    GP_COMPARE_REL(e.e2eP99Ms, (2 * w32 + w16) * 1e3, 1e-9);
    QCOMPARE(e.concurrency, 32);
    // Fewer requests than the engine would hold: one wave of all of them.
    s.burstRequests = 20;
    const auto one = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 32, &fixedParams());
    s.burstRequests = 0;
    const auto twenty = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 20, &fixedParams());
    QCOMPARE(one.concurrency, 20);
    GP_COMPARE_REL(one.throughputTokensPerS, twenty.throughputTokensPerS, 1e-12);
    // As many requests as an int holds, one at a time (a benchmark file may say so): whole waves of one, so the
    // throughput of one request alone, computed without a wave-by-wave loop.
    s.burstRequests = std::numeric_limits<int>::max();
    const auto many = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 1, &fixedParams());
    s.burstRequests = 0;
    const auto single = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 1, &fixedParams());
    GP_COMPARE_REL(many.throughputTokensPerS, single.throughputTokensPerS, 1e-9);
}

void TestInference::smallAllReducesTakeTheOneShotPath()
{
    // 8 GPUs, 16 KiB (a decode step of 1 token at h = 8192, 16-bit), 337.5 GB/s, 8 µs: one-shot 7 · 16384 / 337.5e9 +
    // 2 · 8 µs = 16.34 µs; the ring would pay 2 · 7 · 8 µs = 112 µs of latency alone.
    GP_COMPARE_REL(core::servingAllReduceS(16384, 8, 337.5e9, 8e-6), 7 * 16384 / 337.5e9 + 16e-6, 1e-12);
    // 256 MiB: the ring moves 2 · 7/8 of it, one-shot 7 ×: the ring wins.
    const double big = 256.0 * 1024 * 1024;
    GP_COMPARE_REL(core::servingAllReduceS(big, 8, 337.5e9, 8e-6), core::ringAllReduceS(big, 8, 337.5e9, 8e-6), 1e-12);
    QCOMPARE(core::servingAllReduceS(big, 1, 337.5e9, 8e-6), 0.0);
}

void TestInference::fp4IsAPrecision()
{
    // NVFP4: 4-bit values and one FP8 scale per 16 → 0.5 + 1/16 = 0.5625 bytes a weight; Blackwell multiplies in FP4,
    // Hopper dequantizes to FP8, Ampere to 16-bit.
    QCOMPARE(core::quantizedBytesPerParam(core::Precision::FP4), 0.5625);
    QVERIFY(core::parsePrecision("nvfp4") == std::optional(core::Precision::FP4));
    QVERIFY(core::parsePrecision("MXFP4") == std::optional(core::Precision::FP4));
    QVERIFY(test::gpu("B200").computePrecision(core::Precision::FP4) == core::Precision::FP4);
    QVERIFY(test::gpu("H100-SXM-80GB").computePrecision(core::Precision::FP4) == core::Precision::FP8);
    QVERIFY(test::gpu("A100-SXM-80GB").computePrecision(core::Precision::FP4) == core::Precision::FP16);
    // A serving GEMM on FP4 weights without FP4 tensor cores is weight-only (W4A16: TensorRT-LLM's W4A16_MXFP4 below
    // SM 100), the 16-bit math of INT4 weights, not Hopper's FP8; with FP4 tensor cores it multiplies in FP4.
    QVERIFY(core::mathPrecision(test::gpu("H100-SXM-80GB"), core::Precision::FP4) == core::Precision::FP16);
    QVERIFY(core::mathPrecision(test::gpu("H200-SXM-141GB"), core::Precision::FP4)
        == core::mathPrecision(test::gpu("H200-SXM-141GB"), core::Precision::INT4));
    QVERIFY(core::mathPrecision(test::gpu("B200"), core::Precision::FP4) == core::Precision::FP4);
    QVERIFY(core::mathPrecision(test::gpu("H100-SXM-80GB"), core::Precision::FP8) == core::Precision::FP8);
    QVERIFY(core::dequantized(test::gpu("H100-SXM-80GB"), core::Precision::FP4));
    QVERIFY(!core::dequantized(test::gpu("B200"), core::Precision::FP4));
}

void TestInference::operatingPointMeetsSlo()
{
    auto s = spec(1024, 256);
    s.slo.tpotP99Ms = 20;
    const auto e = core::estimateInference(
        test::model("llama-3.1-8b"), s, test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), 0, &fixedParams());
    QVERIFY(e.fit.fits);
    QCOMPARE(e.limitedBy, std::string("slo"));
    QVERIFY(e.tpotMs <= 20.0);
    QVERIFY(e.concurrency < e.maxConcurrency);
    // one more sequence would miss the target
    const auto over = core::estimateInference(test::model("llama-3.1-8b"), s, test::gpu("H100-SXM-80GB"), {1, 1, 1},
        fixedEfficiency(), e.concurrency + 1, &fixedParams());
    QVERIFY(over.tpotMs > 20.0);
}

void TestInference::throughputGrowsWithBatch()
{
    const auto& m = test::model("llama-2-7b");
    double previous = 0;
    for (int b : {1, 8, 32, 64}) {
        const auto e = core::estimateInference(
            m, spec(128, 128), test::gpu("A100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), b, &fixedParams());
        QVERIFY(e.throughputTokensPerS > previous);
        QVERIFY(e.ttftMs > 0 && e.tpotMs > 0);
        previous = e.throughputTokensPerS;
    }
}

void TestInference::fp8HalvesWeights()
{
    auto s = spec(512, 128);
    const auto& m = test::model("llama-3.1-70b");
    const auto bf16 = core::estimateInference(m, s, test::gpu("H100-SXM-80GB"), {4, 1, 1});
    s.weightPrecision = core::Precision::FP8;
    const auto fp8 = core::estimateInference(m, s, test::gpu("H100-SXM-80GB"), {4, 1, 1});
    QCOMPARE(fp8.weightsBytes * 2, bf16.weightsBytes);
    QVERIFY(fp8.maxConcurrency > bf16.maxConcurrency);
}

void TestInference::speculationAtTwoPointFiveTokens()
{
    // EAGLE with 3 drafts a step and 2.5 tokens out of a step on average, 4 requests of 128 + 250 tokens started
    // together (a wave): the prompts' 4 · 128 = 512 tokens are one prefill step, then a request needs 250 / 2.5 = 100
    // steps instead of 250. A step verifies 4 · 3 = 12 draft tokens beside the 4 decodes (16 tokens through the
    // target, its weights read once) and runs the draft head — one layer of the target's shape, no engine overhead
    // of its own — 3 times at 4 sequences. Mean context 128 + 250/2 = 253.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(128, 250, core::ServingEngine::Vllm);
    s.waves = true;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const core::InferenceEstimate plainRun
        = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 4, &fixedParams());
    core::Speculation sp;
    sp.method = core::Speculation::Method::Eagle;
    sp.draftTokens = 3;
    sp.acceptedTokens = 2.5;
    s.speculation = sp;
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 4, &fixedParams());
    const auto stepS = [&](const core::ModelArch& arch, const core::ServingParams& p, core::StepLoad load) {
        return core::stepSeconds(arch, s, gpu, {1, 1, 1}, fixedEfficiency(), p, load);
    };
    core::ModelArch head = m;
    head.layers = 1;
    core::ServingParams noStep = fixedParams();
    noStep.stepOverheadVllmS = noStep.stepOverheadSglangS = noStep.stepOverheadTrtllmS = 0;
    const double prefill = stepS(m, fixedParams(), {0, 0, 512, 64});
    const double verify = stepS(m, fixedParams(), {4, 253, 0, 0, 12}) + 3 * stepS(head, noStep, {4, 253, 0, 0});
    const double plain = stepS(m, fixedParams(), {4, 253, 0, 0});
    GP_COMPARE_REL(e.throughputTokensPerS, 4.0 * 250 / (prefill + 100 * verify), 1e-9);
    GP_COMPARE_REL(plainRun.throughputTokensPerS, 4.0 * 250 / (prefill + 250 * plain), 1e-9);
    GP_COMPARE_REL(e.speculationGain, (prefill + 250 * plain) / (prefill + 100 * verify), 1e-9);
    QCOMPARE(e.acceptedTokens, 2.5);
    // At 4 sequences the step reads the weights once for 16 tokens as for 4: it costs well under 2.5 plain steps, so
    // speculation pays.
    QVERIFY(verify < 2.5 * plain);
    QVERIFY(e.speculationGain > 1.5);
    // The head's weights: one layer (4 · 4096² · (1 + 1/4) attention … as countParams gives it) plus the 2h × h
    // projection, without the embedding and output head it shares with the target.
    const double layer = core::countParams(head).total - core::countParams(head).embedding;
    GP_COMPARE_REL(e.draftBytesPerGpu, (layer + 2.0 * 4096 * 4096) * 2, 1e-9);
}

void TestInference::speculationStopsPayingAtLargeBatches()
{
    // The verify pass runs (k + 1) tokens per sequence through every GEMM: at a large batch the step is compute-bound
    // and costs about (k + 1) = 4 plain steps for 2.5 tokens, so speculation lowers throughput (gain ≈ 2.5 / 4 < 1).
    // At one sequence the step is bound by reading the weights and costs little more than a plain one.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(128, 250, core::ServingEngine::Sglang);
    core::Speculation sp;
    sp.method = core::Speculation::Method::Eagle;
    sp.draftTokens = 3;
    sp.acceptedTokens = 2.5;
    s.speculation = sp;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto one = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 1, &fixedParams());
    const auto many = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 1024, &fixedParams());
    QVERIFY(one.speculationGain > 1.5);
    QVERIFY(many.speculationGain < 1.0);
    QVERIFY(many.speculationPaysUpTo > 1 && many.speculationPaysUpTo < 1024);
    // The plan says so.
    bool said = false;
    for (const auto& a : many.assumptions)
        said = said || a.id() == "assume.speculation_costs";
    QVERIFY(said);
}

void TestInference::draftModelIsChargedWhole()
{
    // Llama 3.2 1B drafting for Llama 3.1 8B: its own weights, embedding included (tied): 128 256 · 2048 =
    // 262 668 288; a layer: q and o 2048² each, k and v 2048 · 512 each (8 KV heads of 64), gate/up/down
    // 3 · 2048 · 8192, two norms of 2048 = 60 821 504, · 16 layers = 973 144 064; the final norm 2048: 1 235 814 400
    // parameters, 2 471 628 800 B in 16-bit on one GPU. Its KV (16 layers · 8 KV heads · 64 · 2 (K and V) · 2 B =
    // 32 768 B a token) adds to each sequence's.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(512, 128, core::ServingEngine::Sglang);
    core::Speculation sp;
    sp.method = core::Speculation::Method::DraftModel;
    sp.draftModel = "llama-3.2-1b";
    sp.draft = std::make_shared<const core::ModelArch>(test::model("llama-3.2-1b"));
    sp.draftTokens = 4;
    sp.acceptedTokens = 3;
    s.speculation = sp;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 8, &fixedParams());
    QCOMPARE(e.draftBytesPerGpu, 2471628800.0);
    // 8 sequences of 512 + 64 tokens: 8 · 576 · (131 072 + 32 768) B of KV.
    GP_COMPARE_REL(e.memory.kvCache, 8 * 576.0 * (131072 + 32768), 1e-12);
    GP_COMPARE_REL(e.memory.weights, e.weightsBytes + 2471628800.0, 1e-12);
    // TensorRT-LLM reserves the whole 512 + 128 tokens on admission, for the draft's KV as for the target's.
    s.engine = core::ServingEngine::Trtllm;
    const auto trt = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 8, &fixedParams());
    GP_COMPARE_REL(trt.memory.kvCache, 8 * 640.0 * (131072 + 32768), 1e-12);
}

void TestInference::prefixHitHalvesPrefill()
{
    // 2048-token prompts whose whole prompt is a cached prefix half the time. A hit still computes the prompt's last
    // token (vLLM recomputes it), so the prefill carries 0.5 · 1 + 0.5 · 2048 = 1024.5 tokens on average instead of
    // 2048: the linear work halves (1024.5 / 2048 = 0.50024). The attention work, Σ tokens × position, is
    // 0.5 · 1 · (2047 + 2048)/2 + 0.5 · 2048 · 1024 = 1 023.75 + 1 048 576 = 1 049 599.75 instead of 2048 · 1024 =
    // 2 097 152: it halves too (0.50049) — at the mean position 1 049 599.75 / 1024.5 of the tokens prefilled.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(2048, 128, core::ServingEngine::Sglang);
    s.prefix = core::PrefixCache {2048, 0.5};
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 8, &fixedParams());
    GP_COMPARE_REL(e.prefillShare, 1024.5 / 2048, 1e-12);
    const double halved = core::stepSeconds(
        m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {0, 0, 1024.5, 1049599.75 / 1024.5});
    GP_COMPARE_REL(e.prefillMs, halved * 1e3, 1e-9);
    const double whole = core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), {0, 0, 2048, 1024});
    QVERIFY(e.prefillMs < 0.55 * whole * 1e3);
    // KV: the prefix is kept once, 2048 · 131 072 B (Llama 3.1 8B: 2 · 32 layers · 8 KV heads · 128 · 2 B a token);
    // a hit keeps 1 + 64 tokens of its own on average, a miss 2048 + 64: 8 sequences hold 8 · 1088.5 tokens.
    GP_COMPARE_REL(e.sharedPrefixBytesPerGpu, 2048.0 * 131072, 1e-12);
    GP_COMPARE_REL(e.memory.kvCache, 8 * 1088.5 * 131072 + 2048.0 * 131072, 1e-12);
}

void TestInference::loraAdaptersMemoryAndColdLoads()
{
    // Llama 3.1 8B (h 4096, 32 query heads and 8 KV heads of 128, gated MLP of 14 336, 32 layers), rank 16 on every
    // projection: r · (in + out) each — q 4096 + 4096, k and v 4096 + 1024 each, o 4096 + 4096 = 26 624; gate, up and
    // down 3 · (4096 + 14 336) = 55 296; 81 920 a layer · 16 · 32 layers = 41 943 040 parameters = 83 886 080 B in
    // 16-bit = 80 MiB an adapter. 10 of 100 resident: 800 MiB; 90 % of requests wait 83 886 080 B / 25 GB/s =
    // 3.3554 ms for theirs.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(512, 128, core::ServingEngine::Sglang);
    core::LoraAdapters lora;
    lora.adapters = 100;
    lora.rank = 16;
    lora.resident = 10;
    s.lora = lora;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 4, &fixedParams());
    QCOMPARE(e.loraAdapterBytes, 83886080.0);
    QCOMPARE(e.loraResidentBytesPerGpu, 838860800.0);
    GP_COMPARE_REL(e.loraColdLoadMs, 3.3554432, 1e-12);
    // All resident: no cold loads; the steps are the same (4 sequences carry 100 · (1 − 0.99⁴) = 3.94 distinct
    // adapters, under both limits), so the mean TTFT differs by 0.9 · 3.3554 ms exactly.
    s.lora->resident = 100;
    const auto warm = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 4, &fixedParams());
    GP_COMPARE_REL(e.ttftMs - warm.ttftMs, 0.9 * 3.3554432, 1e-6);
    GP_COMPARE_REL(e.loraDistinctPerStep, 100 * (1 - std::pow(0.99, 4)), 1e-9);
    // Attention only: 26 624 · 16 · 32 = 13 631 488 parameters.
    s.lora->mlp = false;
    const auto attn = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 4, &fixedParams());
    QCOMPARE(attn.loraAdapterBytes, 13631488.0 * 2);
    // The resident adapters take KV room: fewer sequences fit than without them.
    const auto none = core::estimateInference(
        m, spec(512, 128, core::ServingEngine::Sglang), gpu, {1, 1, 1}, fixedEfficiency(), 4, &fixedParams());
    QVERIFY(warm.maxConcurrency < none.maxConcurrency);

    // The LoRA kernels' fixed cost: vLLM 0.5.0 on Llama-2-7B measured +3.42, +4.50, +4.11 and +2.56 ms of median
    // inter-token latency with one adapter against none (Agulló et al., arXiv 2508.08343, raw results): 3.6475 ms over
    // its 32 layers × 7 projections = 16.28 µs each. Llama 3.1 8B has the same 32 × 7: 3.6475 ms a step; attention
    // only 32 × 4 = 128 of them: 2.0843 ms; two pipeline stages hold 16 layers each: half.
    GP_COMPARE_REL(e.loraStepOverheadMs, 3.6475, 1e-9);
    GP_COMPARE_REL(attn.loraStepOverheadMs, 3.6475 * 128 / 224, 1e-9);
    GP_COMPARE_REL(core::loraStepOverheadS(m, *s.lora, 2), 3.6475e-3 * 64 / 224, 1e-9);
    // A decode step of 4 sequences at 640 tokens of context: with the adapters it is the step without them + that
    // fixed cost + reading the 3.94 distinct attention-only adapters (27.3 MB each) at 85 % of the H100's HBM bandwidth
    // (fixedParams; their FLOPs, 4 tokens' worth, hide under the read).
    core::StepLoad load;
    load.decodes = 4;
    load.decodeContext = 640;
    const auto plainSpec = spec(512, 128, core::ServingEngine::Sglang);
    const double plain = core::stepSeconds(m, plainSpec, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), load);
    const double withLora = core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), load);
    const double readS = 100 * (1 - std::pow(0.99, 4)) * 13631488.0 * 2 / (gpu.memoryBandwidth * 0.85);
    GP_COMPARE_REL(withLora - plain, 3.6475e-3 * 128 / 224 + readS, 1e-3);
}

void TestInference::twoBucketLengthMix()
{
    // 80 % of requests are 1000 + 100 tokens, 20 % are 4000 + 1000. Means: prompt 1600, output 280. A request stays
    // as many steps as its output, so the KV a sequence holds on average weighs each bucket by share × output:
    // (0.8 · 100 · (1000 + 50) + 0.2 · 1000 · (4000 + 500)) / (80 + 200) = 984 000 / 280 = 3514.3 tokens — twice
    // the 1600 + 140 of a request of mean lengths.
    const auto& m = test::model("llama-3.1-8b");
    auto s = spec(1600, 280, core::ServingEngine::Sglang);
    s.lengthMix = {{1000, 100, 0.8}, {4000, 1000, 0.2}};
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto e = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 16, &fixedParams());
    GP_COMPARE_REL(e.contextTokens, 984000.0 / 280, 1e-12);
    GP_COMPARE_REL(e.memory.kvCache, 16 * 984000.0 / 280 * 131072, 1e-12);
    // Capacity: 61 248 888 832 B of KV room (maxConcurrencyAndTheEngineCap) over 3 514.3 tokens · 131 072 B is 132.97
    // sequences for SGLang, which allocates as tokens arrive. TensorRT-LLM reserves each request's whole length on
    // admission, weighted the same way: (0.8 · 100 · 1 100 + 0.2 · 1 000 · 5 000) / 280 = 3 885.7 tokens → 120.26.
    QCOMPARE(e.maxConcurrency, 132);
    auto trtSpec = s;
    trtSpec.engine = core::ServingEngine::Trtllm;
    const auto trt = core::estimateInference(m, trtSpec, gpu, {1, 1, 1}, fixedEfficiency(), 16, &fixedParams());
    QCOMPARE(trt.maxConcurrency, 120);
    // Its 16 sequences take what they reserved from the KV pool, not what they hold so far: 16 · 1 088 000 / 280
    // tokens · 131 072 B (once shown as SGLang's 16 · 984 000 / 280, 10 % less).
    GP_COMPARE_REL(trt.memory.kvCache, 16 * 1088000.0 / 280 * 131072, 1e-12);
    // SGLang prefills a new prompt after the decode step under way: TTFT_b = ½ decode + prefill(P_b at P_b / 2). The
    // mean is 0.8 · TTFT_1000 + 0.2 · TTFT_4000; the p99 request is a long one (the top 20 % are all 4000-token
    // prompts), and its end-to-end time adds 999 TPOTs.
    const auto stepS = [&](core::StepLoad load) {
        return core::stepSeconds(m, s, gpu, {1, 1, 1}, fixedEfficiency(), fixedParams(), load);
    };
    const double decode = stepS({16, 984000.0 / 280, 0, 0});
    const double shortTtft = 0.5 * decode + stepS({0, 0, 1000, 500});
    const double longTtft = 0.5 * decode + stepS({0, 0, 4000, 2000});
    GP_COMPARE_REL(e.ttftMs, (0.8 * shortTtft + 0.2 * longTtft) * 1e3, 1e-9);
    GP_COMPARE_REL(e.ttftP99Ms, longTtft * 1e3, 1e-9);
    GP_COMPARE_REL(e.e2eP99Ms, (longTtft + 999 * e.tpotMs / 1e3) * 1e3, 1e-9);
    // Without the mix (every request of the mean lengths) the p99 is the mean: the mix's p99 TTFT is higher.
    const auto mean = core::estimateInference(
        m, spec(1600, 280, core::ServingEngine::Sglang), gpu, {1, 1, 1}, fixedEfficiency(), 16, &fixedParams());
    GP_COMPARE_REL(mean.ttftP99Ms, mean.ttftMs, 1e-12);
    QVERIFY(e.ttftP99Ms > mean.ttftP99Ms);

    // vLLM mixes prefill chunks into decode steps. With its token budget b the 16 sequences all decode (b · 280 /
    // (280 + 1600) > 16), and a long prompt waits half an average step (the TPOT), then takes n = ⌈4000 / (b − 16)⌉
    // steps, each carrying the 16 decodes and 4000 / n of its tokens at their mean position, 2000: those steps, not
    // the average one, make its TTFT (they once counted as average steps: 75 ms for a 4000-token prompt on 70B).
    s.engine = core::ServingEngine::Vllm;
    const auto v = core::estimateInference(m, s, gpu, {1, 1, 1}, fixedEfficiency(), 16, &fixedParams());
    const double room = v.engineDefaults.tokenBudget - 16;
    QVERIFY(room > 16);
    const double n = std::ceil(4000 / room);
    const double longVllm = 0.5 * v.tpotMs / 1e3 + n * stepS({16, 984000.0 / 280, 4000 / n, 2000});
    GP_COMPARE_REL(v.ttftP99Ms, longVllm * 1e3, 1e-9);
    QVERIFY(v.ttftP99Ms > 1.5 * v.tpotMs); // more than the wait and one average step
}

void TestInference::eachRunningSequenceCostsTheEngine()
{
    // The per-sequence cost is paid once per running sequence per step: 64 decodes at 0.1 ms each add 6.4 ms to the
    // step of decodeIsMemoryBound's model, and a step that also carries a prefill chunk pays for that request too.
    core::ServingParams p = fixedParams();
    core::StepLoad load;
    load.decodes = 64;
    load.decodeContext = 192;
    const auto step = [&](const core::ServingParams& params) {
        return oneStepS("llama-3.1-8b", spec(128, 128), "H100-SXM-80GB", params, load);
    };
    const double bare = step(p);
    p.sequenceOverheadS = 1e-4;
    GP_COMPARE_REL(step(p) - bare, 64 * 1e-4, 1e-9);
    load.prefillTokens = 256;
    load.prefillPosition = 128;
    p.sequenceOverheadS = 0;
    const double mixedBare = step(p);
    p.sequenceOverheadS = 1e-4;
    GP_COMPARE_REL(step(p) - mixedBare, 65 * 1e-4, 1e-9);
}

void TestInference::narrowExpertsRunSlower()
{
    // w / (w + w½) over the same at 8,192. Qwen3-30B-A3B's experts are 2,048 × 768: at w½ = 584 the rate is
    // (768 / 1,352) / (8,192 / 8,776) = 0.568047 / 0.933455 = 0.608543 of an 8,192-wide expert's; Llama 4
    // Maverick's 5,120 × 8,192 take (5,120 / 5,704) / 0.933455 = 0.961606; w½ = 0 leaves every width at 1.
    GP_COMPARE_REL(core::expertWidthEfficiency(768, 584), 0.608543, 1e-5);
    GP_COMPARE_REL(core::expertWidthEfficiency(5120, 584), 0.961606, 1e-5);
    QCOMPARE(core::expertWidthEfficiency(8192, 584), 1.0);
    QCOMPARE(core::expertWidthEfficiency(768, 0), 1.0);
    // In a step: a prefill chunk of 8,192 tokens through Qwen3-30B-A3B on one B200 is slower with narrow-expert
    // efficiency than without, and by less than the whole step divided by 0.61 (only the expert GEMMs slow down).
    core::ServingParams p = fixedParams();
    core::StepLoad load;
    load.prefillTokens = 8192;
    load.prefillPosition = 4096;
    const auto step = [&](const core::ServingParams& params) {
        return oneStepS("qwen3-30b-a3b", spec(8192, 128), "B200", params, load);
    };
    const double wide = step(p);
    p.expertGemmWidth = 584;
    const double narrow = step(p);
    QVERIFY2(
        narrow > wide * 1.05 && narrow < wide / 0.608543, qPrintable(QStringLiteral("%1 vs %2").arg(narrow).arg(wide)));
}

void TestInference::attentionDpKeepsDenseLayersWhole()
{
    // Qwen3-30B-A3B (Hugging Face config.json: hidden 2,048, 48 layers of 128 routed experts and no shared one,
    // vocabulary 151,936, input embedding and output head untied) on 8 GPUs, EP 8 with attention data parallelism.
    // Besides the attention, the parameters every token runs through are the embedding and head, 2 · 151,936 · 2,048
    // = 622,329,856, and the routers, 48 · 2,048 · 128 = 12,582,912: 634,912,768. TensorRT-LLM keeps them whole on
    // each GPU under attention DP (and vLLM's data-parallel ranks do); SGLang splits them over the 8 GPUs. In BF16 a
    // TensorRT-LLM GPU holds 634,912,768 · 2 B · (1 − 1/8) = 1,111,097,344 B more than an SGLang one.
    const auto& m = test::model("qwen3-30b-a3b");
    core::InferenceLayout l {8, 1, 1};
    l.ep = 8;
    l.attentionDp = true;
    const auto weights = [&](core::ServingEngine engine, const core::InferenceLayout& layout) {
        auto s = spec(1024, 1024, engine);
        s.weightPrecision = core::Precision::BF16;
        s.kvPrecision = core::Precision::BF16;
        return core::estimateInference(m, s, test::gpu("H100-SXM-80GB"), layout, fixedEfficiency(), 0, &fixedParams())
            .memory.weights;
    };
    const double trt = weights(core::ServingEngine::Trtllm, l), sglang = weights(core::ServingEngine::Sglang, l);
    GP_COMPARE_REL(trt - sglang, 1111097344.0, 1e-9);
    QCOMPARE(weights(core::ServingEngine::Vllm, l), trt);
    // Without attention DP every engine splits them alike.
    l.attentionDp = false;
    QCOMPARE(weights(core::ServingEngine::Trtllm, l), weights(core::ServingEngine::Sglang, l));
}

void TestInference::servingRatesAreWhatTheStepRunsAt()
{
    // The rates a plan states (the PDF's assumptions) are those the step model multiplies by. With an HBM factor of
    // 0.7, a GEMM factor of 0.9 and vLLM's kernels at 0.8 of TensorRT-LLM's: HBM 0.7 · 0.8 = 0.56, GEMMs 0.8 (the
    // efficiency) · 0.9 · 0.8 = 0.576, attention 0.5 · 0.8 = 0.4; TensorRT-LLM 0.7, 0.72 and 0.5.
    core::ServingParams p = fixedParams();
    p.bandwidthNvidia = 0.7;
    p.gemmNvidia = 0.9;
    p.kernelVllm = 0.8;
    p.stepOverheadVllmS = 1.5e-3;
    p.layerOverheadS = 1e-5;
    const auto& gpu = test::gpu("H100-SXM-80GB");
    const auto vllm = core::servingRates(gpu, spec(128, 128, core::ServingEngine::Vllm), fixedEfficiency(), p);
    GP_COMPARE_REL(vllm.bandwidth, 0.56, 1e-12);
    GP_COMPARE_REL(vllm.gemm, 0.576, 1e-12);
    GP_COMPARE_REL(vllm.attention, 0.4, 1e-12);
    QCOMPARE(vllm.stepOverheadS, 1.5e-3);
    QCOMPARE(vllm.layerOverheadS, 1e-5);
    const auto trt = core::servingRates(gpu, spec(128, 128), fixedEfficiency(), p);
    GP_COMPARE_REL(trt.bandwidth, 0.7, 1e-12);
    GP_COMPARE_REL(trt.gemm, 0.72, 1e-12);
    GP_COMPARE_REL(trt.attention, 0.5, 1e-12);
    // One vLLM decode of Llama-3.1-8B (decodeIsMemoryBound's bytes) at those rates: the weights and KV over
    // 0.56 · 3.35 TB/s, then 1.5 ms a step and 32 layers · 10 µs.
    core::StepLoad load;
    load.decodes = 1;
    load.decodeContext = 192;
    GP_COMPARE_REL(oneStepS("llama-3.1-8b", spec(128, 128, core::ServingEngine::Vllm), "H100-SXM-80GB", p, load),
        (15'009'849'344.0 + 25'165'824.0) / (0.56 * 3.35e12) + 1.5e-3 + 32 * 1e-5, 1e-9);
}

QTEST_APPLESS_MAIN(TestInference)
#include "tst_inference.moc"
