#pragma once

#include "catalog.h"
#include "result.h"

#include <string>
#include <vector>

namespace gpuplan::core {

/// Dated exchange rates (units of a currency per US dollar).
class FxTable
{
public:
    FxTable() = default;
    explicit FxTable(std::vector<FxRate> rates);
    /// `amount` in `from` expressed in `to`; an error names the currency without a rate.
    Result<double> convert(double amount, const std::string& from, const std::string& to) const;
    const FxRate* find(const std::string& currency) const;
    const std::vector<FxRate>& rates() const { return m_rates; }
    /// Sets or replaces a rate (user-edited rates win over the bundled ones).
    void set(FxRate rate);

private:
    std::vector<FxRate> m_rates;
};

/// Spot interruption model (DESIGN.md "Pricing"). AWS Spot Advisor buckets are the share of instances
/// interrupted in a month: <5 %, 5–10 %, 10–15 %, 15–20 %, >20 %; each bucket is taken at its midpoint and the
/// open bucket at a stated 25 %.
double interruptionShareForBucket(int bucket);
/// Interruptions per instance-hour for a monthly share p: −ln(1 − p) / 730.
double interruptionsPerInstanceHour(double monthlyShare);
/// Young (1974): τ = √(2·C·M) for checkpoint cost C and mean time between failures M (same unit).
double youngInterval(double checkpointCost, double mtbf);
/// Daly (2006): τ = √(2·C·M) − C when C < 2M, else M.
double dalyInterval(double checkpointCost, double mtbf);

struct SpotParams
{
    double restartHours = 0.1; ///< re-acquire capacity, restart, reload: 6 min (assumption, stated in reports)
    double checkpointWriteHours = 1.0 / 60.0; ///< C, from the estimate when known
    bool daly = true;                         ///< Daly's interval instead of Young's
    double defaultBucket = 2;                 ///< bucket assumed when a spot price carries none (10–15 %)
    double interruptionScale = 1.0;           ///< multiplies every interruption rate (sensitivity analysis)
};

struct SpotOverhead
{
    double interruptionsPerHour = 0; ///< for the whole job: n instances × per-instance rate
    double intervalHours = 0;        ///< checkpoint interval
    double overhead = 0;             ///< fraction of extra time and cost
    bool assumedBucket = false;
};

/// overhead = λ·(restart + τ/2) + C/τ with λ = n × −ln(1 − p)/730 (a job on n instances is interrupted n
/// times as often as one).
SpotOverhead spotOverhead(int instances, std::optional<int> bucket, const SpotParams& params);

/// Hours billed for a run of `hours`: rounded up to the billing increment, at least the minimum.
double billedHours(double hours, double granularitySeconds, double minimumSeconds);

/// What a price costs for a job of `jobHours` (or, with `service`, for one 730-hour month of service) on
/// `instances` instances.
struct PricedCost
{
    double hourlyCost = 0;           ///< effective, whole deployment, price currency, per hour
    double totalCost = 0;            ///< price currency: the job, or one month of service
    double wallHours = 0;            ///< job duration including spot interruptions
    int terms = 0;                   ///< commitment terms that must be bought (reserved, committed, subscription)
    double breakEvenUtilization = 0; ///< effective hourly ÷ on-demand hourly (0 when unknown)
    SpotOverhead spot;
    Message note; ///< what the price implies (spot overhead, commitment)
};

/// A spot job expected to be interrupted this many times or more (interruptions per hour of the fleet × the job's
/// hours) carries a warning with the count: at that rate the job needs managed recovery (checkpoints, automatic
/// restarts), and a multi-week run on a large fleet is interrupted every few hours.
inline constexpr double manySpotInterruptions = 10;

PricedCost priceJob(const Offering& offering, const Price& price, int instances, double jobHours, bool service,
    const SpotParams& spot, double discountFraction, double onDemandHourly);

/// Object storage and egress list prices of a provider region (pricing-data/storage.json).
struct StorageRate
{
    std::string provider;
    std::string region; ///< glob
    std::string currency = "USD";
    double storagePerGbMonth = 0;
    double egressPerGb = 0;
    std::string asOf;
    std::string source;
};
Result<std::vector<StorageRate>> parseStorageRates(std::string_view text, const std::string& fileName);

/// Shell-style glob with * and ? (region filters: "us-*", "cn-*").
bool globMatch(std::string_view pattern, std::string_view text);

} // namespace gpuplan::core
