#include "planner_steps.h"

#include "gpu.h"
#include "inference.h"
#include "json_reader.h"
#include "pricing.h"
#include "serving_calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
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
    // The TPOT target is on each request's TPOT ((end − first token) / (output − 1), as vLLM, SGLang and MLPerf
    // measure it): in steady state every request sees the same mix of plain and prefill-carrying steps, the mean.
    return (!spec.slo.tpotP99Ms || e.tpotMs <= *spec.slo.tpotP99Ms)
        && (!spec.slo.ttftP99Ms || std::max(e.ttftMs, e.ttftP99Ms) <= *spec.slo.ttftP99Ms);
}

bool pinnedEpPlaceable(const ModelArch& m, int ep, int domain, int count)
{
    if (ep <= 1 || !m.isMoe())
        return true;
    if (m.experts % ep != 0 || count % ep != 0)
        return false;
    if (ep <= domain)
        return m.heads % ep == 0; // a replica of tp = ep GPUs (or a multiple) inside the domain
    return ep % domain == 0       // wide, as evaluate()
        && std::find(wideExpertParallelSpans.begin(), wideExpertParallelSpans.end(), ep / domain)
        != wideExpertParallelSpans.end();
}

namespace {

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace

Message sloMiss(const InferenceSpec& spec, const InferenceEstimate& e)
{
    if (spec.slo.tpotP99Ms && e.tpotMs > *spec.slo.tpotP99Ms)
        return Message(
            msg::missesTpot, {fixed(e.tpotMs, 1), std::to_string(e.concurrency), fixed(*spec.slo.tpotP99Ms, 1)});
    if (const double ttft = std::max(e.ttftMs, e.ttftP99Ms); spec.slo.ttftP99Ms && ttft > *spec.slo.ttftP99Ms)
        return Message(msg::missesTtft, {fixed(ttft, 1), fixed(*spec.slo.ttftP99Ms, 1)});
    return {};
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

ServingFactors servingFactors(const Workload& w, const GpuSpec& datasheet, const GpuSpec& gpu)
{
    ServingFactors f;
    f.calibration = findServingCalibration(w.servingCalibrations.get(), datasheet, w.model, w.inference->engine);
    const Precision compute = mathPrecision(gpu, w.inference->weightPrecision);
    f.eff = f.calibration ? scaleEfficiency(defaultEfficiency(gpu, compute), w.efficiencyScale)
                          : efficiencyFor(w, gpu, compute);
    f.params = f.calibration ? f.calibration->params : defaultServingParams();
    return f;
}

void planServingCapacity(const Workload& w, Candidate& c, double replicaAvailability, int gpusPerInstance)
{
    const InferenceSpec& spec = *w.inference;
    const double peak = spec.peakRate();
    if (c.fits && peak > 0) {
        // Queueing (DESIGN.md "Capacity"): a replica is B request slots, each busy for prefill + output ×
        // TPOT(B); M/M/c with the Erlang-C wait tail decides the replicas, then availability adds spares.
        const InferenceEstimate& e = *c.inference;
        ReplicaModel rm;
        rm.slots = std::max(1, e.concurrency);
        // The first token arrives after the prefill and one decode step at the operating point (the TTFT the
        // estimate shows), so the p99 (queueing wait + that) is never below the typical TTFT shown beside it.
        rm.prefillSeconds = e.ttftMs / 1e3;
        // Requests that differ (a length mix, prefix-cache misses, cold adapters): the p99 adds their slowest.
        if (e.ttftP99Ms > e.ttftMs && !spec.waves)
            rm.ttftTailSeconds = e.ttftP99Ms / 1e3;
        rm.tpotSeconds = e.tpotMs / 1e3;
        rm.serviceSeconds = rm.prefillSeconds + spec.outputTokens * rm.tpotSeconds;
        const int minReplicas = spec.autoscaling ? std::max(1, spec.autoscaling->minReplicas) : 1;
        auto cap = std::make_shared<CapacityPlan>();
        cap->replicaAvailability = replicaAvailability;
        cap->gpusPerReplica = e.layout.tp * e.layout.pp;
        // A replica over several instances (pipeline stages or wide expert parallelism across them) serves only while
        // every one of them is up, as a disaggregated pool's wide replica (PricedPlanner::planDisaggregated).
        cap->instancesPerReplica
            = gpusPerInstance > 0 ? std::max(1, (cap->gpusPerReplica + gpusPerInstance - 1) / gpusPerInstance) : 1;
        const double upReplica = std::pow(replicaAvailability, cap->instancesPerReplica);
        const double headroom = spec.headroom.value_or(PlanDefaults {}.servingHeadroom);
        cap->result = planReplicas(rm, peak, headroom, spec.slo.ttftP99Ms, spec.availability, upReplica, minReplicas);
        cap->gpus = cap->result.total() * cap->gpusPerReplica;
        cap->staticMonthlyGpuHours = double(cap->gpus) * hoursPerMonth;
        cap->monthlyGpuHours = cap->staticMonthlyGpuHours;
        // A mixed fleet's on-demand base: the same sizing without the headroom (spot carries the headroom).
        const bool mixed = headroom > 0 && servingSpotPolicy(w) == "burst_only";
        if (mixed) {
            cap->base = planReplicas(rm, peak, 0.0, spec.slo.ttftP99Ms, spec.availability, upReplica, minReplicas);
            cap->baseMonthlyGpuHours = double(cap->base->total() * cap->gpusPerReplica) * hoursPerMonth;
        }
        // Scale-up delay: instance start (2 min, an assumption) + loading the weights at 2 GB/s from
        // local NVMe or a network volume (an assumption; both shown in the report).
        cap->scaleUpDelayS = spec.autoscaling && spec.autoscaling->scaleUpDelayS ? *spec.autoscaling->scaleUpDelayS
                                                                                 : 120.0 + e.weightsBytes / 2e9;
        if (!spec.profile.empty()) {
            // Each distinct hourly rate sized once (profiles repeat rates; the peak is one of them).
            auto hourly = [&](double withHeadroom, int atPeak) {
                std::vector<int> needed;
                std::map<double, int> byRate;
                if (peak > 0)
                    byRate.emplace(peak, atPeak);
                for (double rate : spec.profile) {
                    auto [it, isNew] = byRate.try_emplace(rate, minReplicas);
                    if (isNew && rate > 0)
                        it->second = planReplicas(rm, rate, withHeadroom, spec.slo.ttftP99Ms, spec.availability,
                            replicaAvailability, minReplicas)
                                         .total();
                    needed.push_back(it->second);
                }
                return needed;
            };
            AutoscalingPolicy policy;
            policy.minReplicas = minReplicas;
            policy.scaleUpDelaySeconds = cap->scaleUpDelayS;
            policy.cooldownSeconds = spec.autoscaling ? spec.autoscaling->cooldownS : 600.0;
            const std::vector<int> needed = hourly(headroom, cap->result.total());
            cap->autoscale = simulateAutoscaling(needed, policy);
            const double perReplicaHour = hoursPerMonth / double(needed.size()) * cap->gpusPerReplica;
            if (spec.autoscaling) {
                cap->monthlyGpuHours = cap->autoscale->replicaHours * perReplicaHour;
                if (mixed)
                    cap->baseMonthlyGpuHours
                        = simulateAutoscaling(hourly(0.0, cap->base->total()), policy).replicaHours * perReplicaHour;
            }
        }
        c.capacity = cap;
        if (!cap->result.feasible || cap->result.total() > e.layout.replicas) {
            // The estimate may be shared with the same deployment sized for another availability: this
            // candidate's reasons go on its own copy (`e` refers to the shared one, still alive in its cache).
            c.fits = false;
            c.inference = std::make_shared<InferenceEstimate>(e);
        }
        if (!cap->result.feasible) {
            c.inference->fit.suggestions.push_back(cap->result.reason);
        } else if (cap->result.total() > c.inference->layout.replicas) {
            c.inference->fit.suggestions.push_back(Message(msg::needsReplicas,
                {std::to_string(cap->result.total()), std::to_string(cap->gpus), fixed(peak, 2),
                    std::to_string(c.inference->layout.replicas)}));
        }
    }
    c.wallHours = hoursPerMonth;
    c.gpuHours = c.capacity ? c.capacity->monthlyGpuHours : hoursPerMonth * c.gpus;
}

Candidate evaluate(const Workload& w, const GpuSpec& datasheetGpu, int count, const HardwarePin* pin,
    const GpuSpec* reference, double replicaAvailability, const InstanceTopology& topology, bool sizeCapacity,
    ReplicaEstimates* replicaEstimates, std::vector<Candidate>* smallerReplicas)
{
    // The GPU as this instance has it: NVLink shared by `domain` GPUs, the instance network split over its GPUs.
    GpuSpec gpu = datasheetGpu;
    if (topology.scaleUpDomain > 0)
        gpu.maxGpusPerNode = std::min(gpu.maxGpusPerNode, topology.scaleUpDomain);
    if (topology.networkBytesPerSPerGpu > 0)
        gpu.interBandwidth = topology.networkBytesPerSPerGpu;
    const int domain = gpu.maxGpusPerNode;
    Candidate c;
    c.gpu = &datasheetGpu;
    c.gpus = count;
    switch (w.kind) {
    case WorkloadKind::Training: {
        const TrainingSpec& spec = *w.training;
        const Efficiency eff = efficiencyFor(w, gpu, gpu.computePrecision(spec.precision));
        c.calibrated = eff.calibrated;
        const LayoutPins pins = pinsFrom(spec, pin, gpu);
        c.training = std::make_shared<TrainingEstimate>(bestTrainingLayout(w.model, spec, gpu, count, pins, eff));
        if (c.calibrated) {
            // The same search with the datasheet defaults: what the measurement changed.
            const TrainingEstimate base = bestTrainingLayout(w.model, spec, gpu, count, pins,
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
            int widestTp = 1;
            for (int tp = 1; tp <= std::min(count, domain); tp *= 2) {
                if (count % tp != 0 || w.model.heads % tp != 0)
                    continue;
                InferenceLayout l;
                l.tp = tp;
                l.replicas = count / tp;
                layouts.push_back(l);
                widestTp = tp;
            }
            // Replicas larger than one scale-up domain: TP inside it, pipeline stages across instances.
            for (int pp = 2; widestTp * pp <= count && pp <= std::max(1, w.model.layers); pp *= 2) {
                if (count % (widestTp * pp) != 0)
                    continue;
                InferenceLayout l;
                l.tp = widestTp;
                l.pp = pp;
                l.replicas = count / (widestTp * pp);
                layouts.push_back(l);
            }
            if (layouts.empty())
                layouts.push_back(smallestServingLayout(w.model, spec, gpu, count));
        }
        // A mixture of experts may also spread whole experts over the tp GPUs (expert parallel), and run attention
        // data-parallel beside them (no replicated latent KV): both are searched unless `ep` is pinned.
        if (w.model.isMoe()) {
            // Wide expert parallelism: one replica over 2, 4 or 8 scale-up domains (instances), the experts split over
            // all its GPUs, attention data-parallel, the dispatch and combine over the instance network (the step
            // model's m_nodes) — what DeepSeek (EP144 decode), SGLang (EP72 on H100) and TensorRT-LLM's wide EP run,
            // co-located as well as in separate pools (PricedPlanner's pool replicas search the same widths). Searched
            // unless tp is pinned (a pinned tensor-parallel degree stays inside the domain); a pinned ep wider than
            // the domain asks for exactly this layout.
            std::vector<InferenceLayout> wide;
            if (!(pin && pin->tp) && domain >= 2)
                for (int n : wideExpertParallelSpans) {
                    InferenceLayout l;
                    l.tp = l.ep = domain * n;
                    l.attentionDp = true;
                    l.replicas = count / l.tp;
                    if (count % l.tp == 0 && w.model.experts % l.tp == 0 && (!pin || !pin->ep || *pin->ep == l.tp))
                        wide.push_back(l);
                }
            std::vector<InferenceLayout> moe;
            const bool pinnedWide = pin && pin->ep && *pin->ep > domain && !wide.empty();
            // A pinned ep spreads the experts over ep of a replica's GPUs: replicas of fewer GPUs, or of a count ep
            // does not divide, cannot run it (the priced planner excludes offerings where no replica can:
            // pinnedEpPlaceable); with none left, every layout carries it as before.
            const bool epFits = pin && pin->ep && std::any_of(layouts.begin(), layouts.end(), [&](const auto& l) {
                return l.tp >= *pin->ep && l.tp % *pin->ep == 0;
            });
            for (const auto& l : layouts) {
                if (pinnedWide)
                    break;
                if (pin && pin->ep) {
                    if (epFits && (l.tp < *pin->ep || l.tp % *pin->ep != 0))
                        continue;
                    InferenceLayout p = l;
                    p.ep = *pin->ep;
                    p.attentionDp = p.ep > 1 && w.model.isMla();
                    moe.push_back(p);
                    continue;
                }
                moe.push_back(l);
                if (l.tp > 1 && w.model.experts % l.tp == 0) {
                    InferenceLayout ep = l;
                    ep.ep = l.tp;
                    moe.push_back(ep);
                    ep.attentionDp = true;
                    moe.push_back(ep);
                }
            }
            if (!(pin && pin->ep) || pinnedWide)
                moe.insert(moe.end(), wide.begin(), wide.end());
            layouts = std::move(moe);
        }
        const ServingFactors factors = servingFactors(w, datasheetGpu, gpu);
        const auto& serving = factors.calibration;
        const Precision compute = mathPrecision(gpu, spec.weightPrecision);
        const Efficiency& eff = factors.eff;
        const ServingParams* params = &factors.params;
        // The layout that meets the targets with the most fleet throughput (a layout's replicas times one replica's).
        // With replicaEstimates, one replica's estimate is made once per layout and shared by every count; only the
        // chosen ones are copied into candidates (setFleetThroughput makes them the fleet's).
        struct Option
        {
            const InferenceEstimate* estimate; ///< one replica's (shared) or the fleet's (owned below)
            int replicas;
            double throughput; ///< the fleet's
            bool ok;           ///< fits and meets the targets
        };
        std::vector<InferenceEstimate> owned; // without replicaEstimates: the fleet estimates themselves
        owned.reserve(layouts.size());
        std::vector<Option> options;
        for (const auto& l : layouts) {
            if (!replicaEstimates) {
                owned.push_back(estimateInference(w.model, spec, gpu, l, eff, spec.concurrency.value_or(0), params));
                const InferenceEstimate& e = owned.back();
                options.push_back({&e, 0, e.throughputTokensPerS, e.fit.fits && sloMet(spec, e)});
                continue;
            }
            InferenceLayout one = l;
            one.replicas = 1;
            auto key = std::make_tuple(&datasheetGpu, gpu.maxGpusPerNode, gpu.interBandwidth, one);
            auto it = replicaEstimates->byLayout.find(key);
            if (it == replicaEstimates->byLayout.end())
                it = replicaEstimates->byLayout
                         .emplace(
                             key, estimateInference(w.model, spec, gpu, one, eff, spec.concurrency.value_or(0), params))
                         .first;
            const InferenceEstimate& e = it->second; // map nodes stay put
            options.push_back({&e, l.replicas, e.throughputTokensPerS * l.replicas, e.fit.fits && sloMet(spec, e)});
        }
        // Those that meet the targets first, then by fleet throughput; the first of equals stays first.
        std::stable_sort(options.begin(), options.end(),
            [](const Option& x, const Option& y) { return x.ok != y.ok ? x.ok : x.throughput > y.throughput; });
        auto candidate = [&](const Option& o) {
            Candidate k = c;
            InferenceEstimate e = *o.estimate;
            if (o.replicas > 0)
                setFleetThroughput(e, o.estimate->throughputTokensPerS, o.replicas, spec);
            k.inference = std::make_shared<InferenceEstimate>(std::move(e));
            k.servingCalibration = serving;
            k.calibrated = serving || eff.calibrated;
            if (k.calibrated) {
                // The chosen layout with the datasheet defaults and the shipped factors: what the calibration changed.
                const InferenceEstimate base = estimateInference(w.model, spec, gpu, k.inference->layout,
                    scaleEfficiency(defaultEfficiency(gpu, compute), w.efficiencyScale), spec.concurrency.value_or(0));
                if (base.throughputTokensPerS > 0 && k.inference->throughputTokensPerS > 0)
                    k.calibrationRatio = k.inference->throughputTokensPerS / base.throughputTokensPerS;
            }
            k.fits = k.inference->fit.fits;
            if (k.fits && !sloMet(spec, *k.inference)) {
                k.fits = false;
                k.inference->fit.suggestions.push_back(sloMiss(spec, *k.inference));
            }
            if (sizeCapacity) {
                planServingCapacity(w, k, replicaAvailability, topology.scaleUpDomain);
            } else {
                k.wallHours = hoursPerMonth;
                k.gpuHours = hoursPerMonth * count;
            }
            return k;
        };
        // The layouts that also meet the targets with smaller replicas, best first: a fleet that needs more replicas
        // of the chosen one than the count holds may fit in smaller ones (PricedPlanner::estimate sizes them in turn).
        if (smallerReplicas && options.front().ok) {
            const InferenceLayout& chosen = options.front().estimate->layout;
            for (std::size_t i = 1; i < options.size(); ++i) {
                const InferenceLayout& l = options[i].estimate->layout;
                if (options[i].ok && l.tp * l.pp < chosen.tp * chosen.pp)
                    smallerReplicas->push_back(candidate(options[i]));
            }
        }
        c = candidate(options.front());
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

Plan detail::estimatePlan(const Workload& w, const GpuCatalog& gpus, const CancelFlag* cancel)
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
        if (cancel && cancel->load(std::memory_order_relaxed))
            return plan;
        if (w.kind == WorkloadKind::Batch) {
            Candidate c = batchCandidate(g, 1);
            if (c.fits)
                plan.candidates.push_back(c);
            else
                plan.excluded.push_back({g.id, c.batch->note, {}, {}, {}, {}, 0});
            continue;
        }
        if (w.kind == WorkloadKind::Inference
            && !servingPrecisionSupport(g, w.inference->weightPrecision, w.model.isMoe()).supported) {
            plan.excluded.push_back({g.id,
                Message(msg::precisionUnsupported,
                    {std::string(toString(w.inference->weightPrecision)), g.id, g.architecture}),
                {}, {}, {}, {}, 0});
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
            Message reason;
            if (lastTried->inference && lastTried->inference->fit.fits
                && !lastTried->inference->fit.suggestions.empty())
                reason = lastTried->inference->fit.suggestions.back();
            else if (!lastTried->fits)
                reason = Message(msg::doesNotFitNeeds,
                    {std::to_string(static_cast<long long>(
                         std::ceil((lastTried->training ? lastTried->training->fit.requiredBytes
                                                        : lastTried->inference->fit.requiredBytes)
                             / (1024.0 * 1024 * 1024)))),
                        std::to_string(static_cast<long long>(std::round(g.memoryBytes / (1024.0 * 1024 * 1024))))});
            else if (w.constraints.deadlineHours)
                reason = Message(msg::missesDeadlineEvenOn,
                    {fmtHours(*w.constraints.deadlineHours), std::to_string(lastTried->gpus),
                        fmtHours(lastTried->wallHours)});
            else
                reason = Message(msg::noLayout);
            plan.excluded.push_back({g.id, reason, {}, {}, {}, {}, 0});
        }
    }
    std::stable_sort(plan.candidates.begin(), plan.candidates.end(), [&](const Candidate& a, const Candidate& b) {
        if (w.kind == WorkloadKind::Inference)
            return a.gpus != b.gpus ? a.gpus < b.gpus
                                    : a.inference->throughputTokensPerS > b.inference->throughputTokensPerS;
        return byTime ? a.wallHours < b.wallHours : a.gpuHours < b.gpuHours;
    });
    plan.notes.push_back(
        Message(w.kind == WorkloadKind::Inference ? msg::noteRankedByGpus
                                                  : (byTime ? msg::noteRankedByWallTime : msg::noteRankedByGpuHours)));
    for (auto& c : plan.candidates)
        c.energy = energyFor(w, c, c.wallHours, std::nullopt, {});
    return plan;
}

} // namespace gpuplan::core

namespace gpuplan::core {

std::string pricingKey(const Pricing& p)
{
    if (p.mixed)
        return "on_demand+spot";
    if (p.price.pricingModel == PricingModel::Reserved && p.price.offeringClass == hostDefaultOfferingClass)
        return "reserved_host_default";
    return std::string(toString(p.price.pricingModel));
}

std::string_view servingSpotPolicy(const Workload& w)
{
    if (w.kind != WorkloadKind::Inference)
        return "allow";
    if (w.constraints.spot)
        return *w.constraints.spot;
    return w.inference->availability && *w.inference->availability >= 0.999 ? "burst_only" : "allow";
}

double Candidate::latencyMs() const
{
    return inference ? inference->e2eLatencyMs : 0.0;
}

double Candidate::ttftP99Ms() const
{
    if (!inference)
        return 0.0;
    if (disaggregated)
        return disaggregated->ttftP99Ms;
    return capacity ? capacity->result.ttftP99Ms : inference->ttftMs;
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
    else if (c.disaggregated && c.gpus > 0) // the pools' utilizations, weighted by their GPUs
        util = std::clamp((c.disaggregated->prefill.capacity.utilization * c.disaggregated->prefill.gpus()
                              + c.disaggregated->decode.capacity.utilization * c.disaggregated->decode.gpus())
                / c.gpus,
            0.05, 1.0);
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
    if (w.energy.electricityUsdPerKwh && *w.energy.electricityUsdPerKwh > 0)
        e.electricityCostUsd = e.kwh * *w.energy.electricityUsdPerKwh;
    return e;
}

} // namespace gpuplan::core

namespace gpuplan::core::detail {

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
    // No traffic stated: price the API at what the recommended deployment serves when busy (its operating point's
    // requests/s, all replicas), the load at which its monthly cost buys the most; "0 USD at this traffic" says
    // nothing. A disaggregated deployment's estimate is its decode replica's, so it gets no such rate.
    bool atCapacity = false;
    if (rate <= 0 && best && best->inference && !best->disaggregated) {
        rate = best->inference->requestsPerS;
        atCapacity = rate > 0;
    }
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
        c.requestsPerSecond = rate;
        c.atDeploymentCapacity = atCapacity;
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

namespace {

/// At most `count` of `names`, then "…".
std::string listSome(const std::vector<std::string>& names, std::size_t count = 12)
{
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < count; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > count)
        out += ", … (" + std::to_string(names.size()) + " in all)";
    return out;
}

Message unknownName(const MessageDef& def, const std::string& value, const std::vector<std::string>& known)
{
    const auto meant = nearMiss(value, known);
    return Message(def,
        {"\"" + value.substr(0, 60) + "\"", meant ? MessageArg(Message(msg::didYouMean, {*meant})) : MessageArg(""),
            listSome(known)});
}

} // namespace

std::optional<Error> checkConstraints(Workload& w, const PlanInputs& in)
{
    const Constraints& asked = w.constraints;
    if (!in.hasPrices()
        || (asked.providers.empty() && asked.countries.empty() && asked.regions.empty() && asked.maxInstances.empty()
            && (!w.inference || w.inference->instanceAvailability.empty())))
        return std::nullopt; // nothing to check against the catalog (which is not walked for nothing)
    std::set<std::string> providerSet, countrySet, regionSet;
    for (const auto& o : *in.offerings) {
        providerSet.insert(o.provider);
        if (!o.country.empty())
            countrySet.insert(o.country);
        regionSet.insert(o.region);
    }
    const std::vector<std::string> providers(providerSet.begin(), providerSet.end()),
        countries(countrySet.begin(), countrySet.end()), regions(regionSet.begin(), regionSet.end());
    const detail::JsonContext ctx {w.file.empty() ? std::string("workload") : w.file, nullptr, nullptr};
    Constraints& k = w.constraints;
    for (std::size_t i = 0; i < k.providers.size(); ++i) {
        auto match = detail::matchKnown(k.providers[i], providers);
        if (!match)
            return detail::errorAt(ctx, "/constraints/providers/" + std::to_string(i),
                unknownName(msg::unknownProvider, k.providers[i], providers));
        k.providers[i] = *match;
    }
    for (std::size_t i = 0; i < k.countries.size(); ++i) {
        auto match = detail::matchKnown(k.countries[i], countries);
        if (!match)
            return detail::errorAt(ctx, "/constraints/countries/" + std::to_string(i),
                unknownName(msg::unknownCountry, k.countries[i], countries));
        k.countries[i] = *match;
    }
    for (std::size_t i = 0; i < k.regions.size(); ++i) {
        std::string& pattern = k.regions[i];
        if (auto match = detail::matchKnown(pattern, regions)) {
            pattern = *match;
            continue;
        }
        const std::string lower = toLower(pattern);
        if (std::any_of(regions.begin(), regions.end(), [&](auto& r) { return globMatch(lower, toLower(r)); })) {
            pattern = lower; // a glob: regions are matched in lower case
            continue;
        }
        std::string closest;
        for (const auto& c : closestNames(pattern, regions, 3))
            closest += (closest.empty() ? "" : ", ") + c;
        return detail::errorAt(ctx, "/constraints/regions/" + std::to_string(i),
            Message(msg::regionMatchesNothing, {"\"" + pattern.substr(0, 60) + "\"", closest}));
    }
    std::map<std::string, int> quotas;
    for (const auto& [provider, n] : k.maxInstances) {
        auto match = detail::matchKnown(provider, providers);
        if (!match)
            return detail::errorAt(ctx, detail::appendPointer("/constraints/max_instances", provider),
                unknownName(msg::unknownProvider, provider, providers));
        quotas[*match] = n;
    }
    k.maxInstances = std::move(quotas);
    if (w.inference) {
        std::map<std::string, double> assumed;
        for (const auto& [provider, a] : w.inference->instanceAvailability) {
            auto match = detail::matchKnown(provider, providers);
            if (!match)
                return detail::errorAt(ctx, detail::appendPointer("/inference/instance_availability", provider),
                    unknownName(msg::unknownProvider, provider, providers));
            assumed[*match] = a;
        }
        w.inference->instanceAvailability = std::move(assumed);
    }
    return std::nullopt;
}

Workload resolveDefaults(const Workload& input, const PlanInputs& in)
{
    Workload w = input;
    if (w.inference && !w.inference->headroom)
        w.inference->headroom = in.defaults.servingHeadroom;
    if (!w.energy.pue && in.defaults.pue)
        w.energy.pue = in.defaults.pue;
    if (!w.energy.electricityUsdPerKwh)
        w.energy.electricityUsdPerKwh = in.defaults.electricityUsdPerKwh;
    if (in.calibrations && !in.calibrations->empty())
        w.calibrations = in.calibrations;
    if (in.servingCalibrations && !in.servingCalibrations->empty())
        w.servingCalibrations = in.servingCalibrations;
    return w;
}

} // namespace gpuplan::core::detail

namespace gpuplan::core {

namespace {
/// The serving latency targets divided by the range's upper factor: met there, they are met across the range.
void sizeToLatencyRange(Workload& w, double factor)
{
    auto& slo = w.inference->slo;
    if (slo.tpotP99Ms)
        *slo.tpotP99Ms /= factor;
    if (slo.ttftP99Ms)
        *slo.ttftP99Ms /= factor;
}

/// The 5 % rule, in one step: when the cheapest candidate meets its latency targets at the estimate but not across
/// its 80 % range ("at risk"), the cheapest candidate that meets them across the range goes first if it costs at
/// most safeLatencyPremium (5 %) more — one already in the plan, else the cheapest of the workload sized to the
/// range as strict_slo sizes it (only then is the plan made twice) — and a note says what it costs; otherwise a
/// note says the recommendation is at risk. Ranking by cost only: the rule weighs latency against money.
void preferSafeLatency(Plan& plan, const Workload& w, const PlanInputs& in, const CancelFlag* cancel)
{
    auto& all = plan.candidates;
    if (!w.inference || w.constraints.objective != "cost" || all.empty() || !all.front().pricing
        || !all.front().pricing->sloAtRisk)
        return;
    const double cheapest = all.front().pricing->costUsd;
    auto affordable = [&](const Candidate& c) { return c.pricing->costUsd <= cheapest * (1.0 + safeLatencyPremium); };
    auto preferred = [&](const Candidate& c) {
        const double more = cheapest > 0 ? (c.pricing->costUsd / cheapest - 1.0) * 100.0 : 0.0;
        plan.notes.insert(plan.notes.begin(), Message(msg::noteSloPreference, {fixed(more, 1)}));
    };
    auto safe
        = std::find_if(all.begin(), all.end(), [](const Candidate& c) { return c.pricing && !c.pricing->sloAtRisk; });
    if (safe != all.end() && affordable(*safe)) {
        preferred(*safe);
        std::rotate(all.begin(), safe, safe + 1);
        return;
    }
    Workload strict = w;
    strict.constraints.strictSlo = true;
    sizeToLatencyRange(strict, in.servingLatencyHigh);
    // Only the cheapest strictly sized deployment matters, and only if it is affordable. Sized to tighter targets, a
    // deployment needs at least the instances and replicas it needs now (every count that meets the tighter
    // targets meets these), so its cost now is a lower bound of its strict cost: an offering whose every candidate
    // here costs more than the ceiling cannot be affordable. The strict plan is made over the instance types that
    // have an affordable candidate, in every zone of their region (so that a zonal spot price still finds its
    // region's on-demand price).
    using Type = std::tuple<std::string_view, std::string_view, std::string_view>; // views into `all`
    std::set<Type> types;
    for (const Candidate& c : all)
        if (c.pricing && affordable(c))
            types.emplace(c.pricing->offering.provider, c.pricing->offering.region, c.pricing->offering.instanceType);
    auto offerings = std::make_shared<std::vector<Offering>>();
    for (const Offering& o : *in.offerings)
        if (types.count(Type {o.provider, o.region, o.instanceType}))
            offerings->push_back(o);
    PlanInputs narrowed = in;
    narrowed.offerings = std::move(offerings);
    narrowed.findings = nullptr; // they index the whole catalog; the strict plan's notes are not kept
    Plan resized = detail::pricedPlan(strict, narrowed, cancel);
    if (!resized.candidates.empty() && resized.candidates.front().pricing && affordable(resized.candidates.front())) {
        preferred(resized.candidates.front());
        all.insert(all.begin(), std::move(resized.candidates.front()));
        detail::markParetoFront(all, true);
        return;
    }
    plan.notes.insert(plan.notes.begin(), Message(msg::noteSloRiskRecommended));
}
} // namespace

namespace {

/// What a serving plan says about calibrations from benchmark results: which ones its candidates use (by which file,
/// the other GPUs keeping the shipped factors), or, when none applies, for what they are stored.
void noteServingCalibrations(Plan& plan, const Workload& w)
{
    if (!w.servingCalibrations || w.servingCalibrations->empty())
        return;
    std::vector<std::shared_ptr<const ServingCalibration>> used;
    const auto use = [&](const Candidate& c) {
        if (c.servingCalibration && std::find(used.begin(), used.end(), c.servingCalibration) == used.end())
            used.push_back(c.servingCalibration);
    };
    if (plan.pinned)
        use(*plan.pinned);
    for (const auto& c : plan.candidates)
        use(c);
    for (const auto& cal : used) {
        const std::string engine = cal->engine == ServingEngine::Vllm ? "vLLM"
            : cal->engine == ServingEngine::Sglang                    ? "SGLang"
                                                                      : "TensorRT-LLM";
        plan.notes.push_back(Message(msg::noteServingCalibrated,
            {cal->gpuId, engine + (cal->engineVersion.empty() ? std::string() : " " + cal->engineVersion), cal->family,
                cal->file, cal->format, cal->importedAt.substr(0, 10)}));
    }
    plan.servingCalibrations = used;
    if (used.empty()) {
        std::string stored;
        for (const auto& entry : *w.servingCalibrations)
            stored += (stored.empty() ? "" : "; ") + entry.second->gpuId + ", " + entry.second->family + ", "
                + std::string(toString(entry.second->engine));
        plan.notes.push_back(Message(msg::noteServingCalibratedElsewhere, {stored}));
    }
}

} // namespace

Result<Plan> planWorkload(const Workload& input, const PlanInputs& in, const CancelFlag* cancel)
{
    if (!in.gpus)
        return Error {ErrorCode::InvalidInput, "plan inputs: no GPU catalog"};
    if (in.currency != "USD" && !in.fx.find(in.currency)) {
        std::string known = "USD";
        for (const auto& r : in.fx.rates())
            known += ", " + r.currency;
        return Error {
            ErrorCode::InvalidInput, "currency: no exchange rate for \"" + in.currency + "\" (known: " + known + ")"};
    }
    Workload w = detail::resolveDefaults(input, in);
    if (auto bad = detail::checkConstraints(w, in))
        return *bad;
    // strict_slo: every candidate is sized to meet its latency targets across the estimate's 80 % range, i.e. to
    // the targets divided by the range's upper factor (a note says so); nothing is then "at risk".
    std::optional<Message> strictNote;
    if (w.constraints.strictSlo && w.inference && in.servingLatencyHigh > 1.0
        && (w.inference->slo.tpotP99Ms || w.inference->slo.ttftP99Ms)) {
        auto& slo = w.inference->slo;
        const double h = in.servingLatencyHigh;
        strictNote = Message(msg::noteStrictSlo,
            {fixed(h, 2), slo.tpotP99Ms ? fixed(*slo.tpotP99Ms / h, 1) : std::string("-"),
                slo.ttftP99Ms ? fixed(*slo.ttftP99Ms / h, 0) : std::string("-")});
        sizeToLatencyRange(w, h);
    }
    const bool priced = in.hasPrices();
    Plan plan;
    // The estimate-only plan gives the pinned estimate; unpinned it is only needed without prices.
    if (w.hardware || !priced)
        plan = detail::estimatePlan(w, *in.gpus, cancel);
    if (priced) {
        Plan p = detail::pricedPlan(w, in, cancel);
        plan.candidates = std::move(p.candidates);
        plan.excluded = std::move(p.excluded);
        plan.notes = std::move(p.notes);
        if (p.pinned)
            plan.pinned = std::move(p.pinned);
        if (strictNote)
            plan.notes.insert(plan.notes.begin(), *strictNote);
        if (!strictNote)
            preferSafeLatency(plan, w, in, cancel);
        if (w.kind == WorkloadKind::Inference)
            detail::addServingComparisons(
                plan, w, in.hostedApis ? *in.hostedApis : std::vector<HostedApi> {}, in.fx, *in.gpus);
    }
    if (cancel && cancel->load())
        return Error {ErrorCode::Cancelled, "planning was cancelled"};
    if (w.kind == WorkloadKind::Inference)
        noteServingCalibrations(plan, w);
    plan.gpus = in.gpus;
    plan.defaults = in.defaults;
    plan.priced = priced;
    plan.currency = priced ? in.currency : std::string("USD");
    return plan;
}

} // namespace gpuplan::core
