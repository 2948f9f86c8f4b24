#pragma once
// The pool sizing (core/pool_size.h) as JSON, a terminal table and CSV: `gpuplan-cli simulate --size` writes them,
// the app stores the JSON with the scenario and its parity test compares the two.

#include "core/pool_size.h"

#include <string>

namespace gpuplan::report {

/// "gpuplan.pool-sizing/1": the request (GPU, targets, start delay), the demand, the prices with their break-even
/// utilizations and sources, and per policy the cheapest mix (the cost of each part over the span and per 730-hour
/// month, the busy share of the fixed parts, the burst GPU-hours, the delay per class against its target,
/// preemptions and expected spot interruptions), all on demand for comparison, and the search's counts.
std::string poolSizingToJson(const core::PoolSizingRequest& request, const core::PoolSizing& sizing);
/// The same as aligned text for a terminal.
std::string poolSizingToTable(const core::PoolSizingRequest& request, const core::PoolSizing& sizing);
/// RFC 4180 CSV: one row per mix the search replayed, per policy, the cheapest marked.
std::string poolSizingToCsv(const core::PoolSizing& sizing);

/// A wait as people read it: "0 s", "45 s", "10 min", "2.5 h".
std::string waitText(double seconds);
/// The targets as given: "10 min (BE 1 h)".
std::string poolTargetsText(const core::PoolSizingRequest& request);
/// "P99 wait targets": a number of seconds, then any CLASS=SECONDS (comma-separated): "600,BE=3600". An error names
/// the part and the value.
core::Result<std::pair<double, std::vector<std::pair<std::string, double>>>> parsePoolTargets(const std::string& text);

} // namespace gpuplan::report
