// gpuplan-cli simulate (the GPU pool simulator, core/pool.h) and pack (shared GPUs: first-fit decreasing on it).
#include "app/report/format.h"
#include "app/report/pdf_report.h"
#include "app/report/pool_output.h"

#include "cli.h"
#include "cli_common.h"
#include "cli_reports.h"
#include "core/catalog.h"
#include "core/json_reader.h"
#include "core/pool.h"
#include "core/pool_size.h"
#include "core/pool_trace.h"
#include "core/sharing.h"
#include "core/tco.h"
#include "providers/bundled.h"
#include "providers/poolinputs.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <iostream>
#include <tuple>

namespace gpuplan::cli::detail {

namespace {

const char* const simulateHelp
    = R"(Usage: gpuplan-cli simulate NODES TASKS [--policy P[,P…]|all] [--sharing fraction|mig]
                            [--gpu-map FILE] [--inflate] [--runs N] [--target PCT] [--seed N]
                            [--pue X] [--format table|json|csv] [--output PATH] [--db PATH]
       gpuplan-cli simulate NODES TASKS --size --target-p99-wait S[,CLASS=S…] [--gpu ID] [--tco FILE]
                            [--provider NAME] [--start-delay S] [--max-owned N] [--max-reserved N]
                            [--pdf PATH] [--lang en|zh_CN] [--page a4|letter] [the options above]
       gpuplan-cli simulate [NODES] --size --scenarios NAME[@HOURS][,…] --target-p99-wait S … [--db PATH]

Simulates a GPU cluster (NODES) running a trace of tasks (TASKS) under placement policies, side by side.

Without --inflate the trace is replayed in time: tasks arrive, start on the node the policy picks or wait
in a queue (priority, then arrival), and leave after their duration. Reported per policy: GPU allocation
and utilization (time-weighted), expected fragmented GPU capacity, peak allocation, queueing delay p50/p99
per class, preemptions, tasks still waiting at the end, energy (gpus.json idle and board power) and cost.

With --inflate it runs the experiment of Weng et al., "Beware of Fragmentation" (USENIX ATC 2023), as their
public simulator does: the tasks shuffled and resampled until they ask for --target % (130) of the GPUs,
none leaving, each tried once. Reported: the unallocated GPU share at 100 % arrived (the paper's figure,
mean and median over --runs seeds), fragmentation, and where the first task failed to fit.

With --size it sizes a pool for the trace, priced: the cheapest mix of owned servers (the TCO model of
--tco), reserved or committed instances (the catalog's cheapest commitment GPU-hour), on-demand burst and
spot burst for preemptible tasks that meets the p99 queueing-delay target of every class. A task that has
waited its class's target less --start-delay runs on an on-demand (or spot) instance, which starts in
--start-delay. Every mix of owned servers and reserved instances up to one above the trace's peak demand is
replayed, cheapest first found kept; a mix whose fixed cost alone reaches the best is skipped. Reported: the
cost of each part over the trace and per 730-hour month, the break-even utilization of each, the delay per
class and the preemptions, per policy side by side. NODES gives an owned server its CPU and memory per GPU
(its node with the most GPUs) and the GPU model (--gpu, else the TCO file's, else its most common mapped
type). With --scenarios the tasks are the saved scenarios of the store (each planned on --gpu; training and
batch jobs submitted at HOURS, default 0; serving replicas hour by hour over a week).

Files:
  NODES   Alibaba openb node list (sn,cpu_milli,memory_mib,gpu,model), a simple CSV (gpus, gpu_type,
          cpu_cores, memory_gib, count, name, pool) or JSON "gpuplan.pool-nodes/1"
  TASKS   Alibaba openb pod list (name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,
          creation_time,deletion_time,scheduled_time), a simple CSV (gpus, arrival_s, duration_s,
          cpu_cores, memory_gib, gpu_memory_gib, gpu_types, class, priority, preemptible, name, pool)
          or JSON "gpuplan.pool-tasks/1"; see the README, "GPU pool simulation"

Options:
  --policy LIST   comma-separated: firstfit, bestfit, worstfit, packing, dotprod, clustering, random,
                  fgd, priority, twolevel; or all (default fgd,bestfit,packing,dotprod)
  --sharing MODE  fraction (default: any share of a GPU, vGPU / time slicing) or mig (the smallest MIG
                  profile that holds the task, at NVIDIA's placements, on GPUs that have MIG)
  --gpu-map FILE  JSON "gpuplan.gpu-map/1": the trace's GPU labels as gpus.json ids, with prices; a label
                  that is a gpus.json id or alias maps itself; the rest are simulated, not priced
  --inflate       Weng et al.'s experiment instead of the replay
  --runs N        with --inflate: N runs, seeds N..N+runs-1 (default 1)
  --target PCT    with --inflate: resample up to this % of the GPUs (default 130)
  --seed N        the seed of the node tie-break order, the random policy and the shuffle (default 42)
  --pue X         energy: facility ÷ IT power, 1 to 3 (default 1: the GPUs' own draw)
  --format F      table (default), json, or csv (the time series, or the inflation curves)
  --output PATH   write the result to PATH
  --db PATH       the store whose catalog gives on-demand prices to mapped types without one

Sizing (--size):
  --target-p99-wait S[,CLASS=S…]  the p99 queueing-delay target in seconds, for every class not named
  --gpu ID        the pool's GPU model (a gpus.json id or alias)
  --tco FILE      "gpuplan.tco/1": owned servers of that GPU (without it no owned servers are sized)
  --provider NAME catalog prices of one provider only (default: the cheapest of any)
  --start-delay S seconds a burst instance takes to start (default 120)
  --max-owned N, --max-reserved N  the search's bounds (default: one above the peak demand)
  --scenarios LIST  saved scenarios as the demand, NAME or NAME@HOURS, comma-separated
  --pdf PATH      also write the sizing as a PDF (--lang en|zh_CN, --page a4|letter)
  --format csv    one row per mix replayed

Exit codes: 0 done; 1 no task fits the cluster at all (--size: no mix meets the target); 2 bad input (the
message names file, row, field and value).
)";

const char* const packHelp = R"(Usage: gpuplan-cli pack TRACE [--gpu ID] [--format table|json]

Shared GPUs. Packs the GPU-sharing tasks of TRACE (any task file `simulate` reads: the Alibaba openb pod
list with num_gpu and gpu_milli, the simple CSV or JSON) onto the fewest GPUs with first-fit decreasing on
the pool simulator, twice: as fractional GPUs (vGPU / time slicing) and as the smallest MIG profiles of
--gpu (default A100-SXM-80GB) at NVIDIA's allowed placements. Reports GPUs used, utilization and
fragmentation.
)";

/// A whole number option from lo to hi, or the fallback when absent; nullopt (with a message) when bad.
std::optional<long long> wholeOption(
    const Args& a, const char* name, long long lo, long long hi, long long fallback, std::ostream& err)
{
    if (!a.options.count(name))
        return fallback;
    const std::string v = a.option(name);
    long long n = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (v.empty() || ec != std::errc() || ptr != v.data() + v.size() || n < lo || n > hi) {
        err << "gpuplan-cli simulate: --" << name << " must be a whole number from " << lo << " to " << hi << ", got \""
            << v << "\"\n";
        return std::nullopt;
    }
    return n;
}

std::optional<double> numberOption(
    const Args& a, const char* name, double lo, double hi, double fallback, std::ostream& err)
{
    if (!a.options.count(name))
        return fallback;
    const std::string v = a.option(name);
    double x = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (v.empty() || ec != std::errc() || ptr != v.data() + v.size() || !(x >= lo && x <= hi)) {
        err << "gpuplan-cli simulate: --" << name << " must be a number from " << report::withSeparators(lo, 0)
            << " to " << report::withSeparators(hi, 0) << ", got \"" << v << "\"\n";
        return std::nullopt;
    }
    return x;
}

std::optional<std::vector<core::PoolPolicy>> policiesOption(const Args& a, std::ostream& err)
{
    const std::string list = a.option("policy", "fgd,bestfit,packing,dotprod");
    if (list == "all")
        return core::allPoolPolicies();
    std::vector<core::PoolPolicy> out;
    std::size_t from = 0;
    while (from <= list.size()) {
        const std::size_t comma = std::min(list.find(',', from), list.size());
        const std::string name = list.substr(from, comma - from);
        const auto p = core::poolPolicyFromString(name);
        if (!p) {
            err << "gpuplan-cli simulate: --policy: unknown policy \"" << name << "\" (known:";
            for (auto k : core::allPoolPolicies())
                err << " " << core::toString(k);
            err << ", or all)\n";
            return std::nullopt;
        }
        if (std::find(out.begin(), out.end(), *p) == out.end())
            out.push_back(*p);
        from = comma + 1;
    }
    return out;
}

/// Reads a file of the simulator's with `read`; the error (file, line, column, value) goes to err.
template<typename T, typename F> std::optional<T> readInput(const std::string& path, F&& read, std::ostream& err)
{
    auto text = providers::readTextFile(path);
    if (!text) {
        err << "gpuplan-cli: " << text.error().detail << "\n";
        return std::nullopt;
    }
    auto r = read(*text, path);
    if (!r) {
        err << "gpuplan-cli: " << r.error().detail << "\n";
        return std::nullopt;
    }
    return std::move(*r);
}

/// Prices for mapped types that have none from the mapping: the cheapest on-demand GPU-hour in the catalog.
bool priceTypes(core::PoolCluster& cluster, const Args& a, std::ostream& err)
{
    bool needed = false;
    for (const auto& t : cluster.types)
        needed |= t.gpu && !t.usdPerGpuHour;
    if (!needed)
        return true;
    auto store = openStore(a, err);
    if (!store)
        return false;
    auto loaded = loadPlanInputs(a, store.get(), err);
    if (!loaded)
        return false;
    for (auto& t : cluster.types)
        if (t.gpu && !t.usdPerGpuHour && loaded->inputs.offerings)
            if (auto p = core::cheapestGpuHour(*loaded->inputs.offerings, t.gpu->id)) {
                t.usdPerGpuHour = p->first;
                t.priceSource = "cheapest on-demand GPU-hour in the catalog: " + p->second;
            }
    return true;
}

using report::withSeparators;

std::string opt(const std::optional<double>& v, int decimals)
{
    return v ? withSeparators(*v, decimals) : "-";
}

nlohmann::ordered_json optJson(const std::optional<double>& v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

nlohmann::ordered_json clusterJson(const core::PoolCluster& c)
{
    nlohmann::ordered_json types = nlohmann::ordered_json::array();
    for (const auto& t : c.types)
        types.push_back(
            {{"label", t.label}, {"gpu", t.gpu ? nlohmann::ordered_json(t.gpu->id) : nlohmann::ordered_json()},
                {"usd_per_gpu_hour", optJson(t.usdPerGpuHour)}, {"price_source", t.priceSource}});
    return {{"file", c.file}, {"nodes", c.nodes.size()}, {"gpus", c.gpuCount()}, {"types", types}};
}

nlohmann::ordered_json unfitJson(const std::vector<core::UnfitTask>& unfit)
{
    nlohmann::ordered_json j = nlohmann::ordered_json::array();
    for (const auto& u : unfit)
        j.push_back({{"name", u.name}, {"line", u.line}, {"request", u.request}});
    return j;
}

std::string unfitText(std::int64_t count, const std::vector<core::UnfitTask>& unfit, const std::string& file)
{
    if (count == 0)
        return "";
    std::string s = "\n" + withSeparators(static_cast<double>(count), 0)
        + " tasks fit no node even on the empty cluster (counted, never queued):\n";
    for (const auto& u : unfit)
        s += "  " + file + ":" + std::to_string(u.line) + " " + u.name + ": " + u.request + "\n";
    if (count > static_cast<std::int64_t>(unfit.size()))
        s += "  … and " + withSeparators(static_cast<double>(count) - static_cast<double>(unfit.size()), 0) + " more\n";
    return s;
}

struct Run
{
    const Args& a;
    const core::PoolCluster& cluster;
    const std::vector<core::PoolTask>& tasks;
    const std::string& tasksFile;
    core::PoolOptions options;
    std::vector<core::PoolPolicy> policies;
    std::string format;
};

/// The JSON result's first fields, the same in both modes.
nlohmann::ordered_json documentHead(const Run& r, const char* mode)
{
    nlohmann::ordered_json j;
    j["schema"] = "gpuplan.pool-result/1";
    j["mode"] = mode;
    j["cluster"] = clusterJson(r.cluster);
    j["tasks"] = {{"file", r.tasksFile}, {"count", r.tasks.size()}};
    j["sharing"] = r.options.sharing == core::PoolSharing::Mig ? "mig" : "fraction";
    return j;
}

std::string header(const Run& r, const std::string& what)
{
    return what + ": " + withSeparators(static_cast<double>(r.tasks.size()), 0) + " tasks on "
        + withSeparators(static_cast<double>(r.cluster.nodes.size()), 0) + " nodes ("
        + withSeparators(r.cluster.gpuCount(), 0) + " GPUs); GPUs shared "
        + (r.options.sharing == core::PoolSharing::Mig ? "by MIG profiles" : "by fraction") + ".\n\n";
}

std::string replay(const Run& r, std::int64_t& unfit, std::int64_t& fitting)
{
    std::vector<core::PoolResult> results;
    for (auto p : r.policies) {
        core::PoolOptions o = r.options;
        o.policy = p;
        results.push_back(core::simulatePool(r.cluster, r.tasks, o));
    }
    const core::PoolResult& first = results.front();
    unfit = first.unfitCount;
    fitting = first.tasks - first.unfitCount;
    if (r.format == "json") {
        nlohmann::ordered_json j = documentHead(r, "replay");
        j["seed"] = r.options.seed;
        j["pue"] = r.options.pue;
        for (const auto& res : results) {
            nlohmann::ordered_json p;
            p["policy"] = std::string(core::toString(res.policy));
            p["start_s"] = res.start;
            p["end_s"] = res.end;
            p["placed"] = res.placed;
            p["completed"] = res.completed;
            p["waiting_at_end"] = res.neverPlaced;
            p["preemptions"] = res.preemptions;
            p["allocation_pct"] = res.allocationPct;
            p["utilization_pct"] = res.utilizationPct;
            p["fragmented_pct"] = res.fragmentedPct;
            p["peak_allocation_pct"] = res.peakAllocationPct;
            p["energy_kwh"] = optJson(res.energyKwh);
            p["cost_usd"] = optJson(res.costUsd);
            for (const auto& d : res.delays)
                p["queueing"].push_back({{"class", d.taskClass}, {"tasks", d.tasks}, {"placed", d.placed},
                    {"waiting_at_end", d.neverPlaced}, {"wait_p50_s", d.p50}, {"wait_p99_s", d.p99},
                    {"wait_mean_s", d.mean}});
            for (const auto& t : res.types)
                p["types"].push_back({{"label", t.label}, {"gpu", t.gpuId}, {"gpus", t.gpus},
                    {"allocated_gpu_hours", t.allocatedGpuHours}, {"energy_kwh", optJson(t.energyKwh)},
                    {"cost_usd", optJson(t.costUsd)}});
            for (const auto& s : res.series)
                p["series"].push_back(
                    {{"time_s", s.time}, {"allocated_pct", s.allocatedPct}, {"requested_pct", s.requestedPct},
                        {"fragmented_pct", s.fragmentedPct}, {"running", s.running}, {"queued", s.queued}});
            p["notes"] = res.notes;
            j["policies"].push_back(p);
        }
        j["unfit_count"] = first.unfitCount;
        j["unfit"] = unfitJson(first.unfit);
        return core::detail::jsonDocument(j);
    }
    if (r.format == "csv") {
        std::string csv = "policy,time_s,allocated_pct,requested_pct,fragmented_pct,running,queued\r\n";
        for (const auto& res : results)
            for (const auto& s : res.series)
                csv += std::string(core::toString(res.policy)) + "," + std::to_string(s.time) + ","
                    + std::to_string(s.allocatedPct) + "," + std::to_string(s.requestedPct) + ","
                    + std::to_string(s.fragmentedPct) + "," + std::to_string(s.running) + "," + std::to_string(s.queued)
                    + "\r\n";
        return csv;
    }
    report::TextTable t({"policy", "allocated %", "utilized %", "fragmented %", "peak %", "placed", "waiting at end",
        "preempted", "energy kWh", "cost USD"});
    for (const auto& res : results)
        t.addRow({std::string(core::toString(res.policy)), withSeparators(res.allocationPct, 2),
            withSeparators(res.utilizationPct, 2), withSeparators(res.fragmentedPct, 2),
            withSeparators(res.peakAllocationPct, 2), withSeparators(static_cast<double>(res.placed), 0),
            withSeparators(static_cast<double>(res.neverPlaced), 0),
            withSeparators(static_cast<double>(res.preemptions), 0), opt(res.energyKwh, 0), opt(res.costUsd, 0)});
    report::TextTable q({"policy", "class", "tasks", "placed", "wait p50", "wait p99", "wait mean"});
    for (const auto& res : results)
        for (const auto& d : res.delays)
            q.addRow({std::string(core::toString(res.policy)), d.taskClass,
                withSeparators(static_cast<double>(d.tasks), 0), withSeparators(static_cast<double>(d.placed), 0),
                report::duration(d.p50 / 3600), report::duration(d.p99 / 3600), report::duration(d.mean / 3600)});
    std::string text = header(r, "Replay") + "Over " + report::duration((first.end - first.start) / 3600)
        + " (time-weighted means; fragmented: expected fragmented GPU capacity, Weng et al. 2023):\n\n" + t.render()
        + "\nQueueing delay per class (nearest-rank percentiles of the time waited by the tasks that started):\n\n"
        + q.render();
    report::TextTable types({"GPU type", "gpus.json", "GPUs", "USD per GPU-hour", "price from"});
    for (std::size_t i = 0; i < first.types.size(); ++i) {
        const core::PoolTypeUse& use = first.types[i];
        const core::PoolGpuType& type = r.cluster.types[i];
        types.addRow({use.label, use.gpuId.empty() ? "(not mapped)" : use.gpuId, withSeparators(use.gpus, 0),
            opt(type.usdPerGpuHour, 3), type.usdPerGpuHour ? type.priceSource : "-"});
    }
    text += "\nGPU types (energy from gpus.json's idle and board power, × PUE " + withSeparators(r.options.pue, 2)
        + "; cost: every GPU of a priced type over the whole span):\n\n" + types.render();
    std::vector<std::string> notes = first.notes;
    if (!notes.empty()) {
        text += "\nNotes:\n";
        for (const auto& n : notes)
            text += "  " + n + "\n";
    }
    return text + unfitText(first.unfitCount, first.unfit, r.tasksFile);
}

std::string inflation(const Run& r, int runs, double target, std::int64_t& unfit, std::int64_t& fitting)
{
    std::vector<core::InflationResult> results;
    for (auto p : r.policies) {
        core::PoolOptions o = r.options;
        o.policy = p;
        results.push_back(core::inflatePool(r.cluster, r.tasks, o, runs, target / 100));
    }
    const core::InflationResult& first = results.front();
    unfit = first.runs.front().unfitCount;
    fitting = static_cast<std::int64_t>(r.tasks.size()) - unfit;
    // The paper's figures are for its default trace on its GPU node list (8,152 tasks, 1,213 nodes, 6,212 GPUs).
    const bool paperTrace = r.tasks.size() == 8152 && r.cluster.nodes.size() == 1213 && r.cluster.gpuCount() == 6212;
    if (r.format == "json") {
        nlohmann::ordered_json j = documentHead(r, "inflation");
        j["target_pct"] = target;
        j["runs"] = runs;
        j["seed"] = r.options.seed;
        for (const auto& res : results) {
            nlohmann::ordered_json p;
            p["policy"] = std::string(core::toString(res.policy));
            p["unallocated_at_100_pct_mean"] = res.unallocatedAt100Mean;
            p["unallocated_at_100_pct_median"] = res.unallocatedAt100Median;
            p["paper_unallocated_at_100_pct"]
                = paperTrace ? optJson(core::publishedUnallocatedPct(res.policy)) : nlohmann::ordered_json();
            p["fragmented_at_100_pct_mean"] = res.fragmentedAt100Mean;
            p["arrived_at_first_failure_pct_mean"] = res.arrivedAtFirstFailureMean;
            p["allocated_at_first_failure_pct_mean"] = res.allocatedAtFirstFailureMean;
            p["failed_mean"] = res.failedMean;
            for (const auto& run : res.runs) {
                nlohmann::ordered_json rj;
                rj["seed"] = run.seed;
                rj["tried"] = run.tried;
                rj["failed"] = run.failed;
                rj["arrived_at_first_failure_pct"] = optJson(run.arrivedAtFirstFailurePct);
                rj["allocated_at_first_failure_pct"] = optJson(run.allocatedAtFirstFailurePct);
                for (const auto& c : run.curve)
                    rj["curve"].push_back({{"arrived_pct", c.arrivedPct}, {"allocated_pct", c.allocatedPct},
                        {"fragmented_pct", c.fragmentedPct}, {"frag_rate_pct", c.fragRatePct}});
                p["runs"].push_back(rj);
            }
            j["policies"].push_back(p);
        }
        j["unfit_count"] = unfit;
        j["unfit"] = unfitJson(first.unfit);
        return core::detail::jsonDocument(j);
    }
    if (r.format == "csv") {
        std::string csv = "policy,seed,arrived_pct,allocated_pct,unallocated_pct,fragmented_pct,frag_rate_pct\r\n";
        for (const auto& res : results)
            for (const auto& run : res.runs)
                for (const auto& c : run.curve)
                    csv += std::string(core::toString(res.policy)) + "," + std::to_string(run.seed) + ","
                        + std::to_string(c.arrivedPct) + "," + std::to_string(c.allocatedPct) + ","
                        + std::to_string(100 - c.allocatedPct) + "," + std::to_string(c.fragmentedPct) + ","
                        + std::to_string(c.fragRatePct) + "\r\n";
        return csv;
    }
    std::vector<std::string> head = {"policy", "unallocated at 100 % arrived, %"};
    if (runs > 1)
        head.push_back("median %");
    if (paperTrace)
        head.push_back("paper %");
    head.insert(head.end(), {"fragmented at 100 %, %", "first failure: arrived %", "allocated %", "failed"});
    report::TextTable t(head);
    for (const auto& res : results) {
        std::vector<std::string> row
            = {std::string(core::toString(res.policy)), withSeparators(res.unallocatedAt100Mean, 2)};
        if (runs > 1)
            row.push_back(withSeparators(res.unallocatedAt100Median, 2));
        if (paperTrace)
            row.push_back(opt(core::publishedUnallocatedPct(res.policy), 2));
        row.push_back(withSeparators(res.fragmentedAt100Mean, 2));
        const bool failed = res.runsWithFailure > 0;
        row.push_back(failed ? withSeparators(res.arrivedAtFirstFailureMean, 2) : "-");
        row.push_back(failed ? withSeparators(res.allocatedAtFirstFailureMean, 2) : "-");
        row.push_back(withSeparators(res.failedMean, runs > 1 ? 1 : 0));
        t.addRow(row);
    }
    std::string text = header(r, "Inflation (Weng et al., USENIX ATC 2023)") + "Tasks shuffled and resampled to "
        + withSeparators(target, 0) + " % of the GPUs, none leaving, each tried once; "
        + (runs > 1 ? std::to_string(runs) + " runs from seed " : "seed ") + std::to_string(r.options.seed)
        + (runs > 1 ? " (means over the runs)" : "") + ".\n\n" + t.render();
    if (paperTrace)
        text += "\npaper: the mean over 10 seeds that Weng et al. 2023 report for the default trace "
                "(openb_pod_list_default on openb_node_list_gpu_node; hkust-adsl/kubernetes-scheduler-simulator, "
                "analysis_allo_discrete.csv); '-': a policy the paper does not run.\n";
    return text + unfitText(unfit, first.unfit, r.tasksFile);
}

/// --gpu-map FILE: the trace's GPU labels as gpus.json ids (empty when not given); nullopt with a message when bad.
std::optional<std::vector<core::GpuTypeMapping>> gpuMapOption(const Args& a, const Catalogs& cats, std::ostream& err)
{
    if (!a.options.count("gpu-map"))
        return std::vector<core::GpuTypeMapping> {};
    return readInput<std::vector<core::GpuTypeMapping>>(
        a.option("gpu-map"),
        [&](const std::string& text, const std::string& file) { return core::readGpuTypeMap(text, file, cats.gpus); },
        err);
}

/// --scenarios "a,b@24": saved scenarios by name, with the hour their jobs are submitted; nullopt with a message.
std::optional<std::vector<providers::PoolSources::Scenario>> scenariosOption(const Args& a, std::ostream& err)
{
    const std::string list = a.option("scenarios");
    std::vector<providers::PoolSources::Scenario> out;
    std::size_t from = 0;
    while (from <= list.size()) {
        const std::size_t comma = std::min(list.find(',', from), list.size());
        const std::string item = list.substr(from, comma - from);
        from = comma + 1;
        const std::size_t at = item.rfind('@');
        providers::PoolSources::Scenario sc {at == std::string::npos ? item : item.substr(0, at), 0.0};
        if (at != std::string::npos) {
            const std::string h = item.substr(at + 1);
            const auto [ptr, ec] = std::from_chars(h.data(), h.data() + h.size(), sc.startHours);
            if (h.empty() || ec != std::errc() || ptr != h.data() + h.size()
                || !(sc.startHours >= 0 && sc.startHours <= 87600)) {
                err << "gpuplan-cli simulate: --scenarios: \"" << item
                    << "\": the start must be a number of hours from 0 to 87,600\n";
                return std::nullopt;
            }
        }
        if (sc.name.empty()) {
            err << "gpuplan-cli simulate: --scenarios: an empty name in \"" << list << "\"\n";
            return std::nullopt;
        }
        out.push_back(sc);
    }
    return out;
}

/// gpuplan-cli simulate … --size: the pool sized for the trace (or the scenarios), priced (core::sizePool).
int sizeCommand(const Args& a, std::ostream& out, std::ostream& err)
{
    bool ok = true;
    const std::string format = formatOption(a, {"table", "json", "csv"}, err, "simulate", ok);
    const auto policies = policiesOption(a, err);
    const auto seed = wholeOption(a, "seed", 0, 9'000'000'000'000'000'000LL, 42, err);
    const auto delay = numberOption(a, "start-delay", 0, 86400, core::poolBurstStartDelayS, err);
    const auto maxOwned = wholeOption(a, "max-owned", -1, 100000, -1, err);
    const auto maxReserved = wholeOption(a, "max-reserved", -1, 100000, -1, err);
    const std::string sharing = a.option("sharing", "fraction");
    if (sharing != "fraction" && sharing != "mig") {
        err << "gpuplan-cli simulate: --sharing must be fraction or mig, got \"" << sharing << "\"\n";
        ok = false;
    }
    for (const char* o : {"inflate", "runs", "target", "pue"})
        if (a.options.count(o)) {
            err << "gpuplan-cli simulate: --" << o << " is not an option of --size\n";
            ok = false;
        }
    if (!a.options.count("target-p99-wait")) {
        err << "gpuplan-cli simulate: --size needs --target-p99-wait S (seconds; CLASS=S for a class)\n";
        ok = false;
    }
    const bool fromScenarios = a.options.count("scenarios") > 0;
    if (fromScenarios ? a.positional.size() > 1 : a.positional.size() != 2) {
        err << "gpuplan-cli simulate: --size expects NODES and TASKS"
            << (fromScenarios ? ", or only NODES with --scenarios" : "") << ", got " << a.positional.size()
            << " files\n";
        ok = false;
    }
    if (!ok || !policies || !seed || !delay || !maxOwned || !maxReserved || !checkReportOptions(a, err))
        return ExitBadInput;
    auto targets = report::parsePoolTargets(a.option("target-p99-wait"));
    if (!targets) {
        err << "gpuplan-cli simulate: --target-p99-wait: " << targets.error().detail << "\n";
        return ExitBadInput;
    }
    providers::PoolSources src;
    if (!a.positional.empty())
        src.nodesFile = a.positional[0];
    if (a.positional.size() > 1)
        src.tasksFile = a.positional[1];
    src.gpuMapFile = a.option("gpu-map");
    src.tcoFile = a.option("tco");
    src.gpu = a.option("gpu");
    if (fromScenarios) {
        auto sc = scenariosOption(a, err);
        if (!sc)
            return ExitBadInput;
        src.scenarios = std::move(*sc);
    }
    auto store = openStore(a, err);
    if (!store)
        return ExitBadInput;
    auto loaded = loadPlanInputs(a, store.get(), err);
    if (!loaded)
        return ExitBadInput;
    core::PoolSizingRequest base;
    base.provider = a.option("provider");
    base.targetWait = targets->first;
    base.targetByClass = targets->second;
    base.burstStartDelay = *delay;
    base.policies = *policies;
    base.sharing = sharing == "mig" ? core::PoolSharing::Mig : core::PoolSharing::Fraction;
    base.seed = static_cast<std::uint64_t>(*seed);
    base.maxOwnedServers = static_cast<int>(*maxOwned);
    base.maxReservedInstances = static_cast<int>(*maxReserved);
    auto req = providers::loadPoolRequest(src, loaded->inputs, store.get(), base);
    if (!req) {
        err << "gpuplan-cli simulate: " << req.error().detail << "\n";
        return ExitBadInput;
    }
    auto sized = core::sizePool(*req, loaded->inputs);
    if (!sized) {
        err << "gpuplan-cli simulate: --size: " << sized.error().detail << "\n";
        return sized.error().code == core::ErrorCode::NoOffering ? ExitInfeasible : ExitBadInput;
    }
    const std::string text = format == "json" ? report::poolSizingToJson(*req, *sized)
        : format == "csv"                     ? report::poolSizingToCsv(*sized)
                                              : report::poolSizingToTable(*req, *sized);
    if (!emit(a, text, out, err))
        return ExitBadInput;
    if (a.options.count("pdf")) {
        report::GuiSession gui;
        QString problem;
        if (!gui.ok() || !report::installReportTranslation(QString::fromStdString(a.option("lang", "en")), &problem)) {
            err << "gpuplan-cli: --pdf: "
                << (gui.ok() ? problem.toStdString() : std::string("no GUI application to render with")) << "\n";
            return ExitBadInput;
        }
        report::PdfOptions opt;
        opt.page = a.option("page", "a4") == "letter" ? report::PageFormat::Letter : report::PageFormat::A4;
        opt.generator = QString::fromStdString(generator());
        opt.language = QString::fromStdString(a.option("lang", "en"));
        if (!report::writePoolPdfReport({&*req, &*sized}, opt, QString::fromStdString(a.option("pdf")), &problem)) {
            err << "gpuplan-cli: --pdf: " << problem.toStdString() << "\n";
            return ExitBadInput;
        }
    }
    if (sized->unfitCount > 0)
        err << "warning: " << sized->unfitCount << " tasks fit no part of the pool (listed in the output)\n";
    for (const auto& p : sized->policies)
        if (p.best)
            return ExitOk;
    err << "gpuplan-cli simulate: --size: no mix within the search's bounds meets the target\n";
    return ExitInfeasible;
}

/// Free capacity smaller than the smallest task's share, over the GPUs used (pack's fragmentation).
double packFragmentation(const core::PoolPacking& p, int smallestUnits)
{
    double unusable = 0;
    for (int f : p.freeUnits)
        unusable += f < smallestUnits ? f : 0;
    return p.freeUnits.empty() ? 0 : unusable / core::poolGpuUnits / static_cast<double>(p.freeUnits.size());
}

} // namespace

int cmdSimulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1,
        {"format", "output", "policy", "sharing", "gpu-map", "runs", "target", "seed", "pue", "db", "target-p99-wait",
            "gpu", "tco", "provider", "start-delay", "max-owned", "max-reserved", "scenarios", "pdf", "lang", "page"},
        err, "simulate", {"inflate", "size"});
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << simulateHelp;
        return ExitOk;
    }
    if (a->options.count("size"))
        return sizeCommand(*a, out, err);
    for (const char* o : {"target-p99-wait", "gpu", "tco", "provider", "start-delay", "max-owned", "max-reserved",
             "scenarios", "pdf", "lang", "page"})
        if (a->options.count(o)) {
            err << "gpuplan-cli simulate: --" << o << " needs --size\n";
            return ExitBadInput;
        }
    if (a->positional.size() != 2) {
        err << "gpuplan-cli simulate: expected NODES and TASKS, got " << a->positional.size() << " files\n"
            << simulateHelp;
        return ExitBadInput;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json", "csv"}, err, "simulate", ok);
    const auto policies = policiesOption(*a, err);
    const auto runs = wholeOption(*a, "runs", 1, 1000, 1, err);
    const auto seed = wholeOption(*a, "seed", 0, 9'000'000'000'000'000'000LL, 42, err);
    const auto target = numberOption(*a, "target", 1, 1000, core::fgdInflationRatio * 100, err);
    const auto pue = numberOption(*a, "pue", 1, 3, 1, err);
    const std::string sharing = a->option("sharing", "fraction");
    if (sharing != "fraction" && sharing != "mig") {
        err << "gpuplan-cli simulate: --sharing must be fraction or mig, got \"" << sharing << "\"\n";
        ok = false;
    }
    if (!ok || !policies || !runs || !seed || !target || !pue)
        return ExitBadInput;
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    auto mapping = gpuMapOption(*a, *cats, err);
    if (!mapping)
        return ExitBadInput;
    const std::string& nodesFile = a->positional[0];
    const std::string& tasksFile = a->positional[1];
    auto nodes = readInput<std::vector<core::PoolNode>>(nodesFile, core::readPoolNodes, err);
    if (!nodes)
        return ExitBadInput;
    auto tasks = readInput<std::vector<core::PoolTask>>(tasksFile, core::readPoolTasks, err);
    if (!tasks)
        return ExitBadInput;
    if (nodes->empty() || tasks->empty()) {
        err << "gpuplan-cli simulate: " << (nodes->empty() ? nodesFile + ": no nodes" : tasksFile + ": no tasks")
            << "\n";
        return ExitBadInput;
    }
    auto cluster = core::makePoolCluster(std::move(*nodes), nodesFile, *mapping, cats->gpus);
    if (!cluster) {
        err << "gpuplan-cli: " << cluster.error().detail << "\n";
        return ExitBadInput;
    }
    const bool inflate = a->options.count("inflate") > 0;
    if (!inflate && !priceTypes(*cluster, *a, err))
        return ExitBadInput;
    Run run {*a, *cluster, *tasks, tasksFile, {}, *policies, format};
    run.options.sharing = sharing == "mig" ? core::PoolSharing::Mig : core::PoolSharing::Fraction;
    run.options.seed = static_cast<std::uint64_t>(*seed);
    run.options.pue = *pue;
    std::int64_t unfit = 0, fitting = 0;
    const std::string text
        = inflate ? inflation(run, static_cast<int>(*runs), *target, unfit, fitting) : replay(run, unfit, fitting);
    if (!emit(*a, text, out, err))
        return ExitBadInput;
    if (unfit > 0)
        err << "warning: " << unfit << " tasks of " << tasksFile << " fit no node of " << nodesFile
            << " (listed in the output)\n";
    if (fitting <= 0) {
        err << "gpuplan-cli simulate: no task of " << tasksFile << " fits any node of " << nodesFile << "\n";
        return ExitInfeasible;
    }
    return ExitOk;
}

int cmdPack(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1, {"format", "output", "gpu", "db"}, err, "pack");
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << packHelp;
        return ExitOk;
    }
    if (a->positional.size() != 1) {
        err << "gpuplan-cli pack: expected one TRACE.csv\n" << packHelp;
        return ExitBadInput;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json"}, err, "pack", ok);
    if (!ok)
        return ExitBadInput;
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    auto gpu = cats->gpus.find(a->option("gpu", "A100-SXM-80GB"));
    if (!gpu) {
        err << "gpuplan-cli pack: --gpu: " << gpu.error().detail << "\n";
        return ExitBadInput;
    }
    if ((*gpu)->migProfiles.empty()) {
        err << "gpuplan-cli pack: --gpu: " << (*gpu)->id << " has no MIG profiles\n";
        return ExitBadInput;
    }
    auto tasks = readInput<std::vector<core::PoolTask>>(a->positional[0], core::readPoolTasks, err);
    if (!tasks)
        return ExitBadInput;
    std::vector<core::PoolTask> sharing;
    double whole = 0, requested = 0;
    int smallest = core::poolGpuUnits;
    for (const auto& t : *tasks) {
        if (t.gpus == 1 && t.gpuMilli < 1000) {
            sharing.push_back(t);
            requested += t.gpuMilli / 1000.0;
            smallest = std::min(smallest, t.gpuMilli * core::poolGpuUnits / 1000);
        } else {
            whole += t.gpus;
        }
    }
    const auto fractional = core::packOnGpus(sharing, *gpu, core::PoolSharing::Fraction);
    const auto mig = core::packOnGpus(sharing, *gpu, core::PoolSharing::Mig);
    const auto gpusOf = [](const core::PoolPacking& p) { return static_cast<double>(p.freeUnits.size()); };
    const auto share = [](double x, double of) { return of > 0 ? x / of : 0.0; };
    const double sliceUse = share(static_cast<double>(mig.allocatedUnits), gpusOf(mig) * core::poolGpuUnits);
    if (format == "json") {
        nlohmann::ordered_json j;
        j["tasks"] = tasks->size();
        j["sharing_tasks"] = sharing.size();
        j["whole_gpus_requested"] = whole;
        j["sharing_gpu_fraction_requested"] = requested;
        j["fractional"] = {{"gpus", fractional.freeUnits.size()}, {"utilization", share(requested, gpusOf(fractional))},
            {"fragmentation", packFragmentation(fractional, smallest)}};
        j["mig"] = {{"gpu", (*gpu)->id}, {"gpus", mig.freeUnits.size()},
            {"utilization_of_requests", share(requested, gpusOf(mig))}, {"slice_utilization", sliceUse},
            {"fragmentation", packFragmentation(mig, smallest)}};
        return emit(*a, core::detail::jsonDocument(j), out, err) ? ExitOk : ExitBadInput;
    }
    report::TextTable t({"packing", "GPUs", "utilization %", "fragmentation %"});
    t.addRow({"fractional GPUs (vGPU, time slicing)", withSeparators(gpusOf(fractional), 0),
        withSeparators(share(requested, gpusOf(fractional)) * 100, 1),
        withSeparators(packFragmentation(fractional, smallest) * 100, 1)});
    t.addRow({"MIG slices of " + (*gpu)->id, withSeparators(gpusOf(mig), 0),
        withSeparators(share(requested, gpusOf(mig)) * 100, 1),
        withSeparators(packFragmentation(mig, smallest) * 100, 1)});
    const std::string s = std::to_string(tasks->size()) + " tasks: " + std::to_string(sharing.size()) + " share a GPU ("
        + withSeparators(requested, 1) + " GPUs of work), the rest need " + withSeparators(whole, 0)
        + " whole GPUs.\n\n" + t.render()
        + "\nFirst-fit decreasing (Johnson 1973) on the pool simulator. Fragmentation: free capacity smaller than the "
          "smallest task. MIG gives each task the smallest profile that holds its share of compute and memory, at "
          "NVIDIA's allowed placements ("
        + withSeparators(sliceUse * 100, 1) + " % of the slices used).\n";
    return emit(*a, s, out, err) ? ExitOk : ExitBadInput;
}

} // namespace gpuplan::cli::detail
