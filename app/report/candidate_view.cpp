#include "candidate_view.h"

#include "core/serving_calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>

// Qt's lupdate reads the QT_TRANSLATE_NOOP marks into the report's translation file; no Qt is needed here.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace gpuplan::report {

Ranged estimateRange(const core::AccuracyReport* accuracy, const char* group, double value, bool timeLike)
{
    const core::AccuracyGroup* g = accuracy ? accuracy->group(group) : nullptr;
    if (!g || g->rateLow <= 0 || g->rateHigh <= 0)
        return {value, value, value};
    if (timeLike)
        return {value, value * g->rateLow, value * g->rateHigh};
    return {value, value / g->rateHigh, value / g->rateLow};
}

namespace {

/// `value` with the range of a calibration's band when there is one (and ranges are shown at all), else the group's.
Ranged bandOrGroup(const core::AccuracyReport* accuracy, const std::optional<std::pair<double, double>>& band,
    const char* group, double value, bool timeLike)
{
    if (!accuracy || !band)
        return estimateRange(accuracy, group, value, timeLike);
    // As AccuracyGroup's rateLow / rateHigh: times multiply by the band, rates divide by it.
    if (timeLike)
        return {value, value * band->first, value * band->second};
    return {value, value / band->second, value / band->first};
}

std::optional<std::pair<double, double>> bandOf(const core::Candidate& c, bool latency)
{
    if (!c.servingCalibration)
        return std::nullopt;
    return latency ? c.servingCalibration->latencyBand : c.servingCalibration->throughputBand;
}

/// The accuracy group whose range a training estimate carries: mixture-of-experts models have their own (wider).
const char* trainingGroup(const core::TrainingEstimate& t)
{
    return t.paramsActive < t.paramsTotal * 0.999 ? "training MoE" : "training";
}

} // namespace

Ranged servingRange(const core::AccuracyReport* accuracy, const core::Candidate& c, double value, bool timeLike)
{
    return bandOrGroup(
        accuracy, bandOf(c, timeLike), timeLike ? "serving latency" : "serving throughput", value, timeLike);
}

Ranged costRange(const core::Candidate& c, const core::AccuracyReport* acc, bool usd)
{
    if (!c.pricing)
        return {};
    const double cost = usd ? c.pricing->costUsd : c.pricing->totalCost;
    // Cost follows time (training: the same relative range) or the replicas, which scale with 1 / throughput
    // (serving); batch has no range.
    const Ranged rel = c.inference ? bandOrGroup(acc, bandOf(c, false), "serving throughput", 1.0, true)
                                   : estimateRange(acc, c.training ? trainingGroup(*c.training) : "none", 1.0, true);
    return {cost, cost * rel.low, cost * rel.high};
}

PoolCostSplit poolCostSplit(const core::DisaggregatedPlan& d)
{
    PoolCostSplit s;
    const double prefillUse = std::clamp(d.prefill.capacity.utilization, 0.0, 1.0);
    const double decodeUse = std::clamp(d.decode.capacity.utilization, 0.0, 1.0);
    s.prefill = d.prefill.monthlyCost * prefillUse;
    s.decode = d.decode.monthlyCost * decodeUse;
    s.idle = d.prefill.monthlyCost * (1 - prefillUse) + d.decode.monthlyCost * (1 - decodeUse);
    s.egress = d.egressMonthlyCost;
    return s;
}

std::string queueingModelText()
{
    // Marked for lupdate (the PDF's translation file, context "PdfReport"): the PDF shows it translated, the CLI
    // and JSON as it is.
    return QT_TRANSLATE_NOOP("PdfReport",
        "M/M/c: a replica is B request slots busy for prefill + output x TPOT(B); replicas = the smallest count "
        "whose p99 wait (Erlang C) + prefill meets the TTFT target at the peak rate x (1 + headroom), plus spares "
        "for the availability target (k-of-n)");
}

std::string gpuText(const core::Candidate& c)
{
    if (!c.gpu)
        return {};
    if (!c.disaggregated)
        return c.gpu->id;
    const auto& d = *c.disaggregated;
    return d.prefill.gpu == d.decode.gpu ? "P/D " + c.gpu->id : "P/D " + d.prefill.gpu->id + " → " + d.decode.gpu->id;
}

std::string trainingDegreesText(const core::ParallelLayout& l)
{
    std::string s = "TP " + std::to_string(l.tp) + " · PP " + std::to_string(l.pp) + " · DP " + std::to_string(l.dp);
    if (l.cp > 1)
        s += " · CP " + std::to_string(l.cp);
    if (l.ep > 1)
        s += " · EP " + std::to_string(l.ep);
    if (l.etp() != l.tp)
        s += " · ETP " + std::to_string(l.etp());
    if (l.interleave > 1)
        s += " · VP " + std::to_string(l.interleave);
    return s + " · MB " + std::to_string(l.microBatch) + " · ZeRO-" + std::to_string(l.zeroStage);
}

bool hybridSharded(const core::ParallelLayout& l)
{
    return l.zeroStage >= 3 && l.shardGroup > 0 && l.shardGroup < l.dp;
}

std::string layoutText(const core::Candidate& c)
{
    if (c.training) {
        const auto& l = c.training->layout;
        std::string s = trainingDegreesText(l);
        if (hybridSharded(l))
            s += " (HSDP, shards of " + std::to_string(l.shardGroup) + ")";
        if (l.recompute == core::Recompute::Full && l.recomputeShare < 1.0)
            s += " · full recompute of " + std::to_string(static_cast<int>(std::lround(l.recomputeShare * 100)))
                + " % of layers";
        else if (l.recompute == core::Recompute::Op)
            s += " · per-op recompute";
        else if (l.recompute != core::Recompute::None)
            s += " · " + std::string(core::toString(l.recompute)) + " recompute";
        return s;
    }
    // A serving replica's degrees: tensor (and pipeline) parallel, expert parallel, data-parallel attention.
    auto replica = [](const core::InferenceLayout& l) {
        return "TP " + std::to_string(l.tp) + (l.pp > 1 ? " · PP " + std::to_string(l.pp) : std::string())
            + (l.ep > 1 ? " · EP " + std::to_string(l.ep) : std::string()) + (l.attentionDp ? " · DP-attn" : "");
    };
    if (c.disaggregated) {
        auto pool
            = [&](const core::PoolPlan& p) { return std::to_string(p.layout.replicas) + " × " + replica(p.layout); };
        return "P " + pool(c.disaggregated->prefill) + " + D " + pool(c.disaggregated->decode);
    }
    if (c.inference)
        return replica(c.inference->layout) + " × " + std::to_string(c.inference->layout.replicas) + " replicas";
    return std::to_string(c.gpus) + " GPU(s)";
}

CandidateView viewCandidate(const core::Workload&, const core::Candidate& c, const core::AccuracyReport* acc)
{
    CandidateView v;
    v.candidate = &c;
    v.layout = layoutText(c);
    v.fitsInMemory = c.training ? c.training->fit.fits : c.inference ? c.inference->fit.fits : c.fits;
    v.energyPeriod = c.inference ? "one 730-hour month of service" : "the whole job";
    if (c.training) {
        const auto& t = *c.training;
        const char* group = trainingGroup(t);
        v.stepTimeS = estimateRange(acc, group, t.stepTimeS, true);
        v.tokensPerSecond = estimateRange(acc, group, t.tokensPerSecond, false);
        v.tflopsPerGpu = estimateRange(acc, group, t.tflopsPerGpu, false);
        v.mfu = estimateRange(acc, group, t.mfu, false);
        v.hfu = estimateRange(acc, group, t.hfu, false);
        v.wallHours = estimateRange(acc, group, t.wallHours, true);
        v.gpuHours = estimateRange(acc, group, t.gpuHours, true);
    } else if (c.batch) {
        // Batch scaling by the bounding resource has no published residuals: no range.
        v.wallHours = {c.wallHours, c.wallHours, c.wallHours};
        v.gpuHours = {c.gpuHours, c.gpuHours, c.gpuHours};
    }
    if (c.inference) {
        const auto& i = *c.inference;
        v.ttftMs = servingRange(acc, c, i.ttftMs, true);
        v.tpotMs = servingRange(acc, c, i.tpotMs, true);
        v.throughputTokensPerS = servingRange(acc, c, i.throughputTokensPerS, false);
        v.requestsPerSecond = servingRange(acc, c, i.requestsPerS, false);
    }
    v.totalCost = costRange(c, acc);
    v.costUsd = costRange(c, acc, true);
    return v;
}

double costChartTime(const core::Candidate& c)
{
    return c.inference ? c.ttftP99Ms() : c.wallHours;
}

CostChart chooseCostChart(const core::Plan& plan, std::size_t top, std::size_t maxPoints)
{
    CostChart out;
    std::vector<std::size_t> priced;
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (std::size_t i = 0; i < plan.candidates.size(); ++i) {
        const core::Candidate& c = plan.candidates[i];
        if (!c.pricing)
            continue;
        priced.push_back(i);
        const double t = costChartTime(c);
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    }
    out.priced = priced.size();
    if (priced.size() < 2) {
        out.plotted = priced; // no chart to choose: the app still marks the one there is
        return out;
    }
    out.spread = lo > 0 ? (hi - lo) / lo : 0.0;
    std::vector<std::size_t> cheapest = priced;
    std::stable_sort(cheapest.begin(), cheapest.end(), [&](std::size_t a, std::size_t b) {
        return plan.candidates[a].pricing->totalCost < plan.candidates[b].pricing->totalCost;
    });
    if (out.spread >= flatSpread) {
        out.kind = CostChart::Kind::Scatter;
        std::vector<bool> shown(plan.candidates.size(), false);
        for (std::size_t k = 0; k < std::min(maxPoints, cheapest.size()); ++k)
            shown[cheapest[k]] = true;
        for (std::size_t i : priced)
            if (shown[i] || plan.candidates[i].pricing->pareto)
                out.plotted.push_back(i);
        return out;
    }
    out.kind = CostChart::Kind::RankedBars;
    priced = std::move(cheapest);
    priced.resize(std::min(priced.size(), top));
    out.ranked = std::move(priced);
    return out;
}

} // namespace gpuplan::report
