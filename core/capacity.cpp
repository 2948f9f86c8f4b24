#include "capacity.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

namespace gpuplan::core {

double erlangC(int c, double a)
{
    if (c <= 0)
        return 1.0;
    if (a <= 0)
        return 0.0;
    if (a >= c)
        return 1.0;
    // Erlang B from the Poisson terms counted down from c: 1/B = sum_{j=0..c} P(c−j)/P(c), where P(k) = a^k e^−a / k!
    // and P(c−j)/P(c) = t_j = t_{j−1}·(c−j+1)/a (every term positive: no cancellation). The terms fall once c−j < a;
    // from there the rest sum to at most t·r/(1−r) with r = (c−j)/a, so the sum stops when that is below 1e-17 of
    // it: about 9·sqrt(a) terms near full load instead of c (a fleet of 1.4 million slots at ρ = 0.999997 sums
    // ~11,000 terms), and a few when c is well above a, where 1/B overflows to "B = 0" within a few hundred terms.
    // Then C = B / (1 − ρ(1 − B)) (Erlang C from Erlang B).
    const double rho = a / c;
    const double perA = 1.0 / a; // multiplications in the loop, not divisions
    double inverseB = 1.0, t = 1.0;
    for (int j = 1; j <= c; ++j) {
        t *= (c - j + 1) * perA;
        inverseB += t;
        if (inverseB > 1e300)
            return 0.0; // B < 1e-300: no wait to double precision
        const double r = (c - j) * perA;
        if (r < 1.0 && t * r < 1e-17 * inverseB * (1.0 - r))
            break;
    }
    const double b = 1.0 / inverseB;
    return b / (1.0 - rho * (1.0 - b));
}

double waitTailProbability(int c, double lambda, double mu, double t)
{
    if (lambda <= 0)
        return 0;
    const double capacity = c * mu - lambda;
    if (capacity <= 0)
        return 1.0;
    return erlangC(c, lambda / mu) * std::exp(-capacity * t);
}

double waitQuantile(int c, double lambda, double mu, double q)
{
    const double capacity = c * mu - lambda;
    if (capacity <= 0)
        return std::numeric_limits<double>::infinity();
    const double pc = erlangC(c, lambda / mu);
    const double tail = 1.0 - q;
    if (pc <= tail)
        return 0.0;
    return std::log(pc / tail) / capacity;
}

namespace {
/// ln(m!) for m ≥ 0, safe to call from several threads at once (the app runs plans on worker threads, and two may run
/// together: glibc's std::lgamma writes the global signgam, a data race). Below 256 from a table of sums of logs;
/// above, Stirling's series ln m! = m ln m − m + ½ ln(2πm) + 1/(12m) − 1/(360m³) + 1/(1260m⁵), whose next term,
/// 1/(1680m⁷), is below 10⁻²⁰ there (Abramowitz & Stegun 6.1.41).
double logFactorial(int m)
{
    constexpr int tableSize = 256;
    static const std::array<double, tableSize> table = [] {
        std::array<double, tableSize> t {};
        for (int i = 1; i < tableSize; ++i)
            t[static_cast<std::size_t>(i)] = t[static_cast<std::size_t>(i - 1)] + std::log(double(i));
        return t;
    }();
    if (m < tableSize)
        return table[static_cast<std::size_t>(std::max(0, m))];
    const double x = m, x2 = x * x;
    constexpr double twoPi = 6.283185307179586476925286766559;
    return x * std::log(x) - x + 0.5 * std::log(twoPi * x) + 1.0 / (12.0 * x) - 1.0 / (360.0 * x * x2)
        + 1.0 / (1260.0 * x * x2 * x2);
}
} // namespace

double kOfN(int k, int n, double a)
{
    if (k <= 0)
        return 1.0;
    if (k > n)
        return 0.0;
    if (a >= 1.0)
        return 1.0;
    if (a <= 0.0)
        return 0.0;
    // Binomial tail sum_{i=k..n} C(n,i) a^i (1−a)^(n−i), summed from the end nearer the mean n·a, where the terms are
    // largest and fall away: the first term in log space (logFactorial), each next one by the ratio of neighbours.
    // Below the mean (k − 1 < n·a, the usual case: the target needs fewer replicas than are expected up) the lower tail
    // i = k−1, k−2, … 0 is summed and subtracted from 1, so a sum over n + 1000 replicas (planReplicas' search)
    // takes a few dozen terms, not a thousand.
    const double odds = a / (1.0 - a);
    const auto logPmf = [&](int i) {
        return logFactorial(n) - logFactorial(i) - logFactorial(n - i) + i * std::log(a) + (n - i) * std::log1p(-a);
    };
    if (k - 1 < n * a) {
        double term = std::exp(logPmf(k - 1)), lower = 0;
        for (int i = k - 1; i >= 0; --i) {
            lower += term;
            if (i == 0)
                break;
            const double r = i / ((n - i + 1.0) * odds); // term(i − 1) / term(i), below 1 and falling
            if (term * r / (1.0 - r) < 1e-17 * lower)
                break;
            term *= r;
        }
        return std::clamp(1.0 - lower, 0.0, 1.0);
    }
    double term = std::exp(logPmf(k)), sum = 0;
    for (int i = k; i <= n; ++i) {
        sum += term;
        if (i == n)
            break;
        const double r = (n - i) / (i + 1.0) * odds; // term(i + 1) / term(i), below 1 above the mean
        if (r < 1.0 && term * r / (1.0 - r) < 1e-17 * sum)
            break;
        term *= r;
    }
    return std::min(1.0, sum);
}

double downtimeMinutes(double availability, double hours)
{
    return (1.0 - availability) * hours * 60.0;
}

double slaCreditPct(const std::vector<SlaTier>& tiers, double uptime)
{
    double credit = 0;
    for (const auto& t : tiers)
        if (uptime < t.below)
            credit = std::max(credit, t.creditPct);
    return credit;
}

double expectedSlaCreditPct(const std::vector<SlaTier>& tiers, double expectedUptime)
{
    if (tiers.empty() || expectedUptime >= 1)
        return 0;
    std::vector<SlaTier> t = tiers;
    std::sort(t.begin(), t.end(), [](const SlaTier& a, const SlaTier& b) { return a.below > b.below; });
    const double meanDown = 1.0 - expectedUptime;
    double credit = 0, previous = 0;
    for (const auto& tier : t) {
        credit += (tier.creditPct - previous) * std::exp(-(1.0 - tier.below) / meanDown);
        previous = tier.creditPct;
    }
    return credit;
}

double spotAvailability(double interruptionsPerHour, double recoveryHours)
{
    return 1.0 / (1.0 + interruptionsPerHour * recoveryHours);
}

CapacityResult planReplicas(const ReplicaModel& r, double lambda, double headroom, std::optional<double> ttftP99Ms,
    std::optional<double> availabilityTarget, double replicaAvailability, int minReplicas)
{
    CapacityResult out;
    const double mu = 1.0 / r.serviceSeconds; // per slot
    const double load = lambda * (1.0 + headroom);
    out.tpotP99Ms = r.tpotSeconds * 1e3;
    int n = std::max(1, minReplicas);
    out.decidedBy = "minimum";
    // Stability first: c·μ > load.
    const double stable = std::floor(load / (mu * r.slots)) + 1;
    if (!(stable <= maxReplicas) || stable * r.slots > maxSequencesInFlight) {
        out.feasible = false;
        out.replicas = maxReplicas;
        out.reason = Message(msg::replicasBeyondLimit,
            {std::to_string(std::min(maxReplicas, static_cast<int>(maxSequencesInFlight / r.slots))),
                std::to_string(static_cast<long long>(maxSequencesInFlight))});
        return out;
    }
    if (static_cast<int>(stable) > n) {
        n = static_cast<int>(stable);
        out.decidedBy = headroom > 0 ? "headroom" : "stability";
    }
    const int most = std::min(maxReplicas, static_cast<int>(maxSequencesInFlight / r.slots));
    // The p99 wait of the last count asked (the search asks for the count it settles on, then the result does).
    int lastReplicas = -1;
    double lastWait = 0;
    auto wait = [&](int replicas) {
        if (replicas != lastReplicas) {
            lastReplicas = replicas;
            lastWait = waitQuantile(replicas * r.slots, load, mu, 0.99);
        }
        return lastWait;
    };
    if (ttftP99Ms) {
        const double budget = *ttftP99Ms / 1e3 - r.tailSeconds();
        auto meets = [&](int replicas) { return wait(replicas) <= budget; };
        if (budget <= 0) {
            out.feasible = false;
            out.reason = Message(msg::prefillOverTtft, {std::to_string(static_cast<int>(r.tailSeconds() * 1e3))});
        } else if (!meets(n)) {
            // The wait falls as replicas are added: the smallest count that meets the budget. It is usually a
            // replica or two above the stable count, so galloping (n + 1, n + 2, n + 4, …) finds a count that meets
            // it in a call or two (each is an Erlang C sum), then bisection inside the last step; the most replicas
            // allowed are tried only when the galloping gets there.
            int lo = n, hi = n; // meets(lo) false
            for (int step = 1;; step *= 2) {
                hi = step >= most - n ? most : n + step;
                if (meets(hi))
                    break;
                if (hi == most) {
                    out.feasible = false;
                    out.replicas = most;
                    out.reason = Message(msg::replicasBeyondLimit,
                        {std::to_string(most), std::to_string(static_cast<long long>(maxSequencesInFlight))});
                    return out;
                }
                lo = hi;
            }
            while (hi - lo > 1) {
                const int mid = lo + (hi - lo) / 2;
                (meets(mid) ? hi : lo) = mid;
            }
            n = hi;
            out.decidedBy = "ttft";
        }
    }
    out.replicas = n;
    const double c = double(n) * r.slots;
    out.utilization = lambda / (c * mu); // at the actual peak: 1/(1 + headroom) at most when headroom decided
    out.ttftP99Ms = (wait(n) + r.tailSeconds()) * 1e3;
    out.availability = kOfN(n, n, replicaAvailability);
    if (availabilityTarget) {
        // The fewest replicas in all (at most 1000 spares) with P(at least n up) >= the target. The probability
        // grows with every spare: galloping (1, 2, 4, … spares) finds the usual one or two spares in a call or two,
        // then bisection inside the last step.
        const double target = *availabilityTarget;
        auto up = [&](int total) { return total == n ? out.availability : kOfN(n, total, replicaAvailability); };
        int total = n;
        if (up(n) < target) {
            const int mostInAll = n + 1000;
            int lo = n, hi = n + 1; // up(lo) below the target
            while (hi < mostInAll && up(hi) < target) {
                lo = hi;
                hi = std::min(mostInAll, n + 2 * (hi - n));
            }
            if (hi == mostInAll && up(hi) < target)
                lo = hi - 1; // unreachable within the limit: the most spares tried, reported as such below
            while (hi - lo > 1) {
                const int mid = lo + (hi - lo) / 2;
                (up(mid) >= target ? hi : lo) = mid;
            }
            total = hi;
        }
        out.redundant = total - n;
        out.availability = up(total);
        if (out.redundant > 0)
            out.decidedBy += "+availability";
        if (out.availability < *availabilityTarget) {
            out.feasible = false;
            out.reason = Message(msg::availabilityUnreachable);
        }
    }
    return out;
}

AutoscaleResult simulateAutoscaling(const std::vector<int>& needed, const AutoscalingPolicy& p)
{
    AutoscaleResult r;
    r.needed = needed;
    if (needed.empty())
        return r;
    r.peak = *std::max_element(needed.begin(), needed.end());
    int running = std::max(p.minReplicas, needed.front());
    double idleSince = 0; // hours that the fleet has been larger than needed
    const double delayH = p.scaleUpDelaySeconds / 3600.0, cooldownH = p.cooldownSeconds / 3600.0;
    for (std::size_t h = 0; h < needed.size(); ++h) {
        const int want = std::max(p.minReplicas, needed[h]);
        double paid = 0;
        if (want > running) {
            // New replicas are paid from the start of the hour but serve only after the delay.
            const double ready = std::min(1.0, delayH);
            r.shortfallReplicaHours += (want - running) * ready;
            running = want;
            idleSince = 0;
            paid = running;
        } else if (want < running) {
            idleSince += 1.0;
            if (idleSince >= cooldownH) {
                // Scale down after the cooldown; the hour pays the cooldown's share of the surplus.
                const double surplusShare = std::min(1.0, cooldownH);
                paid = want + (running - want) * (idleSince - 1.0 < cooldownH ? surplusShare : 0.0);
                running = want;
                idleSince = 0;
            } else {
                paid = running;
            }
        } else {
            idleSince = 0;
            paid = running;
        }
        r.running.push_back(running);
        r.replicaHours += paid;
    }
    r.staticReplicaHours = double(std::max(p.minReplicas, r.peak)) * needed.size();
    return r;
}

int reservedBaseline(std::vector<int> demand, double u)
{
    if (demand.empty())
        return 0;
    std::sort(demand.begin(), demand.end(), std::greater<>());
    const double H = demand.size();
    const auto rank = static_cast<std::size_t>(std::clamp(std::ceil(u * H), 1.0, H));
    return demand[rank - 1];
}

double costPerMillionTokens(double monthlyCost, double tokensPerSecond)
{
    const double perMonth = tokensPerSecond * 3600.0 * 730.0;
    return perMonth > 0 ? monthlyCost / (perMonth / 1e6) : 0.0;
}

double hostedApiMonthlyCost(double lambda, int prompt, int output, double inPerM, double outPerM)
{
    const double requests = lambda * 3600.0 * 730.0;
    return requests * (prompt * inPerM + output * outPerM) / 1e6;
}

double greatCircleKm(double lat1, double lon1, double lat2, double lon2)
{
    constexpr double pi = 3.14159265358979323846;
    constexpr double radiusKm = 6371.0; // mean Earth radius (IUGG)
    const double p1 = lat1 * pi / 180, p2 = lat2 * pi / 180;
    const double dp = (lat2 - lat1) * pi / 180, dl = (lon2 - lon1) * pi / 180;
    const double h
        = std::sin(dp / 2) * std::sin(dp / 2) + std::cos(p1) * std::cos(p2) * std::sin(dl / 2) * std::sin(dl / 2);
    return 2 * radiusKm * std::asin(std::min(1.0, std::sqrt(h)));
}

double fibreRttMs(double km, double routeFactor)
{
    // Speed of light in silica fibre: c / n with n ≈ 1.468 (ITU-T G.652 fibre at 1550 nm) ≈ 204 218 km/s.
    constexpr double kmPerMs = 299792.458 / 1.468 / 1000.0;
    return 2.0 * km * routeFactor / kmPerMs;
}

} // namespace gpuplan::core
