#pragma once
// How the recommended plan's cost and time move when one main assumption moves by ±20 %.

#include "core/catalog.h"
#include "core/plan_inputs.h"
#include "core/planner.h"
#include "core/pricing.h"
#include "core/workload.h"

#include <memory>
#include <string>
#include <vector>

namespace gpuplan::report {

/// The main assumptions a report varies.
enum class Assumption {
    Efficiency,    ///< every efficiency factor (core::scaleEfficiency)
    Price,         ///< every hourly rate and upfront fee
    Work,          ///< training tokens, serving traffic (requests/s and profile), batch GPU-hours
    Interruptions, ///< spot interruption rates
    Fx,            ///< exchange rates of every non-USD currency (units per USD)
};

/// The recommended deployment recomputed under one set of assumptions.
struct SensitivityPoint
{
    bool feasible = false;
    double totalCost = 0; ///< plan currency; 0 for unpriced plans
    double costUsd = 0;
    double time = 0; ///< training and batch: wall hours; serving: end-to-end latency, ms
    int gpus = 0;
    core::Message note;          ///< why it is infeasible
    bool missesDeadline = false; ///< feasible, but past the workload's deadline
    bool overBudget = false;     ///< feasible, but above the workload's budget
};

struct SensitivityRow
{
    Assumption assumption = Assumption::Efficiency;
    bool applies = true;
    std::string reason;         ///< untranslated, when the assumption does not apply to this plan
    SensitivityPoint low, high; ///< the assumption × (1 − step) and × (1 + step)
};

struct Sensitivity
{
    double step = 0.2;
    bool priced = false;
    bool serving = false; ///< time is latency (ms) rather than wall hours
    std::string currency;
    SensitivityPoint base;
    std::vector<SensitivityRow> rows;
};

/// Recomputes the recommended deployment with each assumption moved by ±step. Training and batch keep the
/// same offering, price, GPU count and parallel layout (what happens to the plan as bought when the
/// assumption is wrong); serving keeps the offering and price but re-sizes the replicas to the traffic (a
/// fixed fleet cannot absorb more traffic: the cost of the extra replicas is the answer). The deadline and
/// budget are not applied, so every point has a cost; a point that breaks one says so (missesDeadline,
/// overBudget).
/// Every point is planned with core::planWorkload over `inputs` restricted to the recommended offering and
/// price (without prices when the plan has none: time only).
Sensitivity computeSensitivity(
    const core::Workload& w, const core::Candidate& recommended, const core::PlanInputs& inputs, double step = 0.2);

} // namespace gpuplan::report
