#include "calibratepage.h"

#include "appcontext.h"
#include "background.h"
#include "errortext.h"
#include "format.h"
#include "settings.h"

#include "providers/clock.h"
#include "providers/store.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QVBoxLayout>

namespace gpuplan::gui {

// ---- the model -----------------------------------------------------------------------------------------------------

void CalibrationModel::setProfiles(std::vector<core::CalibrationProfile> profiles)
{
    beginResetModel();
    m_profiles = std::move(profiles);
    endResetModel();
}

void CalibrationModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_profiles.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int CalibrationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_profiles.size());
}

int CalibrationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CalibrationModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& p = m_profiles[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Gpu:
            return qs(p.gpuId);
        case DeviceName:
            return qs(p.gpuName);
        case MeasuredAt: {
            const QDateTime t = QDateTime::fromString(qs(p.measuredAt), Qt::ISODate);
            return t.isValid() ? QLocale().toString(t.toLocalTime(), QLocale::ShortFormat) : qs(p.measuredAt);
        }
        case Gemm: {
            QStringList parts;
            for (const auto& [prec, f] : p.gemmFraction)
                parts << tr("%1 %2").arg(qs(std::string(core::toString(prec))), Fmt::percent(f));
            return parts.join(QStringLiteral(", "));
        }
        case Memory:
            return Fmt::percent(p.memoryFraction);
        case Source:
            return qs(p.source);
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == Memory)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant CalibrationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Gpu:
        return tr("GPU");
    case DeviceName:
        return tr("Device");
    case MeasuredAt:
        return tr("Measured at");
    case Gemm:
        return tr("GEMM, share of the datasheet");
    case Memory:
        return tr("Memory bandwidth");
    case Source:
        return tr("Source");
    }
    return {};
}

// ---- the page ------------------------------------------------------------------------------------------------------

CalibratePage::CalibratePage(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new CalibrationModel(this))
    , m_servingModel(new ServingCalibrationModel(this))
    , m_residualModel(new CalibrationResidualModel(this))
    , m_runner(new providers::ProbeRunner(this))
{
    auto* v = new QVBoxLayout(this);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    v->addWidget(m_intro);
    auto* bar = new QHBoxLayout;
    m_measure = new QPushButton;
    m_measure->setObjectName(QStringLiteral("measureButton"));
    m_quick = new QCheckBox;
    m_quick->setObjectName(QStringLiteral("quickMeasure"));
    m_quick->setChecked(true);
    m_cancel = new QPushButton;
    m_cancel->setObjectName(QStringLiteral("cancelMeasureButton"));
    m_import = new QPushButton;
    m_import->setObjectName(QStringLiteral("importCalibrationButton"));
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("exportCalibrationButton"));
    bar->addWidget(m_measure);
    bar->addWidget(m_quick);
    bar->addWidget(m_cancel);
    bar->addStretch(1);
    m_importBenchmark = new QPushButton;
    m_importBenchmark->setObjectName(QStringLiteral("importBenchmarkButton"));
    bar->addWidget(m_import);
    bar->addWidget(m_export);
    bar->addWidget(m_importBenchmark);
    v->addLayout(bar);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("calibrationMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_message);
    auto* split = new QSplitter(Qt::Vertical);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("calibrationTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    split->addWidget(m_table);
    const auto table = [split](QAbstractItemModel* model, const char* name) {
        auto* t = new QTableView;
        t->setObjectName(QString::fromLatin1(name));
        t->setModel(model);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->setAlternatingRowColors(true);
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        split->addWidget(t);
        return t;
    };
    m_servingTable = table(m_servingModel, "servingCalibrationTable");
    m_residualTable = table(m_residualModel, "residualTable");
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("probeLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(2000);
    split->addWidget(m_log);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    v->addWidget(split, 1);

    connect(m_measure, &QPushButton::clicked, this, &CalibratePage::measure);
    connect(m_cancel, &QPushButton::clicked, this, &CalibratePage::cancel);
    connect(m_import, &QPushButton::clicked, this, [this] {
        QString error;
        importFile({}, &error);
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        QString error;
        exportFile({}, &error);
    });
    connect(m_importBenchmark, &QPushButton::clicked, this, &CalibratePage::importBenchmarkDialog);
    connect(m_servingTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (current.isValid())
                m_residualModel->setCalibration(
                    m_servingModel->calibrations()[static_cast<std::size_t>(current.row())]);
        });
    connect(m_runner, &providers::ProbeRunner::progress, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_runner, &providers::ProbeRunner::finished, this, &CalibratePage::onProbeFinished);
    connect(m_context, &AppContext::dataChanged, this, &CalibratePage::refresh);
    retranslate();
    refresh();
}

CalibratePage::~CalibratePage() = default; // the runner (a child) kills a running probe

void CalibratePage::retranslate()
{
    m_intro->setText(tr("Datasheet peaks are not what a GPU delivers. Measure this machine's GPU with "
                        "gpuplan-probe (or import a report measured elsewhere): every estimate for that GPU model then "
                        "uses the measured share of its datasheet figures, and the plan says it is calibrated."));
    m_measure->setText(tr("&Measure this GPU"));
    m_measure->setToolTip(tr("Runs gpuplan-probe as a separate process: a GPU fault never takes gpuplan down"));
    m_quick->setText(tr("&Quick (under 20 s)"));
    m_cancel->setText(tr("Cancel"));
    m_import->setText(tr("&Import…"));
    m_import->setToolTip(tr("A probe report (gpuplan.probe/1) or exported profiles (gpuplan.calibration/1)"));
    m_export->setText(tr("E&xport…"));
    m_importBenchmark->setText(tr("Import &benchmark result…"));
    m_importBenchmark->setToolTip(tr("Fit the serving model to a result of vLLM's benchmark_serving / vllm bench "
                                     "serve, SGLang's bench_serving or AIPerf, and use the fit in plans"));
    m_servingTable->setAccessibleName(tr("Serving calibrations from benchmark results"));
    m_residualTable->setAccessibleName(tr("Residuals of the selected serving calibration, per run"));
    m_servingModel->retranslate();
    m_residualModel->retranslate();
    m_table->setAccessibleName(tr("Calibration profiles in the store"));
    m_log->setAccessibleName(tr("Progress of gpuplan-probe"));
    m_log->setPlaceholderText(tr("gpuplan-probe's progress appears here while it measures."));
    m_model->retranslate();
    updateButtons();
}

void CalibratePage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QString CalibratePage::log() const
{
    return m_log->toPlainText();
}

QString CalibratePage::message() const
{
    return m_message->text();
}

void CalibratePage::setMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

void CalibratePage::updateButtons()
{
    const bool running = isMeasuring();
    const bool store = m_context->store() != nullptr;
    m_measure->setEnabled(!running && store);
    m_quick->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_import->setEnabled(!running && store);
    m_export->setEnabled(store && m_model->rowCount() > 0);
    m_importBenchmark->setEnabled(!m_importing && store);
}

void CalibratePage::refresh()
{
    std::vector<core::CalibrationProfile> profiles;
    if (const auto d = m_context->data(); d && d->inputs.calibrations)
        for (const auto& [id, p] : *d->inputs.calibrations)
            profiles.push_back(p);
    m_model->setProfiles(std::move(profiles));
    m_table->resizeColumnsToContents();
    std::vector<std::shared_ptr<const core::ServingCalibration>> serving;
    if (const auto d = m_context->data(); d && d->inputs.servingCalibrations)
        for (const auto& entry : *d->inputs.servingCalibrations)
            serving.push_back(entry.second);
    // Keep showing the calibration whose residuals are open, as stored now (a new import replaces it).
    std::shared_ptr<const core::ServingCalibration> shown;
    if (const auto* open = m_residualModel->calibration())
        for (const auto& c : serving)
            if (core::keyOf(*c) == core::keyOf(*open))
                shown = c;
    m_servingModel->setCalibrations(serving);
    m_residualModel->setCalibration(shown ? shown : serving.empty() ? nullptr : serving.front());
    m_servingTable->resizeColumnsToContents();
    m_residualTable->resizeColumnsToContents();
    updateButtons();
}

void CalibratePage::importBenchmarkDialog()
{
    BenchmarkImportDialog dialog(m_context->data(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (auto r = dialog.request())
        importBenchmark(*r);
}

void CalibratePage::importBenchmark(const BenchmarkImportRequest& request)
{
    const auto catalogs = m_context->data();
    if (m_importing || !catalogs)
        return;
    if (!m_context->store()) {
        setMessage(tr("There is no store to keep a calibration in: %1").arg(m_context->storeError()), true);
        Q_EMIT benchmarkImported(false);
        return;
    }
    m_importing = true;
    updateButtons();
    setMessage(tr("Fitting the serving model to %1…").arg(QFileInfo(request.path).fileName()), false);
    const std::string importedAt = providers::utcTimestamp();
    // The work holds the catalogs it reads (shared, immutable), never the page.
    runInBackground<BenchmarkImportResult>(
        this,
        [catalogs, request, importedAt](TaskReporter<BenchmarkImportResult>&) {
            return runBenchmarkImport(request, *catalogs->inputs.gpus, *catalogs->inputs.models, importedAt);
        },
        {},
        [this, request](BenchmarkImportResult result) {
            m_importing = false;
            for (const auto& w : result.warnings)
                m_log->appendPlainText(tr("warning: %1").arg(QString::fromStdString(w)));
            if (!result.calibration) {
                setMessage(ErrorText::describe(result.error), true);
                updateButtons();
                Q_EMIT benchmarkImported(false);
                return;
            }
            const auto& c = *result.calibration;
            auto* db = m_context->store();
            const std::string engine(core::toString(c.engine));
            if (auto st = db->saveServingCalibration(c.gpuId, c.family, engine, core::serializeServingCalibration(c));
                !st) {
                setMessage(ErrorText::describe(st.error()), true);
                updateButtons();
                Q_EMIT benchmarkImported(false);
                return;
            }
            m_residualModel->setCalibration(result.calibration);
            if (auto st = m_context->reloadCalibrations(); !st) {
                setMessage(ErrorText::describe(st.error()), true);
                Q_EMIT benchmarkImported(false);
                return;
            }
            AppSettings::setLastDirectory(QFileInfo(request.path).absolutePath());
            setMessage(tr("Fitted to %1: plans serving %2 models on %3 with %4 now use it.")
                           .arg(qs(c.file), qs(c.family), qs(c.gpuId), qs(engine)),
                false);
            updateButtons();
            Q_EMIT profilesChanged();
            Q_EMIT benchmarkImported(true);
        });
}

void CalibratePage::measure()
{
    if (isMeasuring())
        return;
    if (!m_context->store()) {
        setMessage(tr("There is no store to keep a calibration in: %1").arg(m_context->storeError()), true);
        return;
    }
    QString probe = m_probePath.isEmpty() ? providers::findProbe() : m_probePath;
    if (probe.isEmpty()) {
        probe = QFileDialog::getOpenFileName(this,
            tr("gpuplan-probe was not found next to gpuplan or on PATH: where is it?"), AppSettings::lastDirectory());
        if (probe.isEmpty()) {
            setMessage(tr("gpuplan-probe was not found (it is built where CMake finds the CUDA toolkit). Import a "
                          "report measured on another machine instead."),
                true);
            return;
        }
        m_probePath = probe;
    }
    m_log->clear();
    m_outcome = Outcome::None;
    setMessage(tr("Measuring with %1…").arg(QDir::toNativeSeparators(probe)), false);
    m_runner->start(probe, m_quick->isChecked());
    updateButtons();
}

void CalibratePage::cancel()
{
    m_runner->cancel();
}

void CalibratePage::finish(Outcome outcome, const QString& message, bool error)
{
    m_outcome = outcome;
    setMessage(message, error);
    updateButtons();
    Q_EMIT finished(outcome);
}

void CalibratePage::onProbeFinished(const providers::ProbeOutcome& o)
{
    using Kind = providers::ProbeOutcome::Kind;
    switch (o.kind) {
    case Kind::NotStarted:
        finish(Outcome::Failed, tr("Cannot start %1: %2").arg(m_runner->program(), o.error), true);
        return;
    case Kind::Cancelled:
        finish(Outcome::Cancelled, tr("Measurement cancelled; nothing was stored."), false);
        return;
    case Kind::Crashed:
        finish(Outcome::Crashed, tr("gpuplan-probe crashed; nothing was stored. The app is unaffected."), true);
        return;
    case Kind::NoGpu:
        finish(Outcome::NoGpu,
            tr("No NVIDIA driver, GPU or cuBLASLt on this machine, so nothing was measured: %1")
                .arg(o.lastLine.isEmpty() ? tr("(gpuplan-probe gave no reason)") : o.lastLine),
            true);
        return;
    case Kind::Failed:
        finish(Outcome::Failed,
            tr("gpuplan-probe failed with exit code %1; nothing was stored: %2").arg(o.exitCode).arg(o.lastLine), true);
        return;
    case Kind::Measured:
        break;
    }
    const QByteArray& json = o.report;
    std::vector<std::string> warnings;
    auto profiles = core::readCalibrationFile(std::string_view(json.constData(), static_cast<std::size_t>(json.size())),
        "gpuplan-probe output", *m_context->data()->inputs.gpus, &warnings);
    for (const auto& w : warnings)
        m_log->appendPlainText(tr("warning: %1").arg(QString::fromStdString(w)));
    if (!profiles) {
        finish(Outcome::Failed,
            tr("gpuplan-probe's report cannot be used: %1").arg(ErrorText::describe(profiles.error())), true);
        return;
    }
    QString error;
    if (!store(*profiles, &error)) {
        finish(Outcome::Failed, error, true);
        return;
    }
    QStringList gpus;
    for (const auto& p : *profiles)
        gpus << qs(p.gpuId);
    finish(Outcome::Stored,
        tr("Calibrated %1: every estimate for this GPU model now uses what was measured.")
            .arg(gpus.join(QStringLiteral(", "))),
        false);
}

bool CalibratePage::store(const std::vector<core::CalibrationProfile>& profiles, QString* error)
{
    auto* db = m_context->store();
    if (!db) {
        *error = tr("There is no store to keep a calibration in: %1").arg(m_context->storeError());
        return false;
    }
    for (const auto& p : profiles)
        if (auto st = db->saveCalibration(p.gpuId, core::serializeProfile(p)); !st) {
            *error = ErrorText::describe(st.error());
            return false;
        }
    if (auto st = m_context->reloadCalibrations(); !st) {
        *error = ErrorText::describe(st.error());
        return false;
    }
    refresh();
    Q_EMIT profilesChanged();
    return true;
}

bool CalibratePage::importFile(const QString& given, QString* error)
{
    QString path = given;
    if (path.isEmpty()) {
        path = QFileDialog::getOpenFileName(this, tr("Import calibration"), AppSettings::lastDirectory(),
            tr("Probe reports and calibration profiles (*.json);;All files (*)"));
        if (path.isEmpty())
            return false;
    }
    QString e;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        e = tr("%1: cannot open: %2").arg(path, f.errorString());
    } else {
        const QByteArray text = f.readAll();
        std::vector<std::string> warnings;
        auto profiles
            = core::readCalibrationFile(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                QFileInfo(path).fileName().toStdString(), *m_context->data()->inputs.gpus, &warnings);
        for (const auto& w : warnings)
            m_log->appendPlainText(tr("warning: %1").arg(QString::fromStdString(w)));
        if (!profiles)
            e = ErrorText::describe(profiles.error());
        else if (store(*profiles, &e)) {
            AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
            setMessage(tr("Imported %n profile(s) from %1; the plan uses them now.", nullptr,
                           static_cast<int>(profiles->size()))
                           .arg(QFileInfo(path).fileName()),
                false);
            return true;
        }
    }
    setMessage(e, true);
    if (error)
        *error = e;
    return false;
}

bool CalibratePage::exportFile(const QString& given, QString* error)
{
    QString e;
    std::map<std::string, std::string> stored;
    if (auto* db = m_context->store()) {
        if (auto s = db->calibrations())
            stored = std::move(*s);
        else
            e = ErrorText::describe(s.error());
    }
    if (e.isEmpty() && stored.empty())
        e = tr("There are no calibration profiles to export.");
    if (!e.isEmpty()) {
        setMessage(e, true);
        if (error)
            *error = e;
        return false;
    }
    QString path = given;
    if (path.isEmpty()) {
        path = QFileDialog::getSaveFileName(this, tr("Export calibration"),
            AppSettings::lastDirectory() + QStringLiteral("/gpuplan-calibration.json"),
            tr("Calibration profiles (*.json)"));
        if (path.isEmpty())
            return false;
    }
    std::vector<std::string> texts;
    for (const auto& [id, text] : stored)
        texts.push_back(text);
    const QByteArray out = QByteArray::fromStdString(core::exportProfiles(texts));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(out) != out.size() || !f.commit()) {
        e = tr("%1: cannot write: %2").arg(path, f.errorString());
        setMessage(e, true);
        if (error)
            *error = e;
        return false;
    }
    AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    setMessage(tr("Exported %n profile(s) to %1.", nullptr, static_cast<int>(texts.size())).arg(path), false);
    return true;
}

} // namespace gpuplan::gui
