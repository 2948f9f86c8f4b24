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

/// A serving calibration's fit as aligned text: the fitted factors, then one row per run and figure with the measured
/// value, the calibrated estimate, its error, the held-out error and why a run was left out (`calibrate --import`
/// prints it; a plan table prints it under a calibrated estimate).
std::string servingCalibrationTable(const core::ServingCalibration& c);
/// The same as JSON (an object; the plan JSON's "serving_calibrations" holds one per calibration its candidates use).
std::string servingCalibrationJson(const core::ServingCalibration& c);

} // namespace gpuplan::report
