#pragma once

#include "candidate_view.h"
#include "core/accuracy.h"
#include "core/planner.h"
#include "core/workload.h"

#include <string>
#include <vector>

namespace gpuplan::report {

/// Plan as JSON ("gpuplan.plan/1"): stable snake_case field names with units in the names. With an accuracy
/// report, headline estimates also get <field>_low / <field>_high from the estimator's measured residuals.
std::string planToJson(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings,
    const core::AccuracyReport* accuracy = nullptr);
/// Plan as aligned text for a terminal: units, thousands separators, ranges.
std::string planToTable(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings,
    const core::AccuracyReport* accuracy = nullptr);
/// Plan as RFC 4180 CSV: a header with units, one row per candidate (pinned estimate first).
std::string planToCsv(const core::Workload& w, const core::Plan& plan, const core::AccuracyReport* accuracy = nullptr);

} // namespace gpuplan::report
