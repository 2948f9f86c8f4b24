#pragma once

#include "gpu.h"
#include "model.h"
#include "result.h"

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
    /// for at least 80 % of the bundled rows: the narrowest band of estimated ÷ published ratios holding
    /// ⌈0.8·n⌉ of them.
    double rateLow = 1;
    double rateHigh = 1;
};

struct AccuracyReport
{
    std::vector<AccuracyRow> rows;
    std::vector<AccuracyGroup> groups;
    const AccuracyGroup* group(std::string_view name) const;
};

/// Runs the bundled tables of published results (tests/data/validation/*.csv, compiled into the
/// program) through the estimators. The CSV texts are handed in; bad rows are errors naming file and line.
Result<AccuracyReport> runAccuracy(std::string_view trainingCsv, std::string_view servingCsv,
    std::string_view memoryCsv, const ModelCatalog& models, const GpuCatalog& gpus);

/// Quantile (0–1) with linear interpolation of a sample; 0 for an empty one.
double quantile(std::vector<double> values, double q);

} // namespace gpuplan::core
