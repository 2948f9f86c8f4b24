// Memory per GPU: the ZeRO paper's 2 + 2 + 12 bytes/param rule and Korthikanti et al.'s activations.
#include "core/inference.h"
#include "core/training.h"
#include "testutil.h"

using namespace gpuplan;
using test::GiB;

namespace {
/// A model whose only interesting property is its parameter count (states scale with N alone).
core::ModelArch modelWithParams(double params)
{
    core::ModelArch m;
    m.id = "n-params";
    m.layers = 32;
    m.hidden = 4096;
    m.ffnHidden = 11008;
    m.heads = 32;
    m.kvHeads = 32;
    m.vocab = 32000;
    m.seqLen = 2048;
    m.paramsOverride = params;
    return m;
}

core::TrainingSpec bf16Spec()
{
    core::TrainingSpec s;
    s.tokens = 1e9;
    s.precision = core::Precision::BF16;
    s.globalBatchSequences = 512;
    return s;
}
} // namespace

class TestMemory : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void trainingStates_data();
    void trainingStates();
    void fp32States();
    void activationsKorthikanti_data();
    void activationsKorthikanti();
    void activationsPerOpCheckpointing_data();
    void activationsPerOpCheckpointing();
    void activationsGatedGqa();
    void neverGrowsWithTpOrPp();
    void inferenceWeights_data();
    void inferenceWeights();
    void doesNotFitIsAResult();
};

void TestMemory::trainingStates_data()
{
    QTest::addColumn<double>("params");
    QTest::addColumn<int>("zeroStage");
    QTest::addColumn<int>("dp");
    QTest::addColumn<double>("expectedGB"); // weights + gradients + optimizer, 1e9 bytes
    // Mixed-precision Adam: 2 (bf16 weights) + 2 (bf16 grads) + 12 (fp32 master, m, v) = 16 bytes/param
    // (Rajbhandari et al. 2019, ZeRO, §3.1).
    QTest::addRow("7B, no ZeRO") << 7e9 << 0 << 8 << 112.0;       // 16 · 7e9
    QTest::addRow("7B, ZeRO-1 over 8") << 7e9 << 1 << 8 << 38.5;  // (4 + 12/8) · 7e9
    QTest::addRow("7B, ZeRO-2 over 8") << 7e9 << 2 << 8 << 26.25; // (2 + 14/8) · 7e9
    QTest::addRow("7B, ZeRO-3 over 8") << 7e9 << 3 << 8 << 14.0;  // 16/8 · 7e9
    // ZeRO paper Figure 1: Ψ = 7.5B, N_d = 64 → 120 GB, P_os 31.4 GB, P_os+g 16.6 GB, P_os+g+p 1.9 GB.
    QTest::addRow("ZeRO Fig. 1 baseline") << 7.5e9 << 0 << 64 << 120.0;
    QTest::addRow("ZeRO Fig. 1 P_os") << 7.5e9 << 1 << 64 << 31.40625;    // 4Ψ + 12Ψ/64
    QTest::addRow("ZeRO Fig. 1 P_os+g") << 7.5e9 << 2 << 64 << 16.640625; // 2Ψ + 14Ψ/64
    QTest::addRow("ZeRO Fig. 1 P_os+g+p") << 7.5e9 << 3 << 64 << 1.875;   // 16Ψ/64
}

void TestMemory::trainingStates()
{
    QFETCH(double, params);
    QFETCH(int, zeroStage);
    QFETCH(int, dp);
    QFETCH(double, expectedGB);
    core::ParallelLayout l;
    l.dp = dp;
    l.zeroStage = zeroStage;
    const auto mem = core::trainingMemory(modelWithParams(params), bf16Spec(), l);
    GP_COMPARE_REL((mem.weights + mem.gradients + mem.optimizer) / 1e9, expectedGB, 1e-12);
}

void TestMemory::fp32States()
{
    // Pure fp32 Adam: 4 (weights) + 4 (grads) + 8 (m, v) = 16 bytes/param as well, but no master copy.
    core::TrainingSpec s = bf16Spec();
    s.precision = core::Precision::FP32;
    const auto mem = core::trainingMemory(modelWithParams(1e9), s, core::ParallelLayout {});
    QCOMPARE(mem.weights, 4e9);
    QCOMPARE(mem.gradients, 4e9);
    QCOMPARE(mem.optimizer, 8e9);
}

void TestMemory::activationsKorthikanti_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<bool>("sp");
    QTest::addColumn<int>("recompute");
    QTest::addColumn<double>("coefficient"); // bytes per layer = s·b·h · coefficient
    // GPT-3 175B (a = 96, h = 12288, s = 2048, dropout): 5·a·s/h = 5·96·2048/12288 = 80.
    // Korthikanti et al. 2022, Table 2 / eqs. 1–4:
    QTest::addRow("no parallelism: 34 + 5as/h") << 1 << false << 0 << 114.0;
    QTest::addRow("tensor parallel 8: 10 + 24/t + 5as/(ht)") << 8 << false << 0 << 23.0;   // 10 + 3 + 10
    QTest::addRow("tp 8 + sequence parallel: 34/t + 5as/(ht)") << 8 << true << 0 << 14.25; // 4.25 + 10
    QTest::addRow("tp 8 + sp + selective recompute: 34/t") << 8 << true << 1 << 4.25;
    QTest::addRow("full recompute: 2 (layer input), sp") << 8 << true << 2 << 0.25; // 2/8
    QTest::addRow("full recompute: 2, no sp") << 8 << false << 2 << 2.0;
}

void TestMemory::activationsKorthikanti()
{
    QFETCH(int, tp);
    QFETCH(bool, sp);
    QFETCH(int, recompute);
    QFETCH(double, coefficient);
    const auto& m = test::model("gpt-3-175b");
    QVERIFY(m.dropout);
    const double sbh = 2048.0 * 1 * 12288;
    const double bytes = core::activationBytesPerLayer(m, 2048, 1, tp, sp, static_cast<core::Recompute>(recompute));
    GP_COMPARE_REL(bytes / sbh, coefficient, 1e-12);
}

void TestMemory::activationsPerOpCheckpointing_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<bool>("sp");
    QTest::addColumn<double>("coefficient"); // bytes per layer = s·b·h · coefficient
    // torchtitan's per-op checkpointing on Llama-3.1-70B (h = 8192, 64 heads of 128, 8 KV heads, SwiGLU f = 3.5h, no
    // dropout), 16-bit: kept are the layer input 2 and the down projection's output 2 (whole h, split only by sequence
    // parallelism); q 2·q/h = 2, v 2·kv/h = 2·1024/8192 = 0.25, fused attention's output 2 and its fp32 log-sum-exp
    // per head 4·64/8192 = 0.03125, the gate projection's output 2·f/h = 7: 11.28125, split by tp.
    QTest::addRow("no tp: 4 + 11.28125") << 1 << false << 15.28125;
    QTest::addRow("tp 8: 4 + 11.28125/8") << 8 << false << 5.41015625;
    QTest::addRow("tp 8 + sp: 4/8 + 11.28125/8") << 8 << true << 1.91015625;
}

void TestMemory::activationsPerOpCheckpointing()
{
    QFETCH(int, tp);
    QFETCH(bool, sp);
    QFETCH(double, coefficient);
    const auto& m = test::model("llama-3.1-70b");
    QVERIFY(!m.dropout);
    const double sbh = 8192.0 * 2 * 8192;
    const double bytes = core::activationBytesPerLayer(m, 8192, 2, tp, sp, core::Recompute::Op);
    GP_COMPARE_REL(bytes / sbh, coefficient, 1e-12);
    // Between selective recompute (33.5 without tp, activationsGatedGqa) and full recompute (2).
    QVERIFY(bytes < core::activationBytesPerLayer(m, 8192, 2, tp, sp, core::Recompute::Selective));
    QVERIFY(bytes > core::activationBytesPerLayer(m, 8192, 2, tp, sp, core::Recompute::Full));
}

void TestMemory::activationsGatedGqa()
{
    // Llama-3.1-70B, no dropout, SwiGLU f = 28672 = 3.5h, GQA g/a = 8/64, selective recompute, no TP:
    // norms 4 + QKV input 2 + MLP input 2 = 8; Q 2 + K,V 4·g/a = 0.5 + out-proj input 2 = 4.5;
    // fused SwiGLU 6·f/h = 21  →  33.5 bytes per s·b·h.
    const auto& m = test::model("llama-3.1-70b");
    const double sbh = 8192.0 * 1 * 8192;
    const double bytes = core::activationBytesPerLayer(m, 8192, 1, 1, false, core::Recompute::Selective);
    GP_COMPARE_REL(bytes / sbh, 33.5, 1e-12);
}

void TestMemory::neverGrowsWithTpOrPp()
{
    // Property: for every preset, more tensor or pipeline parallelism never raises memory per GPU.
    for (const auto& m : test::models().all()) {
        core::TrainingSpec s = bf16Spec();
        s.globalBatchSequences = 1024;
        for (int zero : {0, 1, 3}) {
            for (auto rc :
                {core::Recompute::None, core::Recompute::Selective, core::Recompute::Full, core::Recompute::Op}) {
                double previousTp = 1e300;
                for (int tp = 1; tp <= 8; tp *= 2) {
                    if (m.heads % tp)
                        continue;
                    double previousPp = 1e300;
                    double atPp1 = 0;
                    for (int pp = 1; pp <= 16 && pp <= m.layers; pp *= 2) {
                        core::ParallelLayout l;
                        l.tp = tp;
                        l.pp = pp;
                        l.dp = 8;
                        l.zeroStage = zero;
                        l.recompute = rc;
                        l.sequenceParallel = tp > 1;
                        const double total = core::trainingMemory(m, s, l).total();
                        QVERIFY2(std::isfinite(total) && total > 0, m.id.c_str());
                        QVERIFY2(total <= previousPp * (1 + 1e-12),
                            qPrintable(
                                QStringLiteral("%1 grows with pp=%2").arg(QString::fromStdString(m.id)).arg(pp)));
                        previousPp = total;
                        if (pp == 1)
                            atPp1 = total;
                    }
                    QVERIFY2(atPp1 <= previousTp * (1 + 1e-12),
                        qPrintable(QStringLiteral("%1 grows with tp=%2").arg(QString::fromStdString(m.id)).arg(tp)));
                    previousTp = atPp1;
                }
            }
        }
    }
}

void TestMemory::inferenceWeights_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<double>("expectedBytes");
    // Llama-2-70B fp16 ≈ 140 GB (Cursor, "Why GPT-3.5 is (mostly) cheaper than Llama 2"): 68.98e9 · 2
    QTest::addRow("Llama-2-70B fp16") << "llama-2-70b"
                                      << "fp16" << 68'976'648'192.0 * 2;
    // int4 with one fp16 scale per 128 weights: 0.5 + 2/128 = 0.515625 bytes/param
    QTest::addRow("Llama-2-70B int4") << "llama-2-70b"
                                      << "int4" << 68'976'648'192.0 * 0.515625;
    // Llama-3.1-405B at fp8 ≈ 405 GB (memory_facts.md C2): 405.85e9 · 1
    QTest::addRow("Llama-3.1-405B fp8") << "llama-3.1-405b"
                                        << "fp8" << 405'853'388'800.0;
}

void TestMemory::inferenceWeights()
{
    QFETCH(QString, id);
    QFETCH(QString, precision);
    QFETCH(double, expectedBytes);
    core::InferenceSpec s;
    s.promptTokens = 128;
    s.outputTokens = 128;
    s.weightPrecision = *core::parsePrecision(precision.toStdString());
    const auto e
        = core::estimateInference(test::model(id.toUtf8().constData()), s, test::gpu("H200-SXM-141GB"), {8, 1, 1});
    GP_COMPARE_REL(e.weightsBytes, expectedBytes, 1e-9);
    GP_COMPARE_REL(e.memory.weights, expectedBytes / 8, 1e-9);
}

void TestMemory::doesNotFitIsAResult()
{
    // Llama-3.1-405B in bf16 is 811.7 GB of weights: one 80 GB H100 cannot hold it; the estimate says by how
    // much and what to change, instead of failing.
    core::InferenceSpec s;
    s.promptTokens = 1000;
    s.outputTokens = 200;
    const auto e = core::estimateInference(test::model("llama-3.1-405b"), s, test::gpu("H100-SXM-80GB"), {1, 1, 1});
    QVERIFY(!e.fit.fits);
    QCOMPARE(e.maxConcurrency, 0);
    QVERIFY(e.fit.requiredBytes > 800e9);
    QVERIFY(!e.fit.suggestions.empty());
    bool mentionsTp = false;
    for (const auto& text : e.fit.suggestions)
        mentionsTp |= text.text().find("tensor parallel 2") != std::string::npos;
    QVERIFY(mentionsTp);

    // Training GPT-3 on one A100: 16 B/param · 174.6e9 = 2.79 TB of states alone.
    core::TrainingSpec t = bf16Spec();
    const auto te = core::estimateTraining(test::model("gpt-3-175b"), t, test::gpu("A100-SXM-80GB"), {});
    QVERIFY(!te.fit.fits);
    QVERIFY(te.fit.requiredBytes > 16 * 174.6e9);
    QVERIFY(te.fit.suggestions.size() >= 2);
}

QTEST_APPLESS_MAIN(TestMemory)
#include "tst_memory.moc"
