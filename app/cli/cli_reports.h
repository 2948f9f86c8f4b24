#pragma once
// gpuplan-cli: the files a plan leaves behind (PDF report, CSV, deployment YAML) and `batch` (cli_reports.cpp).

#include "cli_common.h"

#include "app/report/sensitivity.h"
#include "core/accuracy.h"
#include "core/gpu.h"
#include "core/planner.h"
#include "core/workload.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace gpuplan::cli::detail {

/// "gpuplan 0.1.0": the generator named in reports.
std::string generator();

/// `plan` options that write report files: valued ones, then flags.
const std::vector<std::string>& reportOptions();
const std::vector<std::string>& reportFlags();

/// Checks --page, --lang, --emit (before any work is done); false with a message naming the option.
bool checkReportOptions(const Args& a, std::ostream& err);

/// With --emit and no --emit-output the YAML goes to standard output, in place of the plan.
bool emitsToStdout(const Args& a);

/// Prepends the UTF-8 byte order mark when --csv-bom is given (Excel reads BOM-less CSV as ANSI).
std::string csvWithBom(const Args& a, std::string csv);

/// Writes the --pdf, --csv and --emit files of a workload planned with `inputs`.
/// ExitOk, or ExitBadInput when a file cannot be written or --emit cannot describe the plan.
int writePlanReports(const Args& a, const core::Workload& w, const core::Plan& plan,
    const std::vector<std::string>& warnings, const core::AccuracyReport* accuracy, const core::PlanInputs& inputs,
    const std::string& sourceFile, std::ostream& out, std::ostream& err);

/// `gpuplan-cli batch FILES|DIR --out DIR [--pdf] [--csv] [--jobs N] …`
int cmdBatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
const char* batchHelp();

} // namespace gpuplan::cli::detail
