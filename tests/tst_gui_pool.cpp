// The Pool page under -platform offscreen: it sizes a pool in the background and shows the same result as
// `gpuplan-cli simulate --size --format json` run as a process over the same files, store and catalog — the
// hand-worked case of tst_cli (its prices in tests/data/traces/size-catalog), the pool example on the frozen catalog,
// two saved scenarios (stored with both, shown again by a new page), and the real trace when GPUPLAN_SAMPLES is set.
// Cancel stops a sizing and stores nothing. The three tables pass QAbstractItemModelTester.
// What would make this fail: the page wiring its own sizing (another GPU default, another server shape, its own
// prices), a result not stored with its scenarios, a sizing that cannot be cancelled.
#include "app/charts/linechart.h"
#include "app/charts/stackedbarchart.h"
#include "app/gui/appcontext.h"
#include "app/gui/poolpage.h"
#include "app/gui/settings.h"
#include "providers/store.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace gpuplan;

namespace {

QString trace(const char* name)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/traces/") + QLatin1String(name);
}

QString source(const char* path)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/") + QLatin1String(path);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

/// The request of the page as the CLI's arguments.
QStringList cliArgs(const QJsonObject& r, const QString& db)
{
    QStringList a = {QStringLiteral("simulate")};
    if (!r.value(QStringLiteral("nodes")).toString().isEmpty())
        a << r.value(QStringLiteral("nodes")).toString();
    if (!r.contains(QStringLiteral("scenarios")))
        a << r.value(QStringLiteral("tasks")).toString();
    a << QStringLiteral("--size") << QStringLiteral("--format") << QStringLiteral("json") << QStringLiteral("--db")
      << db << QStringLiteral("--target-p99-wait") << r.value(QStringLiteral("target_p99_wait")).toString()
      << QStringLiteral("--start-delay") << QString::number(r.value(QStringLiteral("start_delay_s")).toDouble());
    QStringList policies;
    for (const auto& p : r.value(QStringLiteral("policies")).toArray())
        policies << p.toString();
    a << QStringLiteral("--policy") << policies.join(QLatin1Char(','));
    for (const char* o : {"tco", "gpu", "provider"})
        if (!r.value(QLatin1String(o)).toString().isEmpty())
            a << QStringLiteral("--") + QLatin1String(o) << r.value(QLatin1String(o)).toString();
    if (r.contains(QStringLiteral("scenarios"))) {
        QStringList sc;
        for (const auto& v : r.value(QStringLiteral("scenarios")).toArray()) {
            const QJsonObject o = v.toObject();
            const double h = o.value(QStringLiteral("start_hours")).toDouble();
            sc << o.value(QStringLiteral("name")).toString()
                    + (h > 0 ? QStringLiteral("@") + QString::number(h) : QString());
        }
        a << QStringLiteral("--scenarios") << sc.join(QLatin1Char(','));
    }
    return a;
}

QJsonObject cliSizing(const QJsonObject& request, const QString& db)
{
    QProcess p;
    p.start(QStringLiteral(GPUPLAN_CLI), cliArgs(request, db));
    if (!p.waitForFinished(300000))
        qFatal("gpuplan-cli did not finish");
    const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (code != 0 && code != 1)
        qFatal("gpuplan-cli simulate --size: exit %d: %s", code, p.readAllStandardError().constData());
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

QJsonObject request(const QString& nodes, const QString& tasks, const QString& target, double delay,
    const QStringList& policies, const QString& tco = {}, const QString& gpu = {}, const QString& provider = {})
{
    QJsonObject r {{QStringLiteral("schema"), QStringLiteral("gpuplan.pool-request/1")},
        {QStringLiteral("nodes"), nodes}, {QStringLiteral("tasks"), tasks}, {QStringLiteral("gpu_map"), QString()},
        {QStringLiteral("tco"), tco}, {QStringLiteral("gpu"), gpu}, {QStringLiteral("provider"), provider},
        {QStringLiteral("target_p99_wait"), target}, {QStringLiteral("start_delay_s"), delay}};
    r.insert(QStringLiteral("policies"), QJsonArray::fromStringList(policies));
    return r;
}

} // namespace

class TestGuiPool : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sameAsCli_data();
    void sameAsCli();
    void scenariosStoredAndShownAgain();
    void cancelStoresNothing();
    void badFormSaysWhy();

private:
    /// Sizes `r` on a new page over the store `db` with GPUPLAN_CATALOG_DIR = `catalog`; the page's result.
    QJsonObject sizeOnPage(const QJsonObject& r, const QString& db, long long scenario = 0);
    QTemporaryDir m_dir;
    QByteArray m_frozen; ///< the catalog the app's tests plan on (tests/CMakeLists.txt)
};

void TestGuiPool::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("gpuplan-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_pool"));
    gui::AppSettings::setLanguage(QStringLiteral("en"));
    gui::Language::apply(QStringLiteral("en"));
    QVERIFY(m_dir.isValid());
    m_frozen = qgetenv("GPUPLAN_CATALOG_DIR");
}

QJsonObject TestGuiPool::sizeOnPage(const QJsonObject& r, const QString& db, long long scenario)
{
    auto ctx = gui::AppContext::create(db.toStdString());
    if (!ctx)
        qFatal("%s", ctx.error().detail.c_str());
    gui::PoolPage page(ctx->get());
    for (auto* m : {page.mixes(), page.delays(), page.prices()})
        new QAbstractItemModelTester(m, QAbstractItemModelTester::FailureReportingMode::QtTest, &page);
    page.setScenario(scenario);
    QString error;
    if (!page.setRequest(r, &error))
        qFatal("%s", qPrintable(error));
    QSignalSpy done(&page, &gui::PoolPage::finished);
    if (!page.run(&error))
        qFatal("%s", qPrintable(error));
    if (!done.wait(300000) || !done.front().front().toBool())
        qFatal("the page did not size: %s", qPrintable(page.message()));
    // The charts show what the document holds: a bar per policy, the pool over time (three lines).
    const int policies = static_cast<int>(page.result().value(QStringLiteral("policies")).toArray().size());
    if (page.costChart()->bars().categories.size() != policies || page.overTime()->lines().series.size() != 3
        || page.overTime()->lines().series.front().x.isEmpty() || page.mixes()->rowCount() != policies)
        qFatal("the charts do not show the result");
    return page.result();
}

void TestGuiPool::sameAsCli_data()
{
    QTest::addColumn<QByteArray>("catalog");
    QTest::addColumn<QJsonObject>("request");
    // tst_cli simulateSize, worked out by hand there: one owned server and one reserved instance, 42 USD.
    QTest::addRow("hand-worked") << trace("size-catalog").toUtf8()
                                 << request(trace("size-nodes.csv"), trace("size-tasks.csv"), QStringLiteral("0"), 0,
                                        {QStringLiteral("bestfit"), QStringLiteral("fgd")}, trace("size-tco.json"));
    // The pool example on the frozen catalog: A100 80GB, serving within a minute, the rest within 10.
    QTest::addRow("examples/pool") << QByteArray()
                                   << request(source("examples/pool/cluster.json"), source("examples/pool/tasks.csv"),
                                          QStringLiteral("600,serving=60"), 120,
                                          {QStringLiteral("bestfit"), QStringLiteral("fgd"),
                                              QStringLiteral("priority")});
    const QByteArray samples = qgetenv("GPUPLAN_SAMPLES");
    if (!samples.isEmpty())
        QTest::addRow("real trace, DGX A100 on gcp")
            << QByteArray()
            << request(QString::fromUtf8(samples + "/traces/openb_node_list_gpu_node.csv"),
                   QString::fromUtf8(samples + "/traces/openb_pod_list_default.csv"), QStringLiteral("600"), 120,
                   {QStringLiteral("bestfit"), QStringLiteral("fgd")}, source("examples/tco/dgx-a100.json"), QString(),
                   QStringLiteral("gcp"));
}

void TestGuiPool::sameAsCli()
{
    QFETCH(QByteArray, catalog);
    QFETCH(QJsonObject, request);
    qputenv("GPUPLAN_CATALOG_DIR", catalog.isEmpty() ? m_frozen : catalog); // the app, and the CLI it starts
    const QString db
        = m_dir.filePath(QString::fromUtf8(QTest::currentDataTag()).replace(QLatin1Char('/'), QLatin1Char('-'))
            + QStringLiteral(".sqlite"));
    const QJsonObject app = sizeOnPage(request, db);
    const QJsonObject cli = cliSizing(request, db);
    qputenv("GPUPLAN_CATALOG_DIR", m_frozen);
    QVERIFY(!app.isEmpty());
    QCOMPARE(app.value(QStringLiteral("schema")).toString(), QStringLiteral("gpuplan.pool-sizing/1"));
    // The whole document: prices, every policy's cheapest mix and its series, to the bit.
    QCOMPARE(QJsonDocument(app).toJson(), QJsonDocument(cli).toJson());
    if (QByteArray(QTest::currentDataTag()) == "hand-worked") {
        const QJsonObject best = app.value(QStringLiteral("policies"))
                                     .toArray()
                                     .first()
                                     .toObject()
                                     .value(QStringLiteral("best"))
                                     .toObject();
        QCOMPARE(best.value(QStringLiteral("owned_servers")).toInt(), 1);
        QCOMPARE(best.value(QStringLiteral("reserved_instances")).toInt(), 1);
        QVERIFY(std::abs(best.value(QStringLiteral("total_usd")).toDouble() - 42) < 1e-9);
    }
}

void TestGuiPool::scenariosStoredAndShownAgain()
{
    // Two saved scenarios — the LoRA fine-tuning (pinned to 8 H100s, so 8 A100s here) from hour 24 and the daily
    // serving profile — sized on A100-SXM-80GB while a third scenario is shown: the page and
    // `--scenarios "lora@24,serving"` agree; the result is stored with all three; a new page shows it again.
    qputenv("GPUPLAN_CATALOG_DIR", m_frozen);
    const QString db = m_dir.filePath(QStringLiteral("scenarios.sqlite"));
    long long lora = 0, serving = 0, shown = 0;
    {
        auto store = providers::Store::open(db.toStdString());
        QVERIFY(store);
        lora = *(*store)->saveScenario("lora", readAll(source("examples/llama-3.1-70b-lora.json")).toStdString());
        serving = *(*store)->saveScenario(
            "serving", readAll(source("examples/llama-3.1-8b-daily-profile.json")).toStdString());
        shown = *(*store)->saveScenario("shown", "{}");
    }
    QJsonObject r
        = request({}, {}, QStringLiteral("300"), 120, {QStringLiteral("bestfit")}, {}, QStringLiteral("A100-SXM-80GB"));
    r.insert(QStringLiteral("scenarios"),
        QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("lora")}, {QStringLiteral("start_hours"), 24}},
            QJsonObject {{QStringLiteral("name"), QStringLiteral("serving")}, {QStringLiteral("start_hours"), 0}}});
    const QJsonObject app = sizeOnPage(r, db, shown);
    const QJsonObject cli = cliSizing(r, db);
    QCOMPARE(QJsonDocument(app).toJson(), QJsonDocument(cli).toJson());
    QCOMPARE(app.value(QStringLiteral("tasks")).toObject().value(QStringLiteral("source")).toString(),
        QStringLiteral("scenarios lora@24, serving"));
    {
        auto store = providers::Store::open(db.toStdString());
        QVERIFY(store);
        for (long long id : {shown, lora, serving}) {
            const auto stored = (*store)->poolResults(id);
            QVERIFY(stored);
            QCOMPARE(stored->size(), std::size_t(1));
            QCOMPARE(QJsonDocument::fromJson(QByteArray::fromStdString(stored->front().resultJson)).object(), app);
        }
    }
    // A new session's page shows what is stored with the scenario, and its request.
    auto ctx = gui::AppContext::create(db.toStdString());
    QVERIFY(ctx);
    gui::PoolPage page(ctx->get());
    page.setScenario(serving);
    QVERIFY(page.showStored());
    QCOMPARE(page.result(), app);
    QCOMPARE(page.request().value(QStringLiteral("scenarios")).toArray().size(), 2);
    QVERIFY(page.mixes()->rowCount() == 1 && page.delays()->rowCount() > 0 && page.prices()->rowCount() == 4);
    // A stored sizing is shown, not kept for a report: Export asks for a new sizing.
    QString error;
    QVERIFY(!page.exportPdf(m_dir.filePath(QStringLiteral("x.pdf")), &error));
}

void TestGuiPool::cancelStoresNothing()
{
    // A trace long enough that the search takes many replays (4,000 one-GPU tasks of 2 h, one every 30 s: up to 240
    // GPUs at once; bounds of 121 owned servers and 241 reserved instances). Cancel at the first progress: the worker
    // stops before its next replay, nothing is stored.
    qputenv("GPUPLAN_CATALOG_DIR", trace("size-catalog").toUtf8());
    QString tasks = QStringLiteral("name,arrival_s,duration_s,gpus\n");
    for (int i = 0; i < 4000; ++i)
        tasks += QStringLiteral("t%1,%2,7200,1\n").arg(i).arg(i * 30);
    const QString file = m_dir.filePath(QStringLiteral("many.csv"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(tasks.toUtf8());
    f.close();
    const QString db = m_dir.filePath(QStringLiteral("cancel.sqlite"));
    auto ctx = gui::AppContext::create(db.toStdString());
    qputenv("GPUPLAN_CATALOG_DIR", m_frozen);
    QVERIFY(ctx);
    const auto id = (*ctx)->store()->saveScenario("shown", "{}");
    QVERIFY(id);
    gui::PoolPage page(ctx->get());
    page.setScenario(*id);
    QVERIFY(page.setRequest(request(
        trace("size-nodes.csv"), file, QStringLiteral("0"), 0, {QStringLiteral("bestfit")}, trace("size-tco.json"))));
    auto* bar = page.findChild<QProgressBar*>(QStringLiteral("poolProgress"));
    QVERIFY(bar);
    connect(bar, &QProgressBar::valueChanged, &page, [&page](int v) {
        if (v > 0)
            page.cancel();
    });
    QSignalSpy done(&page, &gui::PoolPage::finished);
    QVERIFY(page.run());
    QVERIFY(page.isRunning());
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), false);
    QVERIFY2(page.message().startsWith(QStringLiteral("Cancelled")), qPrintable(page.message()));
    QVERIFY(!page.isRunning());
    QVERIFY((*ctx)->store()->poolResults(*id)->empty());
}

void TestGuiPool::badFormSaysWhy()
{
    auto ctx = gui::AppContext::create(m_dir.filePath(QStringLiteral("bad.sqlite")).toStdString());
    QVERIFY(ctx);
    gui::PoolPage page(ctx->get());
    QString error;
    // No task file.
    QVERIFY(page.setRequest(request({}, {}, QStringLiteral("600"), 120, {QStringLiteral("fgd")})));
    QVERIFY(!page.run(&error));
    QVERIFY2(error.startsWith(QStringLiteral("Choose a task file")), qPrintable(error));
    // A target that is not seconds: the CLI's message.
    QVERIFY(page.setRequest(request(trace("size-nodes.csv"), trace("size-tasks.csv"), QStringLiteral("600,BE=soon"),
        120, {QStringLiteral("fgd")})));
    QVERIFY(!page.run(&error));
    QVERIFY2(error.contains(QStringLiteral("\"BE=soon\": the wait must be a number of seconds")), qPrintable(error));
    // No policy.
    QVERIFY(page.setRequest(request(trace("size-nodes.csv"), trace("size-tasks.csv"), QStringLiteral("600"), 120, {})));
    QVERIFY(!page.run(&error));
    // A file that is not there: the worker's error names it.
    QVERIFY(page.setRequest(request(
        trace("size-nodes.csv"), trace("no-such-file.csv"), QStringLiteral("600"), 120, {QStringLiteral("fgd")})));
    QSignalSpy done(&page, &gui::PoolPage::finished);
    QVERIFY(page.run());
    QVERIFY(done.wait(60000));
    QCOMPARE(done.front().front().toBool(), false);
    QVERIFY2(page.message().contains(QStringLiteral("no-such-file.csv")), qPrintable(page.message()));
    // Not a request.
    QVERIFY(!page.setRequest(QJsonObject {{QStringLiteral("schema"), QStringLiteral("other")}}, &error));
}

QTEST_MAIN(TestGuiPool)
#include "tst_gui_pool.moc"
