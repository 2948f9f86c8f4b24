#pragma once
// Calibration from the benchmark the user ran: the runs of a serving benchmark's result file (core/benchmark.h)
// become cases of the serving model (core/accuracy.h), a few of its factors are fitted to them by least squares
// (fitServingParams, core/fit.h), and the result is kept as a profile per GPU, model family and engine that plans on
// that GPU, family and engine use.

#include "accuracy.h"
#include "benchmark.h"
#include "engine.h"
#include "gpu.h"
#include "message.h"
#include "model.h"
#include "result.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace gpuplan::core {

/// The class of architecture a calibration carries over to: dense or mixture of experts, and the attention
/// ("dense GQA", "dense MHA", "MoE GQA", "MoE with MLA"). Models of one class run the same kernels in an engine.
std::string modelFamily(const ModelArch& m);

/// What the user says about a benchmark that its result file does not (the CLI's options, the app's form).
struct BenchmarkSetup
{
    std::string gpu;           ///< catalog id or alias
    int gpus = 0;              ///< GPUs the benchmark ran on
    int tp = 0;                ///< tensor-parallel degree of one replica (replicas = gpus / tp); 0: gpus
    std::string model;         ///< model preset id
    std::string engine;        ///< vllm, sglang or trtllm
    std::string engineVersion; ///< as the user gives it; informational
    std::string weightPrecision = "bf16";
    std::string kvPrecision = "bf16";    ///< the engines' "auto": the activations' 16-bit type
    std::string expertWeightPrecision;   ///< empty: the weights'
    std::optional<int> maxBatchedTokens; ///< the engine's token budget when the run set one
    std::optional<int> maxSequences;     ///< the engine's running-sequence cap when the run set one
    std::optional<int> promptTokens;     ///< mean prompt tokens, for files that do not give them
    std::optional<int> concurrency;      ///< requests in flight, for closed-loop files that do not give it
    /// Closed-loop runs: whether the requests move in waves (fixed prompt and output lengths, all started together)
    /// or in a steady state (lengths that vary). Unset: waves unless the file names a dataset other than "random".
    std::optional<bool> waves;
};

/// One run of the file as the serving model sees it: the case it is, what was measured, and why it is left out of
/// the fit when it is.
struct CalibrationPoint
{
    int run = 0;      ///< index into BenchmarkFile::runs
    Message label;    ///< "request rate 4/s", "concurrency 32", "all 1500 requests at once"
    ServingCase base; ///< the run as a serving case (concurrency per replica, open-loop rate)
    /// One case per measured metric: "ttft_ms", "tpot_ms", "throughput_tokens_per_s".
    std::vector<ServingCase> cases;
    std::vector<std::string> statistics; ///< per case, the id of its statistic (calibStatMean, …)
    double offeredTokensPerS = 0;        ///< open loop: request rate × mean output tokens, whole deployment
    Message excluded;                    ///< why the run is neither fitted nor checked; empty when it is used
};

/// The runs of `file` as serving cases on `setup`. An unknown GPU or model, an engine the model does not know, a
/// layout that does not divide, or a run without what the model needs (a prompt length, a concurrency) is an error
/// naming the field (the setup's, or the file's place) and the value.
Result<std::vector<CalibrationPoint>> calibrationPoints(
    const BenchmarkFile& file, const BenchmarkSetup& setup, const GpuCatalog& gpus, const ModelCatalog& models);

/// One measured figure against the model.
struct CalibrationResidual
{
    int run = 0;        ///< index into the file's runs
    Message label;      ///< the run's label
    std::string metric; ///< "ttft_ms", "tpot_ms", "throughput_tokens_per_s"; empty for a run with nothing measured
    Message statistic;  ///< "mean", "median", "mean, from the mean end-to-end latency …"
    double measured = 0;
    double estimate = 0;        ///< with the calibrated factors
    double defaultEstimate = 0; ///< with the shipped factors
    /// With the factors fitted without this run (leave one run out), for fitted runs when the fit has others; runs
    /// that were not fitted are out of sample already (`estimate`).
    std::optional<double> heldOut;
    bool fitted = false; ///< the run was fitted on
    Message excluded;    ///< why the run is neither fitted nor checked
    bool timeLike() const { return metric != "throughput_tokens_per_s"; }
    /// The estimate a new run like this one would get: heldOut when there is one, else the estimate for a run that
    /// was not fitted; nullopt for fitted runs without a held-out estimate and for excluded runs.
    std::optional<double> outOfSample() const;
};

/// A fit of the serving model to one result file: which GPU, family and engine it applies to, the factors, and the
/// residuals per run.
struct ServingCalibration
{
    std::string gpuId;  ///< catalog id
    std::string family; ///< modelFamily() of the model it was measured with
    ServingEngine engine = ServingEngine::Vllm;
    std::string engineVersion;
    std::string model; ///< the preset it was measured with
    int gpus = 0;
    int tp = 0;
    std::string weightPrecision, kvPrecision;
    std::string file;                ///< the result file's name (no folders)
    std::string format;              ///< the reader's id
    std::string importedAt;          ///< UTC, ISO 8601
    ServingParams params;            ///< the calibrated factors (the fitted ones and the shipped values of the rest)
    std::vector<std::string> fitted; ///< names of the fitted factors
    std::vector<CalibrationResidual> residuals;
    /// The 80 % band of out-of-sample ratios (published ÷ estimated for latencies, estimated ÷ published for
    /// throughput: AccuracyGroup's convention), from at least 3 ratios each; unset: too few runs, the group's range of
    /// the published runs applies.
    std::optional<std::pair<double, double>> latencyBand, throughputBand;
};

/// Which runs to consider and to fit (indices into the file's runs) and when the file was imported.
struct CalibrationOptions
{
    std::vector<int> runs;    ///< the runs to consider (the others are left out altogether); empty: all
    std::vector<int> fitRuns; ///< the runs to fit; empty: every usable one
    std::string importedAt;   ///< UTC, ISO 8601: when the file was imported
};

/// The factors the calibration fits: the decode bandwidth and GEMM efficiency of the GPU's vendor and the engine's
/// per-step cost; the other factors keep their shipped values (one run cannot tell more apart).
std::vector<std::string> calibratedFactors(const GpuSpec& gpu, ServingEngine engine);

/// Fits the serving model to the usable runs of `file` on `setup` (fitServingParams with calibratedFactors, a
/// weak pull to the shipped factors) and reports every run's residuals, the held-out estimates (each fitted run
/// left out in turn when there are others) and the bands they give. Open-loop runs at 90 % or more of the capacity
/// the fitted model gives are left out as saturated and the fit is made again without them. No usable run, or a
/// fitRuns index that is not a usable run, is an error.
Result<ServingCalibration> calibrateServing(const BenchmarkFile& file, const BenchmarkSetup& setup,
    const GpuCatalog& gpus, const ModelCatalog& models, const CalibrationOptions& options = {});

/// The calibration as a "gpuplan.serving-calibration/1" JSON document (for the store and export).
std::string serializeServingCalibration(const ServingCalibration& c);
/// Reads a "gpuplan.serving-calibration/1" document; with a catalog, the GPU must be one it knows. A missing or bad
/// field is an error naming the file, the JSON pointer and the value.
Result<ServingCalibration> parseServingCalibration(
    std::string_view text, const std::string& fileName, const GpuCatalog* gpus = nullptr);

/// The key of a calibration in a ServingCalibrationMap (workload.h).
inline ServingCalibrationKey keyOf(const ServingCalibration& c)
{
    return {c.gpuId, c.family, c.engine};
}

/// The calibration for serving `model` on `gpu` with `engine`, or null: the one stored for that GPU id, the model's
/// family (modelFamily()) and that engine.
std::shared_ptr<const ServingCalibration> findServingCalibration(
    const ServingCalibrationMap* map, const GpuSpec& gpu, const ModelArch& model, ServingEngine engine);

} // namespace gpuplan::core
