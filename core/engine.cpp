#include "engine.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>

namespace gpuplan::core {

std::string_view toString(ServingEngine e)
{
    switch (e) {
    case ServingEngine::Vllm:
        return "vllm";
    case ServingEngine::Sglang:
        return "sglang";
    case ServingEngine::Trtllm:
        return "trtllm";
    }
    return "?";
}

std::optional<ServingEngine> parseServingEngine(std::string_view s)
{
    std::string t(s);
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (t == "vllm")
        return ServingEngine::Vllm;
    if (t == "sglang")
        return ServingEngine::Sglang;
    if (t == "trtllm" || t == "tensorrt-llm" || t == "trt-llm" || t == "tensorrt_llm")
        return ServingEngine::Trtllm;
    return std::nullopt;
}

EngineDefaults engineDefaults(ServingEngine e, const GpuSpec& gpu)
{
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    const double memGiB = gpu.memoryBytes / GiB;
    EngineDefaults d;
    switch (e) {
    case ServingEngine::Vllm: {
        // vLLM V1 `vllm serve` (vllm/engine/arg_utils.py, EngineArgs batch defaults, v0.8–v0.11): on GPUs of
        // ≥ 70 GiB other than the A100, max_num_batched_tokens 8192 and max_num_seqs 1024; otherwise 2048 and 256.
        // Chunked prefill is on by default in V1 (vllm/config/scheduler.py), so prefill chunks and decodes share
        // each step.
        const bool large = memGiB >= 70 && gpu.id.rfind("A100", 0) != 0;
        d.tokenBudget = large ? 8192 : 2048;
        d.maxSequences = large ? 1024 : 256;
        d.mixedBatches = true;
        d.source = "vLLM V1 defaults (vllm/engine/arg_utils.py): max_num_batched_tokens 8192 / 2048, max_num_seqs "
                   "1024 / 256 (GPUs of at least 70 GiB other than A100 / the rest), chunked prefill on";
        break;
    }
    case ServingEngine::Sglang:
        // SGLang (python/sglang/srt/server_args.py, v0.4–v0.5): chunked_prefill_size 2048 below 35 GB of GPU
        // memory, 4096 below 60 GB, 8192 below 160 GB, 16384 above; max_running_requests follows the KV pool (no
        // fixed cap);
        // enable_mixed_chunk is off: prefill batches and decode batches run in turn, prefill first.
        d.tokenBudget = memGiB < 35 ? 2048 : memGiB < 60 ? 4096 : memGiB < 160 ? 8192 : 16384;
        d.maxSequences = 1 << 20; // the KV pool decides
        d.mixedBatches = false;
        d.source = "SGLang defaults (server_args.py): chunked_prefill_size by GPU memory (2048 / 4096 / 8192 / 16384), "
                   "running requests bounded by the KV pool, prefill and decode batches in turn";
        break;
    case ServingEngine::Trtllm:
        // TensorRT-LLM (docs/source/performance/perf-benchmarking.md): "If no value is specified, the default
        // max_batch_size and max_num_tokens values of 2048 and 8192 are used"; in-flight batching puts context
        // (prefill) chunks and generation tokens in the same step.
        // Its capacity scheduler admits a request only when the KV cache can hold its prompt and its whole output
        // ("GUARANTEED_NO_EVICT (default)": TensorRT-LLM docs, performance tuning guide, Useful Runtime Options >
        // Capacity Scheduler Policy, read 2026-12-07; MAX_UTILIZATION, which packs by the tokens held, must be asked
        // for).
        d.tokenBudget = 8192;
        d.maxSequences = 2048;
        d.mixedBatches = true;
        d.reservesWholeRequest = true;
        d.source = "TensorRT-LLM defaults (perf-benchmarking.md): max_batch_size 2048, max_num_tokens 8192, "
                   "in-flight batching; capacity scheduler GUARANTEED_NO_EVICT (prompt + output reserved per request)";
        break;
    }
    return d;
}

bool replicatesDenseUnderAttentionDp(ServingEngine e)
{
    switch (e) {
    case ServingEngine::Trtllm:
        // TensorRT-LLM's PyTorch models (read 2026-12-07): modeling_deepseekv3.py, _compute_mlp_tp_size: "If using
        // attention DP, the MLP also uses DP instead of TP" (mlp_tp_size = 1); modeling_llama.py and
        // modeling_qwen3.py build their shared experts and dense MLPs with overridden_tp_size=1 under
        // enable_attention_dp; llm_args.py: enable_lm_head_tp_in_adp defaults to False, so the output head is whole
        // on every GPU. The input embedding is assumed alike.
        return true;
    case ServingEngine::Vllm:
        // vLLM's data-parallel deployment (docs, "Data Parallel Deployment"): each data-parallel rank holds the
        // model's weights but the experts, which form one expert-parallel group over the ranks.
        return true;
    case ServingEngine::Sglang:
        // SGLang (server_args.py): moe_dense_tp_size defaults to None, so dense MLP layers stay split over the whole
        // tp group under --enable-dp-attention, and enable_dp_lm_head defaults to off (a vocabulary-parallel head).
        return false;
    }
    return false;
}

namespace {

/// What a factor is, which sets the box the fit searches it in.
enum class FactorKind {
    Efficiency,    ///< a share of a datasheet rate or of another engine's: 0.2 to 1.25 × its start (at least 1 above;
                   ///< a kernel above its datasheet share is capped at 1 where it is used)
    Share,         ///< a share that cannot pass 1 (the roofline's overlap): 0.2 × its start to 1
    StepOverhead,  ///< s per step: 10 µs to 50 ms
    SmallOverhead, ///< s per layer or per sequence in a step: 0.1 µs to 1 ms
    Width,         ///< elements: 16 to 8,192 (the widest expert GEMM the half-rate width is measured against)
};

/// Each factor's name (the fitter's, the stored calibrations'), its member and its kind, in the fitter's order: the
/// one list that names(), values(), fromValues() and searchBox() read.
struct Factor
{
    const char* name;
    double ServingParams::*member;
    FactorKind kind;
};
constexpr Factor kFactors[] = {{"bandwidth_nvidia", &ServingParams::bandwidthNvidia, FactorKind::Efficiency},
    {"bandwidth_amd", &ServingParams::bandwidthAmd, FactorKind::Efficiency},
    {"kv_bandwidth", &ServingParams::kvBandwidth, FactorKind::Efficiency},
    {"gemm_nvidia", &ServingParams::gemmNvidia, FactorKind::Efficiency},
    {"gemm_amd", &ServingParams::gemmAmd, FactorKind::Efficiency}, {"fp4", &ServingParams::fp4, FactorKind::Efficiency},
    {"dequant", &ServingParams::dequant, FactorKind::Efficiency},
    {"overlap", &ServingParams::overlap, FactorKind::Share}, {"moe", &ServingParams::moe, FactorKind::Efficiency},
    {"kernel_vllm", &ServingParams::kernelVllm, FactorKind::Efficiency},
    {"kernel_sglang", &ServingParams::kernelSglang, FactorKind::Efficiency},
    {"step_overhead_vllm_s", &ServingParams::stepOverheadVllmS, FactorKind::StepOverhead},
    {"step_overhead_sglang_s", &ServingParams::stepOverheadSglangS, FactorKind::StepOverhead},
    {"step_overhead_trtllm_s", &ServingParams::stepOverheadTrtllmS, FactorKind::StepOverhead},
    {"layer_overhead_s", &ServingParams::layerOverheadS, FactorKind::SmallOverhead},
    {"expert_gemm_width", &ServingParams::expertGemmWidth, FactorKind::Width},
    {"sequence_overhead_s", &ServingParams::sequenceOverheadS, FactorKind::SmallOverhead}};

} // namespace

std::vector<std::string> ServingParams::names()
{
    std::vector<std::string> out;
    for (const Factor& f : kFactors)
        out.emplace_back(f.name);
    return out;
}

std::vector<double> ServingParams::values() const
{
    std::vector<double> out;
    for (const Factor& f : kFactors)
        out.push_back(this->*f.member);
    return out;
}

std::vector<std::pair<double, double>> ServingParams::searchBox() const
{
    std::vector<std::pair<double, double>> out;
    for (const Factor& f : kFactors) {
        const double start = this->*f.member;
        switch (f.kind) {
        case FactorKind::Efficiency:
            out.emplace_back(0.2 * start, 1.25 * std::max(start, 0.8));
            break;
        case FactorKind::Share:
            out.emplace_back(0.2 * start, 1.0);
            break;
        case FactorKind::StepOverhead:
            out.emplace_back(1e-5, 0.05);
            break;
        case FactorKind::SmallOverhead:
            out.emplace_back(1e-7, 1e-3);
            break;
        case FactorKind::Width:
            out.emplace_back(16.0, 8192.0);
            break;
        }
    }
    return out;
}

ServingParams ServingParams::fromValues(const std::vector<double>& v)
{
    ServingParams p;
    if (v.size() != std::size(kFactors))
        return p;
    for (std::size_t i = 0; i < v.size(); ++i)
        p.*kFactors[i].member = v[i];
    return p;
}

// The least-squares fit of tests/data/validation/serving.csv (`gpuplan-cli accuracy --fit-serving`, fitServingParams;
// tst_accuracy servingFitReproducesTheShippedFactors refits and compares): TensorRT-LLM on NVIDIA GPUs (168 runs),
// vLLM and SGLang on H100, H200, A100 and B200 (GPUStack, LMSYS, the vLLM blog, the SGLang repository; 25 runs) and
// vLLM on MI300X (Oracle, AMD's ROCm blog; 18 runs). Every factor is informed by some run; the held-out
// publishers (tests/data/validation/holdout/: dstack, the SGLang Cookbook, AMD's ROCm vLLM README, Qwen) check them.
// Objective 0.0741 (2026-12-07, since TensorRT-LLM and vLLM keep dense layers whole under attention DP: 0.0756
// before; 0.0826 before TensorRT-LLM's requests reserved their whole length).
namespace {
// In kFactors' order; a list of another length does not compile (fromValues would otherwise fall back to every prior).
constexpr double kShipped[] = {0.748949, 0.737803, 1, 0.777761, 0.874819, 0.664313, 0.965555, 0.695082, 0.527959,
    0.779216, 0.772786, 0.00102361, 0.000995087, 0.00104216, 1.05188e-05, 606.998, 1.04017e-05};
static_assert(std::size(kShipped) == std::size(kFactors), "one shipped value per serving factor");
} // namespace

const ServingParams& defaultServingParams()
{
    static const ServingParams p
        = ServingParams::fromValues(std::vector<double>(std::begin(kShipped), std::end(kShipped)));
    return p;
}

} // namespace gpuplan::core
