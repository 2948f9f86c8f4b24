#pragma once

#include "engine.h"
#include "gpu.h"
#include "inference.h"
#include "model.h"
#include "result.h"
#include "training.h"
#include "workload.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuplan::core {

/// One published measurement run through the estimator.
struct AccuracyRow
{
    std::string id;
    std::string group;       ///< training, serving throughput, serving latency, memory
    std::string description; ///< model, GPU and count
    std::string metric;      ///< what was compared, with its unit in the name
    double published = 0;
    double estimated = 0;
    double error = 0;      ///< (estimated − published) / published
    double rateRatio = 1;  ///< estimated ÷ published for rates (throughput); published ÷ estimated for times
    bool timeLike = false; ///< the metric is a time (latency, step time, GPU-hours), not a rate
    std::string source;
    std::string publisher; ///< who published the measurement (whole publishers are held out or left out together)
    bool holdout = false;  ///< from validation/holdout/: never used to choose or fit a parameter
    /// Further groups the row counts in: training rows by model (dense / MoE), precision (16-bit / FP8) and software
    /// stack (Megatron / FSDP); serving rows by engine, dense or MoE, and GPU vendor ("serving throughput · trtllm"),
    /// so that each is reported (and, where it has limits, promised) on its own.
    std::vector<std::string> alsoIn;
    bool inGroup(std::string_view name) const;
};

struct AccuracyGroup
{
    std::string name;
    int rows = 0;
    double medianAbsError = 0;
    double worstAbsError = 0;
    double limitMedian = 0; ///< the accuracy this project promises for the group (issue "Estimates that match…")
    double limitWorst = 0;
    /// Holdout groups promise nothing (their limits are 0): they are reported, never enforced.
    bool promised() const { return limitWorst > 0; }
    /// Range factors for rates from the residuals: the true rate lies in [estimate / rateHigh, estimate / rateLow]
    /// for at least 80 % of runs like the bundled ones: narrowestBand(ratios, 0.8).
    double rateLow = 1;
    double rateHigh = 1;
    bool timeLike = false; ///< every row's metric is a time (the latency groups)
    /// The 80 % range of the true value ÷ the estimate in the group's own terms: of the time for time-like groups
    /// (true latency in estimate × [low, high]), else of the rate.
    std::pair<double, double> trueOverEstimate() const
    {
        return timeLike ? std::pair {rateLow, rateHigh} : std::pair {1 / rateHigh, 1 / rateLow};
    }
    /// What share of rows the band really holds when fitted without them: 5-fold cross-validation (each fold
    /// of rows, taken by position, is counted against the band fitted on the other four).
    double heldOutCoverage = 0;
};

struct AccuracyReport
{
    std::vector<AccuracyRow> rows;
    std::vector<AccuracyGroup> groups;
    const AccuracyGroup* group(std::string_view name) const;
};

/// Runs the bundled tables of published results (tests/data/validation/*.csv, compiled into the
/// program) through the estimators. The CSV texts are handed in; bad rows are errors naming file and line. The
/// holdout tables (tests/data/validation/holdout/, whole publishers set aside before any parameter was chosen) are
/// run too: their rows carry `holdout` and form groups of their own named "holdout " + the group, with no limit.
/// A `publisher` column, where a table has one, names each row's publisher. The advanced serving features' table
/// (tests/data/validation/serving_features.csv: speculative decoding, prefix caching, LoRA adapters, length mixes)
/// forms the groups "serving speculative", "serving prefix cache", "serving LoRA" and "serving length mix", reported
/// without a limit and never used to fit a factor.
Result<AccuracyReport> runAccuracy(std::string_view trainingCsv, std::string_view servingCsv,
    std::string_view memoryCsv, const ModelCatalog& models, const GpuCatalog& gpus,
    std::string_view trainingHoldoutCsv = {}, std::string_view servingHoldoutCsv = {},
    std::string_view servingFeaturesCsv = {}, std::string_view disaggregatedCsv = {});

/// The prefix of the groups of holdout rows.
inline constexpr std::string_view holdoutGroupPrefix = "holdout ";

/// One published serving run of tests/data/validation/serving.csv (or its holdout), read and ready to estimate.
struct ServingCase
{
    std::string id, publisher, metric, source, description;
    const ModelArch* model = nullptr;
    const GpuSpec* gpu = nullptr;
    InferenceSpec spec;
    InferenceLayout layout;
    bool layoutGiven = false; ///< ep / attention_dp stated; else the best of the searched MoE layouts
    int gpus = 1;
    int concurrency = 0; ///< sequences per replica; 0: the most that fit (maximum throughput)
    double published = 0;
    bool timeLike = false; ///< a latency (TTFT, TPOT) rather than a rate
    bool holdout = false;
    /// Open-loop (Poisson) traffic at this many requests/s per replica (a benchmark run at a request rate): the
    /// estimate is taken at `concurrency` (Little's law on the run) and a prompt waits for the prompts ahead of it
    /// to be prefilled (openLoopPrefillWaitS). 0: the requests are sent by a closed loop (or the table's rows).
    double arrivalRate = 0;
    /// The advanced serving feature the row measures ("speculative", "prefix cache", "LoRA", "length mix"; the first
    /// of them a row states), empty for serving.csv's rows. Metric "speedup": throughput with the features ÷ without.
    std::string feature;
};

/// Reads a serving validation table. Bad rows are errors naming the file, line and column.
Result<std::vector<ServingCase>> readServingCases(
    std::string_view csv, const std::string& file, const ModelCatalog& models, const GpuCatalog& gpus);

/// The estimate of a case's metric (tokens/s, tokens/s per GPU, ms) with the serving model's factors `params`.
double estimateServingCase(const ServingCase& c, const ServingParams& params);
/// The whole estimate behind it: with the layout the case states, else the best of the layouts a mixture of experts
/// may take (experts split by tp, expert parallel, expert parallel with attention data parallel).
InferenceEstimate servingCaseEstimate(const ServingCase& c, const ServingParams& params);
/// The case's metric read from an estimate made for it (servingCaseEstimate); TTFT adds the open-loop prefill wait.
double servingCaseMetric(const ServingCase& c, const InferenceEstimate& e);

/// The mean wait of a prompt for the prefills ahead of it under Poisson arrivals (s): the engine prefills one prompt
/// at a time, each taking `prefillS`, so the prefill is an M/D/1 queue and its mean wait is Pollaczek–Khinchine's
/// ρ·S / (2·(1 − ρ)) with ρ = λ·S (Kleinrock, Queueing Systems vol. 1, 1975, §5.5, deterministic service). Infinite
/// when ρ ≥ 1: the replica cannot prefill prompts as fast as they arrive.
double openLoopPrefillWaitS(double arrivalsPerS, double prefillS);

/// Which factors a fit moves and how hard it pulls them towards the prior.
struct ServingFitOptions
{
    /// Names of the factors to fit (ServingParams::names()); the others stay at the prior. Empty: the factors the
    /// cases inform (informedServingFactors).
    std::vector<std::string> free;
    /// The pull towards the prior: (ln(θ / θ₀) / ln 2)² × pull per factor. 0.01 (the validation fit): a factor 2×
    /// off its prior costs what every row (e^0.1 − 1) ≈ 10 % off costs. A calibration on the user's own benchmark
    /// trusts its rows more: 0.001, a factor 2× off costs what every row 3 % off costs.
    double pull = 0.01;
};

/// The serving model's factors fitted to `cases` by least squares (core/fit.h): the mean squared log ratio of
/// estimate to published value, plus a weak pull towards `prior` (ServingFitOptions::pull), so that a factor no case
/// informs stays at its prior. Deterministic.
struct ServingFit
{
    ServingParams params;
    double cost = 0;     ///< the objective at the fit
    int evaluations = 0; ///< objective evaluations
};
/// The factors some of `cases` inform: an engine's kernel factor and step overhead only with runs of that engine, a
/// vendor's bandwidth and GEMM factors only with runs on its GPUs, the FP4, dequantization and MoE factors only with
/// runs that use them; the rest always. A factor no case informs is not fitted: it keeps its prior exactly (the pull
/// towards the prior alone would leave it wherever the search stopped).
std::vector<std::string> informedServingFactors(const std::vector<ServingCase>& cases);

ServingFit fitServingParams(const std::vector<ServingCase>& cases, const ServingParams& prior = ServingParams {},
    const ServingFitOptions& options = {});

/// Leave one publisher out: for each publisher, the factors are fitted to the other publishers' cases and its own
/// cases are estimated with them. Rows as runAccuracy makes them (group "serving throughput" / "serving latency"),
/// with out-of-fold estimates.
std::vector<AccuracyRow> servingOutOfFold(
    const std::vector<ServingCase>& cases, const ServingParams& prior = ServingParams {});

/// The breakdown groups a serving row belongs to besides its main group: by engine, dense or MoE, and GPU vendor
/// ("serving throughput · trtllm", "… · MoE", "… · amd").
std::vector<std::string> servingSubgroups(const std::string& group, const ServingCase& c);

/// The groups' medians, worst errors and ranges over `rows` with the project's limits (holdout groups: none).
std::vector<AccuracyGroup> summarizeGroups(const std::vector<AccuracyRow>& rows);

/// A row of a training table, parsed once so that it can be estimated again with other fitted factors.
struct TrainingCase
{
    AccuracyRow row; ///< id, groups, publisher, metric, published value and source; estimated and error empty
    ModelArch model;
    TrainingSpec spec;
    const GpuSpec* gpu = nullptr;
    int gpus = 0;
    LayoutPins pins;
};

/// The rows of a training table (`file` names it in errors: file and line, the column and the value).
Result<std::vector<TrainingCase>> parseTrainingCases(
    std::string_view csv, const std::string& file, const ModelCatalog& models, const GpuCatalog& gpus);

/// The training model's fitted factors (efficiency.h: fittedTrainingGemm, fittedMoeExpertOverheadS).
struct TrainingFactors
{
    double trainingGemm = fittedTrainingGemm;             ///< fraction of the large-GEMM rate training GEMMs keep
    double moeExpertOverheadS = fittedMoeExpertOverheadS; ///< s per local expert, MoE layer and micro-batch
};

/// The row with its estimate and error under `factors`: the layout searched within the row's pins, or `layout` when
/// given; `chosen`, when given, receives the layout estimated.
AccuracyRow estimateCase(const TrainingCase& c, const TrainingFactors& factors, const ParallelLayout* layout = nullptr,
    ParallelLayout* chosen = nullptr);

/// The factors that fit the cases best (core/fit.h: least squares in log ratio), leaving out the rows of publisher
/// `leaveOut` (none when empty). Deterministic: each row's layout is chosen with the priors (a training-GEMM factor
/// of 1, efficiency.h priorMoeExpertOverheadS of MoE host time per local expert), the factors fitted on those layouts,
/// the layouts chosen again with them, and the factors fitted once more. A factor no remaining row depends on (the MoE
/// overhead without MoE rows) stays at its prior.
TrainingFactors fitTrainingFactors(const std::vector<TrainingCase>& cases, std::string_view leaveOut = {});

/// Leave one publisher out: every case estimated with the factors fitted without its publisher's rows. The rows keep
/// their groups; `fitted`, when given, receives the factors fitted for each publisher.
std::vector<AccuracyRow> leaveOnePublisherOut(
    const std::vector<TrainingCase>& cases, std::vector<std::pair<std::string, TrainingFactors>>* fitted = nullptr);

/// Quantile (0–1) with linear interpolation of a sample; 0 for an empty one.
double quantile(std::vector<double> values, double q);

/// The narrowest band [low, high] of positive ratios that holds ⌈share·(n + 1)⌉ of the n (capped at n; the
/// split-conformal count, so that new rows fall inside at least `share` of the time): the shortest window of
/// sorted ratios, in log terms; {1, 1} for none.
std::pair<double, double> narrowestBand(std::vector<double> ratios, double share);

/// k-fold cross-validated coverage of narrowestBand: ratio i belongs to fold i mod k; each fold is counted
/// against the band fitted on the others. 0 for fewer than k ratios.
double heldOutCoverage(const std::vector<double>& ratios, int folds, double share);

} // namespace gpuplan::core
