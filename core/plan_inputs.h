#pragma once
// Everything a plan reads, owned: every front end (CLI plan/batch/tco, the app, reports, sensitivity, scenario
// compare) fills one PlanInputs (providers::loadPlanInputs) and calls core::planWorkload with it.

#include "calibration.h"
#include "catalog.h"
#include "catalog_check.h"
#include "gpu.h"
#include "hosted.h"
#include "model.h"
#include "pricing.h"
#include "regions.h"
#include "workload.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::core {

/// What a workload may leave out. The app's Settings write them into the store; the CLI reads them from the
/// store (or its flags), so the same workload gets the same plan in both.
struct PlanDefaults
{
    /// Serving: spare capacity planned above the peak when the workload gives no inference.headroom, as a
    /// fraction (0.2 = 20 %, a common autoscaling target; stated in every serving plan's notes).
    double servingHeadroom = 0.2;
    /// Power usage effectiveness when the workload's energy section gives none; unset: by cooling (planner.cpp).
    std::optional<double> pue;
    /// USD per kWh for the electricity cost of owned hardware (0: not shown; cloud prices include power).
    /// 0.12: about the 2024 US average commercial retail price (EIA, Electric Power Monthly, table 5.3).
    double electricityUsdPerKwh = 0.12;
    /// Instances of one offering a plan may use when the workload's constraints.max_instances names no quota
    /// for the provider (a stated, editable assumption; see the notes of a plan that reaches it).
    int maxInstances = 512;
    /// Exclusions a plan lists (cheapest first) besides one line per GPU model.
    int maxExcluded = 25;
};

/// Per offering of a catalog, what the planner reads of it on every plan, computed once (indexOfferings).
struct OfferingIndex
{
    std::shared_ptr<const std::vector<Offering>> offerings; ///< the offerings indexed
    OnDemandIndex onDemand;                                 ///< onDemandIndex(*offerings)
    /// Each price's part of the planner's twin test (prices that differ only in their cost and in what does not
    /// change a plan), laid out flat so that the test reads no offering: prices of offering i are
    /// prices[firstPrice[i] … firstPrice[i + 1]).
    struct PriceTwin
    {
        /// Equal for prices with the same GPU model name, GPUs per instance, provider, pricing model, term, payment,
        /// currency, interruption bucket and billing increments.
        std::uint32_t twinClass = 0;
        std::uint32_t region = 0; ///< equal for the same provider's same region name
        PricingModel pricingModel = PricingModel::OnDemand;
        bool spotAboveOnDemand = false; ///< spotAboveOnDemand(price, onDemand.price[i])
        double hourly = 0;              ///< effectiveHourly()
    };
    std::vector<std::size_t> firstPrice;
    std::vector<PriceTwin> prices;
};
std::shared_ptr<const OfferingIndex> indexOfferings(std::shared_ptr<const std::vector<Offering>> offerings);

/// The tables a plan reads. Values or shared_ptr<const>: nothing in here points at memory it does not own,
/// and copying it is cheap (the large tables are shared).
struct PlanInputs
{
    std::shared_ptr<const GpuCatalog> gpus;
    std::shared_ptr<const ModelCatalog> models;
    /// Priced offerings; null or empty: estimates only (the smallest fitting count of every GPU model).
    std::shared_ptr<const std::vector<Offering>> offerings;
    /// The catalog checks on `offerings` (providers::catalogFindings; indices into `offerings`); null: not checked.
    /// A warning on the recommended price becomes a plan note. Computed when the inputs are loaded, so the age rule
    /// in it uses the load's UTC date; the plan's own age notes use `today` (the CLI's --today).
    std::shared_ptr<const std::vector<CatalogFinding>> findings;
    /// What every plan of `offerings` reads about them, computed once (indexOfferings); a plan uses it only while it
    /// describes `offerings` (a copy of these inputs with other offerings computes its own).
    std::shared_ptr<const OfferingIndex> offeringIndex;
    FxTable fx;
    std::shared_ptr<const std::vector<StorageRate>> storage; ///< object storage and egress per provider
    std::shared_ptr<const Geography> geography;              ///< regions, user locations, SLAs
    std::shared_ptr<const std::vector<HostedApi>> hostedApis;
    std::map<std::string, double> discounts; ///< negotiated discount per provider, fraction 0–1
    std::shared_ptr<const CalibrationMap> calibrations;
    /// Serving calibrations fitted to benchmark results (the store's, gpuplan-cli calibrate --import --format).
    std::shared_ptr<const ServingCalibrationMap> servingCalibrations;
    SpotParams spot;
    PlanDefaults defaults;
    std::string currency = "USD"; ///< output currency of every total
    /// The upper end of the 80 % range of serving latency estimates, as a multiple of the estimate (the published
    /// runs' residuals, core/accuracy: estimated ÷ published at the 90th percentile's reciprocal); 1 = no range
    /// known. A candidate that meets a latency target at the estimate but not at this multiple is "at risk".
    double servingLatencyHigh = 1.0;
    /// The threads a plan may use for its offerings (offeringWorkers); 0: as many as the machine has cores. The plan
    /// is the same whatever the number.
    unsigned planThreads = 0;
    /// False for an estimate without prices (`--no-prices`), whatever the catalog holds.
    bool priced = true;
    /// The plan's date, YYYY-MM-DD (injected, so that tests are stable: the CLI's --today, else the UTC date): how
    /// old each price and exchange rate is. Empty: ages are not computed.
    std::string today;

    bool hasPrices() const { return priced && offerings && !offerings->empty(); }
};

/// Set from another thread to abandon a plan: the planner checks it between candidates and returns a
/// Cancelled error.
using CancelFlag = std::atomic<bool>;

} // namespace gpuplan::core
