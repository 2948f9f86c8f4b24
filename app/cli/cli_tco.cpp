// gpuplan-cli tco (rent vs buy).
#include "app/report/format.h"

#include "cli.h"
#include "cli_common.h"
#include "core/json_reader.h"
#include "core/planner.h"
#include "core/tco.h"
#include "providers/bundled.h"
#include "providers/workloadfile.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <limits>

namespace gpuplan::cli::detail {

namespace {

const char* const tcoHelp = R"(Usage: gpuplan-cli tco TCO.json WORKLOAD.json [--format table|json] [--db PATH]

Rent vs buy. TCO.json ("gpuplan.tco/1") describes the purchase: gpu, gpus_per_server, server_price,
currency, depreciation_years, power_price_per_kwh, pue, server_power_kw, colocation_per_kw_month,
staff_per_server_year, maintenance_pct_per_year, utilization. The workload is planned across the catalog
as `plan` does; the best candidate on the same GPU model (else the best overall) is the cloud side.
Prints the cost of a useful GPU-hour on premises and the utilization above which buying wins.
)";

} // namespace

int cmdTco(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> valued = {"format", "output", "db"};
    for (const auto& o : planInputOptions())
        if (o != "currency") // the TCO file's currency is the plan's
            valued.push_back(o);
    auto a = parseArgs(args, 1, valued, err, "tco");
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << tcoHelp;
        return ExitOk;
    }
    if (a->positional.size() != 2) {
        err << "gpuplan-cli tco: expected TCO.json and WORKLOAD.json\n" << tcoHelp;
        return ExitBadInput;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json"}, err, "tco", ok);
    if (!ok)
        return ExitBadInput;
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    auto tcoText = providers::readTextFile(a->positional[0]);
    auto wlText = providers::readWorkloadFile(a->positional[1]);
    if (!tcoText || !wlText) {
        err << "gpuplan-cli: " << (!tcoText ? tcoText.error() : wlText.error()).detail << "\n";
        return ExitBadInput;
    }
    auto tco = core::parseTco(*tcoText, a->positional[0], cats->gpus);
    if (!tco) {
        err << "gpuplan-cli: " << tco.error().detail << "\n";
        return ExitBadInput;
    }
    auto w = core::parseWorkload(*wlText, a->positional[1], cats->models, cats->gpus);
    if (!w) {
        err << "gpuplan-cli: " << w.error().detail << "\n";
        return ExitBadInput;
    }
    auto store = openStore(*a, err);
    if (!store)
        return ExitBadInput;
    auto loaded = loadPlanInputs(*a, store.get(), err);
    if (!loaded)
        return ExitBadInput;
    core::PlanInputs& inputs = loaded->inputs;
    inputs.currency = tco->currency;
    if (inputs.currency != "USD" && !inputs.fx.find(inputs.currency)) {
        err << "gpuplan-cli: " << a->positional[0] << ":/currency: no exchange rate for \"" << inputs.currency
            << "\"\n";
        return ExitBadInput;
    }
    auto planned = core::planWorkload(*w, inputs);
    if (!planned) {
        err << "gpuplan-cli tco: " << planned.error().detail << "\n";
        return ExitBadInput;
    }
    const core::Plan& plan = *planned;
    const core::Candidate* cloud = nullptr;
    for (const auto& c : plan.candidates)
        if (c.gpu->id == tco->gpu) {
            cloud = &c;
            break;
        }
    if (!cloud && !plan.candidates.empty())
        cloud = &plan.candidates.front();
    if (!cloud) {
        err << "gpuplan-cli tco: nothing in the catalog can run " << a->positional[1] << "\n";
        return ExitInfeasible;
    }
    const double cloudPerGpuHour = cloud->pricing->hourlyCost / cloud->gpus;
    const auto gpu = cats->gpus.find(tco->gpu);
    const auto r = core::computeTco(*tco, **gpu, cloudPerGpuHour);
    using report::withSeparators;
    const std::string cur = tco->currency;
    if (format == "json") {
        nlohmann::ordered_json j;
        j["schema"] = "gpuplan.tco-result/1";
        j["currency"] = cur;
        j["on_prem"] = {{"capex_per_server_hour", r.capexPerServerHour},
            {"colocation_per_server_hour", r.colocationPerServerHour}, {"staff_per_server_hour", r.staffPerServerHour},
            {"maintenance_per_server_hour", r.maintenancePerServerHour},
            {"power_per_server_hour_idle", r.powerPerServerHourIdle},
            {"power_per_server_hour_full", r.powerPerServerHourFull},
            {"per_gpu_hour_at_utilization", r.perGpuHourAtUtilization},
            {"per_gpu_hour_full_utilization", r.perGpuHourFull}, {"utilization", tco->utilization}};
        j["cloud"] = {{"provider", cloud->pricing->offering.provider}, {"region", cloud->pricing->offering.region},
            {"instance_type", cloud->pricing->offering.instanceType},
            {"pricing_model", std::string(core::toString(cloud->pricing->price.pricingModel))},
            {"per_gpu_hour", cloudPerGpuHour}, {"as_of", cloud->pricing->price.asOf},
            {"source", cloud->pricing->price.source}};
        j["break_even_utilization"]
            = r.breakEvenUtilization <= 1 ? nlohmann::json(r.breakEvenUtilization) : nlohmann::json();
        j["buy_wins_at_expected_utilization"] = r.perGpuHourAtUtilization < cloudPerGpuHour;
        return emit(*a, core::detail::jsonDocument(j), out, err) ? ExitOk : ExitBadInput;
    }
    report::TextTable t({"item", "per server-hour", "unit"});
    t.addRow({"purchase over " + withSeparators(tco->depreciationYears, 1) + " years",
        withSeparators(r.capexPerServerHour, 3), cur});
    t.addRow({"colocation", withSeparators(r.colocationPerServerHour, 3), cur});
    t.addRow({"operations staff", withSeparators(r.staffPerServerHour, 3), cur});
    t.addRow({"maintenance", withSeparators(r.maintenancePerServerHour, 3), cur});
    t.addRow({"power, idle → full (PUE " + withSeparators(tco->pue, 2) + ")",
        withSeparators(r.powerPerServerHourIdle, 3) + " → " + withSeparators(r.powerPerServerHourFull, 3), cur});
    std::string text = "Rent vs buy: " + tco->gpu + " × " + std::to_string(tco->gpusPerServer) + " per server\n\n"
        + t.render() + "\n";
    text += "On premises: " + withSeparators(r.perGpuHourAtUtilization, 3) + " " + cur + " per useful GPU-hour at "
        + withSeparators(tco->utilization * 100, 0) + " % utilization (" + withSeparators(r.perGpuHourFull, 3)
        + " at 100 %).\n";
    text += "Cloud: " + withSeparators(cloudPerGpuHour, 3) + " " + cur + " per GPU-hour ("
        + cloud->pricing->offering.provider + " " + cloud->pricing->offering.instanceType + ", "
        + std::string(core::toString(cloud->pricing->price.pricingModel)) + ", as of " + cloud->pricing->price.asOf
        + ").\n";
    if (r.breakEvenUtilization <= 1)
        text += "Buying wins above " + withSeparators(r.breakEvenUtilization * 100, 1) + " % utilization; at "
            + withSeparators(tco->utilization * 100, 0) + " % it is "
            + (r.perGpuHourAtUtilization < cloudPerGpuHour ? "cheaper" : "dearer") + " than renting.\n";
    else
        text += "Buying never wins: even at 100 % utilization a useful GPU-hour costs more than the cloud's.\n";
    return emit(*a, text, out, err) ? ExitOk : ExitBadInput;
}

} // namespace gpuplan::cli::detail
