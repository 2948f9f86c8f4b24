#pragma once
// File → Export: the plan on screen as the documents gpuplan-cli writes (`plan --pdf/--csv/--emit`), through
// the same renderers (app/report), so a report from the app and one from the command line say the same thing.

#include "planengine.h"

#include "app/report/pdf_report.h"

#include <QString>

namespace gpuplan::gui {

enum class DeployKind { SkyPilot, Kubernetes };

/// The candidate a report recommends: the best priced one, else the pinned estimate (as gpuplan-cli does).
const core::Candidate* recommendedCandidate(const core::Plan& plan);

/// The page size the user's locale expects: Letter where the US customary system is used, else A4.
report::PageFormat defaultPageFormat();

/// Writes the PDF comparison report of `result` in `language` ("en", "zh_CN"), with the sensitivity table for
/// the recommended candidate. False with a message naming the file when it cannot be written.
bool exportPdfReport(
    const PlanResult& result, const QString& path, const QString& language, report::PageFormat page, QString* error);

/// Writes the ranked candidates as RFC 4180 CSV (UTF-8; with a byte-order mark for Excel when `bom`).
bool exportCsvTable(const PlanResult& result, const QString& path, bool bom, QString* error);

/// Writes a SkyPilot task or a Kubernetes manifest for `candidate` (the selected one; null: the recommended
/// one). False with a message when nothing feasible is chosen or the file cannot be written.
bool exportDeployment(
    const PlanResult& result, const core::Candidate* candidate, DeployKind kind, const QString& path, QString* error);

} // namespace gpuplan::gui
