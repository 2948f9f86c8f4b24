#pragma once

#include "calibration.h"
#include "engine.h"
#include "gpu.h"
#include "model.h"
#include "precision.h"
#include "result.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace gpuplan::core {

enum class WorkloadKind { Training, Inference, Batch };

struct ServingCalibration; // serving_calibration.h
/// Serving calibrations fitted to a benchmark's results (core/serving_calibration), by (GPU id, model family,
/// engine).
using ServingCalibrationKey = std::tuple<std::string, std::string, ServingEngine>;
using ServingCalibrationMap = std::map<ServingCalibrationKey, std::shared_ptr<const ServingCalibration>>;
/// Activation recompute: none; selective (Megatron's: the attention core's forward again, Korthikanti et al. 2022);
/// full (the whole forward of some or all layers); op (torchtitan's per-op selective checkpointing: the layer keeps the
/// outputs of every second matmul and of fused attention, and recomputes the rest; training.cpp, recomputedGemmShares).
enum class Recompute { None, Selective, Full, Op };
enum class FinetuneMethod { Full, Lora, Qlora };
enum class BatchBound { Fp64, Fp32, Tensor, Memory };
/// How FP8 training scales its tensors (Transformer Engine's recipes; torchao's "tensorwise" is the current one).
enum class Fp8Recipe {
    Delayed,    ///< per tensor, the scale from the amax history of earlier steps (TE DelayedScaling)
    Tensorwise, ///< per tensor, the scale from the tensor itself: one more read of it (TE Float8CurrentScaling)
    Blockwise,  ///< 1×128 activation tiles, 128×128 weight blocks (DeepSeek-V3; TE Float8BlockScaling)
    Mxfp8       ///< 1×32 blocks with E8M0 scales, Blackwell's block-scaled tensor cores (TE MXFP8BlockScaling)
};
/// Which fused-attention kernels a stack runs: the fastest of the GPU's generation (cuDNN, FlashAttention-3 on Hopper,
/// FlashAttention-4 on Blackwell), FlashAttention-2 (stacks before mid-2024), or the first generation of fused kernels
/// (FlashAttention-1, xformers' memory-efficient attention, the 2022 Triton kernel: stacks of 2022–23).
enum class AttentionKernel { Latest, Fa2, Fa1 };
/// The pipeline schedule: 1F1B (interleaved when pipeline_interleave > 1) or DualPipe (DeepSeek-V3 §3.2.1).
enum class PipelineSchedule { OneFOneB, DualPipe };
/// How MoE tokens reach experts on other nodes: DeepEP-style (DeepEP, Megatron-Core's flex dispatcher with DeepEP
/// or HybridEP) sends a token once to each node that holds one of its experts and forwards it there over NVLink;
/// a plain all-to-all (Megatron-Core's "alltoall" dispatcher over NCCL) sends every routed copy to its expert's rank.
enum class MoeDispatcher { DeepEp, AllToAll };

std::string_view toString(WorkloadKind k);
std::string_view toString(Recompute r);
/// The recompute modes by their names in a workload and the validation tables, in that order.
inline const std::vector<std::pair<std::string_view, Recompute>>& recomputeNames()
{
    static const std::vector<std::pair<std::string_view, Recompute>> names = {{"none", Recompute::None},
        {"selective", Recompute::Selective}, {"full", Recompute::Full}, {"op", Recompute::Op}};
    return names;
}
/// A recompute mode by its name; nothing for another word.
std::optional<Recompute> parseRecompute(std::string_view name);
std::string_view toString(FinetuneMethod m);
std::string_view toString(BatchBound b);
std::string_view toString(Fp8Recipe r);
std::string_view toString(PipelineSchedule s);
std::string_view toString(AttentionKernel k);

/// "training": pretraining or fine-tuning.
struct TrainingSpec
{
    double tokens = 0; ///< tokens to train on
    Precision precision = Precision::BF16;
    std::optional<double> globalBatchSequences; ///< sequences per optimizer step
    std::optional<double> globalBatchTokens;    ///< tokens per optimizer step (alternative)
    std::optional<int> microBatch;              ///< sequences per micro-batch (chosen by the planner when absent)
    std::optional<Recompute> recompute;         ///< chosen by the planner when absent
    /// With full recompute, the share of each stage's layers recomputed, (0, 1] (Megatron --recompute-num-layers over
    /// the stage's layers); "full" alone means all of them.
    std::optional<double> recomputeShare;
    std::optional<int> zeroStage; ///< 0–3; chosen by the planner when absent
    /// GPUs one ZeRO-3/FSDP shard spans (hybrid sharding, HSDP: replicas of the shard group all-reduce gradients);
    /// absent: the planner chooses the whole data-parallel group or one node's worth.
    std::optional<int> shardGroup;
    Fp8Recipe fp8Recipe = Fp8Recipe::Tensorwise; ///< how FP8 scales its tensors (precision fp8 only)
    /// MoE: expert capacity as a multiple of the balanced load (Megatron's --moe-expert-capacity-factor, tokens
    /// beyond it dropped, experts padded to it); absent: dropless and balanced (what NVIDIA's benchmarks force).
    std::optional<double> moeCapacityFactor;
    PipelineSchedule pipelineSchedule = PipelineSchedule::OneFOneB;
    /// Tensor-parallel collectives overlapped with the GEMMs they feed (Transformer Engine's userbuffers in Megatron-
    /// Core/NeMo, async TP in torchtitan); false for stacks without it (Megatron-LM in 2021).
    bool tpCommOverlap = true;
    /// MoE: each micro-batch's expert all-to-alls overlapped with another's compute (Megatron-Core's combined 1F1B,
    /// --overlap-moe-expert-parallel-comm; moe_a2a_overlap in Megatron-Bridge's recipes). DualPipe always does.
    bool epCommOverlap = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::DeepEp; ///< MoE: how tokens cross nodes (default DeepEP-style)
    std::optional<bool> sequenceParallel;                ///< Megatron sequence parallelism (default on with TP > 1)
    FinetuneMethod method = FinetuneMethod::Full;
    int loraRank = 16;
    /// Fused attention (FlashAttention, Dao et al. 2022) that never writes the s×s scores to memory;
    /// false for stacks without it (Megatron-LM 2021), whose softmax and dropout stream the scores.
    bool flashAttention = true;
    AttentionKernel attentionKernel = AttentionKernel::Latest; ///< with flashAttention

    /// Sequences per step: global_batch, or global_batch_tokens / seq_len, or the default of 4M tokens
    /// (Llama 2 and 3 pretraining, Touvron et al. 2023 §2.2) rounded to whole sequences.
    double sequencesPerStep(int seqLen) const;
};

struct Slo
{
    std::optional<double> ttftP99Ms; ///< ms
    std::optional<double> tpotP99Ms; ///< ms
};

/// One bucket of a request-length mix: requests of this prompt and output length make up `share` of the traffic.
struct LengthBucket
{
    double promptTokens = 0;
    double outputTokens = 0;
    double share = 0; ///< fraction of requests, the buckets' shares sum to 1
};

/// Speculative decoding (inference.speculative): a draft proposes `draftTokens` tokens a step and the target verifies
/// them in one pass; on average `acceptedTokens` tokens come out of a step (the accepted drafts plus the target's own
/// token: 1 ≤ accepted ≤ draft + 1).
struct Speculation
{
    enum class Method { DraftModel, Mtp, Eagle };
    Method method = Method::Mtp;
    int draftTokens = 1;
    double acceptedTokens = 1;
    std::string draftModel;                 ///< preset id of the draft model (DraftModel)
    std::shared_ptr<const ModelArch> draft; ///< its architecture, resolved when the workload is read
};

/// Prefix caching (inference.prefix): `hitRate` of requests find their first `tokens` prompt tokens (a system prompt,
/// the conversation so far, a retrieved document) already in the KV cache; those tokens skip prefill and share one
/// copy of their KV blocks.
struct PrefixCache
{
    double tokens = 0;
    double hitRate = 0;
};

/// One pool of a pinned disaggregated layout (inference.disaggregation.prefill / .decode): replicas × GPUs each
/// (tensor parallel, inside one instance), optionally on a named GPU model (canonical id; empty: any).
struct DisaggregatedPool
{
    std::string gpu;
    int replicas = 1;
    int tp = 1;
};

/// inference.disaggregation: whether prefill and decode run in separate pools (DistServe, OSDI'24; SGLang, vLLM and
/// TensorRT-LLM/Dynamo P/D). None (the default): co-located only; Auto: co-located and disaggregated candidates are
/// planned side by side and ranked together; Pinned: only the stated pools.
struct Disaggregation
{
    enum class Mode { None, Auto, Pinned } mode = Mode::None;
    /// The pools may be on different providers (or regions): the KV cache then crosses an inter-region link
    /// (interRegion* in disaggregation.h) and the prefill side's internet egress is paid for it.
    bool allowCrossProvider = false;
    DisaggregatedPool prefill, decode; ///< Pinned only
};

/// Many LoRA adapters on one base model (inference.lora).
struct LoraAdapters
{
    int adapters = 1;         ///< adapters served
    int rank = 16;            ///< LoRA rank r
    int resident = 1;         ///< adapters kept in GPU memory at once (vLLM --max-loras); the rest load on demand
                              ///< (read from a workload: all of them unless "resident" says fewer)
    bool mlp = true;          ///< adapted matrices: attention and MLP (true), or attention only
    double coldShare() const; ///< requests whose adapter is not resident (uniform popularity): 1 − resident/adapters
};

/// "inference": serving.
struct InferenceSpec
{
    int promptTokens = 0;
    int outputTokens = 0;
    Precision weightPrecision = Precision::BF16;
    Precision kvPrecision = Precision::BF16;
    /// The routed experts' weights when they are stored apart from the rest (gpt-oss: MXFP4 experts, BF16
    /// attention; NVIDIA's NVFP4 DeepSeek-R1: FP4 experts, FP8 attention); unset: weightPrecision.
    std::optional<Precision> expertWeightPrecision;
    /// The serving engine (inference.engine): its batching defaults and kernel speed; unset: vLLM (stated in the
    /// plan's notes).
    ServingEngine engine = ServingEngine::Vllm;
    bool engineGiven = false;
    /// The weight format came from the model preset's released checkpoint (no inference.weight_precision given).
    bool weightPrecisionFromModel = false;
    std::string engineVersion; ///< as the user gives it ("0.11.0"); informational
    /// The engine's token budget per step and its cap on running sequences when the deployment sets them
    /// (vLLM --max-num-batched-tokens / --max-num-seqs, SGLang --chunked-prefill-size / --max-running-requests,
    /// TensorRT-LLM max_num_tokens / max_batch_size); unset: the engine's defaults (core/engine.cpp).
    std::optional<int> maxBatchedTokens;
    std::optional<int> maxSequences;
    /// Requests arrive in synchronized waves rather than one by one: a benchmark that sends fixed-length requests
    /// at a fixed concurrency (or all at once) starts them together, so their prefills run as one burst and their
    /// decodes end together. Not read from a workload (traffic arrives one by one); set for published benchmark
    /// runs (validation rows, imported benchmark results).
    bool waves = false;
    /// With waves: the requests the benchmark sends in all (its dataset's size, e.g. trtllm-bench's num_requests), 0
    /// when unbounded. They start B at a time, B the operating point; the last wave carries what is left, so a burst
    /// of 3,000 requests on a replica that holds 2,048 runs one full wave and one of 952. Not read from a workload.
    int burstRequests = 0;
    /// Request lengths as a mix (inference.length_mix, or length_distribution turned into buckets); empty: every
    /// request has promptTokens and outputTokens (which hold the mix's means when a mix is given).
    std::vector<LengthBucket> lengthMix;
    /// Where the mix came from when it was read from a CSV of (prompt, output) pairs (inference.length_mix_source,
    /// which the file readers write beside the mix: {"file", "requests", "prompt_column", "output_column"});
    /// informational, stated in the plan's assumptions.
    struct LengthMixSource
    {
        std::string file;
        long long requests = 0;
        std::string promptColumn, outputColumn;
    };
    std::optional<LengthMixSource> lengthMixSource;
    std::optional<Speculation> speculation;
    std::optional<PrefixCache> prefix;
    std::optional<LoraAdapters> lora;
    Disaggregation disaggregation;
    Precision expertPrecision() const { return expertWeightPrecision.value_or(weightPrecision); }
    std::optional<int> concurrency;          ///< sequences in flight per replica
    std::optional<double> requestsPerSecond; ///< peak arrival rate, requests/s
    Slo slo;
    std::optional<double> availability; ///< target, fraction in (0, 1)
    /// Per provider, how often one instance is assumed up (fraction in (0, 1)): overrides the provider's
    /// single-instance SLA, or the stated noSlaReplicaAvailability where it publishes none.
    std::map<std::string, double> instanceAvailability;
    /// Decode attention reads each KV head once for its whole query group (true for vLLM and TensorRT-LLM's
    /// XQA kernels, 0.7 on); false models older kernels that re-read K/V for every query head.
    bool gqaKvSharing = true;
    /// Fraction of spare capacity planned above the peak (0.2 = 20 %); unset: PlanDefaults::servingHeadroom.
    std::optional<double> headroom;
    /// Demand profile: requests/s for each UTC hour, 24 (a day) or 168 (a week) values; empty when not given.
    std::vector<double> profile;
    struct Autoscaling
    {
        int minReplicas = 1;
        std::optional<double> scaleUpDelayS; ///< default: instance start + weights load (see planner.cpp)
        double cooldownS = 600;
    };
    std::optional<Autoscaling> autoscaling;
    /// Where the users are: coordinates or a location/region id from pricing-data/regions.json.
    struct Location
    {
        std::optional<double> latitude, longitude;
        std::string id;
    };
    std::optional<Location> usersLocation;
    std::optional<double> e2eLatencyP99Ms; ///< network round trip + TTFT, ms

    /// The rate to plan for: requests_per_second, or the profile's peak.
    double peakRate() const;
};

/// "batch": a job measured on a reference GPU (rendering, simulation), scaled by what bounds it.
struct BatchSpec
{
    std::string referenceGpu; ///< canonical id
    double gpuHours = 0;      ///< GPU-hours it took on the reference GPU
    BatchBound bound = BatchBound::Tensor;
    bool fp64TensorCores = false; ///< FP64 work runs on tensor cores (DGEMM-bound); false: the vector FP64 rate
};

/// "hardware": pins the deployment; any parallel degree left out is chosen by the planner.
struct HardwarePin
{
    std::string gpu; ///< canonical id
    int count = 1;
    std::optional<int> gpusPerNode;
    std::optional<int> tp, pp, dp, cp, ep, etp, interleave;
};

/// "constraints": used by the cost planner.
struct Budget
{
    double amount = 0;
    std::string currency = "USD";
};
struct Constraints
{
    std::optional<double> deadlineHours;
    std::optional<Budget> budget;
    std::vector<std::string> providers;
    std::vector<std::string> regions;         ///< globs
    std::vector<std::string> countries;       ///< ISO 3166 alpha-2
    std::vector<std::string> pricing;         ///< allowed pricing models
    std::optional<int> maxInterruptionBucket; ///< 0–4
    std::map<std::string, int> maxInstances;  ///< per provider
    std::string objective = "cost";           ///< cost | time | carbon
    /// How spot may serve: allow | burst_only | never; unset: burst_only for an availability target ≥ 99.9 %,
    /// else allow (servingSpotPolicy). burst_only prices a spot price as a mixed fleet: an on-demand base that meets
    /// the availability target alone, spot instances for the headroom; never drops spot serving.
    std::optional<std::string> spot;
    /// Drop serving candidates whose latency meets the SLO at the estimate but not across its 80 % range ("at
    /// risk"); by default they are kept and marked.
    bool strictSlo = false;
};

/// The largest values a workload may hold (checked when it is read, with the file, pointer and value): enough for
/// any real deployment, small enough that every count fits the planner's arithmetic and a plan ends in seconds.
inline constexpr double maxTrainingTokens = 1e15;   ///< ~70 × Llama 3's 15.6e12 tokens
inline constexpr double maxRequestsPerSecond = 1e5; ///< peak traffic of one planned service

struct Workload
{
    std::string name;
    std::string file; ///< the file it was read from, for messages that name a field ("llama.json")
    WorkloadKind kind = WorkloadKind::Training;
    ModelArch model; ///< valid for training and inference
    std::optional<TrainingSpec> training;
    std::optional<InferenceSpec> inference;
    std::optional<BatchSpec> batch;
    std::optional<HardwarePin> hardware;
    Constraints constraints;
    /// Multiplies the efficiency factors the estimators assume (core::scaleEfficiency); 1 = as calibrated.
    /// Not read from JSON: reports set it to show how sensitive a plan is to efficiency.
    double efficiencyScale = 1.0;
    /// Efficiency factors measured by gpuplan-probe, per GPU id; they replace the defaults for those GPUs.
    /// Not read from JSON: planWorkload sets it from PlanInputs::calibrations.
    std::shared_ptr<const CalibrationMap> calibrations;
    /// Serving factors fitted to benchmark results, per GPU id, model family and engine: serving on that GPU with that
    /// engine, for a model of that family, uses them. Not read from JSON: planWorkload sets it from
    /// PlanInputs::servingCalibrations.
    std::shared_ptr<const ServingCalibrationMap> servingCalibrations;
    /// "data": what the workload stores and sends out, priced as storage and egress.
    struct Data
    {
        double datasetGb = 0;                         ///< GB kept in object storage while the job or service runs
        double checkpointGb = 0;                      ///< GB of checkpoints or model weights kept
        double egressGbPerMonth = 0;                  ///< GB sent to the internet per month
        std::optional<double> storagePricePerGbMonth; ///< the user's own rate (else the provider's, if bundled)
        std::optional<double> egressPricePerGb;
        std::string currency = "USD"; ///< of the user's own rates
    };
    std::optional<Data> data;
    /// "energy": assumptions for kWh and CO₂e, all editable.
    struct Energy
    {
        std::string cooling = "air";           ///< air | liquid
        std::optional<double> pue;             ///< default by cooling (planner.cpp)
        std::optional<double> hostWattsPerGpu; ///< CPU, memory, network share per GPU
        std::optional<double> utilization;     ///< average GPU power between idle (0) and board power (1)
        std::optional<double> gridKgPerKwh;    ///< overrides the region's grid intensity
        /// USD per kWh for the electricity cost of owned hardware; unset: PlanDefaults::electricityUsdPerKwh.
        std::optional<double> electricityUsdPerKwh;
    } energy;
};

/// Request lengths read from a CSV of (prompt, output) pairs, one request per row (a user's serving logs, or a
/// published trace such as the Azure LLM inference trace 2023: TIMESTAMP,ContextTokens,GeneratedTokens), as a
/// length mix: the prompt lengths cut at their quartiles, 90th and 99th percentiles and the output lengths likewise,
/// up to 6 × 6 buckets (the empty ones dropped), each at the mean prompt and output of its requests and with their
/// share. The buckets keep the pairs' means exactly, the correlation between prompt and output lengths (long prompts
/// often come with short answers), and the top 1 % of each side as buckets of their own for the p99 latencies.
/// The prompt column is the first of prompt_tokens, prompt, input_tokens, input, context_tokens, contexttokens,
/// num_prefill_tokens (any case), the output column of output_tokens, output, generated_tokens, generatedtokens,
/// completion_tokens, num_decode_tokens; other columns are ignored. Errors name the file, line, column and value.
struct LengthPairs
{
    std::vector<LengthBucket> buckets;
    std::size_t requests = 0;
    std::string promptColumn, outputColumn; ///< as the file's header spells them
};
Result<LengthPairs> lengthMixFromCsv(std::string_view text, const std::string& fileName);
/// The bucketing of lengthMixFromCsv over pairs already read (prompt, output tokens; neither empty nor below 1).
std::vector<LengthBucket> lengthMixFromPairs(const std::vector<std::pair<double, double>>& pairs);

/// Parses a "gpuplan.workload/1" document. Errors name the file, the JSON pointer and the value
/// ("llama.json:/training/tokens: must be a positive number, got -5"); unknown fields become warnings (as text in
/// `warnings`, and with their place and message id in `diagnostics`, for the app).
Result<Workload> parseWorkload(std::string_view text, const std::string& fileName, const ModelCatalog& models,
    const GpuCatalog& gpus, std::vector<std::string>* warnings = nullptr, std::vector<Error>* diagnostics = nullptr);

} // namespace gpuplan::core
