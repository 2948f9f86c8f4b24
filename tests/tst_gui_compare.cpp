// Comparing two saved scenarios side by side under -platform offscreen: the inputs by JSON pointer and the best
// result of each (planned over the bundled catalog), the differing rows marked and highlighted, "only
// differences" hiding the rest; the diff model passes QAbstractItemModelTester.
#include "app/gui/appcontext.h"
#include "app/gui/scenariocompare.h"
#include "app/gui/settings.h"
#include "providers/store.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace gpuplan;

class TestGuiCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void inputsAndResultsSideBySide();
    void onlyDifferences();
    void unreadableScenarioSaysWhy();

private:
    long long save(const char* name, const QJsonObject& workload);
    QVariant cell(gui::ScenarioDiffModel* m, const QString& quantity, int column, int role = Qt::DisplayRole);

    QTemporaryDir m_dir;
    std::unique_ptr<gui::AppContext> m_ctx;
    QJsonObject m_example;
    long long m_five = 0, m_fifty = 0;
};

void TestGuiCompare::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("gpuplan-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_compare"));
    gui::Language::apply(QStringLiteral("en"));
    auto ctx = gui::AppContext::create(m_dir.filePath(QStringLiteral("store.sqlite")).toStdString());
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    m_ctx = std::move(*ctx);
    QVERIFY(m_ctx->store());
    QFile f(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_example = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(!m_example.isEmpty());
    m_five = save("5 requests/s", m_example);
    // Ten times the traffic: more replicas, so a dearer best candidate.
    QJsonObject fifty = m_example;
    QJsonObject inf = fifty.value(QStringLiteral("inference")).toObject();
    inf.insert(QStringLiteral("requests_per_second"), 50);
    fifty.insert(QStringLiteral("inference"), inf);
    m_fifty = save("50 requests/s", fifty);
    QVERIFY(m_five > 0 && m_fifty > 0);
}

long long TestGuiCompare::save(const char* name, const QJsonObject& workload)
{
    auto id = m_ctx->store()->saveScenario(name, QJsonDocument(workload).toJson().toStdString());
    return id ? *id : 0;
}

QVariant TestGuiCompare::cell(gui::ScenarioDiffModel* m, const QString& quantity, int column, int role)
{
    const int row = m->rowOf(quantity);
    return row < 0 ? QVariant() : m->index(row, column).data(role);
}

void TestGuiCompare::inputsAndResultsSideBySide()
{
    gui::ScenarioCompareDialog dlg(m_ctx.get(), QStringLiteral("USD"), m_five, m_fifty);
    auto* m = dlg.model();
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m->headerData(gui::ScenarioDiffModel::First, Qt::Horizontal).toString(), QStringLiteral("5 requests/s"));
    QCOMPARE(m->headerData(gui::ScenarioDiffModel::Second, Qt::Horizontal).toString(), QStringLiteral("50 requests/s"));

    // inputs: the changed field differs, the rest does not
    const QString rps = QStringLiteral("/inference/requests_per_second");
    QCOMPARE(cell(m, rps, gui::ScenarioDiffModel::First).toString(), QStringLiteral("5"));
    QCOMPARE(cell(m, rps, gui::ScenarioDiffModel::Second).toString(), QStringLiteral("50"));
    QVERIFY(cell(m, rps, 0, gui::ScenarioDiffModel::DiffersRole).toBool());
    QVERIFY(cell(m, rps, gui::ScenarioDiffModel::First, Qt::BackgroundRole).isValid()); // highlighted
    QVERIFY(cell(m, rps, gui::ScenarioDiffModel::First, Qt::FontRole).value<QFont>().bold());
    QCOMPARE(cell(m, QStringLiteral("/model/preset"), 1).toString(), QStringLiteral("llama-3.1-8b"));
    QVERIFY(!cell(m, QStringLiteral("/model/preset"), 0, gui::ScenarioDiffModel::DiffersRole).toBool());
    QVERIFY(!cell(m, QStringLiteral("/model/preset"), 1, Qt::BackgroundRole).isValid());
    QVERIFY(!cell(m, QStringLiteral("/inference/slo/ttft_p99_ms"), 0, gui::ScenarioDiffModel::DiffersRole).toBool());

    // results: both planned and priced; ten times the traffic costs more per month
    const auto costA = cell(m, QStringLiteral("Cost per month"), 1).toString();
    const auto costB = cell(m, QStringLiteral("Cost per month"), 2).toString();
    QVERIFY2(costA.contains(QLatin1Char('$')) && costB.contains(QLatin1Char('$')), qPrintable(costA + u' ' + costB));
    QVERIFY(cell(m, QStringLiteral("Cost per month"), 0, gui::ScenarioDiffModel::DiffersRole).toBool());
    // TTFT + 255 × TPOT: seconds at 50 ms per token ("12.3 s"), Fmt::milliseconds
    QVERIFY(cell(m, QStringLiteral("Latency per request"), 1)
                .toString()
                .contains(QRegularExpression(QStringLiteral("^[0-9.,]+ m?s$"))));
    QVERIFY(cell(m, QStringLiteral("GPUs"), 1).toString().contains(QStringLiteral("×")));
    QVERIFY(cell(m, QStringLiteral("Best offering"), 1).toString().contains(QLatin1String(" in ")));
    QVERIFY(cell(m, QStringLiteral("Candidates"), 1).toInt() > 0);
    QCOMPARE(cell(m, QStringLiteral("Best offering"), 0, gui::ScenarioDiffModel::SectionRole).toString(),
        QStringLiteral("results"));

    // a scenario against itself: no input differs
    dlg.compare(m_five, m_five);
    QCOMPARE(m->differences(), 0);
}

void TestGuiCompare::onlyDifferences()
{
    gui::ScenarioCompareDialog dlg(m_ctx.get(), QStringLiteral("USD"), m_five, m_fifty);
    auto* m = dlg.model();
    dlg.setDifferencesOnly(true);
    QVERIFY(!dlg.view()->isRowHidden(m->rowOf(QStringLiteral("/inference/requests_per_second"))));
    QVERIFY(dlg.view()->isRowHidden(m->rowOf(QStringLiteral("/model/preset"))));
    QVERIFY(!dlg.view()->isRowHidden(m->rowOf(QStringLiteral("Best offering")))); // results always shown
    dlg.setDifferencesOnly(false);
    QVERIFY(!dlg.view()->isRowHidden(m->rowOf(QStringLiteral("/model/preset"))));
}

void TestGuiCompare::unreadableScenarioSaysWhy()
{
    QJsonObject bad = m_example;
    QJsonObject inf = bad.value(QStringLiteral("inference")).toObject();
    inf.insert(QStringLiteral("prompt_tokens"), -3);
    bad.insert(QStringLiteral("inference"), inf);
    const long long id = save("broken", bad);
    gui::ScenarioCompareDialog dlg(m_ctx.get(), QStringLiteral("USD"), m_five, id);
    auto* m = dlg.model();
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QString why = cell(m, QStringLiteral("Best offering"), 2).toString();
    QVERIFY2(why.contains(QLatin1String("prompt_tokens")), qPrintable(why));
    QCOMPARE(cell(m, QStringLiteral("/inference/prompt_tokens"), 2).toString(), QStringLiteral("-3"));
}

QTEST_MAIN(TestGuiCompare)
#include "tst_gui_compare.moc"
