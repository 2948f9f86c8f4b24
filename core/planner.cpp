#include "planner.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

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

Efficiency efficiencyFor(const Workload& w, const GpuSpec& gpu, Precision compute)
{
    Efficiency e = defaultEfficiency(gpu, compute);
    if (w.calibrations) {
        auto it = w.calibrations->find(gpu.id);
        if (it != w.calibrations->end())
            e = applyCalibration(e, it->second, compute);
    }
    return scaleEfficiency(e, w.efficiencyScale);
}

Candidate evaluate(const Workload& w, const GpuSpec& gpu, int count, const HardwarePin* pin, const GpuSpec* reference,
    double replicaAvailability)
{
    Candidate c;
    c.gpu = &gpu;
    c.gpus = count;
    switch (w.kind) {
    case WorkloadKind::Training: {
        const TrainingSpec& spec = *w.training;
        const Efficiency eff = efficiencyFor(w, gpu, gpu.computePrecision(spec.precision));
        c.calibrated = eff.calibrated;
        c.training = std::make_shared<TrainingEstimate>(
            bestTrainingLayout(w.model, spec, gpu, count, pinsFrom(spec, pin, gpu), eff));
        if (c.calibrated) {
            // The same search with the datasheet defaults: what the measurement changed.
            const TrainingEstimate base = bestTrainingLayout(w.model, spec, gpu, count, pinsFrom(spec, pin, gpu),
                scaleEfficiency(defaultEfficiency(gpu, gpu.computePrecision(spec.precision)), w.efficiencyScale));
            if (base.wallHours > 0 && c.training->wallHours > 0)
                c.calibrationRatio = c.training->wallHours / base.wallHours;
        }
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
            InferenceEstimate e = estimateInference(w.model, spec, gpu, l,
                efficiencyFor(w, gpu, gpu.computePrecision(spec.weightPrecision)), spec.concurrency.value_or(0));
            const bool ok = e.fit.fits && sloMet(spec, e);
            if (!best || (ok && !bestOk) || (ok == bestOk && e.throughputTokensPerS > best->throughputTokensPerS)) {
                best = std::move(e);
                bestOk = ok;
            }
        }
        c.inference = std::make_shared<InferenceEstimate>(std::move(*best));
        c.calibrated = efficiencyFor(w, gpu, gpu.computePrecision(spec.weightPrecision)).calibrated;
        if (c.calibrated) {
            // The chosen layout with the datasheet defaults: what the measurement changed.
            const InferenceEstimate base = estimateInference(w.model, spec, gpu, c.inference->layout,
                scaleEfficiency(defaultEfficiency(gpu, gpu.computePrecision(spec.weightPrecision)), w.efficiencyScale),
                spec.concurrency.value_or(0));
            if (base.throughputTokensPerS > 0 && c.inference->throughputTokensPerS > 0)
                c.calibrationRatio = c.inference->throughputTokensPerS / base.throughputTokensPerS;
        }
        c.fits = c.inference->fit.fits;
        if (c.fits && !sloMet(spec, *c.inference)) {
            c.fits = false;
            c.inference->fit.suggestions.push_back(sloMiss(spec, *c.inference));
        }
        const double peak = spec.peakRate();
        if (c.fits && peak > 0) {
            // Queueing (DESIGN.md "Capacity"): a replica is B request slots, each busy for prefill + output ×
            // TPOT(B); M/M/c with the Erlang-C wait tail decides the replicas, then availability adds spares.
            const InferenceEstimate& e = *c.inference;
            ReplicaModel rm;
            rm.slots = std::max(1, e.concurrency);
            rm.prefillSeconds = e.prefillMs / 1e3;
            rm.tpotSeconds = e.tpotMs / 1e3;
            rm.serviceSeconds = rm.prefillSeconds + spec.outputTokens * rm.tpotSeconds;
            const int minReplicas = spec.autoscaling ? std::max(1, spec.autoscaling->minReplicas) : 1;
            auto cap = std::make_shared<CapacityPlan>();
            cap->replicaAvailability = replicaAvailability;
            cap->gpusPerReplica = e.layout.tp * e.layout.pp;
            cap->result = planReplicas(
                rm, peak, spec.headroom, spec.slo.ttftP99Ms, spec.availability, replicaAvailability, minReplicas);
            cap->gpus = cap->result.total() * cap->gpusPerReplica;
            cap->staticMonthlyGpuHours = double(cap->gpus) * hoursPerMonth;
            cap->monthlyGpuHours = cap->staticMonthlyGpuHours;
            // Scale-up delay: instance start (2 min, an assumption) + loading the weights at 2 GB/s from
            // local NVMe or a network volume (an assumption; both shown in the report).
            cap->scaleUpDelayS = spec.autoscaling && spec.autoscaling->scaleUpDelayS ? *spec.autoscaling->scaleUpDelayS
                                                                                     : 120.0 + e.weightsBytes / 2e9;
            if (!spec.profile.empty()) {
                std::vector<int> needed;
                for (double rate : spec.profile)
                    needed.push_back(rate > 0 ? planReplicas(rm, rate, spec.headroom, spec.slo.ttftP99Ms,
                                         spec.availability, replicaAvailability, minReplicas)
                                                    .total()
                                              : minReplicas);
                AutoscalingPolicy policy;
                policy.minReplicas = minReplicas;
                policy.scaleUpDelaySeconds = cap->scaleUpDelayS;
                policy.cooldownSeconds = spec.autoscaling ? spec.autoscaling->cooldownS : 600.0;
                cap->autoscale = simulateAutoscaling(needed, policy);
                if (spec.autoscaling)
                    cap->monthlyGpuHours
                        = cap->autoscale->replicaHours / double(needed.size()) * hoursPerMonth * cap->gpusPerReplica;
            }
            c.capacity = cap;
            char buf[200];
            if (!cap->result.feasible) {
                c.fits = false;
                c.inference->fit.suggestions.push_back(cap->result.reason);
            } else if (cap->result.total() > e.layout.replicas) {
                c.fits = false;
                std::snprintf(buf, sizeof buf, "needs %d replicas (%d GPUs) for %.2f requests/s, has %d",
                    cap->result.total(), cap->gpus, peak, e.layout.replicas);
                c.inference->fit.suggestions.push_back(buf);
            }
        }
        c.wallHours = hoursPerMonth;
        c.gpuHours = c.capacity ? c.capacity->monthlyGpuHours : hoursPerMonth * count;
        break;
    }
    case WorkloadKind::Batch: {
        c.batch = std::make_shared<BatchEstimate>(estimateBatch(*w.batch, reference ? *reference : gpu, gpu, count));
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
        if (plan.pinned)
            plan.pinned->energy = energyFor(w, *plan.pinned, plan.pinned->wallHours, std::nullopt, {});
        for (auto& c : plan.candidates)
            c.energy = energyFor(w, c, c.wallHours, std::nullopt, {});
        return plan;
    }

    const bool byTime = w.constraints.objective == "time";
    for (const GpuSpec& g : gpus.all()) {
        if (w.kind == WorkloadKind::Batch) {
            Candidate c = batchCandidate(g, 1);
            if (c.fits)
                plan.candidates.push_back(c);
            else
                plan.excluded.push_back({g.id, c.batch->note, {}, {}, {}, {}, 0});
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
            if (w.kind == WorkloadKind::Inference && w.inference->peakRate() <= 0 && n >= g.maxGpusPerNode)
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
            plan.excluded.push_back({g.id, reason, {}, {}, {}, {}, 0});
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
    for (auto& c : plan.candidates)
        c.energy = energyFor(w, c, c.wallHours, std::nullopt, {});
    return plan;
}

} // namespace gpuplan::core

namespace gpuplan::core {

double Candidate::latencyMs() const
{
    return inference ? inference->e2eLatencyMs : 0.0;
}

EnergyInfo energyFor(
    const Workload& w, const Candidate& c, double hours, std::optional<double> grid, const std::string& gridSource)
{
    EnergyInfo e;
    // PUE: Uptime Institute's 2023 global survey average for air-cooled sites is 1.58; direct liquid cooling
    // designs report 1.1–1.2 (1.15 taken). Both are editable in the workload's "energy".
    e.pue = w.energy.pue.value_or(w.energy.cooling == "liquid" ? 1.15 : 1.58);
    // Host share per GPU: a DGX H100 draws up to 10.2 kW with 8 × 700 W GPUs (NVIDIA DGX H100 datasheet):
    // (10.2 − 5.6) / 8 = 575 W at full load; about 0.4 × the GPU's board power on average (assumption).
    e.hostWattsPerGpu = w.energy.hostWattsPerGpu.value_or(0.4 * c.gpu->tdpW);
    // Utilization: training and batch jobs keep GPUs near board power (0.9); serving follows its load.
    double util = 0.9;
    if (c.capacity)
        util = std::clamp(c.capacity->result.utilization, 0.05, 1.0);
    else if (c.inference)
        util = 0.5;
    e.utilization = w.energy.utilization.value_or(util);
    double gpus = c.gpus;
    if (c.capacity && c.capacity->autoscale && w.inference && w.inference->autoscaling)
        gpus = c.capacity->monthlyGpuHours / hoursPerMonth; // average GPUs running
    const double watts = c.gpu->idleW + (c.gpu->tdpW - c.gpu->idleW) * e.utilization + e.hostWattsPerGpu;
    e.kwh = gpus * watts * hours * e.pue / 1000.0;
    e.gridKgPerKwh = grid;
    e.gridSource = gridSource;
    if (grid)
        e.kgCo2e = e.kwh * *grid;
    return e;
}

namespace {

std::string money(double usd)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f USD", usd);
    return buf;
}

/// Why an estimate cannot serve the workload, in one line ("does not fit: needs 93 GiB/GPU, has 80").
std::string unfitReason(const Candidate& c)
{
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    char buf[200];
    if (c.training && !c.training->fit.fits) {
        std::snprintf(buf, sizeof buf, "does not fit on %d × %s: needs %.0f GiB per GPU, has %.0f", c.gpus,
            c.gpu->id.c_str(), std::ceil(c.training->fit.requiredBytes / GiB), c.gpu->memoryBytes / GiB);
        return buf;
    }
    if (c.inference) {
        if (!c.inference->fit.fits) {
            std::snprintf(buf, sizeof buf, "does not fit on %d × %s: needs %.0f GiB per GPU, has %.0f", c.gpus,
                c.gpu->id.c_str(), std::ceil(c.inference->fit.requiredBytes / GiB), c.gpu->memoryBytes / GiB);
            return buf;
        }
        if (!c.inference->fit.suggestions.empty())
            return c.inference->fit.suggestions.back();
    }
    if (c.batch && !c.batch->runs)
        return c.batch->note;
    return "not feasible";
}

bool allowedPricing(const Constraints& k, PricingModel m)
{
    if (k.pricing.empty())
        return true;
    return std::find(k.pricing.begin(), k.pricing.end(), std::string(toString(m))) != k.pricing.end();
}

} // namespace

Plan makePricedPlan(const Workload& w, const GpuCatalog& gpus, const std::vector<Offering>& offerings,
    const FxTable& fx, const PlanOptions& opt)
{
    Plan plan;
    const Constraints& k = w.constraints;
    const GpuSpec* reference = nullptr;
    if (w.kind == WorkloadKind::Batch) {
        auto r = gpus.find(w.batch->referenceGpu);
        reference = r ? *r : nullptr;
    }
    const bool service = w.kind == WorkloadKind::Inference;

    // Estimates depend only on the GPU model and count: computed once, shared by every offering and price.
    std::map<std::tuple<std::string, int, long long>, Candidate> cache;
    auto estimate = [&](const GpuSpec& g, int count, double ra = defaultReplicaAvailability) -> const Candidate& {
        auto key = std::make_tuple(g.id, count, std::llround(ra * 1e9));
        auto it = cache.find(key);
        if (it == cache.end())
            it = cache.emplace(key, evaluate(w, g, count, w.hardware ? &*w.hardware : nullptr, reference, ra)).first;
        return it->second;
    };
    const Geography* geo = opt.geography;
    // Each serving replica is up as often as the provider's single-instance SLA promises (99.9 % when unknown).
    auto instanceAvailability = [&](const Offering& o) {
        const SlaTerms* s = geo ? geo->sla(o.provider, "single_instance") : nullptr;
        return s ? s->monthlyUptime : defaultReplicaAvailability;
    };
    std::optional<Location> users;
    if (service && w.inference->usersLocation) {
        const auto& ul = *w.inference->usersLocation;
        if (ul.latitude && ul.longitude)
            users = Location {"users", "users", *ul.latitude, *ul.longitude};
        else if (geo)
            users = geo->location(ul.id);
        if (!users)
            plan.notes.push_back(
                "users_location \"" + ul.id + "\" is not a known location: network latency not checked");
    }
    std::optional<double> budgetUsd;
    if (k.budget) {
        auto b = fx.convert(k.budget->amount, k.budget->currency, "USD");
        if (b)
            budgetUsd = *b;
        else
            plan.notes.push_back("budget ignored: " + b.error().detail);
    }

    std::vector<Exclusion> excluded;
    std::map<std::string, std::string> unfitByGpu; // one "does not fit" line per GPU model
    auto exclude = [&](const Offering& o, const std::string& reason, const std::string& pricing = "", double usd = 0) {
        excluded.push_back({o.gpuModel, reason, o.provider, o.region, o.instanceType, pricing, usd});
    };

    for (const Offering& o : offerings) {
        if (!k.providers.empty() && std::find(k.providers.begin(), k.providers.end(), o.provider) == k.providers.end())
            continue; // not asked for: not an exclusion worth listing
        if (!k.regions.empty()
            && std::none_of(k.regions.begin(), k.regions.end(), [&](auto& g) { return globMatch(g, o.region); })) {
            exclude(o, "region " + o.region + " is not in the allowed regions");
            continue;
        }
        if (!k.countries.empty() && std::find(k.countries.begin(), k.countries.end(), o.country) == k.countries.end()) {
            exclude(o,
                "data residency: " + (o.country.empty() ? std::string("country unknown") : o.country)
                    + " is not an allowed country");
            continue;
        }
        if (o.gpuCount < 1) {
            exclude(o, "fractional GPU (" + std::to_string(o.gpuCount) + " per instance): see shared GPUs");
            continue;
        }
        auto g = gpus.find(o.gpuModel);
        if (!g) {
            exclude(o, "no datasheet for GPU model \"" + o.gpuModel + "\" in gpus.json");
            continue;
        }
        if (w.hardware && (*g)->id != w.hardware->gpu)
            continue; // the workload pins another GPU model
        if (o.prices.empty()) {
            exclude(o, "no public price (specs only): enter a quote with `catalog import`");
            continue;
        }
        const int perInstance = static_cast<int>(std::lround(o.gpuCount));
        const double onDemandRa = instanceAvailability(o);
        auto quota = k.maxInstances.find(o.provider);
        const int maxN = quota != k.maxInstances.end() ? quota->second : opt.maxInstances;

        // Instance counts to price.
        std::vector<int> counts;
        if (w.hardware) {
            if (w.hardware->count % perInstance != 0) {
                exclude(o,
                    "pinned " + std::to_string(w.hardware->count) + " GPUs is not a whole number of "
                        + std::to_string(perInstance) + "-GPU instances");
                continue;
            }
            counts.push_back(w.hardware->count / perInstance);
        } else if (w.kind == WorkloadKind::Batch) {
            counts.push_back(1);
        } else {
            // Smallest count that fits (and meets the deadline or traffic): doubling, then bisection.
            int lo = 0, hi = 0;
            for (int n = 1; n <= maxN; n *= 2) {
                const Candidate& c = estimate(**g, n * perInstance, onDemandRa);
                const bool ok = c.fits && (!k.deadlineHours || c.wallHours <= *k.deadlineHours);
                if (ok) {
                    hi = n;
                    break;
                }
                lo = n;
                if (n > maxN / 2 && n < maxN) // try the quota itself last
                    n = maxN / 2;
            }
            if (hi == 0) {
                const Candidate& last = estimate(**g, std::max(1, lo) * perInstance, onDemandRa);
                std::string reason = !last.fits ? unfitReason(last)
                                                : "misses the deadline even on " + std::to_string(last.gpus)
                        + " GPUs (quota " + std::to_string(maxN) + " instances)";
                unfitByGpu.emplace((*g)->id, reason);
                exclude(o, reason);
                continue;
            }
            while (hi - lo > 1) {
                const int mid = lo + (hi - lo) / 2;
                const Candidate& c = estimate(**g, mid * perInstance, onDemandRa);
                if (c.fits && (!k.deadlineHours || c.wallHours <= *k.deadlineHours))
                    hi = mid;
                else
                    lo = mid;
            }
            counts.push_back(hi);
            if (w.kind == WorkloadKind::Training) // faster, costlier points for the cost-vs-time front
                for (int more : {2 * hi, 4 * hi})
                    if (more <= maxN)
                        counts.push_back(more);
        }

        const Price* onDemand = nullptr;
        for (const auto& p : o.prices)
            if (p.pricingModel == PricingModel::OnDemand)
                onDemand = &p;

        for (int n : counts) {
            const Candidate& base = estimate(**g, n * perInstance, onDemandRa);
            if (!base.fits) {
                exclude(o, unfitReason(base));
                continue;
            }
            for (const Price& p : o.prices) {
                const std::string model(toString(p.pricingModel));
                if (!allowedPricing(k, p.pricingModel)) {
                    exclude(o, model + " is not an allowed pricing model", model);
                    continue;
                }
                if (p.pricingModel == PricingModel::Spot && k.maxInterruptionBucket
                    && (!p.interruptionBucket || *p.interruptionBucket > *k.maxInterruptionBucket)) {
                    exclude(o,
                        p.interruptionBucket ? "spot interruption bucket " + std::to_string(*p.interruptionBucket)
                                + " is above the allowed " + std::to_string(*k.maxInterruptionBucket)
                                             : std::string("spot price without an interruption rate"),
                        model);
                    continue;
                }
                SpotParams sp = opt.spot;
                if (base.training)
                    sp.checkpointWriteHours = std::max(base.training->checkpointWriteS, 1.0) / 3600.0;
                const double discount = [&] {
                    auto d = opt.discounts.find(o.provider);
                    return d == opt.discounts.end() ? 0.0 : d->second;
                }();
                const double odHourly = onDemand && onDemand->currency == p.currency ? onDemand->hourlyRate : 0.0;
                // Spot replicas are interrupted: each is up less often, which can take more spares.
                const Candidate* use = &base;
                if (service && p.pricingModel == PricingModel::Spot && base.capacity) {
                    const double rate = interruptionsPerInstanceHour(
                        interruptionShareForBucket(p.interruptionBucket.value_or(static_cast<int>(sp.defaultBucket))));
                    const double ra = onDemandRa * spotAvailability(rate, base.capacity->scaleUpDelayS / 3600.0);
                    use = &estimate(**g, n * perInstance, ra);
                    if (!use->fits) {
                        exclude(o, "on spot capacity: " + unfitReason(*use), model);
                        continue;
                    }
                }
                PricedCost pc = priceJob(o, p, n, use->wallHours, service, sp, discount, odHourly);
                // Autoscaling pays for the replica-hours it runs (commitments are paid regardless).
                double staticMonthly = pc.totalCost;
                if (service && use->capacity && use->capacity->autoscale && w.inference->autoscaling
                    && (p.pricingModel == PricingModel::OnDemand || p.pricingModel == PricingModel::Spot)) {
                    pc.totalCost *= use->capacity->monthlyGpuHours / (double(n) * perInstance * hoursPerMonth);
                }
                auto usd = fx.convert(pc.totalCost, p.currency, "USD");
                auto out = fx.convert(pc.totalCost, p.currency, opt.currency);
                auto outHourly = fx.convert(pc.hourlyCost, p.currency, opt.currency);
                if (!usd || !out || !outHourly) {
                    exclude(o, (!usd ? usd.error() : out ? outHourly.error() : out.error()).detail, model);
                    continue;
                }
                // The workload's data: object storage for the run (or the month) and internet egress.
                double storageUsd = 0, egressUsd = 0;
                std::string dataNote;
                if (w.data && (w.data->datasetGb > 0 || w.data->checkpointGb > 0 || w.data->egressGbPerMonth > 0)) {
                    const double months = service ? 1.0 : pc.wallHours / hoursPerMonth;
                    const StorageRate* rate = nullptr;
                    if (opt.storage)
                        for (const auto& s : *opt.storage)
                            if (s.provider == o.provider && globMatch(s.region, o.region))
                                rate = &s;
                    const bool own = w.data->storagePricePerGbMonth || w.data->egressPricePerGb;
                    const std::string cur = own ? w.data->currency : (rate ? rate->currency : "USD");
                    const double storePrice
                        = w.data->storagePricePerGbMonth.value_or(rate ? rate->storagePerGbMonth : 0);
                    const double egressPrice = w.data->egressPricePerGb.value_or(rate ? rate->egressPerGb : 0);
                    auto st = fx.convert((w.data->datasetGb + w.data->checkpointGb) * storePrice * months, cur, "USD");
                    auto eg = fx.convert(w.data->egressGbPerMonth * months * egressPrice, cur, "USD");
                    storageUsd = st ? *st : 0;
                    egressUsd = eg ? *eg : 0;
                    dataNote = own ? std::string("storage and egress at the workload's own rates")
                        : rate     ? "storage and egress: " + rate->source + " (" + rate->asOf + ")"
                                   : "storage and egress not priced: no bundled rate for " + o.provider
                            + " (give data.storage_price_per_gb_month and data.egress_price_per_gb)";
                    if (storageUsd + egressUsd > 0) {
                        *usd += storageUsd + egressUsd;
                        *out += *fx.convert(storageUsd + egressUsd, "USD", opt.currency);
                    }
                }
                if (!service && k.deadlineHours && pc.wallHours > *k.deadlineHours) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf, "misses the deadline by %.1f h (%.1f h with spot interruptions)",
                        pc.wallHours - *k.deadlineHours, pc.wallHours);
                    exclude(o, buf, model, *usd);
                    continue;
                }
                if (budgetUsd && *usd > *budgetUsd) {
                    exclude(o, "over budget by " + money(*usd - *budgetUsd), model, *usd);
                    continue;
                }
                Candidate c = *use;
                Pricing pr;
                pr.offering = o;
                pr.offering.prices.clear();
                pr.price = p;
                pr.instances = n;
                pr.currency = opt.currency;
                pr.hourlyCost = *outHourly;
                pr.totalCost = *out;
                pr.costUsd = *usd;
                pr.priceCurrencyTotal = pc.totalCost;
                pr.storageCost = *fx.convert(storageUsd, "USD", opt.currency);
                pr.egressCost = *fx.convert(egressUsd, "USD", opt.currency);
                pr.computeCost = *out - pr.storageCost - pr.egressCost;
                pr.dataNote = dataNote;
                pr.breakEvenUtilization = pc.breakEvenUtilization;
                pr.discount = discount;
                pr.terms = pc.terms;
                pr.spot = pc.spot;
                pr.note = pc.note;
                if (service) {
                    pr.staticMonthlyCost = *fx.convert(staticMonthly, p.currency, opt.currency);
                    if (c.inference && c.inference->requestsPerS > 0) {
                        const double servedRate = w.inference->peakRate() > 0
                            ? (w.inference->profile.empty()
                                    ? w.inference->peakRate()
                                    : std::accumulate(w.inference->profile.begin(), w.inference->profile.end(), 0.0)
                                        / double(w.inference->profile.size()))
                            : c.inference->requestsPerS;
                        pr.costPerMillionOutputTokens
                            = costPerMillionTokens(pr.totalCost, servedRate * w.inference->outputTokens);
                    }
                    if (c.capacity) {
                        AvailabilityInfo a;
                        a.expected = c.capacity->result.availability;
                        a.target = w.inference->availability;
                        a.downtimeMinutesPerMonth = downtimeMinutes(a.expected, hoursPerMonth);
                        if (a.target)
                            a.allowedDowntimeMinutesPerMonth = downtimeMinutes(*a.target, hoursPerMonth);
                        // Two or more replicas are taken to run in different zones: the provider's multi-zone
                        // terms apply; one replica is a single instance. Spot capacity carries no SLA.
                        const SlaTerms* sla = geo
                            ? geo->sla(o.provider, c.capacity->result.total() > 1 ? "multi_zone" : "single_instance")
                            : nullptr;
                        if (sla) {
                            a.slaScope = sla->scope;
                            a.slaUptime = sla->monthlyUptime;
                            a.slaSource = sla->source;
                            if (p.pricingModel != PricingModel::Spot || sla->spotCovered)
                                a.expectedCreditPct = expectedSlaCreditPct(sla->tiers, a.expected);
                        }
                        pr.availability = a;
                    }
                    if (users && geo) {
                        const RegionInfo* ri = geo->region(o.provider, o.region);
                        if (ri && ri->latitude && ri->longitude) {
                            pr.networkRttMs = fibreRttMs(
                                greatCircleKm(users->latitude, users->longitude, *ri->latitude, *ri->longitude));
                            const double ttft = c.capacity ? c.capacity->result.ttftP99Ms : c.inference->ttftMs;
                            if (w.inference->e2eLatencyP99Ms
                                && *pr.networkRttMs + ttft > *w.inference->e2eLatencyP99Ms) {
                                char buf[200];
                                std::snprintf(buf, sizeof buf,
                                    "network round trip %.0f ms + TTFT %.0f ms exceeds the %.0f ms target",
                                    *pr.networkRttMs, ttft, *w.inference->e2eLatencyP99Ms);
                                exclude(o, buf, model, *usd);
                                continue;
                            }
                        }
                    }
                }
                // Reserved baseline + on-demand burst over the profile (the rank rule), per GPU-hour.
                if (service && c.capacity && c.capacity->autoscale && onDemand
                    && p.pricingModel == PricingModel::OnDemand) {
                    const Price* commit = nullptr;
                    for (const auto& q : o.prices)
                        if ((q.pricingModel == PricingModel::Reserved || q.pricingModel == PricingModel::SavingsPlan
                                || q.pricingModel == PricingModel::CommittedUse
                                || q.pricingModel == PricingModel::Subscription)
                            && q.currency == onDemand->currency
                            && (!commit || q.effectiveHourly() < commit->effectiveHourly()))
                            commit = &q;
                    if (commit && onDemand->hourlyRate > 0) {
                        const auto& needed = c.capacity->autoscale->needed;
                        const double u = commit->effectiveHourly() / onDemand->hourlyRate;
                        const int baseline = reservedBaseline(needed, u);
                        const double gpr = c.capacity->gpusPerReplica, per = std::max(1, perInstance);
                        const double od = onDemand->hourlyRate / per, rv = commit->effectiveHourly() / per;
                        double burst = 0, all = 0;
                        for (int need : needed) {
                            burst += std::max(0, need - baseline) * gpr;
                            all += need * gpr;
                        }
                        const double scale = hoursPerMonth / double(needed.size());
                        const double mix = baseline * gpr * hoursPerMonth * rv + burst * scale * od;
                        pr.reservedBaselineReplicas = baseline;
                        pr.reservedBaselineBreakEven = u;
                        pr.reservedMixMonthlyCost = *fx.convert(mix, p.currency, opt.currency);
                        pr.allOnDemandMonthlyCost = *fx.convert(all * scale * od, p.currency, opt.currency);
                    }
                }
                const RegionInfo* ri = geo ? geo->region(o.provider, o.region) : nullptr;
                c.energy = energyFor(w, c, service ? hoursPerMonth : pc.wallHours,
                    w.energy.gridKgPerKwh ? w.energy.gridKgPerKwh : (ri ? ri->gridKgPerKwh : std::nullopt),
                    w.energy.gridKgPerKwh ? std::string("workload energy.grid_kg_co2e_per_kwh")
                                          : (ri ? ri->gridSource : std::string()));
                c.pricing = pr;
                if (!service) {
                    c.wallHours = pc.wallHours;
                    c.gpuHours = pc.wallHours * c.gpus;
                }
                plan.candidates.push_back(std::move(c));
            }
        }
    }

    // Rank by the objective; ties by cost.
    const bool byTime = k.objective == "time";
    const bool byCarbon = k.objective == "carbon";
    auto timeOf = [&](const Candidate& c) { return service ? c.latencyMs() : c.wallHours; };
    // Sort indices, then move each candidate once (candidates are large: sorting them in place moves each
    // one log n times).
    {
        std::vector<std::size_t> idx(plan.candidates.size());
        for (std::size_t i = 0; i < idx.size(); ++i)
            idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](std::size_t ia, std::size_t ib) {
            const Candidate &a = plan.candidates[ia], &b = plan.candidates[ib];
            if (byTime && timeOf(a) != timeOf(b))
                return timeOf(a) < timeOf(b);
            if (byCarbon) { // unknown emissions rank last
                const double ca = a.energy.kgCo2e.value_or(1e300), cb = b.energy.kgCo2e.value_or(1e300);
                if (ca != cb)
                    return ca < cb;
            }
            return a.pricing->costUsd < b.pricing->costUsd;
        });
        std::vector<Candidate> sorted;
        sorted.reserve(idx.size());
        for (std::size_t i : idx)
            sorted.push_back(std::move(plan.candidates[i]));
        plan.candidates = std::move(sorted);
    }
    // Pareto front of cost vs time (latency for serving): nothing else is both cheaper and faster.
    std::vector<std::size_t> order(plan.candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto &ca = plan.candidates[a], &cb = plan.candidates[b];
        if (timeOf(ca) != timeOf(cb))
            return timeOf(ca) < timeOf(cb);
        return ca.pricing->costUsd < cb.pricing->costUsd;
    });
    double bestCost = std::numeric_limits<double>::infinity();
    for (std::size_t i : order) {
        auto& c = plan.candidates[i];
        if (c.pricing->costUsd < bestCost) {
            c.pricing->pareto = true;
            bestCost = c.pricing->costUsd;
        }
    }

    // Exclusions: one "does not fit" line per GPU model, then the cheapest of the rest.
    for (const auto& [gpu, reason] : unfitByGpu)
        plan.excluded.push_back({gpu, reason, "", "", "", "", 0});
    std::stable_sort(excluded.begin(), excluded.end(), [](const Exclusion& a, const Exclusion& b) {
        const bool ac = a.costUsd > 0, bc = b.costUsd > 0;
        if (ac != bc)
            return ac; // priced exclusions (deadline, budget) first: they were closest to being chosen
        return a.costUsd < b.costUsd;
    });
    for (const auto& e : excluded) {
        if (static_cast<int>(plan.excluded.size()) >= opt.maxExcluded + static_cast<int>(unfitByGpu.size()))
            break;
        if (unfitByGpu.count(e.gpu) && e.reason == unfitByGpu[e.gpu])
            continue;
        plan.excluded.push_back(e);
    }
    if (excluded.size() > plan.excluded.size())
        plan.notes.push_back(std::to_string(excluded.size()) + " offering prices excluded in all; the "
            + std::to_string(plan.excluded.size()) + " most relevant are listed");
    plan.notes.push_back(byTime ? "ranked by time, then cost"
                                : (byCarbon ? "ranked by emissions (kg CO2e), then cost" : "ranked by cost (USD)"));
    if (service)
        plan.notes.push_back("serving costs are per 730-hour month of service");
    if (w.hardware && !plan.candidates.empty())
        plan.pinned = plan.candidates.front();
    return plan;
}

void addServingComparisons(
    Plan& plan, const Workload& w, const std::vector<HostedApi>& apis, const FxTable& fx, const GpuCatalog& gpus)
{
    if (w.kind != WorkloadKind::Inference)
        return;
    const InferenceSpec& s = *w.inference;
    // Average traffic: the profile's mean, else the peak rate.
    double rate = s.requestsPerSecond.value_or(0);
    if (!s.profile.empty())
        rate = std::accumulate(s.profile.begin(), s.profile.end(), 0.0) / double(s.profile.size());
    const Candidate* best
        = !plan.candidates.empty() && plan.candidates.front().pricing ? &plan.candidates.front() : nullptr;
    for (const auto& api : apis) {
        if (api.modelPreset.empty() || api.modelPreset != w.model.id)
            continue;
        auto in = fx.convert(api.inputPerMillion, api.currency, "USD");
        auto out = fx.convert(api.outputPerMillion, api.currency, "USD");
        if (!in || !out)
            continue;
        ApiComparison c;
        c.api = api;
        const double perRate = hostedApiMonthlyCost(1.0, s.promptTokens, s.outputTokens, *in, *out);
        c.apiMonthlyCostUsd = perRate * rate;
        if (best) {
            c.selfHostedMonthlyCostUsd = best->pricing->costUsd;
            c.breakEvenRequestsPerSecond = perRate > 0 ? c.selfHostedMonthlyCostUsd / perRate : 0;
        }
        plan.apiComparisons.push_back(std::move(c));
    }
    // MIG slices: only worth listing for models that fit in a slice at all (the smallest that fits per GPU).
    for (auto& o : migOptions(w.model, s, gpus)) {
        if (!o.fits || !sloMet(s, o.estimate))
            continue;
        bool have = false;
        for (const auto& x : plan.sliceOptions)
            have |= x.gpu == o.gpu;
        if (!have)
            plan.sliceOptions.push_back(std::move(o));
    }
}

} // namespace gpuplan::core
