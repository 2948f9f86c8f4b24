// The priced plan, step by step (planner_steps.h): admit an offering, choose instance counts, price each
// candidate (data costs, serving extras), rank, mark the Pareto front, select the exclusions to list.
#include "planner_steps.h"

#include "serving_calibration.h"

#include "catalog_check.h"
#include "tuple_hash.h"
#include "workers.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <string_view>
#include <thread>
#include <tuple>
#include <unordered_map>

namespace gpuplan::core {

double instanceAvailability(const Workload& w, const std::string& provider, const Geography* geo)
{
    if (w.inference) {
        auto it = w.inference->instanceAvailability.find(provider);
        if (it != w.inference->instanceAvailability.end())
            return it->second;
    }
    const SlaTerms* s = geo ? geo->sla(provider, "single_instance") : nullptr;
    return s ? s->monthlyUptime : noSlaReplicaAvailability;
}

std::shared_ptr<const OfferingIndex> indexOfferings(std::shared_ptr<const std::vector<Offering>> offerings)
{
    auto index = std::make_shared<OfferingIndex>();
    if (offerings) {
        const auto& all = *offerings;
        index->onDemand = onDemandIndex(all);
        // Views into the offerings, which the index keeps alive.
        using Class = std::tuple<long, std::string_view, int, int, int, std::string_view, int, long long, long long>;
        std::unordered_map<Class, std::uint32_t, detail::TupleHash> classes;
        std::unordered_map<std::string_view, std::uint32_t> regions;
        index->firstPrice.reserve(all.size() + 1);
        for (std::size_t i = 0; i < all.size(); ++i) {
            const Offering& o = all[i];
            index->firstPrice.push_back(index->prices.size());
            const auto region = regions.try_emplace(o.region, static_cast<std::uint32_t>(regions.size())).first->second;
            for (const Price& p : o.prices) {
                const Class key {std::lround(o.gpuCount), o.provider, static_cast<int>(p.pricingModel), p.termMonths,
                    static_cast<int>(p.paymentOption), p.currency, p.interruptionBucket.value_or(-1),
                    std::llround(o.billingGranularityS * 1e3), std::llround(o.minimumBillingS * 1e3)};
                OfferingIndex::PriceTwin t;
                t.twinClass = classes.try_emplace(key, static_cast<std::uint32_t>(classes.size())).first->second;
                t.region = region;
                t.pricingModel = p.pricingModel;
                t.spotAboveOnDemand = spotAboveOnDemand(p, index->onDemand.price[i]);
                t.hourly = p.effectiveHourly();
                index->prices.push_back(t);
            }
        }
        index->firstPrice.push_back(index->prices.size());
    }
    index->offerings = std::move(offerings);
    return index;
}

} // namespace gpuplan::core

namespace gpuplan::core::detail {

namespace {

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// Why an estimate cannot serve the workload, in one line ("does not fit on 8 × H100: needs 93 GiB per GPU").
Message unfitReason(const Candidate& c)
{
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    auto doesNotFit = [&](double required) {
        return Message(msg::doesNotFitOn,
            {std::to_string(c.gpus), c.gpu->id, fixed(std::ceil(required / GiB), 0),
                fixed(c.gpu->memoryBytes / GiB, 0)});
    };
    if (c.training && !c.training->fit.fits)
        return doesNotFit(c.training->fit.requiredBytes);
    if (c.inference) {
        if (!c.inference->fit.fits)
            return doesNotFit(c.inference->fit.requiredBytes);
        if (!c.inference->fit.suggestions.empty())
            return c.inference->fit.suggestions.back();
    }
    if (c.batch && !c.batch->runs)
        return c.batch->note;
    return Message(msg::notFeasible);
}

bool allowedPricing(const Constraints& k, PricingModel m)
{
    if (k.pricing.empty())
        return true;
    return std::find(k.pricing.begin(), k.pricing.end(), std::string(toString(m))) != k.pricing.end();
}

/// Whether the workload keeps or sends data that dataCosts() prices (storage and egress rates are regional).
bool hasDataCosts(const Workload& w)
{
    return w.data && (w.data->datasetGb > 0 || w.data->checkpointGb > 0 || w.data->egressGbPerMonth > 0);
}

bool cancelled(const CancelFlag* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

Admission admitOffering(const Workload& w, const Offering& o, const GpuCatalog& gpus)
{
    const Constraints& k = w.constraints;
    Admission a;
    auto exclude = [&](Message reason) {
        a.kind = Admission::Kind::Exclude;
        a.reason = std::move(reason);
        return a;
    };
    if (!k.providers.empty() && std::find(k.providers.begin(), k.providers.end(), o.provider) == k.providers.end()) {
        a.kind = Admission::Kind::Skip;
        return a;
    }
    if (!k.regions.empty()
        && std::none_of(k.regions.begin(), k.regions.end(), [&](auto& g) { return globMatch(g, o.region); }))
        return exclude(Message(msg::regionNotAllowed, {o.region}));
    if (!k.countries.empty() && std::find(k.countries.begin(), k.countries.end(), o.country) == k.countries.end())
        return exclude(o.country.empty() ? Message(msg::countryUnknown) : Message(msg::countryNotAllowed, {o.country}));
    if (o.gpuCount < 1) {
        char share[32];
        std::snprintf(share, sizeof share, "%g", o.gpuCount); // 0.125, not 0.125000
        return exclude(Message(msg::fractionalGpu, {share}));
    }
    // No instance holds more GPUs than a rack-scale NVLink system (GB200 NVL72: 72); a row claiming 2^32 is
    // broken data, and the count multiplies into ints downstream.
    if (!(o.gpuCount <= maxGpusPerInstance))
        return exclude(Message(msg::gpuCountRange, {std::to_string(maxGpusPerInstance), std::to_string(o.gpuCount)}));
    const GpuSpec* g = gpus.lookup(o.gpuModel);
    if (!g)
        return exclude(Message(msg::noDatasheet, {o.gpuModel}));
    if (w.hardware && g->id != w.hardware->gpu) {
        a.kind = Admission::Kind::Skip; // the workload pins another GPU model
        return a;
    }
    if (w.kind == WorkloadKind::Inference
        && !servingPrecisionSupport(*g, w.inference->weightPrecision, w.model.isMoe()).supported)
        return exclude(Message(
            msg::precisionUnsupported, {std::string(toString(w.inference->weightPrecision)), g->id, g->architecture}));
    if (o.prices.empty())
        return exclude(Message(msg::noPrice));
    a.gpu = g;
    return a;
}

std::optional<int> smallestFeasibleCount(int maxCount, const std::function<bool(int)>& feasible, int* largestInfeasible,
    const std::function<int(int)>& guess)
{
    int lo = 0; // largest count known infeasible
    int hi = 0; // smallest count known feasible
    if (largestInfeasible)
        *largestInfeasible = 0;
    if (maxCount < 1)
        return std::nullopt;
    // Doubling (or, once, the guess): each try is strictly larger than the last, and maxCount is the last one.
    bool guessUsed = false, guessed = false; // guessed: the try is the guess
    for (long long n = 1;;) {
        const int c = static_cast<int>(std::min<long long>(n, maxCount));
        if (feasible(c)) {
            hi = c;
            break;
        }
        lo = c;
        if (c == maxCount) {
            if (largestInfeasible)
                *largestInfeasible = lo;
            return std::nullopt;
        }
        const int g = guess && !guessUsed ? guess(c) : 0;
        guessed = g > c;
        guessUsed |= guessed;
        n = guessed ? static_cast<long long>(g) : 2LL * c;
    }
    // Feasibility is not monotone in every case (a layout runs on counts its replica divides: 8 instances may hold
    // two 32-GPU replicas where 15 hold none), so the counts the doubling would have tried below a feasible guess are
    // tried too: a guess never ends the search above where the doubling would have.
    if (guessed)
        for (long long p = 2LL * lo; p < hi; p *= 2) {
            if (feasible(static_cast<int>(p))) {
                hi = static_cast<int>(p);
                guessed = false; // bisection below it, as after plain doubling
                break;
            }
            lo = static_cast<int>(p);
        }
    // A guess that was feasible is most likely just enough or a little more: down from it in doubling steps (1, 2, 4,
    // …) to the first infeasible count, then bisection.
    for (long long step = 1; guessed && hi - step > lo; step *= 2) {
        const int c = static_cast<int>(hi - step);
        if (!feasible(c)) {
            lo = c;
            break;
        }
        hi = c;
    }
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        if (feasible(mid))
            hi = mid;
        else
            lo = mid;
    }
    if (largestInfeasible)
        *largestInfeasible = lo;
    return hi;
}

std::size_t offeringWorkers(std::size_t offerings, std::size_t groups, unsigned threads)
{
    constexpr std::size_t offeringsPerWorker = 256, maxWorkers = 8;
    // std::thread::hardware_concurrency() may say 0: not known.
    const std::size_t cores = threads > 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
    return std::max<std::size_t>(1, std::min({cores, groups, offerings / offeringsPerWorker, maxWorkers}));
}

int instanceQuota(const Workload& w, const Offering& o, const PlanDefaults& defaults)
{
    auto quota = w.constraints.maxInstances.find(o.provider);
    return quota != w.constraints.maxInstances.end() ? quota->second : defaults.maxInstances;
}

const StorageRate* storageRate(const std::vector<StorageRate>* rates, const Offering& o)
{
    const StorageRate* rate = nullptr;
    if (rates)
        for (const auto& s : *rates)
            if (s.provider == o.provider && globMatch(s.region, o.region))
                rate = &s; // the last match: later, narrower globs override broader ones
    return rate;
}

DataCost dataCosts(
    const Workload& w, const Offering& o, const std::vector<StorageRate>* rates, const FxTable& fx, double months)
{
    DataCost d;
    if (!hasDataCosts(w))
        return d;
    const StorageRate* rate = storageRate(rates, o);
    const bool own = w.data->storagePricePerGbMonth || w.data->egressPricePerGb;
    const std::string cur = own ? w.data->currency : (rate ? rate->currency : "USD");
    const double storePrice = w.data->storagePricePerGbMonth.value_or(rate ? rate->storagePerGbMonth : 0);
    const double egressPrice = w.data->egressPricePerGb.value_or(rate ? rate->egressPerGb : 0);
    auto st = fx.convert((w.data->datasetGb + w.data->checkpointGb) * storePrice * months, cur, "USD");
    auto eg = fx.convert(w.data->egressGbPerMonth * months * egressPrice, cur, "USD");
    d.storageUsd = st ? *st : 0;
    d.egressUsd = eg ? *eg : 0;
    d.note = own ? Message(msg::dataOwnRates)
        : rate   ? Message(msg::dataRates, {rate->source, rate->asOf})
                 : Message(msg::dataNotPriced, {o.provider});
    return d;
}

AvailabilityInfo servingAvailability(
    const Workload& w, const Offering& o, const Price& p, const CapacityPlan& cap, const Geography* geo)
{
    AvailabilityInfo a;
    a.expected = cap.result.availability;
    a.target = w.inference->availability;
    a.downtimeMinutesPerMonth = downtimeMinutes(a.expected, hoursPerMonth);
    if (a.target)
        a.allowedDowntimeMinutesPerMonth = downtimeMinutes(*a.target, hoursPerMonth);
    // Two or more replicas are taken to run in different zones: the provider's multi-zone terms apply; one
    // replica is a single instance. Spot capacity carries no SLA.
    const SlaTerms* sla
        = geo ? geo->sla(o.provider, cap.result.total() > 1 ? "multi_zone" : "single_instance") : nullptr;
    if (sla) {
        a.slaScope = sla->scope;
        a.slaUptime = sla->monthlyUptime;
        a.slaSource = sla->source;
        if (p.pricingModel != PricingModel::Spot || sla->spotCovered)
            a.expectedCreditPct = expectedSlaCreditPct(sla->tiers, a.expected);
    } else if (!geo || !geo->sla(o.provider, "single_instance")) {
        a.slaScope = "none";
        a.slaSource = "no published SLA: each instance assumed 99.0 % available (core/planner.h "
                      "noSlaReplicaAvailability, below AWS EC2's 99.5 % instance-level SLA)";
    }
    a.replicaAvailability = cap.replicaAvailability;
    using Basis = AvailabilityInfo::Basis;
    a.replicaAvailabilityBasis = w.inference->instanceAvailability.count(o.provider) ? Basis::Workload
        : a.slaScope == "none"                                                       ? Basis::NoSlaDefault
                                                                                     : Basis::Sla;
    if (a.replicaAvailabilityBasis == Basis::Workload) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.6g", 100.0 * cap.replicaAvailability);
        a.replicaAvailabilitySource
            = std::string("workload inference.instance_availability: each instance assumed ") + buf + " % available";
    } else if (a.replicaAvailabilityBasis == Basis::NoSlaDefault) {
        a.replicaAvailabilitySource = a.slaSource;
    } else {
        a.replicaAvailabilitySource = "the provider's single-instance SLA";
    }
    return a;
}

void reservedMix(Pricing& pr, const Offering& o, const Price& onDemand, const CapacityPlan& cap, const FxTable& fx,
    const std::string& currency)
{
    if (!cap.autoscale || onDemand.hourlyRate <= 0)
        return;
    const Price* commit = nullptr;
    for (const auto& q : o.prices)
        if ((q.pricingModel == PricingModel::Reserved || q.pricingModel == PricingModel::SavingsPlan
                || q.pricingModel == PricingModel::CommittedUse || q.pricingModel == PricingModel::Subscription)
            && q.currency == onDemand.currency && (!commit || q.effectiveHourly() < commit->effectiveHourly()))
            commit = &q;
    if (!commit)
        return;
    const int perInstance = std::max(1, static_cast<int>(std::lround(o.gpuCount)));
    const auto& needed = cap.autoscale->needed;
    const double u = commit->effectiveHourly() / onDemand.hourlyRate;
    const int baseline = reservedBaseline(needed, u);
    const double gpr = cap.gpusPerReplica, per = perInstance;
    const double od = onDemand.hourlyRate / per, rv = commit->effectiveHourly() / per; // per GPU-hour
    double burst = 0, all = 0;
    for (int need : needed) {
        burst += std::max(0, need - baseline) * gpr;
        all += need * gpr;
    }
    const double scale = hoursPerMonth / double(needed.size());
    const double mix = baseline * gpr * hoursPerMonth * rv + burst * scale * od;
    auto mixOut = fx.convert(mix, onDemand.currency, currency);
    auto allOut = fx.convert(all * scale * od, onDemand.currency, currency);
    if (!mixOut || !allOut)
        return;
    pr.reservedBaselineReplicas = baseline;
    pr.reservedBaselineBreakEven = u;
    pr.reservedMixMonthlyCost = *mixOut;
    pr.allOnDemandMonthlyCost = *allOut;
}

namespace {

/// The time the `time` objective ranks by: a serving user's whole request (TTFT + output × TPOT), a job's wall time.
double timeOf(const Candidate& c, bool service)
{
    return service ? c.latencyMs() : c.wallHours;
}

/// The time of the Pareto front, the chart's x axis: serving deployments are all sized to the TPOT target, so
/// they differ by their p99 time to first token (queueing and prefill); a job by its wall time.
double frontTime(const Candidate& c, bool service)
{
    return service ? c.ttftP99Ms() : c.wallHours;
}

} // namespace

void rankCandidates(std::vector<Candidate>& candidates, const std::string& objective, bool service)
{
    const bool byTime = objective == "time";
    const bool byCarbon = objective == "carbon";
    // Sort indices, then move each candidate once (candidates are large: sorting them in place moves each one
    // log n times).
    std::vector<std::size_t> idx(candidates.size());
    std::iota(idx.begin(), idx.end(), std::size_t {0});
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t ia, std::size_t ib) {
        const Candidate &a = candidates[ia], &b = candidates[ib];
        if (byTime && timeOf(a, service) != timeOf(b, service))
            return timeOf(a, service) < timeOf(b, service);
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
        sorted.push_back(std::move(candidates[i]));
    candidates = std::move(sorted);
}

void markParetoFront(std::vector<Candidate>& candidates, bool service)
{
    // Sweep by time, then cost: a candidate is dominated when one at most as slow is cheaper. Candidates equal
    // in both to the last point on the front are on it too.
    std::vector<std::size_t> order(candidates.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto &ca = candidates[a], &cb = candidates[b];
        if (frontTime(ca, service) != frontTime(cb, service))
            return frontTime(ca, service) < frontTime(cb, service);
        return ca.pricing->costUsd < cb.pricing->costUsd;
    });
    double bestCost = std::numeric_limits<double>::infinity();
    double bestTime = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i : order) {
        auto& c = candidates[i];
        const double cost = c.pricing->costUsd, t = frontTime(c, service);
        if (cost < bestCost) {
            c.pricing->pareto = true;
            bestCost = cost;
            bestTime = t;
        } else if (cost == bestCost && t == bestTime) {
            c.pricing->pareto = true; // an equal twin of a point on the front
        } else {
            c.pricing->pareto = false;
        }
    }
}

std::vector<Exclusion> selectExclusions(
    std::vector<Exclusion> all, const std::map<std::string, UnfitGpu>& unfitByGpu, int maxExcluded)
{
    std::vector<Exclusion> out;
    for (const auto& [gpu, unfit] : unfitByGpu)
        out.push_back({gpu,
            unfit.gpusPerInstance > 0
                ? Message(msg::unfitOnInstances, {std::to_string(unfit.gpusPerInstance), unfit.reason})
                : unfit.reason,
            "", "", "", "", 0});
    // Sorted by index, not moved about: an exclusion is seven strings and a message, and thousands are made.
    std::vector<std::size_t> order(all.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
        const Exclusion &a = all[i], &b = all[j];
        const bool ac = a.costUsd > 0, bc = b.costUsd > 0;
        if (ac != bc)
            return ac;
        return a.costUsd < b.costUsd;
    });
    const std::size_t limit = static_cast<std::size_t>(std::max(0, maxExcluded)) + unfitByGpu.size();
    // An unpriced reason repeated for one provider's GPU (a GPU without a datasheet in every region and zone) is
    // listed once: the list is for telling options apart.
    // Messages compared as they are, not formatted: thousands of exclusions may be looked at.
    auto saidBefore = [](const Exclusion* a, const Exclusion* b) {
        if (const int g = a->gpu.compare(b->gpu))
            return g < 0;
        if (const int p = a->provider.compare(b->provider))
            return p < 0;
        return compare(a->reason, b->reason) < 0;
    };
    std::set<const Exclusion*, decltype(saidBefore)> said(saidBefore);
    for (const std::size_t i : order) {
        if (out.size() >= limit)
            break;
        Exclusion& e = all[i];
        auto u = unfitByGpu.find(e.gpu);
        if (u != unfitByGpu.end() && compare(e.reason, u->second.reason) == 0)
            continue;
        if (e.costUsd <= 0 && !said.insert(&e).second)
            continue;
        out.push_back(e); // copied: `said` points into `all`
    }
    return out;
}

namespace {

/// The pricing loop's shared state: the estimate cache, exclusions, and what every candidate reads.
class PricedPlanner
{
public:
    PricedPlanner(const Workload& w, const PlanInputs& in, const CancelFlag* cancel)
        : m_w(w)
        , m_in(in)
        , m_cancel(cancel)
        , m_service(w.kind == WorkloadKind::Inference)
    {
        if (w.kind == WorkloadKind::Batch) {
            auto r = in.gpus->find(w.batch->referenceGpu);
            m_reference = r ? *r : nullptr;
        }
    }

    Plan run();

private:
    void dateThePrices();
    /// A note for each catalog-check warning on the recommended price (ages have their own note).
    void noteCheckFindings();
    /// The quotas the recommendation runs into: the plan's assumed instance quota, and the provider's own where its
    /// unit is published (AWS vCPUs per instance family, Google GPUs per model, Azure vCPUs per VM family).
    void noteQuotas();
    /// Estimates depend only on the GPU model, count, replica availability and the instance topology: computed
    /// once, shared by every offering and price. On instances of `o` the GPUs share NVLink (tensor parallelism
    /// stays inside one instance) and the instances talk over its network (the catalog's network_gbps, else
    /// defaultInstanceNetworkGbps).
    /// The instance network decides only a training job that spans instances (its TP, EP and DP collectives) and a
    /// mixture of experts served over several instances (a wide expert-parallel replica's all-to-all; other serving
    /// estimates cost pipeline hops at fixed figures, and batch jobs do not talk): elsewhere it is no part of the
    /// estimate, and offerings that differ only in their network share one.
    bool networkCanMatter() const
    {
        return m_w.kind == WorkloadKind::Training || (m_w.kind == WorkloadKind::Inference && m_w.model.isMoe());
    }
    bool networkMatters(int count, int perInstance) const { return networkCanMatter() && count > perInstance; }
    const Candidate& estimate(const GpuSpec& g, int count, double ra, const Offering& o)
    {
        const int perInstance = std::max(1, static_cast<int>(std::lround(o.gpuCount)));
        const double gbps = !networkMatters(count, perInstance) ? 0.0
            : o.networkGbps > 0                                 ? o.networkGbps
                                                                : defaultInstanceNetworkGbps;
        const InstanceTopology topology {perInstance, gbps * 1e9 / 8.0 / perInstance};
        auto key = std::make_tuple(&g, count, std::llround(ra * 1e9), perInstance, std::llround(gbps * 1e3));
        auto it = m_cache.find(key);
        if (it != m_cache.end())
            return it->second;
        const HardwarePin* pin = m_w.hardware ? &*m_w.hardware : nullptr;
        if (m_w.kind != WorkloadKind::Inference)
            return m_cache.emplace(key, evaluate(m_w, g, count, pin, m_reference, ra, topology)).first->second;
        // Serving: the estimate (the layout search, the step model) does not depend on how often an instance is up,
        // only its fleet does, so providers with different availabilities share one estimate and each sizes its
        // own fleet from it.
        auto unsizedKey = std::make_tuple(&g, count, perInstance, std::llround(gbps * 1e3));
        auto u = m_unsized.find(unsizedKey);
        if (u == m_unsized.end()) {
            Unsized e;
            e.best = evaluate(m_w, g, count, pin, m_reference, ra, topology, false, &m_replicas, &e.smaller);
            u = m_unsized.emplace(unsizedKey, std::move(e)).first;
        }
        Candidate c = u->second.best;
        const bool estimateFits = c.fits;
        planServingCapacity(m_w, c, ra, perInstance);
        // The best layout's fleet does not fit this count (it needs more replicas, or more spares of its large
        // replicas, than the count holds): the first layout of smaller replicas whose fleet does is taken instead.
        if (estimateFits && !c.fits)
            for (const Candidate& smaller : u->second.smaller) {
                Candidate s = smaller;
                planServingCapacity(m_w, s, ra, perInstance);
                if (s.fits) {
                    c = std::move(s);
                    break;
                }
            }
        return m_cache.emplace(key, std::move(c)).first->second;
    }
    /// The energy of `c` over `hours` in the region of `o` (its grid's carbon intensity, unless the workload
    /// states one).
    EnergyInfo energyOn(const Candidate& c, const Offering& o, double hours) const
    {
        const RegionInfo* ri = m_in.geography ? m_in.geography->region(o.provider, o.region) : nullptr;
        return energyFor(m_w, c, hours,
            m_w.energy.gridKgPerKwh ? m_w.energy.gridKgPerKwh : (ri ? ri->gridKgPerKwh : std::nullopt),
            m_w.energy.gridKgPerKwh ? std::string("workload energy.grid_kg_co2e_per_kwh")
                                    : (ri ? ri->gridSource : std::string()));
    }
    /// Each serving replica is up as often as the workload assumes for its provider (inference.instance_availability),
    /// else as the provider's single-instance SLA promises, else noSlaReplicaAvailability.
    double instanceAvailability(const Offering& o) const
    {
        return core::instanceAvailability(m_w, o.provider, m_in.geography.get());
    }
    bool feasible(const Candidate& c) const
    {
        return c.fits && (!m_w.constraints.deadlineHours || c.wallHours <= *m_w.constraints.deadlineHours);
    }
    /// Marks serving candidates that meet their latency targets at the estimate but not at the upper end of its
    /// 80 % range (PlanInputs::servingLatencyHigh): the p99 TTFT and the TPOT.
    void assessSloRisk()
    {
        const double high = m_in.servingLatencyHigh;
        if (!m_w.inference || !(high > 1.0))
            return;
        const auto& slo = m_w.inference->slo;
        // The risk depends on the TPOT and the p99 TTFT alone, which the candidates of one estimate and fleet share:
        // each message is written once (hundreds of candidates, a few dozen estimates).
        std::map<std::pair<double, double>, std::optional<Message>> risks;
        for (auto& c : m_plan.candidates) {
            if (!c.inference || !c.pricing)
                continue;
            const double tpot = c.inference->tpotMs, ttft = c.ttftP99Ms();
            auto [it, fresh] = risks.try_emplace(std::make_pair(tpot, ttft));
            if (fresh) {
                if (slo.tpotP99Ms && tpot * high > *slo.tpotP99Ms)
                    it->second = Message(
                        msg::sloAtRisk, {"TPOT", fixed(tpot, 1), fixed(*slo.tpotP99Ms, 1), fixed(tpot * high, 1)});
                else if (slo.ttftP99Ms && ttft * high > *slo.ttftP99Ms)
                    it->second = Message(
                        msg::sloAtRisk, {"p99 TTFT", fixed(ttft, 1), fixed(*slo.ttftP99Ms, 1), fixed(ttft * high, 1)});
            }
            if (it->second) {
                c.pricing->sloAtRisk = true;
                c.pricing->sloRisk = *it->second;
            }
        }
    }

    /// The negotiated discount on `o`'s provider (a fraction; 0 without one).
    double discountFor(const Offering& o) const
    {
        auto d = m_in.discounts.find(o.provider);
        return d == m_in.discounts.end() ? 0.0 : d->second;
    }
    /// Requests/s a month of service carries on average: the profile's mean, else the peak.
    double servedRate() const
    {
        const auto& spec = *m_w.inference;
        return spec.profile.empty()
            ? spec.peakRate()
            : std::accumulate(spec.profile.begin(), spec.profile.end(), 0.0) / double(spec.profile.size());
    }
    /// Serving with the users located: the network round trip to the region of `o` into `pr`; false (and the
    /// offering excluded) when that round trip and `ttftMs` miss inference.e2e_latency_p99_ms.
    bool reachesUsers(Pricing& pr, const Offering& o, double ttftMs, const std::string& model, double costUsd)
    {
        if (!m_users || !m_in.geography)
            return true;
        const RegionInfo* ri = m_in.geography->region(o.provider, o.region);
        if (!ri || !ri->latitude || !ri->longitude)
            return true;
        pr.networkRttMs
            = fibreRttMs(greatCircleKm(m_users->latitude, m_users->longitude, *ri->latitude, *ri->longitude));
        const auto& target = m_w.inference->e2eLatencyP99Ms;
        if (target && *pr.networkRttMs + ttftMs > *target) {
            exclude(o,
                Message(msg::networkExceedsTarget, {fixed(*pr.networkRttMs, 0), fixed(ttftMs, 0), fixed(*target, 0)}),
                model, costUsd);
            return false;
        }
        return true;
    }

    void exclude(const Offering& o, Message reason, const std::string& pricing = "", double usd = 0)
    {
        m_excluded.push_back({o.gpuModel, std::move(reason), o.provider, o.region, o.instanceType, pricing, usd});
    }

    /// Serving with inference.disaggregation auto or pinned: the candidates with separate prefill and decode pools
    /// (see the definition), added to m_plan.candidates beside the co-located ones.
    void planDisaggregated(const std::vector<Admission>& admitted, const std::vector<std::vector<bool>>& keep);
    /// The best replica of each side on a GPU model with `perInstance` GPUs per instance (estimated once).
    struct PoolReplicas
    {
        std::optional<PrefillReplica> prefill;
        std::optional<DecodeReplica> decode;
        /// The best replica of each side spanning several instances (wide expert parallelism; mixtures of experts).
        std::optional<PrefillReplica> widePrefill;
        std::optional<DecodeReplica> wideDecode;
        Message prefillUnfit, decodeUnfit;
    };
    /// `networkPerGpu`: each GPU's share of the instance network (bytes/s), what a wide replica's all-to-all crosses.
    const PoolReplicas& poolReplicas(const GpuSpec& datasheet, int perInstance, double networkPerGpu);
    /// An offering's price as one side's pool.
    struct PoolOption
    {
        std::size_t offering = 0, price = 0;
        const GpuSpec* gpu = nullptr;
        int perInstance = 1;
        double networkPerGpu = 0;
        bool wide = false;        ///< the replica spans instances (PoolReplicas::widePrefill / wideDecode)
        double perRequestUsd = 0; ///< USD an hour per request/s of capacity
    };
    /// Sizes, prices and adds (or excludes) the pairing of a prefill and a decode pool.
    void priceDisaggregated(const PoolOption& prefill, const PoolOption& decode);
    /// After ranking: how the best disaggregated plan compares with the best co-located one, in the candidates and a
    /// note.
    void compareDisaggregated();

    /// Which prices of which offerings are worth estimating (see run()).
    std::vector<std::vector<bool>> undominated(const std::vector<Admission>& admitted, std::size_t& pruned) const;
    std::vector<int> instanceCounts(const Offering& o, const GpuSpec& g);
    /// The co-located candidates and exclusions of offering `i`: its admission, instance counts and kept prices.
    void planOffering(
        std::size_t i, const std::vector<Admission>& admitted, const std::vector<std::vector<bool>>& keep);
    /// planOffering for every offering, on several threads for a large catalog, the results in offering order.
    void planOfferings(const std::vector<Admission>& admitted, const std::vector<std::vector<bool>>& keep);
    /// `ownOnDemand`: `onDemand` is the offering's own price (else its region's: OnDemandIndex).
    void priceOne(
        const Offering& o, const GpuSpec& g, int instances, const Price& p, const Price* onDemand, bool ownOnDemand);

    const Workload& m_w;
    const PlanInputs& m_in;
    const CancelFlag* m_cancel;
    const bool m_service;
    const GpuSpec* m_reference = nullptr;
    std::optional<Location> m_users;
    std::optional<double> m_budgetUsd;
    std::map<std::tuple<const GpuSpec*, int, long long, int, long long>, Candidate> m_cache;
    /// instanceCounts()'s search, by GPU, GPUs per instance, replica availability, network and quota: the smallest
    /// feasible instance count, else why none is.
    struct SmallestCount
    {
        std::optional<int> count;
        Message unfit;
    };
    std::map<std::tuple<const GpuSpec*, int, long long, long long, int>, SmallestCount> m_smallest;
    /// Serving estimates before their fleet is sized (GPU, count, GPUs per instance, network): see estimate(). The
    /// best layout's, and those of the layouts of smaller replicas that also meet the targets (evaluate()).
    struct Unsized
    {
        Candidate best;
        std::vector<Candidate> smaller;
    };
    std::map<std::tuple<const GpuSpec*, int, int, long long>, Unsized> m_unsized;
    ReplicaEstimates m_replicas; ///< what the unsized estimates share (evaluate())
    /// The inputs' index of their offerings (PlanInputs::offeringIndex), else one made for this plan.
    std::shared_ptr<const OfferingIndex> m_index;
    std::vector<Exclusion> m_excluded;
    /// One "does not fit" line per GPU model: its largest instance shape's reason (noteUnfit). Listed only for the
    /// models no candidate runs on (run()): another shape of the model may serve.
    std::map<std::string, UnfitGpu> m_unfitByGpu;
    void noteUnfit(const std::string& gpu, UnfitGpu unfit)
    {
        auto [it, added] = m_unfitByGpu.emplace(gpu, unfit);
        if (!added && unfit.gpusPerInstance > it->second.gpusPerInstance)
            it->second = std::move(unfit);
    }
    std::map<std::tuple<const GpuSpec*, int, long long>, PoolReplicas> m_poolReplicas;
    Plan m_plan;
};

std::vector<int> PricedPlanner::instanceCounts(const Offering& o, const GpuSpec& g)
{
    const int perInstance = static_cast<int>(std::lround(o.gpuCount));
    const double ra = instanceAvailability(o);
    std::vector<int> counts;
    if (m_w.hardware) {
        if (m_w.hardware->count % perInstance != 0) {
            exclude(
                o, Message(msg::pinnedNotWhole, {std::to_string(m_w.hardware->count), std::to_string(perInstance)}));
            return counts;
        }
        // A pinned tensor-parallel degree stays inside one instance's NVLink domain (see evaluate()).
        const int domain = std::min(perInstance, g.maxGpusPerNode);
        if (m_w.hardware->tp && *m_w.hardware->tp > domain) {
            exclude(o, Message(msg::pinnedTpBeyondDomain, {std::to_string(*m_w.hardware->tp), std::to_string(domain)}));
            return counts;
        }
        if (m_w.kind == WorkloadKind::Inference && m_w.hardware->ep
            && !pinnedEpPlaceable(m_w.model, *m_w.hardware->ep, domain, m_w.hardware->count)) {
            exclude(o, Message(msg::pinnedEpNotPlaceable, {std::to_string(*m_w.hardware->ep), std::to_string(domain)}));
            return counts;
        }
        counts.push_back(m_w.hardware->count / perInstance);
        return counts;
    }
    if (m_w.kind == WorkloadKind::Batch) {
        counts.push_back(1);
        return counts;
    }
    const int maxN = instanceQuota(m_w, o, m_in.defaults);
    if (maxN < 1) {
        const Message reason(msg::quotaZero, {o.provider});
        noteUnfit(g.id, {0, reason});
        exclude(o, reason);
        return counts;
    }
    // The search reads the offering only through what estimate() keys on: offerings that share those (the same
    // instance type in every region and zone of a provider) share one search.
    const double gbps = networkCanMatter() ? o.networkGbps : 0.0; // see networkMatters
    const auto searchKey = std::make_tuple(&g, perInstance, std::llround(ra * 1e9), std::llround(gbps * 1e3), maxN);
    auto found = m_smallest.find(searchKey);
    if (found == m_smallest.end()) {
        int largestInfeasible = 0;
        // Serving at a count whose replicas cannot carry the traffic: the replicas the traffic needs (the capacity
        // plan at that count's layout) suggest the count to try next: the fewest instances that hold them whole (a
        // layout takes a count its replica size divides: 16-GPU replicas on 10-GPU instances, 8 instances at a time).
        auto needed = [&](int k) {
            const Candidate& c = estimate(g, k * perInstance, ra, o);
            if (!m_service || !c.capacity || !c.capacity->result.feasible || !c.inference || !c.inference->fit.fits
                || c.capacity->gpusPerReplica < 1)
                return 0;
            const long long perReplica = c.capacity->gpusPerReplica;
            const long long gpus = static_cast<long long>(c.capacity->result.total()) * perReplica;
            const long long step = perReplica / std::gcd(perReplica, static_cast<long long>(perInstance));
            const long long instances = ((gpus + perInstance - 1) / perInstance + step - 1) / step * step;
            return static_cast<int>(std::min<long long>(instances, maxN));
        };
        auto n = smallestFeasibleCount(
            maxN, [&](int k) { return feasible(estimate(g, k * perInstance, ra, o)); }, &largestInfeasible, needed);
        SmallestCount result {n, {}};
        if (!n) {
            const Candidate& last = estimate(g, std::max(1, largestInfeasible) * perInstance, ra, o);
            // The search ran into the quota: more instances might have served (more replicas, a wider layout).
            const bool atQuota = largestInfeasible >= maxN && last.inference && last.inference->fit.fits
                && last.capacity && last.capacity->result.total() > last.inference->layout.replicas;
            result.unfit = !last.fits
                ? (atQuota ? Message(msg::beyondQuota, {std::to_string(maxN), unfitReason(last)}) : unfitReason(last))
                : Message(msg::missesDeadlineWithinQuota, {std::to_string(last.gpus), std::to_string(maxN)});
        }
        found = m_smallest.emplace(searchKey, std::move(result)).first;
    }
    const auto& [n, unfit] = found->second;
    if (!n) {
        noteUnfit(g.id, {perInstance, unfit});
        exclude(o, unfit);
        return counts;
    }
    counts.push_back(*n);
    if (m_w.kind == WorkloadKind::Training) // faster, costlier points for the cost-vs-time front
        for (long long more : {2LL * *n, 4LL * *n})
            if (more <= maxN)
                counts.push_back(static_cast<int>(more));
    return counts;
}

void PricedPlanner::priceOne(
    const Offering& o, const GpuSpec& g, int n, const Price& p, const Price* onDemand, bool ownOnDemand)
{
    const Constraints& k = m_w.constraints;
    const int perInstance = static_cast<int>(std::lround(o.gpuCount));
    const std::string model(toString(p.pricingModel));
    if (!allowedPricing(k, p.pricingModel)) {
        exclude(o, Message(msg::pricingNotAllowed, {model}), model);
        return;
    }
    // A contradiction `catalog check` reports as an error is never ranked: spot dearer than on-demand on the same
    // offering is a wrong row (an import mix-up, a price in the wrong column), not a price anyone pays. A zone's spot
    // price above its region's on-demand price is a real quote but never the better buy: not ranked either.
    if (spotAboveOnDemand(p, onDemand)) {
        char spot[32], od[32];
        std::snprintf(spot, sizeof spot, "%.6g", p.effectiveHourly());
        std::snprintf(od, sizeof od, "%.6g", onDemand->effectiveHourly());
        exclude(o,
            ownOnDemand ? Message(msg::spotAboveOnDemand, {spot, od, p.currency})
                        : Message(msg::spotAboveRegionOnDemand, {spot, od, p.currency, o.zone}),
            model);
        return;
    }
    if (p.pricingModel == PricingModel::Spot && k.maxInterruptionBucket
        && (!p.interruptionBucket || *p.interruptionBucket > *k.maxInterruptionBucket)) {
        exclude(o,
            p.interruptionBucket ? Message(msg::spotBucketTooHigh,
                {std::to_string(*p.interruptionBucket), std::to_string(*k.maxInterruptionBucket)})
                                 : Message(msg::spotWithoutRate),
            model);
        return;
    }
    const double onDemandRa = instanceAvailability(o);
    const Candidate& base = estimate(g, n * perInstance, onDemandRa, o);
    // A zone's spot pool is reclaimed together in a capacity crunch: replicas on spot do not fail independently, so
    // adding spot replicas does not buy availability. By default a 99.9 % target or higher does not rest on spot
    // capacity alone: burst_only prices the spot price as a mixed fleet (an on-demand base that meets the target
    // alone, spot instances for the headroom); "allow" plans spot-only fleets, "never" drops spot serving.
    const std::string policy(servingSpotPolicy(m_w));
    const bool mixed = m_service && p.pricingModel == PricingModel::Spot && policy == "burst_only";
    int baseInstances = 0;
    if (m_service && p.pricingModel == PricingModel::Spot && policy == "never") {
        exclude(o, Message(msg::spotFleetDropped, {policy}), model);
        return;
    }
    if (mixed) {
        if (!onDemand || onDemand->currency != p.currency || onDemand->hourlyRate <= 0) {
            exclude(o, Message(msg::spotBurstNoOnDemand, {policy, o.region}), model);
            return;
        }
        const CapacityPlan* cap = base.capacity.get();
        if (cap && cap->base)
            baseInstances = (cap->base->total() * cap->gpusPerReplica + perInstance - 1) / perInstance;
        if (!cap || !cap->base || baseInstances >= n) {
            exclude(o, Message(msg::spotBurstNoRoom, {policy, std::to_string(n)}), model);
            return;
        }
    }
    SpotParams sp = m_in.spot;
    if (base.training)
        sp.checkpointWriteHours = std::max(base.training->checkpointWriteS, 1.0) / 3600.0;
    const double discount = discountFor(o);
    const double odHourly = onDemand && onDemand->currency == p.currency ? onDemand->hourlyRate : 0.0;
    // Spot replicas are interrupted: each is up less often, which can take more spares (a mixed fleet's spares are
    // on-demand: its base).
    const Candidate* use = &base;
    if (m_service && p.pricingModel == PricingModel::Spot && base.capacity && !mixed) {
        const double rate = interruptionsPerInstanceHour(
            interruptionShareForBucket(p.interruptionBucket.value_or(static_cast<int>(sp.defaultBucket))));
        const double ra = onDemandRa * spotAvailability(rate, base.capacity->scaleUpDelayS / 3600.0);
        use = &estimate(g, n * perInstance, ra, o);
        if (!use->fits) {
            exclude(o, Message(msg::onSpotCapacity, {unfitReason(*use)}), model);
            return;
        }
    }
    PricedCost pc = priceJob(o, p, n, use->wallHours, m_service, sp, discount, odHourly);
    // Autoscaling pays for the replica-hours it runs (commitments are paid regardless).
    const double staticMonthly = pc.totalCost;
    const bool autoscaled = m_service && use->capacity && use->capacity->autoscale && m_w.inference->autoscaling;
    if (autoscaled && (p.pricingModel == PricingModel::OnDemand || p.pricingModel == PricingModel::Spot))
        pc.totalCost *= use->capacity->monthlyGpuHours / (double(n) * perInstance * hoursPerMonth);
    std::optional<MixedFleet> mix;
    if (mixed) {
        // The base on its on-demand price, the rest of the fleet on the spot price; autoscaled, each pays its share
        // of the GPU-hours (the burst: what the fleet runs above the base each hour).
        const CapacityPlan& cap = *use->capacity;
        const int burstInstances = n - baseInstances;
        PricedCost od = priceJob(o, *onDemand, baseInstances, use->wallHours, true, sp, discount, odHourly);
        PricedCost burst = priceJob(o, p, burstInstances, use->wallHours, true, sp, discount, odHourly);
        if (autoscaled) {
            od.totalCost *= cap.baseMonthlyGpuHours / (double(baseInstances) * perInstance * hoursPerMonth);
            burst.totalCost *= std::max(0.0, cap.monthlyGpuHours - cap.baseMonthlyGpuHours)
                / (double(burstInstances) * perInstance * hoursPerMonth);
        }
        mix = MixedFleet {};
        mix->onDemand = *onDemand;
        mix->baseInstances = baseInstances;
        mix->burstInstances = burstInstances;
        mix->baseReplicas = cap.base->total();
        mix->burstReplicas = cap.result.total() - cap.base->total();
        mix->baseMonthlyCost = od.totalCost; // price currency until converted below
        mix->burstMonthlyCost = burst.totalCost;
        char rate[32], headroom[16];
        std::snprintf(rate, sizeof rate, "%.6g", onDemand->hourlyRate * (1.0 - discount));
        std::snprintf(headroom, sizeof headroom, "%.0f", 100.0 * m_w.inference->headroom.value_or(0));
        pc.hourlyCost = od.hourlyCost + burst.hourlyCost;
        pc.totalCost = od.totalCost + burst.totalCost;
        pc.note = Message(msg::noteMixedFleet,
            {std::to_string(baseInstances), std::to_string(mix->baseReplicas), std::string(rate), p.currency,
                std::to_string(burstInstances), std::string(headroom)});
    }
    const FxTable& fx = m_in.fx;
    const std::string& currency = m_in.currency;
    auto usd = fx.convert(pc.totalCost, p.currency, "USD");
    auto out = fx.convert(pc.totalCost, p.currency, currency);
    auto outHourly = fx.convert(pc.hourlyCost, p.currency, currency);
    if (!usd || !out || !outHourly) {
        const Error& e = !usd ? usd.error() : !out ? out.error() : outHourly.error();
        exclude(o, e.message.empty() ? Message(msg::notFeasible) : e.message, model);
        return;
    }
    const DataCost data = dataCosts(m_w, o, m_in.storage.get(), fx, m_service ? 1.0 : pc.wallHours / hoursPerMonth);
    const double dataUsd = data.storageUsd + data.egressUsd;
    double costUsd = *usd, total = *out;
    if (dataUsd > 0) {
        costUsd += dataUsd;
        total += *fx.convert(dataUsd, "USD", currency);
    }
    if (!m_service && k.deadlineHours && pc.wallHours > *k.deadlineHours) {
        exclude(o, Message(msg::missesDeadlineBy, {fixed(pc.wallHours - *k.deadlineHours, 1), fixed(pc.wallHours, 1)}),
            model, costUsd);
        return;
    }
    if (m_budgetUsd && costUsd > *m_budgetUsd) {
        exclude(o, Message(msg::overBudget, {fixed(costUsd - *m_budgetUsd, 0)}), model, costUsd);
        return;
    }
    Candidate c = *use;
    Pricing pr;
    pr.offering = o.withoutPrices();
    pr.price = p;
    pr.instances = n;
    pr.currency = currency;
    pr.hourlyCost = *outHourly;
    pr.totalCost = total;
    pr.costUsd = costUsd;
    pr.priceCurrencyTotal = pc.totalCost;
    pr.storageCost = *fx.convert(data.storageUsd, "USD", currency);
    pr.egressCost = *fx.convert(data.egressUsd, "USD", currency);
    pr.computeCost = total - pr.storageCost - pr.egressCost;
    pr.dataNote = data.note;
    pr.breakEvenUtilization = pc.breakEvenUtilization;
    pr.discount = discount;
    pr.terms = pc.terms;
    pr.spot = pc.spot;
    pr.note = pc.note;
    if (mix) {
        mix->baseMonthlyCost = *fx.convert(mix->baseMonthlyCost, p.currency, currency);
        mix->burstMonthlyCost = *fx.convert(mix->burstMonthlyCost, p.currency, currency);
        pr.mixed = std::move(mix);
    }
    if (m_service) {
        pr.staticMonthlyCost = *fx.convert(staticMonthly, p.currency, currency);
        if (c.inference && c.inference->requestsPerS > 0) {
            const auto& spec = *m_w.inference;
            const double rate = spec.peakRate() > 0 ? servedRate() : c.inference->requestsPerS;
            pr.costPerMillionOutputTokens = costPerMillionTokens(pr.totalCost, rate * spec.outputTokens);
        }
        if (c.capacity && pr.mixed) {
            // The target rests on the on-demand base alone.
            CapacityPlan baseOnly = *c.capacity;
            baseOnly.result = *c.capacity->base;
            pr.availability = servingAvailability(m_w, o, pr.mixed->onDemand, baseOnly, m_in.geography.get());
        } else if (c.capacity) {
            pr.availability = servingAvailability(m_w, o, p, *c.capacity, m_in.geography.get());
        }
        if (!reachesUsers(pr, o, c.ttftP99Ms(), model, costUsd))
            return;
        // Reserved baseline + on-demand burst over the profile (the rank rule), per GPU-hour.
        if (c.capacity && onDemand && p.pricingModel == PricingModel::OnDemand)
            reservedMix(pr, o, *onDemand, *c.capacity, fx, currency);
    }
    c.energy = energyOn(c, o, m_service ? hoursPerMonth : pc.wallHours);
    c.pricing = std::move(pr);
    if (!m_service) {
        c.wallHours = pc.wallHours;
        c.gpuHours = pc.wallHours * c.gpus;
    }
    m_plan.candidates.push_back(std::move(c));
}

void PricedPlanner::planOffering(
    std::size_t i, const std::vector<Admission>& admitted, const std::vector<std::vector<bool>>& keep)
{
    const Offering& o = (*m_in.offerings)[i];
    const Admission& a = admitted[i];
    if (a.kind == Admission::Kind::Skip)
        return;
    if (a.kind == Admission::Kind::Exclude) {
        exclude(o, a.reason);
        return;
    }
    if (std::none_of(keep[i].begin(), keep[i].end(), [](bool kept) { return kept; }))
        return;                                          // every price has a cheaper twin
    const OnDemandIndex& onDemandOf = m_index->onDemand; // a zonal spot price compares with its region's on-demand
    const Price* onDemand = onDemandOf.price[i];
    const double ra = instanceAvailability(o);
    const int perInstance = static_cast<int>(std::lround(o.gpuCount));
    for (int n : instanceCounts(o, *a.gpu)) {
        const Candidate& base = estimate(*a.gpu, n * perInstance, ra, o);
        if (!base.fits) {
            exclude(o, unfitReason(base));
            continue;
        }
        for (std::size_t j = 0; j < o.prices.size(); ++j)
            if (keep[i][j])
                priceOne(o, *a.gpu, n, o.prices[j], onDemand, onDemandOf.own[i]);
    }
}

void PricedPlanner::planOfferings(const std::vector<Admission>& admitted, const std::vector<std::vector<bool>>& keep)
{
    const std::size_t count = m_in.offerings->size();
    // The offerings of one GPU model form a group. Everything the planning of an offering reads and fills besides its
    // own output (the estimates, the count searches, the replica estimates, the "does not fit" line per GPU model) is
    // keyed by its GPU model, so a group planned from start to end by one worker gives the same candidates and
    // exclusions whichever worker plans it, and whatever the others do. Offerings without a GPU (excluded or skipped
    // at admission) are one more group.
    std::map<std::string, std::vector<std::size_t>> byGpu;
    for (std::size_t i = 0; i < count; ++i)
        byGpu[admitted[i].gpu ? admitted[i].gpu->id : std::string()].push_back(i);
    const std::size_t workers = offeringWorkers(count, byGpu.size(), m_in.planThreads);
    if (workers == 1) {
        for (std::size_t i = 0; i < count && !cancelled(m_cancel); ++i)
            planOffering(i, admitted, keep);
        return;
    }
    std::vector<std::vector<std::size_t>> groups;
    groups.reserve(byGpu.size());
    for (auto& [id, members] : byGpu)
        groups.push_back(std::move(members));
    // The largest groups first, so that the workers finish close together.
    std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    // Where offering i's candidates and exclusions are in its worker's lists.
    struct Span
    {
        std::size_t worker = 0, candidates = 0, candidatesEnd = 0, excluded = 0, excludedEnd = 0;
    };
    std::vector<Span> spans(count);
    const std::size_t candidatesBefore = m_plan.candidates.size(), excludedBefore = m_excluded.size();
    std::vector<std::unique_ptr<PricedPlanner>> helpers;
    for (std::size_t t = 1; t < workers; ++t) {
        auto h = std::make_unique<PricedPlanner>(m_w, m_in, m_cancel);
        h->m_users = m_users;
        h->m_budgetUsd = m_budgetUsd;
        h->m_index = m_index;
        helpers.push_back(std::move(h));
    }
    auto worker = [&](std::size_t t) -> PricedPlanner& { return t == 0 ? *this : *helpers[t - 1]; };
    std::atomic<std::size_t> next {0};
    auto work = [&](std::size_t t) {
        PricedPlanner& p = worker(t);
        for (std::size_t g = next++; g < groups.size(); g = next++)
            for (std::size_t i : groups[g]) {
                if (cancelled(m_cancel))
                    return; // as often as one thread checked: between offerings
                Span& s = spans[i];
                s.worker = t;
                s.candidates = p.m_plan.candidates.size();
                s.excluded = p.m_excluded.size();
                p.planOffering(i, admitted, keep);
                s.candidatesEnd = p.m_plan.candidates.size();
                s.excludedEnd = p.m_excluded.size();
            }
    };
    runOnWorkers(workers, work);
    // The lists in offering order, as one worker planning the offerings one after another makes them.
    std::vector<Candidate> candidates;
    std::vector<Exclusion> excluded;
    auto take = [](auto& from, std::size_t begin, std::size_t end, auto& to) {
        std::move(from.begin() + static_cast<std::ptrdiff_t>(begin), from.begin() + static_cast<std::ptrdiff_t>(end),
            std::back_inserter(to));
    };
    take(m_plan.candidates, 0, candidatesBefore, candidates);
    take(m_excluded, 0, excludedBefore, excluded);
    for (const Span& s : spans) {
        PricedPlanner& p = worker(s.worker);
        take(p.m_plan.candidates, s.candidates, s.candidatesEnd, candidates);
        take(p.m_excluded, s.excluded, s.excludedEnd, excluded);
    }
    m_plan.candidates = std::move(candidates);
    m_excluded = std::move(excluded);
    // What the helpers estimated serves the rest of the plan (the pinned estimate): keys of one GPU model each, so no
    // two workers filled the same one.
    for (auto& h : helpers) {
        m_cache.merge(h->m_cache);
        m_smallest.merge(h->m_smallest);
        m_unsized.merge(h->m_unsized);
        m_replicas.byLayout.merge(h->m_replicas.byLayout);
        for (auto& [gpu, unfit] : h->m_unfitByGpu)
            noteUnfit(gpu, std::move(unfit));
    }
}

Plan PricedPlanner::run()
{
    const Constraints& k = m_w.constraints;
    const Geography* geo = m_in.geography.get();
    if (m_service && m_w.inference->usersLocation) {
        const auto& ul = *m_w.inference->usersLocation;
        if (ul.latitude && ul.longitude)
            m_users = Location {"users", "users", *ul.latitude, *ul.longitude};
        else if (geo)
            m_users = geo->location(ul.id);
        if (!m_users)
            m_plan.notes.push_back(Message(msg::noteUsersUnknown, {ul.id}));
    }
    if (k.budget) {
        auto b = m_in.fx.convert(k.budget->amount, k.budget->currency, "USD");
        if (b)
            m_budgetUsd = *b;
        else
            m_plan.notes.push_back(Message(msg::noteBudgetIgnored,
                {b.error().message.empty() ? MessageArg(b.error().detail) : MessageArg(b.error().message)}));
    }
    const auto& offerings = *m_in.offerings;
    std::vector<Admission> admitted;
    admitted.reserve(offerings.size());
    for (const Offering& o : offerings)
        admitted.push_back(admitOffering(m_w, o, *m_in.gpus));
    m_index = m_in.offeringIndex && m_in.offeringIndex->offerings == m_in.offerings ? m_in.offeringIndex
                                                                                    : indexOfferings(m_in.offerings);
    std::size_t pruned = 0;
    const auto keep = undominated(admitted, pruned);
    // A pinned disaggregated layout is the only deployment planned: no co-located candidates.
    const bool poolsOnly = m_service && m_w.inference->disaggregation.mode == Disaggregation::Mode::Pinned;
    if (!poolsOnly)
        planOfferings(admitted, keep);
    if (cancelled(m_cancel))
        return std::move(m_plan);

    if (m_service && m_w.inference->disaggregation.mode != Disaggregation::Mode::None)
        planDisaggregated(admitted, keep);
    if (m_service && !k.strictSlo) // strict: sized to the range's upper end already (planWorkload)
        assessSloRisk();
    rankCandidates(m_plan.candidates, k.objective, m_service);
    if (m_service && m_w.inference->disaggregation.mode == Disaggregation::Mode::Auto)
        compareDisaggregated();
    markParetoFront(m_plan.candidates, m_service);
    const std::size_t excludedCount = m_excluded.size();
    // A GPU model some candidate runs on is not unfit: its other shapes' offerings are listed one by one.
    for (const Candidate& c : m_plan.candidates)
        if (c.gpu)
            m_unfitByGpu.erase(c.gpu->id);
    m_plan.excluded = selectExclusions(std::move(m_excluded), m_unfitByGpu, m_in.defaults.maxExcluded);
    if (pruned > 0)
        m_plan.notes.push_back(
            Message(msg::notePrunedTwins, {std::to_string(pruned), std::to_string(m_plan.candidates.size())}));
    if (excludedCount > m_plan.excluded.size())
        m_plan.notes.push_back(
            Message(msg::noteExcludedCount, {std::to_string(excludedCount), std::to_string(m_plan.excluded.size())}));
    m_plan.notes.push_back(Message(k.objective == "time" ? msg::noteRankedByTime
            : k.objective == "carbon"                    ? msg::noteRankedByCarbon
                                                         : msg::noteRankedByCost));
    if (m_service)
        m_plan.notes.push_back(Message(msg::noteServingMonth));
    dateThePrices();
    noteCheckFindings();
    noteQuotas();
    // Pinned: the estimate is the pinned deployment on the recommended offering's instances (its GPUs per instance
    // and network decide the layout), unpriced, so that it describes the same machines as the first row; the
    // datasheet node (estimatePlan) only when nothing is priced.
    if (m_w.hardware && !m_plan.candidates.empty()) {
        const Candidate& top = m_plan.candidates.front();
        m_plan.pinned = top;
        if (top.pricing && top.gpu) {
            const Offering& o = top.pricing->offering;
            m_plan.pinned = estimate(*top.gpu, top.gpus, instanceAvailability(o), o);
            m_plan.pinned->energy = energyOn(*m_plan.pinned, o, m_service ? hoursPerMonth : m_plan.pinned->wallHours);
        }
    }
    return std::move(m_plan); // run() is called once: the plan is handed over, not copied
}

const PricedPlanner::PoolReplicas& PricedPlanner::poolReplicas(
    const GpuSpec& datasheet, int perInstance, double networkPerGpu)
{
    const InferenceSpec& spec = *m_w.inference;
    const Disaggregation& dz = spec.disaggregation;
    const bool pinned = dz.mode == Disaggregation::Mode::Pinned;
    auto key = std::make_tuple(&datasheet, perInstance, std::llround(networkPerGpu));
    auto it = m_poolReplicas.find(key);
    if (it != m_poolReplicas.end())
        return it->second;
    GpuSpec gpu = datasheet;
    gpu.maxGpusPerNode = std::min(gpu.maxGpusPerNode, perInstance);
    gpu.interBandwidth = networkPerGpu;
    const ServingFactors f = servingFactors(m_w, datasheet, gpu);
    const Efficiency& eff = f.eff;
    const ServingParams& params = f.params;
    std::vector<InferenceLayout> layouts;
    // Powers of two inside the instance, or a pinned layout's own degrees (which divide the heads: the workload reader
    // checks).
    std::vector<int> tps;
    if (pinned) {
        tps = {dz.prefill.tp};
        if (dz.decode.tp != dz.prefill.tp)
            tps.push_back(dz.decode.tp);
    } else {
        for (int tp = 1; tp <= gpu.maxGpusPerNode; tp *= 2)
            tps.push_back(tp);
    }
    for (int tp : tps) {
        if (tp > gpu.maxGpusPerNode || m_w.model.heads % tp != 0)
            continue;
        InferenceLayout l;
        l.tp = tp;
        layouts.push_back(l);
        if (m_w.model.isMoe() && tp > 1 && m_w.model.experts % tp == 0) {
            l.ep = tp;
            layouts.push_back(l);
            l.attentionDp = true;
            layouts.push_back(l);
        }
    }
    // A mixture of experts may also spread a replica over 2, 4 or 8 instances: experts split over all its GPUs,
    // attention data-parallel, the all-to-all over the instance network (what DeepSeek, SGLang and TensorRT-LLM's wide
    // EP run: EP32 prefill, EP72–144 decode). Not for pinned pools, whose replicas stay inside one instance.
    std::vector<InferenceLayout> wide;
    if (!pinned && m_w.model.isMoe() && perInstance >= 2)
        for (int n : wideExpertParallelSpans) {
            InferenceLayout l;
            l.tp = l.ep = perInstance * n;
            l.attentionDp = true;
            if (m_w.model.experts % l.tp == 0)
                wide.push_back(l);
        }
    const std::size_t narrow = layouts.size();
    layouts.insert(layouts.end(), wide.begin(), wide.end());
    // Each side keeps its replica with the most requests/s per GPU, and the reason the first one that did not fit gave.
    auto keepBest = [](auto& best, auto&& replica, Message* unfit) {
        if (!replica.fit.fits) {
            if (unfit && !best && unfit->empty() && !replica.fit.suggestions.empty())
                *unfit = replica.fit.suggestions.front();
        } else if (!best || replica.requestsPerS / replica.layout.tp > best->requestsPerS / best->layout.tp) {
            best = std::move(replica);
        }
    };
    PoolReplicas r;
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        const InferenceLayout& l = layouts[i];
        const bool wideLayout = i >= narrow; // wide replicas compete among themselves: the planner prices both kinds
        if (!pinned || l.tp == dz.prefill.tp)
            keepBest(wideLayout ? r.widePrefill : r.prefill, prefillReplica(m_w.model, spec, gpu, l, eff, params),
                wideLayout ? nullptr : &r.prefillUnfit);
        if (!pinned || l.tp == dz.decode.tp)
            keepBest(wideLayout ? r.wideDecode : r.decode, decodeReplica(m_w.model, spec, gpu, l, eff, params),
                wideLayout ? nullptr : &r.decodeUnfit);
    }
    return m_poolReplicas.emplace(key, std::move(r)).first->second;
}

/// Disaggregated candidates. Every admitted offering and kept price (spot excepted: a pool is not planned on capacity
/// that is reclaimed together) is a possible prefill pool and a possible decode pool. For each GPU model and GPUs per
/// instance the best replica of each side is estimated once: the tensor-parallel degree (and, for a mixture of
/// experts, expert-parallel and attention-DP variant) inside one instance with the most requests/s per GPU. Pairings
/// are made within a group that can share a KV link: the same provider, region and pricing terms (any provider and
/// region with the same terms when allow_cross_provider). The pool cost is close to additive (each pool's replicas
/// follow from its own rate), so within a group each side's options are ordered by the price of a request/s of
/// capacity (GPU-hour price × GPUs per replica ÷ requests/s per replica) and only the first maxPoolOptions of each
/// side, on distinct GPU models, are paired and sized: the others are dominated by a pairing kept and are pruned
/// before sizing (counted in the plan's note).
void PricedPlanner::planDisaggregated(
    const std::vector<Admission>& admitted, const std::vector<std::vector<bool>>& keep)
{
    constexpr std::size_t maxPoolOptions = 3;
    const Disaggregation& dz = m_w.inference->disaggregation;
    const bool pinned = dz.mode == Disaggregation::Mode::Pinned;
    const auto& offerings = *m_in.offerings;
    // One option per (offering, price) and side, grouped by what a pairing must share.
    using Option = PoolOption;
    std::map<std::string, std::pair<std::vector<Option>, std::vector<Option>>> groups;
    std::optional<Message> lastUnfit;
    for (std::size_t i = 0; i < offerings.size(); ++i) {
        const Offering& o = offerings[i];
        const Admission& a = admitted[i];
        if (a.kind != Admission::Kind::Admit)
            continue;
        const int perInstance = static_cast<int>(std::lround(o.gpuCount));
        const bool prefillGpu = !pinned || dz.prefill.gpu.empty() || dz.prefill.gpu == a.gpu->id;
        const bool decodeGpu = !pinned || dz.decode.gpu.empty() || dz.decode.gpu == a.gpu->id;
        if ((!prefillGpu && !decodeGpu) || perInstance < 1)
            continue;
        if (pinned) {
            // A pinned pool wider than this instance cannot run on it: said, not skipped in silence.
            const bool prefillWide = prefillGpu && dz.prefill.tp > perInstance;
            const bool decodeWide = decodeGpu && dz.decode.tp > perInstance;
            if (prefillWide || decodeWide) {
                exclude(o,
                    Message(msg::poolTpBeyondInstance,
                        {Message(prefillWide ? msg::poolPrefill : msg::poolDecode),
                            std::to_string(prefillWide ? dz.prefill.tp : dz.decode.tp), std::to_string(perInstance)}));
                continue;
            }
        }
        const double networkPerGpu
            = (o.networkGbps > 0 ? o.networkGbps : defaultInstanceNetworkGbps) * 1e9 / 8.0 / perInstance;
        const PoolReplicas& r = poolReplicas(*a.gpu, perInstance, networkPerGpu);
        if (!r.prefill && !r.widePrefill && prefillGpu)
            lastUnfit = Message(msg::prefillPoolUnfit, {r.prefillUnfit});
        if (!r.decode && !r.wideDecode && decodeGpu)
            lastUnfit = Message(msg::decodePoolUnfit, {r.decodeUnfit});
        for (std::size_t j = 0; j < o.prices.size(); ++j) {
            const Price& p = o.prices[j];
            if (!keep[i][j] || p.pricingModel == PricingModel::Spot || !allowedPricing(m_w.constraints, p.pricingModel))
                continue;
            auto hourly = m_in.fx.convert(p.effectiveHourly() / perInstance, p.currency, "USD");
            if (!hourly)
                continue;
            std::string key = std::string(toString(p.pricingModel)) + "|" + std::to_string(p.termMonths) + "|"
                + std::string(toString(p.paymentOption));
            if (!dz.allowCrossProvider)
                key += "|" + o.provider + "|" + o.region;
            auto& g = groups[key];
            auto option = [&](bool wide, int tp, double requestsPerS) {
                return Option {i, j, a.gpu, perInstance, networkPerGpu, wide, *hourly * tp / requestsPerS};
            };
            if (prefillGpu && r.prefill)
                g.first.push_back(option(false, r.prefill->layout.tp, r.prefill->requestsPerS));
            if (prefillGpu && r.widePrefill)
                g.first.push_back(option(true, r.widePrefill->layout.tp, r.widePrefill->requestsPerS));
            if (decodeGpu && r.decode)
                g.second.push_back(option(false, r.decode->layout.tp, r.decode->requestsPerS));
            if (decodeGpu && r.wideDecode)
                g.second.push_back(option(true, r.wideDecode->layout.tp, r.wideDecode->requestsPerS));
        }
    }
    // The first options on distinct GPU models and GPUs per instance: a dearer price of the same replica is dominated.
    auto best = [&](std::vector<Option>& v) {
        std::stable_sort(
            v.begin(), v.end(), [](const Option& a, const Option& b) { return a.perRequestUsd < b.perRequestUsd; });
        std::vector<Option> kept;
        for (const Option& o : v) {
            if (kept.size() == maxPoolOptions)
                break;
            if (std::none_of(kept.begin(), kept.end(), [&](const Option& k) {
                    return k.gpu == o.gpu && k.perInstance == o.perInstance && k.wide == o.wide;
                }))
                kept.push_back(o);
        }
        return kept;
    };
    std::size_t paired = 0, prunedPairs = 0;
    const std::size_t before = m_plan.candidates.size();
    for (auto& [key, sides] : groups) {
        const std::size_t all = sides.first.size() * sides.second.size();
        const auto prefills = best(sides.first), decodes = best(sides.second);
        prunedPairs += all - prefills.size() * decodes.size();
        for (const Option& po : prefills)
            for (const Option& dec : decodes) {
                if (cancelled(m_cancel))
                    return;
                ++paired;
                priceDisaggregated(po, dec);
            }
    }
    m_plan.notes.push_back(Message(msg::noteDisaggregated, {std::to_string(paired), std::to_string(prunedPairs)}));
    if (m_plan.candidates.size() == before && lastUnfit)
        m_plan.notes.push_back(Message(msg::noteNoDisaggregated, {*lastUnfit}));
}

void PricedPlanner::priceDisaggregated(const PoolOption& po, const PoolOption& dop)
{
    const InferenceSpec& spec = *m_w.inference;
    const Disaggregation& dz = spec.disaggregation;
    const bool pinned = dz.mode == Disaggregation::Mode::Pinned;
    const Offering& op = (*m_in.offerings)[po.offering];
    const Offering& od = (*m_in.offerings)[dop.offering];
    const Price& pp = op.prices[po.price];
    const Price& pd = od.prices[dop.price];
    const PoolReplicas& pr0 = poolReplicas(*po.gpu, po.perInstance, po.networkPerGpu);
    const PoolReplicas& dr0 = poolReplicas(*dop.gpu, dop.perInstance, dop.networkPerGpu);
    const PrefillReplica& pre = po.wide ? *pr0.widePrefill : *pr0.prefill;
    const DecodeReplica& dec = dop.wide ? *dr0.wideDecode : *dr0.decode;
    const std::string model(toString(pd.pricingModel));
    // The link the KV cache crosses. One offering and price for both pools whose GPUs fit in one instance: NVLink
    // inside it; the same provider and region: the instance network, the prefill replica's GPUs sending their shards
    // at once to the decode replica's (the slower side decides); else an inter-region link.
    const bool sameOffering = po.offering == dop.offering && po.price == dop.price;
    const bool sameRegion = op.provider == od.provider && op.region == od.region;
    auto d = std::make_shared<DisaggregatedPlan>();
    d->kvBytesPerRequest = pre.kvBytesPerRequest;
    double latencyS = 0;
    if (!sameRegion) {
        d->link = DisaggregatedPlan::Link::InterRegion;
        d->linkBytesPerS = interRegionBytesPerS;
        d->linkRttMs = interRegionDefaultRttMs;
        const Geography* geo = m_in.geography.get();
        const RegionInfo* a = geo ? geo->region(op.provider, op.region) : nullptr;
        const RegionInfo* b = geo ? geo->region(od.provider, od.region) : nullptr;
        if (a && b && a->latitude && a->longitude && b->latitude && b->longitude)
            d->linkRttMs = fibreRttMs(greatCircleKm(*a->latitude, *a->longitude, *b->latitude, *b->longitude));
        latencyS = d->linkRttMs / 2e3;
    } else {
        d->link = DisaggregatedPlan::Link::Network;
        d->linkBytesPerS = std::min(po.networkPerGpu * pre.layout.tp, dop.networkPerGpu * dec.layout.tp);
        latencyS = pipelineHopLatencyS;
    }
    PoolTargets t;
    t.lambda = spec.peakRate();
    t.headroom = spec.headroom.value_or(PlanDefaults {}.servingHeadroom);
    t.ttftP99Ms = spec.slo.ttftP99Ms;
    t.availability = spec.availability;
    // A replica spanning n instances is up when all n are.
    t.prefillReplicaAvailability
        = std::pow(instanceAvailability(op), std::max(1.0, double(pre.layout.tp) / po.perInstance));
    t.decodeReplicaAvailability
        = std::pow(instanceAvailability(od), std::max(1.0, double(dec.layout.tp) / dop.perInstance));
    t.prefillReplicaWeight = po.perRequestUsd * pre.requestsPerS;
    t.decodeReplicaWeight = dop.perRequestUsd * dec.requestsPerS;
    t.minPrefillReplicas = pinned ? dz.prefill.replicas : 1;
    t.minDecodeReplicas = pinned ? dz.decode.replicas : 1;
    auto sized = [&] {
        return sizeDisaggregated(
            pre, dec, spec.outputTokens, kvTransferSeconds(d->kvBytesPerRequest, d->linkBytesPerS, latencyS), t);
    };
    DisaggregatedSizing z = sized();
    auto gpusOf = [](const CapacityResult& c, int tp) { return c.total() * tp; };
    if (z.feasible && sameOffering
        && gpusOf(z.prefill, pre.layout.tp) + gpusOf(z.decode, dec.layout.tp) <= po.perInstance) {
        d->link = DisaggregatedPlan::Link::ScaleUp;
        d->linkBytesPerS = po.gpu->intraBandwidth * std::min(pre.layout.tp, dec.layout.tp);
        latencyS = 0;
        z = sized();
    }
    if (z.feasible && pinned && (z.prefill.total() > dz.prefill.replicas || z.decode.total() > dz.decode.replicas)) {
        const bool prefillShort = z.prefill.total() > dz.prefill.replicas;
        const CapacityResult& c = prefillShort ? z.prefill : z.decode;
        const int tp = prefillShort ? pre.layout.tp : dec.layout.tp;
        const Message why(msg::needsReplicas,
            {std::to_string(c.total()), std::to_string(c.total() * tp), fixed(t.lambda, 2),
                std::to_string(prefillShort ? dz.prefill.replicas : dz.decode.replicas)});
        z.feasible = false;
        z.reason = Message(prefillShort ? msg::prefillPoolUnfit : msg::decodePoolUnfit, {why});
    }
    if (!z.feasible) {
        exclude(od, z.reason, model);
        return;
    }
    // Whole instances per pool; one offering and price for both: the pools share instances.
    auto instancesFor = [](int gpus, int per) { return (gpus + per - 1) / per; };
    const int prefillGpus = gpusOf(z.prefill, pre.layout.tp), decodeGpus = gpusOf(z.decode, dec.layout.tp);
    int prefillInstances = instancesFor(prefillGpus, po.perInstance);
    int decodeInstances = instancesFor(decodeGpus, dop.perInstance);
    if (sameOffering) {
        const int together = instancesFor(prefillGpus + decodeGpus, po.perInstance);
        decodeInstances = together - prefillInstances;
        if (decodeInstances < 0) {
            prefillInstances = together;
            decodeInstances = 0;
        }
    }
    const FxTable& fx = m_in.fx;
    const std::string& currency = m_in.currency;
    auto pool = [&](PoolPlan& out, const Offering& o, const Price& p, int instances, const GpuSpec* gpu,
                    const InferenceLayout& layout, const CapacityResult& cap) -> bool {
        out.gpu = gpu;
        out.layout = layout;
        out.layout.replicas = cap.total();
        out.capacity = cap;
        out.offering = o.withoutPrices();
        out.price = p;
        out.instances = instances;
        if (instances == 0)
            return true;
        const PricedCost pc = priceJob(o, p, instances, hoursPerMonth, true, m_in.spot, discountFor(o), 0.0);
        auto hourly = fx.convert(pc.hourlyCost, p.currency, currency);
        auto total = fx.convert(pc.totalCost, p.currency, currency);
        if (!hourly || !total) {
            exclude(o, (!hourly ? hourly.error() : total.error()).message, std::string(toString(p.pricingModel)));
            return false;
        }
        out.hourlyCost = *hourly;
        out.monthlyCost = *total;
        return true;
    };
    if (!pool(d->prefill, op, pp, prefillInstances, po.gpu, pre.layout, z.prefill)
        || !pool(d->decode, od, pd, decodeInstances, dop.gpu, dec.layout, z.decode))
        return;
    d->prefill.batch = pre.prompts;
    d->prefill.stepMs = pre.stepSeconds * 1e3;
    d->prefill.requestsPerSPerReplica = pre.requestsPerS;
    d->decode.batch = dec.batch;
    d->decode.stepMs = dec.tpotSeconds * 1e3;
    d->decode.requestsPerSPerReplica = dec.requestsPerS;
    d->decode.limitedBy = dec.limitedBy;
    d->transferMs = z.transferMs;
    d->ttftP99Ms = z.ttftP99Ms;
    d->tpotMs = dec.tpotSeconds * 1e3;
    d->availability = z.availability;
    // Across providers or regions the prefill side sends every prompt's KV cache out to the internet.
    bool egressUnpriced = false;
    if (d->link == DisaggregatedPlan::Link::InterRegion) {
        const StorageRate* rate = storageRate(m_in.storage.get(), op);
        const double gbPerMonth = d->kvBytesPerRequest * servedRate() * hoursPerMonth * 3600.0 / 1e9;
        if (rate) {
            auto e = fx.convert(gbPerMonth * rate->egressPerGb, rate->currency, currency);
            d->egressMonthlyCost = e ? *e : 0.0;
        }
        egressUnpriced = !rate;
    }
    const double total = d->prefill.monthlyCost + d->decode.monthlyCost + d->egressMonthlyCost;
    auto usd = fx.convert(total, currency, "USD");
    const double costUsd = usd ? *usd : total;
    if (m_budgetUsd && costUsd > *m_budgetUsd) {
        exclude(od, Message(msg::overBudget, {fixed(costUsd - *m_budgetUsd, 0)}), model, costUsd);
        return;
    }

    Candidate c;
    c.gpu = dop.gpu;
    c.gpus = d->prefill.gpus() + d->decode.gpus();
    // The decode replica's estimate (memory, the engine, the assumptions) with the deployment's latencies.
    {
        GpuSpec gpu = *dop.gpu;
        gpu.maxGpusPerNode = std::min(gpu.maxGpusPerNode, dop.perInstance);
        InferenceLayout l = dec.layout;
        const ServingFactors f = servingFactors(m_w, *dop.gpu, gpu);
        auto e = std::make_shared<InferenceEstimate>(
            estimateInference(m_w.model, spec, gpu, l, f.eff, dec.batch, &f.params));
        e->layout.replicas = d->decode.layout.replicas;
        e->concurrency = dec.batch;
        e->decodeSequences = dec.batch;
        e->decodeStepMs = d->tpotMs;
        e->tpotMs = d->tpotMs;
        e->itlP99Ms = d->tpotMs;
        e->prefillMs = d->prefill.stepMs;
        e->ttftMs = d->prefill.stepMs + d->transferMs + d->tpotMs;
        e->ttftP99Ms = e->ttftMs; // no length mix for separate pools: the p99 before queueing is the typical TTFT
        e->e2eLatencyMs = e->ttftMs + (spec.outputTokens - 1) * e->tpotMs;
        e->e2eP99Ms = d->ttftP99Ms + (spec.outputTokens - 1) * e->tpotMs;
        e->requestsPerS = std::min(z.prefill.replicas * pre.requestsPerS, z.decode.replicas * dec.requestsPerS);
        e->throughputTokensPerS = e->requestsPerS * spec.outputTokens;
        e->limitedBy = dec.limitedBy;
        e->assumptions.push_back(Message(msg::assumeDisaggregated,
            {std::to_string(pre.prompts), fixed(d->prefill.stepMs, 1), std::to_string(dec.batch),
                fixed(d->tpotMs, 1)}));
        const std::string mb = fixed(d->kvBytesPerRequest / 1e6, 1), gbs = fixed(d->linkBytesPerS / 1e9, 1),
                          ms = fixed(d->transferMs, 1);
        if (d->link == DisaggregatedPlan::Link::ScaleUp)
            e->assumptions.push_back(Message(msg::kvOverScaleUp, {mb, gbs, ms}));
        else if (d->link == DisaggregatedPlan::Link::Network)
            e->assumptions.push_back(Message(msg::kvOverNetwork, {mb, gbs, ms}));
        else
            e->assumptions.push_back(Message(msg::kvOverInterRegion,
                {mb, op.provider + " " + op.region, od.provider + " " + od.region, gbs, fixed(d->linkRttMs, 0), ms,
                    groupedText(d->egressMonthlyCost) + " " + currency}));
        if (egressUnpriced)
            e->assumptions.push_back(Message(msg::kvEgressNotPriced, {op.provider}));
        c.inference = std::move(e);
    }
    c.fits = true;
    c.wallHours = hoursPerMonth;
    c.gpuHours = hoursPerMonth * c.gpus;
    Pricing pr;
    pr.offering = od.withoutPrices();
    pr.price = pd;
    pr.instances = prefillInstances + decodeInstances;
    pr.currency = currency;
    pr.hourlyCost = d->prefill.hourlyCost + d->decode.hourlyCost;
    pr.totalCost = total;
    pr.costUsd = costUsd;
    pr.priceCurrencyTotal = pd.currency == currency ? total : d->decode.monthlyCost;
    pr.computeCost = d->prefill.monthlyCost + d->decode.monthlyCost;
    pr.egressCost = d->egressMonthlyCost;
    pr.staticMonthlyCost = total;
    pr.discount = discountFor(od);
    pr.costPerMillionOutputTokens = costPerMillionTokens(total, servedRate() * spec.outputTokens);
    CapacityPlan both;
    both.result.replicas = z.prefill.replicas + z.decode.replicas;
    both.result.redundant = z.prefill.redundant + z.decode.redundant;
    both.result.availability = z.availability;
    both.replicaAvailability = instanceAvailability(od); // per instance, as the availability text says
    pr.availability = servingAvailability(m_w, od, pd, both, m_in.geography.get());
    // The users reach the decode pool, which streams the tokens.
    if (!reachesUsers(pr, od, d->ttftP99Ms, model, costUsd))
        return;
    c.disaggregated = d;
    c.energy = energyOn(c, od, hoursPerMonth);
    c.pricing = std::move(pr);
    m_plan.candidates.push_back(std::move(c));
}

void PricedPlanner::compareDisaggregated()
{
    const Candidate* split = nullptr;
    const Candidate* together = nullptr;
    for (const auto& c : m_plan.candidates) {
        if (!c.pricing)
            continue;
        const Candidate*& slot = c.disaggregated ? split : together;
        if (!slot || c.pricing->totalCost < slot->pricing->totalCost)
            slot = &c;
    }
    // Words in no language (the notes are translated around them): "P 3 × 8 H200-SXM-141GB + D 29 × 8 …, vast".
    auto label = [&](const Candidate& c) {
        if (c.disaggregated) {
            const auto& d = *c.disaggregated;
            return "P " + std::to_string(d.prefill.layout.replicas) + " × " + std::to_string(d.prefill.layout.tp) + " "
                + d.prefill.gpu->id + " + D " + std::to_string(d.decode.layout.replicas) + " × "
                + std::to_string(d.decode.layout.tp) + " " + d.decode.gpu->id + ", " + d.decode.offering.provider;
        }
        return std::to_string(c.gpus) + " × " + c.gpu->id + ", " + c.pricing->offering.provider;
    };
    const std::string cur = m_in.currency;
    auto money = [&](double v) { return groupedText(v) + " " + cur; };
    if (split && !together) {
        m_plan.notes.push_back(Message(msg::noteNoColocated, {label(*split), money(split->pricing->totalCost)}));
        return;
    }
    if (!split || !together)
        return;
    const double a = split->pricing->totalCost, b = together->pricing->totalCost;
    for (auto& c : m_plan.candidates)
        if (c.disaggregated) {
            c.disaggregated->colocatedMonthlyCost = b;
            c.disaggregated->colocatedLabel = label(*together);
        }
    if (a < b)
        m_plan.notes.push_back(Message(msg::noteDisaggregatedWins,
            {label(*split), money(a), money(b), label(*together), fixed(100.0 * (b - a) / b, 1),
                fixed(split->disaggregated->ttftP99Ms, 0), fixed(split->disaggregated->tpotMs, 1)}));
    else
        m_plan.notes.push_back(Message(msg::noteColocatedWins,
            {label(*together), money(b), money(a), label(*split), fixed(100.0 * (a - b) / a, 1)}));
}

/// Twins are pruned before estimating: two prices whose candidates would differ in nothing but the price (the same
/// GPU model, GPUs per instance and, for training, instance network, so the same estimates; the same provider, so the
/// same SLA, quota and discount; the same pricing model, term, payment option, currency, spot interruption bucket and
/// billing increments, so the same cost rules) rank in the order of their effective hourly rate, so only the cheapest
/// (the first in catalog order among equals) is estimated and priced. Where the region changes the outcome it is part
/// of the twin: data costs (storage rates are regional), the carbon objective (the grid is) and serving with a users
/// location (the network round trip is). A price the constraints or a check refuse is never a twin: it is kept and
/// its exclusion listed. Capacity blocks (an hourly and an upfront part billed apart) are always kept.
std::vector<std::vector<bool>> PricedPlanner::undominated(
    const std::vector<Admission>& admitted, std::size_t& pruned) const
{
    const auto& offerings = *m_in.offerings;
    const OfferingIndex& index = *m_index;
    const Constraints& k = m_w.constraints;
    const bool regional = hasDataCosts(m_w) || k.objective == "carbon" || (m_service && m_w.inference->usersLocation);
    // A mixed fleet's base pays the on-demand price its spot price compares with: part of the twin.
    const bool mixes = m_service && servingSpotPolicy(m_w) == "burst_only";
    // The GPU, the price's twin class (OfferingIndex::PriceTwin), the instance network (see networkMatters), the
    // region when it changes the plan, the mixed fleet's on-demand base.
    using Key = std::tuple<const GpuSpec*, std::uint32_t, long long, std::uint32_t, long long>;
    std::unordered_map<Key, std::pair<std::size_t, std::size_t>, TupleHash> best; // twin → the cheapest's indices
    std::vector<std::vector<bool>> keep(offerings.size());
    for (std::size_t i = 0; i < offerings.size(); ++i) {
        const std::size_t first = index.firstPrice[i], count = index.firstPrice[i + 1] - first;
        keep[i].assign(count, true);
        if (admitted[i].kind != Admission::Kind::Admit)
            continue;
        const double network = networkCanMatter() ? offerings[i].networkGbps : 0.0;
        for (std::size_t j = 0; j < count; ++j) {
            const OfferingIndex::PriceTwin& t = index.prices[first + j];
            if (t.pricingModel == PricingModel::CapacityBlock || !allowedPricing(k, t.pricingModel)
                || t.spotAboveOnDemand)
                continue;
            const Price* od = mixes && t.pricingModel == PricingModel::Spot ? index.onDemand.price[i] : nullptr;
            const Key key {admitted[i].gpu, t.twinClass, std::llround(network * 1e3), regional ? t.region : 0,
                od ? std::llround(od->hourlyRate * 1e6) : 0};
            auto [it, fresh] = best.try_emplace(key, i, j);
            if (fresh)
                continue;
            auto& [bi, bj] = it->second;
            if (t.hourly < index.prices[index.firstPrice[bi] + bj].hourly) {
                keep[bi][bj] = false;
                bi = i;
                bj = j;
            } else {
                keep[i][j] = false;
            }
        }
    }
    pruned = 0;
    for (const auto& row : keep)
        pruned += static_cast<std::size_t>(std::count(row.begin(), row.end(), false));
    return keep;
}

/// How old each candidate's price and exchange rates are on the plan's date, and a note when any is stale.
void PricedPlanner::dateThePrices()
{
    const std::string& today = m_in.today;
    if (today.empty())
        return;
    std::size_t stale = 0, priced = 0;
    const Pricing* oldest = nullptr;
    std::map<std::string, long> staleFx; // currency → days
    for (auto& c : m_plan.candidates) {
        if (!c.pricing)
            continue;
        Pricing& p = *c.pricing;
        ++priced;
        p.priceAgeDays = daysBetween(p.price.asOf.substr(0, 10), today);
        p.priceStale = p.priceAgeDays && *p.priceAgeDays > maxPriceAgeDays;
        stale += p.priceStale ? 1 : 0;
        if (p.priceAgeDays && (!oldest || *p.priceAgeDays > *oldest->priceAgeDays))
            oldest = &p;
        for (const std::string& cur : {p.price.currency, p.currency}) {
            const FxRate* r = cur == "USD" ? nullptr : m_in.fx.find(cur);
            if (!r)
                continue;
            const auto age = daysBetween(r->asOf.substr(0, 10), today);
            if (age && (!p.fxAgeDays || *age > *p.fxAgeDays)) {
                p.fxAgeDays = age;
                p.fxAsOf = r->asOf;
            }
            if (age && *age > maxFxAgeDays)
                staleFx[cur] = *age;
        }
        p.fxStale = p.fxAgeDays && *p.fxAgeDays > maxFxAgeDays;
    }
    if (stale > 0 && oldest)
        m_plan.notes.push_back(Message(msg::notePricesOld,
            {std::to_string(stale), std::to_string(priced), std::to_string(maxPriceAgeDays),
                oldest->offering.provider + " " + oldest->offering.instanceType, oldest->price.asOf.substr(0, 10),
                std::to_string(*oldest->priceAgeDays)}));
    for (const auto& [cur, days] : staleFx)
        m_plan.notes.push_back(Message(
            msg::noteFxOld, {cur, m_in.fx.find(cur)->asOf, std::to_string(days), std::to_string(maxFxAgeDays)}));
}

void PricedPlanner::noteCheckFindings()
{
    if (m_plan.candidates.empty() || !m_plan.candidates.front().pricing)
        return;
    const Pricing& top = *m_plan.candidates.front().pricing;
    if (pricingKey(top) == "reserved_host_default") {
        // The discount is what the prepaid price takes off the same offering's on-demand one: 1 − break-even.
        const long off = top.breakEvenUtilization > 0 ? std::lround(100.0 * (1.0 - top.breakEvenUtilization)) : 0;
        m_plan.notes.push_back(Message(
            msg::noteHostDefault, {top.offering.provider, std::to_string(top.price.termMonths), std::to_string(off)}));
    }
    if (!m_in.findings || !m_in.offerings)
        return;
    for (const CatalogFinding& f : *m_in.findings) {
        if (f.error || f.rule == "stale" || f.offering >= m_in.offerings->size())
            continue; // errors are never planned with; ages have their own note
        const Offering& o = (*m_in.offerings)[f.offering];
        if (f.price >= o.prices.size())
            continue;
        const Price& p = o.prices[f.price];
        if (o.provider == top.offering.provider && o.region == top.offering.region && o.zone == top.offering.zone
            && o.instanceType == top.offering.instanceType && p.pricingModel == top.price.pricingModel
            && p.termMonths == top.price.termMonths && p.paymentOption == top.price.paymentOption)
            m_plan.notes.push_back(Message(msg::notePriceCheck,
                {o.provider + " " + o.region + " " + o.instanceType + " " + std::string(toString(p.pricingModel)),
                    catalogRuleName(f.rule), f.message}));
    }
}

void PricedPlanner::noteQuotas()
{
    if (m_plan.candidates.empty() || !m_plan.candidates.front().pricing)
        return;
    const Pricing& top = *m_plan.candidates.front().pricing;
    const Offering& o = top.offering;
    if (!m_w.constraints.maxInstances.count(o.provider))
        m_plan.notes.push_back(Message(msg::noteQuotaDefault, {std::to_string(m_in.defaults.maxInstances)}));
    const int spotInstances = top.mixed                ? top.mixed->burstInstances
        : top.price.pricingModel == PricingModel::Spot ? top.instances
                                                       : 0;
    const int onDemandInstances = top.instances - spotInstances;
    if (o.provider == "aws" && o.vcpus > 0) {
        // Amazon EC2 On-Demand and Spot quotas are vCPUs per region and instance family (AWS EC2 User Guide,
        // "Amazon EC2 service quotas", https://docs.aws.amazon.com/ec2/latest/instancetypes/ec2-instance-quotas.html,
        // read 2026-12-02; the codes are Service Quotas' for EC2).
        const char family = o.instanceType.empty() ? ' ' : o.instanceType.front();
        struct Quota
        {
            const char* onDemand;
            const char* onDemandCode;
            const char* spot;
            const char* spotCode;
        };
        const Quota p {"Running On-Demand P instances", "L-417A185B", "All P Spot Instance Requests", "L-7212CCBC"};
        const Quota gvt {
            "Running On-Demand G and VT instances", "L-DB2E81BA", "All G and VT Spot Instance Requests", "L-3819A6DF"};
        const Quota* q = family == 'p' ? &p : family == 'g' ? &gvt : nullptr;
        if (!q)
            return;
        std::string need;
        auto add = [&](int instances, const char* name, const char* code) {
            if (instances <= 0)
                return;
            char buf[200];
            std::snprintf(buf, sizeof buf, "%.0f vCPUs of \"%s\" (%s)", instances * o.vcpus, name, code);
            need += (need.empty() ? "" : " and ") + std::string(buf);
        };
        add(onDemandInstances, q->onDemand, q->onDemandCode);
        add(spotInstances, q->spot, q->spotCode);
        m_plan.notes.push_back(Message(msg::noteQuotaAws, {need, o.region}));
    } else if (o.provider == "gcp") {
        // Compute Engine GPU quotas are per GPU model and region, preemptible (spot) GPUs apart, plus a global
        // GPUS_ALL_REGIONS (https://cloud.google.com/compute/resource-usage#gpu_quota, read 2026-12-02).
        const double gpus = top.instances * o.gpuCount;
        m_plan.notes.push_back(Message(msg::noteQuotaGcp, {fixed(gpus, 0), o.gpuModel, o.region}));
    } else if (o.provider == "azure" && o.vcpus > 0) {
        // Azure vCPU quotas are per VM family and region, with a regional total and a separate Spot vCPU quota
        // (https://learn.microsoft.com/azure/virtual-machines/quotas, read 2026-12-02).
        m_plan.notes.push_back(
            Message(msg::noteQuotaAzure, {fixed(top.instances * o.vcpus, 0), o.instanceType, o.region}));
    }
}

} // namespace

Plan pricedPlan(const Workload& w, const PlanInputs& in, const CancelFlag* cancel)
{
    return PricedPlanner(w, in, cancel).run();
}

} // namespace gpuplan::core::detail
