#pragma once

#include "gpu.h"
#include "model.h"
#include "result.h"
#include "training.h"
#include "workload.h"

#include <string>
#include <string_view>
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
    double error = 0;     ///< (estimated − published) / published
    double rateRatio = 1; ///< estimated ÷ published for rates (throughput); published ÷ estimated for times
    std::string source;
    std::string publisher; ///< who published the measurement (whole publishers are held out or left out together)
    bool holdout = false;  ///< from validation/holdout/: never used to choose or fit a parameter
    /// Further groups the row counts in: training rows by model (dense / MoE), precision (16-bit / FP8) and software
    /// stack (Megatron / FSDP), so that each is promised on its own.
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
    /// Range factors for rates from the residuals: the true rate lies in [estimate / rateHigh, estimate / rateLow]
    /// for at least 80 % of runs like the bundled ones: narrowestBand(ratios, 0.8).
    double rateLow = 1;
    double rateHigh = 1;
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
/// A `publisher` column, where a table has one, names each row's publisher.
Result<AccuracyReport> runAccuracy(std::string_view trainingCsv, std::string_view servingCsv,
    std::string_view memoryCsv, const ModelCatalog& models, const GpuCatalog& gpus,
    std::string_view trainingHoldoutCsv = {}, std::string_view servingHoldoutCsv = {});

/// The prefix of the groups of holdout rows.
inline constexpr std::string_view holdoutGroupPrefix = "holdout ";

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

/// The training model's fitted factors (efficiency.h: fittedTrainingGemm, fittedMoeLayerOverheadS).
struct TrainingFactors
{
    double trainingGemm = fittedTrainingGemm;           ///< fraction of the large-GEMM rate training GEMMs keep
    double moeLayerOverheadS = fittedMoeLayerOverheadS; ///< s per MoE layer per micro-batch
};

/// The row with its estimate and error under `factors`: the layout searched within the row's pins, or `layout` when
/// given; `chosen`, when given, receives the layout estimated.
AccuracyRow estimateCase(const TrainingCase& c, const TrainingFactors& factors, const ParallelLayout* layout = nullptr,
    ParallelLayout* chosen = nullptr);

/// The factors that fit the cases best (core/fit.h: least squares in log ratio), leaving out the rows of publisher
/// `leaveOut` (none when empty). Deterministic: each row's layout is chosen with the priors (a training-GEMM factor
/// of 1, no MoE overhead beyond a millisecond), the factors fitted on those layouts, the layouts chosen again with
/// them, and the factors fitted once more. A factor no remaining row depends on (the MoE overhead without MoE rows)
/// stays at its prior.
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
