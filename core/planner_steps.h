#pragma once
// The steps of a priced plan, one function each, so that each can be read and tested alone. Front ends call
// planWorkload (planner.h); only the planner and the tests include this header.

#include "planner.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::core::detail {

/// What the planner does with an offering before it estimates anything.
struct Admission
{
    enum class Kind {
        Admit,   ///< planned
        Skip,    ///< not asked for (another provider, another pinned GPU): not worth an exclusion line
        Exclude, ///< listed in the plan's exclusions with `reason`
    };
    Kind kind = Kind::Admit;
    const GpuSpec* gpu = nullptr; ///< the datasheet of the offering's GPU model when admitted
    Message reason;
};

/// Provider, region and country filters, whole GPUs per instance, a datasheet for the GPU, a price at all.
Admission admitOffering(const Workload& w, const Offering& o, const GpuCatalog& gpus);

/// The smallest count n in [1, maxCount] with feasible(n), for a feasible() that is monotone in n: doubling
/// (1, 2, 4, … with maxCount itself as the last try), then bisection between the largest infeasible and the
/// smallest feasible count tried. Evaluates O(log maxCount) counts and always ends. nullopt when maxCount < 1
/// or feasible(maxCount) is false; `largestInfeasible` (if given) gets the largest count found infeasible (0
/// when none).
/// `guess` (optional): after a count found infeasible, the count it suggests trying next (0: none) — a serving
/// estimate at one count knows how many GPUs its traffic needs. The first guess above the count replaces that doubling
/// step; when it is feasible, the powers of two below it that the doubling would have tried are tried too (feasibility
/// is not always monotone: a layout needs a count its replica divides), then the search steps down from the guess by
/// 1, 2, 4, … to an infeasible count before bisecting. The result is the same as without a guess for a monotone
/// feasible(), and never above the first feasible power of two; a right guess saves most of the bisection, a wrong one
/// costs at most about 1.5 times the tries of the search without it.
std::optional<int> smallestFeasibleCount(int maxCount, const std::function<bool(int)>& feasible,
    int* largestInfeasible = nullptr, const std::function<int(int)>& guess = {});

/// How many threads plan the offerings of one plan (PricedPlanner's planOfferings): one per 256 offerings, no more
/// than `groups` (a GPU model's offerings stay on one thread; those admission set aside without a GPU are one group
/// more), than `threads` (PlanInputs::planThreads; 0: the machine's cores) or than 8. A few hundred offerings plan
/// in about a millisecond, less than a thread costs.
std::size_t offeringWorkers(std::size_t offerings, std::size_t groups, unsigned threads);

/// The instance quota for an offering's provider: constraints.max_instances, else the default.
int instanceQuota(const Workload& w, const Offering& o, const PlanDefaults& defaults);

/// The object storage and egress rate of the region of `o` (pricing-data/storage.json), or null.
const StorageRate* storageRate(const std::vector<StorageRate>* rates, const Offering& o);

/// Object storage and internet egress of the workload's data over `months`, in USD.
struct DataCost
{
    double storageUsd = 0;
    double egressUsd = 0;
    Message note; ///< where the rates come from, or why they are missing
};
DataCost dataCosts(
    const Workload& w, const Offering& o, const std::vector<StorageRate>* rates, const FxTable& fx, double months);

/// A serving deployment's expected availability (k-of-n over its replicas), the target's budget and the
/// provider SLA credit it can expect.
AvailabilityInfo servingAvailability(
    const Workload& w, const Offering& o, const Price& p, const CapacityPlan& cap, const Geography* geo);

/// Serving with a demand profile and an autoscaler: the committed baseline + on-demand burst mix (DESIGN.md
/// rank rule), filled into `pr` when the offering has both an on-demand price and a commitment.
void reservedMix(Pricing& pr, const Offering& o, const Price& onDemand, const CapacityPlan& cap, const FxTable& fx,
    const std::string& currency);

/// Sorts by the objective (cost; time then cost; carbon then cost, unknown emissions last), stable.
void rankCandidates(std::vector<Candidate>& candidates, const std::string& objective, bool service);

/// Marks the Pareto front of cost against time (p99 time to first token for serving): a candidate is on it when no
/// other is at most as costly and as slow and strictly better in one of the two. Equal twins share the mark.
void markParetoFront(std::vector<Candidate>& candidates, bool service);

/// Why a GPU model fits on none of its offerings: the reason of its largest instances (the most GPUs per instance,
/// the shape that holds the most), which the plan names with it.
struct UnfitGpu
{
    int gpusPerInstance = 0; ///< 0: the reason holds for every instance shape
    Message reason;
};

/// The exclusions a plan lists: one line per GPU model that fits nowhere (`unfitByGpu`, said of its instance shape),
/// then the rest — priced exclusions first (deadline, budget: they were closest to being chosen), cheapest first — at
/// most `maxExcluded` beyond the per-GPU lines, without repeating a per-GPU line's reason.
std::vector<Exclusion> selectExclusions(
    std::vector<Exclusion> all, const std::map<std::string, UnfitGpu>& unfitByGpu, int maxExcluded);

/// Estimates without prices: the pinned deployment, or the smallest fitting count of every GPU model.
Plan estimatePlan(const Workload& w, const GpuCatalog& gpus, const CancelFlag* cancel);

/// Every priced candidate across in.offerings (the workload's defaults already resolved).
Plan pricedPlan(const Workload& w, const PlanInputs& in, const CancelFlag* cancel);

/// Serving: compares the recommended plan with hosted APIs for the same model (USD; APIs in other
/// currencies are converted with `fx`), and lists the MIG slices that hold the model.
void addServingComparisons(
    Plan& plan, const Workload& w, const std::vector<HostedApi>& apis, const FxTable& fx, const GpuCatalog& gpus);

/// The workload with what it leaves out filled from the inputs: serving headroom, PUE, calibrations.
Workload resolveDefaults(const Workload& w, const PlanInputs& in);
/// Checks the constraints' names against the catalog being planned: providers, countries and the providers of
/// max_instances are matched case-insensitively and rewritten in the catalog's spelling, a region is a name or a
/// glob that must match some region. An error names the workload file, the JSON pointer, the value, the closest
/// name and the known ones ("providers: [\"AWS\"]" plans AWS; "oracle" is an error, not "nothing feasible").
std::optional<Error> checkConstraints(Workload& w, const PlanInputs& in);

} // namespace gpuplan::core::detail
