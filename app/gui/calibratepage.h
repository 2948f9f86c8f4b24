#pragma once
// The Calibrate page: the calibration profiles in the store (what gpuplan-probe measured per GPU model), a
// measurement of the local GPU through gpuplan-probe as a child process (a GPU fault never takes the app down)
// with its progress lines and Cancel, and import/export of probe reports and profiles; and calibrations from a
// serving benchmark's results (Import Benchmark Result…: the fit runs in the background, its residuals are shown
// per run). Every plan uses the stored profiles and serving calibrations (AppContext::reloadCalibrations).

#include "benchmarkimport.h"
#include "core/calibration.h"

#include "providers/probe_runner.h"
#include <QAbstractTableModel>
#include <QWidget>

#include <vector>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace gpuplan::gui {

class AppContext;

/// The stored profiles, one row per GPU model.
class CalibrationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Gpu, DeviceName, MeasuredAt, Gemm, Memory, Source, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setProfiles(std::vector<core::CalibrationProfile> profiles);
    const std::vector<core::CalibrationProfile>& profiles() const { return m_profiles; }
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<core::CalibrationProfile> m_profiles;
};

class CalibratePage : public QWidget
{
    Q_OBJECT
public:
    /// How the last measurement ended.
    enum class Outcome { None, Stored, NoGpu, Failed, Cancelled, Crashed };

    explicit CalibratePage(AppContext* context, QWidget* parent = nullptr);
    ~CalibratePage() override;

    CalibrationModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    /// The stored serving calibrations, and the residuals of the one selected (or just imported).
    ServingCalibrationModel* servingModel() const { return m_servingModel; }
    CalibrationResidualModel* residualModel() const { return m_residualModel; }
    bool isImporting() const { return m_importing; }
    /// The probe's stderr lines so far (progress), as shown.
    QString log() const;
    /// The message under the buttons (the outcome of the last action).
    QString message() const;
    Outcome outcome() const { return m_outcome; }
    bool isMeasuring() const { return m_runner->running(); }

    /// The gpuplan-probe to run; empty (the default): next to the executable, else on PATH, else ask.
    void setProbePath(const QString& path) { m_probePath = path; }

    /// Runs gpuplan-probe in the background; finished() tells when it is over.
    void measure();
    /// Kills a running measurement; nothing is stored.
    void cancel();
    /// Imports a probe report or calibration profile(s) into the store (an empty path asks for one).
    bool importFile(const QString& path, QString* error = nullptr);
    /// Writes the stored profiles as a JSON array (an empty path asks for one).
    bool exportFile(const QString& path, QString* error = nullptr);
    /// Re-reads the profiles from the store.
    void refresh();
    /// Asks for a benchmark result and what it ran on (BenchmarkImportDialog), then imports it.
    void importBenchmarkDialog();
    /// Reads the result, fits the serving model in the background and stores the fit; benchmarkImported() tells
    /// when it is over.
    void importBenchmark(const BenchmarkImportRequest& request);

Q_SIGNALS:
    /// A measurement ended (stored, failed, cancelled or crashed).
    void finished(gpuplan::gui::CalibratePage::Outcome outcome);
    /// New profiles are in the store and in the plan.
    void profilesChanged();
    /// A benchmark import ended: stored (ok) or not (message() says why).
    void benchmarkImported(bool ok);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void onProbeFinished(const providers::ProbeOutcome& outcome);
    bool store(const std::vector<core::CalibrationProfile>& profiles, QString* error);
    void setMessage(const QString& text, bool error);
    void updateButtons();
    void finish(Outcome outcome, const QString& message, bool error);

    AppContext* m_context;
    CalibrationModel* m_model;
    QTableView* m_table = nullptr;
    QLabel* m_intro = nullptr;
    QPushButton* m_measure = nullptr;
    QCheckBox* m_quick = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_importBenchmark = nullptr;
    ServingCalibrationModel* m_servingModel;
    CalibrationResidualModel* m_residualModel;
    QTableView* m_servingTable = nullptr;
    QTableView* m_residualTable = nullptr;
    bool m_importing = false;
    QLabel* m_message = nullptr;
    QPlainTextEdit* m_log = nullptr;
    providers::ProbeRunner* m_runner;
    QString m_probePath;
    Outcome m_outcome = Outcome::None;
};

} // namespace gpuplan::gui
