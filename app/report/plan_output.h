#pragma once

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

/// Low–high range of an estimate from its group's residuals: rates divide by the group's high/low
/// estimated ÷ published ratios; times (timeLike) multiply by them. No report: {value, value}.
std::pair<double, double> estimateRange(
    const core::AccuracyReport* accuracy, const char* group, double value, bool timeLike);

} // namespace gpuplan::report
