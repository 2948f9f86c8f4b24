#pragma once
// The live plan: every accepted edit is planned in the background after a short debounce. A generation
// counter ties each result to the edit that asked for it, so a stale result is never shown as current, and
// at most one plan runs at a time (the newest pending edit starts when it finishes).

#include "appcontext.h"

#include "core/planner.h"
#include "core/workload.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::gui {

/// A plan together with what it was computed from.
struct PlanResult
{
    quint64 generation = 0;
    std::shared_ptr<const CatalogData> data; ///< keeps the GPU specs the candidates point to alive
    core::Workload workload;
    core::PlanInputs inputs; ///< what the plan was computed from (data->inputs in the plan's currency)
    core::Plan plan;
    std::optional<core::Error> error; ///< the plan could not be made (an unknown currency, cancelled)
    QString currency;
    bool priced = false;
    double computeMs = 0; ///< time in the planner (background thread)
};

/// Plans `w` with `data`'s plan inputs in `currency` through core::planWorkload, exactly as `gpuplan-cli plan`
/// does. Thread-safe: touches only its arguments.
std::shared_ptr<PlanResult> computePlan(const std::shared_ptr<const CatalogData>& data, const core::Workload& w,
    const QString& currency, const core::CancelFlag* cancel = nullptr);

class LivePlanner : public QObject
{
    Q_OBJECT
public:
    explicit LivePlanner(QObject* parent = nullptr);
    ~LivePlanner() override;

    /// Debounce in ms (150 by default) between the last edit and the start of a plan.
    void setDebounce(int ms) { m_debounce.setInterval(ms); }
    int debounce() const { return m_debounce.interval(); }
    void setData(std::shared_ptr<const CatalogData> catalog);
    void setCurrency(const QString& currency);
    QString currency() const { return m_currency; }

    /// A new valid workload: plans it after the debounce.
    void request(const core::Workload& w);
    /// The input became invalid: whatever is running or pending is now stale.
    void invalidate();
    /// Starts the pending plan now instead of after the debounce.
    void flush();

    quint64 generation() const { return m_generation; }
    /// Whether a plan for the current generation is pending or running.
    bool isBusy() const { return m_pending.has_value() || m_running; }
    std::shared_ptr<const PlanResult> current() const { return m_current; }
    /// Blocks until no plan runs (shutdown, tests).
    void waitForIdle();

Q_SIGNALS:
    /// The debounce elapsed and the plan of `generation` was handed to the thread pool.
    void started(quint64 generation);
    /// The plan of the current generation; stale results are dropped and never announced.
    void planReady(std::shared_ptr<const gpuplan::gui::PlanResult> result);
    void busyChanged(bool busy);

private:
    void startPending();
    void onFinished();
    void setBusy(bool busy);

    QTimer m_debounce;
    QFutureWatcher<std::shared_ptr<PlanResult>> m_watcher;
    std::shared_ptr<const CatalogData> m_data;
    QString m_currency = QStringLiteral("USD");
    std::optional<core::Workload> m_pending;
    std::optional<core::Workload> m_last; ///< replanned when the data or currency changes
    quint64 m_generation = 0;
    quint64 m_pendingGeneration = 0;
    bool m_running = false;
    bool m_busySignalled = false;
    std::shared_ptr<const PlanResult> m_current;
};

} // namespace gpuplan::gui

Q_DECLARE_METATYPE(std::shared_ptr<const gpuplan::gui::PlanResult>)
