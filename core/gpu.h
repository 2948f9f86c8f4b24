#pragma once

#include "precision.h"
#include "result.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// One MIG (Multi-Instance GPU) profile, from the NVIDIA MIG User Guide.
struct MigProfile
{
    std::string name;       ///< e.g. "1g.10gb"
    int computeSlices = 0;  ///< sevenths of the GPU's SMs
    double memoryBytes = 0; ///< bytes
    int maxInstances = 0;   ///< how many fit on one GPU
};

/// Datasheet facts about one GPU model. Tensor figures are dense (vendors often quote them with 2:4
/// sparsity; pricing-data/gpus.json stores half of those).
struct GpuSpec
{
    std::string id; ///< canonical id, e.g. "H100-SXM-80GB"
    std::string name;
    std::string vendor;       ///< nvidia | amd
    std::string architecture; ///< volta, turing, ampere, ada, hopper, blackwell, cdna3
    std::string formFactor;
    std::vector<std::string> aliases;      ///< lowercase
    double memoryBytes = 0;                ///< bytes; HBM "80 GB" is 80 GiB
    double memoryBandwidth = 0;            ///< bytes/s
    std::map<Precision, double> peakFlops; ///< dense FLOP/s (OP/s for int8/int4) per precision
    double fp64TensorFlops = 0;            ///< FLOP/s through FP64 tensor cores (0 if none)
    std::string intraLink;                 ///< nvlink4, pcie4, …
    double intraBandwidth = 0;             ///< bytes/s per GPU, one direction
    int maxGpusPerNode = 8;                ///< GPUs sharing the intra-node fabric in a typical server
    std::string interLink;
    double interBandwidth = 0; ///< bytes/s per GPU, one direction (typical cluster design)
    double tdpW = 0;           ///< W, board power
    double idleW = 0;          ///< W
    std::vector<MigProfile> migProfiles;
    std::string source;
    std::string notes;

    /// Dense peak for p, or nullopt when the GPU has no such format.
    std::optional<double> peak(Precision p) const;
    /// The precision that actually runs p's math: bf16 falls back to fp16 (V100, T4), fp8 to bf16/fp16
    /// (A100), tf32 to fp32, int4 to int8, so a format the GPU lacks runs at the rate of the next wider one.
    Precision computePrecision(Precision p) const;
    /// FP64 throughput a DGEMM-bound job sees: the tensor-core rate where there is one.
    double fp64Flops() const;
};

/// The GPU specs of pricing-data/gpus.json with look-up by id or alias.
class GpuCatalog
{
public:
    /// Parses "gpuplan.gpus/1" JSON; a bad entry is an error naming file, JSON pointer and value.
    static Result<GpuCatalog> fromJson(
        std::string_view text, const std::string& fileName, std::vector<std::string>* warnings = nullptr);

    /// Case-insensitive look-up by canonical id or alias. An unknown name is an UnknownGpu error listing
    /// the closest known ids.
    Result<const GpuSpec*> find(std::string_view idOrAlias) const;
    /// The same look-up without the suggestions: null when unknown (the planner's hot path).
    const GpuSpec* lookup(std::string_view idOrAlias) const;
    const std::vector<GpuSpec>& all() const { return m_gpus; }

private:
    std::vector<GpuSpec> m_gpus;
};

/// Whether serving engines can hold weights of precision `weights` on this GPU, after vLLM's quantization
/// hardware table (https://docs.vllm.ai/en/v0.11.2/features/quantization/ "Supported Hardware", and the FP8 W8A8
/// page, read 2026-12-01): FP8 computes natively from Ada/Hopper on (and on CDNA3), runs weight-only (W8A16, FP8
/// Marlin) on Turing and Ampere for dense models only (no FP8 MoE kernels there), and not at all on Volta;
/// INT8/INT4 weight-only (GPTQ) and FP16 run everywhere; BF16 falls back to FP16 math on Volta and Turing.
/// nullopt: supported (perhaps with a fallback the estimate states); otherwise the reason it is not.
struct PrecisionSupport
{
    bool supported = true;
    bool weightOnly = false; ///< stored in `weights`, computed in 16-bit
};
PrecisionSupport servingPrecisionSupport(const GpuSpec& gpu, Precision weights, bool moe);

/// Edit distance (Levenshtein), case-insensitive; used to suggest the closest known ids.
std::size_t editDistance(std::string_view a, std::string_view b);
/// Up to `count` candidates closest to `wanted`, best first.
std::vector<std::string> closestNames(
    std::string_view wanted, const std::vector<std::string>& candidates, std::size_t count = 3);
std::string toLower(std::string_view s);
/// The known name a mistyped one most likely meant: the same letters in another case, a known name that the typed
/// one begins (3 letters or more), or the closest within two edits (one for names of 3 or 4 letters, none below).
/// nullopt when nothing is that close.
std::optional<std::string> nearMiss(std::string_view typed, const std::vector<std::string>& known);

} // namespace gpuplan::core
