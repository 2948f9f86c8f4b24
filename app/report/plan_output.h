#pragma once

#include "core/planner.h"
#include "core/workload.h"

#include <string>
#include <vector>

namespace gpuplan::report {

/// Plan as JSON ("gpuplan.plan/1"): stable snake_case field names with units in the names.
std::string planToJson(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings);
/// Plan as aligned text for a terminal: units, thousands separators.
std::string planToTable(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings);
/// Plan as RFC 4180 CSV: a header with units, one row per candidate (pinned estimate first).
std::string planToCsv(const core::Workload& w, const core::Plan& plan);

} // namespace gpuplan::report
