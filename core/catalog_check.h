#pragma once
// `gpuplan-cli catalog check`: rules that catch a price that is wrong or old before the planner ranks by it.

#include "catalog.h"
#include "message.h"
#include "pricing.h"

#include <string>
#include <vector>

namespace gpuplan::core {

/// A price observed longer ago than this many days is stale: `catalog check`'s age rule, and the flag on it in plan
/// tables and reports (issue "A second opinion on every price": 180 days).
inline constexpr long maxPriceAgeDays = 180;

/// One finding: the rule, the row (provider, region, instance type, pricing model) and the figure that broke it.
struct CatalogFinding
{
    bool error = false; ///< a contradiction the planner must not use; otherwise a warning
    std::string
        rule; ///< outlier | spot_above_on_demand | spot_not_cheaper | linear_multi_gpu | stale | sources_disagree
    std::string provider, region, instanceType, pricing;
    Message message;          ///< the figure that broke the rule, translatable (catalog.check_* ids)
    std::size_t offering = 0; ///< index of the row's offering in the list checked (the first list of compareSources)
    std::size_t price = 0;    ///< index of the price in that offering's prices
    /// The message in English (the CLI's table and JSON).
    std::string detail() const { return message.text(); }
};

/// A rule's name for people ("far from the median" for "outlier"), translatable; an unknown id as it is.
Message catalogRuleName(const std::string& rule);

/// The stated thresholds (README "catalog check").
struct CatalogCheckOptions
{
    std::string today;                 ///< YYYY-MM-DD: "now" for the age rule (injected, so that tests are stable)
    double outlierFactor = 3.0;        ///< per GPU-hour on-demand price above factor × or below 1/factor × the median
    int minRowsForMedian = 5;          ///< the outlier rule needs this many on-demand rows of the GPU model
    long maxAgeDays = maxPriceAgeDays; ///< a price observed longer ago is stale
    /// Two sources of the same offering and kind of price disagree when they are further apart than this share of
    /// the lower one (0.10: 10 %; list prices copied from one API agree to the cent).
    double sourceTolerance = 0.10;
};

/// Checks every offering: on-demand per-GPU-hour prices against the median of their GPU model (USD via `fx`; rows
/// in a currency without a rate are left out of the median), spot prices above the same offering's on-demand price
/// (an error), a zonal spot price not below its region's on-demand price (a warning, "spot_not_cheaper": the AWS
/// rows give a few, and the planner does not rank the ones above), multi-GPU sizes priced at exactly n × the 1-GPU size
/// of the same family, region and GPU for providers that price per VM SKU (aws, azure), and prices older than
/// maxAgeDays. Findings in catalog order.
std::vector<CatalogFinding> checkCatalog(
    const std::vector<Offering>& offerings, const FxTable& fx, const CatalogCheckOptions& options);

/// The contradiction the planner never ranks and `catalog check` reports as an error: a spot price above the on-demand
/// price of the same offering in the same currency, beyond rounding: more than half a unit of the fourth decimal
/// (SkyPilot's AWS catalog writes SpotPrice with four decimals where a zone has no spot offer and repeats the
/// on-demand price: g5.12xlarge apne1-az4 8.2261 against 8.22609 is the same price, not a dearer one).
inline constexpr double priceRoundingTolerance = 0.5e-4;
bool spotAboveOnDemand(const Price& spot, const Price* onDemand);

/// The on-demand price an offering's spot prices compare with, indexed like `offerings`: the offering's own, else —
/// a zonal offering, as AWS spot rows are — the on-demand price of the same provider, region and instance type's
/// regional offering (no zone); null when neither has one.
struct OnDemandIndex
{
    std::vector<const Price*> price;
    std::vector<bool> own; ///< the price is the offering's own (not its region's)
};
OnDemandIndex onDemandIndex(const std::vector<Offering>& offerings);

/// Compares each price of `offerings` with the price of the same provider, region, instance type, kind (pricing
/// model, term, payment option) and currency in `secondSource` (another publication of the same prices: for GCP,
/// SkyPilot's catalog beside the Billing Catalog), when the two come from different sources: a warning
/// "sources_disagree" for every pair further apart than options.sourceTolerance. Findings in `offerings` order.
std::vector<CatalogFinding> compareSources(const std::vector<Offering>& offerings,
    const std::vector<Offering>& secondSource, const CatalogCheckOptions& options);

/// Days from `from` to `to` (both YYYY-MM-DD or longer ISO 8601 strings; only the date is read); nothing when
/// either is not a date.
std::optional<long> daysBetween(std::string_view from, std::string_view to);

} // namespace gpuplan::core
