#include "disaggregation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace gpuplan::core {

namespace {

std::string fixed1(double v)
{
    return fixedText(v, 1);
}

/// One step that prefills `tokens` prompt tokens at an average position `position` in their prompts (s).
double prefillStep(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& layout,
    const Efficiency& eff, const ServingParams& params, double tokens, double position)
{
    StepLoad load;
    load.prefillTokens = tokens;
    load.prefillPosition = position;
    return stepSeconds(model, spec, gpu, layout, eff, params, load);
}

} // namespace

PrefillReplica prefillReplica(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, const ServingParams& params)
{
    PrefillReplica r;
    r.layout = layout;
    r.layout.replicas = 1;
    const InferenceEstimate e = estimateInference(model, spec, gpu, r.layout, eff, 1, &params);
    r.fit = e.fit;
    r.kvBytesPerRequest = e.kvBytesPerToken * spec.promptTokens;
    if (!r.fit.fits)
        return r;
    // The tokens a prompt prefills: the cached prefix is skipped and the rest sits behind it.
    const double prompt = spec.promptTokens;
    const double tokens = std::max(1.0, prompt * e.prefillShare);
    const double first = prompt - tokens; // position of the first prefilled token
    const double budget = std::max(16, e.engineDefaults.tokenBudget);
    if (tokens > budget) {
        // Chunked prefill: one prompt over several steps, each attending to the chunks before it.
        double t = 0;
        for (double done = 0; done < tokens; done += budget) {
            const double chunk = std::min(budget, tokens - done);
            t += prefillStep(model, spec, gpu, r.layout, eff, params, chunk, first + done + chunk / 2);
        }
        r.prompts = 1;
        r.stepSeconds = t;
        r.requestsPerS = 1.0 / t;
        return r;
    }
    // Whole prompts a step: as many as the budget and the KV room hold; the fewest within 5 % of the best rate. The
    // counts tried double (1, 2, 4, …, and the most): a short prompt allows thousands a step, and the rate levels off
    // long before (the step turns compute-bound), so the doubling finds the knee in a dozen steps instead of thousands.
    const int most = std::max(1, std::min(static_cast<int>(budget / tokens), std::max(1, e.maxConcurrency)));
    std::vector<int> counts;
    for (int k = 1; k < most; k *= 2)
        counts.push_back(k);
    counts.push_back(most);
    std::vector<double> rate, step;
    double best = 0;
    for (int k : counts) {
        step.push_back(prefillStep(model, spec, gpu, r.layout, eff, params, k * tokens, first + tokens / 2));
        rate.push_back(k / step.back());
        best = std::max(best, rate.back());
    }
    std::size_t i = 0;
    while (rate[i] < 0.95 * best)
        ++i;
    const int k = counts[i];
    r.prompts = k;
    r.stepSeconds = step[i];
    r.requestsPerS = rate[i];
    return r;
}

DecodeReplica decodeReplica(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, const Efficiency& eff, const ServingParams& params)
{
    DecodeReplica r;
    r.layout = layout;
    r.layout.replicas = 1;
    const InferenceEstimate e = estimateInference(model, spec, gpu, r.layout, eff, 1, &params);
    r.fit = e.fit;
    if (!r.fit.fits)
        return r;
    const double context = spec.promptTokens + spec.outputTokens / 2.0;
    auto tpot = [&](int batch) {
        StepLoad load;
        load.decodes = batch;
        load.decodeContext = context;
        return stepSeconds(model, spec, gpu, r.layout, eff, params, load);
    };
    const int most = std::max(1, e.maxConcurrency);
    const bool engineCap = most >= e.engineDefaults.maxSequences * (layout.attentionDp ? layout.tp : 1);
    int batch = most;
    r.limitedBy = engineCap ? "concurrency" : "memory";
    if (spec.slo.tpotP99Ms) {
        const double target = *spec.slo.tpotP99Ms / 1e3;
        if (tpot(1) > target) {
            r.fit.fits = false;
            r.fit.suggestions.push_back(Message(msg::missesTpot, {fixed1(tpot(1) * 1e3), "1", fixed1(target * 1e3)}));
            r.tpotSeconds = tpot(1);
            return r;
        }
        if (tpot(most) > target) {
            // The step grows with the batch: the largest batch within the target, by bisection.
            int lo = 1, hi = most; // tpot(lo) within, tpot(hi) over
            while (hi - lo > 1) {
                const int mid = lo + (hi - lo) / 2;
                (tpot(mid) <= target ? lo : hi) = mid;
            }
            batch = lo;
            r.limitedBy = "slo_tpot";
        }
    }
    r.batch = batch;
    r.tpotSeconds = tpot(batch);
    r.requestsPerS = batch / (std::max(1, spec.outputTokens) * r.tpotSeconds);
    return r;
}

namespace {

/// Both pools for one share of the TTFT budget (`decodeTarget`, ms, or none): the decode pool against it, the prefill
/// pool against what the target leaves after the transfer and the decode pool's part.
DisaggregatedSizing sizeWith(const ReplicaModel& p, const ReplicaModel& d, double transferSeconds, const PoolTargets& t,
    std::optional<double> decodeTarget)
{
    DisaggregatedSizing s;
    s.transferMs = transferSeconds * 1e3;
    const std::optional<double> poolAvailability
        = t.availability ? std::optional<double>(std::sqrt(*t.availability)) : std::nullopt;
    // Without a target the waits are still reported: planReplicas computes them against a target, so an unbounded
    // one sizes for stability, headroom and availability alone.
    const double unbounded = std::numeric_limits<double>::max();
    s.decode = planReplicas(d, t.lambda, t.headroom, decodeTarget.value_or(unbounded), poolAvailability,
        t.decodeReplicaAvailability, t.minDecodeReplicas);
    if (!s.decode.feasible) {
        s.feasible = false;
        s.reason = Message(msg::decodePoolUnfit, {s.decode.reason});
        return s;
    }
    double budget = unbounded;
    if (t.ttftP99Ms) {
        budget = *t.ttftP99Ms - s.transferMs - s.decode.ttftP99Ms;
        if (budget <= 0) {
            s.feasible = false;
            s.reason = Message(msg::prefillPoolUnfit,
                {Message(msg::prefillOverTtft, {std::to_string(static_cast<int>(s.transferMs + s.decode.ttftP99Ms))})});
            return s;
        }
    }
    s.prefill = planReplicas(
        p, t.lambda, t.headroom, budget, poolAvailability, t.prefillReplicaAvailability, t.minPrefillReplicas);
    if (!s.prefill.feasible) {
        s.feasible = false;
        s.reason = Message(msg::prefillPoolUnfit, {s.prefill.reason});
        return s;
    }
    s.ttftP99Ms = s.prefill.ttftP99Ms + s.transferMs + s.decode.ttftP99Ms;
    s.availability = s.prefill.availability * s.decode.availability;
    return s;
}

} // namespace

DisaggregatedSizing sizeDisaggregated(const PrefillReplica& prefill, const DecodeReplica& decode, int outputTokens,
    double transferSeconds, const PoolTargets& t)
{
    // Decode: a slot holds a request for its whole output; the first token comes one step after its KV arrives.
    ReplicaModel d;
    d.slots = std::max(1, decode.batch);
    d.tpotSeconds = decode.tpotSeconds;
    d.prefillSeconds = decode.tpotSeconds;
    d.serviceSeconds = std::max(1, outputTokens) * decode.tpotSeconds;
    // Prefill: a replica is `prompts` slots, each busy for one step.
    ReplicaModel p;
    p.slots = std::max(1, prefill.prompts);
    p.serviceSeconds = prefill.stepSeconds;
    p.prefillSeconds = prefill.stepSeconds;
    if (!t.ttftP99Ms)
        return sizeWith(p, d, transferSeconds, t, std::nullopt);
    // With a TTFT target both queues share it: the decode pool gets a tenth, two tenths, … nine tenths of what the
    // transfer leaves, the prefill pool the rest, and the cheapest split is kept (replicas × their weights; fewer
    // milliseconds of p99 TTFT between equals).
    const double left = *t.ttftP99Ms - transferSeconds * 1e3;
    std::optional<DisaggregatedSizing> best;
    double bestCost = 0;
    for (int tenths = 1; tenths <= 9; ++tenths) {
        DisaggregatedSizing s = sizeWith(p, d, transferSeconds, t, left * tenths / 10.0);
        const double cost = s.prefill.total() * t.prefillReplicaWeight + s.decode.total() * t.decodeReplicaWeight;
        if (!best || (s.feasible && !best->feasible)
            || (s.feasible == best->feasible
                && (cost < bestCost || (cost == bestCost && s.ttftP99Ms < best->ttftP99Ms)))) {
            best = std::move(s);
            bestCost = cost;
        }
    }
    return *best;
}

} // namespace gpuplan::core
