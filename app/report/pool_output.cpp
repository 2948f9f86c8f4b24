#include "pool_output.h"

#include "format.h"

#include "core/json_reader.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace gpuplan::report {

namespace {

using Json = nlohmann::ordered_json;

Json opt(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? Json(*v) : Json();
}

Json priceJson(const std::optional<core::PoolPrice>& p)
{
    if (!p)
        return Json();
    Json j;
    j["pricing_model"] = std::string(core::toString(p->model));
    j["usd_per_gpu_hour"] = p->usdPerGpuHour;
    if (p->model == core::PricingModel::Spot) {
        j["interruptions_per_instance_hour"] = p->interruptionsPerHour;
        j["interruption_overhead"] = p->overhead;
        j["usd_per_gpu_hour_with_overhead"] = p->effectivePerGpuHour();
        j["interruption_bucket"] = p->interruptionLabel;
    }
    j["term_months"] = p->termMonths;
    j["offering_class"] = p->offeringClass;
    j["provider"] = p->provider;
    j["region"] = p->region;
    j["instance_type"] = p->instanceType;
    j["gpus_per_instance"] = p->gpusPerInstance;
    j["currency"] = p->currency;
    j["discount"] = p->discount;
    j["as_of"] = p->asOf;
    j["source"] = p->source;
    return j;
}

Json ownedJson(const std::optional<core::PoolOwned>& o)
{
    if (!o)
        return Json();
    Json j;
    j["gpu"] = o->spec.gpu;
    j["gpus_per_server"] = o->gpusPerServer;
    j["fixed_usd_per_server_hour"] = o->fixedUsdPerServerHour;
    j["fixed_usd_per_gpu_hour"] = o->fixedPerGpuHour();
    j["power_usd_per_busy_gpu_hour"] = o->powerUsdPerBusyGpuHour;
    j["server_price"] = o->spec.serverPrice;
    j["currency"] = o->spec.currency;
    j["usd_per_currency"] = o->usdPerCurrency;
    j["depreciation_years"] = o->spec.depreciationYears;
    j["power_price_per_kwh"] = o->spec.powerPricePerKwh;
    j["pue"] = o->spec.pue;
    j["server_power_kw"] = o->spec.serverPowerKw;
    j["colocation_per_kw_month"] = o->spec.colocationPerKwMonth;
    j["staff_per_server_year"] = o->spec.staffPerServerYear;
    j["maintenance_pct_per_year"] = o->spec.maintenancePctPerYear;
    j["source"] = o->spec.source;
    return j;
}

double share(double part, double whole)
{
    return whole > 0 ? part / whole : 0.0;
}

Json mixJson(const core::PoolSizingRequest& req, const core::PoolMix& m)
{
    Json j;
    j["owned_servers"] = m.ownedServers;
    j["owned_gpus"] = m.ownedGpus;
    j["reserved_instances"] = m.reservedInstances;
    j["reserved_gpus"] = m.reservedGpus;
    j["hours"] = m.hours;
    j["owned_usd"] = m.ownedUsd;
    j["reserved_usd"] = m.reservedUsd;
    j["on_demand_usd"] = m.onDemandUsd;
    j["spot_usd"] = m.spotUsd;
    j["total_usd"] = m.totalUsd();
    j["total_usd_per_month"] = m.perMonth(m.totalUsd());
    j["owned_usd_per_month"] = m.perMonth(m.ownedUsd);
    j["reserved_usd_per_month"] = m.perMonth(m.reservedUsd);
    j["on_demand_usd_per_month"] = m.perMonth(m.onDemandUsd);
    j["spot_usd_per_month"] = m.perMonth(m.spotUsd);
    j["owned_busy_gpu_hours"] = m.ownedBusyGpuHours;
    j["owned_utilization"] = share(m.ownedBusyGpuHours, m.ownedGpus * m.hours);
    j["reserved_busy_gpu_hours"] = m.reservedBusyGpuHours;
    j["reserved_utilization"] = share(m.reservedBusyGpuHours, m.reservedGpus * m.hours);
    j["on_demand_gpu_hours"] = m.onDemandGpuHours;
    j["spot_gpu_hours"] = m.spotGpuHours;
    j["on_demand_tasks"] = m.onDemandTasks;
    j["spot_tasks"] = m.spotTasks;
    j["expected_spot_interruptions"] = m.expectedSpotInterruptions;
    j["preemptions"] = m.preemptions;
    j["meets_target"] = m.meetsTarget;
    Json delays = Json::array();
    for (const auto& d : m.delays)
        delays.push_back({{"class", d.taskClass}, {"tasks", d.tasks}, {"burst", d.burst}, {"p50_s", d.p50},
            {"p99_s", d.p99}, {"mean_s", d.mean}, {"target_p99_s", req.targetFor(d.taskClass)},
            {"met", d.p99 <= req.targetFor(d.taskClass) + 1e-3 && d.neverPlaced == 0}});
    j["delays"] = delays;
    return j;
}

std::string money(double usd)
{
    return withSeparators(usd, moneyDecimals(usd));
}

std::string pct(double fraction)
{
    return std::isfinite(fraction) ? withSeparators(fraction * 100, 1) + " %" : "never";
}

std::string priceFrom(const core::PoolPrice& p)
{
    std::string s = p.provider + " " + p.instanceType + " (" + std::to_string(p.gpusPerInstance) + " GPU"
        + (p.gpusPerInstance == 1 ? "" : "s") + ") " + p.region;
    if (p.termMonths > 0)
        s += ", " + std::to_string(p.termMonths) + "-month term";
    if (p.offeringClass == core::hostDefaultOfferingClass)
        s += " (a host's default discount: indicative)";
    return s + ", as of " + p.asOf;
}

} // namespace

std::string waitText(double seconds)
{
    if (!std::isfinite(seconds))
        return "n/a";
    if (seconds < 60)
        return withSeparators(seconds, seconds == std::floor(seconds) ? 0 : 1) + " s";
    return duration(seconds / 3600.0);
}

std::string poolTargetsText(const core::PoolSizingRequest& r)
{
    std::string s = waitText(r.targetWait);
    if (!r.targetByClass.empty()) {
        s += " (";
        for (std::size_t i = 0; i < r.targetByClass.size(); ++i)
            s += (i ? ", " : "") + r.targetByClass[i].first + " " + waitText(r.targetByClass[i].second);
        s += ")";
    }
    return s;
}

core::Result<std::pair<double, std::vector<std::pair<std::string, double>>>> parsePoolTargets(const std::string& text)
{
    // Seconds as a plain number: 0 to a year (31,536,000 s), which is already no target.
    constexpr double maxSeconds = 31'536'000;
    std::pair<double, std::vector<std::pair<std::string, double>>> out {0.0, {}};
    bool haveDefault = false;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        std::string part = text.substr(from, comma - from);
        while (!part.empty() && part.front() == ' ')
            part.erase(part.begin());
        while (!part.empty() && part.back() == ' ')
            part.pop_back();
        from = comma + 1;
        const std::size_t eq = part.find('=');
        const std::string label = eq == std::string::npos ? "" : part.substr(0, eq);
        const std::string value = eq == std::string::npos ? part : part.substr(eq + 1);
        double v = 0;
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (value.empty() || ec != std::errc() || ptr != value.data() + value.size() || !(v >= 0 && v <= maxSeconds))
            return core::Error {core::ErrorCode::InvalidInput,
                "\"" + part + "\": the wait must be a number of seconds from 0 to 31,536,000"};
        if (eq == std::string::npos) {
            if (haveDefault)
                return core::Error {core::ErrorCode::InvalidInput,
                    "\"" + part + "\": a second default target (CLASS=SECONDS for a class)"};
            haveDefault = true;
            out.first = v;
        } else if (label.empty()) {
            return core::Error {core::ErrorCode::InvalidInput, "\"" + part + "\": no class before ="};
        } else {
            out.second.emplace_back(label, v);
        }
    }
    if (!haveDefault)
        return core::Error {core::ErrorCode::InvalidInput,
            "\"" + text + "\": no default target (a number of seconds, then any CLASS=SECONDS)"};
    return out;
}

std::string poolSizingToJson(const core::PoolSizingRequest& req, const core::PoolSizing& s)
{
    Json j;
    j["schema"] = "gpuplan.pool-sizing/1";
    j["gpu"] = s.gpuId;
    j["tasks"] = {{"source", req.tasksName}, {"count", s.tasks}, {"unfit_count", s.unfitCount}};
    Json unfit = Json::array();
    for (const auto& u : s.unfit)
        unfit.push_back({{"name", u.name}, {"line", u.line}, {"why", u.request}});
    j["tasks"]["unfit"] = unfit;
    j["target_p99_wait_s"] = req.targetWait;
    Json byClass = Json::object();
    for (const auto& [cls, v] : req.targetByClass)
        byClass[cls] = v;
    j["target_p99_wait_s_by_class"] = byClass;
    j["burst_start_delay_s"] = req.burstStartDelay;
    j["sharing"] = req.sharing == core::PoolSharing::Mig ? "mig" : "fraction";
    j["seed"] = req.seed;
    j["demand"] = {{"peak_gpus", s.peakDemandGpus}, {"gpu_hours", s.demandGpuHours}, {"hours", s.demandHours}};
    j["prices"] = {{"on_demand", priceJson(s.prices.onDemand)}, {"reserved", priceJson(s.prices.reserved)},
        {"spot", priceJson(s.prices.spot)}, {"owned", ownedJson(s.prices.owned)}};
    j["break_even_utilization"]
        = {{"owned", opt(s.prices.ownedBreakEven())}, {"reserved", opt(s.prices.reservedBreakEven())}};
    j["spot_to_on_demand"] = opt(s.prices.spotRatio());
    j["search"] = {{"owned_max_servers", s.ownedMax}, {"reserved_max_instances", s.reservedMax}};
    Json policies = Json::array();
    for (const auto& p : s.policies) {
        Json pj;
        pj["policy"] = std::string(core::toString(p.policy));
        pj["feasible"] = p.best.has_value();
        pj["best"] = p.best ? mixJson(req, *p.best) : Json();
        pj["all_on_demand"] = mixJson(req, p.allOnDemand);
        pj["mixes_replayed"] = p.evaluated.size();
        pj["mixes_skipped"] = p.skipped;
        pj["best_at_search_edge"] = p.atEdge;
        pj["replay"] = {{"allocation_pct", p.replay.allocationPct}, {"utilization_pct", p.replay.utilizationPct},
            {"fragmented_pct", p.replay.fragmentedPct}, {"peak_allocation_pct", p.replay.peakAllocationPct}};
        // The cheapest mix's replay over time (all on demand where no mix meets the target): GPUs of the pool
        // allocated and expectedly fragmented, GPUs asked for on burst capacity, tasks waiting.
        Json series = Json::array();
        for (const auto& x : p.replay.series)
            series.push_back({{"time_s", x.time}, {"allocated_gpus", x.allocatedPct * p.replay.gpus / 100.0},
                {"fragmented_gpus", x.fragmentedPct * p.replay.gpus / 100.0}, {"burst_gpus", x.burstGpus},
                {"queued", x.queued}});
        pj["series"] = series;
        policies.push_back(pj);
    }
    j["policies"] = policies;
    j["notes"] = s.notes;
    return core::detail::jsonDocument(j);
}

std::string poolSizingToTable(const core::PoolSizingRequest& req, const core::PoolSizing& s)
{
    std::string text = "Pool sizing: " + withSeparators(static_cast<double>(s.tasks), 0) + " tasks of " + req.tasksName
        + " on " + s.gpuId + "; p99 queueing target " + poolTargetsText(req) + "; a burst instance starts in "
        + waitText(req.burstStartDelay) + ".\n";
    text += "Demand (every task starting on arrival): at most " + withSeparators(s.peakDemandGpus, 2)
        + " GPUs at once, " + withSeparators(s.demandGpuHours, 0) + " GPU-hours over " + duration(s.demandHours)
        + ".\n\n";
    TextTable prices({"part", "USD per GPU-hour", "break-even utilization", "from"});
    const auto& pr = s.prices;
    if (pr.owned)
        prices.addRow({"owned",
            withSeparators(pr.owned->fixedPerGpuHour(), 3) + " + " + withSeparators(pr.owned->powerUsdPerBusyGpuHour, 3)
                + " busy",
            pct(*pr.ownedBreakEven()),
            "TCO: " + std::to_string(pr.owned->gpusPerServer) + "-GPU server, "
                + withSeparators(pr.owned->spec.serverPrice, 0) + " " + pr.owned->spec.currency + " over "
                + withSeparators(pr.owned->spec.depreciationYears, 1) + " years"});
    if (pr.reserved)
        prices.addRow({"reserved", withSeparators(pr.reserved->usdPerGpuHour, 3), pct(*pr.reservedBreakEven()),
            priceFrom(*pr.reserved)});
    prices.addRow({"on demand", withSeparators(pr.onDemand->usdPerGpuHour, 3), "-", priceFrom(*pr.onDemand)});
    if (pr.spot)
        prices.addRow(
            {"spot", withSeparators(pr.spot->effectivePerGpuHour(), 3), pct(*pr.spotRatio()) + " of on demand",
                priceFrom(*pr.spot) + ", +" + withSeparators(pr.spot->overhead * 100, 1) + " % for interruptions"});
    text += "Prices (a fixed GPU pays off when busy above its break-even utilization):\n\n" + prices.render();

    TextTable best({"policy", "owned", "reserved", "on-demand burst", "spot burst", "total", "per month",
        "all on demand per month", "meets target"});
    for (const auto& p : s.policies) {
        const auto& m = p.best ? *p.best : p.allOnDemand;
        const std::string name = std::string(core::toString(p.policy));
        if (!p.best) {
            best.addRow({name, "-", "-", "-", "-", "-", "-", money(p.allOnDemand.perMonth(p.allOnDemand.totalUsd())),
                "no mix"});
            continue;
        }
        best.addRow({name,
            std::to_string(m.ownedServers) + " × " + std::to_string(pr.owned ? pr.owned->gpusPerServer : 0) + " GPUs, "
                + money(m.ownedUsd),
            std::to_string(m.reservedInstances) + " × " + std::to_string(pr.reserved ? pr.reserved->gpusPerInstance : 0)
                + " GPUs, " + money(m.reservedUsd),
            withSeparators(m.onDemandGpuHours, 0) + " GPU-h, " + money(m.onDemandUsd),
            withSeparators(m.spotGpuHours, 0) + " GPU-h, " + money(m.spotUsd), money(m.totalUsd()),
            money(m.perMonth(m.totalUsd())), money(p.allOnDemand.perMonth(p.allOnDemand.totalUsd())), "yes"});
    }
    text += "\nThe cheapest mix per policy, USD over the " + duration(s.policies.front().allOnDemand.hours)
        + " of the replay (per month: × 730 h ÷ its hours):\n\n" + best.render();

    for (const auto& p : s.policies) {
        if (!p.best)
            continue;
        const auto& m = *p.best;
        text += "\n" + std::string(core::toString(p.policy)) + ": " + std::to_string(m.ownedGpus) + " owned GPUs ("
            + pct(share(m.ownedBusyGpuHours, m.ownedGpus * m.hours)) + " busy), " + std::to_string(m.reservedGpus)
            + " reserved GPUs (" + pct(share(m.reservedBusyGpuHours, m.reservedGpus * m.hours)) + " busy); "
            + std::to_string(m.onDemandTasks) + " tasks burst on demand, " + std::to_string(m.spotTasks) + " on spot ("
            + withSeparators(m.expectedSpotInterruptions, 1) + " interruptions expected); "
            + std::to_string(m.preemptions) + " preemptions; " + std::to_string(p.evaluated.size())
            + " mixes replayed, " + std::to_string(p.skipped) + " ruled out by their fixed cost.\n";
        if (p.atEdge)
            text += "  The cheapest mix lies on the search's bound: a larger --max-owned / --max-reserved may do "
                    "better.\n";
    }
    TextTable q({"policy", "class", "tasks", "burst", "p50 wait", "p99 wait", "target", "met"});
    for (const auto& p : s.policies) {
        const auto& m = p.best ? *p.best : p.allOnDemand;
        for (const auto& d : m.delays) {
            const double target = req.targetFor(d.taskClass);
            q.addRow(
                {std::string(core::toString(p.policy)), d.taskClass, withSeparators(static_cast<double>(d.tasks), 0),
                    withSeparators(static_cast<double>(d.burst), 0), waitText(d.p50), waitText(d.p99), waitText(target),
                    d.p99 <= target + 1e-3 && d.neverPlaced == 0 ? "yes" : "no"});
        }
    }
    text += "\nQueueing delay per class under the cheapest mix (all on demand where no mix meets the target):\n\n"
        + q.render();
    if (!s.notes.empty() || s.unfitCount > 0) {
        text += "\nNotes:\n";
        for (const auto& n : s.notes)
            text += "  " + n + "\n";
        if (s.unfitCount > 0) {
            text += "  " + withSeparators(static_cast<double>(s.unfitCount), 0)
                + " tasks fit no part of the pool and are not sized for:\n";
            for (const auto& u : s.unfit)
                text += "    " + req.tasksName + ":" + std::to_string(u.line) + " " + u.name + ": " + u.request + "\n";
        }
    }
    return text;
}

std::string poolSizingToCsv(const core::PoolSizing& s)
{
    std::string csv = "policy,owned_servers,owned_gpus,reserved_instances,reserved_gpus,hours,owned_usd,reserved_usd,"
                      "on_demand_usd,spot_usd,total_usd,total_usd_per_month,on_demand_gpu_hours,spot_gpu_hours,"
                      "preemptions,meets_target,cheapest\r\n";
    const auto num = [](double v) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.10g", v);
        return std::string(buf);
    };
    for (const auto& p : s.policies)
        for (const auto& m : p.evaluated) {
            const bool cheapest
                = p.best && p.best->ownedServers == m.ownedServers && p.best->reservedInstances == m.reservedInstances;
            csv += std::string(core::toString(p.policy)) + "," + std::to_string(m.ownedServers) + ","
                + std::to_string(m.ownedGpus) + "," + std::to_string(m.reservedInstances) + ","
                + std::to_string(m.reservedGpus) + "," + num(m.hours) + "," + num(m.ownedUsd) + "," + num(m.reservedUsd)
                + "," + num(m.onDemandUsd) + "," + num(m.spotUsd) + "," + num(m.totalUsd()) + ","
                + num(m.perMonth(m.totalUsd())) + "," + num(m.onDemandGpuHours) + "," + num(m.spotGpuHours) + ","
                + std::to_string(m.preemptions) + "," + (m.meetsTarget ? "true" : "false") + ","
                + (cheapest ? "true" : "false") + "\r\n";
        }
    return csv;
}

} // namespace gpuplan::report
