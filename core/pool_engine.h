#pragma once
// Private to core: the pool simulator's cluster state and its placement policies (pool.h is the interface,
// pool_sim.cpp runs the experiments on this).

#include "pool.h"
#include "random.h"
#include "sharing.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace gpuplan::core::pool {

/// What is free on one GPU: compute and memory in units (poolGpuUnits per GPU), and the MIG memory slices taken.
struct GpuState
{
    std::int32_t compute = poolGpuUnits;
    std::int32_t memory = poolGpuUnits;
    std::uint8_t mig = 0; ///< bit i: memory slice i holds an instance
};

/// What a task takes from one GPU of one type.
struct GpuDemand
{
    std::int32_t compute = 0; ///< units charged (MIG: the profile's slices × 1000)
    std::int32_t memory = 0;  ///< units
    int mig = -1;             ///< the MIG profile (index into the type's layout); -1: shared by fraction
    bool possible = true;     ///< false: no GPU of this type can hold it (a MIG profile too small, too much memory)
    bool operator==(const GpuDemand&) const = default;
};

/// One GPU type of the cluster as the engine uses it.
struct TypeInfo
{
    const GpuSpec* gpu = nullptr;
    std::vector<MigSlot> mig; ///< empty: the type shares by fraction
};

/// Everything placement depends on: tasks with one shape are interchangeable for every policy.
struct Shape
{
    std::int64_t cpu = 0;
    std::int64_t mem = 0;
    int gpus = 0;
    int milli = 0;
    std::int64_t gpuMem = 0;
    std::uint64_t types = ~std::uint64_t(0); ///< bit t: GPU type t allowed
    int pool = -1;                           ///< the pool it must run in (two-level), -1: any
    bool operator==(const Shape&) const = default;
};

struct ShapeHash
{
    std::size_t operator()(const Shape& s) const
    {
        std::uint64_t h = 1469598103934665603ULL; // FNV-1a offset basis, mixed a word at a time
        for (std::uint64_t v : {std::uint64_t(s.cpu), std::uint64_t(s.mem), std::uint64_t(s.gpus),
                 std::uint64_t(s.milli), std::uint64_t(s.gpuMem), s.types, std::uint64_t(s.pool)})
            h = (h ^ v) * 1099511628211ULL;
        return static_cast<std::size_t>(h);
    }
};

/// A policy's verdict on one node for one shape, cached until the node changes.
struct Eval
{
    std::uint32_t version = 0; ///< the node's version it was computed at (0: never)
    std::int16_t score = 0;
    std::int8_t gpu = -1; ///< FGD: the GPU it chose for a shared task
    bool feasible = false;
};

struct ShapeInfo
{
    Shape shape;
    std::vector<GpuDemand> demand; ///< per type
    std::vector<int> poolRank;     ///< two-level: preference of each pool, 0 first; -1 not allowed
    int tag = 0;                   ///< clustering: 0 CPU only, 1 shared GPU, 1 + k: k whole GPUs
    std::int64_t requestedUnits = 0;
    std::vector<Eval> cache; ///< per node; empty when not cached
    bool hinted = false;     ///< first fit: hint and hintLog are valid
    int hint = 0;            ///< first fit: the position (in the tie-break order) of the first node that fitted
    std::size_t hintLog = 0; ///< first fit: the change log's length then
};

/// A target-workload class of FGD, resolved against the cluster's types.
struct FragClass
{
    std::int64_t count = 0; ///< its weight: tasks of the shape in the trace
    std::int64_t cpu = 0;
    int gpus = 0;
    std::uint64_t types = ~std::uint64_t(0);
    std::vector<int> demand; ///< per type: index into Engine::m_typeDemands[type]
};

struct Node
{
    int type = -1;
    int first = 0; ///< its first GPU in Engine::m_gpus
    int gpus = 0;
    std::int64_t cpu = 0; ///< free milli-CPU
    std::int64_t mem = 0; ///< free MiB
    std::int64_t cpuTotal = 0;
    std::int64_t memTotal = 0;
    int pool = 0;
    std::int64_t frag = 0; ///< Σ_m count_m · F_n(m), units (FGD's expected fragmentation × the classes' total count)
    std::int64_t freeUnits = 0;
    std::vector<int> running;              ///< instances
    std::vector<std::pair<int, int>> tags; ///< clustering: tag, running GPU tasks with it
};

/// A task placed: where, and what it holds.
struct Instance
{
    int node = -1; ///< -1: not running
    int shape = -1;
    int posInNode = 0;
    int priority = 0;
    bool preemptible = false;
    std::int64_t seq = 0;                  ///< start order: later starts are evicted first
    std::vector<std::pair<int, int>> gpus; ///< global GPU index, MIG placement (-1: by fraction)
};

/// The cluster, its state and the policy.
class Engine
{
public:
    /// `classesFrom` are the trace's tasks: FGD's target workload (typicalTasks) is drawn from them.
    Engine(const PoolCluster& cluster, const std::vector<PoolTask>& classesFrom, const PoolOptions& options);

    /// The shape of a task (interned: equal shapes share an index and their cached verdicts).
    int shapeOf(const PoolTask& task, const PoolCluster& cluster);
    const ShapeInfo& shape(int s) const { return m_shapes[static_cast<std::size_t>(s)]; }
    /// Whether the shape fits some node of the cluster when it is empty.
    bool fitsEmpty(int s) const;

    /// The node the policy picks for the shape (among `among` when given, else every node); -1 when none fits.
    int choose(int s, const std::vector<int>* among = nullptr);
    /// Starts instance `id` (any number; storage grows) of shape s on `node`, which must fit it.
    void place(int id, int s, int node, int priority = 0, bool preemptible = false);
    /// Stops instance id (it must be running).
    void remove(int id);
    bool running(int id) const;
    /// The node instance id runs on (-1: none).
    int nodeOf(int id) const { return running(id) ? m_instances[static_cast<std::size_t>(id)].node : -1; }

    /// The priority policy: the node where evicting the fewest preemptible instances of lower priority than
    /// `priority` (lowest priority first, then the latest started) lets shape s fit, and those instances.
    struct Eviction
    {
        int node = -1;
        std::vector<int> victims;
    };
    std::optional<Eviction> evictionFor(int s, int priority);

    const std::vector<Node>& nodes() const { return m_nodes; }
    std::int64_t capacityUnits() const { return m_capacity; }
    std::int64_t allocatedUnits() const { return m_allocated; }
    std::int64_t requestedUnits() const { return m_requested; }
    /// Expected fragmented capacity in units (FGD's F_N(M)).
    double fragmentedUnits() const { return m_classTotal > 0 ? static_cast<double>(m_frag) / m_classTotal : 0; }
    /// Allocated units per type.
    const std::vector<std::int64_t>& typeAllocated() const { return m_typeAllocated; }
    const std::vector<TypeInfo>& types() const { return m_types; }
    Rng& rng() { return m_rng; }

private:
    struct View
    {
        const Node* node;
        std::int64_t cpu;
        std::int64_t mem;
        const GpuState* gpus;
    };
    View view(const Node& n) const { return {&n, n.cpu, n.mem, m_gpus.data() + n.first}; }
    static std::uint64_t typeMask(const std::vector<std::string>& labels, const PoolCluster& cluster);
    GpuDemand demandFor(int type, int milli, std::int64_t gpuMemMib) const;
    bool canHost(const GpuState& g, const GpuDemand& d, int type) const;
    /// The first free MIG placement of the demand's profile on g (-1: shared by fraction).
    int freePlacement(const GpuState& g, const GpuDemand& d, int type) const;
    /// Takes (sign 1) or gives back (sign -1) a demand on g.
    void take(GpuState& g, const GpuDemand& d, int type, int placement, int sign) const;
    bool fits(const View& v, const ShapeInfo& s) const;
    std::int64_t fragOf(const View& v) const;
    Eval evaluate(int node, int s);
    const Eval& cached(int node, int s);
    int score(const Node& n, const ShapeInfo& s, std::int8_t& gpu);
    int fgdScore(const Node& n, const ShapeInfo& s, std::int8_t& gpu);
    /// The GPUs (and MIG placements) a placement takes under the policy's rule inside the node.
    std::vector<std::pair<int, int>> pickGpus(const Node& n, const ShapeInfo& s, int fgdGpu);
    /// After a node's state changed: its version (invalidating its cached verdicts), its fragmentation, the log.
    void changed(int node);
    int firstFit(int s);
    std::vector<int> fittingGpus(const Node& n, const GpuDemand& d, const GpuState* gpus) const;

    PoolOptions m_options;
    std::vector<TypeInfo> m_types;
    std::vector<Node> m_nodes;
    std::vector<GpuState> m_gpus;
    std::vector<int> m_kinds;    ///< one node of each distinct (type, GPUs, CPU, memory, pool)
    std::vector<int> m_order;    ///< nodes in tie-break order: file order for first fit, a seeded permutation else
    std::vector<int> m_position; ///< m_position[node]: its place in m_order
    std::vector<std::uint32_t> m_version; ///< per node, raised at each change (cached verdicts hold the one they saw)
    std::vector<int> m_changeLog;         ///< positions of the nodes changed, in order (first fit's hints)
    std::vector<ShapeInfo> m_shapes;
    std::unordered_map<Shape, int, ShapeHash> m_shapeIndex;
    std::map<std::string, int, std::less<>> m_poolIndex;
    Eval m_scratchEval;
    std::vector<GpuState> m_buf;
    std::vector<int> m_scratch;
    std::vector<Instance> m_instances;
    std::vector<FragClass> m_classes;
    std::vector<std::vector<GpuDemand>> m_typeDemands; ///< per type: the classes' distinct demands
    std::int64_t m_classTotal = 0;
    struct PoolSize
    {
        std::int64_t gpus = 0, cpu = 0, mem = 0;
        auto operator<=>(const PoolSize&) const = default;
    };
    std::vector<PoolSize> m_poolSize; ///< of each pool: its largest node
    int m_pools = 0;
    std::int64_t m_maxCpu = 0;   ///< the largest node's CPU (0: no node states one)
    std::int64_t m_maxUnits = 0; ///< the largest node's GPU capacity, units
    std::int64_t m_capacity = 0, m_allocated = 0, m_requested = 0, m_frag = 0;
    std::vector<std::int64_t> m_typeAllocated;
    std::size_t m_cachedEntries = 0;
    std::int64_t m_seq = 0;
    Rng m_rng;
    // scratch for fragOf (no allocation per call)
    mutable std::vector<int> m_cnt;
    mutable std::vector<std::int64_t> m_below;
};

} // namespace gpuplan::core::pool
