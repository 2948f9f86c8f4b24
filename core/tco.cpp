#include "tco.h"

#include "json_reader.h"

namespace gpuplan::core {

using detail::Bound;
using detail::ObjectReader;

Result<TcoSpec> parseTco(std::string_view text, const std::string& fileName, const GpuCatalog& gpus)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader r(root, "", ctx);
        if (r.string("schema") != "gpuplan.tco/1")
            detail::fail(
                ctx, "/schema", Message(msg::unsupportedSchema, {"gpuplan.tco/1", r.string("schema").substr(0, 60)}));
        TcoSpec t;
        auto g = gpus.find(r.string("gpu"));
        if (!g)
            detail::fail(ctx, "/gpu", g.error());
        t.gpu = (*g)->id;
        t.gpusPerServer = static_cast<int>(r.optInteger("gpus_per_server", 1, 72).value_or(8));
        t.serverPrice = r.number("server_price", Bound::Positive);
        t.currency = r.optString("currency").value_or("USD");
        t.depreciationYears = r.optNumber("depreciation_years", Bound::Positive).value_or(4);
        t.powerPricePerKwh = r.number("power_price_per_kwh", Bound::NonNegative);
        t.pue = r.optNumber("pue", Bound::Positive).value_or(1.4);
        if (t.pue < 1 || t.pue > 3)
            detail::fail(ctx, "/pue", Message(msg::pueRange, {detail::describe(r.raw("pue"))}));
        t.serverPowerKw = r.optNumber("server_power_kw", Bound::Positive).value_or(0);
        t.colocationPerKwMonth = r.optNumber("colocation_per_kw_month", Bound::NonNegative).value_or(0);
        t.staffPerServerYear = r.optNumber("staff_per_server_year", Bound::NonNegative).value_or(0);
        t.maintenancePctPerYear = r.optNumber("maintenance_pct_per_year", Bound::NonNegative).value_or(0);
        t.utilization = r.optNumber("utilization", Bound::OpenFraction).value_or(0.7);
        t.source = r.optString("source").value_or("");
        r.optString("notes");
        r.optString("name");
        r.finish();
        return t;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

TcoResult computeTco(const TcoSpec& t, const GpuSpec& gpu, double cloudPerGpuHour)
{
    TcoResult r;
    constexpr double hoursPerYear = 8760.0;
    const double g = t.gpusPerServer;
    // Host share: 0.4 × the GPUs' board power (DGX H100: 10.2 kW for 8 × 700 W; see planner.cpp).
    const double hostKw = 0.4 * gpu.tdpW * g / 1000.0;
    const double provisionedKw = t.serverPowerKw > 0 ? t.serverPowerKw : g * gpu.tdpW / 1000.0 * 1.4;
    r.capexPerServerHour = t.serverPrice / (t.depreciationYears * hoursPerYear);
    r.colocationPerServerHour = t.colocationPerKwMonth * provisionedKw / 730.0;
    r.staffPerServerHour = t.staffPerServerYear / hoursPerYear;
    r.maintenancePerServerHour = t.serverPrice * t.maintenancePctPerYear / 100.0 / hoursPerYear;
    r.powerPerServerHourIdle = (g * gpu.idleW / 1000.0 + hostKw) * t.pue * t.powerPricePerKwh;
    r.powerPerServerHourFull = (g * gpu.tdpW / 1000.0 + hostKw) * t.pue * t.powerPricePerKwh;
    const double fixed = r.capexPerServerHour + r.colocationPerServerHour + r.staffPerServerHour
        + r.maintenancePerServerHour + r.powerPerServerHourIdle;
    const double perUtil = r.powerPerServerHourFull - r.powerPerServerHourIdle; // power grows with utilization
    auto perUsefulGpuHour = [&](double u) { return (fixed + perUtil * u) / (g * u); };
    r.perGpuHourAtUtilization = perUsefulGpuHour(t.utilization);
    r.perGpuHourFull = perUsefulGpuHour(1.0);
    r.cloudPerGpuHour = cloudPerGpuHour;
    // (fixed + perUtil·u) / (g·u) = cloud  ⇒  u = fixed / (g·cloud − perUtil)
    const double denom = g * cloudPerGpuHour - perUtil;
    r.breakEvenUtilization = denom > 0 ? fixed / denom : 1e9;
    return r;
}

} // namespace gpuplan::core
