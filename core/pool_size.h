#pragma once
// Sizing a GPU pool, priced: the cheapest mix of owned servers (the TCO model, tco.h), reserved or committed
// instances (the catalog's commitment prices) and burst capacity (on-demand, and spot for preemptible work) that
// meets a p99 queueing-delay target per class, for a trace of tasks or for the demand of saved scenarios.
//
// Method. Owned servers and reserved instances are fixed capacity: paid every hour whether busy or not. Burst
// capacity is elastic: a task that has waited its class's limit for the fixed pool runs on an on-demand (spot, when
// it is preemptible and a spot price exists) instance for its whole duration, billed for what it uses. The replay
// (simulatePool with PoolOptions::burst) gives, for one mix of O owned servers and R reserved instances, each task's
// wait and where it ran; the cost follows from the prices. The search is exhaustive over the grid O = 0…Omax,
// R = 0…Rmax (each bound one server or instance above the trace's peak demand, when every task starts on arrival),
// in increasing order, and skips a mix whose fixed cost over the trace's span alone reaches the best total found
// (a mix costs at least its fixed part, so nothing cheaper is skipped). Correct first: at most (Omax+1)·(Rmax+1)
// replays per policy.
// Plain C++, no I/O.

#include "plan_inputs.h"
#include "pool.h"
#include "tco.h"
#include "workload.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuplan::core {

/// How long an on-demand or spot instance takes to start before a burst task runs on it: 2 minutes, the instance
/// start the planner assumes for serving scale-up (planner.cpp, "scale-up delay = 2 min start + weights").
inline constexpr double poolBurstStartDelayS = 120.0;

/// A catalog price the sizing uses, per GPU-hour in USD, with the instance it comes from.
struct PoolPrice
{
    PricingModel model = PricingModel::OnDemand;
    double usdPerGpuHour = 0; ///< effective (a commitment's upfront spread over its term), after the discount
    int termMonths = 0;
    std::string offeringClass;
    std::string provider, region, instanceType;
    int gpusPerInstance = 1;
    std::int64_t cpuMilli = poolUnlimited;  ///< the instance's vCPUs (the catalog gives none: no limit)
    std::int64_t memoryMib = poolUnlimited; ///< the instance's memory
    double billingGranularityS = 1;
    double minimumBillingS = 0;
    std::string currency = "USD"; ///< of the catalog row (converted at the dated rate)
    double discount = 0;          ///< negotiated discount applied, fraction
    std::string asOf, source;
    // spot
    double interruptionsPerHour = 0; ///< per instance (pricing.h, interruptionsPerInstanceHour)
    double overhead = 0;             ///< extra cost of interruptions (pricing.h, spotOverhead), fraction
    std::string interruptionLabel;
    /// What one burst GPU-hour costs: the rate × (1 + overhead).
    double effectivePerGpuHour() const { return usdPerGpuHour * (1 + overhead); }
};

/// Owned servers, priced by the TCO model (tco.h computeTco) in USD.
struct PoolOwned
{
    TcoSpec spec;
    int gpusPerServer = 8;
    double fixedUsdPerServerHour
        = 0; ///< purchase over the depreciation + colocation + staff + maintenance + idle power
    double powerUsdPerBusyGpuHour = 0;      ///< the power a busy GPU adds over idle (× PUE)
    std::int64_t cpuMilli = poolUnlimited;  ///< per server
    std::int64_t memoryMib = poolUnlimited; ///< per server
    double usdPerCurrency = 1;              ///< the TCO file's currency → USD
    /// The fixed cost of one GPU-hour.
    double fixedPerGpuHour() const { return fixedUsdPerServerHour / std::max(1, gpusPerServer); }
};

/// The prices of the pool's parts. On-demand is required (burst); the others are optional.
struct PoolPrices
{
    std::optional<PoolPrice> onDemand;
    std::optional<PoolPrice>
        reserved;                  ///< the cheapest commitment (reserved, savings plan, committed use, subscription)
    std::optional<PoolPrice> spot; ///< the cheapest spot GPU-hour with its interruption overhead
    std::optional<PoolOwned> owned;
    std::vector<std::string> notes;

    /// Break-even utilization of each fixed part against on-demand (DESIGN.md "Pricing": a fixed GPU pays off when it
    /// is busy more than this share of the hours): reserved ÷ on-demand; owned: its fixed cost ÷ (on-demand − the power
    /// a busy GPU adds), the TCO model's break-even. nullopt when the part or on-demand is missing; above 1: never.
    std::optional<double> reservedBreakEven() const;
    std::optional<double> ownedBreakEven() const;
    /// Spot with its overhead ÷ on-demand: the share of the on-demand price a spot GPU-hour costs.
    std::optional<double> spotRatio() const;
};

/// What the sizing is asked.
struct PoolSizingRequest
{
    std::vector<PoolTask> tasks;
    std::string tasksName;            ///< the trace file, or the scenarios, for reports
    std::string gpuId;                ///< the GPU model of the pool (a gpus.json id or alias)
    std::string provider;             ///< catalog prices of this provider only ("" any)
    std::optional<TcoSpec> tco;       ///< owned servers; none: the pool is not offered owned servers
    std::int64_t serverCpuMilli = 0;  ///< an owned server's CPU (0: no limit)
    std::int64_t serverMemoryMib = 0; ///< an owned server's memory (0: no limit)
    double targetWait = 0;            ///< s: the p99 queueing-delay target of every class not listed below
    std::vector<std::pair<std::string, double>> targetByClass; ///< s, per class label
    double burstStartDelay = poolBurstStartDelayS;             ///< s
    std::vector<PoolPolicy> policies = {PoolPolicy::BestFit};  ///< each sized on its own, side by side
    PoolSharing sharing = PoolSharing::Fraction;
    std::uint64_t seed = 42;
    bool shuffleNodes = true;      ///< as PoolOptions::shuffleNodes (false: ties to owned servers first, in order)
    int maxOwnedServers = -1;      ///< the search's bound; -1: one above the peak demand
    int maxReservedInstances = -1; ///< the search's bound; -1: one above the peak demand
    int samples = 100;             ///< points of the time series (PoolOptions::samples)

    /// The target of a class.
    double targetFor(const std::string& taskClass) const;
};

/// One mix of the pool and what it costs over the replay's span.
struct PoolMix
{
    int ownedServers = 0;
    int reservedInstances = 0;
    int ownedGpus = 0;
    int reservedGpus = 0;
    double hours = 0; ///< the replay's span: first arrival to the last task's end
    double ownedUsd = 0, reservedUsd = 0, onDemandUsd = 0, spotUsd = 0;
    double ownedBusyGpuHours = 0, reservedBusyGpuHours = 0; ///< allocated GPU-hours on the fixed part
    double onDemandGpuHours = 0, spotGpuHours = 0;          ///< billed (whole GPUs per task, billing increments)
    std::int64_t onDemandTasks = 0, spotTasks = 0;
    double expectedSpotInterruptions = 0; ///< interruptions per instance-hour × the spot instance-hours
    std::int64_t preemptions = 0;         ///< evictions on the fixed part (the priority policy)
    std::vector<ClassDelay> delays;
    bool meetsTarget = false;

    double totalUsd() const { return ownedUsd + reservedUsd + onDemandUsd + spotUsd; }
    /// USD over a 730-hour month at the trace's pace (the span's cost × 730 ÷ its hours).
    double perMonth(double usd) const { return hours > 0 ? usd * 730.0 / hours : 0; }
};

/// The sizing under one placement policy.
struct PoolPolicySizing
{
    PoolPolicy policy = PoolPolicy::BestFit;
    std::optional<PoolMix> best;    ///< the cheapest mix that meets the targets; none when no mix does
    PoolMix allOnDemand;            ///< no fixed capacity: every task bursts (the comparison)
    PoolResult replay;              ///< of the best mix (else of all on-demand): series, delays, allocation
    std::vector<PoolMix> evaluated; ///< every mix replayed, in the order of the search
    std::int64_t skipped = 0;       ///< mixes the bound ruled out without a replay
    bool atEdge = false;            ///< the best mix lies on the search's bound (a larger bound might do better)
};

/// The result of a sizing.
struct PoolSizing
{
    std::string gpuId;
    PoolPrices prices;
    std::vector<PoolPolicySizing> policies;
    std::int64_t tasks = 0;       ///< tasks sized for (those that fit a server or an instance)
    std::int64_t unfitCount = 0;  ///< tasks that fit neither an owned server nor a reserved instance
    std::vector<UnfitTask> unfit; ///< the first 20 of them
    double peakDemandGpus = 0;    ///< GPUs the running tasks ask for at the busiest moment when all start on arrival
    double demandGpuHours = 0;    ///< GPU-hours the tasks ask for
    double demandHours = 0;       ///< first arrival to the last end when all start on arrival
    int ownedMax = 0, reservedMax = 0;
    std::vector<std::string> notes; ///< prices and assumptions that the reports repeat
};

/// Progress: mixes done (replayed or skipped) of the total, over every policy.
using PoolSizingProgress = std::function<void(std::int64_t done, std::int64_t total)>;

/// The prices of the pool's parts for `gpuId` from the catalog in `in` (every provider, or `provider`'s): the cheapest
/// on-demand, commitment and spot GPU-hour in USD (converted at in.fx's dated rates, less in.discounts), from whole-GPU
/// instances, skipping the rows the catalog check marks as errors; owned servers from `tco` (converted to USD). An
/// error names the GPU when the catalog has no on-demand price for it.
Result<PoolPrices> poolPrices(const PlanInputs& in, const GpuSpec& gpu, const std::string& provider,
    const std::optional<TcoSpec>& tco, std::int64_t serverCpuMilli, std::int64_t serverMemoryMib);

/// Sizes the pool on given prices (what sizePool runs once it has read the catalog): see the method above. An error
/// for no on-demand price, no task, or `cancel` set (Cancelled).
Result<PoolSizing> sizePoolWith(const PoolSizingRequest& request, const PoolPrices& prices, const GpuSpec* gpu,
    const PoolSizingProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

/// The one entry point of the CLI and the app: the prices from the catalog (poolPrices), then sizePoolWith.
Result<PoolSizing> sizePool(const PoolSizingRequest& request, const PlanInputs& in,
    const PoolSizingProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

/// An owned server's CPU and memory: those of the cluster's node with the most GPUs (then the most CPU, memory) per
/// GPU, × `gpusPerServer`; 0 (no limit) where that node states none or the cluster has no GPU node.
std::pair<std::int64_t, std::int64_t> poolServerShape(const std::vector<PoolNode>& nodes, int gpusPerServer);

/// The GPU model to size when none is named: the gpus.json id of the cluster's mapped type with the most GPUs; ""
/// when no type is mapped.
std::string poolDefaultGpu(const PoolCluster& cluster);

/// A saved scenario as demand on the pool.
struct PoolScenario
{
    std::string name;
    Workload workload;
    double startHours = 0; ///< training and batch: when the job is submitted, hours after the demand begins
};

/// Default span of a demand made from scenarios: one week, so that a daily serving profile repeats seven times.
inline constexpr double poolScenarioHours = 168.0;

/// The tasks the scenarios put on a pool of `gpuId` servers of `serverGpus` GPUs. Each scenario is planned
/// (planWorkload) and its best candidate on that GPU model taken: a training or batch job becomes one task of its GPUs
/// for its estimated wall time, submitted at its start hour (a job of more GPUs than a server becomes server-sized
/// parts, each a task: no gang scheduling); a serving deployment becomes its replicas, each a task of its GPUs, hour by
/// hour from the demand profile's needed replicas (the profile repeated; without one, the replicas all along) over
/// max(poolScenarioHours, the last job's end). Classes: "training", "batch" (priority 1), "serving" (priority 2); none
/// is preemptible. `notes` says what each scenario became. An error names the scenario with no candidate on the GPU.
Result<std::vector<PoolTask>> poolTasksFromScenarios(const std::vector<PoolScenario>& scenarios, const PlanInputs& in,
    const std::string& gpuId, int serverGpus, std::vector<std::string>* notes = nullptr,
    const std::atomic<bool>* cancel = nullptr);

} // namespace gpuplan::core
