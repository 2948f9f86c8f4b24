#pragma once

#include "gpu.h"
#include "result.h"

#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// The purchase side of rent vs buy ("gpuplan.tco/1"; README "Rent vs buy").
struct TcoSpec
{
    std::string gpu; ///< canonical id
    int gpusPerServer = 8;
    double serverPrice = 0; ///< currency per server, all-in purchase
    std::string currency = "USD";
    double depreciationYears = 4;
    double powerPricePerKwh = 0; ///< currency per kWh
    double pue = 1.4;
    double serverPowerKw = 0;         ///< provisioned (maximum) power; 0 = GPUs' board power × 1.4 (host share)
    double colocationPerKwMonth = 0;  ///< currency per provisioned kW per month
    double staffPerServerYear = 0;    ///< operations staff share per server per year
    double maintenancePctPerYear = 0; ///< support contracts, spares: % of the purchase price per year
    double utilization = 0.7;         ///< expected share of hours the GPUs do useful work
    std::string source;
};

Result<TcoSpec> parseTco(std::string_view text, const std::string& fileName, const GpuCatalog& gpus);

struct TcoResult
{
    double capexPerServerHour = 0;
    double colocationPerServerHour = 0;
    double staffPerServerHour = 0;
    double maintenancePerServerHour = 0;
    double powerPerServerHourIdle = 0;  ///< at zero utilization
    double powerPerServerHourFull = 0;  ///< at full utilization
    double perGpuHourAtUtilization = 0; ///< cost of one useful GPU-hour at the expected utilization
    double perGpuHourFull = 0;          ///< … at 100 % utilization
    double cloudPerGpuHour = 0;         ///< what the cloud charges, same currency
    /// Utilization above which buying is cheaper per useful GPU-hour; > 1 when it never is.
    double breakEvenUtilization = 0;
};

/// Cost per useful GPU-hour on premises: (capex over the depreciation period + colocation + staff +
/// maintenance + power at the utilization) / (GPUs × utilization); break-even against `cloudPerGpuHour`.
TcoResult computeTco(const TcoSpec& spec, const GpuSpec& gpu, double cloudPerGpuHour);

} // namespace gpuplan::core
