#include "fit.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gpuplan::core {

FitResult minimizeNelderMead(const std::vector<FitParameter>& params,
    const std::function<double(const std::vector<double>&)>& objective, int maxEvaluations, double tolerance)
{
    const std::size_t n = params.size();
    FitResult out;
    std::vector<double> lo(n), hi(n);
    for (std::size_t i = 0; i < n; ++i) {
        lo[i] = std::log(params[i].low);
        hi[i] = std::log(params[i].high);
    }
    const auto clampPoint = [&](std::vector<double>& x) {
        for (std::size_t i = 0; i < n; ++i)
            x[i] = std::clamp(x[i], lo[i], hi[i]);
    };
    const auto eval = [&](const std::vector<double>& x) {
        std::vector<double> v(n);
        for (std::size_t i = 0; i < n; ++i)
            v[i] = std::exp(x[i]);
        ++out.evaluations;
        const double c = objective(v);
        return std::isfinite(c) ? c : 1e300;
    };
    if (n == 0) {
        out.cost = objective({});
        out.evaluations = 1;
        out.converged = true;
        return out;
    }
    // The initial simplex: the start and, for each parameter, the start with that parameter × 1.5 (a step of
    // log 1.5 ≈ 0.41; towards the lower bound where the upper one is too close).
    std::vector<std::vector<double>> x(n + 1, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
        x[0][i] = std::clamp(std::log(params[i].start), lo[i], hi[i]);
    for (std::size_t k = 0; k < n; ++k) {
        x[k + 1] = x[0];
        const double step = std::log(1.5);
        x[k + 1][k] = x[0][k] + step <= hi[k] ? x[0][k] + step : x[0][k] - step;
        clampPoint(x[k + 1]);
    }
    std::vector<double> f(n + 1);
    for (std::size_t k = 0; k <= n; ++k)
        f[k] = eval(x[k]);
    std::vector<std::size_t> order(n + 1);
    while (out.evaluations < maxEvaluations) {
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return f[a] < f[b]; });
        const std::size_t best = order.front(), worst = order.back(), second = order[n - 1];
        double spread = 0;
        for (std::size_t k = 0; k <= n; ++k)
            for (std::size_t i = 0; i < n; ++i)
                spread = std::max(spread, std::abs(x[k][i] - x[best][i]));
        if (std::abs(f[worst] - f[best]) <= tolerance * std::max(1.0, std::abs(f[best])) && spread < 1e-6) {
            out.converged = true;
            break;
        }
        std::vector<double> centroid(n, 0.0);
        for (std::size_t k = 0; k <= n; ++k)
            if (k != worst)
                for (std::size_t i = 0; i < n; ++i)
                    centroid[i] += x[k][i] / double(n);
        const auto along = [&](double t) {
            std::vector<double> p(n);
            for (std::size_t i = 0; i < n; ++i)
                p[i] = centroid[i] + t * (x[worst][i] - centroid[i]);
            clampPoint(p);
            return p;
        };
        auto reflected = along(-1.0);
        const double fr = eval(reflected);
        if (fr < f[best]) {
            auto expanded = along(-2.0);
            const double fe = eval(expanded);
            if (fe < fr) {
                x[worst] = expanded;
                f[worst] = fe;
            } else {
                x[worst] = reflected;
                f[worst] = fr;
            }
            continue;
        }
        if (fr < f[second]) {
            x[worst] = reflected;
            f[worst] = fr;
            continue;
        }
        // Contraction: outside when the reflection beat the worst point, inside otherwise.
        const bool outside = fr < f[worst];
        auto contracted = along(outside ? -0.5 : 0.5);
        const double fc = eval(contracted);
        if (fc < (outside ? fr : f[worst])) {
            x[worst] = contracted;
            f[worst] = fc;
            continue;
        }
        for (std::size_t k = 0; k <= n; ++k) {
            if (k == best)
                continue;
            for (std::size_t i = 0; i < n; ++i)
                x[k][i] = x[best][i] + 0.5 * (x[k][i] - x[best][i]);
            f[k] = eval(x[k]);
        }
    }
    const std::size_t best = static_cast<std::size_t>(std::min_element(f.begin(), f.end()) - f.begin());
    out.values.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        out.values[i] = std::exp(x[best][i]);
    out.cost = f[best];
    return out;
}

double meanSquaredLogRatio(const std::vector<double>& estimated, const std::vector<double>& measured)
{
    const std::size_t n = std::min(estimated.size(), measured.size());
    if (n == 0)
        return 0;
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double r = estimated[i] > 0 && measured[i] > 0 ? std::log(estimated[i] / measured[i]) : 10.0;
        sum += r * r;
    }
    return sum / double(n);
}

} // namespace gpuplan::core
