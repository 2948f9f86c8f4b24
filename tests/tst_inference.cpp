// Serving: decode roofline, KV-cache capacity and the operating point, worked by hand.
#include "core/inference.h"
#include "testutil.h"

using namespace gpuplan;

namespace {
core::Efficiency fixedEfficiency()
{
    core::Efficiency e;
    e.gemm = 0.8;
    e.gemmShapeHalf = 96;
    e.memoryBandwidth = 0.85;
    e.linkBandwidth = 0.75;
    e.decodeStepOverheadS = 0.6e-3;
    return e;
}

core::InferenceSpec spec(int prompt, int output)
{
    core::InferenceSpec s;
    s.promptTokens = prompt;
    s.outputTokens = output;
    return s;
}
} // namespace

class TestInference : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decodeIsMemoryBound();
    void maxConcurrency();
    void kvHeadsReplicateBeyondTp();
    void operatingPointMeetsSlo();
    void throughputGrowsWithBatch();
    void fp8HalvesWeights();
};

void TestInference::decodeIsMemoryBound()
{
    // Llama-3.1-8B bf16 on one H100 SXM at batch 1, prompt 128 + output 128 → average context 192:
    // bytes read = 8 030 261 248 · 2 (weights) + 192 · 131 072 (KV) = 16 085 688 320
    // HBM at 85 % of 3.35 TB/s = 2.8475e12 B/s → 5.6491 ms, + 0.6 ms per-step overhead.
    const auto s = spec(128, 128);
    const double step = core::decodeStepSeconds(
        test::model("llama-3.1-8b"), s, test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), 1, 192);
    GP_COMPARE_REL(step, 16'085'688'320.0 / 2.8475e12 + 0.6e-3, 1e-9);
}

void TestInference::maxConcurrency()
{
    // 90 % of 80 GiB = 77 309 411 328 B; minus weights 16 060 522 496 = 61 248 888 832 B of KV;
    // each sequence holds 192 tokens · 131 072 B = 25 165 824 B → 2 433 sequences.
    const auto e = core::estimateInference(
        test::model("llama-3.1-8b"), spec(128, 128), test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency());
    QCOMPARE(e.maxConcurrency, 2433);
    QVERIFY(e.fit.fits);
    QCOMPARE(e.limitedBy, std::string("memory"));
    QCOMPARE(e.concurrency, 2433);
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

void TestInference::operatingPointMeetsSlo()
{
    auto s = spec(1024, 256);
    s.slo.tpotP99Ms = 20;
    const auto e = core::estimateInference(
        test::model("llama-3.1-8b"), s, test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency());
    QVERIFY(e.fit.fits);
    QCOMPARE(e.limitedBy, std::string("slo"));
    QVERIFY(e.tpotMs <= 20.0);
    QVERIFY(e.concurrency < e.maxConcurrency);
    // one more sequence would miss the target
    const auto over = core::estimateInference(
        test::model("llama-3.1-8b"), s, test::gpu("H100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), e.concurrency + 1);
    QVERIFY(over.tpotMs > 20.0);
}

void TestInference::throughputGrowsWithBatch()
{
    const auto& m = test::model("llama-2-7b");
    double previous = 0;
    for (int b : {1, 8, 32, 64}) {
        const auto e
            = core::estimateInference(m, spec(128, 128), test::gpu("A100-SXM-80GB"), {1, 1, 1}, fixedEfficiency(), b);
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

QTEST_APPLESS_MAIN(TestInference)
#include "tst_inference.moc"
