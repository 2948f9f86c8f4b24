#pragma once

#include "efficiency.h"
#include "gpu.h"
#include "model.h"
#include "training.h"
#include "workload.h"

namespace gpuplan::core {

/// How one serving replica is split (tensor × pipeline parallel); replicas = gpus / (tp · pp).
/// One hop between pipeline stages on separate instances: a fixed latency plus the hidden states over the
/// instance network. Assumptions (stated in the plan), not measurements: 20 µs per hop (RDMA send/recv through a
/// serving engine's scheduler) and 100 Gbit/s, the plain-Ethernet end of the GPU instances' scale-out networks
/// (AWS p4d/p5 have 400–3200 Gbit/s EFA, https://aws.amazon.com/ec2/instance-types/p5/, read 2026-12-01).
inline constexpr double pipelineHopLatencyS = 20e-6;
inline constexpr double pipelineHopBandwidth = 100e9 / 8; ///< bytes/s

struct InferenceLayout
{
    int tp = 1;
    int pp = 1;
    int replicas = 1;
    int gpus() const { return tp * pp * replicas; }
};

struct InferenceEstimate
{
    InferenceLayout layout;
    Precision computePrecision = Precision::BF16;
    double weightsBytes = 0;          ///< whole model, bytes
    double kvBytesPerToken = 0;       ///< whole model, bytes per token of context per sequence
    double kvBytesPerTokenPerGpu = 0; ///< bytes on one GPU (KV heads replicate when tp > kv_heads)
    double contextTokens = 0;         ///< average context held per sequence: prompt + output/2 (paged KV)
    MemoryBreakdown memory;           ///< per GPU at the operating point
    int maxConcurrency = 0;           ///< sequences per replica that fit in memory
    int concurrency = 0;              ///< operating point, per replica
    double prefillMs = 0;             ///< one prompt alone, ms
    double decodeStepMs = 0;          ///< one decode iteration at the operating point, ms
    double ttftMs = 0;                ///< time to first token at the operating point, ms
    double tpotMs = 0;                ///< time per output token at the operating point, ms
    double e2eLatencyMs = 0;          ///< a whole request: TTFT + (output − 1) × TPOT, ms
    double throughputTokensPerS = 0;  ///< output tokens/s of the whole deployment
    double requestsPerS = 0;          ///< completed requests/s of the whole deployment
    bool memoryBound = true;          ///< decode limited by HBM bandwidth rather than FLOPs
    std::string limitedBy;            ///< what set the operating point: memory, slo_tpot, slo_ttft, concurrency
    FitReport fit;
    std::vector<Message> assumptions;
};

/// Serving estimate at `concurrency` sequences per replica, or (0) at the maximum-throughput point: the
/// largest concurrency that fits in memory and meets the TPOT/TTFT targets.
InferenceEstimate estimateInference(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, int concurrency = 0);
InferenceEstimate estimateInference(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, int concurrency = 0);

/// Decode iteration time (s) at batch `batch` and average context `context` on one replica.
double decodeStepSeconds(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, double batch, double context);
/// Prefill time (s) of one prompt of `tokens` tokens on one replica.
double prefillSeconds(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, double tokens);

/// Smallest tensor-parallel degree (power of two up to the node) whose weights fit with room for KV.
InferenceLayout smallestServingLayout(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu, int gpus);

} // namespace gpuplan::core
