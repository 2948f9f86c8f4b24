#pragma once

#include "efficiency.h"
#include "engine.h"
#include "gpu.h"
#include "model.h"
#include "training.h"
#include "workload.h"

#include <compare>

namespace gpuplan::core {

/// How one serving replica is split (tensor × pipeline parallel); replicas = gpus / (tp · pp). A mixture of experts may
/// spread its routed experts over the tp GPUs of a stage (expert parallel, `ep` = tp: each GPU holds E / ep whole
/// experts; ep = 1: every expert split across the tp GPUs like a dense MLP), and run attention data-parallel
/// (`attentionDp`: each GPU keeps the attention weights whole and serves its own share of the sequences, so a
/// latent KV cache is not replicated tp times; TensorRT-LLM's enable_attention_dp, SGLang's --enable-dp-attention).
/// One hop between pipeline stages on separate instances: a fixed latency plus the hidden states over the
/// instance network. Assumptions (stated in the plan), not measurements: 20 µs per hop (RDMA send/recv through a
/// serving engine's scheduler) and 100 Gbit/s, the plain-Ethernet end of the GPU instances' scale-out networks
/// (AWS p4d/p5 have 400–3200 Gbit/s EFA, https://aws.amazon.com/ec2/instance-types/p5/, read 2026-12-01).
inline constexpr double pipelineHopLatencyS = 20e-6;
inline constexpr double pipelineHopBandwidth = 100e9 / 8; ///< bytes/s

/// The math a serving GEMM on weights of format `weights` runs in: weight-only formats (INT8/INT4) in 16-bit; FP8/FP4
/// where the GPU has them. FP4 weights on a GPU without FP4 tensor cores run weight-only too, in 16-bit (W4A16), not
/// in the GPU's 8-bit math: TensorRT-LLM picks W4A16_MXFP4 below SM 100 (tensorrt_llm/_torch/model_config.py,
/// ModelConfig.get_mxfp4_quant_algo; the Triton MoE kernel dequantizes the weights to the BF16 activations' format)
/// and added its NVFP4 path for Hopper as W4A16 too (NVIDIA/TensorRT-LLM PR #14775, 2026-05-30: Hopper "lack[s] a
/// native NVFP4 tensor-core GEMM"). FP8 weights without FP8 (Ampere) fall back to 16-bit as the GPU's chain says.
Precision mathPrecision(const GpuSpec& gpu, Precision weights);
/// Whether weights of that format are dequantized inside the GEMM: a format the GPU has no math for (FP4 without FP4
/// tensor cores) or a weight-only one (INT4/INT8).
bool dequantized(const GpuSpec& gpu, Precision weights);

struct InferenceLayout
{
    int tp = 1;
    int pp = 1;
    int replicas = 1;
    int ep = 1;
    bool attentionDp = false;
    int gpus() const { return tp * pp * replicas; }
    auto operator<=>(const InferenceLayout&) const = default;
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
    double decodeStepMs = 0;          ///< one decode iteration at the operating point (no prefill in it), ms
    double ttftMs = 0;                ///< time to first token at the operating point, ms
    double tpotMs = 0;                ///< mean time per output token at the operating point (prefill work included), ms
    /// Inter-token latency at the 99th percentile: a decode step that carries a prefill chunk where at least 1 % of
    /// steps carry one, else a plain decode step, ms. (A TPOT target is on each request's mean TPOT, tpotMs.)
    double itlP99Ms = 0;
    ServingEngine engine = ServingEngine::Vllm;
    EngineDefaults engineDefaults; ///< the engine's batching at this GPU and layout
    int decodeSequences = 0; ///< sequences decoding at once per replica (≤ concurrency: the rest wait to prefill)
    double prefillTokensPerStep = 0; ///< prefill tokens a step carries on average at the operating point
    /// Over the request-length mix (one bucket without a mix): TTFT of the 99th-percentile request (the longest
    /// prompts; cold LoRA adapters included) and its whole-request latency, ms.
    double ttftP99Ms = 0;
    double e2eP99Ms = 0;
    /// Speculative decoding: tokens out of a step, and throughput with it ÷ without it at the same concurrency (below
    /// 1: it costs more than it saves, as at large batches where verifying drafts makes the step compute-bound).
    double acceptedTokens = 1;
    double speculationGain = 1;
    int speculationPaysUpTo = 0; ///< the largest concurrency at which speculation still raises throughput (0: none)
    double draftBytesPerGpu = 0; ///< the draft model's or head's weights and KV, bytes per GPU
    /// Prefix caching: share of prompt tokens that are prefilled (1 − hit rate × cached share of the prompt).
    double prefillShare = 1;
    double sharedPrefixBytesPerGpu = 0; ///< the cached prefix's KV, kept once per GPU
    /// LoRA: bytes of one adapter, adapters resident per GPU, distinct adapters a step reads, cold-load time, ms.
    double loraAdapterBytes = 0;
    double loraResidentBytesPerGpu = 0;
    double loraDistinctPerStep = 0;
    double loraColdLoadMs = 0;
    double loraStepOverheadMs = 0;   ///< the LoRA path's fixed cost in every step that carries an adapter, ms
    double e2eLatencyMs = 0;         ///< a whole request: TTFT + (output − 1) × TPOT, ms
    double throughputTokensPerS = 0; ///< output tokens/s of the whole deployment
    double requestsPerS = 0;         ///< completed requests/s of the whole deployment
    bool memoryBound = true;         ///< decode limited by HBM bandwidth rather than FLOPs
    std::string limitedBy;           ///< what set the operating point: memory, slo_tpot, slo_ttft, concurrency
    FitReport fit;
    std::vector<Message> assumptions;
};

/// Serving estimate at `concurrency` sequences per replica, or (0) at the maximum-throughput point: the
/// largest concurrency that fits in memory and meets the TPOT/TTFT targets. `params`: the serving model's fitted
/// factors (defaultServingParams when null).
InferenceEstimate estimateInference(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, int concurrency = 0, const ServingParams* params = nullptr);
InferenceEstimate estimateInference(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, int concurrency = 0);

/// The rates a serving step runs at on `gpu` with `spec`'s engine and weights, as shares of the datasheet: what the
/// step model multiplies by (dense GEMMs, prefill attention, HBM streaming) and what a step costs besides. The
/// plan's assumptions state them.
struct ServingRates
{
    double gemm = 0;           ///< dense GEMMs: share of the peak of the weights' math precision
    double attention = 0;      ///< prefill attention: share of that peak
    double bandwidth = 0;      ///< share of HBM bandwidth reached streaming weights
    double stepOverheadS = 0;  ///< the engine's cost per step (scheduling, sampling), s
    double layerOverheadS = 0; ///< per layer per step (launches and synchronisation CUDA graphs do not hide), s
};
ServingRates servingRates(const GpuSpec& gpu, const InferenceSpec& spec, const Efficiency& eff, const ServingParams& p);

/// What one engine step carries on one replica: `decodes` sequences producing a token each at an average context of
/// `decodeContext` tokens, and `prefillTokens` prompt tokens whose average position in their prompt is
/// `prefillPosition` (a whole prompt of P tokens: P / 2).
struct StepLoad
{
    double decodes = 0;
    double decodeContext = 0;
    double prefillTokens = 0;
    double prefillPosition = 0;
    /// Draft tokens the decoding sequences have the target verify in this step (speculative decoding): they run
    /// through every GEMM and attend over their sequence's context, which is read once for all of them.
    double verifyTokens = 0;
};

/// One engine step's time on one replica (s), the sum of its kernels, each bound by HBM traffic or arithmetic
/// (roofline): the dense GEMMs (all tokens of the step at once), the routed experts (the experts the step's tokens
/// touch; the busiest expert-parallel GPU), attention over each sequence's KV cache, the tensor-parallel all-reduces
/// and expert-parallel all-to-alls, and the engine's fixed cost per step and per layer.
/// The rate of an expert GEMM `width` elements wide (the narrower of its two dimensions on one GPU) relative to one
/// 8,192 wide, with the fitted half-rate width `halfWidth` (ServingParams::expertGemmWidth): w / (w + w½) over the
/// same at 8,192; 1 when `halfWidth` is 0.
double expertWidthEfficiency(double width, double halfWidth);

double stepSeconds(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& layout,
    const Efficiency& eff, const ServingParams& params, const StepLoad& load);

/// Decode iteration time (s) at batch `batch` and average context `context` on one replica (no prefill in the step).
double decodeStepSeconds(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, double batch, double context);
/// Prefill time (s) of one prompt of `tokens` tokens on one replica, alone.
double prefillSeconds(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, double tokens);

/// The fixed time (s) the LoRA path adds to every step of a pipeline stage of `pp` that carries an adapter: the adapted
/// projections of the stage's layers × the cost per projection measured on vLLM (inference.cpp, kLoraProjectionS);
/// reading the step's distinct adapters and their FLOPs come on top.
double loraStepOverheadS(const ModelArch& model, const LoraAdapters& lora, int pp = 1);

/// `e` as a fleet of `replicas` replicas of its layout, each serving `perReplicaTokensPerS` output tokens/s: the
/// layout's replica count, the throughput and the request rate (the only parts of an estimate that depend on it).
void setFleetThroughput(InferenceEstimate& e, double perReplicaTokensPerS, int replicas, const InferenceSpec& spec);

/// Smallest tensor-parallel degree (power of two up to the node) whose weights fit with room for KV.
InferenceLayout smallestServingLayout(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu, int gpus);

} // namespace gpuplan::core
