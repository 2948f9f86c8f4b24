// The main window under -platform offscreen: typing updates the ranked table, a stale plan is never shown,
// clicking a chart point selects its row (and back), undo/redo, scenarios in the store, workload files,
// importing a price file, switching the language, and every item model under QAbstractItemModelTester.
// What would make this fail: a stale plan shown as current, a chart point mapped to the wrong row, an undo that
// does not restore the form, a model that breaks QAbstractItemModel's contract.
#include "app/charts/historychart.h"
#include "app/charts/paretochart.h"
#include "app/charts/stackedbarchart.h"
#include "app/charts/stepchart.h"
#include "app/gui/accuracypage.h"
#include "app/gui/appcontext.h"
#include "app/gui/candidatemodel.h"
#include "app/gui/catalogimport.h"
#include "app/gui/catalogpage.h"
#include "app/gui/detailspanel.h"
#include "app/gui/format.h"
#include "app/gui/mainwindow.h"
#include "app/gui/quiettabs.h"
#include "app/gui/scenarios.h"
#include "app/gui/settings.h"
#include "app/gui/settingsdialog.h"
#include "app/gui/workloadform.h"
#include "app/gui/workloadjson.h"
#include "core/csv.h"
#include "providers/bundled.h"
#include "providers/importers/importers.h"
#include "providers/store.h"
#include "testfiles.h"
#include "testutil.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMenu>
#include <QPaintEvent>
#include <QPointer>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtTest>

#include <memory>

using namespace gpuplan;

class TestGuiPlan : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void disaggregatedPoolsInTheSidePanel();
    void barsOfTheSameShapeMoveInPlace();
    void quietTabsRepaintOnlyWhatChanged();
    void sidePanelRowsWrapAtTheirWidth();
    void cleanupTestCase();

    void typingUpdatesTheTable();
    void chartTicksReadWell_data();
    void chartTicksReadWell();
    void legendsFit();
    void keyColumnsNeverElide_data();
    void keyColumnsNeverElide();
    void invalidInputGreysTheStalePlan();
    void staleResultsAreDropped();
    void clickingAPointSelectsTheRow();
    void selectingARowSelectsThePoint();
    void filterAndGroup();
    void undoRedoEveryEdit();
    void scenariosSaveOpenDuplicateRenameDelete();
    void autosaveKeepsTheFormInProcess();
    void autosaveWaitsOutALockedStore();
    void workloadFilesRoundTrip();
    void exportPlanUsesTheSelectedCandidate();
    void servingChartsShowDemandAndDowntime();
    void importPriceFileAndHistory();
    void cancelledOrRefusedImportChangesNothing();
    void hostileNamesShownSafely();
    void markColumnOnScreen();
    void switchingLanguageRetranslates();
    void recomputeNamedInTheLanguage();
    void settingsDiscountsCurrencyAndKeychain();
    void everyModelPassesTheTester();
    void catalogPageShowsCheckFindings();

private:
    void loadExample(const char* name);
    void waitForPlan();
    void typeInto(const char* pointer, const QString& text);

    QTemporaryDir m_dir;
    std::unique_ptr<gui::AppContext> m_ctx;
    std::unique_ptr<gui::MainWindow> m_window;
};

void TestGuiPlan::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("gpuplan-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_plan"));
    gui::AppSettings::setLanguage(QStringLiteral("en"));
    gui::AppSettings::setCurrency(QStringLiteral("USD"));
    gui::Language::apply(QStringLiteral("en"));
    QVERIFY(m_dir.isValid());
    auto ctx = gui::AppContext::create(m_dir.filePath(QStringLiteral("store.sqlite")).toStdString());
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    m_ctx = std::move(*ctx);
    QVERIFY2(m_ctx->store(), qPrintable(m_ctx->storeError()));
}

void TestGuiPlan::init()
{
    m_window = std::make_unique<gui::MainWindow>(m_ctx.get());
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestGuiPlan::cleanup()
{
    m_window.reset();
}

void TestGuiPlan::cleanupTestCase()
{
    gui::Language::apply(QStringLiteral("en"));
}

void TestGuiPlan::waitForPlan()
{
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->planner()->isBusy() && m_window->planner()->current(), 20000);
    QTRY_VERIFY(m_window->candidates()->result() == m_window->planner()->current());
}

void TestGuiPlan::loadExample(const char* name)
{
    const QString path = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QLatin1String(name);
    QString error;
    QVERIFY2(m_window->openWorkloadFile(path, &error), qPrintable(error));
    waitForPlan();
}

// Issue #25: no chart shows repeated or scientific-notation tick labels. Every example, plus DeepSeek-V3 serving,
// whose costs span 10⁴–10⁶ USD a month (the log axis once read "1e+06"), and the LoRA plan (its times once spanned
// 4.29–4.32 h with repeated "4.3" ticks).
void TestGuiPlan::chartTicksReadWell_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples"));
    for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
    const QString ds = QStringLiteral(GPUPLAN_TEST_DATA "/workloads/deepseek-v3-serving.json");
    QTest::newRow("deepseek-v3 serving") << ds;
}

void TestGuiPlan::chartTicksReadWell()
{
    QFETCH(QString, file);
    QString error;
    QVERIFY2(m_window->openWorkloadFile(file, &error), qPrintable(error));
    waitForPlan();
    if (m_window->costChart() == m_window->rankedChart()) {
        // Times too alike for a scatter (report::chooseCostChart): the cheapest as bars, each with its own label.
        const auto& bars = m_window->rankedChart()->bars();
        QVERIFY(bars.categories.size() >= 2);
        QCOMPARE(QSet<QString>(bars.categories.begin(), bars.categories.end()).size(), bars.categories.size());
        QCOMPARE(bars.sets.size(), 1);
        // Cheapest on top: Qt draws the first category at the bottom, so the values fall from first to last.
        QVERIFY(std::is_sorted(bars.sets[0].values.rbegin(), bars.sets[0].values.rend()));
        for (const QAbstractAxis* axis : m_window->rankedChart()->chart()->axes(Qt::Horizontal)) {
            const QStringList labels = charts::tickLabels(axis);
            QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
            for (const QString& l : labels)
                QVERIFY2(!l.contains(QLatin1Char('e')), qPrintable(labels.join(u' ')));
        }
        return;
    }
    const auto* chart = m_window->pareto();
    if (chart->points().isEmpty())
        QSKIP("no priced candidate to plot (the workload does not fit, or pins a GPU no catalog sells)");
    for (const QAbstractAxis* axis : {chart->xAxis(), chart->yAxis()}) {
        QVERIFY(axis);
        const QStringList labels = charts::tickLabels(axis);
        QVERIFY2(labels.size() >= 2, qPrintable(labels.join(u' ')));
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        for (const QString& l : labels)
            QVERIFY2(!l.contains(QLatin1Char('e')) && !l.contains(QLatin1Char('E')), qPrintable(labels.join(u' ')));
    }
    // What Qt drew is what tickLabels says: the texts in the chart's scene include every y label, and amounts of
    // 10,000 and more are written short (report::compactTick: "250k", "1M"), never in full digits.
    auto drawn = [chart] {
        QSet<QString> texts;
        for (const QGraphicsItem* item : chart->scene()->items())
            if (const auto* t = dynamic_cast<const QGraphicsTextItem*>(item))
                texts << t->toPlainText();
        return texts;
    };
    const QStringList yLabels = charts::tickLabels(chart->yAxis());
    // Qt lays the axes out from the event loop: wait for the labels to be drawn.
    QTRY_VERIFY2(std::all_of(yLabels.begin(), yLabels.end(), [&](const QString& l) { return drawn().contains(l); }),
        qPrintable(yLabels.join(u'|') + QStringLiteral(" not all among ") + QStringList(drawn().values()).join(u'|')));
    for (const QAbstractAxis* axis : {chart->xAxis(), chart->yAxis()})
        for (const QString& l : charts::tickLabels(axis)) {
            bool plain = false;
            const double v = QLocale().toDouble(l, &plain);
            QVERIFY2(!plain || std::abs(v) < 10000, qPrintable(l));
        }
    // Hover texts are made when the pointer gets to a point (a plan of hundreds of candidates formatted hundreds of
    // them on every edit): the first point's names its rank and offering; an id that is no candidate has none.
    const charts::ScatterPoint& first = chart->points().front();
    const core::Candidate& c = m_window->planner()->current()->plan.candidates.at(static_cast<std::size_t>(first.id));
    const QString tip = chart->tooltip(first.id);
    QVERIFY2(tip.startsWith(QStringLiteral("#%1 %2 %3 (")
                                .arg(first.id + 1)
                                .arg(QString::fromStdString(c.pricing->offering.provider),
                                    QString::fromStdString(c.pricing->offering.instanceType))),
        qPrintable(tip));
    QVERIFY(chart->tooltip(-1).isEmpty());
    // Plotted: every candidate on the Pareto front and the 100 cheapest, no other (a serving plan prices 400 and more);
    // when that is not all of them the legend says how many of how many.
    const auto& cs = m_window->planner()->current()->plan.candidates;
    QSet<int> plotted;
    for (const auto& p : chart->points())
        plotted << p.id;
    std::vector<double> costs;
    for (const auto& cand : cs)
        if (cand.pricing)
            costs.push_back(cand.pricing->totalCost);
    std::sort(costs.begin(), costs.end());
    const double hundredth = costs[std::min<std::size_t>(costs.size(), 100) - 1];
    for (std::size_t i = 0; i < cs.size(); ++i) {
        if (!cs[i].pricing)
            continue;
        const double cost = cs[i].pricing->totalCost;
        if (cs[i].pricing->pareto || cost < hundredth)
            QVERIFY2(plotted.contains(int(i)), qPrintable(QString::number(i)));
        else if (cost > hundredth)
            QVERIFY2(!plotted.contains(int(i)), qPrintable(QString::number(i)));
    }
    QStringList legend;
    for (const QLegendMarker* m : chart->chart()->legend()->markers())
        legend << m->label();
    if (costs.size() > std::size_t(plotted.size()))
        QVERIFY2(legend.join(u'|').contains(QStringLiteral("%1 of %2").arg(plotted.size()).arg(costs.size())),
            qPrintable(legend.join(u'|')));
    else
        QVERIFY2(legend.contains(QStringLiteral("Candidates")), qPrintable(legend.join(u'|')));
}

// Issue #25: at 1920 × 1080 the columns a reader compares first (GPUs, pricing, cost) show the whole text of the
// first 20 rows: each is at least as wide as its cells' size hint and lies wholly inside the table's viewport.
void TestGuiPlan::keyColumnsNeverElide_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("serving") << QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json");
    QTest::newRow("training") << QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-70b-lora.json");
    QTest::newRow("deepseek-v3") << QStringLiteral(GPUPLAN_TEST_DATA "/workloads/deepseek-v3-serving.json");
}

void TestGuiPlan::keyColumnsNeverElide()
{
    QFETCH(QString, file);
    m_window->resize(1920, 1080);
    QString error;
    QVERIFY2(m_window->openWorkloadFile(file, &error), qPrintable(error));
    waitForPlan();
    QTableView* table = m_window->table();
    const int rows = std::min(table->model()->rowCount(), 20);
    QVERIFY(rows > 0);
    for (const int col : {int(gui::CandidateTableModel::Gpu), int(gui::CandidateTableModel::Pricing),
             int(gui::CandidateTableModel::Cost)}) {
        QVERIFY2(table->columnViewportPosition(col) + table->columnWidth(col) <= table->viewport()->width(),
            qPrintable(QStringLiteral("column %1 not wholly visible").arg(col)));
        for (int r = 0; r < rows; ++r) {
            const QModelIndex i = table->model()->index(r, col);
            const QString text = i.data().toString();
            // The delegate's size hint is the text's width plus the style's cell margins; the grid line takes one
            // pixel of the column (QTableView paints the cell in the width less the grid).
            const int grid = table->showGrid() ? 1 : 0;
            QVERIFY2(table->columnWidth(col) - grid >= table->sizeHintForIndex(i).width(),
                qPrintable(QStringLiteral("row %1 column %2 elides \"%3\" (%4 px wide, needs %5)")
                               .arg(r)
                               .arg(col)
                               .arg(text)
                               .arg(table->columnWidth(col))
                               .arg(table->sizeHintForIndex(i).width())));
        }
    }
}

// Issue #25: a legend never cuts an entry's name. The memory chart in the side panel has six entries (weights …
// overhead, capacity) that do not fit side by side in the panel's width: its legend moves to the right, one entry a
// line; the wide cost chart keeps three entries below its plot.
void TestGuiPlan::legendsFit()
{
    loadExample("llama-3.1-70b-lora.json");
    auto* memory = m_window->findChild<charts::StackedBarChartView*>(QStringLiteral("memoryChart"));
    QVERIFY(memory);
    QTRY_VERIFY(memory->isVisible());
    QCOMPARE(memory->bars().sets.size(), 6);
    QVERIFY(memory->width() < 600);
    QTRY_COMPARE(memory->chart()->legend()->alignment(), Qt::Alignment(Qt::AlignRight));
    QCOMPARE(m_window->pareto()->chart()->legend()->alignment(), Qt::Alignment(Qt::AlignBottom));
    // Widened until six entries fit side by side, the legend returns below the plot.
    memory->resize(1400, memory->height());
    QCOMPARE(memory->chart()->legend()->alignment(), Qt::Alignment(Qt::AlignBottom));
}

void TestGuiPlan::typeInto(const char* pointer, const QString& text)
{
    auto* e = qobject_cast<QLineEdit*>(m_window->form()->fieldWidget(QLatin1String(pointer)));
    QVERIFY2(e, pointer);
    e->setFocus();
    e->selectAll();
    QTest::keyClick(e, Qt::Key_Delete);
    QTest::keyClicks(e, text);
}

void TestGuiPlan::typingUpdatesTheTable()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    auto* model = m_window->candidates();
    QVERIFY(model->rowCount() > 10);
    const auto first = m_window->planner()->current();
    const double before
        = model->index(0, gui::CandidateTableModel::Cost).data(gui::CandidateTableModel::SortRole).toDouble();
    QVERIFY(before > 0);
    // Ten times the traffic: more replicas, a dearer cheapest candidate, a new plan in the table.
    typeInto("/inference/requests_per_second", QStringLiteral("50"));
    QTRY_VERIFY_WITH_TIMEOUT(model->result() != first, 20000);
    waitForPlan();
    const double after
        = model->index(0, gui::CandidateTableModel::Cost).data(gui::CandidateTableModel::SortRole).toDouble();
    QVERIFY2(after > before * 2, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(after)));
    QCOMPARE(model->result()->workload.inference->requestsPerSecond.value_or(0), 50.0);
    QVERIFY(m_window->statusLabel()->text().contains(QLatin1String("candidate")));
    // The displayed cost is the planner's, in the chosen currency.
    const auto& c = model->result()->plan.candidates.front();
    QVERIFY(model->index(0, gui::CandidateTableModel::Cost).data().toString().contains(QLatin1Char('$')));
    QCOMPARE(model->index(0, gui::CandidateTableModel::Cost).data(gui::CandidateTableModel::SortRole).toDouble(),
        c.pricing->totalCost);
}

void TestGuiPlan::invalidInputGreysTheStalePlan()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    QWidget* results = m_window->table()->parentWidget();
    QVERIFY(m_window->table()->isEnabled());
    typeInto("/inference/prompt_tokens", QStringLiteral("-3"));
    QVERIFY(!m_window->form()->isValid());
    QVERIFY(!m_window->table()->isEnabled());
    QVERIFY(!results->isEnabled() || !m_window->table()->isEnabled());
    QVERIFY(m_window->statusLabel()->text().contains(QLatin1String("Prompt tokens")));
    QVERIFY(m_window->form()->errorLabel(QStringLiteral("/inference/prompt_tokens"))->isVisible());
    QVERIFY(!m_window->planner()->isBusy());
    // The side panel's figures are the old plan's: it says so and greys them out (issue #25).
    QVERIFY(m_window->details()->isOutOfDate());
    QVERIFY(m_window->details()->title().startsWith(QLatin1String("Out of date")));
    QVERIFY(!m_window->details()->tree()->isEnabled());
    typeInto("/inference/prompt_tokens", QStringLiteral("512"));
    waitForPlan();
    QVERIFY(m_window->table()->isEnabled());
    QVERIFY(!m_window->details()->isOutOfDate());
    QVERIFY(m_window->details()->tree()->isEnabled());
    QVERIFY(!m_window->details()->title().contains(QLatin1String("Out of date")));
    QCOMPARE(m_window->candidates()->result()->workload.inference->promptTokens, 512);
}

void TestGuiPlan::staleResultsAreDropped()
{
    // Two edits in flight: only the newest one's plan is ever announced.
    loadExample("llama-3.1-8b-chat-serving.json");
    gui::LivePlanner* planner = m_window->planner();
    QSignalSpy ready(planner, &gui::LivePlanner::planReady);
    core::Workload a = *m_window->form()->workload(), b = a;
    a.inference->requestsPerSecond = 1;
    b.inference->requestsPerSecond = 40;
    planner->request(a);
    planner->flush(); // a runs
    planner->request(b);
    planner->flush(); // b waits for a, then runs
    QTRY_VERIFY_WITH_TIMEOUT(!planner->isBusy(), 20000);
    QTRY_COMPARE(ready.count(), 1);
    const auto r = ready.at(0).at(0).value<std::shared_ptr<const gui::PlanResult>>();
    QCOMPARE(r->workload.inference->requestsPerSecond.value_or(0), 40.0);
    QCOMPARE(r->generation, planner->generation());
    QCOMPARE(m_window->candidates()->result(), r);
}

void TestGuiPlan::clickingAPointSelectsTheRow()
{
    loadExample("llama-3.1-70b-lora.json");
    auto* chart = m_window->pareto();
    QVERIFY(!chart->points().isEmpty());
    // A point on the Pareto front that is not already selected and has no twin at the same place (equal-cost
    // twins share the front), clicked with the mouse.
    int id = -1;
    for (const auto& p : chart->points()) {
        int twins = 0;
        for (const auto& q : chart->points())
            twins += q.x == p.x && q.y == p.y;
        if (p.pareto && twins == 1 && p.id != m_window->selectedCandidate())
            id = p.id;
    }
    if (id < 0)
        id = chart->points().back().id;
    m_window->pages()->setCurrentIndex(0);
    QTRY_VERIFY(chart->isVisible());
    const auto pos = chart->viewportPosition(id);
    QVERIFY(pos);
    QCOMPARE(chart->idAt(*pos), id);
    QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, *pos);
    QTRY_COMPARE(m_window->selectedCandidate(), id);
    QCOMPARE(chart->selectedId(), id);
    const QModelIndex row = m_window->table()->selectionModel()->selectedRows().value(0);
    QCOMPARE(m_window->proxy()->mapToSource(row).row(), id);
    // The side panel shows that candidate.
    const auto& c = m_window->candidates()->result()->plan.candidates[static_cast<std::size_t>(id)];
    QVERIFY(m_window->findChild<QLabel*>(QStringLiteral("detailsTitle"))
                ->text()
                .contains(QString::fromStdString(c.pricing->offering.instanceType)));
}

void TestGuiPlan::selectingARowSelectsThePoint()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    QTableView* table = m_window->table();
    const QModelIndex third = m_window->proxy()->index(2, 0);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(third).center());
    const int id = m_window->proxy()->mapToSource(third).row();
    QTRY_COMPARE(m_window->selectedCandidate(), id);
    QCOMPARE(m_window->pareto()->selectedId(), id);
    QVERIFY(!m_window->details()->value(QStringLiteral("Time to first token")).isEmpty());
}

void TestGuiPlan::filterAndGroup()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    auto* proxy = m_window->proxy();
    const int all = proxy->rowCount();
    auto* filter = m_window->findChild<QLineEdit*>(QStringLiteral("candidateFilter"));
    // (The example's 99.9 % target drops spot-only fleets: the filter looks for Azure's on-demand rows, all-on-demand
    // fleets and on-demand bases with a spot burst.)
    QTest::keyClicks(filter, QStringLiteral("azure on-demand"));
    QTRY_VERIFY(proxy->rowCount() > 0 && proxy->rowCount() < all);
    for (int r = 0; r < proxy->rowCount(); ++r) {
        QCOMPARE(
            proxy->index(r, gui::CandidateTableModel::Provider).data(gui::CandidateTableModel::ProviderRole).toString(),
            QStringLiteral("azure"));
        const QString pricing = proxy->index(r, gui::CandidateTableModel::Pricing).data().toString();
        QVERIFY2(pricing == QLatin1String("On-demand") || pricing == QLatin1String("On-demand base + spot burst"),
            qPrintable(pricing));
    }
    filter->clear();
    QCOMPARE(proxy->rowCount(), all);
    proxy->setGroupByProvider(true);
    QString last;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QString p = proxy->index(r, 0).data(gui::CandidateTableModel::ProviderRole).toString();
        QVERIFY2(p >= last, qPrintable(p + QStringLiteral(" after ") + last));
        last = p;
    }
    // Sorting by cost keeps the groups; within a group, cheapest first.
    m_window->table()->sortByColumn(gui::CandidateTableModel::Cost, Qt::AscendingOrder);
    for (int r = 1; r < proxy->rowCount(); ++r) {
        const QString a = proxy->index(r - 1, 0).data(gui::CandidateTableModel::ProviderRole).toString();
        const QString b = proxy->index(r, 0).data(gui::CandidateTableModel::ProviderRole).toString();
        QVERIFY(a <= b);
        if (a == b)
            QVERIFY(
                proxy->index(r - 1, gui::CandidateTableModel::Cost).data(gui::CandidateTableModel::SortRole).toDouble()
                <= proxy->index(r, gui::CandidateTableModel::Cost).data(gui::CandidateTableModel::SortRole).toDouble());
    }
    proxy->setGroupByProvider(false);
}

void TestGuiPlan::undoRedoEveryEdit()
{
    m_window->newScenario();
    QUndoStack* undo = m_window->undoStack();
    QCOMPARE(undo->count(), 0);
    auto* tokens = qobject_cast<QLineEdit*>(m_window->form()->fieldWidget(QStringLiteral("/training/tokens")));
    const QString original = tokens->text();
    typeInto("/training/tokens", QStringLiteral("300B"));
    // Typing into one field is one step (the clearing and every key merge).
    QCOMPARE(undo->count(), 1);
    QVERIFY(m_window->isWindowModified());
    QVERIFY(m_window->form()->setFieldValue(QStringLiteral("/training/method"), QStringLiteral("lora")));
    QCOMPARE(undo->count(), 2);
    QVERIFY(m_window->form()->setFieldValue(QStringLiteral("/hardware"), QStringLiteral("true")));
    QCOMPARE(undo->count(), 3);

    // Ctrl+Z through the Edit menu's shortcut, three times.
    m_window->activateWindow();
    m_window->setFocus();
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!m_window->findChild<QGroupBox*>(QStringLiteral("field:/hardware"))->isChecked());
    undo->undo();
    QVERIFY(m_window->form()->workload()->training->method == core::FinetuneMethod::Full);
    undo->undo();
    QCOMPARE(tokens->text(), original);
    QVERIFY(!undo->canUndo());
    // Ctrl+Shift+Z redoes.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tokens->text(), QStringLiteral("300B"));
    QCOMPARE(m_window->form()->workload()->training->tokens, 300e9);
    undo->redo();
    undo->redo();
    QVERIFY(m_window->findChild<QGroupBox*>(QStringLiteral("field:/hardware"))->isChecked());
    QVERIFY(!undo->canRedo());
}

void TestGuiPlan::scenariosSaveOpenDuplicateRenameDelete()
{
    auto* store = m_ctx->store();
    loadExample("llama-3.1-70b-lora.json");
    QVERIFY(m_window->saveScenario(QStringLiteral("LoRA 70B")));
    const long long id = m_window->scenarioId();
    QVERIFY(id > 0);
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(m_window->windowTitle().contains(QLatin1String("LoRA 70B")));
    // Saved as the same JSON the CLI reads.
    auto saved = store->scenario(id);
    QVERIFY(saved);
    auto parsed
        = core::parseWorkload(saved->workloadJson, "s", *m_ctx->data()->inputs.models, *m_ctx->data()->inputs.gpus);
    QVERIFY2(parsed, parsed ? "" : parsed.error().detail.c_str());
    QCOMPARE(parsed->training->tokens, 200e6);

    typeInto("/training/tokens", QStringLiteral("1B"));
    QVERIFY(m_window->isWindowModified());
    QVERIFY(m_window->saveScenario()); // same scenario
    QCOMPARE(m_window->scenarioId(), id);
    m_window->newScenario();
    QVERIFY(m_window->openScenario(id));
    QCOMPARE(m_window->form()->workload()->training->tokens, 1e9);

    QString error;
    const auto copy = gui::ScenarioDialog::duplicate(store, id, &error);
    QVERIFY2(copy, qPrintable(error));
    QCOMPARE(QString::fromStdString(store->scenario(*copy)->name), QStringLiteral("LoRA 70B (copy)"));
    QVERIFY(store->renameScenario(*copy, "LoRA 70B, 1B tokens"));
    gui::ScenarioListModel list(store);
    QVERIFY(list.rowOf(*copy) >= 0);
    QCOMPARE(list.index(list.rowOf(*copy)).data().toString(), QStringLiteral("LoRA 70B, 1B tokens"));
    for (int r = 0; r < list.rowCount(); ++r) // the autosave is not a scenario to show
        QVERIFY(list.index(r).data().toString() != QLatin1String(gui::autosaveScenarioName));
    QVERIFY(store->deleteScenario(*copy));
    list.refresh();
    QCOMPARE(list.rowOf(*copy), -1);
}

void TestGuiPlan::autosaveKeepsTheFormInProcess()
{
    // The window goes away without a clean close (no closeEvent); a new one on the same store restores it.
    m_window->newScenario();
    typeInto("/name", QStringLiteral("typed, never saved"));
    typeInto("/training/tokens", QStringLiteral("42B"));
    const int saves = m_window->autosave()->saves();
    QTRY_VERIFY(m_window->autosave()->saves() > saves);
    const QJsonObject doc = m_window->form()->workloadJson();
    m_window.reset();
    init();
    QVERIFY(m_window->restoreSession());
    QCOMPARE(m_window->form()->workloadJson(), doc);
    QVERIFY(m_window->isWindowModified());
    QCOMPARE(m_window->form()->workload()->training->tokens, 42e9);
}

// Another process holding the store's write lock (a CLI import) once blocked the window for the whole 5 s lock wait
// on every save, and a failed save then inserted a second autosave row. Now the save waits on its own thread and
// retries: the window keeps answering, and once the lock is gone exactly one autosave row holds the newest document.
void TestGuiPlan::autosaveWaitsOutALockedStore()
{
    auto* store = m_ctx->store();
    gui::Autosave autosave(store);
    autosave.setDelay(10);
    // Another process takes the write lock and holds it for 3 s (Python's sqlite3 module, as a second writer).
    QProcess holder;
    holder.start(QStringLiteral("python3"),
        {QStringLiteral("-c"),
            QStringLiteral("import sqlite3, sys, time\n"
                           "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                           "c.execute('BEGIN IMMEDIATE')\n"
                           "print('locked', flush=True)\n"
                           "time.sleep(3)\n"
                           "c.execute('COMMIT')\n"),
            QString::fromStdString(store->path().string())});
    QVERIFY2(holder.waitForReadyRead(30000), holder.readAllStandardError().constData());
    QCOMPARE(holder.readLine().trimmed(), QByteArray("locked"));
    autosave.schedule(QJsonObject {{QStringLiteral("n"), 1}});
    QTest::qWait(50);
    autosave.schedule(QJsonObject {{QStringLiteral("n"), 2}});
    // The event loop keeps running while the save waits: the longest gap between 20 ms ticks stays far below the
    // lock's 3 s (the old autosave blocked the GUI thread for the full 5 s wait).
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, longestGap = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        longestGap = std::max(longestGap, clock.elapsed() - last);
        last = clock.elapsed();
    });
    tick.start(20);
    QTest::qWait(2500);
    tick.stop();
    QVERIFY2(longestGap < 1000, qPrintable(QStringLiteral("the window was blocked for %1 ms").arg(longestGap)));
    QCOMPARE(autosave.saves(), 0);
    QVERIFY(holder.waitForFinished(30000));
    QCOMPARE(holder.exitCode(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(autosave.saves(), 1, 10000);
    auto list = store->scenarios();
    QVERIFY(list);
    const auto rows = std::count_if(
        list->begin(), list->end(), [](const auto& sc) { return sc.name == gui::autosaveScenarioName; });
    QCOMPARE(rows, 1);
    QCOMPARE(autosave.load()->value(QStringLiteral("n")).toInt(), 2);
}

void TestGuiPlan::workloadFilesRoundTrip()
{
    loadExample("gpt3-175b-pretraining.json");
    // 6·N·D = 6 × 175e9 × 300e9 = 3.15e23, plus attention 12·L·d·T = 12 × 96 × 12288 × 2048 × 300e9 = 0.087e23 (PaLM,
    // appendix B): 3.24e23, written as the CLI and the PDF write it (report::scientific), not "3.24E+23".
    const QString flops = m_window->details()->value(QStringLiteral("Total compute"));
    QVERIFY2(flops.startsWith(QLatin1String("3.2")) && flops.endsWith(QLatin1String("e23 FLOPs")), qPrintable(flops));
    const QString out = m_dir.filePath(QStringLiteral("export.json"));
    QString error;
    QVERIFY2(m_window->exportWorkloadFile(out, &error), qPrintable(error));
    const QJsonObject doc = m_window->form()->workloadJson();
    m_window->newScenario();
    QVERIFY(m_window->form()->workloadJson() != doc);
    QVERIFY2(m_window->openWorkloadFile(out, &error), qPrintable(error));
    QCOMPARE(m_window->form()->workloadJson(), doc);
    QVERIFY(gui::AppSettings::recentFiles().contains(QFileInfo(out).absoluteFilePath()));
    QVERIFY(!m_window->openWorkloadFile(m_dir.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY(error.contains(QLatin1String("missing.json")));
}

void TestGuiPlan::exportPlanUsesTheSelectedCandidate()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    const auto& cands = m_window->planner()->current()->plan.candidates;
    QVERIFY(cands.size() >= 2);
    // The menu has the four exports.
    for (const char* name : {"actionExportPdf", "actionExportCsv", "actionExportSkyPilot", "actionExportKubernetes"})
        QVERIFY2(m_window->findChild<QAction*>(QLatin1String(name)), name);
    QString error;
    const QString csv = m_dir.filePath(QStringLiteral("plan.csv"));
    QVERIFY2(m_window->exportPlanFile(gui::MainWindow::PlanExport::Csv, csv, &error), qPrintable(error));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray raw = f.readAll();
    QVERIFY(raw.startsWith("\xEF\xBB\xBF"));
    auto table = core::parseCsv(raw.mid(3).toStdString(), "plan.csv");
    QVERIFY(table);
    QCOMPARE(table->rows.size(), cands.size());
    // The deployment file describes the selected row, not the first one: a row on another instance type.
    auto instanceOf = [&](std::size_t i) { return cands[i].pricing->offering.instanceType; };
    std::size_t other = 1;
    while (other < cands.size() && instanceOf(other) == instanceOf(0))
        ++other;
    QVERIFY(other < cands.size());
    m_window->selectCandidate(int(other));
    QCOMPARE(m_window->selectedCandidate(), int(other));
    const QString yaml = m_dir.filePath(QStringLiteral("second.yaml"));
    QVERIFY2(m_window->exportPlanFile(gui::MainWindow::PlanExport::SkyPilot, yaml, &error), qPrintable(error));
    QFile y(yaml);
    QVERIFY(y.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(y.readAll());
    QVERIFY2(text.contains(QString::fromStdString(instanceOf(other))), qPrintable(text.left(800)));
    QVERIFY(!text.contains(QString::fromStdString(instanceOf(0))));
    // Invalid input: no current plan, a message instead of a file.
    typeInto("/inference/prompt_tokens", QStringLiteral("-5"));
    QVERIFY(
        !m_window->exportPlanFile(gui::MainWindow::PlanExport::Pdf, m_dir.filePath(QStringLiteral("x.pdf")), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.pdf"))));
}

void TestGuiPlan::servingChartsShowDemandAndDowntime()
{
    // examples/llama-3.1-8b-daily-profile.json: 24 hourly request rates peaking at 40 requests/s at 11:00,
    // availability target 99.9 %.
    const std::vector<double> profile {
        6, 4, 3, 3, 3, 4, 8, 14, 22, 30, 36, 40, 38, 36, 37, 38, 36, 32, 28, 24, 20, 16, 12, 8};
    loadExample("llama-3.1-8b-daily-profile.json");
    m_window->selectCandidate(0);
    auto* demand = m_window->details()->demandChart();
    QVERIFY(m_window->details()->chartOffered(demand));
    const auto& steps = demand->steps();
    QCOMPARE(steps.series.size(), 3);
    const QVector<double>& needed = steps.series[0].values;
    QCOMPARE(needed.size(), 24);
    // More traffic never needs fewer replicas, and the peak hour needs the most.
    for (int a = 0; a < 24; ++a)
        for (int b = 0; b < 24; ++b)
            if (profile[std::size_t(a)] <= profile[std::size_t(b)])
                QVERIFY2(needed[a] <= needed[b], qPrintable(QStringLiteral("hour %1 vs %2").arg(a).arg(b)));
    QCOMPARE(*std::max_element(needed.begin(), needed.end()), needed[11]);
    QVERIFY(needed[11] > needed[2]);
    // The autoscaled fleet runs at least what an hour needs once it is not scaling up (scale-down waits for the
    // cooldown); the static fleet is flat, sized for the peak.
    for (int h = 1; h < 24; ++h) {
        if (needed[h] <= needed[h - 1])
            QVERIFY2(steps.series[1].values[h] >= needed[h], qPrintable(QString::number(h)));
        QCOMPARE(steps.series[2].values[h], steps.series[2].values[0]);
    }
    QVERIFY(steps.series[2].values[0] >= needed[11]);

    auto* avail = m_window->details()->availabilityChart();
    QVERIFY(m_window->details()->chartOffered(avail));
    const auto& a = m_window->planner()->current()->plan.candidates.front().pricing->availability;
    QVERIFY(a);
    // Downtime of a 730-hour month at the expected availability, and the 99.9 % budget: 0.001 × 43 800 min.
    QCOMPARE(avail->bars().sets.front().values.front(), (1 - a->expected) * 730 * 60);
    QVERIFY(qAbs(avail->bars().reference - 43.8) < 1e-9);

    // A training job has neither chart.
    loadExample("llama-3.1-70b-lora.json");
    m_window->selectCandidate(0);
    QVERIFY(!m_window->details()->chartOffered(m_window->details()->demandChart()));
    QVERIFY(!m_window->details()->chartOffered(m_window->details()->availabilityChart()));
    QVERIFY(m_window->details()->chartOffered(m_window->details()->memoryChart()));
}

void TestGuiPlan::importPriceFileAndHistory()
{
    // A quote for 8 × H100 at 10 $/h, imported twice at different prices: two snapshots, a two-point history.
    auto write = [&](double price, const char* asOf) {
        const QString path = m_dir.filePath(QStringLiteral("quote-%1.json").arg(QLatin1String(asOf)));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return QString();
        f.write(QStringLiteral(R"({"schema": "gpuplan.catalog/1", "provider": "acme", "offerings": [
            {"provider": "acme", "region": "eu-test-1", "country": "DE", "instance_type": "h100x8",
             "gpu_model": "H100-SXM-80GB", "gpu_count": 8, "gpu_memory_gib": 80, "source": "test quote",
             "prices": [{"pricing_model": "on_demand", "currency": "USD", "hourly_rate": %1,
                         "as_of": "%2", "source": "test quote"}]}]})")
                    .arg(price)
                    .arg(QLatin1String(asOf))
                    .toUtf8());
        return path;
    };
    auto* page = m_window->catalogPage();
    const int before = page->model()->rowCount();
    for (const auto& [price, date] : {std::pair<double, const char*> {10.0, "2026-10-01"}, {9.0, "2026-11-01"}}) {
        const QString file = write(price, date);
        QVERIFY(!file.isEmpty());
        QCOMPARE(gui::CatalogImport::guessFormat(file), QStringLiteral("gpuplan"));
        const auto out = page->importNow({file, QStringLiteral("gpuplan"), {}, QString::fromLatin1(date)});
        QVERIFY2(out.ok, qPrintable(out.error));
        QCOMPARE(out.offerings, 1);
    }
    QCOMPARE(page->model()->rowCount(), before + 1);
    QVERIFY(m_ctx->data()->providers.contains(QStringLiteral("acme")));
    page->proxy()->setWords(QStringLiteral("acme"));
    QCOMPARE(page->proxy()->rowCount(), 1);
    m_window->pages()->setCurrentWidget(page);
    page->view()->selectRow(0);
    QTRY_COMPARE(page->historyChart()->seriesCount(), 1);
    auto h = m_ctx->store()->priceHistory("acme", "eu-test-1", "h100x8");
    QVERIFY(h);
    QCOMPARE(h->size(), std::size_t(2));
    // The planner uses it: an 8 × H100 workload now has an acme candidate.
    m_window->pages()->setCurrentIndex(0);
    loadExample("llama-3.1-70b-lora.json");
    bool acme = false;
    for (const auto& c : m_window->candidates()->result()->plan.candidates)
        acme |= c.pricing && c.pricing->offering.provider == "acme";
    QVERIFY(acme);
}

void TestGuiPlan::cancelledOrRefusedImportChangesNothing()
{
    const auto snapshots = m_ctx->store()->snapshots()->size();
    std::atomic<bool> cancel {true};
    const auto out = gui::CatalogImport::run({QStringLiteral(GPUPLAN_SOURCE_DIR "/pricing-data/catalog/lambda.json"),
                                                 QStringLiteral("gpuplan"), {}, QStringLiteral("2026-11-30")},
        m_ctx->store()->path(), {}, &cancel);
    QVERIFY(!out.ok);
    QVERIFY(out.cancelled);
    QCOMPARE(m_ctx->store()->snapshots()->size(), snapshots);
    const auto bad = gui::CatalogImport::run(
        {m_dir.filePath(QStringLiteral("nope.json")), QStringLiteral("gpuplan"), {}, QStringLiteral("2026-11-30")},
        m_ctx->store()->path(), {}, nullptr);
    QVERIFY(!bad.ok);
    QVERIFY(bad.error.contains(QLatin1String("nope.json")));

    // 199 of 200 rows bad (gpu_count 0): refused like `catalog import`, nothing stored; taken with acceptPartial.
    const QString mostlyBad = m_dir.filePath(QStringLiteral("mostly-bad.json"));
    QVERIFY(test::writeMostlyBadCatalog(mostlyBad, 200));
    // into a store of its own, so that the accepted row stays out of the other tests' plans
    const std::filesystem::path db = m_dir.filePath(QStringLiteral("partial.sqlite")).toStdString();
    gui::ImportRequest partial {mostlyBad, QStringLiteral("gpuplan"), {}, QStringLiteral("2026-11-30")};
    const auto refused = gui::CatalogImport::run(partial, db, {}, nullptr);
    QVERIFY(!refused.ok);
    QVERIFY(refused.mostlyRejected);
    QVERIFY2(refused.error.contains(QLatin1String("mostly-bad.json: 199 problems against 1 accepted prices")),
        qPrintable(refused.error));
    auto store = providers::Store::open(db);
    QVERIFY(store);
    QCOMPARE((*store)->snapshots()->size(), std::size_t(0));
    partial.acceptPartial = true;
    const auto taken = gui::CatalogImport::run(partial, db, {}, nullptr);
    QVERIFY2(taken.ok, qPrintable(taken.error));
    QCOMPARE(taken.prices, 1);
    QCOMPARE((*store)->snapshots()->size(), std::size_t(1));
}

// An offering named with a line separator, a right-to-left override and an escape (a hostile or broken catalog):
// the table shows the separator as a space and the others as U+FFFD (core::printable), in cells and tooltips.
void TestGuiPlan::hostileNamesShownSafely()
{
    loadExample("llama-3.1-70b-lora.json");
    auto hostile = std::make_shared<gui::PlanResult>(*m_window->candidates()->result());
    auto it = std::find_if(hostile->plan.candidates.begin(), hostile->plan.candidates.end(),
        [](const core::Candidate& c) { return c.pricing.has_value(); });
    QVERIFY(it != hostile->plan.candidates.end());
    it->pricing->offering.instanceType = "p5\xE2\x80\xA8x\xE2\x80\xAE"
                                         "exe\x1B[2J";
    it->pricing->offering.region = "us\neast";
    gui::CandidateTableModel model;
    model.setResult(hostile);
    const int row = static_cast<int>(it - hostile->plan.candidates.begin());
    QVERIFY(model.data(model.index(row, gui::CandidateTableModel::Instance))
                .toString()
                .startsWith(QString::fromUtf8("p5 x\uFFFDexe\uFFFD[2J"))); // then " × 8" for 8 instances
    QCOMPARE(model.data(model.index(row, gui::CandidateTableModel::Region)).toString(), QStringLiteral("us east"));
    for (int col = 0; col < gui::CandidateTableModel::ColumnCount; ++col)
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
            const QString text = model.data(model.index(row, col), role).toString();
            for (const char16_t c : {u'\u2028', u'\u202E', u'\x1B'})
                QVERIFY2(!text.contains(QChar(c)), qPrintable(QStringLiteral("column %1: %2").arg(col).arg(text)));
        }
}

// The ★ / ! column once sat after eight others and was off-screen in a 1440-pixel window: it is beside the rank,
// inside the table's viewport with the default column widths.
void TestGuiPlan::markColumnOnScreen()
{
    m_window->resize(1440, 900);
    m_window->show();
    loadExample("llama-3.1-8b-chat-serving.json");
    QTableView* table = m_window->table();
    const int col = gui::CandidateTableModel::Pareto;
    QVERIFY(!table->isColumnHidden(col));
    const int right = table->columnViewportPosition(col) + table->columnWidth(col);
    QVERIFY2(right <= table->viewport()->width(),
        qPrintable(QStringLiteral("%1 > %2").arg(right).arg(table->viewport()->width())));
    // the recommended row carries the star
    QCOMPARE(m_window->proxy()->index(0, col).data().toString().left(1), QString::fromUtf8("\u2605"));
}

void TestGuiPlan::switchingLanguageRetranslates()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    QMenu* file = m_window->fileMenu();
    QCOMPARE(file->title(), QStringLiteral("&File"));
    auto* form = m_window->form();
    auto label = [&](const char* pointer) {
        return qobject_cast<QLabel*>(form->findChild<QLabel*>(QStringLiteral("error:") + QLatin1String(pointer)))
            ? form->fieldLabel(QLatin1String(pointer))
            : QString();
    };
    QCOMPARE(label("/inference/prompt_tokens"), QStringLiteral("Prompt tokens"));
    const QString header
        = m_window->candidates()->headerData(gui::CandidateTableModel::Provider, Qt::Horizontal).toString();
    QCOMPARE(header, QStringLiteral("Provider"));

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QTRY_COMPARE(file->title(), QStringLiteral("文件(&F)"));
    QCOMPARE(label("/inference/prompt_tokens"), QStringLiteral("提示词元数"));
    QCOMPARE(m_window->candidates()->headerData(gui::CandidateTableModel::Provider, Qt::Horizontal).toString(),
        QStringLiteral("云厂商"));
    QCOMPARE(m_window->pages()->tabText(0), QStringLiteral("计划(&P)"));
    QVERIFY(m_window->statusLabel()->text().contains(QStringLiteral("个候选")));
    // Errors next to fields are in Chinese too.
    typeInto("/inference/prompt_tokens", QStringLiteral("-1"));
    QVERIFY2(form->errorLabel(QStringLiteral("/inference/prompt_tokens"))->text().contains(QStringLiteral("整数")),
        qPrintable(form->errorLabel(QStringLiteral("/inference/prompt_tokens"))->text()));

    m_window->setLanguage(QStringLiteral("en"));
    QTRY_COMPARE(file->title(), QStringLiteral("&File"));
    QCOMPARE(label("/inference/prompt_tokens"), QStringLiteral("Prompt tokens"));
    QCOMPARE(gui::AppSettings::language(), QStringLiteral("en"));
}

// The side panel names a training layout's recompute mode in words of the app's language, not the workload's token
// ("op"): a workload that pins torchtitan's per-op checkpointing.
void TestGuiPlan::recomputeNamedInTheLanguage()
{
    const QString file = m_dir.filePath(QStringLiteral("per-op.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema": "gpuplan.workload/1", "kind": "training", "model": {"preset": "llama-3.1-8b"},
        "training": {"tokens": 1e9, "zero_stage": 3, "recompute": "op"},
        "hardware": {"gpu": "H100-SXM-80GB", "count": 8}})");
    f.close();
    QString error;
    QVERIFY2(m_window->openWorkloadFile(file, &error), qPrintable(error));
    waitForPlan();
    m_window->pages()->setCurrentIndex(0);
    m_window->selectCandidate(0);
    QTRY_COMPARE(m_window->selectedCandidate(), 0);
    QVERIFY(m_window->candidates()->candidate(0)->training->layout.recompute == core::Recompute::Op);
    QCOMPARE(m_window->details()->value(QStringLiteral("Recompute")), QStringLiteral("per-op selective (torchtitan)"));
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QTRY_COMPARE(m_window->details()->value(QStringLiteral("重计算")), QStringLiteral("逐算子选择性（torchtitan）"));
    m_window->setLanguage(QStringLiteral("en"));
    QTRY_COMPARE(
        m_window->details()->value(QStringLiteral("Recompute")), QStringLiteral("per-op selective (torchtitan)"));
}

void TestGuiPlan::settingsDiscountsCurrencyAndKeychain()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    const auto cheapest = [&] {
        return m_window->candidates()
            ->index(0, gui::CandidateTableModel::Cost)
            .data(gui::CandidateTableModel::SortRole)
            .toDouble();
    };
    const QString provider = QString::fromStdString(m_window->candidates()->candidate(0)->pricing->offering.provider);
    const double before = cheapest();
    gui::SettingsDialog dlg(m_ctx.get(), m_window.get());
    connect(&dlg, &gui::SettingsDialog::applied, m_window.get(), &gui::MainWindow::applySettings);
    // A 50 % negotiated discount on the cheapest candidate's provider, kept in the store.
    auto* discounts = dlg.findChild<QTableWidget*>(QStringLiteral("settingsDiscounts"));
    QVERIFY(discounts);
    bool found = false;
    for (int r = 0; r < discounts->rowCount(); ++r)
        if (discounts->item(r, 0)->text() == provider) {
            discounts->item(r, 1)->setText(QStringLiteral("50"));
            found = true;
        }
    QVERIFY(found);
    dlg.apply();
    QCOMPARE(m_ctx->store()->discounts()->at(provider.toStdString()), 0.5);
    waitForPlan();
    QTRY_VERIFY(cheapest() < before * 0.75);
    // Prices in yuan, converted at the bundled rate.
    auto* currency = m_window->findChild<QComboBox*>(QStringLiteral("currency"));
    currency->setCurrentText(QStringLiteral("CNY"));
    waitForPlan();
    QCOMPARE(m_window->candidates()->result()->currency, QStringLiteral("CNY"));
    QVERIFY(m_window->candidates()
                ->index(0, gui::CandidateTableModel::Cost)
                .data()
                .toString()
                .contains(QStringLiteral("¥")));
    currency->setCurrentText(QStringLiteral("USD"));
    // Memory units: GB (10^9 bytes, as datasheets print) instead of GiB (2^30), in the panel and its chart.
    QCOMPARE(gui::Fmt::gib(80e9), QStringLiteral("74.51 GiB")); // 80e9 / 2^30 = 74.506
    auto* units = dlg.findChild<QComboBox*>(QStringLiteral("memoryUnits"));
    QVERIFY(units);
    units->setCurrentIndex(units->findData(QStringLiteral("decimal")));
    dlg.apply();
    QCOMPARE(gui::AppSettings::memoryUnits(), QStringLiteral("decimal"));
    QCOMPARE(gui::Fmt::gib(80e9), QStringLiteral("80.00 GB"));
    m_window->selectCandidate(0);
    const auto& mem = m_window->details()->memoryChart()->bars();
    QCOMPARE(mem.valueTitle, QStringLiteral("GB"));
    QCOMPARE(mem.reference * 1e9, double(m_window->candidates()->candidate(0)->gpu->memoryBytes));
    units->setCurrentIndex(units->findData(QStringLiteral("binary")));
    dlg.apply();
    QCOMPARE(gui::Fmt::gib(80e9), QStringLiteral("74.51 GiB"));
    QVERIFY(m_ctx->store()->setDiscount(provider.toStdString(), 0));
    m_ctx->reload();
    // The keychain answers one way or the other: a stored key, none, or (no service here) a clear refusal.
    auto* status = dlg.keyStatus();
    QTRY_VERIFY_WITH_TIMEOUT(status->text() != QLatin1String("Asking the keychain…"), 15000);
    QVERIFY(!status->text().isEmpty());
    qInfo("keychain: %s", qPrintable(status->text()));
}

void TestGuiPlan::everyModelPassesTheTester()
{
    using Tester = QAbstractItemModelTester;
    const auto mode = Tester::FailureReportingMode::QtTest;
    Tester candidates(m_window->candidates(), mode);
    Tester proxy(m_window->proxy(), mode);
    Tester exclusions(m_window->exclusions(), mode);
    Tester offerings(m_window->catalogPage()->model(), mode);
    Tester offeringProxy(m_window->catalogPage()->proxy(), mode);
    Tester accuracyRows(m_window->accuracyPage()->rows(), mode);
    Tester accuracyGroups(m_window->accuracyPage()->groups(), mode);
    gui::ScenarioListModel scenarios(m_ctx->store());
    Tester scenarioTester(&scenarios, mode);

    // Exercise them: plans of each kind (resets), filtering, grouping, sorting, a language change.
    for (const char* example :
        {"llama-3.1-8b-chat-serving.json", "gpt3-175b-pretraining.json", "rendering-batch.json"}) {
        loadExample(example);
        QVERIFY(m_window->candidates()->rowCount() > 0);
    }
    m_window->proxy()->setFilterText(QStringLiteral("aws"));
    m_window->proxy()->setGroupByProvider(true);
    m_window->table()->sortByColumn(gui::CandidateTableModel::Time, Qt::DescendingOrder);
    m_window->proxy()->setFilterText({});
    m_window->proxy()->setGroupByProvider(false);
    m_window->catalogPage()->proxy()->setWords(QStringLiteral("H100 spot"));
    m_window->catalogPage()->view()->sortByColumn(gui::OfferingModel::Price, Qt::DescendingOrder);
    m_window->catalogPage()->proxy()->setWords({});
    QVERIFY(m_window->accuracyPage()->rows()->rowCount() > 50);
    // One row per group of the bundled report: training, the frontier rows and their splits by model, precision and
    // stack, serving and its breakdown (engine, dense or MoE, vendor), memory, and the holdout groups.
    QVERIFY(m_ctx->data()->accuracy);
    QCOMPARE(m_window->accuracyPage()->groups()->rowCount(), int(m_ctx->data()->accuracy->groups.size()));
    QVERIFY(m_window->accuracyPage()->groups()->rowCount() >= 12);
    QVERIFY(m_window->saveScenario(QStringLiteral("for the tester")));
    scenarios.refresh();
    QVERIFY(scenarios.rowCount() > 0);
    m_window->setLanguage(QStringLiteral("zh_CN"));
    m_window->setLanguage(QStringLiteral("en"));
}

// The Catalog page's Check column: tests/data/catalog/check-rules.json (tst_pricing works each rule by hand) with
// today 2026-12-01 gives exactly one error (h100.b: spot 2.5 above on-demand 2.2) and warnings on h100.e (181 days
// old), h100.f (9.0 per GPU-hour against the median 2.5) and g6.12xlarge (exactly 4 × the 1-GPU size).
void TestGuiPlan::catalogPageShowsCheckFindings()
{
    // the app's own catalog is checked too (the frozen catalog's 2023 Alibaba prices are older than 180 days)
    const auto live = m_ctx->data();
    QVERIFY(std::any_of(live->findings().begin(), live->findings().end(), [](auto& f) { return f.rule == "stale"; }));
    QVERIFY(m_window->catalogPage()->proxy()->rowCount() > 0);

    auto cat = importers::parseNativeCatalog(
        gpuplan::test::readFile(GPUPLAN_TEST_DATA "/catalog/check-rules.json"), "check-rules.json");
    QVERIFY(cat);
    auto d = std::make_shared<gui::CatalogData>(*live);
    d->inputs.offerings = std::make_shared<const std::vector<core::Offering>>(cat->offerings);
    core::CatalogCheckOptions options;
    options.today = "2026-12-01";
    auto findings = providers::catalogFindings(cat->offerings, d->inputs.fx, options);
    QVERIFY(findings);
    d->inputs.findings = std::make_shared<const std::vector<core::CatalogFinding>>(*findings);
    gui::OfferingModel model;
    model.setCatalog(d);
    auto rowOf = [&](const char* type, core::PricingModel m) {
        for (int r = 0; r < model.rowCount(); ++r) {
            const auto* o = model.offering(r);
            const QModelIndex pricing = model.index(r, gui::OfferingModel::Pricing);
            if (o && o->instanceType == type
                && pricing.data().toString().startsWith(
                    gui::Fmt::pricingModel(QString::fromStdString(std::string(core::toString(m))))))
                return r;
        }
        return -1;
    };
    const int spot = rowOf("h100.b", core::PricingModel::Spot);
    QVERIFY(spot >= 0);
    const QModelIndex check = model.index(spot, gui::OfferingModel::Check);
    QCOMPARE(check.data().toString(), QStringLiteral("error: spot above on-demand"));
    QCOMPARE(check.data(Qt::ForegroundRole).value<QColor>(), QColor(0xB7, 0x1C, 0x1C));
    QVERIFY2(check.data(Qt::ToolTipRole).toString().contains(QLatin1String("spot 2.5 USD/h is above on-demand 2.2")),
        qPrintable(check.data(Qt::ToolTipRole).toString()));
    QCOMPARE(model.headerData(gui::OfferingModel::Check, Qt::Horizontal).toString(), QStringLiteral("Check"));
    const int stale = rowOf("h100.e", core::PricingModel::OnDemand);
    QCOMPARE(model.index(stale, gui::OfferingModel::Check).data().toString(),
        QStringLiteral("warning: older than 180 days"));
    QVERIFY(model.index(rowOf("h100.a", core::PricingModel::OnDemand), gui::OfferingModel::Check)
                .data()
                .toString()
                .isEmpty());
    // the filter finds the findings by severity and rule
    gui::WordFilterProxy proxy(gui::OfferingModel::FilterRole, gui::OfferingModel::SortRole);
    proxy.setSourceModel(&model);
    proxy.setWords(QStringLiteral("error"));
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setWords(QStringLiteral("warning"));
    QCOMPARE(proxy.rowCount(), 3);
    proxy.setWords(QStringLiteral("stale"));
    QCOMPARE(proxy.rowCount(), 1);
    // and in Chinese
    m_window->setLanguage(QStringLiteral("zh_CN"));
    model.retranslate();
    QVERIFY(!check.data().toString().startsWith(QLatin1String("error")));
    m_window->setLanguage(QStringLiteral("en"));
}

// Issue #21: the DeepSeek-V3 example plans co-located and disaggregated candidates side by side; selecting a
// disaggregated row shows both pools in the side panel, with the same replicas, GPUs and monthly costs as the plan,
// and the form's "Advanced serving" section holds the mode the workload set.
void TestGuiPlan::disaggregatedPoolsInTheSidePanel()
{
    loadExample("deepseek-v3-disaggregated-serving.json");
    const auto& cs = m_window->planner()->current()->plan.candidates;
    int row = -1;
    for (std::size_t i = 0; i < cs.size() && row < 0; ++i)
        if (cs[i].disaggregated)
            row = static_cast<int>(i);
    QVERIFY(row >= 0);
    QVERIFY(std::any_of(cs.begin(), cs.end(), [](const core::Candidate& c) { return !c.disaggregated; }));
    m_window->selectCandidate(row);
    const auto& d = *cs[static_cast<std::size_t>(row)].disaggregated;
    QTreeWidget* tree = m_window->details()->tree();
    QTreeWidgetItem* section = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(0) == QLatin1String("Disaggregated prefill and decode"))
            section = tree->topLevelItem(i);
    QVERIFY(section);
    QMap<QString, QString> values;
    for (int i = 0; i < section->childCount(); ++i)
        values[section->child(i)->text(0)] = section->child(i)->text(1);
    QVERIFY(values.value(QStringLiteral("Prefill pool"))
                .startsWith(QStringLiteral("%1 × TP %2 on ").arg(d.prefill.layout.replicas).arg(d.prefill.layout.tp)));
    QVERIFY(values.value(QStringLiteral("Decode pool"))
                .startsWith(QStringLiteral("%1 × TP %2 on ").arg(d.decode.layout.replicas).arg(d.decode.layout.tp)));
    QCOMPARE(values.value(QStringLiteral("Prefill : decode GPUs")),
        QStringLiteral("%1 : %2").arg(d.prefill.gpus()).arg(d.decode.gpus()));
    QVERIFY(values.contains(QStringLiteral("KV cache transfer")));
    QVERIFY(values.contains(QStringLiteral("Against co-located")));
    // The cost chart splits the month by pool as the PDF does (each pool's cost at its peak utilization, the rest
    // idle) and adds up to the candidate's monthly cost; there is no undivided "Traffic" bar.
    const auto& bars = m_window->details()->costChart()->bars();
    QMap<QString, double> month;
    double sum = 0;
    for (const auto& s : bars.sets) {
        month[s.name] = s.values.value(0);
        sum += s.values.value(0);
    }
    const double pu = d.prefill.capacity.utilization, du = d.decode.capacity.utilization;
    QVERIFY(pu > 0 && pu < 1 && du > 0 && du < 1);
    QCOMPARE(month.value(QStringLiteral("Prefill pool")), d.prefill.monthlyCost * pu);
    QCOMPARE(month.value(QStringLiteral("Decode pool")), d.decode.monthlyCost * du);
    QCOMPARE(month.value(QStringLiteral("Headroom, spares and idle capacity")),
        d.prefill.monthlyCost * (1 - pu) + d.decode.monthlyCost * (1 - du));
    QCOMPARE(month.value(QStringLiteral("Traffic")), 0.0);
    GP_COMPARE_REL(sum, cs[static_cast<std::size_t>(row)].pricing->totalCost, 1e-9);
    auto* mode
        = qobject_cast<QComboBox*>(m_window->form()->fieldWidget(QStringLiteral("/inference/disaggregation/mode")));
    QVERIFY(mode);
    QCOMPARE(mode->currentData().toString(), QStringLiteral("auto"));
}

// The side panel remembers each text's laid-out size (a new plan shows mostly the same texts): per width, so a
// long value that wraps to more lines in a narrower column gets a taller row, and the same height again at the
// width it had.
void TestGuiPlan::sidePanelRowsWrapAtTheirWidth()
{
    loadExample("llama-3.1-8b-chat-serving.json");
    QTreeWidget* tree = m_window->details()->tree();
    // A value of 30 characters or more of the first candidate (not a sentence row, which spans the columns).
    QTreeWidgetItem* item = nullptr;
    for (QTreeWidgetItemIterator it(tree); *it && !item; ++it)
        if ((*it)->text(1).size() >= 30
            && !tree->isFirstColumnSpanned(tree->indexFromItem(*it).row(), tree->indexFromItem(*it).parent())
            && !(*it)->isHidden() && (*it)->parent() && (*it)->parent()->isExpanded())
            item = *it;
    QVERIFY(item);
    const QString text = item->text(1);
    const QFontMetrics fm(item->font(1));
    auto heightAt = [&](int width) {
        tree->setColumnWidth(1, width);
        tree->doItemsLayout();
        return tree->visualItemRect(item).height();
    };
    const int wide = fm.horizontalAdvance(text) + 40;  // one line
    const int narrow = fm.horizontalAdvance(text) / 3; // three lines at least
    const int oneLine = heightAt(wide);
    const int threeLines = heightAt(narrow);
    QVERIFY2(threeLines >= oneLine + 2 * fm.lineSpacing() - 2,
        qPrintable(QStringLiteral("%1: %2 px wide %3, %4 px narrow %5")
                       .arg(text)
                       .arg(wide)
                       .arg(oneLine)
                       .arg(narrow)
                       .arg(threeLines)));
    QCOMPARE(heightAt(wide), oneLine);
    QCOMPARE(heightAt(narrow), threeLines);
}

// A chart whose bars keep their shape (the same categories and sets: the memory of the same layout at another batch)
// moves its values instead of being built anew; a new shape is built anew; the same bars are left alone.
void TestGuiPlan::barsOfTheSameShapeMoveInPlace()
{
    charts::StackedBarChartView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    charts::StackedBars a;
    a.categories = {QStringLiteral("GPU 0")};
    a.sets = {{QStringLiteral("Weights"), {16.0}}, {QStringLiteral("KV cache"), {20.0}}};
    a.valueTitle = QStringLiteral("GiB");
    a.reference = 80;
    a.format = [](double v) { return QString::number(v); };
    view.setBars(a);
    auto barSets = [&] {
        QList<double> values;
        for (QAbstractSeries* s : view.chart()->series())
            if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
                for (QBarSet* set : bars->barSets())
                    values << set->at(0);
        return values;
    };
    auto barSeries = [&]() -> QAbstractBarSeries* {
        for (QAbstractSeries* s : view.chart()->series())
            if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
                return bars;
        return nullptr;
    };
    QCOMPARE(barSets(), (QList<double> {16.0, 20.0}));
    QPointer<QAbstractBarSeries> first = barSeries();
    QVERIFY(first);

    charts::StackedBars b = a;
    b.sets[1].values = {50.0}; // a larger batch: more KV cache
    b.reference = 80;
    view.setBars(b);
    QCOMPARE(barSeries(), first.data()); // the same series, moved
    QCOMPARE(barSets(), (QList<double> {16.0, 50.0}));
    QCOMPARE(view.bars().sets[1].values, QVector<double> {50.0});
    // the value axis covers the new total: 16 + 50 = 66 GiB, and the 80 GiB line
    double axisMax = 0;
    for (QAbstractAxis* axis : view.chart()->axes(Qt::Horizontal))
        if (auto* v = qobject_cast<QValueAxis*>(axis))
            axisMax = std::max(axisMax, v->max());
    QVERIFY2(axisMax >= 80, qPrintable(QString::number(axisMax)));

    charts::StackedBars c = b;
    c.sets.push_back({QStringLiteral("Activations"), {4.0}}); // a set more: another shape
    view.setBars(c);
    QVERIFY(first.isNull()); // built anew, the old series deleted with the chart's
    QCOMPARE(barSets(), (QList<double> {16.0, 50.0, 4.0}));

    QPointer<QAbstractBarSeries> third = barSeries();
    view.setBars(c); // the same bars: nothing rebuilt or moved
    QCOMPARE(barSeries(), third.data());
    QCOMPARE(barSets(), (QList<double> {16.0, 50.0, 4.0}));
}

// A label's new text inside a tab widget repaints the label, not the whole tab widget (QTabWidget repaints all of
// itself on every layout request it gets: gui::quietLayoutRequests); a page that needs more room still reaches the
// window's layout (without the request let through, the window's minimum size hint stays at 104 pixels).
void TestGuiPlan::quietTabsRepaintOnlyWhatChanged()
{
    QWidget window;
    auto* outer = new QVBoxLayout(&window);
    auto* tabs = new QTabWidget;
    gui::quietLayoutRequests(tabs);
    auto* page = new QWidget;
    auto* inner = new QVBoxLayout(page);
    auto* label = new QLabel(QStringLiteral("3 candidates"));
    label->setWordWrap(true);
    inner->addWidget(label);
    // wider than the label's texts, as the table beside the app's status line is: the page's size hint stays
    inner->addWidget(new QLabel(QString(120, QLatin1Char('x'))));
    inner->addStretch();
    tabs->addTab(page, QStringLiteral("Plan"));
    outer->addWidget(tabs);
    window.resize(500, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();

    // What the tab widget itself paints: the area under the label (which draws no background of its own), not all
    // of itself.
    struct Painted : QObject
    {
        QObject *tabs = nullptr, *label = nullptr;
        QRegion tabsRegion;
        int labelPaints = 0;
        bool eventFilter(QObject* o, QEvent* e) override
        {
            if (e->type() == QEvent::Paint && o == tabs)
                tabsRegion += static_cast<QPaintEvent*>(e)->region();
            else if (e->type() == QEvent::Paint && o == label)
                ++labelPaints;
            return false;
        }
    } painted;
    painted.tabs = tabs;
    painted.label = label;
    tabs->installEventFilter(&painted);
    label->installEventFilter(&painted);

    label->setText(QStringLiteral("416 candidates · 2,776 excluded · planned in 7 ms"));
    QTRY_VERIFY(painted.labelPaints > 0);
    QCoreApplication::processEvents();
    const QRect labelInTabs(label->mapTo(tabs, QPoint(0, 0)), label->size());
    QVERIFY2(labelInTabs.contains(painted.tabsRegion.boundingRect()),
        qPrintable(QStringLiteral("the tab widget painted %1,%2 %3×%4 for a label at %5,%6 %7×%8")
                       .arg(painted.tabsRegion.boundingRect().x())
                       .arg(painted.tabsRegion.boundingRect().y())
                       .arg(painted.tabsRegion.boundingRect().width())
                       .arg(painted.tabsRegion.boundingRect().height())
                       .arg(labelInTabs.x())
                       .arg(labelInTabs.y())
                       .arg(labelInTabs.width())
                       .arg(labelInTabs.height())));

    // a page that needs more room: the tab widget's size hint grows and the window's layout makes room for it
    label->setMinimumHeight(600);
    QTRY_VERIFY2(
        window.minimumSizeHint().height() >= 600, qPrintable(QString::number(window.minimumSizeHint().height())));
    QTRY_VERIFY2(tabs->height() >= 600, qPrintable(QString::number(tabs->height())));
}

QTEST_MAIN(TestGuiPlan)
#include "tst_gui_plan.moc"
