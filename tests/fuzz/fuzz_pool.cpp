// libFuzzer: the pool simulator's readers and both experiments. The input is a node file, a NUL byte, a task file
// and optionally a second NUL byte and a GPU type map (any of their formats: openb CSV, simple CSV, JSON). Every
// file must be read or refused with an error; a small cluster and trace that are read are then replayed and
// inflated under the policy the input's length picks, shared by fraction or by MIG: it must end, and report
// finite shares within 0–100 %.
#include "fuzz_common.h"

#include "core/pool.h"
#include "core/pool_trace.h"

#include <cmath>
#include <cstdint>
#include <string_view>

namespace {

bool share(double pct)
{
    return std::isfinite(pct) && pct >= -1e-9 && pct <= 100 + 1e-9;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const auto first = all.find('\0');
    const std::string_view nodeText = all.substr(0, first);
    const std::string_view rest = first == std::string_view::npos ? std::string_view() : all.substr(first + 1);
    const auto second = rest.find('\0');
    const std::string_view taskText = rest.substr(0, second);
    auto nodes = core::readPoolNodes(nodeText, "nodes");
    auto tasks = core::readPoolTasks(taskText, "tasks");
    std::vector<core::GpuTypeMapping> mapping;
    if (second != std::string_view::npos) {
        auto m = core::readGpuTypeMap(rest.substr(second + 1), "map.json", fuzz::gpus());
        if (m)
            mapping = std::move(*m);
    }
    if (first == std::string_view::npos || !nodes || !tasks)
        return 0;
    // Small enough to simulate many inputs a second: 64 nodes of at most 16 GPUs, 256 tasks.
    if (nodes->empty() || nodes->size() > 64 || tasks->size() > 256)
        return 0;
    for (const auto& n : *nodes)
        if (n.gpus > 16)
            return 0;
    auto cluster = core::makePoolCluster(std::move(*nodes), "nodes", mapping, fuzz::gpus());
    if (!cluster)
        return 0;
    const auto& policies = core::allPoolPolicies();
    core::PoolOptions o;
    o.policy = policies[size % policies.size()];
    o.sharing = (size / policies.size()) % 2 ? core::PoolSharing::Mig : core::PoolSharing::Fraction;
    o.seed = size;
    const auto r = core::simulatePool(*cluster, *tasks, o);
    if (r.placed > r.tasks || r.unfitCount > r.tasks || !share(r.allocationPct) || !share(r.utilizationPct)
        || !share(r.fragmentedPct) || !share(r.peakAllocationPct))
        __builtin_trap();
    for (const auto& d : r.delays)
        if (!(d.p50 >= 0 && d.p99 >= d.p50 && std::isfinite(d.p99)))
            __builtin_trap();
    const auto i = core::inflatePool(*cluster, *tasks, o);
    for (const auto& run : i.runs)
        for (const auto& p : run.curve)
            if (!share(p.allocatedPct) || !share(p.fragmentedPct))
                __builtin_trap();
    return 0;
}
