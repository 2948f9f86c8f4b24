#pragma once
// Guided mode: the three questions a buyer answers — the need (task, model, data, duration), the performance
// (precision, latency), the service (budget, availability, where, how to pay) — turned into the same workload
// document the form edits and `gpuplan-cli plan` reads. The wizard only fills the form; nothing else differs.

#include "appcontext.h"

#include <QHash>
#include <QJsonObject>
#include <QWizard>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace gpuplan::gui {

/// The answers, plain, so that the document they make can be tested without the wizard.
struct GuidedAnswers
{
    enum class Task { Pretrain, FineTune, Serve, Batch };
    Task task = Task::Serve;
    QString name;
    QString modelPreset = QStringLiteral("llama-3.1-8b");
    double trainingTokens = 1e9;         ///< pretrain / fine-tune
    std::optional<double> deadlineHours; ///< training and batch
    double requestsPerSecond = 5;        ///< serving
    int promptTokens = 1024;
    int outputTokens = 256;
    QString precision = QStringLiteral("bf16");
    /// Serving: the format the preset's checkpoint is released in (models.json), which the plan uses when the
    /// answers do not name another; "bf16" for presets that state none.
    QString releasedPrecision = QStringLiteral("bf16");
    std::optional<double> ttftP99Ms; ///< serving
    std::optional<double> tpotP99Ms;
    QString referenceGpu = QStringLiteral("T4"); ///< batch: the GPU the job was measured on
    double batchGpuHours = 100;
    std::optional<double> budget; ///< in budgetCurrency
    QString budgetCurrency = QStringLiteral("USD");
    std::optional<double> availability; ///< serving, fraction (0.999)
    QStringList regions;
    QStringList pricing; ///< "on_demand", "spot", "reserved", "subscription"; empty: every model
    QString objective = QStringLiteral("cost");

    /// The workload document ("gpuplan.workload/1").
    QJsonObject toWorkload() const;
};

class GuidedWizard : public QWizard
{
    Q_OBJECT
public:
    explicit GuidedWizard(std::shared_ptr<const CatalogData> catalog, QWidget* parent = nullptr);

    /// What the pages hold now.
    GuidedAnswers answers() const;
    /// For tests: the pages' fields by object name ("task", "model", "tokens", "rps", …).
    QWidget* field(const QString& name) const { return findChild<QWidget*>(name); }

private:
    void updateTask();
    /// Serving proposes the model's released weight format (fp8 for DeepSeek-V3, bf16 for Llama).
    void proposePrecision();

    QComboBox* m_task;
    QLineEdit* m_name;
    QComboBox* m_model;
    QLineEdit* m_tokens;
    QDoubleSpinBox* m_deadline;
    QDoubleSpinBox* m_rps;
    QDoubleSpinBox* m_prompt;
    QDoubleSpinBox* m_output;
    QComboBox* m_refGpu;
    QDoubleSpinBox* m_gpuHours;
    QComboBox* m_precision;
    QHash<QString, QString> m_released; ///< preset id → released weight format, for presets that state one
    QDoubleSpinBox* m_ttft;
    QDoubleSpinBox* m_tpot;
    QDoubleSpinBox* m_budget;
    QComboBox* m_currency;
    QDoubleSpinBox* m_availability;
    QLineEdit* m_regions;
    QCheckBox* m_onDemand;
    QCheckBox* m_spot;
    QCheckBox* m_reserved;
    QCheckBox* m_subscription;
    QComboBox* m_objective;
    QList<QWidget*> m_trainingOnly, m_servingOnly, m_batchOnly, m_jobOnly;
};

} // namespace gpuplan::gui
