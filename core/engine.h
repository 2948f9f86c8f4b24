#pragma once
// The serving engine as an input of the serving model: what each engine does by default (its documented batching
// and scheduling) and how fast its kernels run (a few fitted factors, core/engine.cpp).

#include "gpu.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuplan::core {

enum class ServingEngine { Vllm, Sglang, Trtllm };
inline constexpr ServingEngine allServingEngines[]
    = {ServingEngine::Vllm, ServingEngine::Sglang, ServingEngine::Trtllm};

std::string_view toString(ServingEngine e);
/// "vllm", "sglang", "trtllm" (also "tensorrt-llm", "trt-llm"), any case.
std::optional<ServingEngine> parseServingEngine(std::string_view s);

/// What the engine does by default on a GPU (each figure cited in engine.cpp): the token budget of one step (the
/// chunked-prefill size shared by decodes and prefill chunks), the most sequences it runs at once, and whether
/// prefill chunks share steps with decodes (vLLM's V1 scheduler and TensorRT-LLM's in-flight batching do; SGLang runs
/// prefill batches and decode batches in turn unless --enable-mixed-chunk is given). The engines' CUDA-graph batch
/// limits are not a term of the step model: sparing graphed decode steps the per-layer cost (vLLM 512, SGLang 256 or
/// 512, TensorRT-LLM 2,048 sequences) fitted the serving table worse (objective 0.0826 → 0.0836, 2026-12-07), so every
/// step pays it.
struct EngineDefaults
{
    int tokenBudget = 8192;
    int maxSequences = 1024;
    bool mixedBatches = true;
    /// Whether a request is admitted only when the KV cache can hold it to its last token (TensorRT-LLM's default
    /// capacity scheduler, GUARANTEED_NO_EVICT: prompt + maximum output reserved up front) rather than as its blocks
    /// fill (vLLM and SGLang allocate as tokens arrive and preempt or retract when the cache runs out).
    bool reservesWholeRequest = false;
    std::string source;
};
EngineDefaults engineDefaults(ServingEngine e, const GpuSpec& gpu);

/// Whether, under attention data parallelism, the engine also keeps a replica's dense MLPs, shared experts, embedding
/// and output head whole on every GPU (each GPU runs its own tokens through them; only the routed experts are split),
/// rather than splitting them over the replica's GPUs as with tensor parallelism.
bool replicatesDenseUnderAttentionDp(ServingEngine e);

/// The serving model's fitted factors: how far below the datasheet the engines' kernels run, and what a step
/// costs besides its arithmetic and memory traffic. One set for all models and GPUs (per GPU vendor and per
/// engine where they differ physically); fitted by least squares to the published runs of
/// tests/data/validation/serving.csv (never to the holdout), see fitServingParams.
struct ServingParams
{
    double bandwidthNvidia = 0.85; ///< fraction of HBM bandwidth decode kernels reach on NVIDIA GPUs
    double bandwidthAmd = 0.85;    ///< the same on AMD GPUs
    /// Fraction of that bandwidth attention reaches reading the KV cache (paged blocks gathered per sequence,
    /// dequantized FP8) relative to streaming weights.
    double kvBandwidth = 1.0;
    double gemmNvidia = 1.0; ///< multiplies the large-GEMM efficiency of efficiency.cpp (MAMF) for serving
    double gemmAmd = 1.0;
    double fp4 = 1.0; ///< multiplies the GEMM efficiency where the math runs in FP4 (Blackwell)
    /// Multiplies the GEMM efficiency of weights stored in a format the GPU cannot multiply in (FP4 on Hopper,
    /// INT4/INT8 weight-only): they are dequantized inside the kernel.
    double dequant = 1.0;
    /// How much of the shorter of a kernel's memory time and math time hides under the longer (1: the roofline's
    /// max; 0: they add up).
    double overlap = 1.0;
    double moe = 1.0;          ///< efficiency of expert layers relative to dense ones (grouped GEMM, routing)
    double kernelVllm = 1.0;   ///< vLLM's kernels relative to TensorRT-LLM's (bandwidth and GEMM alike)
    double kernelSglang = 1.0; ///< SGLang's, likewise
    /// s per step: scheduling, sampling, detokenization, Python. Prior 1 ms for every engine: each replays decode
    /// steps as CUDA graphs and keeps host work off the GPU's path (SGLang's and TensorRT-LLM's overlap schedulers,
    /// on by default; vLLM V1's engine core in a process apart from its API server); the one-request TPOTs of the
    /// table bound it near there (SGLang's gpt-oss-120b on 4 × B200: 2.4 ms a token in all).
    double stepOverheadVllmS = 1e-3;
    double stepOverheadSglangS = 1e-3; ///< s per step
    double stepOverheadTrtllmS = 1e-3; ///< s per step
    double layerOverheadS = 10e-6;     ///< s per layer per step: launches and synchronisation not hidden
    /// s per sequence per step: the engine's work for each running request in every step that is not GPU arithmetic
    /// (its scheduler entry, sampling bookkeeping, incremental detokenization, streaming the token out).
    double sequenceOverheadS = 10e-6;
    /// The width (elements) at which an expert's GEMM runs at half the rate it reaches at 8,192: the narrower of an
    /// expert's two matrix dimensions on one GPU sets how many output tiles and how long a reduction each kernel
    /// has (expertWidthEfficiency).
    double expertGemmWidth = 512;

    /// The parameters as a vector (the fitter's order) and back.
    std::vector<double> values() const;
    static ServingParams fromValues(const std::vector<double>& v);
    static std::vector<std::string> names();
    /// The box the fit searches for each factor, in the fitter's order, given the values it starts from.
    std::vector<std::pair<double, double>> searchBox() const;
};

/// The shipped factors: the fit of the bundled validation rows (engine.cpp says when and how it was made; a test
/// refits and compares).
const ServingParams& defaultServingParams();

} // namespace gpuplan::core
