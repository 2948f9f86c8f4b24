#pragma once

#include "efficiency.h"
#include "gpu.h"
#include "model.h"
#include "workload.h"

#include <string>
#include <vector>

namespace gpuplan::core {

/// How a training job is split over GPUs (n = tp · pp · cp · dp).
struct ParallelLayout
{
    int tp = 1; ///< tensor parallel
    int pp = 1; ///< pipeline parallel
    int dp = 1; ///< data parallel
    int cp = 1; ///< context (sequence) parallel
    int ep = 1; ///< expert parallel (MoE only): ep · etp divides the tp · cp · dp GPUs of a stage
    /// Tensor parallel of the expert layers; 0 = tp (Megatron-Core's default). 1 with tp > 1 is MoE parallel folding:
    /// the experts spread over the tensor-parallel GPUs too, each expert whole on one GPU.
    int expertTp = 0;
    int interleave = 1; ///< virtual pipeline stages per GPU
    int microBatch = 1; ///< sequences per micro-batch
    int zeroStage = 0;  ///< 0–3
    int shardGroup = 0; ///< GPUs a ZeRO-3 shard spans (hybrid sharding); 0 = the whole data-parallel group
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    /// With full recompute, the share of each stage's layers recomputed (Megatron's --recompute-num-layers); the
    /// others keep their activations.
    double recomputeShare = 1.0;
    int gpusPerNode = 8;

    int gpus() const { return tp * pp * dp * cp; }
    /// The expert layers' tensor-parallel degree in effect.
    int etp() const { return expertTp > 0 ? expertTp : tp; }
    /// The ZeRO-3 shard group in effect: shardGroup, or the whole data-parallel group.
    int shardRanks() const { return shardGroup > 0 ? shardGroup : dp; }
    /// The share of layers whose forward runs twice: recomputeShare under full recompute, else 0.
    double fullRecompute() const { return recompute == Recompute::Full ? recomputeShare : 0.0; }
};

/// What a long run loses, as shares of its wall time (= of its GPU-hours).
struct GoodputLoss
{
    double restarts = 0;    ///< detection, rescheduling and reloading after each interruption
    double lostWork = 0;    ///< work since the last checkpoint, redone after each interruption
    double checkpoints = 0; ///< writing checkpoints
    double stragglers = 0;  ///< slow ranks that hold the others back
    double total() const { return restarts + lostWork + checkpoints + stragglers; }
};

/// A collective's bandwidth per GPU (× the links' achieved fraction) and latency per hop.
struct Link
{
    double bandwidth = 0; ///< bytes/s
    double latency = 0;   ///< s per hop
};

/// The link a collective over `size` ranks spaced `stride` GPUs apart runs at (Megatron-Core's rank order: tensor,
/// context, data, pipeline parallel, innermost first). Inside one node of `node` GPUs: NVLink. Across nodes the k
/// members of the group in each node receive the other nodes' share once through their k NICs and exchange it over
/// NVLink (NCCL runs one ring per NIC): k × the network rate per GPU, at most NVLink's. A group with one member per
/// node (data parallelism under tp 8) gets one NIC's rate.
Link collectiveLink(const GpuSpec& gpu, const Efficiency& eff, int node, double size, double stride);

/// Bytes per GPU by component.
struct MemoryBreakdown
{
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;
    double kvCache = 0;
    double overhead = 0; ///< CUDA context, communication buffers, allocator fragmentation
    double total() const { return weights + gradients + optimizer + activations + kvCache + overhead; }
};

/// "Does not fit" is a result: by how much, and what would make it fit.
struct FitReport
{
    bool fits = true;
    double requiredBytes = 0;         ///< per GPU
    double availableBytes = 0;        ///< per GPU
    std::vector<Message> suggestions; ///< most effective first
};

struct TrainingEstimate
{
    ParallelLayout layout;
    Precision computePrecision = Precision::BF16;
    double paramsTotal = 0;
    double paramsActive = 0;
    double trainableParams = 0;
    double flopsPerToken = 0;         ///< model FLOPs, 6·N + attention (PaLM)
    double flopsPerToken6N = 0;       ///< 6·N only (GPT-3 paper's count)
    double hardwareFlopsPerToken = 0; ///< adds recompute
    double totalFlops = 0;            ///< model FLOPs over all tokens
    double totalFlops6N = 0;
    double tflopsDays = 0; ///< totalFlops / (1e12 · 86 400)
    double pflopsDays = 0;
    double tokensPerStep = 0;
    int microBatchesPerStep = 0; ///< m, per pipeline
    double steps = 0;
    // Step time and its parts, seconds
    double stepTimeS = 0;
    double computeS = 0;        ///< GEMMs and attention on this GPU
    double elementwiseS = 0;    ///< memory-bound non-GEMM kernels
    double bubbleS = 0;         ///< pipeline fill and drain
    double tpCommS = 0;         ///< exposed tensor-parallel all-reduces
    double dpCommS = 0;         ///< exposed data-parallel gradient reduction / ZeRO gathers
    double epCommS = 0;         ///< exposed MoE all-to-all (dispatch and combine)
    double cpCommS = 0;         ///< exposed context-parallel exchange of keys and values
    double ppCommS = 0;         ///< exposed pipeline-parallel sends between stages
    double moeOverheadS = 0;    ///< MoE dispatch: the host waits for the tokens per expert, then launches the layer
    double optimizerS = 0;      ///< optimizer update (memory-bound)
    double gemmEfficiency = 0;  ///< fraction of peak the GEMMs reach with this shape
    double tokensPerSecond = 0; ///< whole job
    double tflopsPerGpu = 0;    ///< model TFLOP/s achieved per GPU
    double mfu = 0;             ///< model FLOPs utilization
    double hfu = 0;             ///< hardware FLOPs utilization (with recompute)
    double goodput = 1; ///< fraction of wall time that advances training (failures, restarts, checkpoints, stragglers)
    GoodputLoss goodputLoss;          ///< where the rest goes
    double expectedInterruptions = 0; ///< over the whole run
    double checkpointIntervalH = 0;   ///< Young's optimum √(2·C·MTBF), hours
    double checkpointWriteS = 0;      ///< C: seconds to write one checkpoint
    double wallHours = 0;             ///< including goodput losses
    double gpuHours = 0;
    MemoryBreakdown memory;
    FitReport fit;
    std::vector<Message> assumptions;
};

/// Estimates one training layout on one GPU model. Never fails: a layout that does not fit is reported
/// with fit.fits = false and suggestions.
TrainingEstimate estimateTraining(const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu,
    const ParallelLayout& layout, const Efficiency& eff, bool explain = true);
TrainingEstimate estimateTraining(
    const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu, const ParallelLayout& layout);

/// Expected goodput of a run on `gpus` GPUs whose checkpoint takes `checkpointWriteS` seconds to write:
/// 1 − λ·(restart + τ/2) − C/τ − stragglers with λ = gpus × 2.19e-5 interruptions per hour (Llama 3), a
/// 15-minute restart, Young's interval τ = √(2·C/λ) (returned in intervalH) and, for a run that spans nodes
/// (`multiNode`), the 10.4 % of GPU-hours stragglers cost (see training.cpp). Never below 0.1; the losses, as shares of
/// wall time, in `loss`.
double goodput(double gpus, double checkpointWriteS, double* intervalH = nullptr, bool multiNode = false,
    GoodputLoss* loss = nullptr);

/// Training memory per GPU (weights, gradients, optimizer, activations, overhead) for a layout.
MemoryBreakdown trainingMemory(const ModelArch& model, const TrainingSpec& spec, const ParallelLayout& layout);

/// Activation bytes one transformer layer stores for one micro-batch (Korthikanti et al. 2022, eq. 1–4,
/// generalised to gated MLPs and GQA; see training.cpp). `fp8`: FP8 training, which keeps the inputs of its FP8 GEMMs
/// for the backward pass in FP8.
double activationBytesPerLayer(const ModelArch& model, int seqLen, int microBatch, int tp, bool sequenceParallel,
    Recompute recompute, int cp = 1, bool fp8 = false);

/// Constraints on the layout search: fixed degrees come from the workload's "hardware" and "training".
struct LayoutPins
{
    std::optional<int> tp, pp, dp, cp, ep, etp, interleave, microBatch, zeroStage, shardGroup;
    std::optional<Recompute> recompute;
    std::optional<double> recomputeShare; ///< with recompute pinned to full: the share of layers (default all)
    std::optional<bool> sequenceParallel;
    int gpusPerNode = 8;
};
LayoutPins pinsFrom(const TrainingSpec& spec, const HardwarePin* hw, const GpuSpec& gpu);

/// Searches every degree the pins leave open — tensor, pipeline, context, data and expert parallel, the interleaving
/// depth, the micro-batch, recompute, the ZeRO stage and the FSDP shard group — for `gpus` GPUs and returns the
/// fastest layout that fits (or, if none fits, the one needing the least memory). A pinned degree is never changed.
TrainingEstimate bestTrainingLayout(const ModelArch& model, const TrainingSpec& spec, const GpuSpec& gpu, int gpus,
    const LayoutPins& pins, const Efficiency& eff);

} // namespace gpuplan::core
