#pragma once
// One typed view of a candidate: the figures every output shows (the CLI table, CSV and JSON, the app's table and
// side panel, the PDF) with their 80 % ranges, computed in one place so that no two outputs can disagree.

#include "core/accuracy.h"
#include "core/planner.h"
#include "core/workload.h"

#include <string>

namespace gpuplan::report {

/// A figure with its 80 % range from the estimator's residuals on published runs (low == high == value when
/// no range applies).
struct Ranged
{
    double value = 0;
    double low = 0;
    double high = 0;
    bool hasRange() const { return high > low; }
};

struct CandidateView
{
    const core::Candidate* candidate = nullptr;
    // Priced candidates: the cost follows time (training) or the replicas, i.e. 1 / throughput (serving).
    Ranged totalCost; ///< plan currency
    Ranged costUsd;
    // Training
    Ranged stepTimeS, tokensPerSecond, tflopsPerGpu, mfu, hfu, wallHours, gpuHours;
    // Serving
    Ranged ttftMs, tpotMs, throughputTokensPerS, requestsPerSecond;
    /// What the energy figures cover: "one 730-hour month of service" or "the whole job" (untranslated).
    std::string energyPeriod;
    /// layoutText(): the same words in every output.
    std::string layout;
    /// Whether the deployment's memory holds the workload (the estimate's fit). A candidate can fit in memory and
    /// still not be feasible (`Candidate::fits`: a pinned fleet too small for the traffic); its estimate's fit
    /// suggestions then say why.
    bool fitsInMemory = true;
};

/// The view of `c` (planned for `w`), with ranges when `accuracy` is given.
CandidateView viewCandidate(const core::Workload& w, const core::Candidate& c, const core::AccuracyReport* accuracy);

/// Low–high range of an estimate from its group's residuals: rates divide by the group's high/low
/// estimated ÷ published ratios; times (timeLike) multiply by them. No report: {value, value}.
Ranged estimateRange(const core::AccuracyReport* accuracy, const char* group, double value, bool timeLike);

/// The range of a serving estimate: from the band of held-out ratios of the candidate's serving calibration when it
/// has one of that kind (ServingCalibration::latencyBand / throughputBand, from three ratios or more), else
/// estimateRange() with the group of published runs. No report: {value, value}.
Ranged servingRange(const core::AccuracyReport* accuracy, const core::Candidate& c, double value, bool timeLike);

/// The 80 % range of a priced candidate's total cost (plan currency; `usd`: cost_usd): cost follows time
/// (training) or the replicas, i.e. 1 / throughput (serving); batch and unpriced candidates have none.
Ranged costRange(const core::Candidate& c, const core::AccuracyReport* accuracy, bool usd = false);

/// A disaggregated deployment's month split as the app's cost chart and the PDF's breakdown show it (output currency):
/// each pool's cost at the share its traffic keeps busy (its peak utilization), the rest of both pools idle (headroom
/// and spares), and the KV cache's egress between regions; the four add up to the candidate's monthly cost.
struct PoolCostSplit
{
    double prefill = 0, decode = 0, idle = 0, egress = 0;
};
PoolCostSplit poolCostSplit(const core::DisaggregatedPlan& d);

/// How serving replicas are sized, in one sentence (JSON capacity.model, the PDF's assumptions).
std::string queueingModelText();

/// The layout in one line, the same words in every output: "TP 8 · PP 2 · DP 4 · MB 1 · ZeRO-1 · selective
/// recompute" (training), "TP 2 × 3 replicas" (serving), "1 GPU(s)" (batch). The PDF renders the words in its own
/// language around trainingDegreesText.
std::string layoutText(const core::Candidate& c);
/// A training layout's degrees, abbreviations only: "TP 8 · PP 2 · DP 4 · VP 3 · MB 1 · ZeRO-1".
std::string trainingDegreesText(const core::ParallelLayout& l);
/// Whether a training layout's shard group is smaller than its data-parallel group (hybrid sharding).
bool hybridSharded(const core::ParallelLayout& l);

/// The GPU model of a candidate as every table shows it: the id, or for separate prefill and decode pools
/// "P/D B200" (both on one model) or "P/D H100-SXM-80GB → H200-SXM-141GB" (prefill → decode).
std::string gpuText(const core::Candidate& c);

/// What a plan's cost chart plots, chosen alike by the app and the PDF. Every priced candidate is a point of cost
/// against its time: the p99 time to first token for serving (Candidate::ttftP99Ms: what a user waits for, and where
/// deployments differ: their TPOT is sized to the same target), the wall time for training and batch jobs. When those
/// times span less than `flatSpread` (5 %: (max − min) ÷ min), a scatter is a vertical line of noise, so the chart
/// is the cheapest `top` candidates as ranked bars instead. A scatter plots the Pareto front and the cheapest
/// `maxPoints` candidates (100): a serving plan prices 400 deployments and more, and a cloud of them hides the few a
/// reader compares (the front, the cheapest) while every point costs the app's recompute a marker to lay out and
/// paint; the legend says how many of how many are plotted, the table lists them all.
struct CostChart
{
    enum class Kind { None, Scatter, RankedBars };
    Kind kind = Kind::None;
    double spread = 0;               ///< (max − min) ÷ min of the priced candidates' times
    std::vector<std::size_t> ranked; ///< RankedBars: indices into Plan::candidates, cheapest first
    /// Scatter (and None, with its one priced candidate if any): indices into Plan::candidates of the points plotted,
    /// in the plan's order.
    std::vector<std::size_t> plotted;
    std::size_t priced = 0; ///< the priced candidates (plotted.size() of them are plotted)
};
constexpr double flatSpread = 0.05;
constexpr std::size_t maxScatterPoints = 100;
/// The chart for `plan`'s priced candidates; None with fewer than two.
CostChart chooseCostChart(const core::Plan& plan, std::size_t top = 10, std::size_t maxPoints = maxScatterPoints);
/// The time a candidate is plotted at: p99 TTFT in ms (serving), else wall hours.
double costChartTime(const core::Candidate& c);

} // namespace gpuplan::report
