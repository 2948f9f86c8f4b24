// The pool simulator's experiments (pool.h): the event-driven replay, Weng et al.'s inflation experiment, packing
// onto the fewest GPUs, and the cluster's set-up.
#include "pool.h"

#include "catalog.h"
#include "pool_engine.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <queue>
#include <set>
#include <tuple>

namespace gpuplan::core {

namespace {

struct PolicyName
{
    PoolPolicy policy;
    std::string_view name;
};
constexpr PolicyName policyNames[] = {{PoolPolicy::FirstFit, "firstfit"}, {PoolPolicy::BestFit, "bestfit"},
    {PoolPolicy::WorstFit, "worstfit"}, {PoolPolicy::Packing, "packing"}, {PoolPolicy::DotProduct, "dotprod"},
    {PoolPolicy::Clustering, "clustering"}, {PoolPolicy::Random, "random"}, {PoolPolicy::Fgd, "fgd"},
    {PoolPolicy::Priority, "priority"}, {PoolPolicy::TwoLevel, "twolevel"}};

std::string describeTask(const PoolTask& t)
{
    std::string s = t.gpus == 0 ? "no GPU"
        : t.gpuMilli < 1000     ? std::to_string(t.gpuMilli) + " milli-GPU"
                                : std::to_string(t.gpus) + (t.gpus == 1 ? " GPU" : " GPUs");
    if (!t.gpuTypes.empty()) {
        s += " of ";
        for (std::size_t i = 0; i < t.gpuTypes.size(); ++i)
            s += (i ? "|" : "") + t.gpuTypes[i];
    }
    s += ", " + std::to_string(t.cpuMilli) + " milli-CPU, " + std::to_string(t.memoryMib) + " MiB";
    if (t.gpuMemoryMib > 0)
        s += ", " + std::to_string(t.gpuMemoryMib) + " MiB of GPU memory";
    if (!t.pool.empty())
        s += ", pool " + t.pool;
    return s;
}

/// Nearest-rank percentile (the smallest value with at least p of the values at or below it) of sorted values.
double nearestRank(const std::vector<double>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
    return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Tasks of each shape are checked once against the empty cluster; those that fit nowhere are counted and listed.
class UnfitCheck
{
public:
    UnfitCheck(pool::Engine& engine, std::size_t limit)
        : m_engine(engine)
        , m_limit(limit)
    { }

    /// Whether the task (of shape s) fits some node; when not, it is counted and perhaps listed.
    bool fits(const PoolTask& t, int s)
    {
        if (!fitsShape(s)) {
            ++m_count;
            if (m_list.size() < m_limit)
                m_list.push_back(UnfitTask {t.name, t.line, describeTask(t)});
            return false;
        }
        return true;
    }
    /// Whether shape s fits some node (checked once), without counting.
    bool fitsShape(int s)
    {
        if (static_cast<std::size_t>(s) >= m_fits.size())
            m_fits.resize(static_cast<std::size_t>(s) + 1, -1);
        auto& f = m_fits[static_cast<std::size_t>(s)];
        if (f < 0)
            f = m_engine.fitsEmpty(s) ? 1 : 0;
        return f == 1;
    }
    std::int64_t count() const { return m_count; }
    std::vector<UnfitTask>& list() { return m_list; }

private:
    pool::Engine& m_engine;
    std::size_t m_limit;
    std::vector<signed char> m_fits;
    std::int64_t m_count = 0;
    std::vector<UnfitTask> m_list;
};

/// The replay's state and event loop.
class Replay
{
public:
    Replay(const PoolCluster& cluster, const std::vector<PoolTask>& tasks, const PoolOptions& options)
        : m_cluster(cluster)
        , m_tasks(tasks)
        , m_options(options)
        , m_engine(cluster, tasks, options)
        , m_unfit(m_engine, options.listLimit)
        , m_state(tasks.size())
    {
        m_result.policy = options.policy;
        m_result.tasks = static_cast<std::int64_t>(tasks.size());
        m_result.gpus = cluster.gpuCount();
        if (options.burst) {
            m_after.reserve(tasks.size());
            for (const auto& t : tasks)
                m_after.push_back(options.burst->afterFor(t.taskClass));
        }
        if (options.keepNodeUse) {
            m_nodeTime.assign(cluster.nodes.size(), 0);
            m_nodeLast.assign(cluster.nodes.size(), 0);
        }
    }

    PoolResult run();

private:
    struct TaskState
    {
        int shape = -1;
        int queue = -1;
        int node = -1; ///< where it last started
        int epoch = 0;
        int stays = 0; ///< times it was queued (a burst deadline holds the stay it was set for)
        bool started = false;
        bool waiting = false;
        bool burst = false; ///< ran on burst capacity
        double queuedSince = 0;
        double wait = 0;
    };
    /// Waiting tasks of one shape and priority, by arrival.
    struct Queue
    {
        int shape = 0;
        int priority = 0;
        std::set<std::pair<double, int>> tasks;
        std::int64_t evictionCheckedAt = -1; ///< preemptible starts when eviction last failed for it
    };
    using Departure = std::tuple<double, int, int>;     // time, task, epoch
    using BurstDeadline = std::tuple<double, int, int>; // time, task, stay
    using BurstEnd = std::pair<double, int>;            // time, task

    void advance(double t);
    void sample(double t);
    void arrive(int task);
    void start(int task, int node);
    void enqueue(int task);
    bool evictFor(int task);
    void retry(std::vector<int> dirty);
    void burst(int task);
    /// Adds a node's allocated capacity since its last change to its use (PoolOptions::keepNodeUse).
    void touch(int node);
    bool staleDeadline(const BurstDeadline& d) const;
    void finish();

    const PoolCluster& m_cluster;
    const std::vector<PoolTask>& m_tasks;
    PoolOptions m_options;
    pool::Engine m_engine;
    UnfitCheck m_unfit;
    std::vector<TaskState> m_state;
    std::vector<Queue> m_queues;
    std::map<std::pair<int, int>, int> m_queueIndex;
    std::priority_queue<Departure, std::vector<Departure>, std::greater<>> m_departures;
    std::priority_queue<BurstDeadline, std::vector<BurstDeadline>, std::greater<>> m_burstAt;
    std::priority_queue<BurstEnd, std::vector<BurstEnd>, std::greater<>> m_burstEnds;
    std::vector<double> m_after; ///< per task: the wait after which it bursts (PoolOptions::burst)
    std::int64_t m_burstMilli = 0;
    std::vector<double> m_nodeTime, m_nodeLast; ///< per node: allocated units × s, and when last counted
    std::vector<int> m_dirty;                   ///< nodes whose tasks were evicted while placing the current arrivals
    PoolResult m_result;
    double m_now = 0, m_last = 0;
    std::int64_t m_running = 0, m_queued = 0, m_preemptibleStarts = 0;
    // integrals over time of units
    double m_allocatedTime = 0, m_requestedTime = 0, m_fragTime = 0;
    std::vector<double> m_typeTime;
    double m_step = 1, m_nextSample = 0;
    bool m_finished = false;
};

void Replay::sample(double t)
{
    const double cap = static_cast<double>(std::max<std::int64_t>(1, m_engine.capacityUnits()));
    PoolSample s;
    s.time = t;
    s.allocatedPct = 100.0 * m_engine.allocatedUnits() / cap;
    s.requestedPct = 100.0 * m_engine.requestedUnits() / cap;
    s.fragmentedPct = 100.0 * m_engine.fragmentedUnits() / cap;
    s.running = m_running;
    s.queued = m_queued;
    s.burstGpus = static_cast<double>(m_burstMilli) / 1000.0;
    m_result.series.push_back(s);
}

void Replay::advance(double t)
{
    // The state is constant from m_last to t: integrate it and take the samples that fall in [m_last, t) (the final
    // state's samples are taken at the end, at t = end).
    while (m_nextSample < t || (m_finished && m_nextSample <= t)) {
        sample(m_nextSample);
        if (m_result.series.size() >= 2 * static_cast<std::size_t>(std::max(1, m_options.samples)) + 1) {
            std::vector<PoolSample> kept; // keep every other sample, at twice the step
            for (std::size_t i = 0; i < m_result.series.size(); i += 2)
                kept.push_back(m_result.series[i]);
            m_result.series = std::move(kept);
            m_step *= 2;
        }
        m_nextSample = m_result.start + static_cast<double>(m_result.series.size()) * m_step;
    }
    const double dt = t - m_last;
    if (dt > 0) {
        m_allocatedTime += dt * static_cast<double>(m_engine.allocatedUnits());
        m_requestedTime += dt * static_cast<double>(m_engine.requestedUnits());
        m_fragTime += dt * m_engine.fragmentedUnits();
        for (std::size_t i = 0; i < m_typeTime.size(); ++i)
            m_typeTime[i] += dt * static_cast<double>(m_engine.typeAllocated()[i]);
    }
    m_last = m_now = t;
}

void Replay::start(int task, int node)
{
    const PoolTask& t = m_tasks[static_cast<std::size_t>(task)];
    TaskState& st = m_state[static_cast<std::size_t>(task)];
    touch(node);
    m_engine.place(task, st.shape, node, t.priority, t.preemptible);
    st.node = node;
    st.wait += m_now - st.queuedSince;
    if (!st.started)
        ++m_result.placed;
    st.started = true;
    ++m_running;
    m_preemptibleStarts += t.preemptible;
    if (t.duration >= 0)
        m_departures.emplace(m_now + t.duration, task, st.epoch);
    m_result.peakAllocationPct = std::max(m_result.peakAllocationPct,
        100.0 * m_engine.allocatedUnits() / static_cast<double>(std::max<std::int64_t>(1, m_engine.capacityUnits())));
}

void Replay::enqueue(int task)
{
    const PoolTask& t = m_tasks[static_cast<std::size_t>(task)];
    TaskState& st = m_state[static_cast<std::size_t>(task)];
    auto [it, added] = m_queueIndex.emplace(std::make_pair(st.shape, t.priority), static_cast<int>(m_queues.size()));
    if (added)
        m_queues.push_back(Queue {st.shape, t.priority, {}, -1});
    st.queue = it->second;
    st.waiting = true;
    m_queues[static_cast<std::size_t>(st.queue)].tasks.emplace(t.arrival, task);
    ++m_queued;
    if (m_options.burst) // it bursts once its waits add up to its class's limit
        m_burstAt.emplace(
            st.queuedSince + std::max(0.0, m_after[static_cast<std::size_t>(task)] - st.wait), task, ++st.stays);
}

bool Replay::staleDeadline(const BurstDeadline& d) const
{
    const TaskState& st = m_state[static_cast<std::size_t>(std::get<1>(d))];
    return !st.waiting || st.stays != std::get<2>(d);
}

void Replay::burst(int task)
{
    const PoolTask& t = m_tasks[static_cast<std::size_t>(task)];
    TaskState& st = m_state[static_cast<std::size_t>(task)];
    m_queues[static_cast<std::size_t>(st.queue)].tasks.erase({t.arrival, task});
    --m_queued;
    st.waiting = false;
    st.wait += m_now - st.queuedSince + m_options.burst->startDelay;
    if (!st.started)
        ++m_result.placed;
    st.started = true;
    st.burst = true;
    const double start = m_now + m_options.burst->startDelay;
    const double end = t.duration >= 0 ? start + t.duration : -1;
    m_result.bursts.push_back(PoolBurstRun {task, start, end});
    m_burstMilli += t.gpuDemandMilli();
    if (end >= 0)
        m_burstEnds.emplace(end, task);
}

void Replay::touch(int node)
{
    if (m_nodeTime.empty() || node < 0)
        return;
    const auto n = static_cast<std::size_t>(node);
    const auto& state = m_engine.nodes()[n];
    const double allocated = static_cast<double>(std::int64_t(state.gpus) * poolGpuUnits - state.freeUnits);
    m_nodeTime[n] += allocated * (m_now - m_nodeLast[n]);
    m_nodeLast[n] = m_now;
}

bool Replay::evictFor(int task)
{
    // The priority policy: evict preemptible tasks of lower priority (restarted from the queue later) when that
    // makes room; the victims lose their progress, as a Kubernetes pod evicted by preemption does.
    const PoolTask& t = m_tasks[static_cast<std::size_t>(task)];
    auto e = m_engine.evictionFor(m_state[static_cast<std::size_t>(task)].shape, t.priority);
    if (!e)
        return false;
    for (int victim : e->victims) {
        touch(m_engine.nodeOf(victim));
        m_engine.remove(victim);
        --m_running;
        ++m_result.preemptions;
        TaskState& vs = m_state[static_cast<std::size_t>(victim)];
        ++vs.epoch;
        vs.queuedSince = m_now;
    }
    start(task, e->node);
    m_dirty.push_back(e->node);
    for (int victim : e->victims) { // restarted elsewhere if they fit now, else queued (then they fit no node)
        const int node = m_engine.choose(m_state[static_cast<std::size_t>(victim)].shape);
        if (node >= 0)
            start(victim, node);
        else
            enqueue(victim);
    }
    return true;
}

void Replay::arrive(int task)
{
    const PoolTask& t = m_tasks[static_cast<std::size_t>(task)];
    TaskState& st = m_state[static_cast<std::size_t>(task)];
    st.shape = m_engine.shapeOf(t, m_cluster);
    st.queuedSince = m_now;
    if (m_options.burst && !m_unfit.fitsShape(st.shape)) { // no node holds it: it waits for burst capacity
        enqueue(task);
        return;
    }
    if (!m_unfit.fits(t, st.shape))
        return;
    const int node = m_engine.choose(st.shape);
    if (node >= 0)
        start(task, node);
    else if (!(m_options.policy == PoolPolicy::Priority && evictFor(task)))
        enqueue(task);
}

void Replay::retry(std::vector<int> dirty)
{
    // Every waiting task fits no node (it was tried on all when it arrived, and on every node freed since), so
    // after capacity frees up only the freed nodes need trying. Tasks are taken by priority, then arrival; all
    // tasks of a queue share a shape, so once its first does not fit the rest are skipped.
    while (!dirty.empty()) {
        std::sort(dirty.begin(), dirty.end());
        dirty.erase(std::unique(dirty.begin(), dirty.end()), dirty.end());
        using Head = std::tuple<int, double, int, int>; // -priority, arrival, task, queue
        std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
        for (std::size_t q = 0; q < m_queues.size(); ++q)
            if (!m_queues[q].tasks.empty()) {
                const auto& [arrival, task] = *m_queues[q].tasks.begin();
                heads.emplace(-m_queues[q].priority, arrival, task, static_cast<int>(q));
            }
        m_dirty.clear();
        while (!heads.empty()) {
            const auto q = static_cast<std::size_t>(std::get<3>(heads.top()));
            heads.pop();
            const int task = m_queues[q].tasks.begin()->second;
            const int node = m_engine.choose(m_queues[q].shape, &dirty);
            const bool evict = node < 0 && m_options.policy == PoolPolicy::Priority
                && m_queues[q].evictionCheckedAt < m_preemptibleStarts;
            if (node < 0 && !evict)
                continue; // the rest of this queue has its shape: none fits either
            m_queues[q].tasks.erase(m_queues[q].tasks.begin());
            --m_queued;
            m_state[static_cast<std::size_t>(task)].waiting = false;
            bool started = true;
            if (node >= 0) {
                start(task, node);
            } else if (!evictFor(task)) { // (may add queues: m_queues is indexed, not referenced, across it)
                enqueue(task);
                m_queues[q].evictionCheckedAt = m_preemptibleStarts;
                started = false;
            }
            if (started && !m_queues[q].tasks.empty()) {
                const auto& [arrival, next] = *m_queues[q].tasks.begin();
                heads.emplace(-m_queues[q].priority, arrival, next, static_cast<int>(q));
            }
        }
        dirty = m_dirty; // nodes where evictions freed more than their new task took
    }
}

void Replay::finish()
{
    const double span = m_result.end - m_result.start;
    const double cap = static_cast<double>(std::max<std::int64_t>(1, m_engine.capacityUnits()));
    if (span > 0) {
        m_result.allocationPct = 100.0 * m_allocatedTime / span / cap;
        m_result.utilizationPct = 100.0 * m_requestedTime / span / cap;
        m_result.fragmentedPct = 100.0 * m_fragTime / span / cap;
    } else {
        m_result.allocationPct = 100.0 * m_engine.allocatedUnits() / cap;
        m_result.utilizationPct = 100.0 * m_engine.requestedUnits() / cap;
        m_result.fragmentedPct = 100.0 * m_engine.fragmentedUnits() / cap;
    }
    // Queueing delay per class.
    std::map<std::string, std::pair<ClassDelay, std::vector<double>>> classes;
    for (std::size_t i = 0; i < m_tasks.size(); ++i) {
        const TaskState& st = m_state[i];
        if (st.shape < 0 || (!st.started && !st.waiting))
            continue; // never arrived at a fitting shape: in the unfit list
        auto& [delay, waits] = classes[m_tasks[i].taskClass];
        delay.taskClass = m_tasks[i].taskClass;
        ++delay.tasks;
        delay.burst += st.burst;
        if (!st.started) {
            ++delay.neverPlaced;
            ++m_result.neverPlaced;
            continue;
        }
        ++delay.placed;
        waits.push_back(st.wait + (st.waiting ? m_result.end - st.queuedSince : 0.0));
    }
    for (auto& entry : classes) {
        auto& delay = entry.second.first;
        auto& waits = entry.second.second;
        std::sort(waits.begin(), waits.end());
        delay.p50 = nearestRank(waits, 0.50);
        delay.p99 = nearestRank(waits, 0.99);
        delay.mean
            = waits.empty() ? 0 : std::accumulate(waits.begin(), waits.end(), 0.0) / static_cast<double>(waits.size());
        m_result.delays.push_back(delay);
    }
    // Energy and cost per type.
    const double hours = span / 3600.0;
    for (std::size_t i = 0; i < m_cluster.types.size(); ++i) {
        const PoolGpuType& type = m_cluster.types[i];
        PoolTypeUse use;
        use.label = type.label;
        use.gpuId = type.gpu ? type.gpu->id : "";
        for (const auto& n : m_cluster.nodes)
            use.gpus += n.gpuType == type.label ? n.gpus : 0;
        use.allocatedGpuHours = m_typeTime[i] / poolGpuUnits / 3600.0;
        if (type.gpu && type.gpu->tdpW > 0) {
            // kWh = Σ (idle + (board − idle) × allocated share) × hours × PUE (DESIGN.md, "Energy and carbon"):
            // idle and board power from gpus.json (idle_w, tdp_w); an allocated share counts as busy.
            const double wattHours
                = type.gpu->idleW * use.gpus * hours + (type.gpu->tdpW - type.gpu->idleW) * use.allocatedGpuHours;
            use.energyKwh = wattHours / 1000.0 * m_options.pue;
            m_result.energyKwh = m_result.energyKwh.value_or(0) + *use.energyKwh;
        } else {
            m_result.notes.push_back(type.label
                + (type.gpu ? ": gpus.json gives no board power; no energy"
                            : ": not mapped to a gpus.json GPU (--gpu-map); simulated, but not priced and no energy"));
        }
        if (type.usdPerGpuHour) {
            use.costUsd = *type.usdPerGpuHour * use.gpus * hours;
            m_result.costUsd = m_result.costUsd.value_or(0) + *use.costUsd;
        } else if (type.gpu) {
            m_result.notes.push_back(type.label + " (" + type.gpu->id + "): no price known; not priced");
        }
        m_result.types.push_back(use);
    }
    if (m_options.keepPlacements)
        for (std::size_t i = 0; i < m_tasks.size(); ++i)
            m_result.placements.push_back(m_state[i].node);
    if (m_options.keepNodeUse) {
        for (std::size_t n = 0; n < m_nodeTime.size(); ++n)
            touch(static_cast<int>(n));
        for (double units : m_nodeTime)
            m_result.nodeGpuHours.push_back(units / poolGpuUnits / 3600.0);
    }
    for (auto& b : m_result.bursts)
        if (b.end < 0) // runs to the end
            b.end = std::max(b.start, m_result.end);
    m_result.unfitCount = m_unfit.count();
    m_result.unfit = std::move(m_unfit.list());
    if (m_result.unfitCount > 0)
        m_result.notes.push_back(std::to_string(m_result.unfitCount)
            + " tasks fit no node even on an empty cluster: counted, listed, never queued");
    if (m_result.neverPlaced > 0)
        m_result.notes.push_back(
            std::to_string(m_result.neverPlaced) + " tasks were still waiting when the last task left");
}

PoolResult Replay::run()
{
    std::vector<int> order(m_tasks.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return m_tasks[static_cast<std::size_t>(a)].arrival < m_tasks[static_cast<std::size_t>(b)].arrival;
    });
    m_typeTime.assign(m_cluster.types.size(), 0);
    if (!order.empty()) {
        m_result.start = m_now = m_last = m_nextSample = m_tasks[static_cast<std::size_t>(order.front())].arrival;
        double horizon = m_result.start;
        for (const auto& t : m_tasks)
            horizon = std::max(horizon, t.arrival + std::max(0.0, t.duration));
        m_step = horizon > m_result.start ? (horizon - m_result.start) / std::max(1, m_options.samples) : 1.0;
    }
    std::size_t next = 0;
    constexpr double never = std::numeric_limits<double>::infinity();
    while (true) {
        while (!m_burstAt.empty() && staleDeadline(m_burstAt.top()))
            m_burstAt.pop();
        if (next >= order.size() && m_departures.empty() && m_burstAt.empty() && m_burstEnds.empty())
            break;
        const double t = std::min({next < order.size() ? m_tasks[static_cast<std::size_t>(order[next])].arrival : never,
            m_departures.empty() ? never : std::get<0>(m_departures.top()),
            m_burstAt.empty() ? never : std::get<0>(m_burstAt.top()),
            m_burstEnds.empty() ? never : m_burstEnds.top().first});
        advance(t);
        std::vector<int> freed;
        while (!m_departures.empty() && std::get<0>(m_departures.top()) <= t) {
            const auto [time, task, epoch] = m_departures.top();
            m_departures.pop();
            if (m_state[static_cast<std::size_t>(task)].epoch != epoch || !m_engine.running(task))
                continue; // evicted since
            freed.push_back(m_engine.nodeOf(task));
            touch(freed.back());
            m_engine.remove(task);
            --m_running;
            ++m_result.completed;
        }
        while (!m_burstEnds.empty() && m_burstEnds.top().first <= t) {
            m_burstMilli -= m_tasks[static_cast<std::size_t>(m_burstEnds.top().second)].gpuDemandMilli();
            m_burstEnds.pop();
            ++m_result.completed;
        }
        if (!freed.empty())
            retry(std::move(freed));
        m_dirty.clear();
        while (next < order.size() && m_tasks[static_cast<std::size_t>(order[next])].arrival <= t)
            arrive(order[next++]);
        if (!m_dirty.empty())
            retry(m_dirty);
        // Last, so that a task that capacity freed at this moment starts on the cluster instead.
        while (!m_burstAt.empty() && std::get<0>(m_burstAt.top()) <= t) {
            const BurstDeadline d = m_burstAt.top();
            m_burstAt.pop();
            if (!staleDeadline(d))
                burst(std::get<1>(d));
        }
    }
    m_result.end = m_now;
    m_finished = true;
    advance(m_now);
    finish();
    return std::move(m_result);
}

/// The arrived-% bucket of an attempt (the FGD merge scripts use Python's round(): halves to the even neighbour).
int bucketOf(double arrivedPct)
{
    const double down = std::floor(arrivedPct);
    const double rest = arrivedPct - down;
    const auto r = static_cast<int>(down);
    if (rest > 0.5)
        return r + 1;
    if (rest < 0.5)
        return r;
    return r % 2 == 0 ? r : r + 1;
}

struct Bucket
{
    double allocated = 0, fragmented = 0, rate = 0;
    std::int64_t count = 0;
};

InflationRun inflateOnce(const PoolCluster& cluster, const std::vector<PoolTask>& tasks, const PoolOptions& options,
    double targetRatio, std::vector<UnfitTask>* unfitList)
{
    InflationRun run;
    run.seed = options.seed;
    const std::int64_t capacityMilli = std::int64_t(cluster.gpuCount()) * 1000;
    // The workload: sorted by name, shuffled, then resampled with replacement until the next task would take the
    // demand past the target (the simulator stops on the next task's per-GPU share; its whole demand is used here).
    std::vector<int> byName(tasks.size());
    std::iota(byName.begin(), byName.end(), 0);
    std::stable_sort(byName.begin(), byName.end(), [&](int a, int b) {
        return tasks[static_cast<std::size_t>(a)].name < tasks[static_cast<std::size_t>(b)].name;
    });
    Rng rng(options.seed);
    std::vector<int> list = byName;
    rng.shuffle(list);
    std::int64_t total = 0;
    for (const auto& t : tasks)
        total += t.gpuDemandMilli();
    const double target = targetRatio * static_cast<double>(capacityMilli);
    // At most 100 draws per task of the trace: a trace of CPU-only or tiny tasks would otherwise draw for ever.
    const std::size_t maxDraws = 100 * tasks.size();
    for (std::size_t draw = 0; draw < maxDraws && total < target; ++draw) {
        const int idx = byName[static_cast<std::size_t>(rng.below(byName.size()))];
        const std::int64_t demand = tasks[static_cast<std::size_t>(idx)].gpuDemandMilli();
        if (static_cast<double>(total + demand) > target)
            break;
        list.push_back(idx);
        total += demand;
    }
    pool::Engine engine(cluster, tasks, options);
    UnfitCheck unfit(engine, options.listLimit);
    const double cap = static_cast<double>(std::max<std::int64_t>(1, engine.capacityUnits()));
    for (const auto& t : tasks) // the trace's tasks that fit nowhere, each once
        unfit.fits(t, engine.shapeOf(t, cluster));
    std::vector<Bucket> buckets;
    std::int64_t arrived = 0;
    for (std::size_t pos = 0; pos < list.size(); ++pos) {
        const PoolTask& t = tasks[static_cast<std::size_t>(list[pos])];
        const int s = engine.shapeOf(t, cluster);
        arrived += t.gpuDemandMilli();
        ++run.tried;
        const bool fits = unfit.fitsShape(s);
        const int node = fits ? engine.choose(s) : -1;
        if (node >= 0) {
            engine.place(static_cast<int>(pos), s, node);
        } else {
            ++run.failed;
            if (fits && !run.arrivedAtFirstFailurePct) {
                run.arrivedAtFirstFailurePct
                    = 100.0 * static_cast<double>(arrived) / static_cast<double>(capacityMilli);
                run.allocatedAtFirstFailurePct = 100.0 * engine.allocatedUnits() / cap;
            }
        }
        const int b = bucketOf(
            100.0 * static_cast<double>(arrived) / static_cast<double>(std::max<std::int64_t>(1, capacityMilli)));
        if (static_cast<std::size_t>(b) >= buckets.size())
            buckets.resize(static_cast<std::size_t>(b) + 1);
        Bucket& bucket = buckets[static_cast<std::size_t>(b)];
        const double unallocated = cap - static_cast<double>(engine.allocatedUnits());
        bucket.allocated += 100.0 * engine.allocatedUnits() / cap;
        bucket.fragmented += 100.0 * engine.fragmentedUnits() / cap;
        bucket.rate += unallocated > 0 ? 100.0 * engine.fragmentedUnits() / unallocated : 0.0;
        ++bucket.count;
    }
    run.unfitCount = unfit.count();
    if (unfitList && unfitList->empty())
        *unfitList = std::move(unfit.list());
    const int last = static_cast<int>(std::ceil(targetRatio * 100 - 1e-9));
    for (int x = 0; x <= last; ++x) {
        Bucket sum = x < static_cast<int>(buckets.size()) ? buckets[static_cast<std::size_t>(x)] : Bucket {};
        if (sum.count == 0) // no attempt rounds to x: those within ±1
            for (int y = x - 1; y <= x + 1; ++y)
                if (y >= 0 && y < static_cast<int>(buckets.size())) {
                    const Bucket& b = buckets[static_cast<std::size_t>(y)];
                    sum.allocated += b.allocated;
                    sum.fragmented += b.fragmented;
                    sum.rate += b.rate;
                    sum.count += b.count;
                }
        if (sum.count == 0)
            continue;
        const double n = static_cast<double>(sum.count);
        run.curve.push_back(InflationPoint {x, sum.allocated / n, sum.fragmented / n, sum.rate / n});
    }
    return run;
}

} // namespace

double PoolBurstRule::afterFor(std::string_view taskClass) const
{
    for (const auto& [label, seconds] : afterByClass)
        if (label == taskClass)
            return seconds;
    return after;
}

std::string_view toString(PoolPolicy p)
{
    for (const auto& n : policyNames)
        if (n.policy == p)
            return n.name;
    return "?";
}

std::optional<PoolPolicy> poolPolicyFromString(std::string_view name)
{
    std::string key;
    for (char c : name)
        if (c != '-' && c != '_')
            key.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    for (const auto& n : policyNames)
        if (n.name == key)
            return n.policy;
    return std::nullopt;
}

const std::vector<PoolPolicy>& allPoolPolicies()
{
    static const std::vector<PoolPolicy> all = [] {
        std::vector<PoolPolicy> v;
        for (const auto& n : policyNames)
            v.push_back(n.policy);
        return v;
    }();
    return all;
}

int PoolCluster::gpuCount() const
{
    int n = 0;
    for (const auto& node : nodes)
        n += node.gpus;
    return n;
}

const PoolGpuType* PoolCluster::type(std::string_view label) const
{
    for (const auto& t : types)
        if (t.label == label)
            return &t;
    return nullptr;
}

Result<PoolCluster> makePoolCluster(std::vector<PoolNode> nodes, const std::string& file,
    const std::vector<GpuTypeMapping>& mapping, const GpuCatalog& gpus)
{
    // A 64-bit mask holds the GPU types a task may use.
    constexpr std::size_t maxTypes = 64;
    PoolCluster c;
    c.file = file;
    for (const auto& n : nodes) {
        if (n.gpus == 0 || c.type(n.gpuType))
            continue;
        if (n.gpuType.empty())
            return Error {ErrorCode::InvalidInput,
                file + ":" + std::to_string(n.line) + ": node " + n.name + " has " + std::to_string(n.gpus)
                    + " GPUs but no GPU type"};
        if (c.types.size() == maxTypes)
            return Error {ErrorCode::LimitExceeded,
                file + ":" + std::to_string(n.line) + ": more than " + std::to_string(maxTypes) + " GPU types"};
        PoolGpuType t;
        t.label = n.gpuType;
        const auto m
            = std::find_if(mapping.begin(), mapping.end(), [&](const auto& e) { return e.label == n.gpuType; });
        if (m != mapping.end()) {
            t.gpu = m->gpuId.empty() ? nullptr : gpus.lookup(m->gpuId);
            if (!m->gpuId.empty() && !t.gpu)
                return Error {
                    ErrorCode::UnknownGpu, file + ": GPU type " + n.gpuType + " maps to unknown GPU " + m->gpuId};
            t.usdPerGpuHour = m->usdPerGpuHour;
            t.priceSource = m->priceSource;
        } else {
            t.gpu = gpus.lookup(n.gpuType);
        }
        c.types.push_back(std::move(t));
    }
    c.nodes = std::move(nodes);
    return c;
}

std::vector<TaskClassShare> typicalTasks(const std::vector<PoolTask>& tasks, double coverage)
{
    // GetTypicalPods (pkg/utils/frag.go): count tasks per (CPU, milli-GPU per GPU, GPUs, types); take the shapes
    // from the most common (ties: the larger key first, compared CPU, milli-GPU, GPUs, then types) until they
    // cover `coverage` of the tasks.
    using Key = std::tuple<std::int64_t, int, int, std::string>;
    std::map<Key, std::pair<std::int64_t, std::vector<std::string>>> counts;
    for (const auto& t : tasks) {
        std::string types;
        for (const auto& g : t.gpuTypes)
            types += (types.empty() ? "" : "|") + g;
        auto& entry = counts[Key {t.cpuMilli, t.gpus > 0 ? t.gpuMilli : 0, t.gpus, t.gpus > 0 ? types : ""}];
        ++entry.first;
        if (t.gpus > 0)
            entry.second = t.gpuTypes;
    }
    std::vector<std::pair<Key, std::pair<std::int64_t, std::vector<std::string>>>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.second.first != b.second.first ? a.second.first > b.second.first : a.first > b.first;
    });
    const double need = coverage * static_cast<double>(tasks.size());
    std::vector<TaskClassShare> out;
    std::int64_t covered = 0;
    for (const auto& [key, value] : sorted) {
        if (static_cast<double>(covered) >= need)
            break;
        TaskClassShare c;
        c.cpuMilli = std::get<0>(key);
        c.gpuMilli = std::get<1>(key);
        c.gpus = std::get<2>(key);
        c.gpuTypes = value.second;
        c.count = value.first;
        covered += c.count;
        out.push_back(std::move(c));
    }
    for (auto& c : out)
        c.popularity = static_cast<double>(c.count) / static_cast<double>(covered);
    return out;
}

PoolResult simulatePool(const PoolCluster& cluster, const std::vector<PoolTask>& tasks, const PoolOptions& options)
{
    Replay replay(cluster, tasks, options);
    return replay.run();
}

InflationResult inflatePool(const PoolCluster& cluster, const std::vector<PoolTask>& tasks, const PoolOptions& options,
    int runs, double targetRatio)
{
    InflationResult r;
    r.policy = options.policy;
    std::vector<double> unallocated, fragmented, atFailure, arrivedAtFailure, failed;
    for (int i = 0; i < std::max(1, runs); ++i) {
        PoolOptions o = options;
        o.seed = options.seed + static_cast<std::uint64_t>(i);
        InflationRun run = inflateOnce(cluster, tasks, o, targetRatio, &r.unfit);
        for (const auto& p : run.curve)
            if (p.arrivedPct == 100) {
                unallocated.push_back(100 - p.allocatedPct);
                fragmented.push_back(p.fragmentedPct);
            }
        if (run.allocatedAtFirstFailurePct) {
            atFailure.push_back(*run.allocatedAtFirstFailurePct);
            arrivedAtFailure.push_back(*run.arrivedAtFirstFailurePct);
        }
        failed.push_back(static_cast<double>(run.failed));
        r.runs.push_back(std::move(run));
    }
    const auto mean = [](const std::vector<double>& v) {
        return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    };
    r.unallocatedAt100Mean = mean(unallocated);
    r.unallocatedAt100Median = median(unallocated);
    r.fragmentedAt100Mean = mean(fragmented);
    r.allocatedAtFirstFailureMean = mean(atFailure);
    r.arrivedAtFirstFailureMean = mean(arrivedAtFailure);
    r.failedMean = mean(failed);
    r.runsWithFailure = static_cast<std::int64_t>(atFailure.size());
    return r;
}

std::optional<double> publishedUnallocatedPct(PoolPolicy policy)
{
    // Weng et al. 2023, Fig. 9(a) and the bars of Figs. 11–14 at 100 % arrived: the mean over seeds 42–51 of
    // 100 − the allocation ratio in the authors' cached results (hkust-adsl/kubernetes-scheduler-simulator@8f3d641735,
    // experiments/analysis/expected_results/analysis_allo_discrete.csv, workload openb_pod_list_default, column 100).
    switch (policy) {
    case PoolPolicy::Random:
        return 13.697;
    case PoolPolicy::DotProduct:
        return 9.378;
    case PoolPolicy::Clustering:
        return 8.350;
    case PoolPolicy::Packing:
        return 8.221;
    case PoolPolicy::BestFit:
        return 7.138;
    case PoolPolicy::Fgd:
        return 4.773;
    default:
        return std::nullopt;
    }
}

PoolPacking packOnGpus(const std::vector<PoolTask>& tasks, const GpuSpec* gpu, PoolSharing sharing)
{
    PoolCluster c;
    const std::string label = gpu ? gpu->id : "GPU";
    c.types.push_back(PoolGpuType {label, gpu, std::nullopt, ""});
    for (std::size_t i = 0; i < tasks.size(); ++i)
        c.nodes.push_back(PoolNode {"gpu-" + std::to_string(i), label, 1, poolUnlimited, poolUnlimited, "", 0});
    PoolOptions o;
    o.policy = PoolPolicy::FirstFit;
    o.sharing = sharing;
    pool::Engine engine(c, {}, o);
    std::vector<int> order(tasks.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return tasks[static_cast<std::size_t>(a)].gpuDemandMilli()
            > tasks[static_cast<std::size_t>(b)].gpuDemandMilli();
    });
    PoolPacking p;
    p.placement.assign(tasks.size(), -1);
    int used = 0;
    for (int i : order) {
        const int s = engine.shapeOf(tasks[static_cast<std::size_t>(i)], c);
        const int node = engine.choose(s);
        if (node < 0)
            continue;
        engine.place(i, s, node);
        p.placement[static_cast<std::size_t>(i)] = node;
        used = std::max(used, node + 1);
    }
    for (int n = 0; n < used; ++n)
        p.freeUnits.push_back(static_cast<int>(engine.nodes()[static_cast<std::size_t>(n)].freeUnits));
    p.allocatedUnits = engine.allocatedUnits();
    return p;
}

std::optional<std::pair<double, std::string>> cheapestGpuHour(
    const std::vector<Offering>& offerings, std::string_view gpuId)
{
    std::optional<std::pair<double, std::string>> best;
    for (const auto& o : offerings) {
        if (o.gpuModel != gpuId || !(o.gpuCount > 0))
            continue;
        for (const auto& p : o.prices) {
            if (p.pricingModel != PricingModel::OnDemand || p.currency != "USD" || !(p.hourlyRate > 0))
                continue;
            const double perGpu = p.effectiveHourly() / o.gpuCount;
            if (!best || perGpu < best->first)
                best = std::make_pair(
                    perGpu, o.provider + " " + o.instanceType + " " + o.region + " on demand, as of " + p.asOf);
        }
    }
    return best;
}

} // namespace gpuplan::core
