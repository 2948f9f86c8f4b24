// libFuzzer: the serving capacity model (Erlang C queueing, k-of-n redundancy, autoscaling) on arbitrary numbers
// within the ranges the workload loader lets through: it must end, and say feasible only with finite figures.
#include "core/capacity.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

/// The next value in [lo, hi] from the input (a uniform map of 4 bytes), or lo when the input is used up.
double take(const uint8_t*& p, const uint8_t* end, double lo, double hi)
{
    std::uint32_t v = 0;
    if (end - p >= 4) {
        std::memcpy(&v, p, 4);
        p += 4;
    }
    return lo + (hi - lo) * (static_cast<double>(v) / 4294967295.0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan::core;
    const uint8_t* p = data;
    const uint8_t* end = data + size;
    ReplicaModel r;
    r.slots = static_cast<int>(take(p, end, 1, 4096));
    r.serviceSeconds = take(p, end, 1e-4, 3600);
    r.prefillSeconds = take(p, end, 0, 60);
    r.tpotSeconds = take(p, end, 0, 1);
    const double lambda = take(p, end, 1e-6, 1e5); // core::maxRequestsPerSecond
    const double headroom = take(p, end, 0, 10);
    const double ttft = take(p, end, 1, 1e6);
    const double target = take(p, end, 0.5, 0.99999);
    const double replicaUp = take(p, end, 0.5, 0.99999);
    const CapacityResult c = planReplicas(r, lambda, headroom, ttft, target, replicaUp, 1);
    if (c.feasible
        && (c.replicas < 1 || c.redundant < 0 || !std::isfinite(c.utilization) || c.utilization > 1.0 + 1e-9))
        __builtin_trap();
    std::vector<int> needed;
    while (end - p >= 4 && needed.size() < 168)
        needed.push_back(static_cast<int>(take(p, end, 0, 1000)));
    if (needed.size() == 24 || needed.size() == 168) {
        AutoscalingPolicy policy;
        const AutoscaleResult a = simulateAutoscaling(needed, policy);
        if (a.running.size() != needed.size() || a.replicaHours < 0)
            __builtin_trap();
    }
    return 0;
}
