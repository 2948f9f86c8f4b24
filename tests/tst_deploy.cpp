// Deployment files for the chosen candidate: SkyPilot tasks and Kubernetes manifests, read back with a real
// YAML parser (PyYAML's safe_load_all) and checked against the plan's JSON.
#include "app/report/deploy.h"
#include "core/planner.h"
#include "core/workload.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>

using namespace gpuplan;

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

const QTemporaryDir& storeDir()
{
    static QTemporaryDir dir;
    return dir;
}

Run cli(const QStringList& args, const QString& catalogDir = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLAN_DB"), storeDir().filePath(QStringLiteral("store.sqlite")));
    if (!catalogDir.isEmpty())
        env.insert(QStringLiteral("GPUPLAN_CATALOG_DIR"), catalogDir);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GPUPLAN_CLI), args);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000))
        qFatal("gpuplan-cli did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

/// The YAML documents as JSON, as PyYAML reads them; nullopt (with the parser's message) when it cannot.
std::optional<QJsonArray> parseYaml(const QByteArray& yaml, QByteArray* error = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("python3"),
        {QStringLiteral("-c"),
            QStringLiteral("import sys, json, yaml; print(json.dumps(list(yaml.safe_load_all(sys.stdin.read()))))")});
    p.write(yaml);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (error)
            *error = p.readAllStandardError();
        return std::nullopt;
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput()).array();
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The document of a given kind in a parsed manifest.
QJsonObject kind(const QJsonArray& docs, const char* k)
{
    for (const auto& d : docs)
        if (d.toObject().value(QStringLiteral("kind")).toString() == QLatin1String(k))
            return d.toObject();
    return {};
}

QJsonObject at(const QJsonObject& o, const QStringList& path)
{
    QJsonObject cur = o;
    for (const auto& p : path)
        cur = cur.value(p).toObject();
    return cur;
}

core::Workload workload(const char* json)
{
    auto w = core::parseWorkload(json, "w.json", test::models(), test::gpus());
    if (!w)
        qFatal("%s", w.error().detail.c_str());
    return std::move(w).value();
}

} // namespace

class TestDeploy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void quotingSurvivesAParser_data();
    void quotingSurvivesAParser();
    void names_data();
    void names();
    void skyPilotTaskFromThePlan();
    void nameCannotInjectKeys();
    void kubernetesJobFromThePlan();
    void kubernetesServingOnStandardOutput();
    void migSlices();
    void amdAndUnpriced();
    void multiNodeServingReplica();
    void wideExpertParallelReplica();
    void mixedFleet();
    void disaggregatedPools();
    void disaggregatedWideReplica();

private:
    QTemporaryDir m_dir;
    /// The LoRA example restricted to AWS: a cloud SkyPilot knows, 8-GPU instances.
    QString awsWorkload();
};

void TestDeploy::initTestCase()
{
    QProcess p;
    p.start(QStringLiteral("python3"), {QStringLiteral("-c"), QStringLiteral("import yaml")});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        QSKIP(
            "python3 with PyYAML is needed to read the YAML back (Debian: python3-yaml; .ci/install-deps installs it)");
}

QString TestDeploy::awsWorkload()
{
    const QString path = m_dir.filePath(QStringLiteral("lora-aws.json"));
    if (!QFile::exists(path)) {
        QJsonObject w = readJson(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-70b-lora.json"));
        w.insert(QStringLiteral("constraints"),
            QJsonObject {{QStringLiteral("providers"), QJsonArray {QStringLiteral("aws")}}});
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(QJsonDocument(w).toJson());
    }
    return path;
}

void TestDeploy::quotingSurvivesAParser_data()
{
    QTest::addColumn<QString>("text");
    QTest::addRow("plain") << QStringLiteral("p5.48xlarge");
    QTest::addRow("colon and hash") << QStringLiteral("a: b # not a comment");
    QTest::addRow("quotes and backslash") << QStringLiteral("say \"hi\" \\ 'there'");
    QTest::addRow("flow characters") << QStringLiteral("{[&*!|>%@`,]}");
    QTest::addRow("looks like a number") << QStringLiteral("0012");
    QTest::addRow("looks like a bool") << QStringLiteral("yes");
    QTest::addRow("newline and tab") << QStringLiteral("line 1\nline 2\tend");
    QTest::addRow("control character") << QString(QChar(0x07)) + QStringLiteral("bell");
    QTest::addRow("Chinese") << QStringLiteral("北京 cn-beijing");
    QTest::addRow("region with commas") << QStringLiteral("Texas, US, NA");
    QTest::addRow("empty") << QString();
    // Unicode line breaks: YAML ends a line (and a comment) at NEL, LS and PS too.
    QTest::addRow("line separator") << QStringLiteral("a") + QChar(0x2028) + QStringLiteral("b");
    QTest::addRow("paragraph separator") << QStringLiteral("a") + QChar(0x2029) + QStringLiteral("b");
    QTest::addRow("next line") << QStringLiteral("a") + QChar(0x0085) + QStringLiteral("b");
}

void TestDeploy::quotingSurvivesAParser()
{
    QFETCH(QString, text);
    const QByteArray doc = "key: " + QByteArray::fromStdString(report::yamlQuote(text.toStdString())) + "\n";
    QByteArray error;
    const auto parsed = parseYaml(doc, &error);
    QVERIFY2(parsed, error.constData());
    QCOMPARE(parsed->first().toObject().value(QStringLiteral("key")).toString(), text);
}

void TestDeploy::names_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("skypilot");
    QTest::addColumn<QString>("label");
    // SkyPilot: `sky show-gpus -a`; labels: what GPU feature discovery writes (nvidia-smi's name, '-' for spaces).
    QTest::addRow("H100 SXM") << QStringLiteral("H100-SXM-80GB") << QStringLiteral("H100")
                              << QStringLiteral("NVIDIA-H100-80GB-HBM3");
    QTest::addRow("A100 80GB") << QStringLiteral("A100-SXM-80GB") << QStringLiteral("A100-80GB")
                               << QStringLiteral("NVIDIA-A100-SXM4-80GB");
    QTest::addRow("A100 40GB") << QStringLiteral("A100-SXM-40GB") << QStringLiteral("A100")
                               << QStringLiteral("NVIDIA-A100-SXM4-40GB");
    QTest::addRow("V100 32GB") << QStringLiteral("V100-SXM2-32GB") << QStringLiteral("V100-32GB")
                               << QStringLiteral("Tesla-V100-SXM2-32GB");
    QTest::addRow("T4") << QStringLiteral("T4") << QStringLiteral("T4") << QStringLiteral("Tesla-T4");
    QTest::addRow("L40S") << QStringLiteral("L40S") << QStringLiteral("L40S") << QStringLiteral("NVIDIA-L40S");
    QTest::addRow("H200") << QStringLiteral("H200-SXM-141GB") << QStringLiteral("H200")
                          << QStringLiteral("NVIDIA-H200");
    QTest::addRow("MI300X") << QStringLiteral("MI300X") << QStringLiteral("MI300X")
                            << QStringLiteral("AMD_Instinct_MI300X_OAM");
}

void TestDeploy::names()
{
    QFETCH(QString, gpu);
    QFETCH(QString, skypilot);
    QFETCH(QString, label);
    const core::GpuSpec& g = test::gpu(gpu.toUtf8().constData());
    QCOMPARE(QString::fromStdString(report::skyPilotAccelerator(g)), skypilot);
    QCOMPARE(QString::fromStdString(report::gpuProductLabel(g)), label);
    QCOMPARE(QString::fromStdString(report::dnsLabel("Llama-3.1-70B LoRA fine-tuning, 200M tokens")),
        QStringLiteral("llama-3-1-70b-lora-fine-tuning-200m-tokens"));
    QCOMPARE(QString::fromStdString(report::dnsLabel("!!!")), QStringLiteral("gpuplan-job"));
    QCOMPARE(report::dnsLabel(std::string(100, 'a')).size(), std::size_t(63));
    QCOMPARE(report::skyPilotCloud("aws"), std::string("aws"));
    QCOMPARE(report::skyPilotCloud("alibaba"), std::string());
}

void TestDeploy::skyPilotTaskFromThePlan()
{
    const QString json = m_dir.filePath(QStringLiteral("plan.json"));
    const QString yaml = m_dir.filePath(QStringLiteral("task.yaml"));
    const Run r = cli({QStringLiteral("plan"), awsWorkload(), QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--output"), json, QStringLiteral("--emit"), QStringLiteral("skypilot"),
        QStringLiteral("--emit-output"), yaml});
    QVERIFY2(r.code == 0, r.err.constData());
    QByteArray error;
    const auto docs = parseYaml(readAll(yaml), &error);
    QVERIFY2(docs, error.constData());
    QCOMPARE(docs->size(), 1);
    const QJsonObject task = docs->first().toObject();
    const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
    const QJsonObject res = task.value(QStringLiteral("resources")).toObject();
    // "H100:8": SkyPilot's name for the GPU and the GPUs per instance; one node per instance.
    QCOMPARE(res.value(QStringLiteral("accelerators")).toString(),
        QStringLiteral("H100:%1").arg(top.value(QStringLiteral("gpus_per_instance")).toInt()));
    QCOMPARE(task.value(QStringLiteral("num_nodes")).toInt(), top.value(QStringLiteral("instances")).toInt());
    QCOMPARE(res.value(QStringLiteral("cloud")).toString(), QStringLiteral("aws"));
    QCOMPARE(res.value(QStringLiteral("region")).toString(), top.value(QStringLiteral("region")).toString());
    QCOMPARE(
        res.value(QStringLiteral("instance_type")).toString(), top.value(QStringLiteral("instance_type")).toString());
    QCOMPARE(res.value(QStringLiteral("use_spot")).toBool(),
        top.value(QStringLiteral("pricing_model")).toString() == QLatin1String("spot"));
    QVERIFY(res.value(QStringLiteral("use_spot")).isBool());
    QVERIFY(task.value(QStringLiteral("run")).toString().contains(QStringLiteral("torchrun")));
    QVERIFY(task.value(QStringLiteral("setup")).isString());
    QCOMPARE(task.value(QStringLiteral("envs")).toObject().value(QStringLiteral("GPUPLAN_GPU")).toString(),
        QStringLiteral("H100-SXM-80GB"));
}

// A workload name with U+2028 (or U+0085, CR) and YAML after it once ended the header comment and injected
// `file_mounts` into the SkyPilot task; the name stays inside its comment line.
void TestDeploy::nameCannotInjectKeys()
{
    QJsonObject w = readJson(awsWorkload());
    w.insert(QStringLiteral("name"),
        QString(QStringLiteral("x") + QChar(0x2028) + QStringLiteral("file_mounts: {~/.ssh: /tmp}") + QChar(0x0085)
            + QStringLiteral("evil: 1\rworkdir: /")));
    const QString path = m_dir.filePath(QStringLiteral("evil.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(w).toJson());
    }
    const QString yaml = m_dir.filePath(QStringLiteral("evil.yaml"));
    const Run r = cli({QStringLiteral("plan"), path, QStringLiteral("--emit"), QStringLiteral("skypilot"),
        QStringLiteral("--emit-output"), yaml});
    QVERIFY2(r.code == 0, r.err.constData());
    QByteArray error;
    const auto docs = parseYaml(readAll(yaml), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject task = docs->first().toObject();
    QVERIFY(!task.contains(QStringLiteral("file_mounts")));
    QVERIFY(!task.contains(QStringLiteral("evil")));
    QVERIFY(!task.contains(QStringLiteral("workdir")));
}

void TestDeploy::kubernetesJobFromThePlan()
{
    const QString json = m_dir.filePath(QStringLiteral("plan-k8s.json"));
    const QString yaml = m_dir.filePath(QStringLiteral("job.yaml"));
    const Run r = cli({QStringLiteral("plan"), awsWorkload(), QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--output"), json, QStringLiteral("--emit"), QStringLiteral("k8s"),
        QStringLiteral("--emit-output"), yaml});
    QVERIFY2(r.code == 0, r.err.constData());
    QByteArray error;
    const auto docs = parseYaml(readAll(yaml), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
    const QJsonObject job = kind(*docs, "Job");
    QCOMPARE(job.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("batch/v1"));
    const int instances = top.value(QStringLiteral("instances")).toInt();
    QCOMPARE(at(job, {QStringLiteral("spec")}).value(QStringLiteral("completions")).toInt(), instances);
    QCOMPARE(at(job, {QStringLiteral("spec")}).value(QStringLiteral("parallelism")).toInt(), instances);
    const QJsonObject pod = at(job, {QStringLiteral("spec"), QStringLiteral("template"), QStringLiteral("spec")});
    QCOMPARE(
        pod.value(QStringLiteral("nodeSelector")).toObject().value(QStringLiteral("nvidia.com/gpu.product")).toString(),
        QStringLiteral("NVIDIA-H100-80GB-HBM3"));
    const QJsonObject container = pod.value(QStringLiteral("containers")).toArray().first().toObject();
    QCOMPARE(at(container, {QStringLiteral("resources"), QStringLiteral("limits")})
                 .value(QStringLiteral("nvidia.com/gpu"))
                 .toInt(),
        top.value(QStringLiteral("gpus_per_instance")).toInt());
    if (instances > 1) // indexed pods find each other through a headless Service
        QCOMPARE(kind(*docs, "Service")
                     .value(QStringLiteral("spec"))
                     .toObject()
                     .value(QStringLiteral("clusterIP"))
                     .toString(),
            QStringLiteral("None"));
}

void TestDeploy::kubernetesServingOnStandardOutput()
{
    const QString example = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json");
    const Run r = cli({QStringLiteral("plan"), example, QStringLiteral("--emit"), QStringLiteral("k8s")});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(!r.out.contains("Workload:"), "with --emit and no --emit-output, standard output is the YAML only");
    QByteArray error;
    const auto docs = parseYaml(r.out, &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject dep = kind(*docs, "Deployment");
    QCOMPARE(dep.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("apps/v1"));
    QVERIFY(!kind(*docs, "Service").isEmpty());
    const Run j = cli({QStringLiteral("plan"), example, QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonObject top
        = QJsonDocument::fromJson(j.out).object().value(QStringLiteral("candidates")).toArray().first().toObject();
    const QJsonObject container = at(dep, {QStringLiteral("spec"), QStringLiteral("template"), QStringLiteral("spec")})
                                      .value(QStringLiteral("containers"))
                                      .toArray()
                                      .first()
                                      .toObject();
    const int perPod = at(container, {QStringLiteral("resources"), QStringLiteral("limits")})
                           .value(QStringLiteral("nvidia.com/gpu"))
                           .toInt();
    const int replicas = at(dep, {QStringLiteral("spec")}).value(QStringLiteral("replicas")).toInt();
    // Pods × GPUs per pod = the plan's GPUs; each pod is one replica of tp × pp GPUs.
    QCOMPARE(replicas * perPod, top.value(QStringLiteral("gpus")).toInt());
    const QJsonObject layout = top.value(QStringLiteral("layout")).toObject();
    QCOMPARE(perPod, layout.value(QStringLiteral("tp")).toInt() * layout.value(QStringLiteral("pp")).toInt());
}

void TestDeploy::migSlices()
{
    // Llama-3.1-8B in bf16 (16 GB of weights) on one H100, one replica: 3g.40gb holds it, 1g.10gb does not.
    const core::Workload w = workload(R"({"kind":"inference","name":"small chat","model":{"preset":"llama-3.1-8b"},
        "inference":{"prompt_tokens":512,"output_tokens":128,"concurrency":4}})");
    const core::Candidate c = core::evaluate(w, test::gpu("H100-SXM-80GB"), 1, nullptr);
    QVERIFY(c.fits);
    report::DeployOptions o;
    o.migProfile = "3g.40gb";
    auto yaml = report::kubernetesManifest(w, c, o);
    QVERIFY2(yaml, yaml ? "" : yaml.error().detail.c_str());
    QByteArray error;
    const auto docs = parseYaml(QByteArray::fromStdString(*yaml), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject container
        = at(kind(*docs, "Deployment"), {QStringLiteral("spec"), QStringLiteral("template"), QStringLiteral("spec")})
              .value(QStringLiteral("containers"))
              .toArray()
              .first()
              .toObject();
    const QJsonObject limits = at(container, {QStringLiteral("resources"), QStringLiteral("limits")});
    QCOMPARE(limits.value(QStringLiteral("nvidia.com/mig-3g.40gb")).toInt(), 1);
    QVERIFY(!limits.contains(QStringLiteral("nvidia.com/gpu")));
    o.migProfile = "1g.10gb";
    auto small = report::kubernetesManifest(w, c, o);
    QVERIFY(!small);
    QCOMPARE(small.error().code, core::ErrorCode::DoesNotFit);
    o.migProfile = "9g.99gb";
    auto unknown = report::kubernetesManifest(w, c, o);
    QVERIFY(!unknown);
    QVERIFY(unknown.error().detail.find("1g.10gb") != std::string::npos); // lists the GPU's real profiles
    QVERIFY(!report::kubernetesManifest(w, core::evaluate(w, test::gpu("L4"), 1, nullptr), [] {
        report::DeployOptions l4;
        l4.migProfile = "1g.10gb";
        return l4;
    }()));
}

void TestDeploy::amdAndUnpriced()
{
    // An estimate with no price still deploys: 8 × MI300X in one node, AMD's device plugin and labeller.
    const core::Workload w = workload(R"({"kind":"training","name":"mi300x run","model":{"preset":"llama-3.1-8b"},
        "training":{"tokens":1e9}})");
    const core::Candidate c = core::evaluate(w, test::gpu("MI300X"), 8, nullptr);
    auto k8s = report::kubernetesManifest(w, c);
    QVERIFY(k8s);
    QByteArray error;
    auto docs = parseYaml(QByteArray::fromStdString(*k8s), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject pod
        = at(kind(*docs, "Job"), {QStringLiteral("spec"), QStringLiteral("template"), QStringLiteral("spec")});
    QCOMPARE(pod.value(QStringLiteral("nodeSelector"))
                 .toObject()
                 .value(QStringLiteral("amd.com/gpu.product-name"))
                 .toString(),
        QStringLiteral("AMD_Instinct_MI300X_OAM"));
    QCOMPARE(at(pod.value(QStringLiteral("containers")).toArray().first().toObject(),
                 {QStringLiteral("resources"), QStringLiteral("limits")})
                 .value(QStringLiteral("amd.com/gpu"))
                 .toInt(),
        8);
    auto sky = report::skyPilotTask(w, c);
    QVERIFY(sky);
    docs = parseYaml(QByteArray::fromStdString(*sky), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject task = docs->first().toObject();
    QCOMPARE(task.value(QStringLiteral("resources")).toObject().value(QStringLiteral("accelerators")).toString(),
        QStringLiteral("MI300X:8"));
    QVERIFY(!task.value(QStringLiteral("resources")).toObject().contains(QStringLiteral("cloud")));
    QCOMPARE(task.value(QStringLiteral("num_nodes")).toInt(), 1);
}

// DeepSeek-V3 in FP8 needs 671 GB of weights: more than one 8 × H100 instance (640 GB) holds, so a replica spans two
// (tensor parallel 8 inside each, pipeline parallel 2 across: pinned, since wide expert parallelism over the same 16
// GPUs is the other way, tested in wideExpertParallelReplica). SkyServe places a replica on one node, so the SkyPilot
// task is a 2-node cluster per replica; Kubernetes gets a LeaderWorkerSet whose groups are the replicas.
void TestDeploy::multiNodeServingReplica()
{
    const QString path = m_dir.filePath(QStringLiteral("deepseek.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema":"gpuplan.workload/1","kind":"inference","name":"DeepSeek-V3 chat",
            "model":{"preset":"deepseek-v3"},
            "inference":{"prompt_tokens":2000,"output_tokens":500,"weight_precision":"fp8","kv_precision":"fp8",
                         "requests_per_second":2},
            "constraints":{"providers":["aws"],"pricing":["on_demand"]},
            "hardware":{"gpu":"H100-SXM-80GB","count":16,"tp":8,"pp":2}})");
    }
    const QString json = m_dir.filePath(QStringLiteral("deepseek-plan.json"));
    const QString sky = m_dir.filePath(QStringLiteral("deepseek-sky.yaml"));
    const QString k8s = m_dir.filePath(QStringLiteral("deepseek-k8s.yaml"));
    Run r = cli(
        {QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--output"),
            json, QStringLiteral("--emit"), QStringLiteral("skypilot"), QStringLiteral("--emit-output"), sky});
    QVERIFY2(r.code == 0, r.err.constData());
    r = cli({QStringLiteral("plan"), path, QStringLiteral("--emit"), QStringLiteral("k8s"),
        QStringLiteral("--emit-output"), k8s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
    const QJsonObject layout = top.value(QStringLiteral("layout")).toObject();
    QCOMPARE(top.value(QStringLiteral("gpus_per_instance")).toInt(), 8);
    QCOMPARE(top.value(QStringLiteral("gpus")).toInt(), 16);
    QCOMPARE(layout.value(QStringLiteral("tp")).toInt(), 8);
    QCOMPARE(layout.value(QStringLiteral("pp")).toInt(), 2);

    QByteArray error;
    auto docs = parseYaml(readAll(sky), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject task = docs->first().toObject();
    QCOMPARE(task.value(QStringLiteral("num_nodes")).toInt(), 2); // one replica: 16 GPUs / 8 per instance
    QVERIFY(!task.contains(QStringLiteral("service")));
    QCOMPARE(task.value(QStringLiteral("resources")).toObject().value(QStringLiteral("accelerators")).toString(),
        QStringLiteral("H100:8"));
    QVERIFY(task.value(QStringLiteral("run")).toString().contains(QStringLiteral("--pipeline-parallel-size 2")));

    docs = parseYaml(readAll(k8s), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject lws = kind(*docs, "LeaderWorkerSet");
    QCOMPARE(lws.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("leaderworkerset.x-k8s.io/v1"));
    QCOMPARE(at(lws, {QStringLiteral("spec")}).value(QStringLiteral("replicas")).toInt(), 1);
    const QJsonObject group = at(lws, {QStringLiteral("spec"), QStringLiteral("leaderWorkerTemplate")});
    QCOMPARE(group.value(QStringLiteral("size")).toInt(), 2);
    for (const char* role : {"leaderTemplate", "workerTemplate"}) {
        const QJsonObject container = at(group, {QLatin1String(role), QStringLiteral("spec")})
                                          .value(QStringLiteral("containers"))
                                          .toArray()
                                          .first()
                                          .toObject();
        QCOMPARE(at(container, {QStringLiteral("resources"), QStringLiteral("limits")})
                     .value(QStringLiteral("nvidia.com/gpu"))
                     .toInt(),
            8);
    }
    QVERIFY(kind(*docs, "Deployment").isEmpty()); // a Deployment's pod cannot hold 16 GPUs of 8-GPU nodes
    QCOMPARE(at(kind(*docs, "Service"), {QStringLiteral("spec"), QStringLiteral("selector")})
                 .value(QStringLiteral("role"))
                 .toString(),
        QStringLiteral("leader"));
}

// DeepSeek-V3 in FP8 with ep pinned to 16 on 8 × H200 instances: one co-located replica of tp = ep = 16 over two
// instances, attention data-parallel. SGLang runs it as one launch_server per instance joined by --nnodes 2 (its
// DeepSeek multi-node example); vLLM as 16 data-parallel ranks with the experts spread over them, 8 on each instance,
// the second instance headless from rank 8 (docs.vllm.ai "Data Parallel Deployment"). Kubernetes gets a
// LeaderWorkerSet group of 2 pods of 8 GPUs a replica; read back by PyYAML.
void TestDeploy::wideExpertParallelReplica()
{
    for (const char* engine : {"sglang", "vllm"}) {
        const QString tag = QLatin1String(engine);
        const QString path = m_dir.filePath(QStringLiteral("wide-colocated-%1.json").arg(tag));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QStringLiteral(R"({"schema":"gpuplan.workload/1","kind":"inference","name":"DeepSeek-V3 wide EP",
                "model":{"preset":"deepseek-v3"},
                "inference":{"engine":"%1","prompt_tokens":2000,"output_tokens":500,"weight_precision":"fp8",
                             "kv_precision":"fp8","requests_per_second":2},
                "constraints":{"pricing":["on_demand"]},
                "hardware":{"gpu":"H200-SXM-141GB","count":16,"ep":16}})")
                        .arg(tag)
                        .toUtf8());
        }
        const QString json = m_dir.filePath(QStringLiteral("wide-colocated-%1-plan.json").arg(tag));
        const QString k8s = m_dir.filePath(QStringLiteral("wide-colocated-%1-k8s.yaml").arg(tag));
        const QString sky = m_dir.filePath(QStringLiteral("wide-colocated-%1-sky.yaml").arg(tag));
        Run r = cli({QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"),
            QStringLiteral("--output"), json, QStringLiteral("--emit"), QStringLiteral("k8s"),
            QStringLiteral("--emit-output"), k8s});
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({QStringLiteral("plan"), path, QStringLiteral("--emit"), QStringLiteral("skypilot"),
            QStringLiteral("--emit-output"), sky});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
        QCOMPARE(top.value(QStringLiteral("gpus_per_instance")).toInt(), 8);
        const QJsonObject layout = top.value(QStringLiteral("layout")).toObject();
        QCOMPARE(layout.value(QStringLiteral("tp")).toInt(), 16);
        QCOMPARE(layout.value(QStringLiteral("pp")).toInt(), 1);
        QCOMPARE(top.value(QStringLiteral("expert_parallel")).toInt(), 16);
        QVERIFY(top.value(QStringLiteral("attention_data_parallel")).toBool());
        // The replica is up while both its instances are: the instance's availability squared.
        const QJsonObject capacity = top.value(QStringLiteral("capacity")).toObject();
        const double instance = top.value(QStringLiteral("availability"))
                                    .toObject()
                                    .value(QStringLiteral("instance_availability"))
                                    .toDouble();
        QCOMPARE(capacity.value(QStringLiteral("instances_per_replica")).toInt(), 2);
        QVERIFY(instance > 0.9 && instance < 1.0);
        QVERIFY(qAbs(capacity.value(QStringLiteral("replica_availability")).toDouble() - instance * instance) < 1e-12);

        QByteArray error;
        auto docs = parseYaml(readAll(k8s), &error);
        QVERIFY2(docs, error.constData());
        const QJsonObject lws = kind(*docs, "LeaderWorkerSet");
        const QJsonObject group = at(lws, {QStringLiteral("spec"), QStringLiteral("leaderWorkerTemplate")});
        QCOMPARE(group.value(QStringLiteral("size")).toInt(), 2);
        auto args = [&](const char* role) {
            const QJsonObject container = at(group, {QLatin1String(role), QStringLiteral("spec")})
                                              .value(QStringLiteral("containers"))
                                              .toArray()
                                              .first()
                                              .toObject();
            return container.value(QStringLiteral("args")).toArray().first().toString();
        };
        const QString leader = args("leaderTemplate"), worker = args("workerTemplate");
        if (tag == QLatin1String("sglang")) {
            for (const QString& a : {leader, worker})
                QVERIFY2(a.contains(QLatin1String("--tp-size 16 --dp-size 16 --enable-dp-attention"))
                        && a.contains(QLatin1String("--moe-a2a-backend deepep"))
                        && a.contains(QLatin1String("--nnodes 2 --node-rank $LWS_WORKER_INDEX")),
                    qPrintable(a));
        } else {
            for (const QString& a : {leader, worker})
                QVERIFY2(a.contains(QLatin1String("--tensor-parallel-size 1 --data-parallel-size 16"))
                        && a.contains(QLatin1String("--enable-expert-parallel"))
                        && a.contains(QLatin1String("--data-parallel-size-local 8"))
                        && a.contains(QLatin1String("--headless --data-parallel-start-rank $((LWS_WORKER_INDEX * 8))")),
                    qPrintable(a));
        }
        QVERIFY2(!leader.contains(QLatin1String("ray start")), qPrintable(leader));

        docs = parseYaml(readAll(sky), &error);
        QVERIFY2(docs, error.constData());
        const QJsonObject task = docs->first().toObject();
        QCOMPARE(task.value(QStringLiteral("num_nodes")).toInt(), 2);
        const QString run = task.value(QStringLiteral("run")).toString();
        QVERIFY2(
            run.contains(tag == QLatin1String("sglang") ? QLatin1String("--nnodes 2 --node-rank $SKYPILOT_NODE_RANK")
                                                        : QLatin1String("--data-parallel-size-local 8")),
            qPrintable(run));
    }
}

// A mixed fleet on the bundled AWS rows of g5.xlarge in us-east-2 (on demand 1.006 USD/h, use2-az1 spot 0.377 USD/h,
// tests/data/catalog-aws-g5): the plan's month is base × 1.006 × 730 + burst × 0.377 × 730; SkyServe keeps the base
// on demand (base_ondemand_fallback_replicas) with use_spot for the rest; Kubernetes gets two Deployments, on-demand
// and spot nodes told apart by karpenter.sh/capacity-type, behind one Service. Read back by PyYAML.
void TestDeploy::mixedFleet()
{
    const QString path = m_dir.filePath(QStringLiteral("mixed.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema":"gpuplan.workload/1","kind":"inference","name":"Llama-3.1-8B spot burst",
            "model":{"preset":"llama-3.1-8b"},
            "inference":{"prompt_tokens":1024,"output_tokens":256,"weight_precision":"bf16","kv_precision":"bf16",
                         "requests_per_second":20,"slo":{"ttft_p99_ms":1000,"tpot_p99_ms":60},
                         "availability":0.999}})");
    }
    const QString catalog = QStringLiteral(GPUPLAN_TEST_DATA "/catalog-aws-g5");
    const QString json = m_dir.filePath(QStringLiteral("mixed-plan.json"));
    const QString sky = m_dir.filePath(QStringLiteral("mixed-sky.yaml"));
    const QString k8s = m_dir.filePath(QStringLiteral("mixed-k8s.yaml"));
    Run r = cli(
        {QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--output"),
            json, QStringLiteral("--emit"), QStringLiteral("skypilot"), QStringLiteral("--emit-output"), sky},
        catalog);
    QVERIFY2(r.code == 0, r.err.constData());
    r = cli({QStringLiteral("plan"), path, QStringLiteral("--emit"), QStringLiteral("k8s"),
                QStringLiteral("--emit-output"), k8s},
        catalog);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
    QCOMPARE(top.value(QStringLiteral("pricing_model")).toString(), QStringLiteral("on_demand+spot"));
    const QJsonObject mix = top.value(QStringLiteral("mixed_fleet")).toObject();
    const int base = mix.value(QStringLiteral("base_instances")).toInt();
    const int burst = mix.value(QStringLiteral("burst_instances")).toInt();
    QVERIFY(base >= 2 && burst >= 1);
    QCOMPARE(base + burst, top.value(QStringLiteral("instances")).toInt());
    QCOMPARE(mix.value(QStringLiteral("base_hourly_rate")).toDouble(), 1.006);
    GP_COMPARE_REL(top.value(QStringLiteral("total_cost")).toDouble(), base * 1.006 * 730 + burst * 0.377 * 730, 1e-9);

    QByteArray error;
    auto docs = parseYaml(readAll(sky), &error);
    QVERIFY2(docs, error.constData());
    const QJsonObject task = docs->first().toObject();
    QVERIFY(task.value(QStringLiteral("resources")).toObject().value(QStringLiteral("use_spot")).toBool());
    const QJsonObject policy = at(task, {QStringLiteral("service"), QStringLiteral("replica_policy")});
    QCOMPARE(policy.value(QStringLiteral("base_ondemand_fallback_replicas")).toInt(), base);
    QCOMPARE(policy.value(QStringLiteral("min_replicas")).toInt(), base + burst);
    QCOMPARE(policy.value(QStringLiteral("max_replicas")).toInt(), base + burst);
    QVERIFY(!at(task, {QStringLiteral("service")}).contains(QStringLiteral("replicas")));

    docs = parseYaml(readAll(k8s), &error);
    QVERIFY2(docs, error.constData());
    int deployments = 0, replicas = 0;
    for (const auto& d : *docs) {
        const QJsonObject o = d.toObject();
        if (o.value(QStringLiteral("kind")).toString() != QLatin1String("Deployment"))
            continue;
        ++deployments;
        const QJsonObject spec = o.value(QStringLiteral("spec")).toObject();
        const QString capacity
            = at(spec, {QStringLiteral("template"), QStringLiteral("spec"), QStringLiteral("nodeSelector")})
                  .value(QStringLiteral("karpenter.sh/capacity-type"))
                  .toString();
        const int n = spec.value(QStringLiteral("replicas")).toInt();
        QCOMPARE(n,
            capacity == QLatin1String("on-demand") ? mix.value(QStringLiteral("base_replicas")).toInt()
                                                   : mix.value(QStringLiteral("burst_replicas")).toInt());
        QVERIFY(capacity == QLatin1String("on-demand") || capacity == QLatin1String("spot"));
        replicas += n;
    }
    QCOMPARE(deployments, 2);
    QCOMPARE(replicas, base + burst); // one replica per g5.xlarge
    QCOMPARE(at(kind(*docs, "Service"), {QStringLiteral("spec"), QStringLiteral("selector")})
                 .value(QStringLiteral("app.kubernetes.io/name"))
                 .toString(),
        at(kind(*docs, "Deployment"), {QStringLiteral("metadata"), QStringLiteral("labels")})
            .value(QStringLiteral("app.kubernetes.io/name"))
            .toString());
}

// Separate prefill and decode pools (a pinned 2P1D of Llama-3.1-8B under SGLang on AWS g5): one Deployment per pool
// with its replicas, GPUs and SGLang's --disaggregation-mode, a Service per pool, and the router behind the public
// Service, read back with PyYAML and matched against the plan's JSON.
void TestDeploy::disaggregatedPools()
{
    const QString path = m_dir.filePath(QStringLiteral("pd.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema":"gpuplan.workload/1","kind":"inference","name":"Llama-3.1-8B 2P1D",
            "model":{"preset":"llama-3.1-8b"},
            "inference":{"engine":"sglang","prompt_tokens":1024,"output_tokens":256,"weight_precision":"bf16",
                         "requests_per_second":0.5,
                         "disaggregation":{"mode":"pinned","prefill":{"replicas":2,"tp":1},
                                           "decode":{"replicas":1,"tp":1}}}})");
    }
    const QString catalog = QStringLiteral(GPUPLAN_TEST_DATA "/catalog-aws-g5");
    const QString json = m_dir.filePath(QStringLiteral("pd-plan.json"));
    const QString k8s = m_dir.filePath(QStringLiteral("pd-k8s.yaml"));
    Run r = cli(
        {QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--output"),
            json, QStringLiteral("--emit"), QStringLiteral("k8s"), QStringLiteral("--emit-output"), k8s},
        catalog);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
    const QJsonObject d = top.value(QStringLiteral("disaggregation")).toObject();
    QCOMPARE(d.value(QStringLiteral("prefill")).toObject().value(QStringLiteral("replicas")).toInt(), 2);
    QCOMPARE(d.value(QStringLiteral("decode")).toObject().value(QStringLiteral("replicas")).toInt(), 1);
    QByteArray error;
    auto docs = parseYaml(readAll(k8s), &error);
    QVERIFY2(docs, error.constData());
    int deployments = 0, services = 0;
    for (const auto& v : *docs) {
        const QJsonObject o = v.toObject();
        const QString name = at(o, {QStringLiteral("metadata")}).value(QStringLiteral("name")).toString();
        QVERIFY2(name.size() <= 63, qPrintable(name));
        if (o.value(QStringLiteral("kind")).toString() == QLatin1String("Service")) {
            ++services;
            continue;
        }
        QCOMPARE(o.value(QStringLiteral("kind")).toString(), QStringLiteral("Deployment"));
        ++deployments;
        const QJsonObject spec = at(o, {QStringLiteral("spec")});
        const QJsonObject pod = at(spec, {QStringLiteral("template"), QStringLiteral("spec")});
        const QJsonObject container = pod.value(QStringLiteral("containers")).toArray().first().toObject();
        const QString args = container.value(QStringLiteral("args")).toArray().first().toString();
        const QJsonValue gpus = at(container, {QStringLiteral("resources"), QStringLiteral("limits")})
                                    .value(QStringLiteral("nvidia.com/gpu"));
        if (name.endsWith(QLatin1String("-prefill"))) {
            QCOMPARE(spec.value(QStringLiteral("replicas")).toInt(), 2);
            QCOMPARE(gpus.toInt(), 1);
            QVERIFY(args.contains(QLatin1String("--disaggregation-mode prefill")));
        } else if (name.endsWith(QLatin1String("-decode"))) {
            QCOMPARE(spec.value(QStringLiteral("replicas")).toInt(), 1);
            QCOMPARE(gpus.toInt(), 1);
            QVERIFY(args.contains(QLatin1String("--disaggregation-mode decode")));
        } else {
            QVERIFY(name.endsWith(QLatin1String("-router")));
            QVERIFY(gpus.isUndefined());
            QVERIFY(args.contains(QLatin1String("--pd-disaggregation")));
        }
    }
    QCOMPARE(deployments, 3);
    QCOMPARE(services, 3);
}

// The DeepSeek-V3 example over the bundled catalog, held to Nebius's eu-north1 H200 instances of 8 GPUs (where the
// plan's decode replica is 16 GPUs of expert parallelism: two instances; held there so that which provider is cheapest
// cannot change what is tested): a pool whose replica spans instances is a LeaderWorkerSet whose group has one pod per
// instance, each with that instance's GPUs, and the replicas, group size and GPUs agree with the plan's JSON.
void TestDeploy::disaggregatedWideReplica()
{
    const QString json = m_dir.filePath(QStringLiteral("wide.json"));
    const QString k8s = m_dir.filePath(QStringLiteral("wide-k8s.yaml"));
    const QString example = m_dir.filePath(QStringLiteral("deepseek-v3-h200.json"));
    {
        QJsonObject w = readJson(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/deepseek-v3-disaggregated-serving.json"));
        w.insert(QStringLiteral("constraints"),
            QJsonObject {{QStringLiteral("providers"), QJsonArray {QStringLiteral("nebius")}},
                {QStringLiteral("regions"), QJsonArray {QStringLiteral("eu-north1")}}});
        QFile f(example);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(w).toJson());
    }
    Run r = cli({QStringLiteral("plan"), example, QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--output"), json, QStringLiteral("--emit"), QStringLiteral("k8s"),
        QStringLiteral("--emit-output"), k8s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject d = readJson(json)
                              .value(QStringLiteral("candidates"))
                              .toArray()
                              .first()
                              .toObject()
                              .value(QStringLiteral("disaggregation"))
                              .toObject();
    QVERIFY(!d.isEmpty());
    QByteArray error;
    auto docs = parseYaml(readAll(k8s), &error);
    QVERIFY2(docs, error.constData());
    int wide = 0;
    for (const char* role : {"prefill", "decode"}) {
        const QJsonObject pool = d.value(QLatin1String(role)).toObject();
        const int tp = pool.value(QStringLiteral("tp")).toInt();
        const int perInstance = pool.value(QStringLiteral("gpus_per_instance")).toInt();
        for (const auto& v : *docs) {
            const QJsonObject o = v.toObject();
            if (!at(o, {QStringLiteral("metadata")})
                     .value(QStringLiteral("name"))
                     .toString()
                     .endsWith(QStringLiteral("-") + QLatin1String(role))
                || o.value(QStringLiteral("kind")).toString() == QLatin1String("Service"))
                continue;
            const QJsonObject spec = at(o, {QStringLiteral("spec")});
            QCOMPARE(spec.value(QStringLiteral("replicas")).toInt(), pool.value(QStringLiteral("replicas")).toInt());
            if (tp > perInstance) {
                ++wide;
                QCOMPARE(o.value(QStringLiteral("kind")).toString(), QStringLiteral("LeaderWorkerSet"));
                const QJsonObject group = at(spec, {QStringLiteral("leaderWorkerTemplate")});
                QCOMPARE(group.value(QStringLiteral("size")).toInt(), tp / perInstance);
                const QJsonObject leader = at(group, {QStringLiteral("leaderTemplate"), QStringLiteral("spec")})
                                               .value(QStringLiteral("containers"))
                                               .toArray()
                                               .first()
                                               .toObject();
                // SGLang's words for expert parallel with data-parallel attention over all the replica's GPUs.
                const QString args = leader.value(QStringLiteral("args")).toArray().first().toString();
                QVERIFY2(args.contains(QStringLiteral("--tp-size %1 --dp-size %1 --enable-dp-attention").arg(tp))
                        && args.contains(QLatin1String("--moe-a2a-backend deepep"))
                        && args.contains(QStringLiteral("--nnodes %1").arg(tp / perInstance)),
                    qPrintable(args));
                QCOMPARE(at(leader, {QStringLiteral("resources"), QStringLiteral("limits")})
                             .value(QStringLiteral("nvidia.com/gpu"))
                             .toInt(),
                    perInstance);
            } else {
                QCOMPARE(o.value(QStringLiteral("kind")).toString(), QStringLiteral("Deployment"));
            }
        }
    }
    QVERIFY2(wide > 0, "the decode pool spans instances (EP over 2 × 8 H200)");
}

QTEST_GUILESS_MAIN(TestDeploy)
#include "tst_deploy.moc"
