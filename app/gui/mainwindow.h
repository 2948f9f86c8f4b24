#pragma once
// The main window: the workload form on the left, the live plan (ranked table, Pareto chart, exclusions) in
// the middle, the selected candidate's details on the right; Catalog and Accuracy pages; scenarios with
// autosave and crash recovery, undo/redo, recent files, settings and language switching.

#include "planengine.h"

#include <QJsonObject>
#include <QMainWindow>
#include <QSet>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QUndoStack;

namespace gpuplan::charts {
class ParetoChartView;
class StackedBarChartView;
} // namespace gpuplan::charts

namespace gpuplan::gui {

struct GuidedAnswers;

class AccuracyPage;
class AppContext;
class CalibratePage;
class Autosave;
class CandidateFilterProxy;
class CandidateTableModel;
class CatalogPage;
class DetailsPanel;
class ExclusionModel;
class PoolPage;
class WorkloadForm;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(AppContext* context, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The parts, for tests and the screenshot script.
    WorkloadForm* form() const { return m_form; }
    LivePlanner* planner() const { return m_planner; }
    CandidateTableModel* candidates() const { return m_candidates; }
    CandidateFilterProxy* proxy() const { return m_proxy; }
    ExclusionModel* exclusions() const { return m_exclusions; }
    QTableView* table() const { return m_table; }
    charts::ParetoChartView* pareto() const { return m_pareto; }
    /// The cheapest candidates as ranked bars, shown instead of pareto() when their times are too alike
    /// (report::chooseCostChart).
    charts::StackedBarChartView* rankedChart() const { return m_ranked; }
    /// The cost chart on show: pareto() or rankedChart().
    QWidget* costChart() const;
    DetailsPanel* details() const { return m_details; }
    QUndoStack* undoStack() const { return m_undo; }
    Autosave* autosave() const { return m_autosave; }
    CatalogPage* catalogPage() const { return m_catalogPage; }
    AccuracyPage* accuracyPage() const { return m_accuracyPage; }
    CalibratePage* calibratePage() const { return m_calibratePage; }
    PoolPage* poolPage() const { return m_poolPage; }
    QTabWidget* pages() const { return m_pages; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QLabel* statusLabel() const { return m_status; }

    /// Loads a workload JSON file (the files the CLI reads); a new, unsaved scenario.
    bool openWorkloadFile(const QString& path, QString* error = nullptr);
    /// Writes the form's workload as JSON.
    bool exportWorkloadFile(const QString& path, QString* error = nullptr);
    /// File → Export Plan: what gpuplan-cli plan --pdf / --csv / --emit writes, for the plan on screen (the
    /// deployment files for the selected candidate, else the recommended one). PDF in the app's language, A4
    /// or Letter by the locale; CSV with a byte-order mark so that Excel reads UTF-8.
    enum class PlanExport { Pdf, Csv, SkyPilot, Kubernetes };
    bool exportPlanFile(PlanExport kind, const QString& path, QString* error = nullptr);
    /// Guided mode's result: the answers become the form's workload, a new unsaved scenario.
    bool loadGuided(const GuidedAnswers& answers, QString* error = nullptr);
    /// Saves the scenario in the store (under `name` as a new one when given, else the current one).
    bool saveScenario(const QString& name = {});
    bool openScenario(long long id);
    void newScenario();
    long long scenarioId() const { return m_scenarioId; }
    QString scenarioName() const { return m_scenarioName; }
    /// Restores the autosave of the last session. Returns true when there was one. Starts the session.
    bool restoreSession();
    /// From now on every change is autosaved. Until then (while starting) nothing is, so that a start that is
    /// killed early never replaces the last session's autosave with an empty form.
    void beginSession();
    /// The autosave document: the form's state and the scenario it belongs to.
    QJsonObject sessionDocument() const;

    /// Applies and remembers a language setting ("", "en", "zh_CN"); every text is retranslated.
    void setLanguage(const QString& setting);
    /// Re-reads the settings (currency, theme, defaults) after the Settings dialog.
    void applySettings();

    /// Selects candidate `index` (a row of candidates()) in the table and the chart.
    void selectCandidate(int index);
    /// The selected candidate's index, or -1.
    int selectedCandidate() const;

Q_SIGNALS:
    /// A plan was shown (after the table, chart and details were updated).
    void planShown(std::shared_ptr<const gpuplan::gui::PlanResult> result);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildUi();
    void createActions();
    void retranslate();
    void formChanged();
    void showPlan(std::shared_ptr<const PlanResult> result);
    void onCurrentRowChanged();
    void updateTitle();
    void updateRecentMenu();
    void updateStatus();
    void setModified(bool modified);
    bool isModified() const;
    void importHfConfig();
    void importLengthCsv();
    /// A file the user picks in an open dialog (`title`, `filter`), read whole; a file that cannot be read is said
    /// under `heading`. Nothing when cancelled or unreadable.
    std::optional<std::pair<QString, QByteArray>> chooseAndRead(
        const QString& title, const QString& filter, const QString& heading);
    void importWorkloadDialog();
    void exportWorkloadDialog();
    void exportPlanDialog(PlanExport kind);
    void saveAsDialog();
    void openScenarioDialog();
    void renameScenarioDialog();
    void deleteScenario();
    void duplicateScenario();
    void openSettings();
    void about();
    QString lastDir() const;

    /// Widens the GPU, pricing and cost columns to their first 20 rows' text (those the user has not resized).
    void fitKeyColumns();
    /// The cost chart's tab title: what it plots now.
    QString costChartTitle() const;

    AppContext* m_context;
    WorkloadForm* m_form = nullptr;
    LivePlanner* m_planner = nullptr;
    CandidateTableModel* m_candidates = nullptr;
    CandidateFilterProxy* m_proxy = nullptr;
    ExclusionModel* m_exclusions = nullptr;
    QTableView* m_table = nullptr;
    QTableView* m_excludedView = nullptr;
    QListWidget* m_notes = nullptr;
    charts::ParetoChartView* m_pareto = nullptr;
    charts::StackedBarChartView* m_ranked = nullptr;
    QStackedWidget* m_costCharts = nullptr;
    std::vector<std::size_t> m_rankedIds; ///< the candidates m_ranked shows, cheapest first
    DetailsPanel* m_details = nullptr;
    QUndoStack* m_undo = nullptr;
    Autosave* m_autosave = nullptr;
    CatalogPage* m_catalogPage = nullptr;
    AccuracyPage* m_accuracyPage = nullptr;
    CalibratePage* m_calibratePage = nullptr;
    PoolPage* m_poolPage = nullptr;
    QTabWidget* m_pages = nullptr;
    QTabWidget* m_resultTabs = nullptr;
    QWidget* m_results = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_storeLabel = nullptr;
    QLineEdit* m_filter = nullptr;
    QCheckBox* m_group = nullptr;
    QComboBox* m_currency = nullptr;
    QLabel* m_currencyLabel = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_scenarioMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    struct Actions
    {
        QAction *newScenario, *open, *save, *saveAs, *importWorkload, *exportWorkload, *importHf, *importPrices, *quit,
            *undo, *redo, *settings, *duplicate, *rename, *remove, *compare, *viewPlan, *viewCatalog, *viewAccuracy,
            *viewCalibrate, *viewPool, *focusFilter, *group, *about, *clearRecent;
    } m_act {};

    long long m_scenarioId = 0;
    QString m_scenarioName;
    bool m_modifiedWithoutUndo = false; ///< recovered unsaved input (the undo stack starts clean)
    bool m_restoring = true;            ///< no autosave while starting and while loading
    bool m_columnsSized = false;
    bool m_fittingColumns = false; ///< set while the window sizes columns itself
    QSet<int> m_userSizedColumns;  ///< columns the user resized by dragging the header
};

} // namespace gpuplan::gui
