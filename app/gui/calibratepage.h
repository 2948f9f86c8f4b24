#pragma once
// The Calibrate page: the calibration profiles in the store (what gpuplan-probe measured per GPU model), a
// measurement of the local GPU through gpuplan-probe as a child process (a GPU fault never takes the app down)
// with its progress lines and Cancel, and import/export of probe reports and profiles. Every plan uses the
// stored profiles (AppContext::reloadCalibrations).

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

Q_SIGNALS:
    /// A measurement ended (stored, failed, cancelled or crashed).
    void finished(gpuplan::gui::CalibratePage::Outcome outcome);
    /// New profiles are in the store and in the plan.
    void profilesChanged();

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
    QLabel* m_message = nullptr;
    QPlainTextEdit* m_log = nullptr;
    providers::ProbeRunner* m_runner;
    QString m_probePath;
    Outcome m_outcome = Outcome::None;
};

} // namespace gpuplan::gui
