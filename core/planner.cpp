#include "planner.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::core {

namespace {

// GPU counts tried when the workload does not pin one: powers of two up to 16 384 GPUs.
constexpr int maxGpus = 16384;

std::string fmtHours(double h)
{
    char buf[64];
    if (h >= 48)
        std::snprintf(buf, sizeof buf, "%.1f days", h / 24.0);
    else
        std::snprintf(buf, sizeof buf, "%.1f h", h);
    return buf;
}

} // namespace

bool sloMet(const InferenceSpec& spec, const InferenceEstimate& e)
{
    return (!spec.slo.tpotP99Ms || e.tpotMs <= *spec.slo.tpotP99Ms)
        && (!spec.slo.ttftP99Ms || e.ttftMs <= *spec.slo.ttftP99Ms);
}

std::string sloMiss(const InferenceSpec& spec, const InferenceEstimate& e)
{
    char buf[200];
    if (spec.slo.tpotP99Ms && e.tpotMs > *spec.slo.tpotP99Ms)
        std::snprintf(buf, sizeof buf, "misses the TPOT target: %.1f ms per token at concurrency %d, target %.1f ms",
            e.tpotMs, e.concurrency, *spec.slo.tpotP99Ms);
    else if (spec.slo.ttftP99Ms && e.ttftMs > *spec.slo.ttftP99Ms)
        std::snprintf(
            buf, sizeof buf, "misses the TTFT target: %.1f ms, target %.1f ms", e.ttftMs, *spec.slo.ttftP99Ms);
    else
        return {};
    return buf;
}

Candidate evaluate(const Workload& w, const GpuSpec& gpu, int count, const HardwarePin* pin, const GpuSpec* reference)
{
    Candidate c;
    c.gpu = &gpu;
    c.gpus = count;
    switch (w.kind) {
    case WorkloadKind::Training: {
        const TrainingSpec& spec = *w.training;
        const Efficiency eff = defaultEfficiency(gpu, gpu.computePrecision(spec.precision));
        c.training = bestTrainingLayout(w.model, spec, gpu, count, pinsFrom(spec, pin, gpu), eff);
        c.fits = c.training->fit.fits;
        c.wallHours = c.training->wallHours;
        c.gpuHours = c.training->gpuHours;
        break;
    }
    case WorkloadKind::Inference: {
        const InferenceSpec& spec = *w.inference;
        // Try every tensor-parallel degree the count allows and keep the layout that meets the targets
        // with the most throughput (a pinned tp/pp is taken as given).
        std::vector<InferenceLayout> layouts;
        if (pin && pin->tp) {
            InferenceLayout l;
            l.tp = *pin->tp;
            l.pp = pin->pp.value_or(1);
            l.replicas = std::max(1, count / (l.tp * l.pp));
            layouts.push_back(l);
        } else {
            for (int tp = 1; tp <= std::min(count, gpu.maxGpusPerNode); tp *= 2) {
                if (count % tp != 0 || w.model.heads % tp != 0)
                    continue;
                InferenceLayout l;
                l.tp = tp;
                l.replicas = count / tp;
                layouts.push_back(l);
            }
            if (layouts.empty())
                layouts.push_back(smallestServingLayout(w.model, spec, gpu, count));
        }
        std::optional<InferenceEstimate> best;
        bool bestOk = false;
        for (const auto& l : layouts) {
            InferenceEstimate e = estimateInference(w.model, spec, gpu, l, spec.concurrency.value_or(0));
            const bool ok = e.fit.fits && sloMet(spec, e);
            if (!best || (ok && !bestOk) || (ok == bestOk && e.throughputTokensPerS > best->throughputTokensPerS)) {
                best = std::move(e);
                bestOk = ok;
            }
        }
        c.inference = std::move(best);
        c.fits = c.inference->fit.fits;
        if (c.fits && !sloMet(spec, *c.inference)) {
            c.fits = false;
            c.inference->fit.suggestions.push_back(sloMiss(spec, *c.inference));
        }
        if (c.fits && spec.requestsPerSecond && c.inference->requestsPerS < *spec.requestsPerSecond) {
            c.fits = false;
            char buf[160];
            std::snprintf(buf, sizeof buf, "serves %.2f requests/s, below the %.2f asked: add replicas",
                c.inference->requestsPerS, *spec.requestsPerSecond);
            c.inference->fit.suggestions.push_back(buf);
        }
        c.wallHours = hoursPerMonth;
        c.gpuHours = hoursPerMonth * count;
        break;
    }
    case WorkloadKind::Batch: {
        c.batch = estimateBatch(*w.batch, reference ? *reference : gpu, gpu, count);
        c.fits = c.batch->runs;
        c.wallHours = c.batch->wallHours;
        c.gpuHours = c.batch->gpuHours;
        break;
    }
    }
    return c;
}

Plan makePlan(const Workload& w, const GpuCatalog& gpus)
{
    Plan plan;
    const GpuSpec* reference = nullptr;
    if (w.kind == WorkloadKind::Batch) {
        auto r = gpus.find(w.batch->referenceGpu);
        reference = r ? *r : nullptr;
    }
    auto batchCandidate = [&](const GpuSpec& g, int count) { return evaluate(w, g, count, nullptr, reference); };

    if (w.hardware) {
        auto g = gpus.find(w.hardware->gpu);
        if (g) {
            plan.pinned = w.kind == WorkloadKind::Batch ? batchCandidate(**g, w.hardware->count)
                                                        : evaluate(w, **g, w.hardware->count, &*w.hardware);
            if (plan.pinned->fits)
                plan.candidates.push_back(*plan.pinned);
        }
        return plan;
    }

    const bool byTime = w.constraints.objective == "time";
    for (const GpuSpec& g : gpus.all()) {
        if (w.kind == WorkloadKind::Batch) {
            Candidate c = batchCandidate(g, 1);
            if (c.fits)
                plan.candidates.push_back(c);
            else
                plan.excluded.push_back({g.id, c.batch->note});
            continue;
        }
        std::optional<Candidate> found;
        std::optional<Candidate> lastTried;
        for (int n = 1; n <= maxGpus; n *= 2) {
            Candidate c = evaluate(w, g, n, nullptr);
            const bool meetsDeadline
                = !w.constraints.deadlineHours || (c.fits && c.wallHours <= *w.constraints.deadlineHours);
            lastTried = c;
            if (c.fits && meetsDeadline) {
                found = c;
                break;
            }
            // Serving without a traffic target: beyond one node, more GPUs only add replicas.
            if (w.kind == WorkloadKind::Inference && !w.inference->requestsPerSecond && n >= g.maxGpusPerNode)
                break;
        }
        if (found) {
            plan.candidates.push_back(*found);
        } else if (lastTried) {
            std::string reason;
            if (lastTried->inference && lastTried->inference->fit.fits
                && !lastTried->inference->fit.suggestions.empty())
                reason = lastTried->inference->fit.suggestions.back();
            else if (!lastTried->fits)
                reason = "does not fit: needs "
                    + std::to_string(
                        static_cast<long long>(std::ceil((lastTried->training ? lastTried->training->fit.requiredBytes
                                                                              : lastTried->inference->fit.requiredBytes)
                            / (1024.0 * 1024 * 1024))))
                    + " GiB per GPU, has "
                    + std::to_string(static_cast<long long>(std::round(g.memoryBytes / (1024.0 * 1024 * 1024))));
            else if (w.constraints.deadlineHours)
                reason = "misses the deadline of " + fmtHours(*w.constraints.deadlineHours) + " even on "
                    + std::to_string(lastTried->gpus) + " GPUs (" + fmtHours(lastTried->wallHours) + ")";
            else
                reason = "no layout found";
            plan.excluded.push_back({g.id, reason});
        }
    }
    std::stable_sort(plan.candidates.begin(), plan.candidates.end(), [&](const Candidate& a, const Candidate& b) {
        if (w.kind == WorkloadKind::Inference)
            return a.gpus != b.gpus ? a.gpus < b.gpus
                                    : a.inference->throughputTokensPerS > b.inference->throughputTokensPerS;
        return byTime ? a.wallHours < b.wallHours : a.gpuHours < b.gpuHours;
    });
    plan.notes.push_back(w.kind == WorkloadKind::Inference
            ? "ranked by GPUs needed, then throughput (prices come from the catalog planner)"
            : (byTime ? "ranked by wall time" : "ranked by GPU-hours (a price-free proxy for cost)"));
    return plan;
}

} // namespace gpuplan::core
