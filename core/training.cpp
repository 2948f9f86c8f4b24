#include "training.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace gpuplan::core {

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0; // bytes
constexpr double secondsPerDay = 86400.0;

// Non-GEMM kernels (norms, activations, residual adds, dropout, rotary) stream the layer's activations
// through HBM: each stored tensor is written in the forward pass, read in the backward pass, and its
// gradient written and read once: 4 passes over the stored-activation footprint; full recompute adds a
// second forward (2 more passes). The count is physical, not fitted.
constexpr double elementwisePasses = 4.0;
constexpr double elementwisePassesRecompute = 2.0;

/// The widths a layer's projections write: the queries (heads × head dim; the value heads' width under latent
/// attention) and one of K and V (the KV heads' width; the latent rank under latent attention).
double queryWidth(const ModelArch& m)
{
    return double(m.heads) * (m.isMla() ? m.vHeadDim : m.headDim());
}
double keyWidth(const ModelArch& m)
{
    return m.isMla() ? double(m.kvLoraRank) : double(m.kvHeads) * m.headDim();
}

/// torchtitan's per-op selective activation checkpointing (Recompute::Op): the checkpoint policy of each transformer
/// block saves the outputs of every second matmul (aten.mm), of fused attention and of the tensor-parallel
/// reduce-scatters, and recomputes every other op in the backward pass ("Saves output of all compute ops, except every
/// second mm": pytorch/torchtitan torchtitan/models/llama3/parallelize_llama.py, _save_list and _custom_policy, at
/// e7c0cae of 2025-06-11; the default of its Llama 3 recipes, train_configs/llama3_8b.toml, [activation_checkpoint]
/// mode "selective", selective_ac_option "op"). A block's matmuls run q, k, v, o, then gate, up, down (gated MLP) or
/// up, down: the 1st, 3rd, 5th and 7th are kept, so k and o, and the MLP's up projection (gated) or its down projection
/// (plain) run their forward again. Returned: the share of the attention projections' and of the MLP's forward FLOPs
/// recomputed: k and o are half of q, k, v, o (o is as large as q, k as v), and one of the MLP's three or two equal
/// matrices. The experts of a mixture and latent attention are counted as a dense block (an assumption: torchtitan's
/// grouped expert GEMMs are not aten.mm, and latent attention runs more projections).
std::pair<double, double> recomputedGemmShares(const ModelArch& m)
{
    return {0.5, m.gatedFfn ? 1.0 / 3.0 : 1.0 / 2.0};
}

// Adam update traffic per local parameter: read fp32 master, m, v (12 B) and the bf16 gradient (2 B), write
// master, m, v (12 B) and the bf16 weight (2 B) = 28 bytes (fp32 training: read/write w, m, v + read g = 28).
constexpr double optimizerBytesPerParam = 28.0;

// Goodput of long runs. Llama 3 405B pretraining saw 466 job interruptions in a 54-day snapshot on 16 384
// H100 GPUs (Dubey et al. 2024, §3.3.4, Table 5): 466 / (54 · 24 · 16 384) = 2.19e-5 interruptions per
// GPU-hour; a job on n GPUs is interrupted n times as often. Each costs a restart — detection, rescheduling,
// reloading state: 15 min (MegaScale, Jiang et al. 2024 §6.3: detection and diagnosis within 10 minutes, caught up
// with the latest checkpoint within 15; Kokolis et al. 2024 measure 5–20 min of restart overhead on Meta's RSC
// clusters) — plus on average half a checkpoint interval of lost work; writing checkpoints costs C per interval.
constexpr double interruptionsPerGpuHour = 466.0 / (54.0 * 24.0 * 16384.0);
constexpr double restartHours = 0.25;
// Checkpoint write bandwidth per GPU to shared storage (assumption: 1 GB/s; Llama 3 reports 1 MB – 4 GB
// of checkpoint state per GPU, §3.3.4).
constexpr double checkpointBytesPerSecondPerGpu = 1e9;
// Stragglers: ranks that run slower than the others (pipeline-stage and sequence-length imbalance, garbage
// collection, slow hosts) hold every other rank back. Over five months of ByteDance's LLM pre-training jobs of 128
// GPUs or more, they wasted 10.4 % of the cluster's GPU-hours (Lin et al. 2025, "Understanding Stragglers in Large
// Model Training Using What-if Analysis", OSDI '25). Taken for every run that spans more than one node; a run
// inside one node is not charged (the study's jobs all span nodes).
constexpr double stragglerShare = 0.104;

// Framework work once per optimizer step (optimizer kernels over every parameter tensor, gradient-norm
// clipping, loss scaling, logging): 0.1 s. Evidence: llm-foundry's single-micro-batch steps (MPT-13B with a
// global batch of 16 on 8 × H100 runs 0.85 s per step where its FLOPs take ~0.6 s); invisible in long steps.
constexpr double perStepOverheadS = 0.1;

// Fixed per-GPU overhead: CUDA context and cuBLAS/NCCL workspaces (~0.5–1 GiB observed with PyTorch on
// A100/H100; PyTorch "CUDA semantics" notes, NCCL buffers 2 × 4 MiB × channels) plus 5 % of everything
// else for caching-allocator fragmentation. Both are stated assumptions, shown with every estimate.
constexpr double fixedOverheadBytes = 1.0 * GiB;
constexpr double fragmentationFraction = 0.05;

bool mixedPrecision(Precision p)
{
    return p == Precision::BF16 || p == Precision::FP16 || p == Precision::FP8;
}

std::string gib(double bytes)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(1);
    s << bytes / GiB << " GiB";
    return s.str();
}

std::string percent(double fraction)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(1);
    s << fraction * 100.0;
    return s.str();
}

/// LoRA adapters on every linear layer: rank r adds r·(in + out) parameters per matrix (Hu et al. 2021).
double loraParams(const ModelArch& m, int r)
{
    const double h = m.hidden, q = double(m.heads) * m.headDim(), kv = double(m.kvHeads) * m.headDim();
    const double attn = r * (h + q) + 2.0 * r * (h + kv) + r * (q + h);
    const double f = m.isMoe() ? m.moeFfnHidden : m.ffnHidden;
    const double mlp = (m.gatedFfn ? 3.0 : 2.0) * r * (h + f);
    return m.layers * (attn + mlp);
}

/// Parameters one GPU holds, dense parts split by tp·pp, experts (routed, shared, routers) also by ep; and the ranks
/// their optimizer states, gradients and (ZeRO-3) weights are sharded over.
struct LocalParams
{
    double dense = 0;                         ///< attention, dense MLPs, embeddings, norms on this GPU
    double experts = 0;                       ///< MoE layers on this GPU
    double denseShards = 1, expertShards = 1; ///< ranks a ZeRO shard of each spans (1 without ZeRO)
    double total() const { return dense + experts; }
};

/// ZeRO shards over the data-parallel ranks together with the context-parallel ones (both hold the same weights;
/// Megatron's distributed optimizer shards over that group), experts over their expert-data-parallel group: the
/// tp·cp·dp GPUs of a stage ÷ (etp·ep). ZeRO-3 shards over its shard group (× cp).
LocalParams localParams(const ParamCounts& pc, const ParallelLayout& L)
{
    LocalParams p;
    const double split = double(L.tp) * L.pp;
    p.dense = (pc.total - pc.ffnExperts) / split;
    p.experts = pc.ffnExperts / (double(L.etp()) * L.pp * std::max(1, L.ep));
    const double ranks = double(L.zeroStage >= 3 ? L.shardRanks() : L.dp) * L.cp;
    p.denseShards = std::max(1.0, ranks);
    p.expertShards = std::max(1.0, ranks * L.tp / (double(L.etp()) * std::max(1, L.ep)));
    return p;
}

} // namespace

double activationBytesPerLayer(const ModelArch& m, int seqLen, int microBatch, int tp, bool sequenceParallel,
    Recompute recompute, int cp, bool fp8)
{
    // Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer Models", §4.1) count,
    // per layer and 16-bit activations, s·b·h·(34 + 5·a·s/h) bytes for a GPT block with a 4h GeLU MLP and
    // dropout: 10 s·b·h that tensor parallelism does not split (two LayerNorm inputs 4, the QKV and MLP
    // inputs 2 + 2, two 1-byte dropout masks 2), 24 s·b·h that it does (Q, K, V 6, out-projection input 2,
    // GeLU input and output 16) and 5·a·s/h for the scores (softmax output 2, dropout mask 1, dropout output 2).
    // Generalised here, term by term:
    //  - K and V are g/a as wide with grouped-query attention: 2 + 4·g/a instead of 6;
    //  - a plain MLP of width f stores 4·f/h (GeLU in and out); a gated one stores 6·f/h with Megatron's fused
    //    SwiGLU (the concatenated gate/up output 4·f/h and the down-projection input 2·f/h);
    //  - models trained without dropout have no masks: 8 instead of 10, and 2·a·s/h for the scores;
    //  - FP8 training keeps the inputs of its FP8 GEMMs in FP8 for the weight-gradient GEMMs (DeepSeek-V3 §3.3.3;
    //    Transformer Engine saves the quantized input): 1 byte instead of 2 for the QKV and MLP inputs, the
    //    output projection's input and the down projection's input (f/h of the MLP's 4 or 6·f/h).
    const double s = double(seqLen) / std::max(1, cp), b = microBatch, h = m.hidden;
    const double a = m.heads, g = m.isMla() ? m.heads : m.kvHeads;
    const double f = m.isMoe() ? double(m.moeFfnHidden) * (m.expertsPerToken + m.sharedExperts) : m.ffnHidden;
    const double t = std::max(1, tp);
    const double dropout = m.dropout ? 1.0 : 0.0;

    const double saved = fp8 ? 1.0 : 0.0; // bytes per element saved on each FP8 GEMM input
    const double replicated = 8.0 + 2.0 * dropout - 2.0 * saved;
    const double attention = 2.0 + 4.0 * g / a + 2.0 - saved;
    const double mlp = ((m.gatedFfn ? 6.0 : 4.0) - saved) * f / h;
    const double scores = (2.0 + 3.0 * dropout) * a * s / h;

    if (recompute == Recompute::Full) // only the layer input is kept (2 bytes per element)
        return s * b * h * 2.0 / (sequenceParallel ? t : 1.0);
    if (recompute == Recompute::Op) {
        // torchtitan's per-op checkpointing (recomputedGemmShares): the layer input and the outputs of the kept
        // matmuls — q and v, the MLP's gate (gated) or up projection, and the down projection of a gated MLP (the
        // block's 7th matmul) — plus fused attention's output and its fp32 log-sum-exp per head, 16-bit otherwise.
        // Without dropout masks: torchtitan's models have no dropout.
        const double q = queryWidth(m), kv = keyWidth(m);
        const double replicatedOp = 2.0 + (m.gatedFfn ? 2.0 : 0.0);
        const double split = (2.0 * q + 2.0 * kv + 2.0 * q + 4.0 * a + 2.0 * f) / h;
        return s * b * h * ((sequenceParallel ? replicatedOp / t : replicatedOp) + split / t);
    }
    double coef = (sequenceParallel ? replicated / t : replicated) + (attention + mlp) / t;
    if (recompute == Recompute::None)
        coef += scores / t; // selective recompute (or FlashAttention) never stores the s×s scores
    return s * b * h * coef;
}

MemoryBreakdown trainingMemory(const ModelArch& model, const TrainingSpec& spec, const ParallelLayout& L)
{
    MemoryBreakdown mem;
    const ParamCounts pc = countParams(model);
    const double tp = L.tp, pp = L.pp;
    const LocalParams local = localParams(pc, L);

    const bool mixed = mixedPrecision(spec.precision);
    const double weightBytes = mixed ? 2.0 : 4.0; // bf16 working weights; fp32 for fp32/tf32 training
    const double gradBytes = mixed ? 2.0 : 4.0;
    // Mixed-precision Adam keeps an fp32 master copy, momentum and variance: 12 B/param (ZeRO paper §3.1,
    // Rajbhandari et al. 2019: 2 + 2 + 12 = 16 B/param). fp32 training needs only momentum and variance: 8.
    const double optBytes = mixed ? 12.0 : 8.0;
    // Bytes per local parameter of a state sharded from `stage` on: dense and expert parameters have their own
    // shard groups.
    auto sharded = [&](int stage, double bytes) {
        if (L.zeroStage < stage)
            return (local.dense + local.experts) * bytes;
        return local.dense * bytes / local.denseShards + local.experts * bytes / local.expertShards;
    };
    // DualPipe keeps two copies of the parameters: the stages run in both directions (DeepSeek-V3 §3.2.1, Table 2).
    const double copies = spec.pipelineSchedule == PipelineSchedule::DualPipe && L.pp > 1 ? 2.0 : 1.0;

    if (spec.method == FinetuneMethod::Full) {
        mem.weights = sharded(3, weightBytes) * copies;
        mem.gradients = sharded(2, gradBytes);
        mem.optimizer = sharded(1, optBytes);
    } else {
        // Frozen base weights: bf16, or 4-bit NF4 with one scale per 64 weights for QLoRA (Dettmers et al.
        // 2023 §3: 0.5 + 32/64/8 ≈ 0.56 byte; double quantization brings it to ~0.52; quantizedBytesPerParam).
        const double base = spec.method == FinetuneMethod::Qlora ? quantizedBytesPerParam(Precision::INT4) : 2.0;
        const double trainable = loraParams(model, spec.loraRank) / (tp * pp);
        const double zeroShards = std::max(1.0, double(L.dp) * L.cp);
        mem.weights = sharded(3, base) + trainable * weightBytes;
        mem.gradients = trainable * gradBytes / (L.zeroStage >= 2 ? zeroShards : 1.0);
        mem.optimizer = trainable * optBytes / (L.zeroStage >= 1 ? zeroShards : 1.0);
    }

    // Activations: under 1F1B the first stage holds min(m, p) micro-batches of L/p layers (= L layers when
    // m ≥ p), times (1 + (p−1)/(p·v)) with v interleaved stages (Korthikanti et al. §4.2.3); DualPipe holds p + 1
    // (DeepSeek-V3 Table 2).
    const int seq = model.seqLen;
    const double layersPerStage = double(model.layers) / pp;
    const double sequences = spec.sequencesPerStep(seq);
    const double m = std::max(1.0, std::ceil(sequences / (double(L.microBatch) * L.dp)));
    const double inFlight
        = pp > 1 ? std::min(m, spec.pipelineSchedule == PipelineSchedule::DualPipe ? pp + 1 : pp) : 1.0;
    const double interleaveFactor = (pp > 1 && L.interleave > 1) ? 1.0 + (pp - 1) / (pp * L.interleave) : 1.0;
    // FlashAttention never stores the scores: for memory the same as selective recompute. Under partial full
    // recompute the layers not recomputed store everything.
    const double share = L.fullRecompute();
    const bool fp8 = spec.precision == Precision::FP8;
    const Recompute kept = L.recompute == Recompute::Full ? Recompute::None : L.recompute;
    const Recompute stored = (spec.flashAttention && kept == Recompute::None) ? Recompute::Selective : kept;
    const double perLayer = share
            * activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Full, L.cp, fp8)
        + (1.0 - share)
            * activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, stored, L.cp, fp8);
    mem.activations = perLayer * layersPerStage * inFlight * interleaveFactor;
    if (share > 0) // one layer's full working set while it is recomputed
        mem.activations += activationBytesPerLayer(
            model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Selective, L.cp, fp8);
    else if (L.recompute == Recompute::Op) // what one layer recomputes, while its backward runs
        mem.activations += activationBytesPerLayer(
                               model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Selective, L.cp, fp8)
            - activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Op, L.cp, fp8);
    // Logits for the loss, fp32, vocabulary-parallel over tp (Megatron's cross-entropy); counted on every
    // stage as a conservative bound.
    mem.activations += double(seq) / L.cp * L.microBatch * double(model.vocab) * 4.0 / tp;
    const double states = mem.weights + mem.gradients + mem.optimizer + mem.activations;
    mem.overhead = fixedOverheadBytes + fragmentationFraction * states;
    // ZeRO-3 gathers the next layer's weights while this one computes (FSDP prefetch): the communication buffers hold
    // two layers' whole weights.
    if (L.zeroStage >= 3 && model.layers > 0)
        mem.overhead += 2.0 * local.total() / layersPerStage * weightBytes;
    return mem;
}

TrainingEstimate estimateTraining(
    const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu, const ParallelLayout& layout)
{
    return estimateTraining(model, spec, gpu, layout, defaultEfficiency(gpu, gpu.computePrecision(spec.precision)));
}

namespace {

/// Seconds to move `bytes` from every GPU of a group to the others over `bandwidth`, `hops` latencies.
double transferS(double bytes, double bandwidth, double latencyS, double hops = 1.0)
{
    return bandwidth > 0 ? bytes / bandwidth + hops * latencyS : 0.0;
}

/// Bytes each FP8 GEMM input element costs to quantize, per recipe: read the BF16 value (2 B), write it in FP8 (1 B)
/// and once more transposed for the backward GEMMs (1 B; Hopper's FP8 tensor cores take only the TN layout, and the
/// block-scaled recipes need both orientations with their own scales: Transformer Engine's cast-transpose kernels
/// write both in one pass). Per-tensor current scaling reads the tensor once more for its amax first (2 B); delayed
/// scaling takes the amax from earlier steps (TE DelayedScaling, amax_history_len 1024); block-wise and MXFP8
/// compute their scales inside the cast (Transformer Engine recipe documentation; Megatron-Bridge performance guide,
/// "Low Precision Training").
double castBytesPerElement(Fp8Recipe r)
{
    return r == Fp8Recipe::Tensorwise ? 6.0 : 4.0;
}

} // namespace

Link collectiveLink(const GpuSpec& gpu, const Efficiency& eff, int node, double size, double stride)
{
    if (size * stride <= node)
        return {gpu.intraBandwidth * eff.linkBandwidth, eff.linkLatencyS};
    const double members = std::clamp(node / stride, 1.0, size);
    return {std::min(gpu.intraBandwidth, members * gpu.interBandwidth) * eff.linkBandwidth, eff.networkLatencyS};
}

TrainingEstimate estimateTraining(const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu,
    const ParallelLayout& layout, const Efficiency& eff, bool explain)
{
    TrainingEstimate e;
    e.layout = layout;
    const ParallelLayout& L = e.layout;
    const ParamCounts pc = countParams(model);
    e.paramsTotal = pc.total;
    e.paramsActive = pc.active;
    e.trainableParams = spec.method == FinetuneMethod::Full ? pc.total : loraParams(model, spec.loraRank);
    const int seq = model.seqLen;
    const double n = layout.gpus();
    const bool full = spec.method == FinetuneMethod::Full;

    // Model FLOPs per token (PaLM appendix B). LoRA skips the weight-gradient GEMMs of the frozen base:
    // forward 2N + input gradients 2N = 4N, i.e. 2/3 of the full count (adapters are < 1 %).
    e.flopsPerToken6N = trainingFlops6N(model);
    e.flopsPerToken = trainingFlopsPerToken(model, seq);
    const double attentionFlops = e.flopsPerToken - e.flopsPerToken6N; // 12·L·h·s, fwd + bwd
    if (!full) {
        e.flopsPerToken6N *= 2.0 / 3.0;
        e.flopsPerToken = e.flopsPerToken6N + attentionFlops; // attention still needs its full backward
        if (explain)
            e.assumptions.push_back(Message(msg::assumeLora));
    }
    e.hardwareFlopsPerToken = e.flopsPerToken;
    const double recomputed = layout.fullRecompute(); // share of the layers whose forward runs twice
    // Per-op checkpointing: the shares of the attention projections' and the MLPs' forward GEMMs that run again.
    const auto [opAttention, opMlp]
        = layout.recompute == Recompute::Op ? recomputedGemmShares(model) : std::pair<double, double> {0.0, 0.0};
    if (layout.recompute == Recompute::Full)
        e.hardwareFlopsPerToken += recomputed * e.flopsPerToken / 3.0; // one more forward pass
    else if (layout.recompute == Recompute::Selective)
        e.hardwareFlopsPerToken += attentionFlops / 3.0; // the attention core's forward again
    e.totalFlops = e.flopsPerToken * spec.tokens;
    e.totalFlops6N = e.flopsPerToken6N * spec.tokens;
    e.tflopsDays = e.totalFlops / (1e12 * secondsPerDay);
    e.pflopsDays = e.totalFlops / (1e15 * secondsPerDay);

    // Batch geometry
    const double sequences = spec.sequencesPerStep(seq);
    e.microBatchesPerStep = static_cast<int>(std::max(1.0, std::ceil(sequences / (double(L.microBatch) * L.dp))));
    const double m = e.microBatchesPerStep;
    e.tokensPerStep = m * L.microBatch * L.dp * double(seq);
    e.steps = spec.tokens / e.tokensPerStep;
    if (std::abs(e.tokensPerStep - sequences * seq) > 0.5)
        if (explain)
            e.assumptions.push_back(Message(msg::assumeGlobalBatchRounded,
                {std::to_string(static_cast<long long>(m)), std::to_string(L.microBatch), std::to_string(L.dp)}));

    e.computePrecision = gpu.computePrecision(spec.precision);
    if (e.computePrecision != spec.precision)
        if (explain)
            e.assumptions.push_back(Message(msg::assumePrecisionFallback,
                {gpu.id, std::string(toString(spec.precision)), std::string(toString(e.computePrecision))}));
    const bool fp8 = e.computePrecision == Precision::FP8;
    const double peak = gpu.peak(e.computePrecision).value_or(0);
    // What stays in 16-bit in FP8 training (the output head, attention, the routers) runs at the BF16 rate.
    const double peak16 = fp8 ? gpu.peak(Precision::BF16).value_or(gpu.peak(Precision::FP16).value_or(peak)) : peak;
    const double gemm16 = fp8 ? eff.trainGemmBf16 : eff.trainGemm;
    const double ridge16 = fp8 && gpu.memoryBandwidth > 0 ? peak16 / gpu.memoryBandwidth : eff.gemmShapeHalf;
    auto shape16 = [&](double width) { return width > 0 ? width / (width + ridge16) : 1.0; };

    // The architecture's GEMMs, by the precision and the shape they run in. countParams scales `total` and `active`
    // to a stated parameter count; the pieces are scaled the same way.
    const double h = model.hidden, layers = model.layers;
    const double moeLayers = model.moeLayers();
    const double gated = model.gatedFfn ? 3.0 : 2.0;
    const double rawActive = pc.attention + pc.ffnDense + pc.ffnExpertsActive + pc.embedding + pc.norms;
    const double scale = rawActive > 0 ? pc.active / rawActive : 1.0;
    const double routed = moeLayers * model.expertsPerToken * gated * h * model.moeFfnHidden * scale;
    const double shared = moeLayers * model.sharedExperts * gated * h * model.moeFfnHidden * scale;
    const double routers = moeLayers * h * model.experts * scale;
    const double blockDense = (pc.attention + pc.ffnDense) * scale + shared; // FP8 in FP8 training
    const double head = double(model.vocab) * h * scale;                     // the output projection, 16-bit
    // FLOPs per parameter per token: 6 (forward 2, backward 4), 4 for a frozen base (LoRA), +2 recomputing the
    // forward.
    const double perParam = (full ? 6.0 : 4.0) + 2.0 * recomputed;
    // Per-op checkpointing recomputes part of each block's GEMMs (recomputedGemmShares): 2 FLOPs per recomputed
    // parameter, on top of perParam, at the block's rate (routed experts at theirs).
    const double opBlock = 2.0 * (opAttention * pc.attention * scale + opMlp * (pc.ffnDense * scale + shared));
    const double opRouted = 2.0 * opMlp;
    e.hardwareFlopsPerToken += opBlock + opRouted * routed;
    const double attentionHw
        = attentionFlops * (layout.recompute == Recompute::Selective ? 4.0 / 3.0 : 1.0 + recomputed / 3.0);

    // One micro-batch on one GPU: T tokens of its sequence shard through the L/p layers of its stage (all its
    // virtual stages), the GEMMs split over tp. The output head runs on the last stage, which sets the pace.
    const double T = double(L.microBatch) * seq / L.cp;
    const double t = L.tp, p = L.pp;
    const double layersHere = layers / p;
    const int ep = std::max(1, L.ep);
    const double etp = L.etp();
    // Expert GEMMs: each GPU routes the T·etp/t tokens its expert-tensor-parallel group shares (T with the experts
    // split like the rest over tp; its sequence-parallel shard T/t when they are folded over the tensor-parallel GPUs,
    // etp = 1), so each local expert sees T·(etp/t)·k·ep/E tokens when the router balances them (from the ep ranks,
    // over E/ep local experts), 1/etp of its width; a capacity factor pads every expert to that multiple of it.
    const double capacity = model.isMoe() ? spec.moeCapacityFactor.value_or(1.0) : 1.0;
    const double tokensPerExpert
        = model.isMoe() ? T * etp / t * model.expertsPerToken * ep / std::max(1, model.experts) * capacity : 0.0;
    const double expertWidth = std::min(double(model.moeFfnHidden) / etp, tokensPerExpert);

    // The GEMM rate at a shape (roofline, efficiency.h gemmEfficiency) from this GPU model's measured fraction.
    Efficiency measured = eff;
    measured.gemm = eff.trainGemm;
    e.gemmEfficiency = gemmEfficiency(measured, h / t) * eff.trainingGemm;
    const double expertEfficiency = gemmEfficiency(measured, expertWidth) * eff.trainingGemm;
    const double headEfficiency = gemm16 * shape16(h / t) * eff.trainingGemm;
    double computeMb = 0, attentionMb = 0;
    if (peak > 0) {
        computeMb = (perParam * blockDense + opBlock) * T / (t * p) / (peak * e.gemmEfficiency);
        if (routed > 0)
            computeMb += (perParam + opRouted) * routed * capacity * T / (t * p) / (peak * expertEfficiency);
        computeMb += perParam * (routers + head * p) * T / (t * p) / (peak16 * headEfficiency);
        const double fused = spec.attentionKernel == AttentionKernel::Fa2 ? eff.attentionFa2
            : spec.attentionKernel == AttentionKernel::Fa1                ? eff.attentionFa1
                                                                          : eff.attention;
        attentionMb = spec.flashAttention ? 0.5 * attentionHw * T / (t * p) / (peak16 * fused)
                                          : attentionHw * T / (t * p) / (peak16 * headEfficiency);
        computeMb += attentionMb;
    }

    // Memory-bound kernels: the stored activations, streamed elementwisePasses times (more with full recompute), and
    // the attention scores without fused attention.
    const double streamBw = gpu.memoryBandwidth * eff.memoryBandwidth;
    const double storedPerLayer
        = activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Selective, L.cp, fp8);
    // Per-op checkpointing recomputes every op outside its save list (norms, activations, rotary, residual adds): one
    // more forward of the elementwise work, as full recompute.
    const double passes
        = elementwisePasses + (layout.recompute == Recompute::Op ? 1.0 : recomputed) * elementwisePassesRecompute;
    const double scoresPerLayer = spec.flashAttention
        ? 0.0
        : activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::None, L.cp, fp8)
            - storedPerLayer;
    double streamedBytes = passes * (storedPerLayer + scoresPerLayer) * layersHere;
    // FP8: every input of an FP8 GEMM is quantized — the activations in the forward pass, the output gradients in
    // the backward pass — at castBytesPerElement each. Per token and layer the inputs are h (QKV) + q (output
    // projection) and their gradients q + 2·kv + h; h + f (MLP) and gated·f/… + h, for each of the k routed and the
    // shared experts (DeepSeek-V3 §3.3: all three GEMMs of every linear layer in FP8).
    if (fp8) {
        const double q = queryWidth(model), kv = 2.0 * keyWidth(model);
        const double gm = model.gatedFfn ? 2.0 : 1.0;
        const double attnInputs = (h + q) + (q + kv + h);
        const double denseMlp = (h + model.ffnHidden) + (gm * model.ffnHidden + h);
        const double expertMlp = (h + model.moeFfnHidden) + (gm * model.moeFfnHidden + h);
        const double perToken = layers * attnInputs + (layers - moeLayers) * denseMlp
            + moeLayers * (model.expertsPerToken * capacity + model.sharedExperts) * expertMlp;
        Fp8Recipe recipe = spec.fp8Recipe;
        if (recipe == Fp8Recipe::Mxfp8 && gpu.architecture != "blackwell") {
            recipe = Fp8Recipe::Blockwise;
            if (explain)
                e.assumptions.push_back(Message(msg::assumeMxfp8NotNative, {gpu.id}));
        }
        streamedBytes += perToken / p * T / t * castBytesPerElement(recipe);
    }
    // MoE routing: per routed token the dispatch permutes its hidden state into k copies and the combine gathers
    // them back (each a read and a write: 2·(1 + k)·h·2 bytes forward, as much backward), and the router writes and
    // reads its E scores in fp32 (softmax, top-k: about 3 passes of 4 bytes, forward and backward).
    if (model.isMoe())
        streamedBytes
            += moeLayers / p * T / t * (8.0 * (1.0 + model.expertsPerToken * capacity) * h + 24.0 * model.experts);
    const double elementwiseMb = streamedBytes / streamBw;

    // Tensor parallel: 2 all-reduces forward and 2 backward per layer (+2 when the forward is recomputed)
    // of b·s·h activations at 2 bytes (Narayanan et al. 2021 §3.2); not overlapped (Megatron default).
    const int node = std::max(1, L.gpusPerNode);
    const Link tpLink = collectiveLink(gpu, eff, node, L.tp, 1.0);
    const double tpBytes = T * h * 2.0;
    // Half of them belong to the MLP: in MoE layers they run over the etp GPUs that split an expert, none when the
    // experts are folded over the tensor-parallel GPUs (etp = 1: the MoE layer dispatches from the attention's
    // sequence-parallel shard and combines back into it; Liu et al. 2025, "MoE Parallel Folding", §3).
    const double tpCount = 4.0 + 2.0 * recomputed;
    const double moeHere = model.isMoe() ? moeLayers / p : 0.0;
    double tpMb
        = (layersHere - moeHere / 2.0) * tpCount * ringAllReduceS(tpBytes, L.tp, tpLink.bandwidth, tpLink.latency)
        + moeHere / 2.0 * tpCount
            * ringAllReduceS(tpBytes * etp / t, static_cast<int>(etp), tpLink.bandwidth, tpLink.latency);
    // Overlapped with the GEMMs they feed and drain (Transformer Engine's userbuffers split each GEMM and move one
    // chunk while computing the next; Wang et al. 2023, "Overlap Communication with Dependent Computation via
    // Decomposition"; torchtitan async TP): what those GEMMs do not cover is exposed.
    if (spec.tpCommOverlap && L.tp > 1)
        tpMb = std::max(0.0, tpMb - (computeMb - attentionMb));

    // Context parallel (ring attention, Megatron-Core / Transformer Engine "p2p"): each layer passes every rank's
    // keys and values around the ring of cp ranks — (cp − 1) chunks forward, again with their gradients backward —
    // overlapped with the attention it feeds; what the attention does not cover is exposed.
    double cpMb = 0;
    if (L.cp > 1) {
        // Ring neighbours: one NIC per GPU across nodes.
        const bool cpInNode = L.cp * L.tp <= node;
        const double bw = (cpInNode ? gpu.intraBandwidth : gpu.interBandwidth) * eff.linkBandwidth;
        const double kvPair = model.isMla()
            ? double(model.heads) * (model.qkNopeHeadDim + model.qkRopeHeadDim + model.vHeadDim)
            : 2.0 * model.kvHeads * model.headDim();
        const double bytes = 3.0 * (L.cp - 1.0) * T * kvPair * 2.0 / t;
        const double perLayer
            = transferS(bytes, bw, cpInNode ? eff.linkLatencyS : eff.networkLatencyS, 3.0 * (L.cp - 1.0));
        cpMb = layersHere * std::max(0.0, perLayer - attentionMb / layersHere);
    }

    // MoE expert parallel: the dispatch and the combine, forward and backward — 4 all-to-alls per MoE layer, each
    // sending (ep−1)/ep of the k routed copies of T·h (2 bytes) to the other ranks of the group. The group is ep·etp
    // consecutive GPUs (Megatron-Core places expert-parallel ranks next to the tensor-parallel ones): over NVLink
    // inside a node, the share bound for other nodes over the network. Plain 1F1B leaves them exposed; DualPipe
    // overlaps them with the other direction's compute (DeepSeek-V3 §3.2.1), and so does Megatron-Core's combined
    // 1F1B when the workload asks for it (below).
    // Across nodes a token goes once to each node that holds one of its experts and is forwarded there over NVLink
    // (DeepEP and DeepSeek-V3 §3.2.2; the Megatron-Bridge performance guide's dispatcher for cross-node expert
    // parallelism): the expected number of other nodes among its k experts' ranks, spread evenly over the group.
    double epMb = 0;
    if (model.isMoe() && ep > 1) {
        const double k = model.expertsPerToken * capacity;
        const double ranksInNode = std::min(double(ep), std::max(1.0, node / etp));
        const double nodes = std::ceil(ep / ranksInNode);
        const double tokenBytes = T / t * h * 2.0;
        // P(a given other node holds none of the k experts) = C(E − E/nodes, k) / C(E, k).
        const double E = std::max(1, model.experts), perNode = E / nodes;
        double none = 1.0;
        for (int i = 0; i < model.expertsPerToken; ++i)
            none *= std::max(0.0, (E - perNode - i) / (E - i));
        const double remoteNodes = (nodes - 1.0) * (1.0 - none);
        // A plain all-to-all (NCCL) sends each of the k copies to its expert's rank: those on other nodes all cross
        // the network.
        const double inter = spec.moeDispatcher == MoeDispatcher::AllToAll ? tokenBytes * k * (ep - ranksInNode) / ep
                                                                           : tokenBytes * remoteNodes;
        // Inside the node: the copies for the node's own ranks, and the forwarding of those that arrive.
        const double intra
            = tokenBytes * k * (ranksInNode - 1.0) / ep + (nodes > 1 ? tokenBytes * k * (ep - ranksInNode) / ep : 0.0);
        const double a2a = std::max(transferS(intra, gpu.intraBandwidth * eff.linkBandwidth, eff.linkLatencyS),
            inter > 0 ? transferS(inter, gpu.interBandwidth * eff.linkBandwidth, eff.networkLatencyS) : 0.0);
        epMb = moeLayers / p * 4.0 * a2a;
        // Megatron-Core's combined 1F1B (overlap_moe_expert_parallel_comm; the Megatron-Bridge recipes'
        // moe_a2a_overlap) runs one micro-batch's forward beside another's backward, each one's all-to-alls under
        // the other's compute (megatron/core/pipeline_parallel/combined_1f1b.py), with or without a pipeline.
        if ((spec.pipelineSchedule == PipelineSchedule::DualPipe && L.pp > 1) || spec.epCommOverlap)
            epMb = std::max(0.0, epMb - computeMb);
    }

    // Pipeline: each micro-batch crosses 2·v stage boundaries on a GPU (activations forward, their gradients
    // backward), T·h at 2 bytes (scattered over tp with sequence parallelism), to a neighbour on another node
    // (pipeline ranks are the outermost). Without interleaving the transfers sit on the critical path; the
    // interleaved schedule overlaps them with compute (Megatron overlap_p2p_comm), leaving their latency.
    double ppMb = 0;
    if (L.pp > 1) {
        const bool inNode = layout.gpus() <= node; // pipeline neighbours are t·cp·dp GPUs apart
        const double lat = inNode ? eff.linkLatencyS : eff.networkLatencyS;
        const double bytes = T * h * 2.0 / (L.sequenceParallel ? t : 1.0);
        ppMb = L.interleave > 1
            ? 2.0 * L.interleave * lat
            : 2.0 * transferS(bytes, (inNode ? gpu.intraBandwidth : gpu.interBandwidth) * eff.linkBandwidth, lat);
    }

    // ZeRO-3 / FSDP: every micro-batch gathers the weights for the forward and again for the backward and
    // reduce-scatters the gradients (3 × (g−1)/g of the local parameters over the shard group of g), layer by
    // layer, prefetching the next layer while this one computes (PyTorch FSDP, Zhao et al. 2023 §3.3): only what
    // the micro-batch's compute does not cover, and the first layer's gather, are exposed.
    const LocalParams local = localParams(pc, L);
    const double localTrainable = full ? local.total() : e.trainableParams / (t * p);
    const double wordBytes = mixedPrecision(spec.precision) ? 2.0 : 4.0;
    double fsdpMb = 0;
    const double g = L.shardRanks();
    const double dataStride = t * L.cp; // data-parallel ranks come after the tensor- and context-parallel ones
    if (L.zeroStage >= 3 && g > 1) {
        const Link link = collectiveLink(gpu, eff, node, g, dataStride);
        // A frozen base (LoRA) is gathered too, and has no gradients to reduce-scatter.
        const double perPass
            = (g - 1.0) / g * local.total() * wordBytes / link.bandwidth + (g - 1.0) * link.latency * layersHere;
        const double passesPerMb = full ? 3.0 : 2.0;
        fsdpMb = std::max(0.0, passesPerMb * perPass - (computeMb + elementwiseMb)) + perPass / layersHere;
    }
    // Dropless MoE dispatch learns how many tokens each expert gets only on the device: the host waits for those counts
    // (a device-to-host synchronisation, forward and backward) before it can size the all-to-all and the grouped GEMM,
    // and then launches the layer's kernels while the GPU idles (MegaScale-MoE, Jin et al. 2025 §7: gating kernels
    // whose "CPU launch jitter can exceed their GPU run time"; Megatron-Bridge's 2026 recipes capture attention, the
    // router and the preprocessing in CUDA graphs, not the experts). Most of those launches are per local expert:
    // Transformer Engine's grouped linear layer issues one cuBLAS GEMM per expert, round-robin over four streams
    // (transformer_engine/common/gemm/cublaslt_gemm.cu, multi_stream_cublas_gemm; num_streams = 4 in gemm.h), two
    // forward and four backward per expert, each with its FP8 input cast. So the host time grows with the experts a GPU
    // holds, E / ep, not with their tokens. NeMo's tables show both: Qwen3-30B-A3B (128 experts, 16 per GPU at EP 8) on
    // 8 B200 runs 9,299 tokens/s per GPU at micro-batch 1 and 27,136 at 4 (a fixed cost per micro-batch), DeepSeek-V3
    // on 256 B200 runs 3,328 at EP 32 (8 experts per GPU) and 2,139 at EP 8 (32 per GPU; releases 25.11 and 26.04). No
    // measurement of the time per expert was published: it is one of the model's two fitted factors (efficiency.h).
    const double localExperts = model.isMoe() ? double(model.experts) / ep : 0.0;
    const double moeHostMb = moeLayers / p * eff.moeExpertOverheadS * localExperts;
    const double tMb = computeMb + elementwiseMb + tpMb + cpMb + epMb + ppMb + fsdpMb + moeHostMb;

    e.computeS = m * computeMb;
    e.elementwiseS = m * elementwiseMb;
    e.moeOverheadS = m * moeHostMb;
    e.tpCommS = m * tpMb;
    e.cpCommS = m * cpMb;
    e.epCommS = m * epMb;
    e.ppCommS = m * ppMb;
    // Pipeline bubble: 1F1B (p−1)/(m·v) of the ideal time (Narayanan et al. 2021 §2.2); DualPipe
    // (p/2 − 1)·(F&B + B − 3W) (DeepSeek-V3 Table 2), with the backward twice the forward and W half the backward
    // about (p/2 − 1)·2/3 of one micro-batch.
    if (L.pp > 1)
        e.bubbleS = spec.pipelineSchedule == PipelineSchedule::DualPipe ? std::max(0.0, p / 2.0 - 1.0) * 2.0 / 3.0 * tMb
                                                                        : (p - 1.0) / L.interleave * tMb;

    // Data parallel, once per step over the dp·cp ranks that hold the same weights (experts: dp·cp·tp/(etp·ep)): the
    // gradients are reduced (ring all-reduce; ZeRO-1/2 reduce-scatter then all-gather the updated weights, the same
    // volume). The reduction overlaps with the last micro-batch's backward (2/3 of its compute), the distributed
    // optimizer's all-gather with the next step's first forward (1/3; Megatron overlap_grad_reduce and
    // overlap_param_gather). ZeRO-3 reduces every micro-batch (above); with hybrid sharding the shard's gradients
    // are all-reduced across the dp/g replicas once per step.
    const double dc = double(L.dp) * L.cp;
    const Link dpLink = collectiveLink(gpu, eff, node, dc, t);
    const double dpBw = dpLink.bandwidth, dpLat = dpLink.latency;
    const double denseTrainable = full ? local.dense : localTrainable;
    const double expertTrainable = full ? local.experts : 0.0;
    if (L.zeroStage >= 3) {
        const double replicas = L.dp / std::max(1.0, g);
        if (replicas > 1) {
            const Link link = collectiveLink(gpu, eff, node, replicas, dataStride * g);
            const double ar = ringAllReduceS(
                localTrainable / g * wordBytes, static_cast<int>(std::lround(replicas)), link.bandwidth, link.latency);
            e.dpCommS = std::max(0.0, ar - 2.0 / 3.0 * computeMb);
        }
    } else {
        const double ar = ringAllReduceS(denseTrainable * wordBytes, static_cast<int>(std::lround(dc)), dpBw, dpLat)
            + ringAllReduceS(
                expertTrainable * wordBytes, static_cast<int>(std::lround(dc * t / (etp * ep))), dpBw, dpLat);
        if (L.zeroStage >= 1)
            e.dpCommS = std::max(0.0, ar / 2.0 - 2.0 / 3.0 * computeMb) + std::max(0.0, ar / 2.0 - computeMb / 3.0);
        else
            e.dpCommS = std::max(0.0, ar - 2.0 / 3.0 * computeMb);
    }

    // The optimizer update streams every local parameter's states once (sharded by ZeRO).
    if (full)
        e.optimizerS
            = (L.zeroStage >= 1 ? local.dense / local.denseShards + local.experts / local.expertShards : local.total())
            * optimizerBytesPerParam / streamBw;
    else
        e.optimizerS
            = localTrainable / (L.zeroStage >= 1 ? std::max(1.0, dc) : 1.0) * optimizerBytesPerParam / streamBw;
    e.optimizerS += perStepOverheadS;

    e.stepTimeS = m * tMb + e.bubbleS + e.dpCommS + e.optimizerS;
    e.dpCommS += m * fsdpMb; // reported with the data-parallel communication, timed with the micro-batches
    e.tokensPerSecond = e.stepTimeS > 0 ? e.tokensPerStep / e.stepTimeS : 0;
    e.tflopsPerGpu = e.flopsPerToken * e.tokensPerSecond / n / 1e12;
    e.mfu = peak > 0 ? e.flopsPerToken * e.tokensPerSecond / (n * peak) : 0;
    e.hfu = peak > 0 ? e.hardwareFlopsPerToken * e.tokensPerSecond / (n * peak) : 0;
    e.memory = trainingMemory(model, spec, layout);
    if (model.isMoe() && !spec.moeCapacityFactor && explain)
        e.assumptions.push_back(Message(msg::assumeMoeBalanced));

    // Goodput: interruptions at rate λ = n · r per hour; checkpoint every τ = √(2·C/λ) hours (Young 1974);
    // lost fraction = λ·(restart + τ/2) + C/τ + stragglers.
    const double idealHours = e.tokensPerSecond > 0 ? spec.tokens / e.tokensPerSecond / 3600.0 : 0;
    const double lambda = n * interruptionsPerGpuHour;
    e.checkpointWriteS = (e.memory.weights + e.memory.optimizer) / checkpointBytesPerSecondPerGpu;
    e.goodput = goodput(n, e.checkpointWriteS, &e.checkpointIntervalH, layout.gpus() > node, &e.goodputLoss);
    e.wallHours = idealHours / e.goodput;
    e.expectedInterruptions = lambda * e.wallHours;
    e.gpuHours = e.wallHours * n;
    if (explain) {
        e.assumptions.push_back(Message(
            msg::assumeGoodput, {std::to_string(static_cast<int>(std::round(e.goodput * 1000)) / 10.0).substr(0, 4)}));
        e.assumptions.push_back(Message(msg::assumeGoodputShares,
            {percent(e.goodputLoss.restarts), percent(e.goodputLoss.lostWork), percent(e.goodputLoss.checkpoints),
                percent(e.goodputLoss.stragglers)}));
    }
    e.fit.requiredBytes = e.memory.total();
    e.fit.availableBytes = gpu.memoryBytes;
    e.fit.fits = e.fit.requiredBytes <= e.fit.availableBytes;
    if (!e.fit.fits && explain) {
        // What would make it fit: try each change alone and say what it needs then.
        struct Change
        {
            Message what;
            ParallelLayout layout;
            TrainingSpec spec;
        };
        std::vector<Change> changes;
        auto add = [&](Message what, ParallelLayout l, TrainingSpec s) {
            changes.push_back({std::move(what), l, std::move(s)});
        };
        if (layout.zeroStage < 3 && layout.dp > 1) {
            ParallelLayout l = layout;
            l.zeroStage = 3;
            add(Message(msg::changeZero3, {std::to_string(layout.dp)}), l, spec);
        }
        if (layout.recompute != Recompute::Full) {
            ParallelLayout l = layout;
            l.recompute = Recompute::Full;
            add(Message(msg::changeFullRecompute), l, spec);
        }
        if (layout.microBatch > 1) {
            ParallelLayout l = layout;
            l.microBatch = 1;
            add(Message(msg::changeMicroBatch1), l, spec);
        }
        if (layout.tp * 2 <= std::min(layout.gpusPerNode, model.heads) && model.heads % (layout.tp * 2) == 0) {
            ParallelLayout l = layout;
            l.tp *= 2;
            l.sequenceParallel = true;
            add(Message(msg::changeTensorParallel, {std::to_string(l.tp), std::to_string(l.gpus())}), l, spec);
        }
        if (layout.pp * 2 <= model.layers) {
            ParallelLayout l = layout;
            l.pp *= 2;
            add(Message(msg::changePipelineParallel, {std::to_string(l.pp), std::to_string(l.gpus())}), l, spec);
        }
        if (spec.method == FinetuneMethod::Full) {
            TrainingSpec s = spec;
            s.method = FinetuneMethod::Lora;
            add(Message(msg::changeLora), layout, s);
        }
        std::vector<std::pair<double, Message>> scored;
        for (const auto& c : changes) {
            const double need = trainingMemory(model, c.spec, c.layout).total();
            scored.emplace_back(need,
                Message(
                    need <= gpu.memoryBytes ? msg::fitChangeFits : msg::fitChangeStillTooMuch, {c.what, gib(need)}));
        }
        std::stable_sort(scored.begin(), scored.end(), [](auto& l, auto& r) { return l.first < r.first; });
        for (auto& [need, text] : scored)
            e.fit.suggestions.push_back(std::move(text));
        // Model states spread over every GPU (ZeRO-3 or tp·pp sharding) set a floor on the GPU count.
        const MemoryBreakdown& mb = e.memory;
        const double states = (mb.weights + mb.gradients + mb.optimizer) * layout.gpus(); // whole job
        const double perGpu = gpu.memoryBytes * 0.9 - fixedOverheadBytes;
        if (perGpu > 0) {
            const double minGpus = std::ceil(states / perGpu);
            if (minGpus > layout.gpus())
                e.fit.suggestions.push_back(
                    Message(msg::fitMoreGpus, {std::to_string(static_cast<long long>(minGpus)), gpu.id}));
        }
        e.fit.suggestions.push_back(Message(msg::fitLargerGpu, {gib(e.fit.requiredBytes)}));
    }
    return e;
}

double goodput(double gpus, double checkpointWriteS, double* intervalH, bool multiNode, GoodputLoss* loss)
{
    const double lambda = gpus * interruptionsPerGpuHour; // per hour
    const double writeH = checkpointWriteS / 3600.0;
    const double tau = std::sqrt(2.0 * writeH / lambda); // Young 1974
    if (intervalH)
        *intervalH = tau;
    GoodputLoss l;
    l.restarts = lambda * restartHours;
    l.lostWork = lambda * tau / 2.0;
    l.checkpoints = tau > 0 ? writeH / tau : 0.0;
    l.stragglers = multiNode ? stragglerShare : 0.0;
    const double kept = std::max(0.1, 1.0 - l.total());
    if (loss) {
        // Shares of the wall time; when the losses exceed 90 % they are scaled to the 90 % the floor leaves.
        const double f = l.total() > 0 ? (1.0 - kept) / l.total() : 0.0;
        l.restarts *= f;
        l.lostWork *= f;
        l.checkpoints *= f;
        l.stragglers *= f;
        *loss = l;
    }
    return kept;
}

LayoutPins pinsFrom(const TrainingSpec& spec, const HardwarePin* hw, const GpuSpec& gpu)
{
    LayoutPins p;
    p.gpusPerNode = gpu.maxGpusPerNode;
    if (hw) {
        p.tp = hw->tp;
        p.pp = hw->pp;
        p.dp = hw->dp;
        p.cp = hw->cp;
        p.ep = hw->ep;
        p.etp = hw->etp;
        p.interleave = hw->interleave;
        if (hw->gpusPerNode)
            p.gpusPerNode = *hw->gpusPerNode;
    }
    p.microBatch = spec.microBatch;
    p.zeroStage = spec.zeroStage;
    p.shardGroup = spec.shardGroup;
    if (spec.shardGroup && !spec.zeroStage)
        p.zeroStage = 3; // a shard group is ZeRO-3 (hybrid sharding)
    p.recompute = spec.recompute;
    p.recomputeShare = spec.recomputeShare;
    p.sequenceParallel = spec.sequenceParallel;
    return p;
}

namespace {
std::vector<int> divisorsUpTo(int n, int limit)
{
    std::vector<int> out;
    for (int i = 1; i <= n && i <= limit; ++i)
        if (n % i == 0)
            out.push_back(i);
    return out;
}

std::vector<int> powersOfTwoUpTo(int limit)
{
    std::vector<int> out;
    for (int x = 1; x <= limit; x *= 2)
        out.push_back(x);
    return out;
}
} // namespace

TrainingEstimate bestTrainingLayout(const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu, int gpus,
    const LayoutPins& pins, const Efficiency& eff)
{
    const double sequences = spec.sequencesPerStep(model.seqLen);
    const int node = std::max(1, pins.gpusPerNode);
    std::vector<int> tps;
    if (pins.tp)
        tps = {*pins.tp};
    else
        for (int t : powersOfTwoUpTo(std::min(node, gpus)))
            if (model.heads % t == 0 && gpus % t == 0)
                tps.push_back(t);
    if (tps.empty())
        tps = {1};
    // Context parallelism splits the sequence; it only pays for sequences long enough that every rank keeps at least
    // 4096 tokens (Megatron-Core's guidance: context parallelism for sequences of 8K and more).
    std::vector<int> cps;
    if (pins.cp)
        cps = {*pins.cp};
    else
        for (int c : powersOfTwoUpTo(gpus))
            if (c == 1 || model.seqLen / c >= 4096)
                cps.push_back(c);
    // Recompute, the fastest first: none; selective (without fused attention: with it, selective recompute stores
    // what none stores, the scores never being stored, and only adds the attention's forward); full recompute of a
    // quarter, half, three quarters or all of each stage's layers (Megatron --recompute-method block).
    std::vector<std::pair<Recompute, double>> recomputes;
    if (pins.recompute && *pins.recompute != Recompute::Full)
        recomputes = {{*pins.recompute, 1.0}};
    else {
        if (!pins.recompute) {
            recomputes.emplace_back(Recompute::None, 1.0);
            if (!spec.flashAttention)
                recomputes.emplace_back(Recompute::Selective, 1.0);
            for (double share : {0.25, 0.5, 0.75})
                recomputes.emplace_back(Recompute::Full, share);
        }
        recomputes.emplace_back(Recompute::Full, pins.recomputeShare.value_or(1.0));
    }
    std::vector<int> micro = pins.microBatch ? std::vector<int> {*pins.microBatch} : std::vector<int> {1, 2, 4, 8};

    // Memory is cheap and decides most candidates: a layout that does not fit is never timed once one fits,
    // and the winner alone is estimated again with its explanations.
    bool haveBest = false, bestFits = false;
    double bestMemory = 0, bestSecondsPerToken = 0;
    ParallelLayout bestLayout;
    // Returns whether the layout fits.
    auto consider = [&](const ParallelLayout& l) {
        const double memory = trainingMemory(model, spec, l).total();
        const bool fits = memory <= gpu.memoryBytes;
        if (!fits) {
            if (!haveBest || (!bestFits && memory < bestMemory)) {
                bestLayout = l;
                bestMemory = memory;
                bestFits = false;
                haveBest = true;
            }
            return false;
        }
        const TrainingEstimate e = estimateTraining(model, spec, gpu, l, eff, false);
        const double secondsPerToken = e.stepTimeS / e.tokensPerStep;
        if (!haveBest || !bestFits || secondsPerToken < bestSecondsPerToken * (1 - 1e-9)) {
            bestLayout = l;
            bestMemory = memory;
            bestSecondsPerToken = secondsPerToken;
            bestFits = true;
            haveBest = true;
        }
        return true;
    };

    for (int t : tps) {
        for (int c : cps) {
            if (gpus % (t * c) != 0)
                continue;
            const int rest = gpus / (t * c);
            std::vector<int> pps = pins.pp ? std::vector<int> {*pins.pp} : divisorsUpTo(rest, model.layers);
            for (int p : pps) {
                if (p < 1 || rest % p != 0)
                    continue;
                if (spec.pipelineSchedule == PipelineSchedule::DualPipe && p > 1 && p % 2 != 0)
                    continue;
                const int d = rest / p;
                if (pins.dp && *pins.dp != d)
                    continue;
                // Experts spread over the data- and context-parallel ranks that hold the same dense weights, each
                // split over the tensor-parallel ones (etp = tp), or folded over those too, whole (etp = 1).
                std::vector<std::pair<int, int>> eps {{1, 0}};
                if (model.isMoe()) {
                    eps.clear();
                    std::vector<int> etps;
                    if (pins.etp)
                        etps = {*pins.etp};
                    else
                        etps = t > 1 ? std::vector<int> {t, 1} : std::vector<int> {1};
                    for (int et : etps) {
                        if (et < 1 || t % et != 0)
                            continue;
                        const int ranks = t / et * d * c; // ranks of a stage that hold the same expert slice
                        if (pins.ep) {
                            if (ranks % *pins.ep == 0)
                                eps.emplace_back(*pins.ep, et);
                        } else
                            for (int x = 1; x <= ranks && x <= model.experts; x *= 2)
                                if (ranks % x == 0 && model.experts % x == 0 && (x > 1 || et == t))
                                    eps.emplace_back(x, et);
                    }
                }
                // ZeRO-1 (Megatron's distributed optimizer) reduces as much as plain data parallelism and shards the
                // optimizer: it is searched instead of stage 0; ZeRO-2 only where ZeRO-1 does not fit; ZeRO-3 (FSDP)
                // without pipeline parallelism (DeepSpeed and PyTorch FSDP do not combine them).
                std::vector<int> zeros;
                if (pins.zeroStage)
                    zeros = {*pins.zeroStage};
                else if (d * c <= 1)
                    zeros = {0};
                else if (p > 1)
                    zeros = {1, 2};
                else
                    zeros = {1, 2, 3};
                // Interleaving: a divisor of the stage's layers (of its whole layers when the stages are uneven, as in
                // Llama 3 §3.3.2), deepest first. Deeper interleaving shrinks the bubble and the first stage's
                // activations (Korthikanti et al. §4.2.3) but sends more between stages: every depth that fits is
                // timed, and the first that does not fit ends the list (the shallower ones need more memory still).
                std::vector<int> inter;
                if (pins.interleave)
                    inter = {*pins.interleave};
                else if (p > 1 && spec.pipelineSchedule == PipelineSchedule::OneFOneB)
                    for (int v = std::max(1, model.layers / p); v >= 1; --v)
                        if ((model.layers / p) % v == 0)
                            inter.push_back(v);
                if (inter.empty())
                    inter = {1};
                for (int b : micro) {
                    if (!pins.microBatch && b > 1 && double(b) * d > sequences)
                        continue;
                    for (const auto& [ep, etp] : eps) {
                        bool oneFits = false;
                        for (int z : zeros) {
                            if (z == 2 && oneFits && !pins.zeroStage)
                                continue; // ZeRO-2 saves memory, not time
                            // The FSDP shard group: every data-parallel rank, or one node's worth (hybrid sharding).
                            std::vector<int> groups {0};
                            if (z >= 3) {
                                if (pins.shardGroup) {
                                    if (d % *pins.shardGroup != 0)
                                        continue;
                                    groups = {*pins.shardGroup};
                                } else if (const int inNode = node / std::max(1, t * c);
                                           inNode > 1 && inNode < d && d % inNode == 0)
                                    groups.push_back(inNode);
                            }
                            for (int sg : groups) {
                                for (const auto& [r, share] : recomputes) {
                                    bool fitted = false;
                                    for (int v : inter) {
                                        ParallelLayout l;
                                        l.tp = t;
                                        l.pp = p;
                                        l.dp = d;
                                        l.cp = c;
                                        l.ep = ep;
                                        l.expertTp = etp == t ? 0 : etp;
                                        l.interleave = v;
                                        l.microBatch = b;
                                        l.zeroStage = z;
                                        l.shardGroup = sg;
                                        l.recompute = r;
                                        l.recomputeShare = share;
                                        l.sequenceParallel = pins.sequenceParallel.value_or(t > 1);
                                        l.gpusPerNode = pins.gpusPerNode;
                                        const bool fits = consider(l);
                                        oneFits |= fits && z == 1;
                                        fitted |= fits;
                                        if (!fits)
                                            break; // shallower interleaving needs more memory
                                    }
                                    if (fitted)
                                        break; // more recompute: more time, and this one fits
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    if (!haveBest) { // pins that leave nothing to search: estimate them as given
        ParallelLayout l;
        l.tp = pins.tp.value_or(1);
        l.pp = pins.pp.value_or(1);
        l.cp = pins.cp.value_or(1);
        l.dp = std::max(1, gpus / (l.tp * l.pp * l.cp));
        l.gpusPerNode = pins.gpusPerNode;
        bestLayout = l;
    }
    return estimateTraining(model, spec, gpu, bestLayout, eff, true);
}

} // namespace gpuplan::core
