// Google Benchmark: the GPU pool simulator (core/pool.h). The whole real trace (8,152 tasks on 1,213 nodes, when
// GPUPLAN_SAMPLES points at the shared samples; otherwise a synthetic trace of the same size and shape), replayed
// and inflated, and synthetic traces of 10^4, 10^5 and 10^6 tasks on the same cluster with first fit, best fit and
// FGD. Run: build/release/tests/bench/bench_pool (see the README, "Speed", for the figures).
#include "core/pool.h"
#include "core/pool_trace.h"
#include "core/random.h"

#include "bench_util.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace gpuplan;
using bench::peakRssKiB;
using bench::readFile;

namespace {

const core::GpuCatalog& gpus()
{
    static const core::GpuCatalog g = *core::GpuCatalog::fromJson(
        readFile(std::filesystem::path(GPUPLAN_SOURCE_DIR) / "pricing-data/gpus.json"), "gpus.json");
    return g;
}

/// The openb GPU cluster's node shapes, counted from Alibaba cluster-trace-gpu-v2023 openb_node_list_gpu_node.csv
/// (github.com/alibaba/clusterdata at 50a91c7c): type, GPUs, cores, GiB, nodes — 1,213 nodes, 6,212 GPUs.
struct NodeShape
{
    const char* type;
    int gpus, cores, gib, count;
};
constexpr NodeShape openbNodes[] = {{"G2", 8, 96, 384, 549}, {"T4", 2, 104, 512, 387}, {"P100", 2, 16, 120, 107},
    {"G3", 8, 128, 768, 39}, {"V100M16", 4, 32, 128, 28}, {"P100", 2, 64, 256, 22}, {"V100M32", 8, 96, 768, 21},
    {"V100M16", 1, 8, 32, 19}, {"T4", 4, 96, 384, 17}, {"V100M32", 4, 48, 368, 9}, {"V100M16", 8, 64, 256, 7},
    {"P100", 1, 8, 60, 3}, {"A10", 1, 128, 1024, 2}, {"P100", 2, 8, 60, 2}, {"V100M16", 8, 82, 336, 1}};

/// Task shapes counted from openb_pod_list_default.csv (the same trace): its 35 most common (milli-CPU, milli-GPU per
/// GPU, GPUs) with their counts — the 95 % of the 8,152 tasks that FGD's target workload keeps — and its multi-GPU
/// tasks (16 of 2 GPUs, 15 of 4, 44 of 8) at 8 cores per GPU, an assumption.
struct TaskShape
{
    int cpu, milli, gpus, count;
};
constexpr TaskShape openbTasks[] = {{3152, 810, 1, 1047}, {11300, 1000, 1, 874}, {11400, 1000, 1, 599},
    {3152, 1000, 1, 470}, {11908, 470, 1, 388}, {12500, 0, 0, 366}, {8000, 470, 1, 360}, {12000, 1000, 1, 326},
    {32000, 0, 0, 290}, {18708, 1000, 1, 255}, {11908, 650, 1, 237}, {4000, 320, 1, 232}, {9810, 1000, 1, 195},
    {8000, 0, 0, 185}, {8000, 1000, 1, 164}, {4000, 1000, 1, 159}, {15700, 1000, 1, 158}, {11908, 1000, 1, 153},
    {16000, 1000, 1, 150}, {4000, 230, 1, 122}, {15400, 0, 0, 120}, {6000, 460, 1, 120}, {16500, 0, 0, 95},
    {14200, 1000, 1, 93}, {24200, 1000, 1, 84}, {3152, 590, 1, 75}, {8000, 320, 1, 72}, {4152, 550, 1, 72},
    {11900, 1000, 1, 55}, {4000, 160, 1, 54}, {4152, 370, 1, 45}, {4000, 220, 1, 43}, {8200, 1000, 1, 41},
    {15200, 1000, 1, 36}, {4152, 810, 1, 31}, {16000, 1000, 2, 16}, {32000, 1000, 4, 15}, {64000, 1000, 8, 44}};

core::PoolCluster syntheticCluster()
{
    std::vector<core::PoolNode> nodes;
    for (const auto& s : openbNodes)
        for (int i = 0; i < s.count; ++i)
            nodes.push_back(core::PoolNode {std::string(s.type) + "-" + std::to_string(nodes.size()), s.type, s.gpus,
                std::int64_t(s.cores) * 1000, std::int64_t(s.gib) * 1024, "", 0});
    return *core::makePoolCluster(std::move(nodes), "synthetic", {}, gpus());
}

/// n tasks of the openb shapes: Poisson arrivals and exponential durations (mean 1 h) at a rate that asks for
/// 70 % of the cluster's GPUs on average; memory 2 GiB per core (an assumption; the filter only).
std::vector<core::PoolTask> syntheticTasks(
    std::size_t n, const core::PoolCluster& c, double load = 0.7, std::uint64_t seed = 1)
{
    double weight = 0, gpuPerTask = 0;
    for (const auto& s : openbTasks) {
        weight += s.count;
        gpuPerTask += s.count * s.gpus * s.milli / 1000.0;
    }
    gpuPerTask /= weight;
    const double meanDuration = 3600;
    const double rate = load * c.gpuCount() / (gpuPerTask * meanDuration); // tasks per second
    core::Rng rng(seed);
    std::vector<core::PoolTask> out;
    out.reserve(n);
    double t = 0;
    for (std::size_t i = 0; i < n; ++i) {
        double pick = rng.uniform() * weight;
        const TaskShape* s = &openbTasks[0];
        for (const auto& shape : openbTasks) {
            s = &shape;
            if ((pick -= shape.count) < 0)
                break;
        }
        core::PoolTask task;
        task.name = std::to_string(i); // (a prefix makes g++ 12 -O2 warn falsely: -Wrestrict)
        task.cpuMilli = s->cpu;
        task.memoryMib = s->cpu * 2; // 2 GiB per core
        task.gpus = s->gpus;
        task.gpuMilli = s->gpus > 0 ? s->milli : 0;
        task.taskClass = i % 2 ? "LS" : "BE";
        t += -std::log(1 - rng.uniform()) / rate;
        task.arrival = t;
        task.duration = -std::log(1 - rng.uniform()) * meanDuration;
        out.push_back(std::move(task));
    }
    return out;
}

struct Trace
{
    core::PoolCluster cluster;
    std::vector<core::PoolTask> tasks;
    bool real = false;
};

const Trace& realTrace()
{
    static const Trace t = [] {
        const char* dir = std::getenv("GPUPLAN_SAMPLES");
        if (dir && *dir) {
            const std::filesystem::path p = std::filesystem::path(dir) / "traces";
            auto nodes = core::readPoolNodes(readFile(p / "openb_node_list_gpu_node.csv"), "nodes");
            auto tasks = core::readPoolTasks(readFile(p / "openb_pod_list_default.csv"), "tasks");
            if (nodes && tasks)
                return Trace {*core::makePoolCluster(*nodes, "nodes", {}, gpus()), *tasks, true};
        }
        Trace s {syntheticCluster(), {}, false};
        s.tasks = syntheticTasks(8152, s.cluster);
        return s;
    }();
    return t;
}

core::PoolPolicy policyOf(const benchmark::State& state)
{
    return static_cast<core::PoolPolicy>(state.range(1));
}

void report(benchmark::State& state, std::size_t tasks)
{
    state.SetLabel(std::string(core::toString(policyOf(state))));
    state.counters["tasks"] = static_cast<double>(tasks);
    state.counters["us_per_task"] = benchmark::Counter(
        static_cast<double>(tasks) * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["peak_rss_MiB"] = static_cast<double>(peakRssKiB()) / 1024.0;
}

/// The whole 8,152-task trace replayed in time (range(0) unused, range(1) the policy).
void BM_RealTraceReplay(benchmark::State& state)
{
    const Trace& t = realTrace();
    core::PoolOptions o;
    o.policy = policyOf(state);
    for (auto _ : state)
        benchmark::DoNotOptimize(core::simulatePool(t.cluster, t.tasks, o));
    report(state, t.tasks.size());
    state.counters["real_trace"] = t.real;
}

/// Weng et al.'s experiment on it: shuffled, resampled to 130 % of the GPUs, each tried once (about 10,700 tries).
void BM_RealTraceInflation(benchmark::State& state)
{
    const Trace& t = realTrace();
    core::PoolOptions o;
    o.policy = policyOf(state);
    std::int64_t tried = 0;
    for (auto _ : state) {
        const auto r = core::inflatePool(t.cluster, t.tasks, o);
        tried = r.runs.front().tried;
        benchmark::DoNotOptimize(r);
    }
    report(state, static_cast<std::size_t>(tried));
    state.counters["real_trace"] = t.real;
}

/// A synthetic trace of range(0) tasks replayed on the 1,213-node cluster.
void BM_SyntheticReplay(benchmark::State& state)
{
    static const core::PoolCluster cluster = syntheticCluster();
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto tasks = syntheticTasks(n, cluster, state.range(2) / 100.0);
    core::PoolOptions o;
    o.policy = policyOf(state);
    core::PoolResult r;
    for (auto _ : state) {
        r = core::simulatePool(cluster, tasks, o);
        benchmark::DoNotOptimize(r);
    }
    report(state, n);
    state.counters["allocation_pct"] = r.allocationPct;
    state.counters["waiting_at_end"] = static_cast<double>(r.neverPlaced);
}

constexpr auto firstFit = static_cast<long>(core::PoolPolicy::FirstFit);
constexpr auto bestFit = static_cast<long>(core::PoolPolicy::BestFit);
constexpr auto fgd = static_cast<long>(core::PoolPolicy::Fgd);

} // namespace

BENCHMARK(BM_RealTraceReplay)->Args({0, firstFit})->Args({0, bestFit})->Args({0, fgd})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RealTraceInflation)
    ->Args({0, firstFit})
    ->Args({0, bestFit})
    ->Args({0, fgd})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SyntheticReplay)
    ->ArgsProduct({{10'000, 100'000}, {firstFit, bestFit, fgd}, {20, 70}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SyntheticReplay)
    ->ArgsProduct({{1'000'000}, {firstFit, bestFit, fgd}, {20, 70}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK_MAIN();
