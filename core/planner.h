#pragma once

#include "batch.h"
#include "efficiency.h"
#include "gpu.h"
#include "inference.h"
#include "training.h"
#include "workload.h"

#include <optional>
#include <string>
#include <vector>

namespace gpuplan::core {

/// One way to run the workload: a GPU model, a GPU count and the layout the estimators chose.
struct Candidate
{
    const GpuSpec* gpu = nullptr;
    int gpus = 0;
    std::optional<TrainingEstimate> training;
    std::optional<InferenceEstimate> inference;
    std::optional<BatchEstimate> batch;
    bool fits = true;
    double wallHours = 0; ///< training/batch: job duration, h; inference: 730 h (one month of service)
    double gpuHours = 0;  ///< training/batch: whole job; inference: per month
};

/// A GPU model that could not run the workload, and why (untranslated).
struct Exclusion
{
    std::string gpu;
    std::string reason;
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
