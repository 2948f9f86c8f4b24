#pragma once

#include "batch.h"
#include "catalog.h"
#include "efficiency.h"
#include "gpu.h"
#include "inference.h"
#include "pricing.h"
#include "training.h"
#include "workload.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::core {

/// The price side of a candidate: an offering, one of its prices, how many instances.
struct Pricing
{
    Offering offering; ///< a copy without its other prices (the chosen one is `price`)
    Price price;
    int instances = 1;
    std::string currency = "USD"; ///< the plan's output currency
    double hourlyCost = 0;        ///< whole deployment, output currency, per hour (effective for commitments)
    double totalCost = 0;         ///< output currency: the job, or one month of service
    double costUsd = 0;
    double priceCurrencyTotal = 0;   ///< the same in the provider's currency
    double breakEvenUtilization = 0; ///< commitment ÷ on-demand rate of the same offering
    double discount = 0;             ///< negotiated discount applied, fraction
    int terms = 0;
    SpotOverhead spot;
    std::string note;
    bool pareto = false;
};

/// One way to run the workload: a GPU model, a GPU count and the layout the estimators chose.
struct Candidate
{
    const GpuSpec* gpu = nullptr;
    int gpus = 0;
    // Shared, not copied: every price of every offering with this GPU model and count points at one estimate.
    std::shared_ptr<TrainingEstimate> training;
    std::shared_ptr<InferenceEstimate> inference;
    std::shared_ptr<BatchEstimate> batch;
    bool fits = true;
    double wallHours = 0;           ///< training/batch: job duration, h; inference: 730 h (one month of service)
    double gpuHours = 0;            ///< training/batch: whole job; inference: per month
    std::optional<Pricing> pricing; ///< present in priced plans
    /// Latency a serving user sees at the operating point: TTFT + (output − 1) × TPOT (ms); 0 otherwise.
    double latencyMs() const;
};

/// A GPU model that could not run the workload, and why (untranslated).
struct Exclusion
{
    std::string gpu;
    std::string reason;
    std::string provider; ///< priced plans: which offering
    std::string region;
    std::string instanceType;
    std::string pricingModel;
    double costUsd = 0; ///< what it would have cost (0 when unknown), to list the best exclusions first
};

/// Options of a priced plan.
struct PlanOptions
{
    std::string currency = "USD";            ///< output currency
    std::map<std::string, double> discounts; ///< negotiated discount per provider, fraction 0–1
    SpotParams spot;
    int maxInstances = 512; ///< default quota when the workload names none
    int maxExcluded = 25;   ///< exclusions kept (cheapest first) besides one line per GPU model
};

struct Plan
{
    std::optional<Candidate> pinned;   ///< when the workload's "hardware" names a GPU and count
    std::vector<Candidate> candidates; ///< best first
    std::vector<Exclusion> excluded;
    std::vector<std::string> notes;
};

/// Hours in a month of service (AWS and most providers bill 730 h per month: 8 760 h / 12).
inline constexpr double hoursPerMonth = 730.0;

/// Prices every feasible deployment of the workload across `offerings`: offering × instance count × layout ×
/// price; drops what does not fit or breaks a constraint (recorded in `excluded` with the reason), ranks by
/// the objective and marks the Pareto front of cost vs time (training, batch) or cost vs latency (serving).
Plan makePricedPlan(const Workload& w, const GpuCatalog& gpus, const std::vector<Offering>& offerings,
    const FxTable& fx, const PlanOptions& options);

/// Estimates the pinned deployment, or (unpinned) the smallest GPU count of each catalog GPU that fits and
/// meets the deadline / traffic, ranked by GPU-hours (or wall time when the objective is "time").
Plan makePlan(const Workload& w, const GpuCatalog& gpus);

/// Whether an inference estimate meets the workload's TTFT/TPOT targets, and if not, why (untranslated).
bool sloMet(const InferenceSpec& spec, const InferenceEstimate& e);
std::string sloMiss(const InferenceSpec& spec, const InferenceEstimate& e);

/// One candidate for a GPU model and count (the layout is searched unless pinned). Batch workloads scale
/// from `reference`, the GPU the job was measured on.
Candidate evaluate(
    const Workload& w, const GpuSpec& gpu, int count, const HardwarePin* pin, const GpuSpec* reference = nullptr);

} // namespace gpuplan::core
