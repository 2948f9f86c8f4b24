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

// Adam update traffic per local parameter: read fp32 master, m, v (12 B) and the bf16 gradient (2 B), write
// master, m, v (12 B) and the bf16 weight (2 B) = 28 bytes (fp32 training: read/write w, m, v + read g = 28).
constexpr double optimizerBytesPerParam = 28.0;

// Fixed per-GPU overhead: CUDA context and cuBLAS/NCCL workspaces (~0.5–1 GiB observed with PyTorch on
// A100/H100; PyTorch "CUDA semantics" notes, NCCL buffers 2 × 4 MiB × channels) plus 5 % of everything
// else for caching-allocator fragmentation. Both are stated assumptions, shown with every estimate.
// Goodput of long runs. Llama 3 405B pretraining saw 466 job interruptions in a 54-day snapshot on 16 384
// H100 GPUs (Dubey et al. 2024, §3.3.4, Table 5): 466 / (54 · 24 · 16 384) = 2.19e-5 interruptions per
// GPU-hour; a job on n GPUs is interrupted n times as often. Each costs a restart (detection, rescheduling,
// reloading state: 15 min, chosen so that the paper's job keeps its reported > 90 % effective training time)
// plus on average half a checkpoint interval of lost work; writing checkpoints costs C per interval.
constexpr double interruptionsPerGpuHour = 466.0 / (54.0 * 24.0 * 16384.0);
constexpr double restartHours = 0.25;
// Checkpoint write bandwidth per GPU to shared storage (assumption: 1 GB/s; Llama 3 reports 1 MB – 4 GB
// of checkpoint state per GPU, §3.3.4).
constexpr double checkpointBytesPerSecondPerGpu = 1e9;

// Framework work once per optimizer step (optimizer kernels over every parameter tensor, gradient-norm
// clipping, loss scaling, logging): 0.1 s. Evidence: llm-foundry's single-micro-batch steps (MPT-13B with a
// global batch of 16 on 8 × H100 runs 0.85 s per step where its FLOPs take ~0.6 s); invisible in long steps.
constexpr double perStepOverheadS = 0.1;

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

/// LoRA adapters on every linear layer: rank r adds r·(in + out) parameters per matrix (Hu et al. 2021).
double loraParams(const ModelArch& m, int r)
{
    const double h = m.hidden, q = double(m.heads) * m.headDim(), kv = double(m.kvHeads) * m.headDim();
    const double attn = r * (h + q) + 2.0 * r * (h + kv) + r * (q + h);
    const double f = m.isMoe() ? m.moeFfnHidden : m.ffnHidden;
    const double mlp = (m.gatedFfn ? 3.0 : 2.0) * r * (h + f);
    return m.layers * (attn + mlp);
}

/// Parameters one GPU holds: dense parts split by tp·pp; experts (routed + shared + routers) also by ep.
double localParamCount(const ParamCounts& pc, const ParallelLayout& L)
{
    const double dense = pc.total - pc.ffnExperts;
    return dense / (double(L.tp) * L.pp) + pc.ffnExperts / (double(L.tp) * L.pp * std::max(1, L.ep));
}

} // namespace

double activationBytesPerLayer(
    const ModelArch& m, int seqLen, int microBatch, int tp, bool sequenceParallel, Recompute recompute, int cp)
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
    //  - models trained without dropout have no masks: 8 instead of 10, and 2·a·s/h for the scores.
    const double s = double(seqLen) / std::max(1, cp), b = microBatch, h = m.hidden;
    const double a = m.heads, g = m.isMla() ? m.heads : m.kvHeads;
    const double f = m.isMoe() ? double(m.moeFfnHidden) * (m.expertsPerToken + m.sharedExperts) : m.ffnHidden;
    const double t = std::max(1, tp);
    const double dropout = m.dropout ? 1.0 : 0.0;

    const double replicated = 8.0 + 2.0 * dropout;
    const double attention = 2.0 + 4.0 * g / a + 2.0;
    const double mlp = (m.gatedFfn ? 6.0 : 4.0) * f / h;
    const double scores = (2.0 + 3.0 * dropout) * a * s / h;

    if (recompute == Recompute::Full) // only the layer input is kept (2 bytes per element)
        return s * b * h * 2.0 / (sequenceParallel ? t : 1.0);
    double coef = (sequenceParallel ? replicated / t : replicated) + (attention + mlp) / t;
    if (recompute == Recompute::None)
        coef += scores / t; // selective recompute (or FlashAttention) never stores the s×s scores
    return s * b * h * coef;
}

MemoryBreakdown trainingMemory(const ModelArch& model, const TrainingSpec& spec, const ParallelLayout& L)
{
    MemoryBreakdown mem;
    const ParamCounts pc = countParams(model);
    const double tp = L.tp, pp = L.pp, dp = L.dp;
    const double localParams = localParamCount(pc, L);

    const bool mixed = mixedPrecision(spec.precision);
    const double weightBytes = mixed ? 2.0 : 4.0; // bf16 working weights; fp32 for fp32/tf32 training
    const double gradBytes = mixed ? 2.0 : 4.0;
    // Mixed-precision Adam keeps an fp32 master copy, momentum and variance: 12 B/param (ZeRO paper §3.1,
    // Rajbhandari et al. 2019: 2 + 2 + 12 = 16 B/param). fp32 training needs only momentum and variance: 8.
    const double optBytes = mixed ? 12.0 : 8.0;
    const double zeroOpt = L.zeroStage >= 1 ? dp : 1.0;
    const double zeroGrad = L.zeroStage >= 2 ? dp : 1.0;
    const double zeroWeights = L.zeroStage >= 3 ? dp : 1.0;

    if (spec.method == FinetuneMethod::Full) {
        mem.weights = localParams * weightBytes / zeroWeights;
        mem.gradients = localParams * gradBytes / zeroGrad;
        mem.optimizer = localParams * optBytes / zeroOpt;
    } else {
        // Frozen base weights: bf16, or 4-bit NF4 with one scale per 64 weights for QLoRA (Dettmers et al.
        // 2023 §3: 0.5 + 32/64/8 ≈ 0.56 byte; double quantization brings it to ~0.52; quantizedBytesPerParam).
        const double base = spec.method == FinetuneMethod::Qlora ? quantizedBytesPerParam(Precision::INT4) : 2.0;
        const double trainable = loraParams(model, spec.loraRank) / (tp * pp);
        mem.weights = localParams * base / zeroWeights + trainable * weightBytes;
        mem.gradients = trainable * gradBytes / zeroGrad;
        mem.optimizer = trainable * optBytes / zeroOpt;
    }

    // Activations: under 1F1B the first stage holds min(m, p) micro-batches of L/p layers (= L layers when
    // m ≥ p), times (1 + (p−1)/(p·v)) with v interleaved stages (Korthikanti et al. §4.2.3).
    const int seq = model.seqLen;
    const double layersPerStage = double(model.layers) / pp;
    const double sequences = spec.sequencesPerStep(seq);
    const double m = std::max(1.0, std::ceil(sequences / (double(L.microBatch) * dp)));
    const double inFlight = pp > 1 ? std::min(m, pp) : 1.0;
    const double interleaveFactor = (pp > 1 && L.interleave > 1) ? 1.0 + (pp - 1) / (pp * L.interleave) : 1.0;
    // FlashAttention never stores the scores: for memory the same as selective recompute.
    const Recompute stored
        = (spec.flashAttention && L.recompute == Recompute::None) ? Recompute::Selective : L.recompute;
    const double perLayer = activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, stored, L.cp);
    mem.activations = perLayer * layersPerStage * inFlight * interleaveFactor;
    if (L.recompute == Recompute::Full) // one layer's full working set while it is recomputed
        mem.activations
            += activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Selective, L.cp);
    // Logits for the loss, fp32, vocabulary-parallel over tp (Megatron's cross-entropy); counted on every
    // stage as a conservative bound.
    mem.activations += double(seq) / L.cp * L.microBatch * double(model.vocab) * 4.0 / tp;

    const double states = mem.weights + mem.gradients + mem.optimizer + mem.activations;
    mem.overhead = fixedOverheadBytes + fragmentationFraction * states;
    return mem;
}

TrainingEstimate estimateTraining(
    const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu, const ParallelLayout& layout)
{
    return estimateTraining(model, spec, gpu, layout, defaultEfficiency(gpu, gpu.computePrecision(spec.precision)));
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

    // Model FLOPs per token (PaLM appendix B). LoRA skips the weight-gradient GEMMs of the frozen base:
    // forward 2N + input gradients 2N = 4N, i.e. 2/3 of the full count (adapters are < 1 %).
    e.flopsPerToken6N = trainingFlops6N(model);
    e.flopsPerToken = trainingFlopsPerToken(model, seq);
    const double attentionFlops = e.flopsPerToken - e.flopsPerToken6N; // 12·L·h·s, fwd + bwd
    if (spec.method != FinetuneMethod::Full) {
        e.flopsPerToken6N *= 2.0 / 3.0;
        e.flopsPerToken = e.flopsPerToken6N + attentionFlops; // attention still needs its full backward
        if (explain)
            e.assumptions.push_back(Message(msg::assumeLora));
    }
    e.hardwareFlopsPerToken = e.flopsPerToken;
    if (layout.recompute == Recompute::Full)
        e.hardwareFlopsPerToken += e.flopsPerToken / 3.0; // one more forward pass
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
    const double peak = gpu.peak(e.computePrecision).value_or(0);

    // Compute per micro-batch on one GPU: the stage's share of the hardware FLOPs.
    const double tokensPerMicroBatch = double(L.microBatch) * seq;
    // GEMMs run at the shape-dependent GEMM efficiency × the training factor; the attention core (its score
    // and value matmuls, forward, backward and any recompute) runs fused at its own efficiency over the
    // unmasked half (FlashAttention), or, without fusion, as batched GEMMs over the whole square.
    const double shard = double(L.tp) * L.pp * L.cp;
    const double attentionHw = attentionFlops * (layout.recompute == Recompute::None ? 1.0 : 4.0 / 3.0);
    const double gemmHw = e.hardwareFlopsPerToken - attentionHw;
    e.gemmEfficiency = gemmEfficiency(eff, double(model.hidden) / L.tp) * eff.trainingGemm;
    double computeMb = 0;
    if (peak > 0) {
        computeMb = gemmHw * tokensPerMicroBatch / shard / (peak * e.gemmEfficiency);
        computeMb += spec.flashAttention ? 0.5 * attentionHw * tokensPerMicroBatch / shard / (peak * eff.attention)
                                         : attentionHw * tokensPerMicroBatch / shard / (peak * e.gemmEfficiency);
    }
    const double streamBw = gpu.memoryBandwidth * eff.memoryBandwidth;
    const double storedPerLayer
        = activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::Selective, L.cp);
    const double passes = elementwisePasses + (layout.recompute == Recompute::Full ? elementwisePassesRecompute : 0.0);
    // Without fused attention the softmax, mask and dropout kernels stream the a·s² scores as well.
    const double scoresPerLayer = spec.flashAttention
        ? 0.0
        : activationBytesPerLayer(model, seq, L.microBatch, L.tp, L.sequenceParallel, Recompute::None, L.cp)
            - storedPerLayer;
    const double elementwiseMb = passes * (storedPerLayer + scoresPerLayer) * model.layers / L.pp / streamBw;

    // Tensor parallel: 2 all-reduces forward and 2 backward per layer (+2 when the forward is recomputed)
    // of b·s·h activations at 2 bytes (Narayanan et al. 2021 §3.2); not overlapped (Megatron default).
    const bool tpInNode = L.tp <= L.gpusPerNode;
    const double tpBw = (tpInNode ? gpu.intraBandwidth : gpu.interBandwidth) * eff.linkBandwidth;
    const double tpLat = tpInNode ? eff.linkLatencyS : eff.networkLatencyS;
    const double tpBytes = tokensPerMicroBatch / L.cp * model.hidden * 2.0;
    const double tpCount = 4.0 + (layout.recompute == Recompute::Full ? 2.0 : 0.0);
    const double tpMb = double(model.layers) / L.pp * tpCount * ringAllReduceS(tpBytes, L.tp, tpBw, tpLat);

    // MoE expert parallel: 2 all-to-alls forward, 2 backward per MoE layer, each moving the routed tokens'
    // hidden states ((ep−1)/ep of k·tokens·h·2 bytes) over the slower of the links it spans.
    double epMb = 0;
    if (model.isMoe() && L.ep > 1) {
        const bool epInNode = L.ep * L.tp <= L.gpusPerNode;
        const double bw = (epInNode ? gpu.intraBandwidth : gpu.interBandwidth) * eff.linkBandwidth;
        const double bytes
            = tokensPerMicroBatch / (L.tp * L.cp) * model.expertsPerToken * model.hidden * 2.0 * (L.ep - 1.0) / L.ep;
        epMb = double(model.moeLayers()) / L.pp * 4.0
            * (bytes / bw + (epInNode ? eff.linkLatencyS : eff.networkLatencyS));
    }
    const double tMb = computeMb + elementwiseMb + tpMb + epMb;

    // Pipeline bubble (1F1B): (p−1)/(m·v) of the ideal time (Narayanan et al. 2021 §2.2).
    e.computeS = m * computeMb;
    e.elementwiseS = m * elementwiseMb;
    e.tpCommS = m * tpMb;
    e.epCommS = m * epMb;
    e.bubbleS = (L.pp - 1.0) / L.interleave * tMb;

    // Data parallel: ring all-reduce of this GPU's gradients (2Ψ volume; ZeRO-1/2 as reduce-scatter +
    // all-gather, the same). It overlaps with the last micro-batch's backward pass (2/3 of its compute).
    // ZeRO-3 gathers weights for forward and backward and reduce-scatters gradients in every micro-batch:
    // 3Ψ, 1.5× (ZeRO paper §7), overlapped with that micro-batch's compute (prefetch).
    const double localTrainable
        = spec.method == FinetuneMethod::Full ? localParamCount(pc, L) : e.trainableParams / (L.tp * L.pp);
    const double gradBytes = localTrainable * (mixedPrecision(spec.precision) ? 2.0 : 4.0);
    const bool dpInNode = layout.gpus() <= L.gpusPerNode;
    const double dpBw = (dpInNode ? gpu.intraBandwidth : gpu.interBandwidth) * eff.linkBandwidth;
    const double dpLat = dpInNode ? eff.linkLatencyS : eff.networkLatencyS;
    const double allReduce = ringAllReduceS(gradBytes, L.dp, dpBw, dpLat);
    if (L.zeroStage >= 3) // 3Ψ once per step, hidden behind the step's compute but the last micro-batch's
        e.dpCommS = std::max(0.0, 1.5 * allReduce - (m - 1.0) * tMb - 2.0 / 3.0 * computeMb);
    else
        e.dpCommS = std::max(0.0, allReduce - 2.0 / 3.0 * computeMb);

    const double zeroShard = L.zeroStage >= 1 ? L.dp : 1.0;
    e.optimizerS = localTrainable / zeroShard * optimizerBytesPerParam / streamBw;

    e.optimizerS += perStepOverheadS;
    e.stepTimeS = m * tMb + e.bubbleS + e.dpCommS + e.optimizerS;
    e.tokensPerSecond = e.stepTimeS > 0 ? e.tokensPerStep / e.stepTimeS : 0;
    e.tflopsPerGpu = e.flopsPerToken * e.tokensPerSecond / n / 1e12;
    e.mfu = peak > 0 ? e.flopsPerToken * e.tokensPerSecond / (n * peak) : 0;
    e.hfu = peak > 0 ? e.hardwareFlopsPerToken * e.tokensPerSecond / (n * peak) : 0;
    e.memory = trainingMemory(model, spec, layout);

    // Goodput: interruptions at rate λ = n · r per hour; checkpoint every τ = √(2·C/λ) hours (Young 1974);
    // lost fraction = λ·(restart + τ/2) + C/τ, capped at 90 % (beyond that the run does not progress).
    const double idealHours = e.tokensPerSecond > 0 ? spec.tokens / e.tokensPerSecond / 3600.0 : 0;
    const double lambda = n * interruptionsPerGpuHour;
    e.checkpointWriteS = (e.memory.weights + e.memory.optimizer) / checkpointBytesPerSecondPerGpu;
    e.goodput = goodput(n, e.checkpointWriteS, &e.checkpointIntervalH);
    e.wallHours = idealHours / e.goodput;
    e.expectedInterruptions = lambda * e.wallHours;
    e.gpuHours = e.wallHours * n;
    if (explain)
        e.assumptions.push_back(Message(
            msg::assumeGoodput, {std::to_string(static_cast<int>(std::round(e.goodput * 1000)) / 10.0).substr(0, 4)}));
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

double goodput(double gpus, double checkpointWriteS, double* intervalH)
{
    const double lambda = gpus * interruptionsPerGpuHour; // per hour
    const double writeH = checkpointWriteS / 3600.0;
    const double tau = std::sqrt(2.0 * writeH / lambda); // Young 1974
    if (intervalH)
        *intervalH = tau;
    const double lost = lambda * (restartHours + tau / 2.0) + (tau > 0 ? writeH / tau : 0.0);
    return std::max(0.1, 1.0 - lost);
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
        p.interleave = hw->interleave;
        if (hw->gpusPerNode)
            p.gpusPerNode = *hw->gpusPerNode;
    }
    p.microBatch = spec.microBatch;
    p.zeroStage = spec.zeroStage;
    p.recompute = spec.recompute;
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
} // namespace

TrainingEstimate bestTrainingLayout(const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu, int gpus,
    const LayoutPins& pins, const Efficiency& eff)
{
    const double sequences = spec.sequencesPerStep(model.seqLen);
    std::vector<int> tps, cps;
    if (pins.tp)
        tps = {*pins.tp};
    else
        for (int t = 1; t <= std::min(pins.gpusPerNode, gpus); t *= 2)
            if (model.heads % t == 0 && gpus % t == 0)
                tps.push_back(t);
    if (tps.empty())
        tps = {1};
    cps = pins.cp ? std::vector<int> {*pins.cp} : std::vector<int> {1};
    std::vector<Recompute> recomputes = pins.recompute
        ? std::vector<Recompute> {*pins.recompute}
        : std::vector<Recompute> {Recompute::None, Recompute::Selective, Recompute::Full};
    std::vector<int> micro = pins.microBatch ? std::vector<int> {*pins.microBatch} : std::vector<int> {1, 2, 4, 8};

    // Memory is cheap and decides most candidates: a layout that does not fit is never timed once one fits,
    // and the winner alone is estimated again with its explanations.
    bool haveBest = false, bestFits = false;
    double bestMemory = 0, bestSecondsPerToken = 0;
    ParallelLayout bestLayout;
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
            return;
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
    };

    for (int t : tps) {
        for (int c : cps) {
            if (gpus % (t * c) != 0)
                continue;
            const int rest = gpus / (t * c);
            std::vector<int> pps = pins.pp ? std::vector<int> {*pins.pp} : divisorsUpTo(rest, model.layers);
            for (int p : pps) {
                if (rest % p != 0)
                    continue;
                const int d = rest / p;
                if (pins.dp && *pins.dp != d)
                    continue;
                std::vector<int> eps {1};
                if (pins.ep)
                    eps = {*pins.ep};
                else if (model.isMoe())
                    for (int x = 2; x <= d && x <= model.experts; x *= 2)
                        if (d % x == 0 && model.experts % x == 0)
                            eps.push_back(x);
                // ZeRO-2/3 do not combine with pipeline parallelism (DeepSpeed; Megatron's distributed optimizer
                // is ZeRO-1): with pp > 1 only stages 0 and 1 are searched.
                std::vector<int> zeros = pins.zeroStage
                    ? std::vector<int> {*pins.zeroStage}
                    : (d > 1 ? (p > 1 ? std::vector<int> {0, 1} : std::vector<int> {0, 1, 3}) : std::vector<int> {0});
                std::vector<int> inter = pins.interleave ? std::vector<int> {*pins.interleave} : std::vector<int> {1};
                if (!pins.interleave && p > 1)
                    for (int v = 2; v <= 8; v *= 2)
                        if (model.layers >= p * v) // uneven stages are fine (Llama 3 §3.3.2)
                            inter.push_back(v);
                for (int b : micro) {
                    if (!pins.microBatch && b > 1 && double(b) * d > sequences)
                        continue;
                    for (int z : zeros)
                        for (int ep : eps)
                            for (int v : inter)
                                for (Recompute r : recomputes) {
                                    ParallelLayout l;
                                    l.tp = t;
                                    l.pp = p;
                                    l.dp = d;
                                    l.cp = c;
                                    l.ep = ep;
                                    l.interleave = v;
                                    l.microBatch = b;
                                    l.zeroStage = z;
                                    l.recompute = r;
                                    l.sequenceParallel = pins.sequenceParallel.value_or(t > 1);
                                    l.gpusPerNode = pins.gpusPerNode;
                                    consider(l);
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
