// The pool simulator's placement engine. The baselines and FGD follow Weng et al., "Beware of Fragmentation:
// Scheduling GPU-Sharing Workloads with Fragmentation Gradient Descent", USENIX ATC 2023, as its public simulator
// implements them (github.com/hkust-adsl/kubernetes-scheduler-simulator, commit
// 8f3d6417353c5083c6d56617f255fadd8dc306bc, pkg/simulator/plugin/*_score.go, pkg/utils/frag.go): scores are the
// Kubernetes scheduler framework's integers 0–100 (MaxNodeScore), the highest wins and ties go to a node order drawn
// once per run from the seed (the simulator's random node-name prefixes), so the integer truncations are kept.
// Described here in our own words; no code is copied.
#include "pool_engine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace gpuplan::core::pool {

namespace {

constexpr std::int64_t unitsPerMilli = poolGpuUnits / 1000;
/// Kubernetes' framework.MaxNodeScore: node scores are integers from 0 to 100.
constexpr int maxNodeScore = 100;
/// FGD's target workload holds the most popular shapes; this many at most, so that a trace of all-different tasks
/// cannot make every fragmentation evaluation walk millions of classes (the default trace has 35).
constexpr std::size_t maxFragClasses = 256;
/// Cached verdicts (node × shape) at most: 4 Mi entries of 8 bytes.
constexpr std::size_t maxCachedEntries = std::size_t(1) << 22;
/// Two-level: a pool's rank weighs more than any best-fit score (0–100).
constexpr int poolRankWeight = 128;
constexpr int maxPoolRank = 250;

bool unconstrained(std::int64_t v)
{
    return v >= poolUnlimited / 2;
}

} // namespace

Engine::Engine(const PoolCluster& cluster, const std::vector<PoolTask>& classesFrom, const PoolOptions& options)
    : m_options(options)
    , m_rng(~options.seed)
{
    for (const auto& t : cluster.types) {
        TypeInfo ti;
        ti.gpu = t.gpu;
        if (options.sharing == PoolSharing::Mig && t.gpu && !t.gpu->migProfiles.empty())
            if (auto layout = migLayout(*t.gpu))
                ti.mig = std::move(*layout);
        m_types.push_back(std::move(ti));
    }
    m_typeAllocated.assign(m_types.size(), 0);
    std::map<std::tuple<int, int, std::int64_t, std::int64_t, int>, int> kinds;
    for (const auto& pn : cluster.nodes) {
        Node n;
        for (std::size_t t = 0; t < cluster.types.size(); ++t)
            if (pn.gpus > 0 && cluster.types[t].label == pn.gpuType)
                n.type = static_cast<int>(t);
        n.gpus = n.type >= 0 ? pn.gpus : 0;
        n.first = static_cast<int>(m_gpus.size());
        m_gpus.resize(m_gpus.size() + static_cast<std::size_t>(n.gpus));
        n.cpu = n.cpuTotal = pn.cpuMilli;
        n.mem = n.memTotal = pn.memoryMib;
        const std::string pool = !pn.pool.empty() ? pn.pool : pn.gpuType + " x" + std::to_string(pn.gpus);
        auto [it, added] = m_poolIndex.emplace(pool, m_pools);
        if (added) {
            ++m_pools;
            m_poolSize.emplace_back();
        }
        n.pool = it->second;
        PoolSize& size = m_poolSize[static_cast<std::size_t>(n.pool)]; // its largest node
        size = std::max(size, PoolSize {n.gpus, n.cpu, n.mem});
        n.freeUnits = std::int64_t(n.gpus) * poolGpuUnits;
        m_capacity += n.freeUnits;
        m_maxUnits = std::max(m_maxUnits, n.freeUnits);
        if (!unconstrained(n.cpu))
            m_maxCpu = std::max(m_maxCpu, n.cpu);
        kinds.emplace(std::make_tuple(n.type, n.gpus, n.cpu, n.mem, n.pool), static_cast<int>(m_nodes.size()));
        m_nodes.push_back(std::move(n));
    }
    for (const auto& k : kinds)
        m_kinds.push_back(k.second);
    std::sort(m_kinds.begin(), m_kinds.end());
    m_order.resize(m_nodes.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    if (options.policy != PoolPolicy::FirstFit && options.shuffleNodes)
        m_rng.shuffle(m_order);
    m_version.assign(m_nodes.size(), 1);
    m_position.resize(m_nodes.size());
    for (std::size_t i = 0; i < m_order.size(); ++i)
        m_position[static_cast<std::size_t>(m_order[i])] = static_cast<int>(i);

    // FGD's target workload, resolved per type into the distinct per-GPU demands its classes make.
    auto typical = typicalTasks(classesFrom);
    if (typical.size() > maxFragClasses)
        typical.resize(maxFragClasses);
    m_typeDemands.resize(m_types.size());
    for (const auto& c : typical) {
        FragClass f;
        f.count = c.count;
        f.cpu = c.cpuMilli;
        f.gpus = c.gpus;
        f.types = typeMask(c.gpuTypes, cluster);
        for (std::size_t t = 0; t < m_types.size(); ++t) {
            int index = -1;
            if (c.gpus > 0) {
                const GpuDemand d = demandFor(static_cast<int>(t), c.gpuMilli, 0);
                auto& list = m_typeDemands[t];
                const auto it = std::find(list.begin(), list.end(), d);
                index = static_cast<int>(it - list.begin());
                if (it == list.end())
                    list.push_back(d);
            }
            f.demand.push_back(index);
        }
        m_classTotal += c.count;
        m_classes.push_back(std::move(f));
    }
    for (auto& n : m_nodes) {
        n.frag = fragOf(view(n));
        m_frag += n.frag;
    }
}

std::uint64_t Engine::typeMask(const std::vector<std::string>& labels, const PoolCluster& cluster)
{
    if (labels.empty())
        return ~std::uint64_t(0);
    std::uint64_t mask = 0;
    for (const auto& l : labels)
        for (std::size_t t = 0; t < cluster.types.size(); ++t)
            if (cluster.types[t].label == l)
                mask |= std::uint64_t(1) << t;
    return mask;
}

GpuDemand Engine::demandFor(int type, int milli, std::int64_t gpuMemMib) const
{
    GpuDemand d;
    const TypeInfo& t = m_types[static_cast<std::size_t>(type)];
    const double mib = 1024.0 * 1024.0;
    if (!t.mig.empty()) {
        const double bytes = gpuMemMib > 0 ? gpuMemMib * mib : milli / 1000.0 * t.gpu->memoryBytes;
        const MigProfile* p = smallestMigProfile(*t.gpu, milli / 1000.0, bytes);
        if (!p) {
            d.possible = false;
            return d;
        }
        d.mig = static_cast<int>(p - t.gpu->migProfiles.data());
        d.compute = p->computeSlices * (poolGpuUnits / 7);
        d.memory = static_cast<std::int32_t>(
            std::min<double>(poolGpuUnits, std::ceil(p->memoryBytes / t.gpu->memoryBytes * poolGpuUnits - 1e-9)));
        return d;
    }
    d.compute = static_cast<std::int32_t>(milli * unitsPerMilli);
    d.memory = d.compute;
    if (gpuMemMib > 0 && t.gpu && t.gpu->memoryBytes > 0) {
        const double share = std::ceil(gpuMemMib * mib / t.gpu->memoryBytes * poolGpuUnits - 1e-9);
        if (share > poolGpuUnits)
            d.possible = false;
        else
            d.memory = static_cast<std::int32_t>(share);
    }
    return d;
}

int Engine::shapeOf(const PoolTask& task, const PoolCluster& cluster)
{
    Shape sh;
    sh.cpu = task.cpuMilli;
    sh.mem = task.memoryMib;
    sh.gpus = task.gpus;
    if (task.gpus > 0) {
        sh.milli = task.gpuMilli;
        sh.gpuMem = task.gpuMemoryMib;
        sh.types = typeMask(task.gpuTypes, cluster);
    }
    if (m_options.policy == PoolPolicy::TwoLevel && !task.pool.empty()) {
        const auto it = m_poolIndex.find(task.pool);
        sh.pool = it != m_poolIndex.end() ? it->second : -2; // -2: a pool no node is in
    }
    const auto found = m_shapeIndex.find(sh);
    if (found != m_shapeIndex.end())
        return found->second;
    ShapeInfo info;
    info.shape = sh;
    for (std::size_t t = 0; t < m_types.size(); ++t)
        info.demand.push_back(sh.gpus > 0 ? demandFor(static_cast<int>(t), sh.milli, sh.gpuMem) : GpuDemand {});
    info.tag = sh.gpus == 0 ? 0 : (sh.gpus == 1 && sh.milli < 1000 ? 1 : 1 + sh.gpus);
    info.requestedUnits = std::int64_t(sh.gpus) * sh.milli * unitsPerMilli;
    if (m_options.policy == PoolPolicy::TwoLevel) {
        // Level one, the pool by the task's kind. A GPU task goes to the pool of the smallest nodes (fewest GPUs, then
        // CPU, then memory) that can hold it, and to larger ones only when those are full: shares and single GPUs
        // fill the small nodes and leave the 8-GPU nodes whole for the tasks that need them. A CPU-only task goes
        // where CPU is most plentiful per GPU, so that it strands the fewest GPUs.
        std::vector<int> pools(static_cast<std::size_t>(m_pools));
        std::iota(pools.begin(), pools.end(), 0);
        const auto size = [&](int p) {
            const PoolSize& z = m_poolSize[static_cast<std::size_t>(p)];
            return std::make_tuple(z.gpus, z.cpu, z.mem);
        };
        const auto cpuPerGpu = [&](int p) {
            const PoolSize& z = m_poolSize[static_cast<std::size_t>(p)];
            return z.gpus == 0 ? std::numeric_limits<double>::infinity() : static_cast<double>(z.cpu) / z.gpus;
        };
        std::stable_sort(pools.begin(), pools.end(),
            [&](int a, int b) { return sh.gpus > 0 ? size(a) < size(b) : cpuPerGpu(a) > cpuPerGpu(b); });
        info.poolRank.assign(static_cast<std::size_t>(m_pools), -1);
        for (std::size_t r = 0; r < pools.size(); ++r)
            if (sh.pool == -1 || sh.pool == pools[r])
                info.poolRank[static_cast<std::size_t>(pools[r])] = std::min<int>(static_cast<int>(r), maxPoolRank);
        if (sh.pool >= 0)
            info.poolRank[static_cast<std::size_t>(sh.pool)] = 0;
    }
    const int index = static_cast<int>(m_shapes.size());
    m_shapes.push_back(std::move(info));
    m_shapeIndex.emplace(sh, index);
    return index;
}

bool Engine::canHost(const GpuState& g, const GpuDemand& d, int type) const
{
    if (!d.possible)
        return false;
    if (d.mig < 0)
        return g.compute >= d.compute && g.memory >= d.memory;
    for (std::uint8_t mask : m_types[static_cast<std::size_t>(type)].mig[static_cast<std::size_t>(d.mig)].masks)
        if ((g.mig & mask) == 0)
            return true;
    return false;
}

int Engine::freePlacement(const GpuState& g, const GpuDemand& d, int type) const
{
    if (d.mig < 0)
        return -1;
    const auto& masks = m_types[static_cast<std::size_t>(type)].mig[static_cast<std::size_t>(d.mig)].masks;
    for (std::size_t i = 0; i < masks.size(); ++i)
        if ((g.mig & masks[i]) == 0)
            return static_cast<int>(i);
    return -1;
}

void Engine::take(GpuState& g, const GpuDemand& d, int type, int placement, int sign) const
{
    g.compute -= sign * d.compute;
    g.memory -= sign * d.memory;
    if (d.mig >= 0 && placement >= 0) {
        const std::uint8_t mask = m_types[static_cast<std::size_t>(type)]
                                      .mig[static_cast<std::size_t>(d.mig)]
                                      .masks[static_cast<std::size_t>(placement)];
        g.mig = static_cast<std::uint8_t>(sign > 0 ? (g.mig | mask) : (g.mig & ~mask));
    }
}

bool Engine::fits(const View& v, const ShapeInfo& s) const
{
    const Node& n = *v.node;
    if (v.cpu < s.shape.cpu || v.mem < s.shape.mem)
        return false;
    if (!s.poolRank.empty() && s.poolRank[static_cast<std::size_t>(n.pool)] < 0)
        return false;
    if (s.shape.pool == -2)
        return false;
    if (s.shape.gpus == 0)
        return true;
    if (n.type < 0 || n.gpus < s.shape.gpus || !((s.shape.types >> n.type) & 1))
        return false;
    const GpuDemand& d = s.demand[static_cast<std::size_t>(n.type)];
    int hosts = 0;
    for (int i = 0; i < n.gpus && hosts < s.shape.gpus; ++i)
        hosts += canHost(v.gpus[i], d, n.type);
    return hosts >= s.shape.gpus;
}

bool Engine::fitsEmpty(int s) const
{
    const ShapeInfo& sh = m_shapes[static_cast<std::size_t>(s)];
    for (int k : m_kinds) {
        const Node& n = m_nodes[static_cast<std::size_t>(k)];
        const std::vector<GpuState> empty(static_cast<std::size_t>(n.gpus));
        if (fits(View {&n, n.cpuTotal, n.memTotal, empty.data()}, sh))
            return true;
    }
    return false;
}

std::int64_t Engine::fragOf(const View& v) const
{
    // F_n(M) = Σ_m p_m · F_n(m) (Weng et al. 2023, Sec. 4; the simulator's NodeGpuShareFragAmount): for a class the
    // node can run (enough GPUs that hold its per-GPU demand, and its CPU), the free capacity of the GPUs too small
    // for it; otherwise — a class it cannot run, a GPU type the class may not use, a class with no GPUs — all of the
    // node's free GPU capacity. Memory is not part of the measure. Counts instead of p_m keep it an integer.
    const Node& n = *v.node;
    if (n.type < 0 || n.gpus == 0 || m_classes.empty())
        return 0;
    const auto& demands = m_typeDemands[static_cast<std::size_t>(n.type)];
    m_cnt.assign(demands.size(), 0);
    m_below.assign(demands.size(), 0);
    std::int64_t free = 0;
    for (int i = 0; i < n.gpus; ++i) {
        const GpuState& g = v.gpus[i];
        free += g.compute;
        for (std::size_t j = 0; j < demands.size(); ++j) {
            if (canHost(g, demands[j], n.type))
                ++m_cnt[j];
            else
                m_below[j] += g.compute;
        }
    }
    std::int64_t total = 0;
    for (const auto& c : m_classes) {
        const int j = c.demand[static_cast<std::size_t>(n.type)];
        const bool runs = c.gpus > 0 && ((c.types >> n.type) & 1) && j >= 0
            && m_cnt[static_cast<std::size_t>(j)] >= c.gpus && v.cpu >= c.cpu;
        total += c.count * (runs ? m_below[static_cast<std::size_t>(j)] : free);
    }
    return total;
}

std::vector<int> Engine::fittingGpus(const Node& n, const GpuDemand& d, const GpuState* gpus) const
{
    std::vector<int> out;
    for (int i = 0; i < n.gpus; ++i)
        if (canHost(gpus[i], d, n.type))
            out.push_back(i);
    return out;
}

int Engine::fgdScore(const Node& n, const ShapeInfo& s, std::int8_t& gpu)
{
    // FGD (Weng et al. 2023, Sec. 4; fgd_score.go): the growth Δ of the node's expected fragmentation if the task
    // were placed, scored ⌊100 · σ(−Δ / 1000)⌋ with Δ in milli-GPU, so the smallest growth wins. A task on a share
    // of one GPU is tried on each GPU that holds it and takes the first GPU of the best score.
    const auto score = [&](std::int64_t after) {
        const double delta = static_cast<double>(after - n.frag)
            / static_cast<double>(std::max<std::int64_t>(1, m_classTotal)) / unitsPerMilli;
        return static_cast<int>(std::floor(maxNodeScore / (1.0 + std::exp(delta / 1000.0))));
    };
    const GpuState* gpus = m_gpus.data() + n.first;
    m_buf.assign(gpus, gpus + n.gpus);
    View hyp {&n, n.cpu - s.shape.cpu, n.mem - s.shape.mem, m_buf.data()};
    if (s.shape.gpus == 0)
        return score(fragOf(hyp));
    const GpuDemand& d = s.demand[static_cast<std::size_t>(n.type)];
    if (s.shape.gpus == 1 && d.compute < poolGpuUnits) {
        int best = -1;
        for (int i = 0; i < n.gpus; ++i) {
            if (!canHost(gpus[i], d, n.type))
                continue;
            bool seen = false; // a GPU in the same state as an earlier one scores the same; the first is kept
            for (int j = 0; j < i && !seen; ++j)
                seen = gpus[j].compute == gpus[i].compute && gpus[j].memory == gpus[i].memory
                    && gpus[j].mig == gpus[i].mig;
            if (seen)
                continue;
            take(m_buf[static_cast<std::size_t>(i)], d, n.type, freePlacement(gpus[i], d, n.type), 1);
            const int sc = score(fragOf(hyp));
            m_buf[static_cast<std::size_t>(i)] = gpus[i];
            if (sc > best) {
                best = sc;
                gpu = static_cast<std::int8_t>(i);
            }
        }
        return best;
    }
    for (const auto& [g, placement] : pickGpus(n, s, -1))
        take(m_buf[static_cast<std::size_t>(g - n.first)], d, n.type, placement, 1);
    return score(fragOf(hyp));
}

int Engine::score(const Node& n, const ShapeInfo& s, std::int8_t& gpu)
{
    const std::int64_t charged
        = s.shape.gpus > 0 ? std::int64_t(s.shape.gpus) * s.demand[static_cast<std::size_t>(n.type)].compute : 0;
    // CPU and GPU as shares of the largest node (the simulator's MaxSpecCpu = 128 000 milli-CPU and MaxSpecGpu =
    // 8 000 milli-GPU are the largest node of the openb cluster: 128 cores, 8 GPUs). A node whose CPU is not
    // stated counts as all free.
    const auto cpuShare = [&](std::int64_t v) {
        return unconstrained(n.cpu) || m_maxCpu == 0 ? 1.0 : std::min(1.0, static_cast<double>(v) / m_maxCpu);
    };
    const auto gpuShare = [&](std::int64_t v) { return m_maxUnits > 0 ? static_cast<double>(v) / m_maxUnits : 0.0; };
    const auto leftover = [&] { return 0.5 * cpuShare(n.cpu - s.shape.cpu) + 0.5 * gpuShare(n.freeUnits - charged); };
    switch (m_options.policy) {
    case PoolPolicy::FirstFit:
    case PoolPolicy::Random:
        return 0;
    case PoolPolicy::BestFit:
    case PoolPolicy::Priority:
        // best_fit_score.go: ⌊100 · (1 − leftover)⌋; its min–max normalisation keeps the order, so it is left out.
        return static_cast<int>(std::floor(maxNodeScore * (1 - leftover())));
    case PoolPolicy::TwoLevel: {
        const int rank = s.poolRank[static_cast<std::size_t>(n.pool)];
        return static_cast<int>(std::floor(maxNodeScore * (1 - leftover()))) - poolRankWeight * rank;
    }
    case PoolPolicy::WorstFit:
        return static_cast<int>(std::floor(maxNodeScore * leftover()));
    case PoolPolicy::DotProduct: {
        // dot_product_score.go (merge, max): the node's free (CPU, GPU) · the task's (CPU, GPU), both as shares of
        // the largest node, scored ⌊100 · (1 − dot / 2)⌋: the smallest product wins.
        const double dot = cpuShare(n.cpu) * cpuShare(s.shape.cpu) + gpuShare(n.freeUnits) * gpuShare(charged);
        return static_cast<int>(std::floor(maxNodeScore * (1 - dot / 2)));
    }
    case PoolPolicy::Packing: {
        // gpu_packing_score.go: an untouched node scores max(33 − G, G); otherwise the GPUs the task would take
        // (tightest first): some fully free → max(50 − their count, 33); all shared → max(100 − ⌊Σ⌊free % ⌋ / 10⌋, 50).
        if (s.shape.gpus == 0)
            return 0;
        const GpuState* gpus = m_gpus.data() + n.first;
        if (n.freeUnits == std::int64_t(n.gpus) * poolGpuUnits)
            return std::max(33 - n.gpus, n.gpus);
        int whole = 0, percent = 0;
        for (const auto& [g, placement] : pickGpus(n, s, -1)) {
            const GpuState& st = gpus[g - n.first];
            whole += st.compute == poolGpuUnits;
            percent += static_cast<int>(st.compute / unitsPerMilli * 100 / 1000);
        }
        return whole > 0 ? std::max(50 - whole, 33) : std::max(100 - percent / 10, 50);
    }
    case PoolPolicy::Clustering: {
        // gpu_clustering_score.go: base = ⌊25 · used share of the largest node's GPUs⌋; + 75 when the node runs
        // only tasks of this kind, + 50 when it runs this kind among others, + 25 when it runs no GPU task, + 0 else.
        if (s.shape.gpus == 0)
            return 0;
        const int base = static_cast<int>(25 * (m_maxUnits - n.freeUnits) / std::max<std::int64_t>(1, m_maxUnits));
        int same = 0;
        for (const auto& [tag, count] : n.tags)
            same += tag == s.tag ? count : 0;
        if (same > 0)
            return (n.tags.size() == 1 ? 75 : 50) + base;
        return (n.tags.empty() ? 25 : 0) + base;
    }
    case PoolPolicy::Fgd:
        return fgdScore(n, s, gpu);
    }
    return 0;
}

Eval Engine::evaluate(int node, int s)
{
    const Node& n = m_nodes[static_cast<std::size_t>(node)];
    const ShapeInfo& sh = m_shapes[static_cast<std::size_t>(s)];
    Eval e;
    e.version = m_version[static_cast<std::size_t>(node)];
    e.feasible = fits(view(n), sh);
    if (e.feasible)
        e.score = static_cast<std::int16_t>(score(n, sh, e.gpu));
    return e;
}

const Eval& Engine::cached(int node, int s)
{
    ShapeInfo& sh = m_shapes[static_cast<std::size_t>(s)];
    if (sh.cache.empty() && m_cachedEntries + m_nodes.size() <= maxCachedEntries) {
        sh.cache.resize(m_nodes.size());
        m_cachedEntries += m_nodes.size();
    }
    const std::uint32_t version = m_version[static_cast<std::size_t>(node)];
    if (sh.cache.empty()) {
        m_scratchEval = evaluate(node, s);
        return m_scratchEval;
    }
    Eval& e = sh.cache[static_cast<std::size_t>(node)];
    if (e.version != version)
        e = evaluate(node, s);
    return e;
}

int Engine::firstFit(int s)
{
    // First fit over every node, from a hint: the first node that fitted the shape last time. The nodes before it
    // fitted it then neither, so only those changed since (the change log) are tried again, then the nodes from
    // the hint on. Without it first fit would walk past every full node for every task.
    ShapeInfo& sh = m_shapes[static_cast<std::size_t>(s)];
    const int n = static_cast<int>(m_nodes.size());
    const std::size_t logEnd = m_changeLog.size();
    int found = -1, from = 0;
    // (The hint is worth it when fewer changes were logged since than there are nodes before it.)
    if (sh.hinted && logEnd - sh.hintLog < static_cast<std::size_t>(sh.hint)) {
        std::vector<int>& changed = m_scratch;
        changed.clear();
        for (std::size_t i = sh.hintLog; i < logEnd; ++i)
            if (m_changeLog[i] < sh.hint)
                changed.push_back(m_changeLog[i]);
        std::sort(changed.begin(), changed.end());
        changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
        for (int p : changed)
            if (cached(m_order[static_cast<std::size_t>(p)], s).feasible) {
                found = p;
                break;
            }
        from = sh.hint;
    }
    for (int p = from; found < 0 && p < n; ++p)
        if (cached(m_order[static_cast<std::size_t>(p)], s).feasible)
            found = p;
    sh.hinted = true;
    sh.hint = found < 0 ? n : found;
    sh.hintLog = logEnd;
    return found < 0 ? -1 : m_order[static_cast<std::size_t>(found)];
}

int Engine::choose(int s, const std::vector<int>* among)
{
    std::vector<int> sorted;
    if (among) {
        sorted = *among;
        std::sort(sorted.begin(), sorted.end(), [&](int a, int b) {
            return m_position[static_cast<std::size_t>(a)] < m_position[static_cast<std::size_t>(b)];
        });
    }
    if (m_options.policy == PoolPolicy::FirstFit) {
        if (!among)
            return firstFit(s);
        for (int node : sorted)
            if (cached(node, s).feasible)
                return node;
        return -1;
    }
    if (m_options.policy == PoolPolicy::Random) { // random_score.go: one feasible node, uniformly
        std::vector<int> feasible;
        for (int node : among ? sorted : m_order)
            if (cached(node, s).feasible)
                feasible.push_back(node);
        return feasible.empty() ? -1 : feasible[static_cast<std::size_t>(m_rng.below(feasible.size()))];
    }
    // The highest score; a tie goes to the node earlier in the tie-break order. The nodes are visited in index
    // order, so that the verdicts and versions are read in the order they lie in memory.
    int best = -1, bestScore = std::numeric_limits<int>::min(), bestPosition = 0;
    const auto visit = [&](int node) {
        const Eval& e = cached(node, s);
        const int position = m_position[static_cast<std::size_t>(node)];
        if (e.feasible && (e.score > bestScore || (e.score == bestScore && position < bestPosition))) {
            best = node;
            bestScore = e.score;
            bestPosition = position;
        }
    };
    if (among)
        for (int node : sorted)
            visit(node);
    else
        for (int node = 0; node < static_cast<int>(m_nodes.size()); ++node)
            visit(node);
    return best;
}

std::vector<std::pair<int, int>> Engine::pickGpus(const Node& n, const ShapeInfo& s, int fgdGpu)
{
    // The GPUs inside the node (the simulator's gpuSelMethod): "best" — the least free GPU that holds the task
    // (whole GPUs: the lowest-numbered free ones); first fit the lowest-numbered, worst fit the most free, random a
    // random one for a share of a GPU; FGD the GPU its score chose.
    std::vector<std::pair<int, int>> out;
    if (s.shape.gpus == 0)
        return out;
    const GpuDemand& d = s.demand[static_cast<std::size_t>(n.type)];
    const GpuState* gpus = m_gpus.data() + n.first;
    std::vector<int> fit = fittingGpus(n, d, gpus);
    const auto policy = m_options.policy;
    const bool shared = s.shape.gpus == 1 && d.compute < poolGpuUnits;
    if (shared && policy == PoolPolicy::Fgd && fgdGpu >= 0) {
        fit = {fgdGpu};
    } else if (shared && policy == PoolPolicy::Random && !fit.empty()) {
        fit = {fit[static_cast<std::size_t>(m_rng.below(fit.size()))]};
    } else if (policy == PoolPolicy::WorstFit) {
        std::stable_sort(fit.begin(), fit.end(), [&](int a, int b) { return gpus[a].compute > gpus[b].compute; });
    } else if (policy != PoolPolicy::FirstFit) {
        std::stable_sort(fit.begin(), fit.end(), [&](int a, int b) { return gpus[a].compute < gpus[b].compute; });
    }
    for (std::size_t i = 0; i < fit.size() && out.size() < static_cast<std::size_t>(s.shape.gpus); ++i)
        out.emplace_back(n.first + fit[i], freePlacement(gpus[fit[i]], d, n.type));
    return out;
}

void Engine::changed(int node)
{
    Node& n = m_nodes[static_cast<std::size_t>(node)];
    auto& version = m_version[static_cast<std::size_t>(node)];
    if (++version == 0)
        version = 1;
    // First fit's change log: cleared (and every hint with it) once it is much longer than the node list.
    if (m_changeLog.size() >= 16 * m_nodes.size() + 1024) {
        m_changeLog.clear();
        for (auto& sh : m_shapes)
            sh.hinted = false;
    }
    m_changeLog.push_back(m_position[static_cast<std::size_t>(node)]);
    m_frag -= n.frag;
    n.frag = fragOf(view(n));
    m_frag += n.frag;
}

void Engine::place(int id, int s, int node, int priority, bool preemptible)
{
    if (static_cast<std::size_t>(id) >= m_instances.size())
        m_instances.resize(static_cast<std::size_t>(id) + 1);
    Node& n = m_nodes[static_cast<std::size_t>(node)];
    const ShapeInfo& sh = m_shapes[static_cast<std::size_t>(s)];
    const std::int8_t fgdGpu = m_options.policy == PoolPolicy::Fgd ? cached(node, s).gpu : std::int8_t(-1);
    Instance& in = m_instances[static_cast<std::size_t>(id)];
    in.node = node;
    in.shape = s;
    in.priority = priority;
    in.preemptible = preemptible;
    in.seq = m_seq++;
    in.gpus = pickGpus(n, sh, fgdGpu);
    n.cpu -= sh.shape.cpu;
    n.mem -= sh.shape.mem;
    for (const auto& [g, placement] : in.gpus) {
        const GpuDemand& d = sh.demand[static_cast<std::size_t>(n.type)];
        take(m_gpus[static_cast<std::size_t>(g)], d, n.type, placement, 1);
        n.freeUnits -= d.compute;
        m_allocated += d.compute;
        m_typeAllocated[static_cast<std::size_t>(n.type)] += d.compute;
    }
    m_requested += sh.requestedUnits;
    in.posInNode = static_cast<int>(n.running.size());
    n.running.push_back(id);
    if (sh.tag > 0) {
        auto it = std::find_if(n.tags.begin(), n.tags.end(), [&](const auto& t) { return t.first == sh.tag; });
        if (it == n.tags.end())
            n.tags.emplace_back(sh.tag, 1);
        else
            ++it->second;
    }
    changed(node);
}

void Engine::remove(int id)
{
    Instance& in = m_instances[static_cast<std::size_t>(id)];
    Node& n = m_nodes[static_cast<std::size_t>(in.node)];
    const ShapeInfo& sh = m_shapes[static_cast<std::size_t>(in.shape)];
    n.cpu += sh.shape.cpu;
    n.mem += sh.shape.mem;
    for (const auto& [g, placement] : in.gpus) {
        const GpuDemand& d = sh.demand[static_cast<std::size_t>(n.type)];
        take(m_gpus[static_cast<std::size_t>(g)], d, n.type, placement, -1);
        n.freeUnits += d.compute;
        m_allocated -= d.compute;
        m_typeAllocated[static_cast<std::size_t>(n.type)] -= d.compute;
    }
    m_requested -= sh.requestedUnits;
    const int last = n.running.back();
    n.running[static_cast<std::size_t>(in.posInNode)] = last;
    m_instances[static_cast<std::size_t>(last)].posInNode = in.posInNode;
    n.running.pop_back();
    if (sh.tag > 0) {
        auto it = std::find_if(n.tags.begin(), n.tags.end(), [&](const auto& t) { return t.first == sh.tag; });
        if (--it->second == 0)
            n.tags.erase(it);
    }
    const int node = in.node;
    in.node = -1;
    in.gpus.clear();
    changed(node);
}

bool Engine::running(int id) const
{
    return static_cast<std::size_t>(id) < m_instances.size() && m_instances[static_cast<std::size_t>(id)].node >= 0;
}

std::optional<Engine::Eviction> Engine::evictionFor(int s, int priority)
{
    const ShapeInfo& sh = m_shapes[static_cast<std::size_t>(s)];
    std::optional<Eviction> best;
    for (int node : m_order) {
        const Node& n = m_nodes[static_cast<std::size_t>(node)];
        std::vector<int> candidates;
        for (int id : n.running) {
            const Instance& in = m_instances[static_cast<std::size_t>(id)];
            if (in.preemptible && in.priority < priority)
                candidates.push_back(id);
        }
        if (candidates.empty() || (best && best->victims.size() <= 1))
            continue;
        std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
            const Instance& x = m_instances[static_cast<std::size_t>(a)];
            const Instance& y = m_instances[static_cast<std::size_t>(b)];
            return x.priority != y.priority ? x.priority < y.priority : x.seq > y.seq;
        });
        const GpuState* gpus = m_gpus.data() + n.first;
        m_buf.assign(gpus, gpus + n.gpus);
        View v {&n, n.cpu, n.mem, m_buf.data()};
        for (std::size_t k = 0; k < candidates.size(); ++k) {
            if (best && k + 1 >= best->victims.size())
                break;
            const Instance& in = m_instances[static_cast<std::size_t>(candidates[k])];
            const ShapeInfo& victim = m_shapes[static_cast<std::size_t>(in.shape)];
            v.cpu += victim.shape.cpu;
            v.mem += victim.shape.mem;
            for (const auto& [g, placement] : in.gpus)
                take(m_buf[static_cast<std::size_t>(g - n.first)], victim.demand[static_cast<std::size_t>(n.type)],
                    n.type, placement, -1);
            if (fits(v, sh)) {
                best = Eviction {
                    node, std::vector<int>(candidates.begin(), candidates.begin() + static_cast<long>(k) + 1)};
                break;
            }
        }
    }
    return best;
}

} // namespace gpuplan::core::pool
