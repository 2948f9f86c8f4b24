#pragma once
// Calibration from the benchmark the user ran, in the app: the Calibrate page's "Import benchmark result…" dialog
// (the same inputs as `gpuplan-cli calibrate --import RESULT --gpu … --model … --engine …`), the table of stored
// serving calibrations and the table of one calibration's residuals per run.

#include "core/serving_calibration.h"

#include <QAbstractTableModel>
#include <QDialog>

#include <memory>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace gpuplan::gui {

struct CatalogData;

/// The stored serving calibrations, one row per GPU, model family and engine.
class ServingCalibrationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Gpu, Family, Engine, File, ImportedAt, Factors, Range, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setCalibrations(std::vector<std::shared_ptr<const core::ServingCalibration>> calibrations);
    const std::vector<std::shared_ptr<const core::ServingCalibration>>& calibrations() const { return m_rows; }
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<std::shared_ptr<const core::ServingCalibration>> m_rows;
};

/// One calibration's residuals: a row per run and figure (measured, calibrated estimate, its error, the held-out
/// error, the shipped factors' error, and whether the run was fitted, predicted or left out and why).
class CalibrationResidualModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Run, Load, Figure, Measured, Estimate, Error, HeldOut, Shipped, Use, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setCalibration(std::shared_ptr<const core::ServingCalibration> calibration);
    const core::ServingCalibration* calibration() const { return m_cal.get(); }
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const core::ServingCalibration> m_cal;
};

/// What an import needs: the file, its format ("" to guess) and what the benchmark ran on.
struct BenchmarkImportRequest
{
    QString path;
    std::string format;
    core::BenchmarkSetup setup;
    core::CalibrationOptions options;
};

/// "1-5", "1,3" → 0-based run indices; nullopt when the text is not such a list (empty text: an empty list).
std::optional<std::vector<int>> parseRunList(const QString& text);

/// The inputs of a benchmark import, validated like a workload when accepted (the core names what is wrong).
class BenchmarkImportDialog : public QDialog
{
    Q_OBJECT
public:
    BenchmarkImportDialog(std::shared_ptr<const CatalogData> catalogs, QWidget* parent = nullptr);

    /// The request the fields describe; on a field that cannot be read (a run list), nullopt and `error` says why.
    std::optional<BenchmarkImportRequest> request(QString* error = nullptr) const;

    // The fields, for tests and for a caller that fills them.
    QLineEdit* pathEdit() const { return m_path; }
    QComboBox* formatBox() const { return m_format; }
    QComboBox* gpuBox() const { return m_gpu; }
    QSpinBox* gpusSpin() const { return m_gpus; }
    QSpinBox* tpSpin() const { return m_tp; }
    QComboBox* modelBox() const { return m_model; }
    QComboBox* engineBox() const { return m_engine; }
    QLineEdit* versionEdit() const { return m_version; }
    QComboBox* weightBox() const { return m_weights; }
    QComboBox* kvBox() const { return m_kv; }
    QSpinBox* promptSpin() const { return m_prompt; }
    QSpinBox* concurrencySpin() const { return m_concurrency; }
    QComboBox* arrivalsBox() const { return m_arrivals; }
    QLineEdit* runsEdit() const { return m_runs; }
    QLineEdit* fitRunsEdit() const { return m_fitRuns; }

    void accept() override;

private:
    void browse();

    std::shared_ptr<const CatalogData> m_data;
    QLineEdit* m_path;
    QComboBox* m_format;
    QComboBox* m_gpu;
    QSpinBox* m_gpus;
    QSpinBox* m_tp;
    QComboBox* m_model;
    QComboBox* m_engine;
    QLineEdit* m_version;
    QComboBox* m_weights;
    QComboBox* m_kv;
    QSpinBox* m_prompt;
    QSpinBox* m_concurrency;
    QComboBox* m_arrivals;
    QLineEdit* m_runs;
    QLineEdit* m_fitRuns;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
};

/// Reads the file and fits (off the GUI thread: calibrate --import's work), nothing stored.
struct BenchmarkImportResult
{
    std::shared_ptr<const core::ServingCalibration> calibration; ///< null on error
    core::Error error;
    std::vector<std::string> warnings;
};
BenchmarkImportResult runBenchmarkImport(const BenchmarkImportRequest& request, const core::GpuCatalog& gpus,
    const core::ModelCatalog& models, const std::string& importedAt);

} // namespace gpuplan::gui
