// One planning engine: every example and every edge workload in tests/data/plan/parity/ planned through the app
// (the file loaded into the workload form, as File → Import does, then the live planner's computePlan) and
// through `gpuplan-cli plan --format json` as a process, over the same store and frozen catalog. The candidate
// order and cost_usd must be identical, and so must the pinned estimate. One run stores non-default plan
// defaults from Settings and checks that the CLI plans with them too.
// What would make this fail: the app wiring its own plan (skipping storage rates or hosted APIs, dividing a
// typed 99.9 by 100), or either front end not reading the store's plan defaults.
#include "app/gui/appcontext.h"
#include "app/gui/planengine.h"
#include "app/gui/workloadform.h"
#include "providers/workloadfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace gpuplan;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QStringList workloadFiles()
{
    QStringList files;
    for (const char* dir : {GPUPLAN_SOURCE_DIR "/examples", GPUPLAN_TEST_DATA "/plan/parity"}) {
        const QDir d(QString::fromUtf8(dir));
        for (const QString& f : d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            files << d.filePath(f);
    }
    return files;
}

/// What identifies a candidate row, in the CLI's JSON and in the app's plan.
QString rowKey(const QJsonObject& c)
{
    return QStringList {c.value(QStringLiteral("provider")).toString(), c.value(QStringLiteral("region")).toString(),
        c.value(QStringLiteral("zone")).toString(), c.value(QStringLiteral("instance_type")).toString(),
        c.value(QStringLiteral("pricing_model")).toString(),
        QString::number(c.value(QStringLiteral("term_months")).toInt()),
        QString::number(c.value(QStringLiteral("gpus")).toInt())}
        .join(QLatin1Char('|'));
}

QString rowKey(const core::Candidate& c)
{
    const auto& p = *c.pricing;
    return QStringList {QString::fromStdString(p.offering.provider), QString::fromStdString(p.offering.region),
        QString::fromStdString(p.offering.zone), QString::fromStdString(p.offering.instanceType),
        QString::fromStdString(core::pricingKey(p)), QString::number(p.price.termMonths), QString::number(c.gpus)}
        .join(QLatin1Char('|'));
}

} // namespace

class TestGuiParity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sameAnswer_data();
    void sameAnswer();
    void typedPercentIsTheJsonValue();
    void settingsReachTheCli();

private:
    QJsonObject cliPlan(const QString& file, const QString& db, const QString& currency);
    void compare(const QString& file, gui::AppContext& ctx, const QString& db);
    QTemporaryDir m_dir;
};

void TestGuiParity::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(workloadFiles().size() >= 8 + 3);
}

QJsonObject TestGuiParity::cliPlan(const QString& file, const QString& db, const QString& currency)
{
    QProcess p;
    p.start(QStringLiteral(GPUPLAN_CLI),
        {QStringLiteral("plan"), file, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--db"), db,
            QStringLiteral("--currency"), currency});
    if (!p.waitForFinished(180000))
        qFatal("gpuplan-cli did not finish");
    const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (code != 0 && code != 1)
        qFatal("gpuplan-cli plan %s: exit %d: %s", qPrintable(file), code, p.readAllStandardError().constData());
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

void TestGuiParity::compare(const QString& file, gui::AppContext& ctx, const QString& db)
{
    const QString currency = file.contains(QLatin1String("cny")) ? QStringLiteral("CNY") : QStringLiteral("USD");
    // The app: the file into the form (File → Open reads it with the files it names), then the live planner's engine.
    gui::WorkloadForm form(ctx.data());
    QString error;
    auto text = providers::readWorkloadFile(file.toStdString());
    QVERIFY2(text, text ? "" : text.error().detail.c_str());
    QVERIFY2(form.loadWorkload(QByteArray::fromStdString(*text), &error), qPrintable(error));
    QVERIFY2(form.isValid(), qPrintable(file + QStringLiteral(": ") + form.errorMessage()));
    const auto app = gui::computePlan(ctx.data(), *form.workload(), currency);
    QVERIFY2(!app->error, app->error ? app->error->detail.c_str() : "");
    // The CLI on the file itself.
    const QJsonObject cli = cliPlan(file, db, currency);
    const QJsonArray rows = cli.value(QStringLiteral("candidates")).toArray();
    const auto& cands = app->plan.candidates;
    QCOMPARE(static_cast<std::size_t>(rows.size()), cands.size());
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonObject r = rows.at(i).toObject();
        const core::Candidate& c = cands[static_cast<std::size_t>(i)];
        if (!c.pricing) { // an estimate-only plan (batch without prices): GPU and count
            QCOMPARE(r.value(QStringLiteral("gpu")).toString(), QString::fromStdString(c.gpu->id));
            QCOMPARE(r.value(QStringLiteral("gpus")).toInt(), c.gpus);
            continue;
        }
        QCOMPARE(rowKey(r), rowKey(c));
        // Exactly (QCOMPARE on doubles is fuzzy): the same engine gives the same bits.
        QVERIFY2(r.value(QStringLiteral("cost_usd")).toDouble() == c.pricing->costUsd, qPrintable(rowKey(c)));
        QVERIFY2(r.value(QStringLiteral("total_cost")).toDouble() == c.pricing->totalCost, qPrintable(rowKey(c)));
    }
    // The pinned estimate.
    const QJsonObject est = cli.value(QStringLiteral("estimate")).toObject();
    QCOMPARE(!est.isEmpty(), app->plan.pinned.has_value());
    if (app->plan.pinned) {
        QCOMPARE(est.value(QStringLiteral("fits")).toBool(), app->plan.pinned->fits);
        QCOMPARE(est.value(QStringLiteral("gpus")).toInt(), app->plan.pinned->gpus);
        if (est.contains(QStringLiteral("wall_hours")) && app->plan.pinned->training)
            QVERIFY(est.value(QStringLiteral("wall_hours")).toDouble() == app->plan.pinned->training->wallHours);
    }
    // Serving extras the app used to skip: the hosted-API comparison has the same rows.
    QCOMPARE(static_cast<std::size_t>(cli.value(QStringLiteral("hosted_api_comparison")).toArray().size()),
        app->plan.apiComparisons.size());
}

void TestGuiParity::sameAnswer_data()
{
    QTest::addColumn<QString>("file");
    for (const QString& f : workloadFiles())
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TestGuiParity::sameAnswer()
{
    QFETCH(QString, file);
    const QString db = m_dir.filePath(QStringLiteral("default.sqlite"));
    auto ctx = gui::AppContext::create(db.toStdString());
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    compare(file, **ctx, db);
}

void TestGuiParity::typedPercentIsTheJsonValue()
{
    // Typing 99.9 into the availability field gives exactly the double of the JSON's 0.999 (99.9 / 100 is
    // 0.9990000000000001), and 12.5 % headroom exactly 0.125.
    auto ctx = gui::AppContext::create({});
    QVERIFY(ctx);
    gui::WorkloadForm form((*ctx)->data());
    QVERIFY(form.loadWorkload(readAll(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json"))));
    const std::pair<const char*, const char*> cases[]
        = {{"99.9", "0.999"}, {"99.95", "0.9995"}, {"99.99", "0.9999"}, {"95", "0.95"}, {"99.999", "0.99999"}};
    for (const auto& [typed, inJson] : cases) {
        QVERIFY(form.setFieldValue(QStringLiteral("/inference/availability"), QString::fromUtf8(typed)));
        QVERIFY(form.isValid());
        const double json = QJsonDocument::fromJson(QByteArray("[") + inJson + "]").array().at(0).toDouble();
        QVERIFY2(form.workload()->inference->availability.value_or(0) == json, typed); // exactly, not fuzzily
    }
    QCOMPARE(QString::number(std::stod("99.9") / 100.0, 'g', 17), QStringLiteral("0.99900000000000011"));
    QVERIFY(form.setFieldValue(QStringLiteral("/inference/availability"), QStringLiteral("99.9")));
    QVERIFY(form.workload()->inference->availability.value_or(0) == 0.999);
    QVERIFY(form.setFieldValue(QStringLiteral("/inference/headroom"), QStringLiteral("12.5")));
    QVERIFY(form.workload()->inference->headroom.value_or(0) == 0.125);
}

void TestGuiParity::settingsReachTheCli()
{
    // Settings → serving headroom 35 %, PUE 1.3: saved in the store, so the CLI plans with them as the app does.
    const QString db = m_dir.filePath(QStringLiteral("settings.sqlite"));
    auto ctx = gui::AppContext::create(db.toStdString());
    QVERIFY(ctx);
    core::PlanDefaults d = (*ctx)->planDefaults();
    d.servingHeadroom = 0.35;
    d.pue = 1.3;
    QVERIFY((*ctx)->setPlanDefaults(d));
    QCOMPARE((*ctx)->data()->inputs.defaults.servingHeadroom, 0.35);
    for (const char* f : {"llama-3.1-8b-chat-serving.json", "llama-3.1-70b-lora.json"})
        compare(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QLatin1String(f), **ctx, db);
    // A new app session reads them back from the store.
    auto again = gui::AppContext::create(db.toStdString());
    QVERIFY(again);
    QCOMPARE((*again)->planDefaults().servingHeadroom, 0.35);
    QCOMPARE((*again)->planDefaults().pue.value_or(0), 1.3);
}

QTEST_MAIN(TestGuiParity)
#include "tst_gui_parity.moc"
