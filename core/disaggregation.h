#pragma once
// Disaggregated prefill and decode (DistServe, Zhong et al., OSDI'24; SGLang, vLLM and TensorRT-LLM/Dynamo P/D
// serving): prompts are prefilled in one pool of replicas, their KV cache is sent to a second pool that only decodes.
// Each pool is sized for the traffic on its own: the prefill pool against what the TTFT target leaves after the KV
// transfer and the decode pool's wait, the decode pool against the TPOT target with no prefill chunk in its steps.

#include "capacity.h"
#include "engine.h"
#include "inference.h"

#include <optional>

namespace gpuplan::core {

/// One prefill replica: `prompts` prompts prefilled together in a step of `stepSeconds` (a prompt longer than the
/// engine's token budget takes several chunked steps, summed), `requestsPerS` = prompts ÷ step time.
struct PrefillReplica
{
    InferenceLayout layout; ///< replicas = 1
    int prompts = 1;
    double stepSeconds = 0;
    double requestsPerS = 0;
    double kvBytesPerRequest = 0; ///< the whole model's KV cache of one prompt, bytes: what goes to the decode pool
    FitReport fit;
};

/// One decode replica: `batch` sequences decoding together at `tpotSeconds` a token (no prefill in the step), each
/// holding its prompt's KV plus half its output on average; `requestsPerS` = batch ÷ (output × TPOT).
struct DecodeReplica
{
    InferenceLayout layout; ///< replicas = 1
    int batch = 0;
    double tpotSeconds = 0;
    double requestsPerS = 0;
    std::string limitedBy; ///< memory, slo_tpot, concurrency (the engine's cap on running sequences)
    FitReport fit;
};

/// The prefill replica of `layout` (replicas ignored): the number of whole prompts a step carries, up to the engine's
/// token budget, chosen as the fewest (of 1, 2, 4, … and the most) within 5 % of the best throughput (more only adds
/// latency). Prefix-cached tokens (InferenceSpec::prefix) are not prefilled. Does not fit when the weights and one
/// prompt's KV do not.
PrefillReplica prefillReplica(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, const ServingParams& params);

/// The decode replica of `layout`: the largest batch that fits in memory, within the engine's cap on running
/// sequences, and meets the TPOT target (slo.tpot_p99_ms) with every step a pure decode step. Does not fit when even
/// one sequence misses the TPOT target or the weights do not fit.
DecodeReplica decodeReplica(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, const ServingParams& params);

/// The traffic and targets both pools are sized for.
struct PoolTargets
{
    double lambda = 0;   ///< peak requests/s
    double headroom = 0; ///< fraction above the peak
    std::optional<double> ttftP99Ms;
    /// The deployment's availability target: each pool meets its square root, so that both up together meet it.
    std::optional<double> availability;
    double prefillReplicaAvailability = 1;
    double decodeReplicaAvailability = 1;
    /// What a replica of each pool costs (an hourly price × its GPUs, any unit): the TTFT budget is split between the
    /// pools' queues where the two pools cost least together.
    double prefillReplicaWeight = 1;
    double decodeReplicaWeight = 1;
    int minPrefillReplicas = 1; ///< a pinned layout's replicas (the pool is sized to at least these)
    int minDecodeReplicas = 1;
};

struct DisaggregatedSizing
{
    CapacityResult prefill; ///< ttftP99Ms: the prefill queue's p99 wait + the prefill step
    CapacityResult decode;  ///< ttftP99Ms: the decode queue's p99 wait + one decode step
    double transferMs = 0;
    double ttftP99Ms = 0; ///< prefill + transfer + decode parts (a sum of p99s: an upper bound of the p99 of the sum)
    double availability = 1;
    bool feasible = true;
    Message reason;
};

/// Sizes both pools (DESIGN.md "Capacity": M/M/c with the Erlang-C wait tail per pool, k-of-n spares): the decode
/// pool (a slot is busy for output × TPOT; its p99 wait + one step is its part of TTFT), then the prefill pool (a
/// slot is busy for one prefill step) against the TTFT target less the KV transfer and the decode pool's part. With a
/// TTFT target the split between the two queues is searched in tenths for the cheapest pair of pools.
DisaggregatedSizing sizeDisaggregated(const PrefillReplica& prefill, const DecodeReplica& decode, int outputTokens,
    double transferSeconds, const PoolTargets& targets);

/// The time to send `bytes` over a link of `bytesPerS` with a one-way latency `latencySeconds`.
inline double kvTransferSeconds(double bytes, double bytesPerS, double latencySeconds)
{
    return latencySeconds + (bytesPerS > 0 ? bytes / bytesPerS : 0.0);
}

/// Between regions or providers the KV cache crosses the public internet or an interconnect: 10 Gbit/s per replica
/// pair is an assumption (stated in the plan), the order of a single TCP flow over a long path and of the 10 Gbit/s
/// dedicated-interconnect ports the clouds sell (AWS Direct Connect 1/10/100 Gbit/s,
/// https://aws.amazon.com/directconnect/pricing/, read 2026-12-03); the round trip is the fibre distance's
/// (fibreRttMs) or, where a region has no coordinates, 50 ms (an assumption).
inline constexpr double interRegionBytesPerS = 10e9 / 8;
inline constexpr double interRegionDefaultRttMs = 50;

} // namespace gpuplan::core
