#include "benchmarkimport.h"

#include "appcontext.h"
#include "errortext.h"
#include "format.h"
#include "settings.h"

#include "providers/bundled.h"
#include "providers/calibration/registry.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace gpuplan::gui {

namespace {

QString engineName(core::ServingEngine e)
{
    switch (e) {
    case core::ServingEngine::Vllm:
        return QStringLiteral("vLLM");
    case core::ServingEngine::Sglang:
        return QStringLiteral("SGLang");
    case core::ServingEngine::Trtllm:
        return QStringLiteral("TensorRT-LLM");
    }
    return {};
}

QString when(const std::string& iso)
{
    const QDateTime t = QDateTime::fromString(qs(iso), Qt::ISODate);
    return t.isValid() ? QLocale().toString(t.toLocalTime(), QLocale::ShortFormat) : qs(iso);
}

/// A signed percentage error of an estimate against a measurement, "+4.6 %"; "–" when there is none.
QString errorText(double estimate, double measured)
{
    if (!(measured > 0) || !std::isfinite(estimate))
        return QStringLiteral("–");
    const double pct = (estimate / measured - 1) * 100;
    return (pct >= 0 ? QStringLiteral("+") : QString()) + Fmt::number(pct, 1) + QStringLiteral(" %");
}

} // namespace

// ---- stored calibrations -------------------------------------------------------------------------------------------

void ServingCalibrationModel::setCalibrations(std::vector<std::shared_ptr<const core::ServingCalibration>> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void ServingCalibrationModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int ServingCalibrationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ServingCalibrationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ServingCalibrationModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const auto& c = *m_rows[static_cast<std::size_t>(index.row())];
    switch (index.column()) {
    case Gpu:
        return tr("%1 × %2 (TP %3)").arg(qs(c.gpuId)).arg(c.gpus).arg(c.tp);
    case Family:
        return tr("%1 (measured with %2)").arg(qs(c.family), qs(c.model));
    case Engine:
        return c.engineVersion.empty() ? engineName(c.engine)
                                       : engineName(c.engine) + QLatin1Char(' ') + qs(c.engineVersion);
    case File:
        return qs(c.file);
    case ImportedAt:
        return when(c.importedAt);
    case Factors: {
        QStringList parts;
        const auto names = core::ServingParams::names();
        const auto values = c.params.values();
        for (const auto& f : c.fitted)
            for (std::size_t i = 0; i < names.size(); ++i)
                if (names[i] == f)
                    parts << (f.size() > 2 && f.compare(f.size() - 2, 2, "_s") == 0
                            ? tr("%1 %2 ms").arg(qs(f.substr(0, f.size() - 2)), Fmt::number(values[i] * 1e3, 3))
                            : tr("%1 %2").arg(qs(f), Fmt::number(values[i], 3)));
        return parts.join(QStringLiteral(", "));
    }
    case Range: {
        const auto band = [](const std::optional<std::pair<double, double>>& b, bool rate) {
            if (!b)
                return tr("published runs'");
            const double lo = rate ? 1 / b->second : b->first, hi = rate ? 1 / b->first : b->second;
            return tr("× %1 – %2").arg(Fmt::number(lo, 2), Fmt::number(hi, 2));
        };
        return tr("latency %1, throughput %2").arg(band(c.latencyBand, false), band(c.throughputBand, true));
    }
    }
    return {};
}

QVariant ServingCalibrationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Family:
        return tr("Model family");
    case Engine:
        return tr("Engine");
    case File:
        return tr("Benchmark result");
    case ImportedAt:
        return tr("Imported at");
    case Factors:
        return tr("Fitted factors");
    case Range:
        return tr("80 % range of a calibrated estimate");
    }
    return {};
}

// ---- residuals -----------------------------------------------------------------------------------------------------

void CalibrationResidualModel::setCalibration(std::shared_ptr<const core::ServingCalibration> calibration)
{
    beginResetModel();
    m_cal = std::move(calibration);
    endResetModel();
}

void CalibrationResidualModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int CalibrationResidualModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_cal ? 0 : static_cast<int>(m_cal->residuals.size());
}

int CalibrationResidualModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CalibrationResidualModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& r = m_cal->residuals[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Load || index.column() == Figure || index.column() == Use
            ? QVariant()
            : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Use && !r.excluded.empty())
        return QColor(QStringLiteral("#9e9e9e"));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const int decimals = r.metric == "tpot_ms" ? 2 : r.metric == "ttft_ms" ? 1 : 0;
    const bool measured = !r.metric.empty();
    switch (index.column()) {
    case Run:
        return r.run + 1;
    case Load:
        return ErrorText::message(r.label);
    case Figure:
        if (!measured)
            return QStringLiteral("–");
        return r.metric == "ttft_ms" ? tr("TTFT, ms (%1)").arg(ErrorText::message(r.statistic))
            : r.metric == "tpot_ms"  ? tr("TPOT, ms (%1)").arg(ErrorText::message(r.statistic))
                                     : tr("output tokens/s");
    case Measured:
        return measured ? Fmt::number(r.measured, decimals) : QStringLiteral("–");
    case Estimate:
        return measured ? Fmt::number(r.estimate, decimals) : QStringLiteral("–");
    case Error:
        return measured ? errorText(r.estimate, r.measured) : QStringLiteral("–");
    case HeldOut:
        return r.heldOut ? errorText(*r.heldOut, r.measured) : QStringLiteral("–");
    case Shipped:
        return measured ? errorText(r.defaultEstimate, r.measured) : QStringLiteral("–");
    case Use:
        return r.fitted          ? tr("fitted")
            : r.excluded.empty() ? tr("predicted")
                                 : tr("left out: %1").arg(ErrorText::message(r.excluded));
    }
    return {};
}

QVariant CalibrationResidualModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Run:
        return tr("Run");
    case Load:
        return tr("Load");
    case Figure:
        return tr("Figure");
    case Measured:
        return tr("Measured");
    case Estimate:
        return tr("Estimate");
    case Error:
        return tr("Error");
    case HeldOut:
        return tr("Held out");
    case Shipped:
        return tr("Shipped factors");
    case Use:
        return tr("Use");
    }
    return {};
}

// ---- the dialog ----------------------------------------------------------------------------------------------------

std::optional<std::vector<int>> parseRunList(const QString& text)
{
    std::vector<int> out;
    const QString t = text.trimmed();
    if (t.isEmpty())
        return out;
    for (const QString& item : t.split(QLatin1Char(','))) {
        const QStringList ends = item.trimmed().split(QLatin1Char('-'));
        if (ends.size() > 2)
            return std::nullopt;
        bool ok1 = false, ok2 = false;
        const int first = ends.front().trimmed().toInt(&ok1);
        const int last = ends.size() == 2 ? ends.back().trimmed().toInt(&ok2) : first;
        if (!ok1 || (ends.size() == 2 && !ok2) || first < 1 || last < first || last > 100000)
            return std::nullopt;
        for (int r = first; r <= last; ++r)
            out.push_back(r - 1);
    }
    return out;
}

BenchmarkImportDialog::BenchmarkImportDialog(std::shared_ptr<const CatalogData> catalogs, QWidget* parent)
    : QDialog(parent)
    , m_data(std::move(catalogs))
{
    setObjectName(QStringLiteral("benchmarkImportDialog"));
    setWindowTitle(tr("Import benchmark result"));
    auto* v = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("A result file of vLLM's benchmark_serving / vllm bench serve, SGLang's bench_serving "
                                "or AIPerf. The file does not say what it ran on: say it here. The serving model's "
                                "decode bandwidth, GEMM efficiency and engine step cost are fitted to its runs, and "
                                "plans on this GPU with this engine for models of this family use the fit."));
    intro->setWordWrap(true);
    v->addWidget(intro);
    auto* form = new QFormLayout;
    v->addLayout(form);
    const auto named = [](QWidget* w, const char* name) {
        w->setObjectName(QString::fromLatin1(name));
        return w;
    };
    auto* fileRow = new QHBoxLayout;
    m_path = new QLineEdit;
    named(m_path, "benchmarkPath");
    auto* browse = new QPushButton(tr("&Browse…"));
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    form->addRow(tr("Result &file:"), fileRow);
    m_format = new QComboBox;
    named(m_format, "benchmarkFormat");
    m_format->addItem(tr("Guess from the file"), QString());
    for (const auto& f : benchmarks::formats())
        m_format->addItem(QCoreApplication::translate("gpuplan::benchmarks", f.displayName.c_str()), qs(f.id));
    form->addRow(tr("F&ormat:"), m_format);
    m_gpu = new QComboBox;
    named(m_gpu, "benchmarkGpu");
    if (m_data && m_data->inputs.gpus)
        for (const auto& g : m_data->inputs.gpus->all())
            m_gpu->addItem(qs(g.id + " — " + g.name), qs(g.id));
    form->addRow(tr("&GPU:"), m_gpu);
    m_gpus = new QSpinBox;
    named(m_gpus, "benchmarkGpus");
    m_gpus->setRange(1, 100000);
    form->addRow(tr("GPU &count:"), m_gpus);
    m_tp = new QSpinBox;
    named(m_tp, "benchmarkTp");
    m_tp->setRange(0, 1024);
    m_tp->setSpecialValueText(tr("all GPUs (one replica)"));
    form->addRow(tr("&Tensor parallel:"), m_tp);
    m_model = new QComboBox;
    named(m_model, "benchmarkModel");
    if (m_data && m_data->inputs.models)
        for (const auto& m : m_data->inputs.models->all())
            m_model->addItem(qs(m.id), qs(m.id));
    form->addRow(tr("&Model preset:"), m_model);
    m_engine = new QComboBox;
    named(m_engine, "benchmarkEngine");
    for (auto e : core::allServingEngines)
        m_engine->addItem(engineName(e), qs(std::string(core::toString(e))));
    form->addRow(tr("&Engine:"), m_engine);
    m_version = new QLineEdit;
    named(m_version, "benchmarkEngineVersion");
    m_version->setPlaceholderText(tr("for the record, e.g. 0.4.0"));
    form->addRow(tr("Engine &version:"), m_version);
    const QStringList precisions = {QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("fp8"),
        QStringLiteral("fp4"), QStringLiteral("int8"), QStringLiteral("int4")};
    m_weights = new QComboBox;
    named(m_weights, "benchmarkWeightPrecision");
    m_weights->addItems(precisions);
    form->addRow(tr("&Weights:"), m_weights);
    m_kv = new QComboBox;
    named(m_kv, "benchmarkKvPrecision");
    m_kv->addItems({QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("fp8")});
    form->addRow(tr("&KV cache:"), m_kv);
    m_prompt = new QSpinBox;
    named(m_prompt, "benchmarkPromptTokens");
    m_prompt->setRange(0, 10000000);
    m_prompt->setSpecialValueText(tr("from the file"));
    form->addRow(tr("Mean &prompt tokens:"), m_prompt);
    m_concurrency = new QSpinBox;
    named(m_concurrency, "benchmarkConcurrency");
    m_concurrency->setRange(0, 10000000);
    m_concurrency->setSpecialValueText(tr("from the file"));
    form->addRow(tr("&Concurrency:"), m_concurrency);
    m_arrivals = new QComboBox;
    named(m_arrivals, "benchmarkArrivals");
    m_arrivals->addItem(tr("as the file says (waves for fixed-length datasets)"), QString());
    m_arrivals->addItem(tr("waves: fixed lengths, started together"), QStringLiteral("waves"));
    m_arrivals->addItem(tr("steady: lengths that vary"), QStringLiteral("steady"));
    form->addRow(tr("Closed-loop &arrivals:"), m_arrivals);
    m_runs = new QLineEdit;
    named(m_runs, "benchmarkRuns");
    m_runs->setPlaceholderText(tr("all, or e.g. 1-5"));
    form->addRow(tr("&Runs to use:"), m_runs);
    m_fitRuns = new QLineEdit;
    named(m_fitRuns, "benchmarkFitRuns");
    m_fitRuns->setPlaceholderText(tr("every usable run, or e.g. 3"));
    form->addRow(tr("Runs to f&it:"), m_fitRuns);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("benchmarkError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    v->addWidget(m_error);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Fit and store"));
    v->addWidget(m_buttons);
    connect(browse, &QPushButton::clicked, this, &BenchmarkImportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &BenchmarkImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void BenchmarkImportDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Benchmark result"), AppSettings::lastDirectory(),
        tr("Benchmark results (*.json *.jsonl *.csv);;All files (*)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

std::optional<BenchmarkImportRequest> BenchmarkImportDialog::request(QString* error) const
{
    BenchmarkImportRequest r;
    r.path = m_path->text().trimmed();
    if (r.path.isEmpty()) {
        if (error)
            *error = tr("Choose the benchmark's result file.");
        return std::nullopt;
    }
    r.format = m_format->currentData().toString().toStdString();
    core::BenchmarkSetup& s = r.setup;
    s.gpu = m_gpu->currentData().toString().toStdString();
    s.gpus = m_gpus->value();
    s.tp = m_tp->value();
    s.model = m_model->currentData().toString().toStdString();
    s.engine = m_engine->currentData().toString().toStdString();
    s.engineVersion = m_version->text().trimmed().toStdString();
    s.weightPrecision = m_weights->currentText().toStdString();
    s.kvPrecision = m_kv->currentText().toStdString();
    if (m_prompt->value() > 0)
        s.promptTokens = m_prompt->value();
    if (m_concurrency->value() > 0)
        s.concurrency = m_concurrency->value();
    if (const QString a = m_arrivals->currentData().toString(); !a.isEmpty())
        s.waves = a == QStringLiteral("waves");
    const auto runs = parseRunList(m_runs->text()), fit = parseRunList(m_fitRuns->text());
    if (!runs || !fit) {
        if (error)
            *error = tr("Runs are numbers like 1-5 or 1,3, got \"%1\"").arg(!runs ? m_runs->text() : m_fitRuns->text());
        return std::nullopt;
    }
    r.options.runs = *runs;
    r.options.fitRuns = *fit;
    return r;
}

void BenchmarkImportDialog::accept()
{
    QString error;
    if (!request(&error)) {
        m_error->setText(error);
        return;
    }
    m_error->clear();
    QDialog::accept();
}

BenchmarkImportResult runBenchmarkImport(const BenchmarkImportRequest& r, const core::GpuCatalog& gpus,
    const core::ModelCatalog& models, const std::string& importedAt)
{
    BenchmarkImportResult out;
    auto text = providers::readTextFile(r.path.toStdString());
    if (!text) {
        out.error = text.error();
        return out;
    }
    auto file = benchmarks::readBenchmarkFile(*text, QFileInfo(r.path).fileName().toStdString(), r.format);
    if (!file) {
        out.error = file.error();
        return out;
    }
    out.warnings = file->warnings;
    core::CalibrationOptions options = r.options;
    options.importedAt = importedAt;
    auto cal = core::calibrateServing(*file, r.setup, gpus, models, options);
    if (!cal) {
        out.error = cal.error();
        return out;
    }
    out.calibration = std::make_shared<const core::ServingCalibration>(std::move(*cal));
    return out;
}

} // namespace gpuplan::gui
