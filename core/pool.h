#pragma once
// The GPU pool simulator: a cluster of nodes (GPU model × count, CPU, memory) and a trace of tasks (arrival,
// duration, whole GPUs or a share of one, allowed GPU types, priority class), placed by a pluggable policy with
// GPUs shared by fraction (vGPU / time slicing) or by MIG profiles. Two experiments run on it:
//  - replay (simulatePool): event-driven, tasks arrive, wait in a queue when nothing fits and depart after their
//    duration; allocation, fragmentation, queueing delay per class, preemptions, utilization, energy and cost;
//  - inflation (inflatePool): the experiment of Weng et al., "Beware of Fragmentation: Scheduling GPU-Sharing
//    Workloads with Fragmentation Gradient Descent", USENIX ATC 2023, as its public simulator runs it
//    (github.com/hkust-adsl/kubernetes-scheduler-simulator at 8f3d6417353c5083c6d56617f255fadd8dc306bc): the trace
//    shuffled and resampled until it asks for 130 % of the cluster's GPUs, no departures, each task tried once.
// Plain C++, no I/O, deterministic: one seed gives the same result on every platform (core/random.h).

#include "gpu.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// The unit of GPU capacity inside the simulator: one GPU is 7 000 units, the least common multiple of the trace's
/// 1 000 milli-GPU (Alibaba cluster-trace-gpu-v2023 `gpu_milli`) and MIG's 7 compute slices (NVIDIA MIG User Guide:
/// A100/H100 instances take sevenths of the SMs), so that both are whole numbers.
inline constexpr int poolGpuUnits = 7000;

/// The CPU or memory of a node whose file states none: it never constrains (far from overflowing a sum of tasks).
inline constexpr std::int64_t poolUnlimited = std::int64_t(1) << 60;

/// One node of the cluster.
struct PoolNode
{
    std::string name;
    std::string gpuType;        ///< the trace's label (T4, V100M16, G2 …); "" for a CPU-only node
    int gpus = 0;               ///< GPUs on the node
    std::int64_t cpuMilli = 0;  ///< CPU, thousandths of a core
    std::int64_t memoryMib = 0; ///< host memory, MiB
    std::string pool;           ///< the two-level policy's pool ("" = its GPU type and count)
    int line = 0;               ///< line (CSV) or index + 1 (JSON) it was read from; 0 when made in code
};

/// One task of the trace.
struct PoolTask
{
    std::string name;
    std::int64_t cpuMilli = 0;
    std::int64_t memoryMib = 0;
    int gpus = 0;                      ///< GPUs it needs (0: CPU only)
    int gpuMilli = 0;                  ///< of each GPU, 1–1000 milli-GPU (1000: whole GPUs; 0 when gpus = 0)
    std::int64_t gpuMemoryMib = 0;     ///< GPU memory per GPU for MIG profiles (0: the same share as gpuMilli)
    std::vector<std::string> gpuTypes; ///< the GPU types it may run on; empty: any
    std::string taskClass;             ///< priority class label (the trace's qos: LS, BE, Burstable …)
    int priority = 0;                  ///< higher is served first
    bool preemptible = false;          ///< the priority policy may evict it for a task of higher priority
    double arrival = 0;                ///< s
    double duration = -1;              ///< s; < 0: runs to the end of the simulation
    std::string pool;                  ///< the pool it must run in under the two-level policy ("": by its kind)
    int line = 0;                      ///< where it was read from (see PoolNode::line)

    /// GPU demand in milli-GPU: gpus × gpuMilli.
    std::int64_t gpuDemandMilli() const { return static_cast<std::int64_t>(gpus) * gpuMilli; }
};

/// A trace label mapped to a datasheet: what it costs, what it draws, how MIG cuts it.
struct PoolGpuType
{
    std::string label;
    const GpuSpec* gpu = nullptr;        ///< gpus.json entry; null: simulated, not priced, no energy, no MIG
    std::optional<double> usdPerGpuHour; ///< price of one GPU-hour, when known
    std::string priceSource;             ///< where the price comes from
};

/// How GPUs are shared.
enum class PoolSharing {
    Fraction, ///< any share of a GPU's compute (vGPU, time slicing): what the trace's gpu_milli asks for
    Mig,      ///< MIG: the smallest profile that holds the task, at NVIDIA's allowed placements (sharing.h
              ///< MigSlot); GPUs without MIG profiles still share by fraction
};

/// The placement policies.
enum class PoolPolicy {
    FirstFit,   ///< the first node (in the node file's order) and GPU that fit
    BestFit,    ///< the least CPU + GPU left over (the FGD simulator's BestFit)
    WorstFit,   ///< the most CPU + GPU left over
    Packing,    ///< GPU packing: shared GPUs first, then free GPUs of used nodes, then empty nodes (FGD simulator)
    DotProduct, ///< the smallest dot product of the node's free and the task's requested CPU and GPU (FGD simulator)
    Clustering, ///< nodes already running tasks of the same kind (FGD simulator's GpuClustering)
    Random,     ///< a uniformly random node that fits
    Fgd,        ///< fragmentation gradient descent: the node whose expected fragmentation grows least
    Priority,   ///< best fit, and a task that does not fit evicts preemptible tasks of lower priority
    TwoLevel,   ///< the pool by the task's kind (shared/CPU-only to small nodes, whole GPUs to big ones), then best fit
};

/// The policy's name on the command line (firstfit, bestfit, worstfit, packing, dotprod, clustering, random, fgd,
/// priority, twolevel).
std::string_view toString(PoolPolicy p);
/// The policy of a name (toString's, case-insensitive, "-" and "_" ignored); nullopt when unknown.
std::optional<PoolPolicy> poolPolicyFromString(std::string_view name);
/// Every policy, in the order above.
const std::vector<PoolPolicy>& allPoolPolicies();

/// The cluster: nodes and the GPU types their labels map to.
struct PoolCluster
{
    std::vector<PoolNode> nodes;
    std::vector<PoolGpuType> types; ///< one per distinct PoolNode::gpuType (nodes without GPUs have none)
    std::string file;               ///< the node file's name, for messages

    int gpuCount() const;
    /// The type entry of a label, or null.
    const PoolGpuType* type(std::string_view label) const;
};

/// One entry of the editable mapping from trace labels to gpus.json ids (readGpuTypeMap).
struct GpuTypeMapping
{
    std::string label;
    std::string gpuId; ///< "" = deliberately unmapped
    std::optional<double> usdPerGpuHour;
    std::string priceSource;
};

/// Checks the nodes and sets up their types: each label is looked up in `mapping` first, then in the catalog itself
/// (ids and aliases: "T4", "A10"); a label found in neither is simulated but not priced. Errors name the file and
/// line: a node with GPUs but no type, more than 64 GPU types, a mapping to an id gpus.json does not know.
Result<PoolCluster> makePoolCluster(std::vector<PoolNode> nodes, const std::string& file,
    const std::vector<GpuTypeMapping>& mapping, const GpuCatalog& gpus);

/// The target workload of FGD (Weng et al. 2023, Sec. 4): the most common task shapes, keyed by (CPU, milli-GPU
/// per GPU, GPUs, allowed types), taken by count until they cover `coverage` of the tasks, with their popularity
/// renormalised to sum to 1 (the public simulator's GetTypicalPods: threshold 95 %, CPU-only tasks included).
struct TaskClassShare
{
    std::int64_t cpuMilli = 0;
    int gpuMilli = 0;
    int gpus = 0;
    std::vector<std::string> gpuTypes;
    std::int64_t count = 0; ///< tasks of this shape in the trace
    double popularity = 0;  ///< share among the chosen shapes
};
std::vector<TaskClassShare> typicalTasks(const std::vector<PoolTask>& tasks, double coverage = 0.95);

/// Burst capacity (pool sizing, core/pool_size.h): a task that has waited `after` seconds for the cluster (in total,
/// over its stays in the queue) leaves the queue and runs on elastic capacity outside the cluster — on-demand or spot
/// instances — after `startDelay` more seconds (the instance starting), for its whole duration. Its wait is what it
/// waited plus the start delay. Each class may have its own `after`; a task whose class is not listed takes the
/// default. With a burst rule, a task that fits no node of the cluster (but the sizing's server shapes) waits and
/// bursts instead of being counted unfit.
struct PoolBurstRule
{
    double after = 0;                                         ///< s, the default
    std::vector<std::pair<std::string, double>> afterByClass; ///< s, per class label
    double startDelay = 0;                                    ///< s
    /// The `after` of a class.
    double afterFor(std::string_view taskClass) const;
};

/// Options of both experiments.
struct PoolOptions
{
    PoolPolicy policy = PoolPolicy::BestFit;
    PoolSharing sharing = PoolSharing::Fraction;
    std::uint64_t seed = 42;     ///< node tie-break order, the random policy, the inflation's shuffle and samples
    int samples = 100;           ///< points of the replay's time series (at least this many, at most twice)
    double pue = 1.0;            ///< energy: facility power ÷ IT power (1.0: the GPUs' own draw only)
    std::size_t listLimit = 20;  ///< tasks named in the never-fit list (all are counted)
    bool shuffleNodes = true;    ///< ties go to a node order drawn from the seed (false: the node file's order)
    bool keepPlacements = false; ///< replay: record the node of each task (PoolResult::placements)
    bool keepNodeUse = false;    ///< replay: the allocated GPU-hours of each node (PoolResult::nodeGpuHours)
    std::optional<PoolBurstRule> burst; ///< replay: tasks that wait too long run on burst capacity
};

/// A task that fits no node of the cluster even when the cluster is empty.
struct UnfitTask
{
    std::string name;
    int line = 0;
    std::string request; ///< what it asks for, e.g. "16 GPUs × 1000 milli, 8 cores, 64 GiB"
};

/// Queueing delay of one priority class (replay).
struct ClassDelay
{
    std::string taskClass;
    std::int64_t tasks = 0;       ///< that arrived
    std::int64_t placed = 0;      ///< that started at least once
    std::int64_t neverPlaced = 0; ///< still waiting when the simulation ended (not in the percentiles)
    std::int64_t burst = 0;       ///< ran on burst capacity (PoolOptions::burst)
    double p50 = 0;               ///< s, nearest-rank percentile of the total wait of the placed tasks
    double p99 = 0;               ///< s
    double mean = 0;              ///< s
};

/// One point of the replay's time series.
struct PoolSample
{
    double time = 0;          ///< s
    double allocatedPct = 0;  ///< allocated GPU capacity, % of the cluster's
    double requestedPct = 0;  ///< what the running tasks asked for (below allocatedPct under MIG rounding)
    double fragmentedPct = 0; ///< expected fragmented GPU capacity (FGD's measure), % of the cluster's
    std::int64_t running = 0;
    std::int64_t queued = 0;
    double burstGpus = 0; ///< GPUs asked for by the tasks on burst capacity (from the moment they burst)
};

/// A task that ran on burst capacity (PoolOptions::burst).
struct PoolBurstRun
{
    int task = 0;     ///< index into the trace
    double start = 0; ///< s: it started running (the moment it burst + the start delay)
    double end = 0;   ///< s: it left (the end of the replay for a task that runs to the end)
};

/// Energy and cost of one GPU type over the replay.
struct PoolTypeUse
{
    std::string label;
    std::string gpuId; ///< "" when unmapped
    int gpus = 0;
    double allocatedGpuHours = 0;
    std::optional<double> energyKwh; ///< (idle + (board − idle) × allocated share) × hours × PUE; unmapped: none
    std::optional<double> costUsd;   ///< every GPU of the type for the whole span × the price; unpriced: none
};

/// What a replay measured.
struct PoolResult
{
    PoolPolicy policy = PoolPolicy::BestFit;
    std::int64_t tasks = 0;
    std::int64_t placed = 0;      ///< started at least once
    std::int64_t completed = 0;   ///< departed
    std::int64_t neverPlaced = 0; ///< fit but were still queued at the end
    std::int64_t preemptions = 0; ///< evictions (a task evicted twice counts twice)
    std::int64_t unfitCount = 0;  ///< fit no node at all: counted, listed, never queued
    std::vector<UnfitTask> unfit; ///< the first PoolOptions::listLimit of them
    int gpus = 0;
    double start = 0, end = 0;      ///< s: first arrival, last event
    double allocationPct = 0;       ///< time-weighted mean of allocated ÷ capacity
    double utilizationPct = 0;      ///< time-weighted mean of requested ÷ capacity
    double fragmentedPct = 0;       ///< time-weighted mean of the expected fragmented capacity
    double peakAllocationPct = 0;   ///< the largest allocation reached
    std::vector<ClassDelay> delays; ///< per class, by name
    std::vector<PoolSample> series;
    std::vector<PoolTypeUse> types;
    std::optional<double> energyKwh;  ///< the mapped types' total (none when no type is mapped)
    std::optional<double> costUsd;    ///< the priced types' total
    std::vector<std::string> notes;   ///< unmapped or unpriced types and other caveats
    std::vector<int> placements;      ///< with PoolOptions::keepPlacements: each task's node (its last start), -1 none
    std::vector<double> nodeGpuHours; ///< with PoolOptions::keepNodeUse: each node's allocated GPU-hours
    std::vector<PoolBurstRun> bursts; ///< with PoolOptions::burst: the tasks that ran on burst capacity
};

/// Replays the trace: tasks arrive at their time, start on the node the policy picks or wait in the queue
/// (priority first, then arrival; a waiting task is retried when capacity frees up on a node), and leave after
/// their duration. Tasks that fit no node even on an empty cluster are counted and listed, never queued. With
/// PoolOptions::burst, a task that waits too long runs on burst capacity outside the cluster instead (the pool
/// sizing's on-demand and spot capacity), and one that fits no node waits for it.
PoolResult simulatePool(const PoolCluster& cluster, const std::vector<PoolTask>& tasks, const PoolOptions& options);

/// Weng et al. 2023's experiment ("inflation"): the tasks sorted by name and shuffled, followed by tasks drawn
/// uniformly with replacement from them until the GPU demand tried exceeds `targetRatio` of the cluster's GPUs;
/// each tried once in that order, none departs, a task that does not fit is dropped (its demand still counts as
/// arrived). The public simulator uses a ratio of 1.3 (experiments/run_scripts/generate_run_scripts.py `-tune 1.3`).
/// At most 100 tasks are drawn per task of the trace (a trace of tiny or CPU-only tasks never reaches the target).
inline constexpr double fgdInflationRatio = 1.3;

/// One point of an inflation curve: the mean over the attempts whose arrived demand rounds to `arrivedPct` %
/// (merge scripts of the FGD simulator: half-to-even rounding; a percent with no attempt takes those within ±1).
struct InflationPoint
{
    int arrivedPct = 0;
    double allocatedPct = 0;  ///< allocated GPU capacity, % of the cluster's
    double fragmentedPct = 0; ///< expected fragmented capacity, % of the cluster's ("Frag / Total")
    double fragRatePct = 0;   ///< expected fragmented ÷ unallocated capacity, % ("Frag Rate")
};

/// One inflation run.
struct InflationRun
{
    std::uint64_t seed = 0;
    std::int64_t tried = 0;
    std::int64_t failed = 0;                        ///< did not fit when tried (the unfit included)
    std::int64_t unfitCount = 0;                    ///< tasks of the trace (before resampling) that fit no node at all
    std::optional<double> arrivedAtFirstFailurePct; ///< demand tried when a task first failed to fit, % of capacity
    std::optional<double> allocatedAtFirstFailurePct; ///< allocated then (a task that fits no node does not count)
    std::vector<InflationPoint> curve;                ///< 0 … ⌈target⌉ %
};

/// The runs of one policy and their summary.
struct InflationResult
{
    PoolPolicy policy = PoolPolicy::BestFit;
    std::vector<InflationRun> runs;
    std::vector<UnfitTask> unfit;
    double unallocatedAt100Mean = 0;   ///< 100 − allocated % at 100 % arrived, mean over the runs (the paper's bars)
    double unallocatedAt100Median = 0; ///< the same, median (the paper's line figures)
    double fragmentedAt100Mean = 0;    ///< expected fragmented capacity at 100 % arrived, mean, %
    double arrivedAtFirstFailureMean = 0;   ///< mean over the runs with a failure, %
    double allocatedAtFirstFailureMean = 0; ///< mean over the runs with a failure, %
    double failedMean = 0;                  ///< tasks that did not fit, mean over the runs
    std::int64_t runsWithFailure = 0;
};

/// Runs the inflation experiment `runs` times, with seeds options.seed, options.seed + 1, ….
InflationResult inflatePool(const PoolCluster& cluster, const std::vector<PoolTask>& tasks, const PoolOptions& options,
    int runs = 1, double targetRatio = fgdInflationRatio);

/// The unallocated GPU share (% of capacity) at 100 % arrived that Weng et al. 2023 report for a policy on the
/// default trace (openb_pod_list_default on openb_node_list_gpu_node), mean over seeds 42–51; nullopt for a policy
/// the paper does not run (first fit, worst fit, priority, two-level).
std::optional<double> publishedUnallocatedPct(PoolPolicy policy);

/// Packs tasks onto as few GPUs of one model as first fit can, largest first: a pool of single-GPU nodes, each task
/// tried once in decreasing order of its share (first-fit decreasing; Johnson 1973: at most 11/9·OPT + 6/9 bins).
/// `gpu` null: fractional sharing on GPUs without a datasheet. Returns the node (= GPU) of each task (input order;
/// -1: did not fit one GPU) and the free capacity left per GPU used, in units (poolGpuUnits per GPU).
struct PoolPacking
{
    std::vector<int> placement;
    std::vector<int> freeUnits;
    std::int64_t allocatedUnits = 0; ///< MIG: whole profiles, so at least what was asked for
};
PoolPacking packOnGpus(const std::vector<PoolTask>& tasks, const GpuSpec* gpu, PoolSharing sharing);

/// The cheapest on-demand price of one GPU-hour of `gpuId` among `offerings` in USD (instance price ÷ GPUs per
/// instance), with "provider instance (as_of)" as its source; nullopt when none is listed.
struct Offering;
std::optional<std::pair<double, std::string>> cheapestGpuHour(
    const std::vector<Offering>& offerings, std::string_view gpuId);

} // namespace gpuplan::core
