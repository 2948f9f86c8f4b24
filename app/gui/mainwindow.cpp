#include "mainwindow.h"

#include "guidedwizard.h"
#include "quiettabs.h"
#include "refreshdialog.h"
#include "reportexport.h"

#include "accuracypage.h"
#include "appcontext.h"
#include "calibratepage.h"
#include "candidatemodel.h"
#include "catalogpage.h"
#include "chartadapters.h"
#include "detailspanel.h"
#include "errortext.h"
#include "format.h"
#include "formundo.h"
#include "poolpage.h"
#include "scenariocompare.h"
#include "scenarios.h"
#include "settings.h"
#include "settingsdialog.h"
#include "workloadform.h"
#include "workloadjson.h"

#include "app/charts/paretochart.h"
#include "app/charts/stackedbarchart.h"
#include "app/report/candidate_view.h"
#include "app/report/format.h"
#include "providers/store.h"
#include "providers/workloadfile.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSaveFile>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include "gpuplan_config.h"

namespace gpuplan::gui {

MainWindow::MainWindow(AppContext* context, QWidget* parent)
    : QMainWindow(parent)
    , m_context(context)
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setWindowIcon(QIcon(QStringLiteral(":/icons/gpuplan.svg")));
    m_undo = new QUndoStack(this);
    m_planner = new LivePlanner(this);
    m_planner->setData(m_context->data());
    m_autosave = new Autosave(m_context->store(), this);
    buildUi();
    createActions();
    retranslate();

    connect(m_form, &WorkloadForm::changed, this, &MainWindow::formChanged);
    connect(m_form, &WorkloadForm::edited, this,
        [this](const QJsonObject& before, const QJsonObject& after, const QString& pointer) {
            m_undo->push(new FormEditCommand(m_form, before, after, pointer,
                tr("Edit “%1”").arg(m_form->fieldLabel(pointer)), m_form->isTextField(pointer)));
        });
    connect(m_form, &WorkloadForm::importHfRequested, this, &MainWindow::importHfConfig);
    connect(m_form, &WorkloadForm::importLengthsRequested, this, &MainWindow::importLengthCsv);
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_planner, &LivePlanner::planReady, this, &MainWindow::showPlan);
    connect(m_planner, &LivePlanner::busyChanged, this, &MainWindow::updateStatus);
    connect(m_context, &AppContext::dataChanged, this, [this] {
        m_form->setCatalogData(m_context->data());
        m_planner->setData(m_context->data());
        formChanged();
    });
    connect(m_pareto, &charts::ParetoChartView::pointClicked, this, &MainWindow::selectCandidate);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::fitKeyColumns); // sorted anew
    connect(m_ranked, &charts::StackedBarChartView::categoryClicked, this, [this](int category) {
        // Bars are added most expensive first (ChartAdapters::ranked): category 0 is the last of m_rankedIds.
        const int n = static_cast<int>(m_rankedIds.size());
        if (category >= 0 && category < n)
            selectCandidate(static_cast<int>(m_rankedIds[std::size_t(n - 1 - category)]));
    });
    // The selection, not the current index: a click makes the row current before it selects it.
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::onCurrentRowChanged);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &CandidateFilterProxy::setFilterText);
    connect(m_group, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setGroupByProvider(on);
        m_act.group->setChecked(on);
    });
    connect(m_currency, &QComboBox::currentTextChanged, this, [this](const QString& c) {
        if (c.isEmpty())
            return;
        AppSettings::setCurrency(c);
        m_planner->setCurrency(c);
    });
    connect(m_catalogPage, &CatalogPage::imported, this, [this](const ImportOutcome& out) {
        if (out.ok)
            statusBar()->showMessage(
                tr("Imported %n offering(s); the plan uses them now.", nullptr, out.offerings), 8000);
    });

    if (const QByteArray g = AppSettings::windowGeometry(); !g.isEmpty())
        restoreGeometry(g);
    else
        resize(1440, 900);
    if (const QByteArray s = AppSettings::windowState(); !s.isEmpty())
        restoreState(s);
    Fmt::setDecimalMemory(AppSettings::memoryUnits() == QLatin1String("decimal"));
    m_planner->setCurrency(AppSettings::currency());
    formChanged();
    updateTitle();
}

MainWindow::~MainWindow()
{
    m_planner->waitForIdle();
    // Children die after this body: nothing they emit on the way may reach a half-destroyed window.
    disconnect(m_undo, nullptr, this, nullptr);
    disconnect(m_planner, nullptr, this, nullptr);
    disconnect(m_form, nullptr, this, nullptr);
    disconnect(m_context, nullptr, this, nullptr);
}

// ---- building -----------------------------------------------------------------------------------------------------

void MainWindow::buildUi()
{
    m_pages = new QTabWidget;
    m_pages->setObjectName(QStringLiteral("pages"));
    m_pages->setDocumentMode(true);
    quietLayoutRequests(m_pages);
    setCentralWidget(m_pages);

    // Plan page: form | results | details
    auto* plan = new QSplitter(Qt::Horizontal);
    plan->setObjectName(QStringLiteral("planSplitter"));
    m_form = new WorkloadForm(m_context->data());
    m_form->setObjectName(QStringLiteral("workloadForm"));
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(340);
    plan->addWidget(scroll);

    m_results = new QWidget;
    auto* rv = new QVBoxLayout(m_results);
    rv->setContentsMargins(4, 4, 4, 4);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("planStatus"));
    m_status->setWordWrap(true);
    rv->addWidget(m_status);
    auto* bar = new QHBoxLayout;
    m_filter = new QLineEdit;
    m_filter->setObjectName(QStringLiteral("candidateFilter"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    m_group = new QCheckBox;
    m_group->setObjectName(QStringLiteral("groupByProvider"));
    bar->addWidget(m_group);
    m_currencyLabel = new QLabel;
    bar->addWidget(m_currencyLabel);
    m_currency = new QComboBox;
    m_currency->setObjectName(QStringLiteral("currency"));
    m_currency->addItems(m_context->data()->currencies);
    m_currency->setCurrentText(AppSettings::currency());
    m_currencyLabel->setBuddy(m_currency);
    bar->addWidget(m_currency);
    rv->addLayout(bar);

    auto* vsplit = new QSplitter(Qt::Vertical);
    m_candidates = new CandidateTableModel(this);
    m_proxy = new CandidateFilterProxy(this);
    m_proxy->setSourceModel(m_candidates);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("candidateTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(CandidateTableModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setHighlightSections(false);
    const int em = m_table->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    const std::pair<int, int> widths[]
        = {{CandidateTableModel::Rank, 3}, {CandidateTableModel::Provider, 6}, {CandidateTableModel::Region, 9},
            {CandidateTableModel::Instance, 11}, {CandidateTableModel::Gpu, 11}, {CandidateTableModel::Pricing, 9},
            {CandidateTableModel::Cost, 7}, {CandidateTableModel::CostRange, 12}, {CandidateTableModel::Time, 6},
            {CandidateTableModel::Hourly, 6}, {CandidateTableModel::AsOf, 6}, {CandidateTableModel::Pareto, 4}};
    for (const auto& [col, w] : widths)
        m_table->setColumnWidth(col, w * em);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int col, int, int) {
        if (!m_fittingColumns && m_columnsSized)
            m_userSizedColumns.insert(col); // a drag of the header: keep the user's width
    });
    vsplit->addWidget(m_table);

    m_resultTabs = new QTabWidget;
    m_resultTabs->setObjectName(QStringLiteral("resultTabs"));
    quietLayoutRequests(m_resultTabs);
    m_pareto = new charts::ParetoChartView;
    m_pareto->setObjectName(QStringLiteral("paretoChart"));
    // Costs and times of 10,000 and more in short words, in the language of the moment ("250k", "25 万").
    const auto tick
        = [](double v) { return QString::fromStdString(report::compactTick(v, Language::current().toStdString())); };
    m_pareto->setTickFormats(tick, tick);
    m_ranked = new charts::StackedBarChartView;
    m_ranked->setObjectName(QStringLiteral("rankedChart"));
    m_costCharts = new QStackedWidget;
    m_costCharts->addWidget(m_pareto);
    m_costCharts->addWidget(m_ranked);
    m_resultTabs->addTab(m_costCharts, QString());
    m_exclusions = new ExclusionModel(this);
    m_excludedView = new QTableView;
    m_excludedView->setObjectName(QStringLiteral("excludedTable"));
    m_excludedView->setModel(m_exclusions);
    m_excludedView->verticalHeader()->hide();
    m_excludedView->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_excludedView->setAlternatingRowColors(true);
    m_excludedView->setWordWrap(false);
    m_excludedView->horizontalHeader()->setStretchLastSection(false);
    m_excludedView->setColumnWidth(ExclusionModel::Reason, 46 * em);
    m_resultTabs->addTab(m_excludedView, QString());
    m_notes = new QListWidget;
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setWordWrap(true);
    m_resultTabs->addTab(m_notes, QString());
    vsplit->addWidget(m_resultTabs);
    vsplit->setStretchFactor(0, 3);
    vsplit->setStretchFactor(1, 2);
    rv->addWidget(vsplit, 1);
    plan->addWidget(m_results);

    m_details = new DetailsPanel;
    m_details->setObjectName(QStringLiteral("detailsPanel"));
    m_details->setMinimumWidth(320);
    plan->addWidget(m_details);
    plan->setStretchFactor(0, 0);
    plan->setStretchFactor(1, 1);
    plan->setStretchFactor(2, 0);
    plan->setSizes({340, 680, 420});
    m_pages->addTab(plan, QString());

    m_catalogPage = new CatalogPage(m_context);
    m_catalogPage->setObjectName(QStringLiteral("catalogPage"));
    m_pages->addTab(m_catalogPage, QString());
    m_accuracyPage = new AccuracyPage(m_context->data()->accuracy);
    m_accuracyPage->setObjectName(QStringLiteral("accuracyPage"));
    m_pages->addTab(m_accuracyPage, QString());
    m_calibratePage = new CalibratePage(m_context);
    m_calibratePage->setObjectName(QStringLiteral("calibratePage"));
    m_pages->addTab(m_calibratePage, QString());
    m_poolPage = new PoolPage(m_context);
    m_poolPage->setObjectName(QStringLiteral("poolPage"));
    m_pages->addTab(m_poolPage, QString());

    m_storeLabel = new QLabel;
    statusBar()->addPermanentWidget(m_storeLabel);
}

void MainWindow::createActions()
{
    auto action = [this](const QString& name, const QList<QKeySequence>& keys = {}) {
        auto* a = new QAction(this);
        a->setObjectName(name);
        a->setShortcuts(keys);
        return a;
    };
    m_act.newScenario = action(QStringLiteral("actionNew"), {QKeySequence::New});
    m_act.open = action(QStringLiteral("actionOpen"), {QKeySequence::Open});
    m_act.save = action(QStringLiteral("actionSave"), {QKeySequence::Save});
    m_act.saveAs = action(QStringLiteral("actionSaveAs"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)});
    m_act.importWorkload = action(QStringLiteral("actionImportWorkload"), {QKeySequence(Qt::CTRL | Qt::Key_I)});
    m_act.exportWorkload = action(QStringLiteral("actionExportWorkload"), {QKeySequence(Qt::CTRL | Qt::Key_E)});
    m_act.importHf = action(QStringLiteral("actionImportHf"));
    m_act.importPrices = action(QStringLiteral("actionImportPrices"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I)});
    m_act.quit = action(QStringLiteral("actionQuit"), {QKeySequence(Qt::CTRL | Qt::Key_Q)});
    m_act.undo = m_undo->createUndoAction(this);
    m_act.undo->setObjectName(QStringLiteral("actionUndo"));
    m_act.undo->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Z)});
    m_act.redo = m_undo->createRedoAction(this);
    m_act.redo->setObjectName(QStringLiteral("actionRedo"));
    m_act.redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    m_act.settings = action(QStringLiteral("actionSettings"), {QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    m_act.duplicate = action(QStringLiteral("actionDuplicate"), {QKeySequence(Qt::CTRL | Qt::Key_D)});
    m_act.rename = action(QStringLiteral("actionRename"), {QKeySequence(Qt::Key_F2)});
    m_act.remove = action(QStringLiteral("actionDelete"));
    m_act.compare = action(QStringLiteral("actionCompare"));
    m_act.viewPlan = action(QStringLiteral("actionViewPlan"), {QKeySequence(Qt::CTRL | Qt::Key_1)});
    m_act.viewCatalog = action(QStringLiteral("actionViewCatalog"), {QKeySequence(Qt::CTRL | Qt::Key_2)});
    m_act.viewAccuracy = action(QStringLiteral("actionViewAccuracy"), {QKeySequence(Qt::CTRL | Qt::Key_3)});
    m_act.viewCalibrate = action(QStringLiteral("actionViewCalibrate"), {QKeySequence(Qt::CTRL | Qt::Key_4)});
    m_act.viewPool = action(QStringLiteral("actionViewPool"), {QKeySequence(Qt::CTRL | Qt::Key_5)});
    m_act.focusFilter = action(QStringLiteral("actionFocusFilter"), {QKeySequence::Find});
    m_act.group = action(QStringLiteral("actionGroup"), {QKeySequence(Qt::CTRL | Qt::Key_G)});
    m_act.group->setCheckable(true);
    m_act.about = action(QStringLiteral("actionAbout"), {QKeySequence::HelpContents});
    m_act.clearRecent = action(QStringLiteral("actionClearRecent"));

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->setObjectName(QStringLiteral("menuFile"));
    m_fileMenu->addActions({m_act.newScenario, m_act.open, m_act.save, m_act.saveAs});
    {
        // Guided mode: three questions that land on the same form.
        auto* guided = new QAction(this);
        guided->setObjectName(QStringLiteral("actionGuided"));
        guided->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
        m_fileMenu->insertAction(m_act.open, guided);
        connect(guided, &QAction::triggered, this, [this] {
            GuidedWizard wizard(m_context->data(), this);
            if (wizard.exec() != QDialog::Accepted)
                return;
            QString error;
            if (!loadGuided(wizard.answers(), &error))
                QMessageBox::warning(this, tr("Guided Plan"), error);
        });
    }
    m_fileMenu->addSeparator();
    m_fileMenu->addActions({m_act.importWorkload, m_act.exportWorkload});
    {
        auto* exportMenu = m_fileMenu->addMenu(QString());
        exportMenu->setObjectName(QStringLiteral("menuExportPlan"));
        const std::pair<const char*, PlanExport> items[]
            = {{"actionExportPdf", PlanExport::Pdf}, {"actionExportCsv", PlanExport::Csv},
                {"actionExportSkyPilot", PlanExport::SkyPilot}, {"actionExportKubernetes", PlanExport::Kubernetes}};
        for (const auto& [name, kind] : items) {
            auto* a = exportMenu->addAction(QString());
            a->setObjectName(QLatin1String(name));
            connect(a, &QAction::triggered, this, [this, kind = kind] { exportPlanDialog(kind); });
        }
        if (auto* pdf = findChild<QAction*>(QStringLiteral("actionExportPdf")))
            pdf->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    }
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    m_fileMenu->addAction(m_act.importHf);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_act.importPrices);
    {
        // Fresh prices from the providers' public APIs: only when asked (issue "Fresh prices").
        auto* refresh = new QAction(this);
        refresh->setObjectName(QStringLiteral("actionRefreshPrices"));
        m_fileMenu->addAction(refresh);
        connect(refresh, &QAction::triggered, this, [this] {
            auto* dialog = new RefreshDialog(m_context, this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->open();
        });
    }
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_act.quit);
    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->setObjectName(QStringLiteral("menuEdit"));
    m_editMenu->addActions({m_act.undo, m_act.redo});
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_act.focusFilter);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_act.settings);
    m_scenarioMenu = menuBar()->addMenu(QString());
    m_scenarioMenu->setObjectName(QStringLiteral("menuScenario"));
    m_scenarioMenu->addActions({m_act.duplicate, m_act.rename, m_act.remove});
    m_scenarioMenu->addSeparator();
    m_scenarioMenu->addAction(m_act.compare);
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(QStringLiteral("menuView"));
    m_viewMenu->addActions(
        {m_act.viewPlan, m_act.viewCatalog, m_act.viewAccuracy, m_act.viewCalibrate, m_act.viewPool});
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_act.group);
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->setObjectName(QStringLiteral("menuHelp"));
    m_helpMenu->addAction(m_act.about);

    connect(m_act.newScenario, &QAction::triggered, this, &MainWindow::newScenario);
    connect(m_act.open, &QAction::triggered, this, &MainWindow::openScenarioDialog);
    connect(m_act.save, &QAction::triggered, this, [this] { saveScenario(); });
    connect(m_act.saveAs, &QAction::triggered, this, &MainWindow::saveAsDialog);
    connect(m_act.importWorkload, &QAction::triggered, this, &MainWindow::importWorkloadDialog);
    connect(m_act.exportWorkload, &QAction::triggered, this, &MainWindow::exportWorkloadDialog);
    connect(m_act.importHf, &QAction::triggered, this, &MainWindow::importHfConfig);
    connect(m_act.importPrices, &QAction::triggered, this, [this] {
        m_pages->setCurrentWidget(m_catalogPage);
        m_catalogPage->importFile({});
    });
    connect(m_act.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_act.settings, &QAction::triggered, this, &MainWindow::openSettings);
    connect(m_act.duplicate, &QAction::triggered, this, &MainWindow::duplicateScenario);
    connect(m_act.rename, &QAction::triggered, this, &MainWindow::renameScenarioDialog);
    connect(m_act.remove, &QAction::triggered, this, &MainWindow::deleteScenario);
    connect(m_act.compare, &QAction::triggered, this, [this] {
        ScenarioCompareDialog dlg(m_context, m_planner->currency(), 0, 0, this);
        dlg.exec();
    });
    connect(m_act.viewPlan, &QAction::triggered, this, [this] { m_pages->setCurrentIndex(0); });
    connect(m_act.viewCatalog, &QAction::triggered, this, [this] { m_pages->setCurrentIndex(1); });
    connect(m_act.viewAccuracy, &QAction::triggered, this, [this] { m_pages->setCurrentIndex(2); });
    connect(m_act.viewCalibrate, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_calibratePage); });
    connect(m_act.viewPool, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_poolPage); });
    connect(m_act.focusFilter, &QAction::triggered, this, [this] {
        QLineEdit* f = m_pages->currentWidget() == m_catalogPage
            ? m_catalogPage->findChild<QLineEdit*>(QStringLiteral("catalogFilter"))
            : m_filter;
        if (m_pages->currentWidget() != m_catalogPage)
            m_pages->setCurrentIndex(0);
        if (f) {
            f->setFocus();
            f->selectAll();
        }
    });
    connect(m_act.group, &QAction::toggled, m_group, &QCheckBox::setChecked);
    connect(m_act.about, &QAction::triggered, this, &MainWindow::about);
    connect(m_act.clearRecent, &QAction::triggered, this, [this] {
        AppSettings::clearRecentFiles();
        updateRecentMenu();
    });
    const bool store = m_context->store() != nullptr;
    for (QAction* a :
        {m_act.open, m_act.save, m_act.saveAs, m_act.duplicate, m_act.rename, m_act.remove, m_act.compare})
        a->setEnabled(store);
    updateRecentMenu();
}

void MainWindow::retranslate()
{
    m_pages->setTabText(0, tr("&Plan"));
    m_pages->setTabText(1, tr("&Catalog"));
    m_pages->setTabText(2, tr("&Accuracy"));
    m_pages->setTabText(m_pages->indexOf(m_calibratePage), tr("Ca&librate"));
    m_pages->setTabText(m_pages->indexOf(m_poolPage), tr("P&ool"));
    m_resultTabs->setTabText(0, costChartTitle());
    m_resultTabs->setTabText(1, tr("Excluded (%1)").arg(m_exclusions->rowCount()));
    m_resultTabs->setTabText(2, tr("Notes"));
    m_filter->setPlaceholderText(tr("Filter by provider, GPU, region or pricing (Ctrl+F)"));
    m_filter->setAccessibleName(tr("Filter the candidates"));
    m_group->setText(tr("Group by provider"));
    m_currencyLabel->setText(tr("C&urrency:"));
    m_currency->setAccessibleName(tr("Currency of the plan"));
    m_table->setAccessibleName(tr("Ranked candidates"));
    m_excludedView->setAccessibleName(tr("Excluded offerings and why"));
    m_notes->setAccessibleName(tr("Notes on the plan"));
    m_pareto->setAccessibleName(tr("Cost against time chart; click a point to select its candidate"));
    m_ranked->setAccessibleName(tr("The cheapest deployments, ranked by cost"));
    m_details->setAccessibleName(tr("Details of the selected candidate"));

    m_fileMenu->setTitle(tr("&File"));
    m_editMenu->setTitle(tr("&Edit"));
    m_scenarioMenu->setTitle(tr("&Scenario"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_act.newScenario->setText(tr("&New Scenario"));
    m_act.open->setText(tr("&Open Scenario…"));
    m_act.save->setText(tr("&Save Scenario"));
    m_act.saveAs->setText(tr("Save Scenario &As…"));
    m_act.importWorkload->setText(tr("&Import Workload JSON…"));
    m_act.exportWorkload->setText(tr("&Export Workload JSON…"));
    m_act.importHf->setText(tr("Import Hugging Face &config.json…"));
    m_act.importPrices->setText(tr("Import &Price File…"));
    if (auto* guided = findChild<QAction*>(QStringLiteral("actionGuided")))
        guided->setText(tr("&Guided Plan…"));
    if (auto* menu = findChild<QMenu*>(QStringLiteral("menuExportPlan")))
        menu->setTitle(tr("Export &Plan"));
    const std::pair<const char*, QString> exportTexts[]
        = {{"actionExportPdf", tr("&PDF Report…")}, {"actionExportCsv", tr("&CSV Comparison Table…")},
            {"actionExportSkyPilot", tr("&SkyPilot Task…")}, {"actionExportKubernetes", tr("&Kubernetes Manifest…")}};
    for (const auto& [name, text] : exportTexts)
        if (auto* a = findChild<QAction*>(QLatin1String(name)))
            a->setText(text);
    if (auto* refresh = findChild<QAction*>(QStringLiteral("actionRefreshPrices")))
        refresh->setText(tr("&Refresh Prices from the Providers…"));
    m_act.quit->setText(tr("&Quit"));
    m_act.settings->setText(tr("Se&ttings…"));
    m_act.duplicate->setText(tr("&Duplicate"));
    m_act.rename->setText(tr("&Rename…"));
    m_act.remove->setText(tr("De&lete…"));
    m_act.compare->setText(tr("&Compare Scenarios…"));
    m_act.viewPlan->setText(tr("&Plan"));
    m_act.viewCatalog->setText(tr("&Catalog"));
    m_act.viewAccuracy->setText(tr("&Accuracy"));
    m_act.viewCalibrate->setText(tr("Ca&librate"));
    m_act.viewPool->setText(tr("P&ool"));
    m_act.focusFilter->setText(tr("&Find Candidates"));
    m_act.group->setText(tr("&Group by Provider"));
    m_act.about->setText(tr("&About gpuplan"));
    m_act.clearRecent->setText(tr("&Clear List"));
    m_act.undo->setText(tr("&Undo"));
    m_act.redo->setText(tr("&Redo"));
    m_storeLabel->setText(m_context->store()
            ? tr("Store: %1").arg(QString::fromStdString(m_context->store()->path().string()))
            : tr("No store: %1").arg(m_context->storeError()));
    updateRecentMenu();
    updateTitle();
    updateStatus();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_form) {
        retranslate();
        m_candidates->retranslate();
        fitKeyColumns(); // the pricing names in the new language
        m_exclusions->retranslate();
        if (auto r = m_planner->current())
            showPlan(r); // chart titles and tooltips
    }
    QMainWindow::changeEvent(event);
}

// ---- the live plan ------------------------------------------------------------------------------------------------

void MainWindow::formChanged()
{
    if (m_form->isValid()) {
        m_planner->request(*m_form->workload()); // Settings' defaults are in the plan inputs
        m_results->setEnabled(true);
        m_details->setOutOfDate(false);
    } else {
        m_planner->invalidate();
        m_results->setEnabled(false); // the last plan is for input that is no longer there
        m_details->setOutOfDate(true);
    }
    updateStatus();
    if (!m_restoring)
        m_autosave->schedule(sessionDocument());
    updateTitle();
}

void MainWindow::updateStatus()
{
    if (!m_form)
        return;
    QString text;
    if (!m_form->isValid()) {
        const QString where = m_form->errorPointer().isEmpty() ? QString() : m_form->fieldLabel(m_form->errorPointer());
        text = tr("Fix the input to update the plan: %1")
                   .arg(where.isEmpty() ? m_form->errorMessage()
                                        : where + QStringLiteral(": ") + m_form->errorMessage());
    } else if (m_planner->isBusy()) {
        text = tr("Updating the plan…");
    } else if (auto failed = m_planner->current(); failed && failed->error) {
        text = tr("No plan: %1").arg(ErrorText::describe(*failed->error));
    } else if (auto r = m_planner->current()) {
        const auto& plan = r->plan;
        text = r->priced
            ? tr("%n candidate(s)", nullptr, static_cast<int>(plan.candidates.size()))
            : tr("%n GPU model(s) fit (no price catalog)", nullptr, static_cast<int>(plan.candidates.size()));
        text += tr(" · %n excluded", nullptr, static_cast<int>(plan.excluded.size()));
        if (plan.pinned)
            text += plan.pinned->fits ? tr(" · the pinned deployment fits")
                : report::viewCandidate(r->workload, *plan.pinned, nullptr).fitsInMemory
                ? tr(" · the pinned deployment fits in memory but is not feasible")
                : tr(" · the pinned deployment does not fit");
        text += tr(" · planned in %1 ms").arg(Fmt::number(r->computeMs, 0));
    }
    m_status->setText(text);
}

void MainWindow::showPlan(std::shared_ptr<const PlanResult> result)
{
    // Keep the selected candidate selected across plans when it is still there.
    const int before = selectedCandidate();
    std::optional<core::Candidate> keep;
    if (const core::Candidate* c = m_candidates->candidate(before))
        keep = *c;
    // The reset, the sort, the column fit, the selection and the scroll below each ask the table to repaint: one
    // repaint when they are done (bench_gui_recompute).
    m_table->setUpdatesEnabled(false);
    m_candidates->setResult(result);
    m_exclusions->setResult(result);
    const report::CostChart chart = report::chooseCostChart(result->plan);
    if (chart.kind == report::CostChart::Kind::RankedBars) {
        m_ranked->setBars(ChartAdapters::ranked(*result, chart.ranked));
        m_rankedIds = chart.ranked;
        m_pareto->setPoints({}, QString(), QString());
        m_costCharts->setCurrentWidget(m_ranked);
    } else {
        QString xTitle, yTitle;
        m_pareto->setPoints(
            ChartAdapters::scatter(*result, chart.plotted, &xTitle, &yTitle), xTitle, yTitle,
            [result](int id) { return ChartAdapters::scatterTooltip(*result, id); }, static_cast<int>(chart.priced));
        m_costCharts->setCurrentWidget(m_pareto);
    }
    int row = keep ? m_candidates->findSimilar(*keep) : -1;
    m_notes->clear();
    for (const auto& n : result->plan.notes)
        m_notes->addItem(ErrorText::message(n));
    for (const QString& w : m_form->warnings())
        m_notes->addItem(w);
    m_resultTabs->setTabText(0, costChartTitle());
    m_resultTabs->setTabText(1, tr("Excluded (%1)").arg(m_exclusions->rowCount()));
    if (!m_columnsSized && m_candidates->rowCount() > 0) {
        QScopedValueRollback<bool> guard(m_fittingColumns, true);
        // Once, from the first rows: later plans keep the widths the user may have set.
        m_table->horizontalHeader()->setResizeContentsPrecision(40);
        m_table->resizeColumnsToContents();
        const int cap = m_table->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 12;
        for (int c = 0; c < CandidateTableModel::ColumnCount; ++c)
            m_table->setColumnWidth(c, std::min(m_table->columnWidth(c) + 6, cap));
        m_excludedView->horizontalHeader()->setResizeContentsPrecision(40);
        m_excludedView->resizeColumnsToContents();
        m_columnsSized = true;
    }
    fitKeyColumns();
    if (row >= 0) {
        selectCandidate(row);
    } else {
        m_details->showCandidate(result, -1);
        m_pareto->setSelectedId(-1);
    }
    m_table->setUpdatesEnabled(true);
    updateStatus();
    Q_EMIT planShown(result);
}

void MainWindow::onCurrentRowChanged()
{
    const int idx = selectedCandidate();
    m_pareto->setSelectedId(idx);
    m_details->showCandidate(m_candidates->result(), idx);
}

void MainWindow::fitKeyColumns()
{
    // What a reader compares first never ends in "…": the GPUs, the pricing and the cost of the first 20 rows (as
    // sorted now) get the width they need, on every plan (a larger cost, a longer pricing name), unless the user
    // has resized that column by hand. Only widening: a column never jumps narrower under the reader's eyes.
    const int rows = std::min(m_proxy->rowCount(), 20);
    QScopedValueRollback<bool> guard(m_fittingColumns, true);
    for (const int col :
        {int(CandidateTableModel::Gpu), int(CandidateTableModel::Pricing), int(CandidateTableModel::Cost)}) {
        if (m_userSizedColumns.contains(col))
            continue;
        int need = m_table->horizontalHeader()->sectionSizeHint(col);
        for (int r = 0; r < rows; ++r)
            need = std::max(need, m_table->sizeHintForIndex(m_proxy->index(r, col)).width());
        need += m_table->showGrid() ? 1 : 0; // the grid line is drawn inside the column's width
        if (need > m_table->columnWidth(col))
            m_table->setColumnWidth(col, need);
    }
}

QString MainWindow::costChartTitle() const
{
    if (m_costCharts->currentWidget() == m_ranked)
        return tr("Cheapest deployments");
    return m_candidates->isServing() ? tr("Cost against p99 TTFT") : tr("Cost against time");
}

QWidget* MainWindow::costChart() const
{
    return m_costCharts->currentWidget();
}

int MainWindow::selectedCandidate() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return -1;
    return m_proxy->mapToSource(rows.first()).row();
}

void MainWindow::selectCandidate(int index)
{
    const QModelIndex src = m_candidates->index(index, 0);
    if (!src.isValid())
        return;
    QModelIndex p = m_proxy->mapFromSource(src);
    if (!p.isValid()) { // filtered out: show it anyway
        m_filter->clear();
        p = m_proxy->mapFromSource(src);
    }
    const int before = selectedCandidate();
    m_table->selectionModel()->setCurrentIndex(p, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(p);
    if (selectedCandidate() == before) // no selectionChanged: show it anyway (a new plan, the same row)
        onCurrentRowChanged();
}

// ---- scenarios, files, session ------------------------------------------------------------------------------------

QJsonObject MainWindow::sessionDocument() const
{
    QJsonObject doc;
    doc.insert(QStringLiteral("schema"), QStringLiteral("gpuplan.autosave/1"));
    doc.insert(QStringLiteral("form"), m_form->state());
    doc.insert(QStringLiteral("scenario_id"), static_cast<double>(m_scenarioId));
    doc.insert(QStringLiteral("scenario_name"), m_scenarioName);
    doc.insert(QStringLiteral("modified"), isModified());
    return doc;
}

void MainWindow::beginSession()
{
    m_restoring = false;
}

bool MainWindow::restoreSession()
{
    const auto doc = m_autosave->load();
    if (!doc || !doc->value(QStringLiteral("form")).isObject()) {
        beginSession();
        return false;
    }
    m_restoring = true;
    m_scenarioId = static_cast<long long>(doc->value(QStringLiteral("scenario_id")).toDouble());
    m_scenarioName = doc->value(QStringLiteral("scenario_name")).toString();
    if (m_scenarioId > 0 && m_context->store() && !m_context->store()->scenario(m_scenarioId)) {
        m_scenarioId = 0; // deleted since
    }
    m_form->setState(doc->value(QStringLiteral("form")).toObject());
    m_undo->clear();
    m_modifiedWithoutUndo = doc->value(QStringLiteral("modified")).toBool();
    m_restoring = false;
    updateTitle();
    return true;
}

bool MainWindow::isModified() const
{
    return m_modifiedWithoutUndo || !m_undo->isClean();
}

void MainWindow::setModified(bool modified)
{
    if (!modified) {
        m_undo->setClean();
        m_modifiedWithoutUndo = false;
    } else {
        m_modifiedWithoutUndo = true;
    }
    updateTitle();
}

void MainWindow::updateTitle()
{
    if (!m_form)
        return;
    if (m_poolPage) // the Pool page stores its sizings with the scenario shown
        m_poolPage->setScenario(m_scenarioId);
    QString name = m_scenarioName;
    if (name.isEmpty())
        name = tr("Untitled");
    setWindowTitle(tr("%1[*] — gpuplan").arg(qs(name.toStdString())));
    setWindowModified(isModified());
}

void MainWindow::newScenario()
{
    m_autosave->flush();
    m_restoring = true;
    m_form->reset();
    beginSession();
    m_undo->clear();
    m_scenarioId = 0;
    m_scenarioName.clear();
    m_modifiedWithoutUndo = false;
    formChanged();
}

bool MainWindow::saveScenario(const QString& asName)
{
    auto* store = m_context->store();
    if (!store) {
        QMessageBox::warning(
            this, tr("Save scenario"), tr("There is no store to save into: %1").arg(m_context->storeError()));
        return false;
    }
    QString name = asName;
    std::optional<long long> id;
    if (name.isEmpty() && m_scenarioId > 0) {
        name = m_scenarioName;
        id = m_scenarioId;
    }
    if (name.isEmpty()) {
        bool ok = false;
        const QString suggestion = json::valueAt(m_form->workloadJson(), QStringLiteral("/name")).toString();
        name = QInputDialog::getText(this, tr("Save scenario"), tr("Name:"), QLineEdit::Normal, suggestion, &ok)
                   .trimmed();
        if (!ok || name.isEmpty())
            return false;
    }
    auto saved = store->saveScenario(name.toStdString(), m_form->workloadText().toStdString(), id);
    if (!saved) {
        QMessageBox::warning(this, tr("Save scenario"), ErrorText::describe(saved.error()));
        return false;
    }
    m_scenarioId = *saved;
    m_scenarioName = name;
    setModified(false);
    m_autosave->schedule(sessionDocument());
    m_autosave->flush();
    statusBar()->showMessage(tr("Saved “%1”").arg(name), 5000);
    return true;
}

void MainWindow::saveAsDialog()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save scenario as"), tr("Name:"), QLineEdit::Normal,
        m_scenarioName.isEmpty() ? json::valueAt(m_form->workloadJson(), QStringLiteral("/name")).toString()
                                 : tr("%1 (copy)").arg(m_scenarioName),
        &ok)
                             .trimmed();
    if (ok && !name.isEmpty())
        saveScenario(name);
}

bool MainWindow::openScenario(long long id)
{
    auto* store = m_context->store();
    if (!store)
        return false;
    auto s = store->scenario(id);
    if (!s) {
        QMessageBox::warning(this, tr("Open scenario"), ErrorText::describe(s.error()));
        return false;
    }
    QString error;
    m_restoring = true;
    const bool ok = m_form->loadWorkload(QByteArray::fromStdString(s->workloadJson), &error);
    beginSession();
    if (!ok) {
        QMessageBox::warning(this, tr("Open scenario"),
            tr("“%1” is not a readable workload: %2").arg(QString::fromStdString(s->name), error));
        return false;
    }
    m_undo->clear();
    m_scenarioId = id;
    m_scenarioName = QString::fromStdString(s->name);
    m_modifiedWithoutUndo = false;
    formChanged();
    return true;
}

void MainWindow::openScenarioDialog()
{
    if (!m_context->store())
        return;
    ScenarioDialog dlg(m_context->store(), m_scenarioId, this);
    connect(&dlg, &ScenarioDialog::openRequested, this, [this](long long id) { openScenario(id); });
    connect(&dlg, &ScenarioDialog::renamed, this, [this](long long id, const QString& name) {
        if (id == m_scenarioId) {
            m_scenarioName = name;
            updateTitle();
            m_autosave->schedule(sessionDocument());
        }
    });
    connect(&dlg, &ScenarioDialog::deleted, this, [this](long long id) {
        if (id == m_scenarioId) {
            m_scenarioId = 0;
            m_scenarioName.clear();
            setModified(true);
            m_autosave->schedule(sessionDocument());
        }
    });
    dlg.exec();
}

void MainWindow::duplicateScenario()
{
    if (m_scenarioId <= 0) {
        saveAsDialog();
        return;
    }
    if (isModified())
        saveScenario();
    QString error;
    if (auto id = ScenarioDialog::duplicate(m_context->store(), m_scenarioId, &error))
        openScenario(*id);
    else
        QMessageBox::warning(this, tr("Duplicate scenario"), error);
}

void MainWindow::renameScenarioDialog()
{
    if (m_scenarioId <= 0) {
        saveAsDialog();
        return;
    }
    bool ok = false;
    const QString name
        = QInputDialog::getText(this, tr("Rename scenario"), tr("Name:"), QLineEdit::Normal, m_scenarioName, &ok)
              .trimmed();
    if (!ok || name.isEmpty())
        return;
    if (auto st = m_context->store()->renameScenario(m_scenarioId, name.toStdString()); !st) {
        QMessageBox::warning(this, tr("Rename scenario"), ErrorText::describe(st.error()));
        return;
    }
    m_scenarioName = name;
    updateTitle();
    m_autosave->schedule(sessionDocument());
}

void MainWindow::deleteScenario()
{
    if (m_scenarioId <= 0)
        return;
    if (QMessageBox::question(
            this, tr("Delete scenario"), tr("Delete “%1”? This cannot be undone.").arg(m_scenarioName))
        != QMessageBox::Yes)
        return;
    if (auto st = m_context->store()->deleteScenario(m_scenarioId); !st) {
        QMessageBox::warning(this, tr("Delete scenario"), ErrorText::describe(st.error()));
        return;
    }
    m_scenarioId = 0;
    m_scenarioName.clear();
    setModified(true);
    m_autosave->schedule(sessionDocument());
}

QString MainWindow::lastDir() const
{
    return AppSettings::lastDirectory();
}

bool MainWindow::loadGuided(const GuidedAnswers& answers, QString* error)
{
    const QJsonObject doc = answers.toWorkload();
    QString e;
    m_restoring = true;
    const bool ok = m_form->loadWorkload(QJsonDocument(doc).toJson(), &e);
    beginSession();
    if (!ok) {
        if (error)
            *error = tr("The answers do not make a valid workload: %1").arg(e);
        return false;
    }
    m_undo->clear();
    m_scenarioId = 0;
    m_scenarioName = doc.value(QStringLiteral("name")).toString();
    m_modifiedWithoutUndo = true; // not in the store yet
    formChanged();
    m_pages->setCurrentIndex(0); // the answers are a plan: show it, whichever page Guided Plan was opened from
    return true;
}

bool MainWindow::openWorkloadFile(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: cannot open: %2").arg(path, f.errorString());
        return false;
    }
    // The files the workload names (a CSV of request lengths) are read now, beside it: the form and a saved
    // scenario keep what they stand for.
    const QByteArray raw = f.readAll();
    auto text = providers::inlineWorkloadFiles(std::string(raw.constData(), static_cast<std::size_t>(raw.size())),
        QFileInfo(path).fileName().toStdString(), QFileInfo(path).absoluteDir().filesystemAbsolutePath());
    if (!text) {
        if (error)
            *error = QString::fromStdString(text.error().detail);
        return false;
    }
    QString e;
    m_restoring = true;
    const bool ok = m_form->loadWorkload(QByteArray::fromStdString(*text), &e);
    beginSession();
    if (!ok) {
        if (error)
            *error = tr("%1: not a workload file: %2").arg(QFileInfo(path).fileName(), e);
        return false;
    }
    m_undo->clear();
    m_scenarioId = 0;
    m_scenarioName = QFileInfo(path).completeBaseName();
    m_modifiedWithoutUndo = true; // not in the store yet
    AppSettings::addRecentFile(path);
    AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    formChanged();
    return true;
}

bool MainWindow::exportWorkloadFile(const QString& path, QString* error)
{
    QSaveFile f(path);
    const QByteArray text = m_form->workloadText();
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit()) {
        if (error)
            *error = tr("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    AppSettings::addRecentFile(path);
    AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    return true;
}

void MainWindow::importWorkloadDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import workload JSON"), lastDir(), tr("Workload files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openWorkloadFile(path, &error))
        QMessageBox::warning(this, tr("Import workload JSON"), error);
}

bool MainWindow::exportPlanFile(PlanExport kind, const QString& path, QString* error)
{
    const auto result = m_planner->current();
    // A stale plan (the input changed since, or is invalid) is never exported as if it were current.
    if (!result || m_planner->isBusy() || result->generation != m_planner->generation() || !m_form->isValid()) {
        if (error)
            *error = tr("There is no current plan to export: correct the marked fields or wait for the plan.");
        return false;
    }
    switch (kind) {
    case PlanExport::Pdf:
        return exportPdfReport(*result, path, Language::current(), defaultPageFormat(), error);
    case PlanExport::Csv:
        return exportCsvTable(*result, path, true, error);
    case PlanExport::SkyPilot:
    case PlanExport::Kubernetes: {
        const int row = selectedCandidate();
        const core::Candidate* chosen = row >= 0 && std::size_t(row) < result->plan.candidates.size()
            ? &result->plan.candidates[std::size_t(row)]
            : nullptr;
        return exportDeployment(
            *result, chosen, kind == PlanExport::SkyPilot ? DeployKind::SkyPilot : DeployKind::Kubernetes, path, error);
    }
    }
    return false;
}

void MainWindow::exportPlanDialog(PlanExport kind)
{
    QString title, filter, suffix;
    switch (kind) {
    case PlanExport::Pdf:
        title = tr("Export PDF report");
        filter = tr("PDF files (*.pdf)");
        suffix = QStringLiteral(".pdf");
        break;
    case PlanExport::Csv:
        title = tr("Export CSV comparison table");
        filter = tr("CSV files (*.csv)");
        suffix = QStringLiteral(".csv");
        break;
    case PlanExport::SkyPilot:
        title = tr("Export SkyPilot task");
        filter = tr("YAML files (*.yaml *.yml)");
        suffix = QStringLiteral("-sky.yaml");
        break;
    case PlanExport::Kubernetes:
        title = tr("Export Kubernetes manifest");
        filter = tr("YAML files (*.yaml *.yml)");
        suffix = QStringLiteral("-k8s.yaml");
        break;
    }
    const QString base = m_scenarioName.isEmpty() ? QStringLiteral("gpuplan") : m_scenarioName;
    const QString path = QFileDialog::getSaveFileName(this, title, base + suffix, filter);
    if (path.isEmpty())
        return;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = exportPlanFile(kind, path, &error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::warning(this, title, error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
}

void MainWindow::exportWorkloadDialog()
{
    QString suggestion = m_scenarioName.isEmpty() ? tr("workload") : m_scenarioName;
    suggestion.replace(QLatin1Char('/'), QLatin1Char('-'));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export workload JSON"),
        lastDir() + QLatin1Char('/') + suggestion + QStringLiteral(".json"), tr("Workload files (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportWorkloadFile(path, &error))
        QMessageBox::warning(this, tr("Export workload JSON"), error);
    else
        statusBar()->showMessage(tr("Exported %1 (gpuplan-cli plan %1 gives the same plan)").arg(path), 8000);
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = AppSettings::recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString f = files[i];
        QAction* a = m_recentMenu->addAction(
            (i < 9 ? QStringLiteral("&%1 ").arg(i + 1) : QString()) + QFileInfo(f).fileName());
        a->setToolTip(f);
        a->setStatusTip(f);
        connect(a, &QAction::triggered, this, [this, f] {
            QString error;
            if (!openWorkloadFile(f, &error))
                QMessageBox::warning(this, tr("Open recent"), error);
        });
    }
    if (files.isEmpty()) {
        QAction* none = m_recentMenu->addAction(tr("No recent files"));
        none->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(m_act.clearRecent);
    }
}

std::optional<std::pair<QString, QByteArray>> MainWindow::chooseAndRead(
    const QString& title, const QString& filter, const QString& heading)
{
    const QString path = QFileDialog::getOpenFileName(this, title, lastDir(), filter);
    if (path.isEmpty())
        return std::nullopt;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, heading, tr("%1: cannot open: %2").arg(path, f.errorString()));
        return std::nullopt;
    }
    return std::make_pair(path, f.readAll());
}

void MainWindow::importHfConfig()
{
    const auto file = chooseAndRead(
        tr("Import Hugging Face config.json"), tr("config.json (*.json);;All files (*)"), tr("Import config.json"));
    if (!file)
        return;
    const QFileInfo info(file->first);
    QString error;
    QStringList notes;
    if (!m_form->importHfConfig(file->second, &error, &notes)) {
        QMessageBox::warning(this, tr("Import config.json"), tr("%1: %2").arg(info.fileName(), error));
        return;
    }
    AppSettings::setLastDirectory(info.absolutePath());
    statusBar()->showMessage(tr("Architecture read from %1").arg(info.fileName())
            + (notes.isEmpty() ? QString() : QStringLiteral(" — ") + notes.join(QStringLiteral("; "))),
        10000);
}

void MainWindow::importLengthCsv()
{
    const auto file = chooseAndRead(
        tr("Request lengths from a CSV"), tr("CSV files (*.csv);;All files (*)"), tr("Request lengths"));
    if (!file)
        return;
    const QFileInfo info(file->first);
    QString error;
    if (!m_form->importLengthCsv(file->second, info.fileName(), &error)) {
        QMessageBox::warning(this, tr("Request lengths"), error);
        return;
    }
    AppSettings::setLastDirectory(info.absolutePath());
}

// ---- settings, language --------------------------------------------------------------------------------------------

void MainWindow::setLanguage(const QString& setting)
{
    AppSettings::setLanguage(setting);
    Language::apply(setting); // every widget gets QEvent::LanguageChange
}

void MainWindow::applySettings()
{
    Language::apply(AppSettings::language());
    Theme::apply(AppSettings::theme());
    Fmt::setDecimalMemory(AppSettings::memoryUnits() == QLatin1String("decimal"));
    m_details->refresh(); // the panel's units
    {
        const QSignalBlocker block(m_currency);
        m_currency->clear();
        m_currency->addItems(m_context->data()->currencies);
        m_currency->setCurrentText(AppSettings::currency());
    }
    m_planner->setCurrency(AppSettings::currency());
    formChanged();
}

void MainWindow::openSettings()
{
    SettingsDialog dlg(m_context, this);
    connect(&dlg, &SettingsDialog::applied, this, &MainWindow::applySettings);
    dlg.exec();
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About gpuplan"),
        tr("<h3>gpuplan %1</h3><p>What a GPU workload needs, where it should run, what it costs and whether it "
           "meets its SLA.</p><p>Estimates come from first principles, checked against published runs (see the "
           "Accuracy page); prices from the bundled, dated and sourced catalog or the files you import.</p>")
            .arg(QStringLiteral(GPUPLAN_VERSION)));
}

// ---- window --------------------------------------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_autosave->schedule(sessionDocument());
    m_autosave->flush();
    AppSettings::setWindow(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& u : event->mimeData()->urls()) {
        if (!u.isLocalFile())
            continue;
        const QString path = u.toLocalFile();
        QFile f(path);
        QByteArray head;
        if (f.open(QIODevice::ReadOnly))
            head = f.read(64 * 1024);
        if (head.contains("gpuplan.workload/1") || (head.contains("\"kind\"") && !head.contains("gpuplan.catalog"))) {
            QString error;
            if (!openWorkloadFile(path, &error))
                QMessageBox::warning(this, tr("Open workload"), error);
        } else if (head.contains("\"hidden_size\"") || head.contains("\"n_embd\"")) {
            QString error;
            QStringList notes;
            f.seek(0);
            if (!m_form->importHfConfig(f.readAll(), &error, &notes))
                QMessageBox::warning(this, tr("Import config.json"), error);
        } else {
            m_pages->setCurrentWidget(m_catalogPage);
            m_catalogPage->importFile(path);
        }
        break;
    }
    event->acceptProposedAction();
}

} // namespace gpuplan::gui
