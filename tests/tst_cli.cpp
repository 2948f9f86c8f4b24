// gpuplan-cli as a user runs it: the real executable, its exit codes, stdout and stderr.
// What would make this fail: --headroom (or the store's default) not reaching the plan, an odd instance quota
// that never ends, an exit code other than the documented one, a JSON field renamed, a mistake in a workload
// (a misspelt field or value) that plans instead of failing, a spelling a user means ("AWS", "300B") that fails.
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

namespace {
struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

/// Every run uses a store in a temporary folder, never the user's.
const QTemporaryDir& storeDir()
{
    static QTemporaryDir dir;
    return dir;
}

Run cli(
    const QStringList& args, const QByteArray& stdinData = {}, const QStringList& extraEnv = {}, int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLAN_DB"), storeDir().filePath(QStringLiteral("store.sqlite")));
    for (const QString& e : extraEnv) // NAME=VALUE
        env.insert(e.section(QLatin1Char('='), 0, 0), e.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(env);
    p.setProgram(QStringLiteral(GPUPLAN_CLI));
    p.setArguments(args);
    p.start();
    if (!stdinData.isEmpty())
        p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs))
        qFatal("gpuplan-cli did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

QString workloadData(const QString& name)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/workloads/") + name;
}

QString example(const char* name)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QString::fromUtf8(name);
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void version();
    void helpEverywhere();
    void examplesRun_data();
    void examplesRun();
    void pinnedJsonFields();
    void gpt3Flops();
    void inferenceJsonFields();
    void notFitting();
    void pinnedFleetTooSmallForTheTraffic();
    void pinnedEstimateIsTheFirstRowsMachines();
    void largestValidInputsPlan_data();
    void largestValidInputsPlan();
    void badInput_data();
    void badInput();
    void stdinAndOutputFile();
    void csvHasHeaderAndRows();
    void tableCutFilesWhole();
    void oddQuotaEnds();
    void planDefaultsFromFlags();
    void inputMistakes_data();
    void inputMistakes();
    void spellingsPlanTheSame_data();
    void spellingsPlanTheSame();
    void simulate();
    void simulateBadInput_data();
    void simulateBadInput();
    void simulateSize();
    void simulateSizeBadInput_data();
    void simulateSizeBadInput();
    void pack();
    void calibrateFromBenchmark();
    void accuracyOutOfFold();
    void calibrateBadInput_data();
    void calibrateBadInput();
};

void TestCli::version()
{
    const Run r = cli({QStringLiteral("--version")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.startsWith("gpuplan-cli "));
}

void TestCli::helpEverywhere()
{
    for (const char* cmd : {"plan", "gpus", "models", "simulate", "pack"}) {
        const Run r = cli({QString::fromUtf8(cmd), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Usage: gpuplan-cli"));
    }
    QCOMPARE(cli({}).code, 2);
    QCOMPARE(cli({QStringLiteral("frobnicate")}).code, 2);
    const Run help = cli({QStringLiteral("help"), QStringLiteral("simulate")});
    QCOMPARE(help.code, 0);
    QVERIFY(help.out.startsWith("Usage: gpuplan-cli simulate NODES TASKS"));
}

void TestCli::examplesRun_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("code");
    QTest::addRow("GPT-3 pretraining") << example("gpt3-175b-pretraining.json") << 0;
    QTest::addRow("DeepSeek-V3 FP8 pretraining") << example("deepseek-v3-fp8-pretraining.json") << 0;
    QTest::addRow("GPT-3 on one A100 does not fit") << example("gpt3-on-one-a100.json") << 1;
    QTest::addRow("Llama 70B LoRA") << example("llama-3.1-70b-lora.json") << 0;
    QTest::addRow("Llama 8B chat serving") << example("llama-3.1-8b-chat-serving.json") << 0;
    QTest::addRow("Llama 70B serving") << example("llama-3.1-70b-serving.json") << 0;
    QTest::addRow("Llama 70B at Azure trace lengths") << example("llama-3.1-70b-azure-conversation.json") << 0;
    QTest::addRow("rendering batch") << example("rendering-batch.json") << 0;
    QTest::addRow("CFD batch") << example("cfd-simulation-batch.json") << 0;
}

void TestCli::examplesRun()
{
    QFETCH(QString, file);
    QFETCH(int, code);
    for (const char* format : {"table", "json", "csv"}) {
        const Run r = cli({QStringLiteral("plan"), file, QStringLiteral("--format"), QString::fromUtf8(format)});
        QVERIFY2(r.code == code, r.err.constData());
        QVERIFY(!r.out.isEmpty());
        if (QByteArray(format) == "json") {
            QJsonParseError e;
            QJsonDocument::fromJson(r.out, &e);
            QCOMPARE(e.error, QJsonParseError::NoError);
        }
    }
}

void TestCli::pinnedJsonFields()
{
    const Run r = cli({QStringLiteral("plan"), example("gpt3-175b-pretraining.json"), QStringLiteral("--format=json")});
    QCOMPARE(r.code, 0);
    const auto est = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("estimate")).toObject();
    for (const char* key : {"total_flops", "flops_per_token", "tflops_days", "step_time_s", "tokens_per_second",
             "tflops_per_gpu", "mfu", "hfu", "wall_hours", "gpu_hours"}) {
        QVERIFY2(est.value(QString::fromUtf8(key)).isDouble(), key);
        QVERIFY2(est.value(QString::fromUtf8(key)).toDouble() > 0, key);
    }
    QVERIFY(est.value(QStringLiteral("fits")).isBool());
    const auto mem = est.value(QStringLiteral("memory_per_gpu_bytes")).toObject();
    for (const char* key : {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "total"})
        QVERIFY2(mem.value(QString::fromUtf8(key)).isDouble(), key);
    double sum = 0;
    for (const char* key : {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead"})
        sum += mem.value(QString::fromUtf8(key)).toDouble();
    QCOMPARE(sum, mem.value(QStringLiteral("total")).toDouble());
    // gpu_hours = wall_hours × GPUs (1024)
    QCOMPARE(
        est.value(QStringLiteral("gpu_hours")).toDouble(), est.value(QStringLiteral("wall_hours")).toDouble() * 1024);
}

void TestCli::gpt3Flops()
{
    // GPT-3 paper Table D.1: 3.14e23 FLOPs (6·N·D); total_flops adds attention and must stay within 5 %.
    const Run r = cli({QStringLiteral("plan"), example("gpt3-175b-pretraining.json"), QStringLiteral("--format=json")});
    const auto est = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("estimate")).toObject();
    const double sixND = est.value(QStringLiteral("total_flops_6nd")).toDouble();
    const double total = est.value(QStringLiteral("total_flops")).toDouble();
    QVERIFY(std::abs(sixND / 3.14e23 - 1) < 0.005);
    QVERIFY(std::abs(total / 3.14e23 - 1) < 0.05);
    // ≈ 3.7 million TFLOPS-days with attention (3.6 million for 6·N·D alone), not "2000"
    QVERIFY(est.value(QStringLiteral("tflops_days")).toDouble() > 3.6e6);
}

void TestCli::inferenceJsonFields()
{
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-70b-serving.json"), QStringLiteral("--format=json")});
    QCOMPARE(r.code, 0);
    const auto est = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("estimate")).toObject();
    for (const char* key : {"ttft_ms", "tpot_ms", "throughput_tokens_per_s", "max_concurrency"})
        QVERIFY2(est.value(QString::fromUtf8(key)).toDouble() > 0, key);
    QVERIFY(est.value(QStringLiteral("tpot_ms")).toDouble() <= 40.0); // the example's SLO
    // weights: 70 553 706 496 params · 1 byte (fp8)
    QCOMPARE(est.value(QStringLiteral("weights_bytes")).toDouble(), 70553706496.0);
}

// Llama-3.1-8B fits one H100's memory, but at 200 requests/s one replica is not enough: the plan says it fits in
// memory and why it is not feasible (it once said "fits in memory: NO" and pointed at suggestions it did not print).
void TestCli::pinnedFleetTooSmallForTheTraffic()
{
    const Run r = cli({QStringLiteral("plan"), QStringLiteral("-"), QStringLiteral("--no-prices")},
        R"({"schema": "gpuplan.workload/1", "name": "busy", "kind": "inference", "model": {"preset": "llama-3.1-8b"},
            "inference": {"prompt_tokens": 1024, "output_tokens": 256, "weight_precision": "bf16",
                          "kv_precision": "bf16", "requests_per_second": 200},
            "hardware": {"gpu": "H100-SXM-80GB", "count": 1}})");
    QCOMPARE(r.code, 1);
    QVERIFY2(QRegularExpression(QStringLiteral("fits in memory +yes")).match(QString::fromUtf8(r.out)).hasMatch(),
        r.out.constData());
    QVERIFY(r.out.contains("Fits in memory, but not feasible as planned:"));
    QVERIFY(QRegularExpression(QStringLiteral("needs \\d+ replicas \\(\\d+ GPUs\\) for 200.00 requests/s, has 1"))
                .match(QString::fromUtf8(r.out))
                .hasMatch());
    QVERIFY(r.err.contains("not feasible (see why above)"));
}

void TestCli::notFitting()
{
    const Run r = cli({QStringLiteral("plan"), example("gpt3-on-one-a100.json")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.contains("Does not fit"));
    QVERIFY(r.out.contains("years"));
    const Run j = cli({QStringLiteral("plan"), example("gpt3-on-one-a100.json"), QStringLiteral("--format=json")});
    const auto est = QJsonDocument::fromJson(j.out).object().value(QStringLiteral("estimate")).toObject();
    QCOMPARE(est.value(QStringLiteral("fits")).toBool(), false);
    QVERIFY(!est.value(QStringLiteral("fit")).toObject().value(QStringLiteral("suggestions")).toArray().isEmpty());
}

// A pinned plan's estimate once showed the datasheet node (8 GPUs on NVLink: TP 2, 4.29 h) above a first row of eight
// single-GPU VMs (TP 1, 5.3 h). Now it is the pinned deployment on the first row's instances: the same layout, and
// the same hours.
void TestCli::pinnedEstimateIsTheFirstRowsMachines()
{
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-70b-lora.json"), QStringLiteral("--format"),
        QStringLiteral("json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject plan = QJsonDocument::fromJson(r.out).object();
    const QJsonObject estimate = plan.value(QStringLiteral("estimate")).toObject();
    const QJsonObject top = plan.value(QStringLiteral("candidates")).toArray().first().toObject();
    QCOMPARE(estimate.value(QStringLiteral("layout")).toObject(), top.value(QStringLiteral("layout")).toObject());
    QCOMPARE(estimate.value(QStringLiteral("gpus")).toInt(), top.value(QStringLiteral("gpus")).toInt());
    // wall_hours is the estimate's in both (a spot row's interruptions are its spot_overhead)
    const double hours = estimate.value(QStringLiteral("wall_hours")).toDouble();
    QVERIFY2(std::abs(hours - top.value(QStringLiteral("wall_hours")).toDouble()) <= 1e-9 * hours,
        qPrintable(QStringLiteral("%1 vs %2").arg(hours).arg(top.value(QStringLiteral("wall_hours")).toDouble())));
    // a single-GPU VM shares no NVLink: TP 1 there
    if (top.value(QStringLiteral("gpus_per_instance")).toDouble() == 1.0)
        QCOMPARE(estimate.value(QStringLiteral("layout")).toObject().value(QStringLiteral("tp")).toInt(), 1);
}

void TestCli::largestValidInputsPlan_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("code");
    // tests/data/workloads/limits/: every value at the largest the loader accepts (core/workload.h, workload.cpp)
    QTest::addRow("1e5 requests/s every hour, Llama-3.1-8B") << QStringLiteral("serving-peak-traffic.json") << 0;
    // 10M-token prompts at a 1 ms TTFT cannot be met: "nothing feasible" is the answer, exit 1
    QTest::addRow("10M-token requests, 1 ms SLO, 405B") << QStringLiteral("serving-largest.json") << 1;
    QTest::addRow("1e15 training tokens, 405B") << QStringLiteral("training-largest.json") << 1;
    QTest::addRow("1e15 tokens on 1,000,000 pinned H100") << QStringLiteral("pinned-largest.json") << 0;
}

// The largest valid values plan and end (a 1e5 requests/s profile once ran for minutes inside Erlang C; the time is
// measured by bench_planner's BM_PlanFile, not here), with finite, non-negative figures throughout.
void TestCli::largestValidInputsPlan()
{
    QFETCH(QString, file);
    QFETCH(int, code);
    const Run r = cli({QStringLiteral("plan"), workloadData(QStringLiteral("limits/") + file),
        QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == code, r.err.constData());
    const QJsonObject plan = QJsonDocument::fromJson(r.out).object();
    QVERIFY(!plan.isEmpty());
    const QJsonArray candidates = plan.value(QStringLiteral("candidates")).toArray();
    for (const auto& c : candidates)
        for (const char* key : {"total_cost", "hourly_cost", "hours", "gpus"}) {
            const QJsonValue v = c.toObject().value(QLatin1String(key));
            if (!v.isUndefined() && !v.isNull())
                QVERIFY2(std::isfinite(v.toDouble()) && v.toDouble() >= 0, key);
        }
    if (file == QLatin1String("pinned-largest.json")) {
        // 6 · N · D = 6 · 405.85e9 parameters (Llama-3.1-405B) · 1e15 tokens = 2.4351e27 FLOP; on 1e6 × 989 TFLOPS
        // (H100 SXM dense BF16) no layout beats 100 % MFU: 2.4351e27 / 9.89e20 / 3600 = 684 h at the least.
        QVERIFY(!candidates.isEmpty());
        const QJsonObject top = candidates.first().toObject();
        const double flops = top.value(QStringLiteral("total_flops_6nd")).toDouble();
        QVERIFY2(
            std::abs(flops - 6 * 405.85e9 * 1e15) <= 1e-3 * 6 * 405.85e9 * 1e15, qPrintable(QString::number(flops)));
        QVERIFY2(top.value(QStringLiteral("wall_hours")).toDouble() > 684,
            qPrintable(QString::number(top.value(QStringLiteral("wall_hours")).toDouble())));
        const double mfu = top.value(QStringLiteral("mfu")).toDouble();
        QVERIFY2(mfu > 0 && mfu < 0.6, qPrintable(QString::number(mfu)));
    }
    if (file == QLatin1String("serving-peak-traffic.json"))
        QVERIFY(!candidates.isEmpty());
}

void TestCli::badInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("message");
    QTest::addRow("negative tokens") << QByteArray(
        R"({"kind":"training","model":{"preset":"llama-3.1-8b"},"training":{"tokens":-5}})")
                                     << QByteArray(
                                            "gpuplan-cli: <stdin>:/training/tokens: must be a positive number, got -5");
    QTest::addRow("not JSON") << QByteArray("hello") << QByteArray("gpuplan-cli: <stdin>: not valid JSON at byte 1");
    QTest::addRow("unknown GPU") << QByteArray(
        R"({"kind":"training","model":{"preset":"llama-3.1-8b"},"training":{"tokens":5},"hardware":{"gpu":"Z9"}})")
                                 << QByteArray("gpuplan-cli: <stdin>:/hardware/gpu: unknown GPU \"Z9\"");
    QTest::addRow("length CSV missing")
        << QByteArray(R"({"kind":"inference","model":{"preset":"llama-3.1-8b"},)"
                      R"("inference":{"length_csv":"/nonexistent/lengths.csv"}})")
        << QByteArray("gpuplan-cli: <stdin>:/inference/length_csv: /nonexistent/lengths.csv: cannot open file");
    QTest::addRow("length CSV not a path")
        << QByteArray(R"({"kind":"inference","model":{"preset":"llama-3.1-8b"},"inference":{"length_csv":5}})")
        << QByteArray("gpuplan-cli: <stdin>:/inference/length_csv: must be the path of a CSV of (prompt, output) "
                      "token counts, got 5");
}

void TestCli::badInput()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, message);
    const Run r = cli({QStringLiteral("plan"), QStringLiteral("-")}, json);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
    // bad arguments are exit code 2 too
    QCOMPARE(cli({QStringLiteral("plan"), QStringLiteral("/nonexistent/w.json")}).code, 2);
    QCOMPARE(cli({QStringLiteral("plan"), example("rendering-batch.json"), QStringLiteral("--format"),
                     QStringLiteral("xml")})
                 .code,
        2);
    QCOMPARE(cli({QStringLiteral("plan"), example("rendering-batch.json"), QStringLiteral("--bogus")}).code, 2);
}

void TestCli::stdinAndOutputFile()
{
    QFile f(example("rendering-batch.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("plan.json"));
    const Run r = cli({QStringLiteral("plan"), QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("json"),
                          QStringLiteral("--output"), out},
        f.readAll());
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.isEmpty());
    QFile written(out);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const auto doc = QJsonDocument::fromJson(written.readAll()).object();
    QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("gpuplan.plan/1"));
    QVERIFY(doc.value(QStringLiteral("candidates")).toArray().size() >= 10);
}

void TestCli::csvHasHeaderAndRows()
{
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-8b-chat-serving.json"), QStringLiteral("--format"),
        QStringLiteral("csv")});
    QCOMPARE(r.code, 0);
    const auto lines = r.out.split('\n');
    const auto header = lines.front().trimmed().split(',');
    for (const char* column : {"rank", "provider", "region", "instance_type", "gpu", "pricing_model", "currency",
             "total_cost", "cost_usd", "pareto", "as_of", "source", "ttft_ms", "tpot_ms"})
        QVERIFY2(header.contains(QByteArray(column)), column);
    QVERIFY(lines.size() > 5);
}

// The table shows the 20 best by default; a CSV file written beside it (--csv) keeps every candidate: it is the same
// text as --format csv, whose rows are every candidate of the JSON plan.
void TestCli::tableCutFilesWhole()
{
    const QString workload = example("llama-3.1-8b-chat-serving.json");
    const Run json = cli({QStringLiteral("plan"), workload, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.code, 0);
    const qsizetype all
        = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("candidates")).toArray().size();
    QVERIFY2(all > 20, qPrintable(QString::number(all)));
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("plan.csv"));
    const Run table = cli({QStringLiteral("plan"), workload, QStringLiteral("--csv"), csv});
    QCOMPARE(table.code, 0);
    QVERIFY2(table.out.contains(QByteArray(QByteArray::number(all - 20) + " more candidates")),
        table.out.right(300).constData());
    const Run asCsv = cli({QStringLiteral("plan"), workload, QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(asCsv.code, 0);
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), asCsv.out);
}

void TestCli::oddQuotaEnds()
{
    // Regression: a quota of 3 instances with nothing feasible below it made the instance-count search cycle
    // forever (n = 3/2 = 1, then 2, again). It must end, exit 1 (nothing feasible) and say why.
    const QByteArray w = R"({"schema":"gpuplan.workload/1","kind":"training","model":{"preset":"gpt-3-175b"},
        "training":{"tokens":3e11},"constraints":{"deadline_hours":720,"providers":["lambda"],
        "max_instances":{"lambda":3}}})";
    QElapsedTimer t;
    t.start();
    const Run r
        = cli({QStringLiteral("plan"), QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("json")}, w);
    QCOMPARE(r.code, 1);
    QVERIFY(t.elapsed() < 60000);
    const auto j = QJsonDocument::fromJson(r.out).object();
    QVERIFY(j.value(QStringLiteral("candidates")).toArray().isEmpty());
    QVERIFY(!j.value(QStringLiteral("excluded")).toArray().isEmpty());
}

void TestCli::planDefaultsFromFlags()
{
    // --headroom fills a serving workload's missing headroom: planning for twice the peak needs more replicas;
    // the workload's own value wins over the flag. A bad value names the option.
    const QByteArray w = R"({"kind":"inference","model":{"preset":"llama-3.1-8b"},
        "inference":{"prompt_tokens":512,"output_tokens":128,"requests_per_second":50},
        "hardware":{"gpu":"H100-SXM-80GB","count":16}})";
    auto replicas = [&](const QByteArray& workload, const QStringList& extra) {
        const Run r = cli(QStringList {QStringLiteral("plan"), QStringLiteral("-"), QStringLiteral("--no-prices"),
                              QStringLiteral("--format"), QStringLiteral("json")}
                + extra,
            workload);
        if (r.code != 0 && r.code != 1)
            qFatal("exit %d: %s", r.code, r.err.constData());
        const auto est = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("estimate")).toObject();
        return est.value(QStringLiteral("capacity")).toObject().value(QStringLiteral("replicas")).toInt(-1);
    };
    const int none = replicas(w, {QStringLiteral("--headroom"), QStringLiteral("0")});
    const int twice = replicas(w, {QStringLiteral("--headroom"), QStringLiteral("1")});
    QVERIFY2(none > 0, "no capacity in the estimate");
    QVERIFY(twice > none);
    QByteArray own = w;
    own.replace(R"("requests_per_second":50)", R"("requests_per_second":50,"headroom":0)");
    QCOMPARE(replicas(own, {QStringLiteral("--headroom"), QStringLiteral("1")}), none);
    const Run bad
        = cli({QStringLiteral("plan"), QStringLiteral("-"), QStringLiteral("--headroom"), QStringLiteral("-1")}, w);
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains("--headroom"));
}

// Each mistake of issue 13, as a user makes it: the exit code is 2 and stderr names the file, the JSON pointer, the
// value and what was meant. The expected lines are written by hand from the file's content.
void TestCli::inputMistakes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const char* message) {
        QTest::addRow("%s", name) << QStringLiteral("mistakes/%1.json").arg(QLatin1String(name))
                                  << QString::fromUtf8(message);
    };
    row("pricing-ondemand",
        "/constraints/pricing/0: must be one of "
        "on_demand|spot|reserved|savings_plan|committed_use|subscription|capacity_block, got \"ondemand\"; did you "
        "mean \"on_demand\"?");
    row("provider-aws2",
        "/constraints/providers/0: no offering of the catalog is from this provider, got \"aws2\"; did you mean "
        "\"aws\"? (known: alibaba, aws, azure,");
    row("country-chn",
        "/constraints/countries/0: no offering of the catalog is in this country, got \"chn\"; did you mean \"CN\"? "
        "(known: ");
    row("region-us-east1",
        "/constraints/regions/0: matches no region of the catalog, got \"us-east1\"; closest: us-east-1");
    row("objective-tme",
        "/constraints/objective: must be one of cost|time|carbon, got \"tme\"; did you mean \"time\"?");
    row("quota-lamda",
        "/constraints/max_instances/lamda: no offering of the catalog is from this provider, got \"lamda\"; did you "
        "mean \"lambda\"?");
    row("budget-string",
        "/constraints/budget: must be a positive amount in USD, or {\"amount\": …, \"currency\": …}, got \"5000\"");
    row("precision-bf61",
        "/inference/weight_precision: must be one of fp32|tf32|bf16|fp16|fp8|int8|int4|fp4, got \"bf61\"; did you mean "
        "\"bf16\"?");
    row("tokens-300x",
        "/training/tokens: must be a positive number of tokens such as 3e11, \"300B\", \"2T\" or \"3000亿\", got "
        "\"300X\"");
    row("requests-per-sec", "/inference/requests_per_sec: unknown field; did you mean \"requests_per_second\"?");
    row("request-per-second", "/inference/request_per_second: unknown field; did you mean \"requests_per_second\"?");
    row("duplicate-key", "/inference/prompt_tokens: the field \"prompt_tokens\" is given twice");
    // Values past the stated limits (core/workload.h): these hung the capacity search or overflowed a term count.
    row("rps-1e6", "/inference/requests_per_second: must be at most 100000, got 1000000.0");
    row("profile-1e9", "/inference/profile/23: must be at most 100000, got 1000000000.0");
    row("tokens-1e22", "/training/tokens: must be at most 1e15, got 1e+22");
    // Issue #19's training fields.
    row("fp8-recipe-mxfp9",
        "/training/fp8_recipe: must be one of delayed|tensorwise|blockwise|mxfp8, got \"mxfp9\"; did you mean "
        "\"mxfp8\"?");
    row("shard-group-zero1",
        "/training/shard_group: needs zero_stage 3 (FSDP shards inside the group), got zero_stage 1");
    row("ep-6-experts", "/hardware/ep: must divide the model's 128 experts, got 6");
}

void TestCli::inputMistakes()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    const Run r = cli({QStringLiteral("plan"), workloadData(file)});
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(workloadData(file) + QLatin1Char(':') + message), qPrintable(err));
}

// What the user meant plans exactly as the canonical spelling: "AWS" as "aws", "cn" as "CN", "300B" and "3000亿" as
// 3e11, a budget of 5000 as {"amount": 5000, "currency": "USD"}.
void TestCli::spellingsPlanTheSame_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : {"providers-AWS", "countries-cn", "pricing-ON_DEMAND", "precision-FP8", "budget-number",
             "prompt-4k", "tokens-300B", "tokens-3000yi", "tokens-2T", "tokens-1.5e12-string", "quota-Lambda"})
        QTest::addRow("%s", name) << QString::fromLatin1(name);
}

void TestCli::spellingsPlanTheSame()
{
    QFETCH(QString, name);
    const Run spelt = cli({QStringLiteral("plan"), workloadData(QStringLiteral("spellings/%1.json").arg(name)),
        QStringLiteral("--format"), QStringLiteral("json")});
    const Run canonical
        = cli({QStringLiteral("plan"), workloadData(QStringLiteral("spellings/%1.canonical.json").arg(name)),
            QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(spelt.code, 0);
    QCOMPARE(canonical.code, 0);
    QVERIFY2(!spelt.err.contains("unknown field"), spelt.err.constData());
    const QJsonObject a = QJsonDocument::fromJson(spelt.out).object(),
                      b = QJsonDocument::fromJson(canonical.out).object();
    QVERIFY(!a.value(QStringLiteral("candidates")).toArray().isEmpty());
    QCOMPARE(a.value(QStringLiteral("candidates")), b.value(QStringLiteral("candidates")));
    QCOMPARE(a.value(QStringLiteral("workload")), b.value(QStringLiteral("workload")));
}

namespace {
QString trace(const char* name)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/traces/") + QString::fromUtf8(name);
}
} // namespace

void TestCli::simulate()
{
    // The fixture of tst_pool (pool-nodes.csv, pool-pods.csv): under best fit pod 2 (2 whole GPUs) never finds an
    // untouched node and waits to the end; under FGD all three run (tst_pool fixturePolicies works both by hand).
    const QStringList files = {QStringLiteral("simulate"), trace("pool-nodes.csv"), trace("pool-pods.csv")};
    const Run table = cli(files + QStringList {QStringLiteral("--policy"), QStringLiteral("fgd,bestfit")});
    QVERIFY2(table.code == 0, table.err.constData());
    QVERIFY(table.out.startsWith("Replay: 3 tasks on 2 nodes (3 GPUs); GPUs shared by fraction."));
    QVERIFY(table.out.contains("fgd") && table.out.contains("bestfit"));
    const Run json = cli(files
        + QStringList {QStringLiteral("--policy"), QStringLiteral("fgd,bestfit"), QStringLiteral("--format"),
            QStringLiteral("json")});
    QCOMPARE(json.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(j[QStringLiteral("schema")].toString(), QStringLiteral("gpuplan.pool-result/1"));
    QCOMPARE(j[QStringLiteral("mode")].toString(), QStringLiteral("replay"));
    const QJsonArray policies = j[QStringLiteral("policies")].toArray();
    QCOMPARE(policies.size(), 2);
    QCOMPARE(policies[0].toObject()[QStringLiteral("policy")].toString(), QStringLiteral("fgd"));
    QCOMPARE(policies[0].toObject()[QStringLiteral("waiting_at_end")].toInt(), 0);
    QCOMPARE(policies[1].toObject()[QStringLiteral("waiting_at_end")].toInt(), 1);
    // 3 GPUs: FGD ends with all 3 allocated, best fit with 1 of them.
    QCOMPARE(policies[0].toObject()[QStringLiteral("peak_allocation_pct")].toDouble(), 100.0);
    const Run csv = cli(files + QStringList {QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(csv.code, 0);
    QVERIFY(csv.out.startsWith("policy,time_s,allocated_pct,requested_pct,fragmented_pct,running,queued\r\n"));
    // The inflation experiment, three seeds.
    const Run inflate = cli(files
        + QStringList {QStringLiteral("--inflate"), QStringLiteral("--runs"), QStringLiteral("3"),
            QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(inflate.code, 0);
    const QJsonObject i = QJsonDocument::fromJson(inflate.out).object();
    QCOMPARE(i[QStringLiteral("mode")].toString(), QStringLiteral("inflation"));
    QCOMPARE(i[QStringLiteral("policies")].toArray()[0].toObject()[QStringLiteral("runs")].toArray().size(), 3);
    // MIG: one A100 holds 4g + 2g + 1g; the second 1g waits (tst_pool migSharing).
    const Run mig = cli({QStringLiteral("simulate"), trace("pool-mig-nodes.csv"), trace("pool-mig-tasks.csv"),
        QStringLiteral("--sharing"), QStringLiteral("mig"), QStringLiteral("--policy"), QStringLiteral("bestfit"),
        QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(mig.code, 0);
    const QJsonObject m = QJsonDocument::fromJson(mig.out).object()[QStringLiteral("policies")].toArray()[0].toObject();
    QCOMPARE(m[QStringLiteral("waiting_at_end")].toInt(), 1);
}

void TestCli::simulateBadInput_data()
{
    QTest::addColumn<QByteArray>("tasks");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("code");
    QTest::addColumn<QByteArray>("message");
    const QByteArray header = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,creation_time,deletion_time\n";
    QTest::addRow("negative duration") << header + "p,1000,1024,1,500,100,40\n"
                                       << QStringList() << 2
                                       << QByteArray("gpuplan-cli: TASKS:2: column deletion_time: ends before the task "
                                                     "starts (creation_time 100): a negative duration, got \"40\"");
    QTest::addRow("truncated") << header + "p,1000,1024,1,500,0,10\nq,1000,10" << QStringList() << 2
                               << QByteArray("gpuplan-cli: TASKS:3: 3 fields, the header has 7 (a truncated row?)");
    QTest::addRow("unknown policy") << header + "p,1000,1024,1,500,0,10\n"
                                    << QStringList {QStringLiteral("--policy"), QStringLiteral("fgd,tetris")} << 2
                                    << QByteArray("gpuplan-cli simulate: --policy: unknown policy \"tetris\"");
    QTest::addRow("bad sharing") << header + "p,1000,1024,1,500,0,10\n"
                                 << QStringList {QStringLiteral("--sharing"), QStringLiteral("slices")} << 2
                                 << QByteArray("gpuplan-cli simulate: --sharing must be fraction or mig");
    QTest::addRow("nothing fits") << header + "p,1000,1024,8,1000,0,10\n"
                                  << QStringList() << 1 << QByteArray("warning: 1 tasks of TASKS fit no node of");
    QTest::addRow("no tasks") << header << QStringList() << 2 << QByteArray("gpuplan-cli simulate: TASKS: no tasks");
}

void TestCli::simulateBadInput()
{
    QFETCH(QByteArray, tasks);
    QFETCH(QStringList, options);
    QFETCH(int, code);
    QFETCH(QByteArray, message);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tasks.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(tasks);
    f.close();
    const Run r = cli(QStringList {QStringLiteral("simulate"), trace("pool-nodes.csv"), path} + options);
    QCOMPARE(r.code, code);
    const QByteArray expected = QByteArray(message).replace("TASKS", path.toUtf8());
    QVERIFY2(r.err.startsWith(expected), r.err.constData());
}

void TestCli::simulateSize()
{
    // size-tasks.csv priced by hand (size-tco.json, size-catalog/hand.json; no spot, no power): a–e arrive at 0 and
    // hold 1 GPU for 10, 10, 6, 2 and 4 h. Target 0 s with no start delay: a task that finds no free GPU bursts on
    // demand at once, so with F fixed GPUs the first F of a–e run on them, whatever the policy. Burst GPU-hours by F:
    // 32, 22, 12, 6, 4, 0. Over the 10 h: an owned server (2 GPUs) 1.90 · 10 = 19, a reserved instance 1.10 · 10 = 11,
    // a burst GPU-hour 2.00:
    //   (0,0) 64   (0,1) 11 + 44 = 55   (0,2) 22 + 24 = 46   (0,3) 33 + 12 = 45   (0,4) 44 + 8 = 52
    //   (1,0) 19 + 24 = 43   (1,1) 19 + 11 + 12 = 42   (1,2) 19 + 22 + 8 = 49   (2,0) 38 + 8 = 46
    // The cheapest: one owned server and one reserved instance, 42 USD; d and e burst (6 GPU-hours, 12 USD). Per
    // 730-hour month: 42 × 73 = 3,066.
    const QStringList env = {QStringLiteral("GPUPLAN_CATALOG_DIR=") + trace("size-catalog")};
    const QStringList args = {QStringLiteral("simulate"), trace("size-nodes.csv"), trace("size-tasks.csv"),
        QStringLiteral("--size"), QStringLiteral("--target-p99-wait"), QStringLiteral("0"),
        QStringLiteral("--start-delay"), QStringLiteral("0"), QStringLiteral("--tco"), trace("size-tco.json"),
        QStringLiteral("--policy"), QStringLiteral("bestfit,fgd")};
    const Run json = cli(args + QStringList {QStringLiteral("--format"), QStringLiteral("json")}, {}, env);
    QVERIFY2(json.code == 0, json.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(j[QStringLiteral("schema")].toString(), QStringLiteral("gpuplan.pool-sizing/1"));
    QCOMPARE(j[QStringLiteral("gpu")].toString(), QStringLiteral("A100-SXM-40GB")); // from the TCO file
    const QJsonObject prices = j[QStringLiteral("prices")].toObject();
    QCOMPARE(prices[QStringLiteral("on_demand")].toObject()[QStringLiteral("usd_per_gpu_hour")].toDouble(), 2.0);
    QCOMPARE(prices[QStringLiteral("reserved")].toObject()[QStringLiteral("usd_per_gpu_hour")].toDouble(), 1.1);
    QVERIFY(prices[QStringLiteral("spot")].isNull());
    // Break-even: reserved 1.1 ÷ 2 = 0.55; owned 0.95 per GPU-hour ÷ 2 = 0.475.
    const QJsonObject be = j[QStringLiteral("break_even_utilization")].toObject();
    QVERIFY(std::abs(be[QStringLiteral("reserved")].toDouble() - 0.55) < 1e-12);
    QVERIFY(std::abs(be[QStringLiteral("owned")].toDouble() - 0.475) < 1e-9);
    const QJsonArray policies = j[QStringLiteral("policies")].toArray();
    QCOMPARE(policies.size(), 2);
    for (const auto& pv : policies) {
        const QJsonObject best = pv.toObject()[QStringLiteral("best")].toObject();
        QCOMPARE(best[QStringLiteral("owned_servers")].toInt(), 1);
        QCOMPARE(best[QStringLiteral("reserved_instances")].toInt(), 1);
        QVERIFY(std::abs(best[QStringLiteral("owned_usd")].toDouble() - 19) < 1e-9);
        QVERIFY(std::abs(best[QStringLiteral("reserved_usd")].toDouble() - 11) < 1e-9);
        QVERIFY(std::abs(best[QStringLiteral("on_demand_usd")].toDouble() - 12) < 1e-9);
        QCOMPARE(best[QStringLiteral("spot_usd")].toDouble(), 0.0);
        QVERIFY(std::abs(best[QStringLiteral("total_usd")].toDouble() - 42) < 1e-9);
        QVERIFY(std::abs(best[QStringLiteral("total_usd_per_month")].toDouble() - 3066) < 1e-6);
        QCOMPARE(best[QStringLiteral("on_demand_gpu_hours")].toDouble(), 6.0);
        QVERIFY(best[QStringLiteral("meets_target")].toBool());
        QVERIFY(
            std::abs(
                pv.toObject()[QStringLiteral("all_on_demand")].toObject()[QStringLiteral("total_usd")].toDouble() - 64)
            < 1e-9);
    }
    // The table says the same; the CSV has a row per mix replayed, the cheapest marked.
    const Run table = cli(args, {}, env);
    QCOMPARE(table.code, 0);
    QVERIFY2(table.out.startsWith("Pool sizing: 5 tasks of "), table.out.constData());
    QVERIFY(table.out.contains("1 × 2 GPUs, 19.00"));
    const Run csv = cli(args + QStringList {QStringLiteral("--format"), QStringLiteral("csv")}, {}, env);
    QCOMPARE(csv.code, 0);
    QVERIFY(csv.out.startsWith("policy,owned_servers,owned_gpus,reserved_instances,"));
    QVERIFY(csv.out.contains("bestfit,1,2,1,1,10,19,11,12,0,42,3066,6,0,0,true,true\r\n"));
    // A PDF in Chinese.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("pool.pdf"));
    const Run withPdf = cli(
        args + QStringList {QStringLiteral("--pdf"), pdf, QStringLiteral("--lang"), QStringLiteral("zh_CN")}, {}, env);
    QVERIFY2(withPdf.code == 0, withPdf.err.constData());
    QVERIFY(QFileInfo(pdf).size() > 1000);
    // A target no mix meets within the bounds (0 s, a 120 s start, no fixed capacity allowed): exit 1.
    const Run none = cli({QStringLiteral("simulate"), trace("size-nodes.csv"), trace("size-tasks.csv"),
                             QStringLiteral("--size"), QStringLiteral("--target-p99-wait"), QStringLiteral("0"),
                             QStringLiteral("--max-owned"), QStringLiteral("0"), QStringLiteral("--max-reserved"),
                             QStringLiteral("0"), QStringLiteral("--gpu"), QStringLiteral("A100-SXM-40GB")},
        {}, env);
    QCOMPARE(none.code, 1);
    QVERIFY2(none.err.contains("no mix within the search's bounds meets the target"), none.err.constData());
}

void TestCli::simulateSizeBadInput_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QByteArray>("message");
    QTest::addRow("no target") << QStringList {QStringLiteral("--size")}
                               << QByteArray("gpuplan-cli simulate: --size needs --target-p99-wait S");
    QTest::addRow("bad target") << QStringList {QStringLiteral("--size"), QStringLiteral("--target-p99-wait"),
        QStringLiteral("600,BE=soon")}
                                << QByteArray("gpuplan-cli simulate: --target-p99-wait: \"BE=soon\": the wait must "
                                              "be a number of seconds");
    QTest::addRow("target without --size") << QStringList {QStringLiteral("--target-p99-wait"), QStringLiteral("60")}
                                           << QByteArray("gpuplan-cli simulate: --target-p99-wait needs --size");
    QTest::addRow("inflate") << QStringList {QStringLiteral("--size"), QStringLiteral("--target-p99-wait"),
        QStringLiteral("60"), QStringLiteral("--inflate")}
                             << QByteArray("gpuplan-cli simulate: --inflate is not an option of --size");
    QTest::addRow("unknown gpu") << QStringList {QStringLiteral("--size"), QStringLiteral("--target-p99-wait"),
        QStringLiteral("60"), QStringLiteral("--gpu"), QStringLiteral("Z9000")}
                                 << QByteArray("gpuplan-cli simulate: GPU \"Z9000\": ");
    QTest::addRow("unknown scenario") << QStringList {QStringLiteral("--size"), QStringLiteral("--target-p99-wait"),
        QStringLiteral("60"), QStringLiteral("--scenarios"), QStringLiteral("nonesuch@3")}
                                      << QByteArray("gpuplan-cli simulate: --size expects NODES and TASKS, or only "
                                                    "NODES with --scenarios, got 2 files");
}

void TestCli::simulateSizeBadInput()
{
    QFETCH(QStringList, options);
    QFETCH(QByteArray, message);
    const QStringList env = {QStringLiteral("GPUPLAN_CATALOG_DIR=") + trace("size-catalog")};
    const Run r = cli(
        QStringList {QStringLiteral("simulate"), trace("size-nodes.csv"), trace("size-tasks.csv")} + options, {}, env);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(message), r.err.constData());
    // A scenario name the store does not hold (only NODES with --scenarios).
    const Run s = cli({QStringLiteral("simulate"), trace("size-nodes.csv"), QStringLiteral("--size"),
                          QStringLiteral("--target-p99-wait"), QStringLiteral("60"), QStringLiteral("--scenarios"),
                          QStringLiteral("nonesuch")},
        {}, env);
    QCOMPARE(s.code, 2);
    QVERIFY2(s.err.startsWith("gpuplan-cli simulate: scenario \"nonesuch\": no saved scenario of that name in "),
        s.err.constData());
}

void TestCli::pack()
{
    // pods-small.csv (tst_sharing traceFixture): shares 0.5, 0.46, 0.3, 0.25 → first-fit decreasing: 2 GPUs.
    const Run r
        = cli({QStringLiteral("pack"), trace("pods-small.csv"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j[QStringLiteral("sharing_tasks")].toInt(), 4);
    QCOMPARE(j[QStringLiteral("fractional")].toObject()[QStringLiteral("gpus")].toInt(), 2);
    // MIG on an A100-80GB: 0.5 → 4g.40gb, 0.46 → 4g.40gb, 0.3 → 3g.40gb, 0.25 → 2g.20gb: a 4g sits only at slices
    // 0–3, so each 4g takes a GPU of its own: GPU0 4g + 3g (slices 4–7), GPU1 4g + 2g (slices 4–5) → 2 GPUs.
    QCOMPARE(j[QStringLiteral("mig")].toObject()[QStringLiteral("gpus")].toInt(), 2);
    QCOMPARE(cli({QStringLiteral("pack"), trace("pods-small.csv"), QStringLiteral("--gpu"), QStringLiteral("L4")}).code,
        2); // no MIG
}

namespace {

QString calibrationData(const char* name)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/calibration/") + QString::fromUtf8(name);
}

QStringList sweepArgs(const QString& db)
{
    return {QStringLiteral("calibrate"), QStringLiteral("--import"),
        calibrationData("sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl"), QStringLiteral("--gpu"),
        QStringLiteral("H200"), QStringLiteral("--gpus"), QStringLiteral("4"), QStringLiteral("--tp"),
        QStringLiteral("4"), QStringLiteral("--model"), QStringLiteral("llama-3.3-70b"), QStringLiteral("--engine"),
        QStringLiteral("sglang"), QStringLiteral("--runs"), QStringLiteral("1-5"), QStringLiteral("--db"), db};
}

} // namespace

void TestCli::accuracyOutOfFold()
{
    // Leave one publisher out, training and serving in one report: every row of both bundled tables with its
    // out-of-fold estimate, then the groups. The counts are the tables': 48 rows of group "training" and 18 of
    // DeepSeek-V3, Qwen3-30B-A3B and Qwen3-235B-A22B (the MoE models) in validation/training.csv.
    // One refit per publisher of both tables (a few seconds in a release build, minutes under the sanitizers).
    const Run r = cli({QStringLiteral("accuracy"), QStringLiteral("--out-of-fold")}, {}, {}, 600000);
    QVERIFY2(r.code == 0, r.err.constData());
    std::map<QString, QStringList> rows, groups;
    for (const QByteArray& line : r.out.split('\n')) {
        const QStringList f = QString::fromUtf8(line).split(QRegularExpression(QStringLiteral("\\s{2,}")));
        if (f.size() == 6)
            rows[f[0]] = f;
        else if (f.size() == 4)
            groups[f[0]] = f;
    }
    const auto number = [](QString s) { return s.remove(QLatin1Char(',')).toDouble(); };
    for (const char* id : {"nv-2511-024a", "meta-l3-2a", "J01"}) {
        QVERIFY2(rows.count(QString::fromLatin1(id)), id);
        const QStringList& f = rows[QString::fromLatin1(id)];
        const double published = number(f[3]), estimated = number(f[4]);
        QVERIFY(published > 0 && estimated > 0);
        QVERIFY2(std::abs(number(f[5]) - (estimated - published) / published * 100) < 0.06, id);
    }
    QCOMPARE(groups[QStringLiteral("training")].value(1), QStringLiteral("48"));
    QCOMPARE(groups[QStringLiteral("training MoE")].value(1), QStringLiteral("18"));
    QVERIFY(groups.count(QStringLiteral("serving throughput")));
}

void TestCli::calibrateFromBenchmark()
{
    // SGLang's 70B request-rate sweep on 4 × H200, fitted and stored in a store of its own; a plan serving a dense
    // GQA model on H200 with SGLang then says it is calibrated, by which file, with the residuals in its JSON.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("calibrated.sqlite"));
    const Run fit = cli(sweepArgs(db));
    QVERIFY2(fit.code == 0, fit.err.constData());
    QVERIFY(fit.out.contains("fitted on H200-SXM-141GB × 4 (TP 4), llama-3.3-70b (dense GQA), sglang"));
    QVERIFY(fit.out.contains("request rate 16/s"));
    QVERIFY(fit.out.contains("run 5 left out: overloaded: the server delivered 52%"));
    QVERIFY(fit.err.contains("stored: plans serving dense GQA models on H200-SXM-141GB with sglang"));
    const Run list = cli({QStringLiteral("calibrate"), QStringLiteral("--list"), QStringLiteral("--db"), db});
    QVERIFY(list.out.contains("H200-SXM-141GB, dense GQA, sglang: serving factors fitted to "
                              "datacrunch_h200_llama_3_3_70b_online_output.jsonl"));
    // JSON output, without storing (--dry-run): every run's three figures.
    QStringList dry = sweepArgs(db);
    dry << QStringLiteral("--output-format") << QStringLiteral("json") << QStringLiteral("--dry-run");
    const Run json = cli(dry);
    QCOMPARE(json.code, 0);
    const QJsonObject cal = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(cal.value(QStringLiteral("residuals")).toArray().size(), 15);
    QCOMPARE(cal.value(QStringLiteral("family")).toString(), QStringLiteral("dense GQA"));

    QTemporaryDir wdir;
    const QString workload = wdir.filePath(QStringLiteral("w.json"));
    {
        QFile f(workload);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "gpuplan.workload/1", "name": "70B on SGLang", "kind": "inference",
            "model": {"preset": "llama-3.1-70b"},
            "inference": {"prompt_tokens": 512, "output_tokens": 512, "engine": "sglang", "concurrency": 32},
            "hardware": {"gpu": "H200", "count": 4, "tp": 4}})");
    }
    const Run plan = cli({QStringLiteral("plan"), workload, QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--no-prices"), QStringLiteral("--db"), db});
    QVERIFY2(plan.code == 0, plan.err.constData());
    const QJsonObject p = QJsonDocument::fromJson(plan.out).object();
    const QJsonObject e = p.value(QStringLiteral("estimate")).toObject();
    QCOMPARE(e.value(QStringLiteral("calibrated")).toBool(), true);
    QCOMPARE(e.value(QStringLiteral("serving_calibration")).toObject().value(QStringLiteral("file")).toString(),
        QStringLiteral("datacrunch_h200_llama_3_3_70b_online_output.jsonl"));
    const QJsonArray cals = p.value(QStringLiteral("serving_calibrations")).toArray();
    QCOMPARE(cals.size(), 1);
    QCOMPARE(cals[0].toObject().value(QStringLiteral("residuals")).toArray().size(), 15);
    QVERIFY(
        QString::fromUtf8(plan.out).contains(QStringLiteral("serving on H200-SXM-141GB with SGLang for dense GQA")));
    // The calibrated range comes from the fit's held-out figures, narrower than the published runs' 0.72 – 1.30.
    const double ttft = e.value(QStringLiteral("ttft_ms")).toDouble();
    QVERIFY(e.value(QStringLiteral("ttft_ms_high")).toDouble() / ttft < 1.2);
    // On H100 the same plan is not calibrated.
    QFile f(workload);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll().replace("\"H200\"", "\"H100\"");
    f.close();
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    const Run h100 = cli({QStringLiteral("plan"), workload, QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--no-prices"), QStringLiteral("--db"), db});
    QCOMPARE(QJsonDocument::fromJson(h100.out)
                 .object()
                 .value(QStringLiteral("estimate"))
                 .toObject()
                 .value(QStringLiteral("calibrated"))
                 .toBool(),
        false);
}

void TestCli::calibrateBadInput_data()
{
    QTest::addColumn<QStringList>("change"); // option, value pairs set over sweepArgs (value "" removes it)
    QTest::addColumn<QString>("expected");
    QTest::addRow("no GPU") << QStringList {QStringLiteral("--gpu"), QString()}
                            << "--gpu is required with a benchmark result";
    QTest::addRow("unknown GPU") << QStringList {QStringLiteral("--gpu"), QStringLiteral("H300")}
                                 << "--gpu: unknown GPU \"H300\"; closest known:";
    QTest::addRow("unknown model") << QStringList {QStringLiteral("--model"), QStringLiteral("llama-33-70b")}
                                   << "--model: unknown model preset \"llama-33-70b\"";
    QTest::addRow("gpus") << QStringList {QStringLiteral("--gpus"), QStringLiteral("four")}
                          << "--gpus: must be a whole number ≥ 1, got \"four\"";
    QTest::addRow("format") << QStringList {QStringLiteral("--format"), QStringLiteral("genai-perf")}
                            << "--format: must be one of vllm, sglang, aiperf, got \"genai-perf\"";
    QTest::addRow("another format") << QStringList {QStringLiteral("--format"), QStringLiteral("vllm")}
                                    << "/mean_tpot_ms: required: not a vLLM benchmark result";
    QTest::addRow("truncated") << QStringList {QStringLiteral("--import"), QStringLiteral("TRUNCATED")}
                               << "truncated.jsonl:2: not valid JSON at byte";
    QTest::addRow("fit run") << QStringList {QStringLiteral("--fit-runs"), QStringLiteral("5")}
                             << "--fit-runs: run 5 cannot be fitted to: overloaded";
    QTest::addRow("runs") << QStringList {QStringLiteral("--runs"), QStringLiteral("5-1")}
                          << "--runs: must be run numbers like 1-5 or 1,3, got \"5-1\"";
}

void TestCli::calibrateBadInput()
{
    QFETCH(QStringList, change);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QStringList args = sweepArgs(dir.filePath(QStringLiteral("s.sqlite")));
    for (int i = 0; i + 1 < change.size(); i += 2) {
        QString value = change[i + 1];
        if (value == QStringLiteral("TRUNCATED")) {
            // The sweep's first line and half of its second.
            QFile in(calibrationData("sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl"));
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QByteArray text = in.readAll();
            value = dir.filePath(QStringLiteral("truncated.jsonl"));
            QFile out(value);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.left(text.indexOf('\n') + 300));
        }
        const int at = args.indexOf(change[i]);
        if (at >= 0 && value.isEmpty())
            args.remove(at, 2);
        else if (at >= 0)
            args[at + 1] = value;
        else
            args << change[i] << value;
    }
    const Run r = cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
