#include "inference.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::core {

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0; // bytes

// Serving engines reserve a slice of memory for activations, CUDA graphs and fragmentation and give the
// rest to the KV cache: vLLM's default gpu_memory_utilization is 0.90 (vLLM engine arguments docs).
constexpr double servingMemoryFraction = 0.90;

/// The parameters of an estimate split the way serving places them: attention (and norms), the token embedding and
/// output head, the dense MLPs (dense layers and shared experts) and the routed experts.
struct Split
{
    double attention = 0;    ///< all layers, with the norms
    double embedding = 0;    ///< input embedding + output head
    double denseFfn = 0;     ///< dense MLP layers + shared experts + routers
    double routed = 0;       ///< every routed expert
    double routedActive = 0; ///< the routed experts one token uses (k per MoE layer)
    double expertSize = 0;   ///< one routed expert of one layer
    double headActive = 0;   ///< output head parameters a token is multiplied by
};

Split split(const ModelArch& m)
{
    const ParamCounts pc = countParams(m);
    Split s;
    s.attention = pc.attention + pc.norms;
    s.embedding = pc.embedding;
    s.denseFfn = pc.ffnDense;
    if (m.isMoe() && m.experts > 0) {
        const double mats = m.gatedFfn ? 3.0 : 2.0;
        s.expertSize = mats * double(m.hidden) * m.moeFfnHidden;
        s.routed = double(m.moeLayers()) * m.experts * s.expertSize;
        s.routedActive = double(m.moeLayers()) * m.expertsPerToken * s.expertSize;
        s.denseFfn += pc.ffnExperts - s.routed; // shared experts and routers run for every token
    }
    if (m.paramsOverride && pc.total > 0) {
        // An architecture given only by its counts: scale the split to them.
        const double f = pc.total / std::max(1.0, s.attention + s.embedding + s.denseFfn + s.routed);
        s.attention *= f;
        s.embedding *= f;
        s.denseFfn *= f;
        s.routed *= f;
        s.routedActive *= f;
        s.expertSize *= f;
    }
    // A token is multiplied by the output head only (the input embedding is a look-up).
    s.headActive = double(m.vocab) * m.hidden;
    return s;
}

double weightsBytes(const ModelArch& m, const InferenceSpec& spec)
{
    const Split s = split(m);
    return (s.attention + s.embedding + s.denseFfn) * quantizedBytesPerParam(spec.weightPrecision)
        + s.routed * quantizedBytesPerParam(spec.expertPrecision());
}

/// Whether each GPU of the replica holds the dense layers whole (attention DP on an engine that runs them
/// data-parallel too).
bool denseWhole(const InferenceSpec& spec, const InferenceLayout& l)
{
    return l.attentionDp && l.tp > 1 && replicatesDenseUnderAttentionDp(spec.engine);
}

/// Weight bytes one GPU holds: attention whole under attention data parallelism, else split over tp; the dense
/// layers, embedding and head likewise where the engine keeps them whole under attention DP (denseWhole), else split
/// over tp; routed experts over the expert-parallel GPUs (whole experts) or split over tp; one pipeline stage's share
/// of the layers.
double weightsPerGpu(const ModelArch& m, const InferenceSpec& spec, const InferenceLayout& l)
{
    const Split s = split(m);
    const double b = quantizedBytesPerParam(spec.weightPrecision), be = quantizedBytesPerParam(spec.expertPrecision());
    const double tp = l.tp;
    const double attention = l.attentionDp ? s.attention : s.attention / tp;
    // The dense MLPs, shared experts, embedding and head: split over tp, or whole on every GPU where the engine runs
    // them data-parallel with the attention (replicatesDenseUnderAttentionDp).
    const double dense = (s.embedding + s.denseFfn) / (denseWhole(spec, l) ? 1.0 : tp);
    const double routed = s.routed / std::max(1, l.ep > 1 ? l.ep : l.tp);
    return ((attention + dense) * b + routed * be) / l.pp;
}

/// KV bytes per token of context one GPU holds for one of its sequences: the KV heads are split over tp (and
/// replicate once tp exceeds them, GQA); a latent cache (MLA) is replicated on every tp GPU; under attention data
/// parallelism each GPU keeps its own sequences whole.
double kvPerTokenPerGpu(const ModelArch& m, Precision kv, const InferenceLayout& l)
{
    const double total = kvBytesPerToken(m, kv);
    if (l.attentionDp)
        return total / l.pp;
    if (m.isMla() || m.kvBytesPerTokenOverride)
        return m.isMla() ? total / l.pp : total / (double(l.tp) * l.pp);
    const double headsPerGpu = std::ceil(double(m.kvHeads) / l.tp);
    return total * headsPerGpu / m.kvHeads / l.pp;
}

/// Sequences per GPU of a replica's sequences: all of them on every tp GPU, or 1/tp each under attention DP.
double sequencesPerGpu(double sequences, const InferenceLayout& l)
{
    return l.attentionDp ? sequences / l.tp : sequences;
}

/// One kernel bound by HBM traffic or arithmetic, whichever is slower (roofline, Williams et al. 2009), plus the share
/// of the other that does not hide under it (1 − overlap).
double roofline(double bytes, double flops, double bandwidth, double flopRate, double overlap)
{
    const double memory = bytes / bandwidth, math = flops / flopRate;
    return std::max(memory, math) + (1.0 - std::min(1.0, overlap)) * std::min(memory, math);
}

double vendorBandwidth(const GpuSpec& gpu, const ServingParams& p)
{
    return gpu.vendor == "amd" ? p.bandwidthAmd : p.bandwidthNvidia;
}

double engineKernel(ServingEngine e, const ServingParams& p)
{
    return e == ServingEngine::Vllm ? p.kernelVllm : e == ServingEngine::Sglang ? p.kernelSglang : 1.0;
}

double engineStepOverhead(ServingEngine e, const ServingParams& p)
{
    return e == ServingEngine::Vllm  ? p.stepOverheadVllmS
        : e == ServingEngine::Sglang ? p.stepOverheadSglangS
                                     : p.stepOverheadTrtllmS;
}

/// Routing imbalance of expert parallelism: the busiest GPU's share of routed tokens over the mean. NVIDIA measured
/// DeepSeek-R1 decode at EP32 without rebalancing at 2.56 × the mean (imbalance ratio 1.564, TensorRT-LLM tech blog
/// 4, "Scaling Expert Parallelism", Table 1); with EPLB and redundant experts 1.11. Below 32 GPUs each GPU holds
/// more experts and the maximum of fewer, larger sums is closer to the mean: we take 1 + 1.564 × (ep − 1) / 31
/// (1 at ep 1, 2.56 at ep 32), capped at 2.56, an interpolation stated in the plan's assumptions.
double expertImbalance(int ep)
{
    if (ep <= 1)
        return 1.0;
    return std::min(2.564, 1.0 + 1.564 * double(ep - 1) / 31.0);
}

} // namespace

Precision mathPrecision(const GpuSpec& gpu, Precision weights)
{
    const bool weightOnly = weights == Precision::INT4 || weights == Precision::INT8
        || (weights == Precision::FP4 && gpu.computePrecision(Precision::FP4) != Precision::FP4);
    return gpu.computePrecision(weightOnly ? Precision::FP16 : weights);
}

bool dequantized(const GpuSpec& gpu, Precision weights)
{
    return weights == Precision::INT4 || weights == Precision::INT8 || gpu.computePrecision(weights) != weights;
}

namespace {

/// The parameters of one LoRA adapter of rank r: r × (inputs + outputs) of every adapted matrix — the attention
/// projections q, k, v and o, and with `mlp` the MLP's (gate,) up and down projections (Hu et al. 2021, LoRA, §4:
/// W + BA with B d×r and A r×k).
double loraParams(const ModelArch& m, const LoraAdapters& a)
{
    const double h = m.hidden, q = double(m.heads) * m.headDim(), kv = double(m.kvHeads) * m.headDim();
    double perLayer = (h + q) + 2.0 * (h + kv) + (q + h);
    if (a.mlp) {
        const double f = m.isMoe() ? m.moeFfnHidden : m.ffnHidden;
        perLayer += (m.gatedFfn ? 3.0 : 2.0) * (h + f);
    }
    return double(a.rank) * perLayer * m.layers;
}

/// The projections an adapter adapts in each layer: q, k, v and o, and with `mlp` the MLP's (gate,) up and down.
int loraProjections(const ModelArch& m, const LoraAdapters& a)
{
    return 4 + (a.mlp ? (m.gatedFfn ? 3 : 2) : 0);
}

/// Seconds per adapted projection per layer that a step with any LoRA request spends in the LoRA path beyond reading
/// its adapters and multiplying by them: the shrink and expand kernels' launches and minimum duration and the batch's
/// adapter bookkeeping. Derived from the same-server, same-batch medians of vLLM 0.5.0 serving Llama-2-7B (32 layers ×
/// 7 projections = 224) with no adapter and with one (Agulló et al., "A Data-driven ML Approach for Maximizing
/// Performance in LLM-Adapter Serving", arXiv 2508.08343, raw results in github.com/FerranAgulloLopez/
/// GPULLMAdapterOptimization @bae36e2d, benchmarks/lora/definitive_results/performance_analysis/compute_overhead/
/// llama-2-7b, read 2026-12-03): median inter-token latency 52.20 → 55.62 ms (rank 8), 49.87 → 54.37 (rank 16),
/// 47.23 → 51.34 (rank 32) and 49.34 → 51.90 (rank 8, longer requests): +3.65 ms on average, / 224 = 16.3 µs. The
/// same cost is assumed for SGLang and TensorRT-LLM. Checked on runs it was not derived from (Punica, vLLM 0.5.0 with
/// 64 adapters, vLLM PR #11267) in tests/data/validation/serving_features.csv, group "serving LoRA".
constexpr double kLoraProjectionS = 3.6475e-3 / 224.0;

/// The step model of one estimate: everything that does not depend on what a step carries, computed once (an
/// estimate evaluates hundreds of steps while it searches the operating point).
class StepModel
{
public:
    StepModel(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& l,
        const Efficiency& eff, const ServingParams& p)
        : m_m(m)
        , m_l(l)
        , m_eff(eff)
        , m_p(p)
        , m_s(split(m))
    {
        const double tp = l.tp, pp = l.pp;
        m_stageLayers = double(m.layers) / pp;
        const double kernel = engineKernel(spec.engine, p);
        const ServingRates rates = servingRates(gpu, spec, eff, p);
        m_bw = gpu.memoryBandwidth * rates.bandwidth;
        const Precision math = mathPrecision(gpu, spec.weightPrecision);
        const double gemmScale = gpu.vendor == "amd" ? p.gemmAmd : p.gemmNvidia;
        m_gemmRate = gpu.peak(math).value_or(1) * rates.gemm;
        const double b = quantizedBytesPerParam(spec.weightPrecision),
                     be = quantizedBytesPerParam(spec.expertPrecision());
        // Dense GEMMs: every token of the step through the attention projections, dense MLPs, shared experts and
        // the output head. Each GPU reads its share of those weights once per step.
        const double attnWeights = l.attentionDp ? m_s.attention : m_s.attention / tp;
        m_denseBytes = (attnWeights + (m_s.denseFfn + m_s.headActive) / (denseWhole(spec, l) ? 1.0 : tp)) * b / pp;
        m_denseFlopsPerToken = 2.0 * (m_s.attention + m_s.denseFfn + m_s.headActive) / (tp * pp);
        // Routed experts: the experts the step's tokens touch (expected share 1 − (1 − k/E)^T of each GPU's
        // experts), read once; the routed FLOPs of the busiest expert-parallel GPU (routing imbalance) at the expert
        // layers' efficiency (grouped GEMMs over few tokens per expert, the router and the permutations around them).
        m_moe = m.isMoe() && m_s.routed > 0;
        if (m_moe) {
            const int ep = l.ep > 1 ? l.ep : 1;
            m_notTouched = 1.0 - double(m.expertsPerToken) / m.experts;
            const Precision expertMath = mathPrecision(gpu, spec.expertPrecision());
            m_moeRate = gpu.peak(expertMath).value_or(1)
                * std::min(1.0,
                    eff.gemm * gemmScale * kernel * p.moe * (expertMath == Precision::FP4 ? p.fp4 : 1.0)
                        * (dequantized(gpu, spec.expertPrecision()) ? p.dequant : 1.0));
            // Each GPU's slice of an expert: whole under expert parallelism, its intermediate width split by tp
            // without it; the narrower of its two dimensions sets the GEMM's efficiency.
            const double width = std::min(double(m.hidden), double(m.moeFfnHidden) / (ep > 1 ? 1.0 : tp));
            m_moeRate *= expertWidthEfficiency(width, p.expertGemmWidth);
            m_routedBytesAll = m_s.routed / (ep > 1 ? ep : tp) / pp * be;
            m_routedFlopsPerToken = 2.0 * m_s.routedActive / (tp * pp) * expertImbalance(ep);
        }
        // Attention: decodes read their sequences' KV caches (each KV head once for its query group: the paged and
        // XQA kernels of vLLM and TensorRT-LLM, unless gqa_kv_sharing says otherwise); prefill chunks attend over the
        // prompt so far. FLOPs: 4 per query, key and head dimension (QKᵀ and AV, 2 each); latent attention decodes
        // with the absorbed form over the latent (kv_lora_rank + rope per head).
        m_kvPrecision = spec.kvPrecision;
        m_kvReads = (spec.gqaKvSharing || m.isMla()) ? 1.0 : double(m.heads) / std::max(1, m.kvHeads);
        m_kvShare = kvPerTokenPerGpu(m, spec.kvPrecision, l) / std::max(1e-30, kvBytesPerToken(m, spec.kvPrecision));
        const double headsPerGpu = l.attentionDp ? double(m.heads) : double(m.heads) / tp;
        m_decodeWidth = headsPerGpu * (m.isMla() ? double(m.kvLoraRank + m.qkRopeHeadDim) : m.headDim());
        m_prefillWidth = headsPerGpu
            * (m.isMla() ? double(m.qkNopeHeadDim + m.qkRopeHeadDim + m.vHeadDim) / 2.0 : double(m.headDim()));
        m_attnRate = gpu.peak(math).value_or(1) * rates.attention;
        m_link = gpu.intraBandwidth * eff.linkBandwidth;
        // A replica wider than the NVLink domain (wide expert parallelism over InfiniBand/RoCE: DeepSeek's EP32
        // prefill and EP144 decode, SGLang's EP32/EP72 on H100): the tokens that leave their node go over each GPU's
        // share of the instance network, and the engines overlap that traffic with the other half of the batch's
        // compute (DeepSeek, "Day 6: DeepSeek-V3/R1 Inference System Overview", 2025: dual micro-batch overlap;
        // LMSYS, "Deploying DeepSeek with PD Disaggregation and Large-scale Expert Parallelism on 96 H100 GPUs",
        // 2025-05-05: two-batch overlap), so the step is the longer of the two, not their sum.
        m_nodes = gpu.maxGpusPerNode > 0 && l.tp > gpu.maxGpusPerNode ? double(l.tp) / gpu.maxGpusPerNode : 1.0;
        m_netLink = gpu.interBandwidth * eff.linkBandwidth;
        m_fixed = rates.stepOverheadS + m_stageLayers * rates.layerOverheadS;
        // LoRA: each distinct adapter in the step is read once (16-bit adapters), and every token runs through its
        // adapter's low-rank matrices (2 FLOPs per parameter).
        if (spec.lora) {
            const double params = loraParams(m, *spec.lora) / (tp * pp);
            m_loraBytes = params * 2.0;
            m_loraFlopsPerToken = 2.0 * params;
            m_loraAdapters = spec.lora->adapters;
            m_loraResident = spec.lora->resident;
            m_loraFixed = loraStepOverheadS(m, *spec.lora, l.pp);
        }
    }

    /// Distinct adapters a step of `sequences` carries: N · (1 − (1 − 1/N)^sequences) with uniform popularity, at most
    /// the resident ones.
    double distinctAdapters(double sequences) const
    {
        if (m_loraAdapters <= 0)
            return 0;
        const double n = m_loraAdapters;
        return std::min(double(m_loraResident), n * (1.0 - std::pow(1.0 - 1.0 / n, std::max(1.0, sequences))));
    }

    double seconds(const StepLoad& load) const
    {
        const double tokens = load.decodes + load.prefillTokens + load.verifyTokens;
        if (tokens <= 0)
            return 0;
        const double tp = m_l.tp, pp = m_l.pp;
        double t = roofline(m_denseBytes, m_denseFlopsPerToken * tokens, m_bw, m_gemmRate, m_p.overlap);
        if (m_moe) {
            const double touched = 1.0 - std::pow(m_notTouched, tokens);
            t += roofline(m_routedBytesAll * touched, m_routedFlopsPerToken * tokens, m_bw * std::min(1.0, m_p.moe),
                m_moeRate, m_p.overlap);
        }
        const double decodesPerGpu = sequencesPerGpu(load.decodes, m_l);
        const double kvBytes
            = decodesPerGpu * kvBytesForContext(m_m, m_kvPrecision, load.decodeContext) * m_kvShare * m_kvReads;
        const double queries = load.decodes > 0 ? 1.0 + load.verifyTokens / load.decodes : 1.0;
        const double decodeFlops = 4.0 * m_stageLayers * m_decodeWidth * decodesPerGpu * load.decodeContext * queries;
        const double prefillFlops
            = 4.0 * m_stageLayers * m_prefillWidth * sequencesPerGpu(load.prefillTokens, m_l) * load.prefillPosition;
        t += roofline(kvBytes, decodeFlops, m_bw * std::min(1.0, m_p.kvBandwidth), m_gemmRate, m_p.overlap)
            + prefillFlops / m_attnRate;
        // Communication over the scale-up link: two all-reduces per layer of the step's hidden states under tensor
        // parallelism (not under attention DP); an all-to-all dispatch and combine per MoE layer under expert
        // parallelism, each GPU sending its tokens' k routed copies (1 − 1/ep of them leave the GPU).
        const double actBytes = 2.0; // 16-bit activations
        const bool crossNode = m_nodes > 1;
        const double link = crossNode ? m_netLink : m_link;
        double comm = 0;
        if (!m_l.attentionDp && m_l.tp > 1)
            comm += 2.0 * m_stageLayers
                * servingAllReduceS(tokens * m_m.hidden * actBytes, m_l.tp, link, m_eff.linkLatencyS);
        if (m_moe && m_l.ep > 1) {
            const double moeLayers = double(m_m.moeLayers()) / pp;
            // Inside a node each of a token's k routed copies that is bound for another GPU is sent (1 − 1/ep of
            // them). Across nodes a token crosses the network once per other node that holds one of its experts and
            // is forwarded over NVLink inside it (DeepEP's normal kernels, github.com/deepseek-ai/DeepEP README,
            // "asymmetric-domain bandwidth forwarding", read 2026-12-03): (nodes − 1)·(1 − (1 − 1/nodes)^k) copies.
            const double k = m_m.expertsPerToken;
            const double copies
                = crossNode ? (m_nodes - 1.0) * (1.0 - std::pow(1.0 - 1.0 / m_nodes, k)) : k * (1.0 - 1.0 / m_l.ep);
            const double perGpu = tokens / tp * copies * m_m.hidden * actBytes;
            comm += moeLayers * 2.0 * (perGpu / link + m_eff.linkLatencyS);
        }
        t = crossNode ? std::max(t, comm) : t + comm;
        if (m_loraAdapters > 0) {
            const double sequences = load.decodes + (load.prefillTokens > 0 ? 1.0 : 0.0);
            t += roofline(distinctAdapters(sequences) * m_loraBytes, m_loraFlopsPerToken * tokens, m_bw, m_gemmRate,
                     m_p.overlap)
                + m_loraFixed;
        }
        // The engine's own cost: per step (scheduling, sampling, Python), per layer (launches and synchronisation
        // that CUDA graphs and overlap do not hide).
        return t + m_fixed + m_p.sequenceOverheadS * (decodesPerGpu + (load.prefillTokens > 0 ? 1.0 : 0.0));
    }

private:
    const ModelArch& m_m;
    InferenceLayout m_l;
    Efficiency m_eff;
    ServingParams m_p;
    Split m_s;
    double m_stageLayers = 0, m_bw = 0, m_gemmRate = 0, m_denseBytes = 0, m_denseFlopsPerToken = 0;
    bool m_moe = false;
    double m_notTouched = 1, m_moeRate = 1, m_routedBytesAll = 0, m_routedFlopsPerToken = 0;
    Precision m_kvPrecision = Precision::BF16;
    double m_kvReads = 1, m_kvShare = 1, m_decodeWidth = 0, m_prefillWidth = 0, m_attnRate = 1, m_link = 1, m_fixed = 0;
    double m_nodes = 1, m_netLink = 1; ///< nodes a replica spans, and each GPU's share of the instance network
    double m_loraBytes = 0, m_loraFlopsPerToken = 0, m_loraFixed = 0;
    int m_loraAdapters = 0, m_loraResident = 0;
};

} // namespace

ServingRates servingRates(const GpuSpec& gpu, const InferenceSpec& spec, const Efficiency& eff, const ServingParams& p)
{
    ServingRates r;
    const double kernel = engineKernel(spec.engine, p);
    // A probe's measured bandwidth replaces the fitted HBM factor; the engine's kernels scale both.
    const double bandwidth = eff.calibrated ? eff.memoryBandwidth : vendorBandwidth(gpu, p);
    r.bandwidth = std::min(1.0, bandwidth * kernel);
    const Precision math = mathPrecision(gpu, spec.weightPrecision);
    const double gemmScale = gpu.vendor == "amd" ? p.gemmAmd : p.gemmNvidia;
    const double fp4Scale
        = (math == Precision::FP4 ? p.fp4 : 1.0) * (dequantized(gpu, spec.weightPrecision) ? p.dequant : 1.0);
    r.gemm = std::min(1.0, eff.gemm * gemmScale * fp4Scale * kernel);
    r.attention = std::min(1.0, eff.attention * kernel);
    r.stepOverheadS = engineStepOverhead(spec.engine, p);
    r.layerOverheadS = p.layerOverheadS;
    return r;
}

/// The rate of an expert GEMM `width` elements wide (the narrower of its dimensions on one GPU) relative to one 8,192
/// wide: w / (w + w½) over the same at 8,192, where w½ (ServingParams::expertGemmWidth, fitted) is the width at which
/// the kernel runs at half its large-matrix rate. Narrow matrices give a GEMM fewer output tiles to spread over the
/// SMs and a shorter reduction to pipeline each tile's loads behind (NVIDIA, "Matrix Multiplication Background User's
/// Guide", DU-09799-001, February 2023, ch. 3 "Dimension Quantization Effects": tile and wave quantization):
/// Qwen3-30B-A3B's 2,048 × 768 experts run far below Llama 4 Maverick's 5,120 × 8,192. The form w / (w + w½) is this
/// project's, with one fitted constant (the serving fit, engine.cpp).
double expertWidthEfficiency(double width, double halfWidth)
{
    constexpr double reference = 8192.0;
    const double h = std::max(0.0, halfWidth);
    return (width / (width + h)) / (reference / (reference + h));
}

double stepSeconds(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& l,
    const Efficiency& eff, const ServingParams& p, const StepLoad& load)
{
    return StepModel(m, spec, gpu, l, eff, p).seconds(load);
}

double prefillSeconds(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& l,
    const Efficiency& eff, double tokens)
{
    StepLoad load;
    load.prefillTokens = tokens;
    load.prefillPosition = tokens / 2.0;
    return stepSeconds(m, spec, gpu, l, eff, defaultServingParams(), load);
}

double decodeStepSeconds(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& l,
    const Efficiency& eff, double batch, double context)
{
    StepLoad load;
    load.decodes = batch;
    load.decodeContext = context;
    return stepSeconds(m, spec, gpu, l, eff, defaultServingParams(), load);
}

InferenceEstimate estimateInference(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, int concurrency)
{
    return estimateInference(
        model, spec, gpu, layout, defaultEfficiency(gpu, mathPrecision(gpu, spec.weightPrecision)), concurrency);
}

InferenceEstimate estimateInference(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& l, const Efficiency& eff, int concurrency, const ServingParams* params)
{
    const ServingParams& p = params ? *params : defaultServingParams();
    InferenceEstimate e;
    e.layout = l;
    e.engine = spec.engine;
    e.engineDefaults = engineDefaults(spec.engine, gpu);
    if (spec.maxBatchedTokens)
        e.engineDefaults.tokenBudget = *spec.maxBatchedTokens;
    if (spec.maxSequences)
        e.engineDefaults.maxSequences = *spec.maxSequences;
    e.computePrecision = mathPrecision(gpu, spec.weightPrecision);
    e.weightsBytes = weightsBytes(m, spec);
    e.kvBytesPerToken = kvBytesPerToken(m, spec.kvPrecision);
    e.kvBytesPerTokenPerGpu = kvPerTokenPerGpu(m, spec.kvPrecision, l);
    // The requests, as classes of one prompt, output and prefilled length each: the mix's buckets (one bucket of
    // promptTokens and outputTokens without a mix), each split in two by prefix caching.
    std::vector<LengthBucket> mix = spec.lengthMix;
    if (mix.empty())
        mix.push_back({double(spec.promptTokens), double(spec.outputTokens), 1.0});
    // Prefix caching: a hit finds the prompt's first `tokens` (at most all but its last token, which the engine always
    // computes — vLLM recomputes the last token of a fully cached prompt) in the cache, prefills only the rest, at
    // positions behind the cached ones, and shares one copy of the cached KV blocks (one shared prefix is assumed).
    // A miss prefills its whole prompt. Hits and misses stay apart: attention work grows with the position, so the
    // mean of the two is not a request with the mean cached length.
    const double hit = spec.prefix ? spec.prefix->hitRate : 0.0;
    const double prefixTokens = spec.prefix ? spec.prefix->tokens : 0.0;
    struct RequestClass
    {
        double prompt = 0, output = 0, share = 0;
        double cached = 0; ///< prompt tokens found in the prefix cache
        double prefilled() const { return prompt - cached; }
        double position() const { return (cached + prompt) / 2.0; } ///< mean position of a prefilled token
    };
    std::vector<RequestClass> classes;
    for (const auto& b : mix) {
        const double c = std::min(prefixTokens, b.promptTokens - 1.0);
        if (hit > 0 && c > 0)
            classes.push_back({b.promptTokens, b.outputTokens, b.share * hit, c});
        if (hit < 1 || c <= 0)
            classes.push_back({b.promptTokens, b.outputTokens, b.share * (c > 0 ? 1.0 - hit : 1.0), 0});
    }
    // With paged KV (vLLM, Kwon et al. 2023) a sequence holds blocks for the tokens it has so far: on average the
    // prompt plus half the output over its life; over a mix, a request of class i stays O_i steps, so the mean
    // context weighs each class by its share and its output: Σ s·O·(P + O/2) / Σ s·O. Its own (unshared) KV leaves
    // out the cached prefix.
    double weight = 0, context = 0, privateContext = 0, promptMean = 0, prefilledMean = 0, fullContext = 0;
    double positionWeight = 0, reservedContext = 0;
    for (const auto& c : classes) {
        weight += c.share * c.output;
        context += c.share * c.output * (c.prompt + c.output / 2.0);
        privateContext += c.share * c.output * (c.prefilled() + c.output / 2.0);
        reservedContext += c.share * c.output * (c.prefilled() + c.output); // its whole length, from admission on
        promptMean += c.share * c.prompt;
        prefilledMean += c.share * c.prefilled();
        positionWeight += c.share * c.prefilled() * c.position();
        fullContext = std::max(fullContext, c.prompt + c.output);
    }
    e.contextTokens = context / weight;
    e.prefillShare = prefilledMean / promptMean;
    // Attention work of a prefill is Σ tokens × position: the mean prefill is prefilledMean tokens at this position.
    const double prefillPosition = positionWeight / prefilledMean;
    const double kvShare = e.kvBytesPerTokenPerGpu / std::max(1e-30, e.kvBytesPerToken);
    double kvPerSeqAvg = kvBytesForContext(m, spec.kvPrecision, privateContext / weight) * kvShare;
    double kvPerSeqFull = kvBytesForContext(m, spec.kvPrecision, fullContext) * kvShare;
    double kvPerSeqReserved = kvBytesForContext(m, spec.kvPrecision, reservedContext / weight) * kvShare;
    e.sharedPrefixBytesPerGpu = hit > 0 ? kvBytesForContext(m, spec.kvPrecision, prefixTokens) * kvShare : 0.0;

    // Speculative decoding: the draft's weights and KV beside the target's. A draft model is a model of its own; MTP
    // and EAGLE heads are one transformer layer of the target's shape using its embedding and output head
    // (DeepSeek-V3 report §2.2: one MTP module; Li et al. 2024, EAGLE: one decoder layer).
    std::optional<ModelArch> draftArch;
    if (spec.speculation) {
        if (spec.speculation->draft)
            draftArch = *spec.speculation->draft;
        else {
            ModelArch head = m;
            head.layers = 1;
            head.denseLayers = m.isMoe() ? 0 : head.denseLayers;
            if (spec.speculation->method == Speculation::Method::Eagle && m.isMoe()) {
                // An EAGLE head is a dense decoder layer even for a mixture-of-experts target (the published EAGLE-3
                // heads are Llama-style layers); its width is the target's dense MLP width, or its active experts'.
                head.ffnHidden = m.ffnHidden > 0 ? m.ffnHidden : m.moeFfnHidden * std::max(1, m.expertsPerToken);
                head.experts = head.expertsPerToken = head.sharedExperts = head.moeFfnHidden = 0;
            }
            head.slidingWindowLayers = 0;
            head.paramsOverride.reset();
            head.activeParamsOverride.reset();
            draftArch = head;
        }
        InferenceSpec draftSpec = spec;
        draftSpec.expertWeightPrecision.reset();
        double draftWeights = weightsBytes(*draftArch, draftSpec);
        if (!spec.speculation->draft) {
            // A head shares the target's embedding and output head, and adds the 2h × h projection that joins the
            // hidden state with the next token's embedding (DeepSeek-V3 §2.2, M_k; EAGLE's fc layer).
            const double bytes = quantizedBytesPerParam(spec.weightPrecision);
            draftWeights += (2.0 * m.hidden * m.hidden - countParams(*draftArch).embedding) * bytes;
        }
        e.draftBytesPerGpu = draftWeights / (double(l.tp) * l.pp);
        // The draft's KV per sequence, split over the GPUs as its own attention splits, over the same contexts as
        // the target's: held on average, at the full length, and as reserved on admission.
        const double draftShare = kvPerTokenPerGpu(*draftArch, spec.kvPrecision, l)
            / std::max(1e-30, kvBytesPerToken(*draftArch, spec.kvPrecision));
        const auto draftKv
            = [&](double tokens) { return kvBytesForContext(*draftArch, spec.kvPrecision, tokens) * draftShare; };
        kvPerSeqAvg += draftKv(e.contextTokens);
        kvPerSeqFull += draftKv(fullContext);
        kvPerSeqReserved += draftKv(reservedContext / weight);
        e.acceptedTokens = spec.speculation->acceptedTokens;
    }
    // LoRA: the resident adapters in GPU memory (16-bit), split like the weights over tp.
    if (spec.lora) {
        e.loraAdapterBytes = loraParams(m, *spec.lora) * 2.0;
        e.loraResidentBytesPerGpu = spec.lora->resident * e.loraAdapterBytes / (double(l.tp) * l.pp);
        // A cold adapter is copied from host memory before the request's prefill: 25 GB/s assumed, about 80 % of
        // PCIe 4.0 ×16's 31.5 GB/s per direction (16 GT/s × 16 lanes, 128b/130b encoding); stated in the plan.
        e.loraColdLoadMs = e.loraAdapterBytes / 25e9 * 1e3;
        e.loraStepOverheadMs = loraStepOverheadS(m, *spec.lora, l.pp) * 1e3;
    }

    const double perGpuWeights = weightsPerGpu(m, spec, l);
    const double usable = gpu.memoryBytes * servingMemoryFraction;
    const double kvRoom
        = usable - perGpuWeights - e.draftBytesPerGpu - e.loraResidentBytesPerGpu - e.sharedPrefixBytesPerGpu;
    // Sequences one replica holds: each GPU's KV room over what one sequence keeps there (under attention DP each
    // GPU keeps its own sequences, so the replica holds tp times as many).
    // An engine that reserves each request's whole length on admission (TensorRT-LLM) fits kvRoom over the mean
    // reservation (each class's prompt + output, weighted by how long it runs); one that allocates as tokens arrive
    // fits kvRoom over the mean held.
    const double kvPerSeqAdmitted = e.engineDefaults.reservesWholeRequest ? kvPerSeqReserved : kvPerSeqAvg;
    const double perGpuSeqs = kvRoom > 0 ? std::floor(kvRoom / kvPerSeqAdmitted) : 0;
    e.maxConcurrency = static_cast<int>(std::min(1e9, perGpuSeqs * (l.attentionDp ? l.tp : 1)));
    // A sequence must be able to reach its full length alone.
    if (kvRoom < kvPerSeqFull)
        e.maxConcurrency = 0;
    // The engine's cap is per scheduler: under attention data parallelism each of the tp GPUs schedules its own batch
    // (TensorRT-LLM's max_batch_size is per rank there).
    e.maxConcurrency = std::min(e.maxConcurrency, e.engineDefaults.maxSequences * (l.attentionDp ? l.tp : 1));
    {
        const Precision wanted = spec.weightPrecision == Precision::INT4 || spec.weightPrecision == Precision::INT8
            ? Precision::FP16
            : spec.weightPrecision;
        if (e.computePrecision != wanted)
            e.assumptions.push_back(Message(msg::assumePrecisionFallback,
                {gpu.id, std::string(toString(wanted)), std::string(toString(e.computePrecision))}));
    }
    e.assumptions.push_back(Message(msg::assumeKvShare));
    e.assumptions.push_back(Message(msg::assumePagedKv));
    if (!spec.engineGiven)
        e.assumptions.push_back(Message(msg::assumeEngineDefault));
    if (spec.weightPrecisionFromModel)
        e.assumptions.push_back(Message(msg::assumeReleasedPrecision,
            {m.name.empty() ? m.id : m.name, std::string(toString(spec.weightPrecision)),
                std::string(toString(spec.expertPrecision()))}));
    if (!spec.lengthMix.empty())
        e.assumptions.push_back(Message(msg::assumeLengthMix,
            {std::to_string(spec.lengthMix.size()), std::to_string(spec.promptTokens),
                std::to_string(spec.outputTokens)}));
    if (const auto& src = spec.lengthMixSource)
        e.assumptions.push_back(Message(msg::assumeLengthMixSource,
            {src->file, std::to_string(src->requests), src->promptColumn, src->outputColumn}));
    if (spec.prefix)
        e.assumptions.push_back(Message(msg::assumePrefixCache,
            {fixedText(100.0 * hit, 0), std::to_string(static_cast<long long>(prefixTokens)),
                fixedText(100.0 * e.prefillShare, 1)}));
    if (spec.lora)
        e.assumptions.push_back(Message(msg::assumeLoraServing,
            {std::to_string(spec.lora->adapters), std::to_string(spec.lora->rank),
                fixedText(e.loraAdapterBytes / (1024.0 * 1024.0), 1), std::to_string(spec.lora->resident),
                fixedText(100.0 * spec.lora->coldShare(), 1), fixedText(e.loraColdLoadMs, 1),
                fixedText(e.loraStepOverheadMs, 2)}));
    const std::string engineName = spec.engine == ServingEngine::Vllm ? "vLLM"
        : spec.engine == ServingEngine::Sglang                        ? "SGLang"
                                                                      : "TensorRT-LLM";
    if (e.engineDefaults.mixedBatches)
        e.assumptions.push_back(Message(msg::assumeEngineMixed,
            {engineName, std::to_string(e.engineDefaults.tokenBudget), std::to_string(e.engineDefaults.maxSequences)}));
    else
        e.assumptions.push_back(
            Message(msg::assumeEngineSeparate, {engineName, std::to_string(e.engineDefaults.tokenBudget)}));
    if (e.engineDefaults.reservesWholeRequest)
        e.assumptions.push_back(Message(msg::assumeEngineReserves, {engineName}));

    // Pipeline stages on separate instances run one after the other for a given token: a stage's time (its share
    // of the weights and layers) times the stages, plus one network hop per stage boundary carrying the step's
    // hidden states (no overlap of micro-batches is counted: conservative for vLLM/SGLang pipeline parallelism).
    const auto stages = [&](double stageSeconds, double tokens) {
        if (l.pp <= 1)
            return stageSeconds;
        const double hop = pipelineHopLatencyS + tokens * m.hidden * 2.0 / pipelineHopBandwidth;
        return stageSeconds * l.pp + (l.pp - 1) * hop;
    };
    if (l.pp > 1)
        e.assumptions.push_back(Message(msg::assumePipelineHops,
            {std::to_string(l.pp - 1), std::to_string(static_cast<int>(pipelineHopLatencyS * 1e6)),
                std::to_string(static_cast<int>(pipelineHopBandwidth * 8 / 1e9))}));
    const StepModel stepModel(m, spec, gpu, l, eff, p);
    const auto step = [&](double decodes, double prefill, double position, double verify = 0) {
        StepLoad load {decodes, e.contextTokens, prefill, position, verify};
        return stages(stepModel.seconds(load), decodes + prefill + verify);
    };
    // The draft runs k times a step at the decoding batch; its steps cost no scheduling of their own (they run inside
    // the engine's step), only their kernels and per-layer launches.
    std::optional<StepModel> draftModel;
    if (draftArch) {
        ServingParams draftParams = p;
        draftParams.stepOverheadVllmS = draftParams.stepOverheadSglangS = draftParams.stepOverheadTrtllmS = 0;
        InferenceSpec draftSpec = spec;
        draftSpec.lora.reset();
        draftSpec.expertWeightPrecision.reset();
        draftModel.emplace(*draftArch, draftSpec, gpu, l, eff, draftParams);
    }
    e.prefillMs = step(0, prefilledMean, prefillPosition) * 1e3;

    // The step model at B sequences per replica (DESIGN.md "Capacity"). In steady state every decoding sequence
    // emits τ tokens a step (1 without speculative decoding), so B·τ/O requests finish and as many new prompts must
    // be prefilled per step: f = B·τ·P'/O prefill tokens a step, P' the prompt tokens not found in the prefix cache.
    // An engine that mixes prefill chunks into decode steps (vLLM, TensorRT-LLM) runs them in the same step, up to its
    // token budget: f/chunk of the steps carry one. One that runs prefill batches apart (SGLang) spends a plain decode
    // step and f/budget prefill batches. With speculation a step also verifies the B·k drafts and the draft runs k
    // times: TPOT = step / τ. Where the budget cannot carry f, fewer sequences decode at once and the rest wait for
    // their prefill (Little's law).
    const EngineDefaults& ed = e.engineDefaults;
    const double budget = ed.tokenBudget;
    const double P = std::max(1.0, prefilledMean), O = std::max(1, spec.outputTokens);
    const double cold = spec.lora ? spec.lora->coldShare() : 0.0;
    struct Point
    {
        double tpot = 0, itlP99 = 0, ttft = 0, throughput = 0, decodes = 0, prefill = 0, ttftP99 = 0, e2eP99 = 0;
    };
    // The 99th percentile over the request classes of a per-class figure.
    const auto p99 = [&](const std::vector<double>& values) {
        std::vector<std::size_t> order(values.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
        double cumulative = 0;
        for (std::size_t i : order) {
            cumulative += classes[i].share;
            if (cumulative >= 0.99 - 1e-12)
                return values[i];
        }
        return values[order.back()];
    };
    auto operatingPoint = [&](int b, bool speculate) {
        Point pt;
        const double B = b;
        const double tau = speculate && spec.speculation ? spec.speculation->acceptedTokens : 1.0;
        const double k = speculate && spec.speculation ? spec.speculation->draftTokens : 0.0;
        const auto draft = [&](double decodes) {
            return k > 0 && draftModel ? k * draftModel->seconds({decodes, e.contextTokens, 0, 0, 0}) : 0.0;
        };
        // A cold LoRA adapter waits for its copy before the prefill: the mean TTFT counts it for the cold share, the
        // p99 wherever at least 1 % of requests are cold.
        const double coldLoad = e.loraColdLoadMs / 1e3;
        std::vector<double> ttft(classes.size());
        if (spec.waves) {
            // B requests start together: their prompt tokens run as one burst of budget-sized prefill steps, then B
            // decode together for O / τ steps. The average request gets its first token halfway through the burst.
            const double burst = B * P;
            const double chunk = std::min(budget, burst);
            const double prefillStep = step(0, chunk, prefillPosition);
            const double prefillTime = std::ceil(burst / chunk) * prefillStep;
            const double decodeStep = step(B, 0, 0, B * k) + draft(B);
            const double wave = prefillTime + O / tau * decodeStep;
            pt.decodes = B;
            pt.throughput = B * O / wave;
            pt.ttft = 0.5 * prefillTime + 0.5 * prefillStep;
            pt.tpot = (wave - pt.ttft) / O;
            pt.ttft += cold * coldLoad;
            pt.itlP99 = decodeStep + prefillStep;
            pt.ttftP99 = prefillTime + (cold >= 0.01 ? coldLoad : 0.0);
            pt.e2eP99 = wave;
            return pt;
        }
        double d = B;
        if (ed.mixedBatches)
            d = std::min(B, budget * O / (O * (1.0 + k) + tau * P));
        d = std::max(1.0, d);
        const double f = d * tau * P / O;
        pt.decodes = d;
        pt.prefill = f;
        // Prefill goes in chunks of c tokens (a whole prompt where the budget allows): f / c of the steps carry one.
        const double room = ed.mixedBatches ? budget - d * (1.0 + k) : budget;
        const double chunk = std::max(1.0, std::min(P, room));
        const double share = std::min(1.0, f / chunk);
        double stepTime = 0;
        if (ed.mixedBatches) {
            const double plain = step(d, 0, 0, d * k) + draft(d);
            const double loaded = step(d, chunk, prefillPosition, d * k) + draft(d);
            stepTime = (1.0 - share) * plain + share * loaded;
            pt.itlP99 = share >= 0.01 ? loaded : plain; // a step that accepts no draft
            // A new prompt waits for the step under way, then takes n = ⌈P' / room⌉ steps, each carrying P'/n of its
            // tokens beside the decodes: a long prompt's steps are longer than the average step.
            const double perStep = std::max(1.0, room);
            for (std::size_t i = 0; i < classes.size(); ++i) {
                const double n = std::ceil(classes[i].prefilled() / perStep);
                ttft[i] = 0.5 * stepTime
                    + n * (step(d, classes[i].prefilled() / n, classes[i].position(), d * k) + draft(d));
            }
        } else {
            const double decodeStep = step(d, 0, 0, d * k) + draft(d);
            const double prefillBatch = step(0, chunk, prefillPosition);
            stepTime = decodeStep + f / chunk * prefillBatch;
            pt.itlP99 = share >= 0.01 ? decodeStep + prefillBatch : decodeStep;
            // Prefill goes first: a new prompt waits for the decode step under way, then runs its prefill.
            for (std::size_t i = 0; i < classes.size(); ++i) {
                ttft[i] = 0.5 * decodeStep + step(0, classes[i].prefilled(), classes[i].position());
            }
        }
        pt.tpot = stepTime / tau;
        pt.throughput = d / pt.tpot;
        // The sequences beyond d wait to be prefilled.
        const double queued = B > d ? (B - d) / (pt.throughput / O) : 0.0;
        double mean = 0;
        std::vector<double> e2e(classes.size());
        for (std::size_t i = 0; i < classes.size(); ++i) {
            ttft[i] += queued;
            mean += classes[i].share * ttft[i];
            e2e[i] = ttft[i] + std::max(0.0, classes[i].output - 1) * pt.tpot;
        }
        pt.ttft = mean + cold * coldLoad;
        pt.ttftP99 = p99(ttft) + (cold >= 0.01 ? coldLoad : 0.0);
        pt.e2eP99 = p99(e2e) + (cold >= 0.01 ? coldLoad : 0.0);
        return pt;
    };

    int chosen = 0;
    if (e.maxConcurrency > 0) {
        if (concurrency > 0) {
            chosen = concurrency;
            e.limitedBy = "concurrency";
        } else {
            // Largest B that fits and meets the SLO; throughput grows with B, TPOT too.
            int lo = 1, hi = e.maxConcurrency;
            auto meets = [&](int b) {
                const Point pt = operatingPoint(b, true);
                return (!spec.slo.tpotP99Ms || pt.tpot * 1e3 <= *spec.slo.tpotP99Ms)
                    && (!spec.slo.ttftP99Ms || std::max(pt.ttft, pt.ttftP99) * 1e3 <= *spec.slo.ttftP99Ms);
            };
            if (!meets(1)) {
                chosen = 1;
                e.limitedBy = "slo";
            } else if (meets(hi)) {
                chosen = hi;
                e.limitedBy = hi == ed.maxSequences ? "engine" : "memory";
            } else {
                while (lo < hi) {
                    const int mid = lo + (hi - lo + 1) / 2;
                    if (meets(mid))
                        lo = mid;
                    else
                        hi = mid - 1;
                }
                chosen = lo;
                e.limitedBy = "slo";
            }
        }
        Point pt = operatingPoint(chosen, true);
        // A burst of n requests (per replica) in waves of `chosen`: ⌊n / chosen⌋ full waves and one of the rest,
        // each starting when the one before it has finished (uniform lengths end together). Throughput is the
        // burst's output over its whole time; a request's TTFT counts the waves before its own.
        if (spec.waves && spec.burstRequests > 0) {
            const int n = static_cast<int>((static_cast<long long>(spec.burstRequests) + l.replicas - 1) / l.replicas);
            if (n <= chosen) {
                chosen = n; // every request is in flight at once
                e.limitedBy = "concurrency";
                pt = operatingPoint(chosen, true);
            } else {
                // Σ over the full waves w = 0 … full − 1 of chosen · (w · fullWave + ttft), in closed form (a file may
                // state millions of requests at a concurrency of one); then the wave of the rest, if any.
                const int full = n / chosen, restB = n % chosen;
                const double fullWave = chosen * O / pt.throughput;
                double ttftSum = chosen * (fullWave * 0.5 * double(full) * (full - 1) + full * pt.ttft);
                double tpotSum = double(full) * chosen * pt.tpot, end = full * fullWave;
                Point burst = pt;
                burst.ttftP99 = (full - 1) * fullWave + pt.ttftP99;
                if (restB > 0) {
                    const Point rest = operatingPoint(restB, true);
                    ttftSum += restB * (end + rest.ttft);
                    tpotSum += restB * rest.tpot;
                    burst.ttftP99 = end + rest.ttftP99;
                    end += restB * O / rest.throughput;
                }
                burst.ttft = ttftSum / n;
                burst.tpot = tpotSum / n;
                burst.throughput = n * O / end;
                burst.e2eP99 = end;
                pt = burst;
            }
        }
        e.concurrency = chosen;
        e.decodeSequences = static_cast<int>(std::lround(pt.decodes));
        e.prefillTokensPerStep = pt.prefill;
        e.tpotMs = pt.tpot * 1e3;
        e.itlP99Ms = pt.itlP99 * 1e3;
        e.ttftMs = pt.ttft * 1e3;
        e.e2eLatencyMs = e.ttftMs + e.tpotMs * std::max(0, spec.outputTokens - 1);
        e.decodeStepMs = step(pt.decodes, 0, 0) * 1e3;
        setFleetThroughput(e, pt.throughput, l.replicas, spec);
        e.ttftP99Ms = pt.ttftP99 * 1e3;
        e.e2eP99Ms = pt.e2eP99 * 1e3;
        if (spec.lora) {
            e.loraDistinctPerStep = stepModel.distinctAdapters(pt.decodes);
        }
        if (spec.speculation) {
            // What speculation buys at this concurrency, and up to which concurrency it still raises throughput (the
            // gain falls as the batch grows: verifying k drafts per sequence turns the step compute-bound).
            const auto gain
                = [&](int b) { return operatingPoint(b, true).throughput / operatingPoint(b, false).throughput; };
            e.speculationGain = gain(chosen);
            int lo = 0, hi = e.maxConcurrency;
            while (lo < hi) {
                const int mid = lo + (hi - lo + 1) / 2;
                if (gain(mid) >= 1.0)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            e.speculationPaysUpTo = lo;
            const auto& sp = *spec.speculation;
            const std::string method = sp.method == Speculation::Method::Mtp ? "MTP"
                : sp.method == Speculation::Method::Eagle                    ? "EAGLE"
                                                                             : sp.draftModel;
            e.assumptions.push_back(Message(msg::assumeSpeculation,
                {method, std::to_string(sp.draftTokens), fixedText(sp.acceptedTokens, 2),
                    fixedText(e.speculationGain, 2), std::to_string(lo)}));
            if (e.speculationGain < 1.0)
                e.assumptions.push_back(Message(msg::speculationCosts,
                    {std::to_string(chosen), fixedText(e.speculationGain, 2), std::to_string(lo)}));
        }
        // Memory-bound: the decode step's HBM traffic alone takes most of it (tensor parallel replicas count as
        // bandwidth-bound: their GEMMs split too thin to be compute-bound).
        const double decodeBytes = weightsPerGpu(m, spec, l) + sequencesPerGpu(pt.decodes, l) * kvPerSeqAvg;
        const double memTime = decodeBytes / (gpu.memoryBandwidth * vendorBandwidth(gpu, p));
        e.memoryBound = memTime >= 0.5 * e.decodeStepMs / 1e3 || l.tp > 1;
    }

    const int held = std::max(chosen, concurrency);
    // The draft's and the resident adapters' weights count as weights, the shared prefix's KV as KV cache. The KV
    // cache is what the held sequences take from the pool: what they hold so far, or, where the engine reserves each
    // request's whole length on admission, what it reserved.
    e.memory.weights = perGpuWeights + e.draftBytesPerGpu + e.loraResidentBytesPerGpu;
    e.memory.kvCache = sequencesPerGpu(held, l) * kvPerSeqAdmitted + e.sharedPrefixBytesPerGpu;
    e.memory.overhead = gpu.memoryBytes * (1.0 - servingMemoryFraction);
    e.fit.requiredBytes = e.memory.total();
    if (e.maxConcurrency == 0)
        e.fit.requiredBytes = e.memory.weights + e.sharedPrefixBytesPerGpu + kvPerSeqFull + e.memory.overhead;
    e.fit.availableBytes = gpu.memoryBytes;
    e.fit.fits = e.maxConcurrency > 0 && (concurrency == 0 || concurrency <= e.maxConcurrency);
    if (!e.fit.fits) {
        auto gibText
            = [](double bytes) { return std::to_string(static_cast<long long>(std::ceil(bytes / GiB))) + " GiB"; };
        if (e.maxConcurrency > 0)
            e.fit.suggestions.push_back(
                Message(msg::fitConcurrency, {std::to_string(concurrency), std::to_string(e.maxConcurrency)}));
        const int nextTp = l.tp * 2;
        if (nextTp <= gpu.maxGpusPerNode && m.heads % nextTp == 0)
            e.fit.suggestions.push_back(
                Message(msg::fitTensorParallel, {std::to_string(nextTp), gibText(e.weightsBytes / (nextTp * l.pp))}));
        for (Precision q : {Precision::FP8, Precision::INT4}) {
            if (quantizedBytesPerParam(q) < quantizedBytesPerParam(spec.weightPrecision)) {
                InferenceSpec smaller = spec;
                smaller.weightPrecision = q;
                smaller.expertWeightPrecision.reset();
                e.fit.suggestions.push_back(Message(msg::fitWeightPrecision,
                    {std::string(toString(q)), gibText(weightsBytes(m, smaller) / (double(l.tp) * l.pp))}));
            }
        }
        if (bytesPerElement(spec.kvPrecision) > 1)
            e.fit.suggestions.push_back(Message(msg::fitFp8Kv));
        e.fit.suggestions.push_back(Message(msg::fitLargerGpu, {gibText(e.fit.requiredBytes)}));
    }
    return e;
}

void setFleetThroughput(InferenceEstimate& e, double perReplicaTokensPerS, int replicas, const InferenceSpec& spec)
{
    e.layout.replicas = replicas;
    e.throughputTokensPerS = perReplicaTokensPerS * replicas;
    e.requestsPerS = e.throughputTokensPerS / spec.outputTokens;
}

InferenceLayout smallestServingLayout(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, int gpus)
{
    InferenceLayout best;
    best.tp = 1;
    best.replicas = gpus;
    for (int tp = 1; tp <= std::min(gpus, gpu.maxGpusPerNode); tp *= 2) {
        if (gpus % tp != 0 || m.heads % tp != 0)
            continue;
        InferenceLayout l;
        l.tp = tp;
        l.replicas = gpus / tp;
        // Enough room for a useful batch: weights take at most 3/4 of the usable memory.
        const double weights = weightsBytes(m, spec) / tp;
        best = l;
        if (weights <= 0.75 * servingMemoryFraction * gpu.memoryBytes)
            return l;
    }
    return best;
}

double loraStepOverheadS(const ModelArch& m, const LoraAdapters& a, int pp)
{
    return double(m.layers) / std::max(1, pp) * loraProjections(m, a) * kLoraProjectionS;
}

} // namespace gpuplan::core
