#pragma once
// The Pool page: a GPU pool sized for a trace or for saved scenarios, priced — owned servers (a TCO file), reserved
// instances, on-demand and spot burst — against a p99 queueing-delay target per class. The same sizing as
// `gpuplan-cli simulate --size`: the files are read by providers::loadPoolRequest and sized by core::sizePool, in the
// background with progress and Cancel; the result is shown from the same JSON the CLI prints
// ("gpuplan.pool-sizing/1": the cost split, each policy side by side, the queueing delay per class, the pool over
// time) and stored with the scenario in the SQLite store; it exports as the same PDF.

#include "core/pool_size.h"

#include <QAbstractTableModel>
#include <QJsonArray>
#include <QJsonObject>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace gpuplan::charts {
class LineChartView;
class StackedBarChartView;
} // namespace gpuplan::charts

namespace gpuplan::gui {

class AppContext;

/// One table of a sizing result ("gpuplan.pool-sizing/1"): the cheapest mix per policy, the queueing delay per class
/// and policy, or the prices of the pool's parts.
class PoolTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Kind { Mixes, Delays, Prices };
    explicit PoolTableModel(Kind kind, QObject* parent = nullptr);

    void setDocument(const QJsonObject& doc);
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString policy;
        QString part;    ///< Prices: owned, reserved, on_demand, spot
        QJsonObject obj; ///< the mix, the class's delay or the price
    };
    QString cell(const Row& row, int column) const;
    Kind m_kind;
    QJsonObject m_doc;
    std::vector<Row> m_rows;
};

class PoolPage : public QWidget
{
    Q_OBJECT
public:
    explicit PoolPage(AppContext* context, QWidget* parent = nullptr);
    ~PoolPage() override;

    /// The form as a request document ("gpuplan.pool-request/1"): files, scenarios, GPU, TCO file, provider,
    /// targets ("600,BE=3600", seconds), start delay and policies; what is stored with a result.
    QJsonObject request() const;
    /// Fills the form from a request document; false with a message when it is not one.
    bool setRequest(const QJsonObject& request, QString* error = nullptr);
    /// Sizes the pool in the background (finished() tells when); false with the message shown (and in `error`) when
    /// the form is incomplete or a sizing is running.
    bool run(QString* error = nullptr);
    /// Stops a running sizing; nothing is stored.
    void cancel();
    bool isRunning() const { return m_cancel != nullptr; }
    /// The result shown ("gpuplan.pool-sizing/1"); empty when none.
    QJsonObject result() const { return m_result; }
    /// The message under the buttons.
    QString message() const;
    /// The scenario the results are stored with (0: none saved: only the scenarios sized are).
    void setScenario(long long id);
    /// Shows the newest sizing stored with the current scenario, if any; true when there was one.
    bool showStored();
    /// Writes the last sizing run in this session as the PDF report (in the app's language).
    bool exportPdf(const QString& path, QString* error = nullptr);
    /// Re-reads the saved scenarios into the scenario list.
    void refreshScenarios();

    PoolTableModel* mixes() const { return m_mixes; }
    PoolTableModel* delays() const { return m_delays; }
    PoolTableModel* prices() const { return m_prices; }
    charts::LineChartView* overTime() const { return m_timeChart; }
    charts::StackedBarChartView* costChart() const { return m_costChart; }
    charts::StackedBarChartView* delayChart() const { return m_delayChart; }

Q_SIGNALS:
    /// A sizing ended: ok, failed or cancelled (ok false).
    void finished(bool ok);

protected:
    void changeEvent(QEvent* event) override;
    /// Shown: the saved scenarios re-read, and the sizing stored with the current scenario when another is shown.
    void showEvent(QShowEvent* event) override;

private:
    struct Outcome;
    void retranslate();
    void showResult(const QJsonObject& doc);
    void showOverTime();
    void setMessage(const QString& text, bool error);
    void updateButtons();
    void done(const Outcome& outcome);
    QString browse(QLineEdit* edit, const QString& title, const QString& filter);

    AppContext* m_context;
    PoolTableModel* m_mixes;
    PoolTableModel* m_delays;
    PoolTableModel* m_prices;
    QLabel* m_intro = nullptr;
    QRadioButton* m_fromTrace = nullptr;
    QRadioButton* m_fromScenarios = nullptr;
    QLineEdit* m_nodes = nullptr;
    QLineEdit* m_tasks = nullptr;
    QLineEdit* m_gpuMap = nullptr;
    QTableWidget* m_scenarios = nullptr;
    QComboBox* m_gpu = nullptr;
    QLineEdit* m_tco = nullptr;
    QComboBox* m_provider = nullptr;
    QLineEdit* m_targets = nullptr;
    QDoubleSpinBox* m_delay = nullptr;
    QListWidget* m_policies = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_mixView = nullptr;
    QTableView* m_delayView = nullptr;
    QTableView* m_priceView = nullptr;
    QComboBox* m_timePolicy = nullptr;
    charts::LineChartView* m_timeChart = nullptr;
    charts::StackedBarChartView* m_costChart = nullptr;
    charts::StackedBarChartView* m_delayChart = nullptr;
    std::vector<QLabel*> m_labels; ///< form labels, retranslated by name
    std::vector<QPushButton*> m_browseButtons;

    long long m_scenarioId = 0;
    long long m_shownFor = -1;                   ///< the scenario whose stored sizing was last looked for
    std::shared_ptr<std::atomic<bool>> m_cancel; ///< set while a sizing runs
    QJsonObject m_result;
    /// The last sizing run in this session (for the PDF): what was asked and the result.
    std::optional<core::PoolSizingRequest> m_lastRequest;
    std::optional<core::PoolSizing> m_lastSizing;
};

} // namespace gpuplan::gui
