#pragma once
// `gpuplan-cli catalog check`: rules that catch a price that is wrong or old before the planner ranks by it.

#include "catalog.h"
#include "pricing.h"

#include <string>
#include <vector>

namespace gpuplan::core {

/// One finding: the rule, the row (provider, region, instance type, pricing model) and the figure that broke it.
struct CatalogFinding
{
    bool error = false; ///< a contradiction the planner must not use; otherwise a warning
    std::string rule;   ///< outlier | spot_above_on_demand | linear_multi_gpu | stale
    std::string provider, region, instanceType, pricing;
    std::string detail;
};

/// The stated thresholds (README "catalog check").
struct CatalogCheckOptions
{
    std::string today;          ///< YYYY-MM-DD: "now" for the age rule (injected, so that tests are stable)
    double outlierFactor = 3.0; ///< per GPU-hour on-demand price above factor × or below 1/factor × the median
    int minRowsForMedian = 5;   ///< the outlier rule needs this many on-demand rows of the GPU model
    int maxAgeDays = 180;       ///< a price observed longer ago is stale
};

/// Checks every offering: on-demand per-GPU-hour prices against the median of their GPU model (USD via `fx`; rows
/// in a currency without a rate are left out of the median), spot prices above the same offering's on-demand price
/// (an error), multi-GPU sizes priced at exactly n × the 1-GPU size of the same family, region and GPU for
/// providers that price per VM SKU (aws, azure), and prices older than maxAgeDays. Findings in catalog order.
std::vector<CatalogFinding> checkCatalog(
    const std::vector<Offering>& offerings, const FxTable& fx, const CatalogCheckOptions& options);

/// Days from `from` to `to` (both YYYY-MM-DD or longer ISO 8601 strings; only the date is read); nothing when
/// either is not a date.
std::optional<long> daysBetween(std::string_view from, std::string_view to);

} // namespace gpuplan::core
