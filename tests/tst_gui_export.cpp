// File → Export in the app: the PDF report, the CSV table and the deployment files of the plan on screen.
// Each is read back as a user's tools read it (pdftotext, core::parseCsv, PyYAML) and checked against what
// `gpuplan-cli plan --format json` says for the same workload over the same bundled catalog.
// What would make this fail: the app exporting a plan computed from other inputs than the CLI's (another
// recommendation in the PDF), a CSV or YAML its readers reject.
#include "app/gui/appcontext.h"
#include "app/gui/planengine.h"
#include "app/gui/reportexport.h"
#include "core/csv.h"
#include "core/workload.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace gpuplan;

namespace {

QByteArray run(const QString& program, const QStringList& args, const QByteArray& input = {}, int* code = nullptr)
{
    QProcess p;
    p.start(program, args);
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000))
        qFatal("%s did not finish", qPrintable(program));
    if (code)
        *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return p.readAllStandardOutput();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

} // namespace

class TestGuiExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pdfCsvAndDeployMatchTheCli();
    void infeasiblePlanHasNothingToDeploy();

private:
    std::shared_ptr<gui::PlanResult> plan(const char* example, const std::string& db);
    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<gui::AppContext>> m_contexts;
};

void TestGuiExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty(), "pdftotext (poppler-utils)");
}

std::shared_ptr<gui::PlanResult> TestGuiExport::plan(const char* example, const std::string& db)
{
    auto ctx = gui::AppContext::create(db);
    if (!ctx)
        qFatal("%s", ctx.error().detail.c_str());
    auto data = (*ctx)->data();
    m_contexts.push_back(std::move(*ctx));
    const QByteArray text = readAll(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QLatin1String(example));
    auto w = core::parseWorkload(text.toStdString(), example, *data->inputs.models, *data->inputs.gpus);
    if (!w)
        qFatal("%s", w.error().detail.c_str());
    return gui::computePlan(data, *w, QStringLiteral("USD"));
}

void TestGuiExport::pdfCsvAndDeployMatchTheCli()
{
    const char* example = "llama-3.1-8b-chat-serving.json";
    int code = -1;
    const QByteArray json = run(QStringLiteral(GPUPLAN_CLI),
        {QStringLiteral("plan"), QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QLatin1String(example),
            QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--db"),
            m_dir.filePath(QStringLiteral("cli.sqlite"))},
        {}, &code);
    QCOMPARE(code, 0);
    const QJsonObject cli = QJsonDocument::fromJson(json).object();
    const QJsonObject top = cli.value(QStringLiteral("candidates")).toArray().first().toObject();
    const QString provider = top.value(QStringLiteral("provider")).toString();
    const QString instance = top.value(QStringLiteral("instance_type")).toString();
    QVERIFY(!instance.isEmpty());

    auto result = plan(example, m_dir.filePath(QStringLiteral("gui.sqlite")).toStdString());
    QVERIFY(result->priced);

    // PDF: the workload's name and the CLI's recommendation, in A4 and in Letter.
    const QString pdf = m_dir.filePath(QStringLiteral("plan.pdf"));
    QString error;
    QVERIFY2(gui::exportPdfReport(*result, pdf, QStringLiteral("en"), report::PageFormat::Letter, &error),
        qPrintable(error));
    const QString text = QString::fromUtf8(run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}))
                             .replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
    QVERIFY2(text.contains(QStringLiteral("Llama-3.1-8B")), qPrintable(text.left(300)));
    QVERIFY2(text.contains(instance), qPrintable(instance));
    QVERIFY2(text.contains(provider + QLatin1Char(' ') + top.value(QStringLiteral("region")).toString()),
        qPrintable(provider));
    QVERIFY(text.contains(QStringLiteral("Sensitivity")));
    QVERIFY(run(QStringLiteral("pdfinfo"), {pdf}).contains("612 x 792 pts (letter)"));

    // A Chinese report keeps the Latin instance name next to the Chinese text.
    const QString zh = m_dir.filePath(QStringLiteral("plan-zh.pdf"));
    QVERIFY2(
        gui::exportPdfReport(*result, zh, QStringLiteral("zh_CN"), report::PageFormat::A4, &error), qPrintable(error));
    const QString zhText = QString::fromUtf8(run(QStringLiteral("pdftotext"), {zh, QStringLiteral("-")}));
    QVERIFY2(zhText.contains(QStringLiteral("部署方案")), qPrintable(zhText.left(300)));
    QVERIFY2(zhText.contains(instance), qPrintable(instance));

    // CSV with a BOM: one row per candidate, rank 1 is the CLI's top candidate.
    const QString csv = m_dir.filePath(QStringLiteral("plan.csv"));
    QVERIFY2(gui::exportCsvTable(*result, csv, true, &error), qPrintable(error));
    const QByteArray raw = readAll(csv);
    QVERIFY(raw.startsWith("\xEF\xBB\xBF"));
    auto table = core::parseCsv(raw.mid(3).toStdString(), "plan.csv");
    QVERIFY2(table, table ? "" : table.error().detail.c_str());
    QCOMPARE(table->rows.size(), result->plan.candidates.size());
    QCOMPARE(table->rows.size(), std::size_t(cli.value(QStringLiteral("candidates")).toArray().size()));
    QCOMPARE(QString::fromStdString(table->rows[0][std::size_t(table->column("instance_type"))]), instance);
    QCOMPARE(QString::fromStdString(table->rows[0][std::size_t(table->column("provider"))]), provider);

    // SkyPilot and Kubernetes files parse as YAML and ask for the recommended GPUs.
    const int gpus = top.value(QStringLiteral("gpus_per_instance")).toInt();
    QVERIFY(gpus > 0);
    for (auto kind : {gui::DeployKind::SkyPilot, gui::DeployKind::Kubernetes}) {
        const QString yaml = m_dir.filePath(
            kind == gui::DeployKind::SkyPilot ? QStringLiteral("sky.yaml") : QStringLiteral("k8s.yaml"));
        QVERIFY2(gui::exportDeployment(*result, nullptr, kind, yaml, &error), qPrintable(error));
        int rc = -1;
        const QByteArray parsed = run(QStringLiteral("python3"),
            {QStringLiteral("-c"),
                QStringLiteral(
                    "import sys, json, yaml; print(json.dumps(list(yaml.safe_load_all(sys.stdin.read()))))")},
            readAll(yaml), &rc);
        QCOMPARE(rc, 0);
        const QJsonArray docs = QJsonDocument::fromJson(parsed).array();
        QVERIFY(!docs.isEmpty());
        const QString dump = QString::fromUtf8(QJsonDocument(docs).toJson(QJsonDocument::Compact));
        if (kind == gui::DeployKind::SkyPilot) {
            const QString acc = docs.first()
                                    .toObject()
                                    .value(QStringLiteral("resources"))
                                    .toObject()
                                    .value(QStringLiteral("accelerators"))
                                    .toString();
            QVERIFY2(acc.endsWith(QStringLiteral(":%1").arg(gpus)), qPrintable(acc));
            QVERIFY2(dump.contains(QStringLiteral("\"instance_type\":\"%1\"").arg(instance)), qPrintable(dump));
        } else {
            QVERIFY2(dump.contains(QStringLiteral("\"nvidia.com/gpu\":%1").arg(gpus))
                    || dump.contains(QStringLiteral("\"nvidia.com/gpu\":\"%1\"").arg(gpus)),
                qPrintable(dump.left(600)));
        }
    }
}

void TestGuiExport::infeasiblePlanHasNothingToDeploy()
{
    // GPT-3 175B on one pinned A100 does not fit (README): nothing to deploy, and no file is written.
    auto result = plan("gpt3-on-one-a100.json", m_dir.filePath(QStringLiteral("gpt3.sqlite")).toStdString());
    const QString yaml = m_dir.filePath(QStringLiteral("none.yaml"));
    QString error;
    QVERIFY(!gui::exportDeployment(*result, nullptr, gui::DeployKind::SkyPilot, yaml, &error));
    QVERIFY2(error.contains(QStringLiteral("Nothing feasible")), qPrintable(error));
    QVERIFY(!QFile::exists(yaml));
}

QTEST_MAIN(TestGuiExport)
#include "tst_gui_export.moc"
