#pragma once
// The comparison report as a PDF: one renderer (QPdfWriter + QPainter) shared by the GUI and gpuplan-cli.

#include "sensitivity.h"

#include "core/accuracy.h"
#include "core/gpu.h"
#include "core/planner.h"
#include "core/pool_size.h"
#include "core/pricing.h"
#include "core/workload.h"

#include <QDateTime>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace gpuplan::report {

enum class PageFormat { A4, Letter };

/// What a report shows. The pointers are not owned; only `workload` and `plan` are required.
struct ReportInput
{
    const core::Workload* workload = nullptr;
    const core::Plan* plan = nullptr;
    std::vector<std::string> warnings;              ///< from reading the workload
    const core::AccuracyReport* accuracy = nullptr; ///< ranges (<field>_low/_high) and the accuracy table
    const core::PlanInputs* inputs = nullptr;       ///< what the plan was computed from: FX with dates, spot model
    std::optional<Sensitivity> sensitivity;         ///< computeSensitivity() for the recommended candidate
    std::string sourceFile;                         ///< the workload file, named in the report
};

struct PdfOptions
{
    PageFormat page = PageFormat::A4;
    int topN = 12;       ///< rows of the ranked comparison table
    QDateTime generated; ///< shown as the report's date; invalid: now (UTC)
    QString generator;   ///< "gpuplan 0.1.0", in the footer
    /// The report's language ("en", "zh_CN"): the core's messages (exclusion reasons, notes, suggestions) are
    /// translated into it; install the matching report translation first (installReportTranslation).
    QString language = QStringLiteral("en");
};

/// Renders the report to `path`. Every user-visible string goes through QCoreApplication::translate with the
/// context "PdfReport": install the translation first (installReportTranslation). Needs a QGuiApplication
/// (fonts); any thread may call it, one call at a time. False, with a message in `error`, when the file
/// cannot be written.
bool writePdfReport(const ReportInput& input, const PdfOptions& options, const QString& path, QString* error);

/// A pool sizing to report (core/pool_size.h); neither pointer is owned.
struct PoolReportInput
{
    const core::PoolSizingRequest* request = nullptr;
    const core::PoolSizing* sizing = nullptr;
};

/// Renders the pool sizing to `path` as writePdfReport renders a plan (the same header, footer, fonts, languages):
/// the target, the prices with their break-even utilizations and sources, the cheapest mix per policy with the cost of
/// each part, the queueing delay per class, the pool's GPUs over time and the method.
bool writePoolPdfReport(const PoolReportInput& input, const PdfOptions& options, const QString& path, QString* error);

/// Installs the report translation for `language` ("en" needs none, "zh_CN"). False with a message when the
/// language is not available.
bool installReportTranslation(const QString& language, QString* error);

/// The languages writePdfReport can render ("en", "zh_CN").
QStringList reportLanguages();

/// Makes a QGuiApplication exist for as long as this object lives, on the offscreen platform when no
/// platform was chosen (QT_QPA_PLATFORM unset): what gpuplan-cli needs to render fonts with no display.
/// Does nothing when an application object already exists.
class GuiSession
{
public:
    GuiSession();
    ~GuiSession();
    GuiSession(const GuiSession&) = delete;
    GuiSession& operator=(const GuiSession&) = delete;
    /// False when an application exists that cannot render (a QCoreApplication).
    bool ok() const { return m_ok; }

private:
    bool m_ok = true;
    bool m_owned = false;
};

} // namespace gpuplan::report
