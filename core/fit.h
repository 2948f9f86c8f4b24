#pragma once
// Least-squares fitting of a model's few parameters to published or measured results: the serving model's engine
// and GPU efficiencies (tests/data/validation, `gpuplan-cli calibrate --import`).

#include <functional>
#include <string>
#include <vector>

namespace gpuplan::core {

/// One parameter to fit: a positive quantity searched between `low` and `high` (its log is searched, so that a
/// factor of 2 up or down is the same step), starting from `start`.
struct FitParameter
{
    std::string name;
    double start = 1;
    double low = 1e-6;
    double high = 1e6;
};

struct FitResult
{
    std::vector<double> values; ///< the fitted parameters, in the order given
    double cost = 0;            ///< the objective at `values`
    int evaluations = 0;        ///< how often the objective was evaluated
    bool converged = false;     ///< the simplex shrank below the tolerance before the evaluation limit
};

/// Minimises `objective` over the box of `params` with the Nelder–Mead simplex (Nelder & Mead 1965; the standard
/// coefficients: reflection 1, expansion 2, contraction 1/2, shrink 1/2, as in Lagarias et al. 1998) in the logs
/// of the parameters, clamped to their bounds. Deterministic: the same inputs give the same result on every
/// platform. Stops when the simplex's values differ by less than `tolerance` (relative to the best) and its
/// points by less than 1e-6 in log space, or after `maxEvaluations`.
FitResult minimizeNelderMead(const std::vector<FitParameter>& params,
    const std::function<double(const std::vector<double>&)>& objective, int maxEvaluations = 4000,
    double tolerance = 1e-10);

/// The objective of a fit to rates and times: the mean of squared log ratios log(estimated / measured), so that
/// 2× too high and 2× too low weigh the same and no row dominates by its scale. Pairs with a non-positive value
/// count as a log ratio of 10 (e^10: far off, finite).
double meanSquaredLogRatio(const std::vector<double>& estimated, const std::vector<double>& measured);

} // namespace gpuplan::core
