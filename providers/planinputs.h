#pragma once
// Loads everything a plan reads into one core::PlanInputs, once: every front end plans with what this returns.

#include "core/accuracy.h"
#include "core/plan_inputs.h"
#include "core/result.h"

#include <string>
#include <vector>

namespace gpuplan::providers {

class Store;

/// Keys of the plan defaults in the store's settings table (Store::setSetting), written by the app's Settings.
namespace settingKey {
inline constexpr const char* servingHeadroom = "plan.serving_headroom";               ///< fraction, e.g. "0.2"
inline constexpr const char* pue = "energy.pue";                                      ///< 1.0–3.0
inline constexpr const char* electricityUsdPerKwh = "energy.electricity_usd_per_kwh"; ///< USD/kWh
inline constexpr const char* maxInstances = "plan.max_instances";                     ///< default quota per offering
} // namespace settingKey

/// What loadPlanInputs found, with the problems it passed over.
struct LoadedInputs
{
    core::PlanInputs inputs;
    std::vector<std::string> catalogWarnings; ///< catalog rows skipped (file, JSON pointer, value)
    std::vector<std::string> warnings;        ///< optional tables that could not be read, bad stored settings
    /// The estimator run on the bundled published results, once: the outputs' 80 % ranges and the serving-latency
    /// factor in `inputs`. Null when the validation tables cannot be read (a warning says why).
    std::shared_ptr<const core::AccuracyReport> accuracy;
};

/// The bundled GPU and model catalogs; the store's active catalog snapshots (else the bundled catalog; the
/// folder in $GPUPLAN_CATALOG_DIR when set); exchange rates; storage and egress rates; regions and SLAs; hosted
/// API prices; and from the store its negotiated discounts, calibration profiles and plan defaults. `store`
/// may be null (bundled data and built-in defaults). The catalogs are required (an error names the file);
/// the other tables are optional (a warning says what is then not computed).
/// inputs.today is set to todayUtc().
core::Result<LoadedInputs> loadPlanInputs(const Store* store);
/// Today's date in UTC, YYYY-MM-DD: the plan's date unless a caller injects one (the CLI's --today).
std::string todayUtc();

/// The plan defaults stored in `store` over the built-in ones; a stored value out of range is skipped with a
/// warning naming the key and the value.
core::PlanDefaults loadPlanDefaults(const Store* store, std::vector<std::string>* warnings = nullptr);
/// Stores the defaults (what the app's Settings dialog saves), so that the CLI plans with them too.
core::Status savePlanDefaults(Store& store, const core::PlanDefaults& defaults);

} // namespace gpuplan::providers
