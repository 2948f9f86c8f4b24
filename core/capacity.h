#pragma once

#include "message.h"

#include <optional>
#include <string>
#include <vector>

namespace gpuplan::core {

// ---- Queueing: M/M/c (Erlang C) --------------------------------------------------------------------------

/// Probability that an arrival waits in an M/M/c queue with c servers and offered load a = λ/μ (Erlangs).
/// 1 when the queue is unstable (a ≥ c). Computed through Erlang B's recursion, stable for large c.
double erlangC(int servers, double offeredLoad);
/// P(W > t) = C(c, λ/μ) · e^(−(cμ − λ)·t); rates per second, t in seconds.
double waitTailProbability(int servers, double lambda, double mu, double t);
/// The wait (s) that a fraction q of arrivals do not exceed (q = 0.99 for p99); infinity when unstable.
double waitQuantile(int servers, double lambda, double mu, double q);

// ---- Availability ----------------------------------------------------------------------------------------

/// k-of-n: probability that at least k of n independent replicas, each up with probability a, are up:
/// Σ_{i=k..n} C(n,i)·aⁱ·(1−a)ⁿ⁻ⁱ.
double kOfN(int k, int n, double a);
/// Allowed downtime in minutes for availability a over `hours` (730 h month: 99.95 % → 21.9 min).
double downtimeMinutes(double availability, double hours);

/// A provider SLA's credit tiers: below `below` monthly uptime the credit is `creditPct` % of the bill.
struct SlaTier
{
    double below = 0;
    double creditPct = 0;
};
/// The credit (%) owed at a measured monthly uptime: the deepest tier whose threshold it falls under.
double slaCreditPct(const std::vector<SlaTier>& tiers, double uptime);
/// Expected credit (%) of a month whose downtime is exponentially distributed with mean (1 − expected) of the
/// month (a stated model: providers publish no outage distribution): Σ_k (c_k − c_{k−1})·e^(−(1 − b_k)/(1 − A))
/// over the tiers sorted by threshold b, descending, with credits c increasing.
double expectedSlaCreditPct(const std::vector<SlaTier>& tiers, double expectedUptime);

/// Availability of one replica on spot capacity: interruptions per hour × recovery hours of downtime each.
double spotAvailability(double interruptionsPerHour, double recoveryHours);

// ---- Serving capacity ------------------------------------------------------------------------------------

struct ReplicaModel
{
    int slots = 1;             ///< B: sequences a replica serves at once within the TPOT target
    double serviceSeconds = 1; ///< one request's occupancy of a slot: prefill + output × TPOT(B)
    double prefillSeconds = 0; ///< added to the queueing wait to get TTFT
    /// The 99th-percentile TTFT before queueing where requests differ (a length mix, prefix-cache misses, cold LoRA
    /// adapters); added to the p99 wait instead of prefillSeconds, an upper bound of the p99 of their sum. 0: none.
    double ttftTailSeconds = 0;
    double tailSeconds() const { return ttftTailSeconds > 0 ? ttftTailSeconds : prefillSeconds; }
    double tpotSeconds = 0; ///< at B
};

struct CapacityResult
{
    int replicas = 0;  ///< for the traffic, before redundancy
    int redundant = 0; ///< added so that k-of-n availability meets the target
    int total() const { return replicas + redundant; }
    double utilization = 0; ///< λ / (c·μ) at the planned load (with headroom)
    double ttftP99Ms = 0;   ///< p99 wait + prefill
    double tpotP99Ms = 0;
    double availability = 1; ///< expected, k-of-n over replicas
    std::string decidedBy;   ///< "ttft", "stability", "headroom", "availability", "minimum"
    bool feasible = true;
    Message reason;
};

/// The most replicas, and sequences in flight over all of them, one capacity plan searches: 10,000 replicas is 80,000
/// GPUs at 8 per replica, beyond any single deployment; the bound keeps every search (Erlang C is linear in the
/// servers) within seconds for the largest valid traffic (1e5 requests/s).
inline constexpr int maxReplicas = 10000;
inline constexpr double maxSequencesInFlight = 1e7;

/// The smallest replica count that serves λ (requests/s) × (1 + headroom) with p99 TTFT ≤ target (when
/// given) and a stable queue, plus the redundancy the availability target needs with each replica up with
/// probability `replicaAvailability`.
CapacityResult planReplicas(const ReplicaModel& r, double lambda, double headroom, std::optional<double> ttftP99Ms,
    std::optional<double> availabilityTarget, double replicaAvailability, int minReplicas = 1);

// ---- Demand profiles and autoscaling -----------------------------------------------------------------------

struct AutoscalingPolicy
{
    int minReplicas = 1;
    double scaleUpDelaySeconds = 300; ///< instance start + model load
    double cooldownSeconds = 600;     ///< before a replica is removed
};

struct AutoscaleResult
{
    std::vector<int> needed;          ///< replicas each hour needs
    std::vector<int> running;         ///< replicas the autoscaler runs each hour (paid)
    double replicaHours = 0;          ///< Σ running over the profile
    double staticReplicaHours = 0;    ///< a static fleet sized for the peak
    double shortfallReplicaHours = 0; ///< demand not covered while scaling up (SLO at risk)
    int peak = 0;
};

/// Hour-by-hour simulation over a 24- or 168-hour profile of required replicas: scaling up takes
/// scaleUpDelaySeconds (the hour's first part runs short), scaling down waits for the cooldown.
AutoscaleResult simulateAutoscaling(const std::vector<int>& neededPerHour, const AutoscalingPolicy& policy);

/// Reserved baseline for hourly demand (DESIGN.md): sort descending; with break-even utilization
/// u = reserved ÷ on-demand rate, reserve the demand at rank ⌈u·H⌉ (1-based).
int reservedBaseline(std::vector<int> demandPerHour, double breakEvenUtilization);

// ---- Tokens and money --------------------------------------------------------------------------------------

/// Currency per million output tokens: monthly cost / (output tokens per month / 1e6).
double costPerMillionTokens(double monthlyCost, double tokensPerSecond);
/// Monthly cost of a hosted API at λ requests/s (730-hour month).
double hostedApiMonthlyCost(
    double lambda, int promptTokens, int outputTokens, double inputPerMillion, double outputPerMillion);

// ---- Geography ---------------------------------------------------------------------------------------------

/// Great-circle distance (km) on a sphere of radius 6 371 km (haversine).
double greatCircleKm(double lat1, double lon1, double lat2, double lon2);
/// Network round trip (ms) over `km` of fibre: light in glass travels at c / 1.468 ≈ 204 000 km/s; routes are
/// longer than the great circle by `routeFactor` (default 1.5, a stated assumption).
double fibreRttMs(double km, double routeFactor = 1.5);

} // namespace gpuplan::core
