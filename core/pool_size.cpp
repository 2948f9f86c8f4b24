// Sizing a GPU pool, priced (pool_size.h): catalog prices for the pool's parts, the search over owned and reserved
// capacity with the replay pricing each mix, and the demand of saved scenarios as tasks.
#include "pool_size.h"

#include "capacity.h"
#include "planner.h"
#include "pool_engine.h"
#include "pricing.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <tuple>

namespace gpuplan::core {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// A number for a note: up to four significant digits ("12", "0.5", "1.234e+04").
std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

/// Whether a task's GPU label names the pool's GPU model (its id or an alias, any case).
bool namesGpu(const std::string& label, const GpuSpec& gpu)
{
    const std::string l = lower(label);
    if (l == lower(gpu.id))
        return true;
    return std::find(gpu.aliases.begin(), gpu.aliases.end(), l) != gpu.aliases.end();
}

/// "aws g4dn.xlarge us-east-1 on_demand, as of 2026-11-30"
std::string describe(const PoolPrice& p)
{
    std::string s = p.provider + " " + p.instanceType + " " + p.region + " " + std::string(toString(p.model));
    if (p.termMonths > 0)
        s += " " + std::to_string(p.termMonths) + " months";
    return s + ", as of " + p.asOf;
}

/// GPUs billed for a task on burst capacity: whole GPUs, a share of one rounded up (cloud instances are sold in
/// whole GPUs); a CPU-only task takes none.
int billedGpus(const PoolTask& t)
{
    return static_cast<int>((t.gpuDemandMilli() + 999) / 1000);
}

/// The cluster of one mix: O owned servers, then R reserved instances.
PoolCluster mixCluster(const GpuSpec* gpu, const std::string& label, const PoolPrices& prices, int owned, int reserved)
{
    PoolCluster c;
    c.file = "pool";
    c.types.push_back(PoolGpuType {label, gpu, std::nullopt, ""});
    for (int i = 0; i < owned; ++i)
        c.nodes.push_back(PoolNode {"owned-" + std::to_string(i + 1), label, prices.owned->gpusPerServer,
            prices.owned->cpuMilli, prices.owned->memoryMib, "", 0});
    for (int i = 0; i < reserved; ++i)
        c.nodes.push_back(PoolNode {"reserved-" + std::to_string(i + 1), label, prices.reserved->gpusPerInstance,
            prices.reserved->cpuMilli, prices.reserved->memoryMib, "", 0});
    return c;
}

struct Demand
{
    double peakGpus = 0;
    double gpuHours = 0;
    double hours = 0;
};

/// The tasks' demand when every task starts on arrival: the peak of the GPUs asked for at once (a sweep over
/// arrivals and ends; an end before an arrival at the same moment), the GPU-hours, and the span.
Demand demandOf(const std::vector<PoolTask>& tasks)
{
    Demand d;
    if (tasks.empty())
        return d;
    double first = tasks.front().arrival, last = first;
    for (const auto& t : tasks) {
        first = std::min(first, t.arrival);
        last = std::max(last, t.arrival + std::max(0.0, t.duration));
    }
    std::vector<std::pair<double, std::int64_t>> events;
    for (const auto& t : tasks) {
        const double end = t.duration >= 0 ? t.arrival + t.duration : last;
        events.emplace_back(t.arrival, t.gpuDemandMilli());
        events.emplace_back(end, -t.gpuDemandMilli());
        d.gpuHours += static_cast<double>(t.gpuDemandMilli()) / 1000.0 * (end - t.arrival) / 3600.0;
    }
    std::sort(events.begin(), events.end());
    std::int64_t now = 0, peak = 0;
    for (const auto& e : events) {
        now += e.second;
        peak = std::max(peak, now);
    }
    d.peakGpus = static_cast<double>(peak) / 1000.0;
    d.hours = (last - first) / 3600.0;
    return d;
}

/// The sizing's search for one policy.
class Search
{
public:
    Search(const PoolSizingRequest& req, const PoolPrices& prices, const GpuSpec* gpu, const std::string& label,
        const std::vector<PoolTask>& tasks, double demandHours)
        : m_req(req)
        , m_prices(prices)
        , m_gpu(gpu)
        , m_label(label)
        , m_tasks(tasks)
        , m_demandHours(demandHours)
    {
        PoolBurstRule rule;
        rule.startDelay = req.burstStartDelay;
        rule.after = std::max(0.0, req.targetWait - req.burstStartDelay);
        for (const auto& [cls, target] : req.targetByClass)
            rule.afterByClass.emplace_back(cls, std::max(0.0, target - req.burstStartDelay));
        m_rule = rule;
    }

    /// The fixed cost per hour of O owned servers and R reserved instances.
    double fixedPerHour(int owned, int reserved) const
    {
        double h = 0;
        if (owned > 0)
            h += owned * m_prices.owned->fixedUsdPerServerHour;
        if (reserved > 0)
            h += reserved * m_prices.reserved->gpusPerInstance * m_prices.reserved->usdPerGpuHour;
        return h;
    }

    PoolMix evaluate(PoolPolicy policy, int owned, int reserved, PoolResult* keep) const
    {
        PoolOptions o;
        o.policy = policy;
        o.sharing = m_req.sharing;
        o.seed = m_req.seed;
        o.samples = m_req.samples;
        o.shuffleNodes = m_req.shuffleNodes;
        o.keepNodeUse = true;
        o.listLimit = 0;
        o.burst = m_rule;
        PoolResult r = simulatePool(mixCluster(m_gpu, m_label, m_prices, owned, reserved), m_tasks, o);
        PoolMix m;
        m.ownedServers = owned;
        m.reservedInstances = reserved;
        m.ownedGpus = owned > 0 ? owned * m_prices.owned->gpusPerServer : 0;
        m.reservedGpus = reserved > 0 ? reserved * m_prices.reserved->gpusPerInstance : 0;
        m.hours = (r.end - r.start) / 3600.0;
        for (std::size_t n = 0; n < r.nodeGpuHours.size(); ++n)
            (static_cast<int>(n) < owned ? m.ownedBusyGpuHours : m.reservedBusyGpuHours) += r.nodeGpuHours[n];
        if (owned > 0)
            m.ownedUsd = owned * m_prices.owned->fixedUsdPerServerHour * m.hours
                + m.ownedBusyGpuHours * m_prices.owned->powerUsdPerBusyGpuHour;
        if (reserved > 0)
            m.reservedUsd = m.reservedGpus * m_prices.reserved->usdPerGpuHour * m.hours;
        for (const PoolBurstRun& b : r.bursts) {
            const PoolTask& t = m_tasks[static_cast<std::size_t>(b.task)];
            const int gpus = billedGpus(t);
            const double hours = (b.end - b.start) / 3600.0;
            const bool onSpot = t.preemptible && m_prices.spot;
            const PoolPrice& p = onSpot ? *m_prices.spot : *m_prices.onDemand;
            const double billed = billedHours(hours, p.billingGranularityS, p.minimumBillingS) * gpus;
            if (onSpot) {
                ++m.spotTasks;
                m.spotGpuHours += billed;
                m.spotUsd += billed * p.effectivePerGpuHour();
                const int instances = (gpus + p.gpusPerInstance - 1) / std::max(1, p.gpusPerInstance);
                m.expectedSpotInterruptions += p.interruptionsPerHour * hours * instances;
            } else {
                ++m.onDemandTasks;
                m.onDemandGpuHours += billed;
                m.onDemandUsd += billed * p.usdPerGpuHour;
            }
        }
        m.preemptions = r.preemptions;
        m.delays = r.delays;
        m.meetsTarget = true;
        for (const auto& d : r.delays) // 1 ms of slack for the sum of a wait's parts
            m.meetsTarget = m.meetsTarget && d.neverPlaced == 0 && d.p99 <= m_req.targetFor(d.taskClass) + 1e-3;
        if (keep)
            *keep = std::move(r);
        return m;
    }

    /// Lower bound on a mix's total: its fixed cost over the shortest span a replay can have.
    double bound(int owned, int reserved) const { return fixedPerHour(owned, reserved) * m_demandHours; }

private:
    const PoolSizingRequest& m_req;
    const PoolPrices& m_prices;
    const GpuSpec* m_gpu;
    const std::string& m_label;
    const std::vector<PoolTask>& m_tasks;
    double m_demandHours;
    PoolBurstRule m_rule;
};

/// a is the better of two mixes that both meet the targets: cheaper, or as cheap (to a billionth) with fewer fixed
/// GPUs, then fewer owned ones.
bool better(const PoolMix& a, const PoolMix& b)
{
    const double ta = a.totalUsd(), tb = b.totalUsd();
    const double tolerance = 1e-9 * std::max(1.0, std::abs(tb));
    if (ta < tb - tolerance)
        return true;
    if (ta > tb + tolerance)
        return false;
    const int fa = a.ownedGpus + a.reservedGpus, fb = b.ownedGpus + b.reservedGpus;
    return fa != fb ? fa < fb : a.ownedGpus < b.ownedGpus;
}

} // namespace

std::optional<double> PoolPrices::reservedBreakEven() const
{
    if (!reserved || !onDemand || !(onDemand->usdPerGpuHour > 0))
        return std::nullopt;
    return reserved->usdPerGpuHour / onDemand->usdPerGpuHour;
}

std::optional<double> PoolPrices::ownedBreakEven() const
{
    if (!owned || !onDemand)
        return std::nullopt;
    // A fixed GPU busy a share u of the hours costs fixed + power·u an hour; on demand it would cost od·u:
    // fixed + power·u = od·u ⇒ u = fixed ÷ (od − power) (tco.cpp computeTco, per GPU).
    const double denom = onDemand->usdPerGpuHour - owned->powerUsdPerBusyGpuHour;
    return denom > 0 ? owned->fixedPerGpuHour() / denom : std::numeric_limits<double>::infinity();
}

std::optional<double> PoolPrices::spotRatio() const
{
    if (!spot || !onDemand || !(onDemand->usdPerGpuHour > 0))
        return std::nullopt;
    return spot->effectivePerGpuHour() / onDemand->usdPerGpuHour;
}

double PoolSizingRequest::targetFor(const std::string& taskClass) const
{
    for (const auto& [cls, seconds] : targetByClass)
        if (cls == taskClass)
            return seconds;
    return targetWait;
}

Result<PoolPrices> poolPrices(const PlanInputs& in, const GpuSpec& gpu, const std::string& provider,
    const std::optional<TcoSpec>& tco, std::int64_t serverCpuMilli, std::int64_t serverMemoryMib)
{
    PoolPrices pp;
    // The rows the catalog check marks as errors are never priced with (as the planner does).
    std::set<std::pair<std::size_t, std::size_t>> bad;
    if (in.findings)
        for (const auto& f : *in.findings)
            if (f.error)
                bad.emplace(f.offering, f.price);
    std::set<std::string> noRate;
    if (in.offerings) {
        const auto& offerings = *in.offerings;
        for (std::size_t i = 0; i < offerings.size(); ++i) {
            const Offering& o = offerings[i];
            // Whole GPUs only: a fraction of a GPU (vGPU slices) is no server of the pool; nor is a row claiming
            // more than the planner's bound (broken data, and past int).
            if (o.gpuModel != gpu.id || (!provider.empty() && o.provider != provider) || o.gpuCount < 1
                || o.gpuCount > maxGpusPerInstance || o.gpuCount != std::floor(o.gpuCount))
                continue;
            const int n = static_cast<int>(o.gpuCount);
            const auto d = in.discounts.find(o.provider);
            const double discount = d == in.discounts.end() ? 0.0 : d->second;
            for (std::size_t j = 0; j < o.prices.size(); ++j) {
                const Price& p = o.prices[j];
                if (bad.count({i, j}) || p.pricingModel == PricingModel::CapacityBlock || !(p.effectiveHourly() > 0))
                    continue;
                const auto usd = in.fx.convert(p.effectiveHourly(), p.currency, "USD");
                if (!usd) {
                    noRate.insert(p.currency);
                    continue;
                }
                PoolPrice c;
                c.model = p.pricingModel;
                c.usdPerGpuHour = *usd * (1.0 - discount) / n;
                c.termMonths = p.termMonths;
                c.offeringClass = p.offeringClass;
                c.provider = o.provider;
                c.region = o.zone.empty() ? o.region : o.region + "/" + o.zone;
                c.instanceType = o.instanceType;
                c.gpusPerInstance = n;
                c.cpuMilli = o.vcpus > 0 ? static_cast<std::int64_t>(std::llround(o.vcpus * 1000)) : poolUnlimited;
                c.memoryMib
                    = o.memoryGiB > 0 ? static_cast<std::int64_t>(std::llround(o.memoryGiB * 1024)) : poolUnlimited;
                c.billingGranularityS = o.billingGranularityS;
                c.minimumBillingS = o.minimumBillingS;
                c.currency = p.currency;
                c.discount = discount;
                c.asOf = p.asOf;
                c.source = p.source.empty() ? o.source : p.source;
                std::optional<PoolPrice>* slot = nullptr;
                switch (p.pricingModel) {
                case PricingModel::OnDemand:
                    slot = &pp.onDemand;
                    break;
                case PricingModel::Spot: {
                    const SpotOverhead s = spotOverhead(1, p.interruptionBucket, in.spot);
                    c.interruptionsPerHour = s.interruptionsPerHour;
                    c.overhead = s.overhead;
                    c.interruptionLabel = !p.interruptionLabel.empty() ? p.interruptionLabel
                        : s.assumedBucket                              ? "assumed 10-15%"
                                                                       : "";
                    slot = &pp.spot;
                    break;
                }
                default: // reserved, savings plan, committed use, subscription: paid for the whole term
                    slot = &pp.reserved;
                    break;
                }
                if (!*slot || c.effectivePerGpuHour() < (*slot)->effectivePerGpuHour())
                    *slot = c;
            }
        }
    }
    const std::string scope = provider.empty() ? "the catalog" : "the catalog's " + provider + " offerings";
    if (!pp.onDemand)
        return Error {ErrorCode::NoOffering,
            "no on-demand price for " + gpu.id + " in " + scope + " (burst capacity needs one; --gpu picks the GPU)"};
    for (const auto& c : noRate)
        pp.notes.push_back("prices in " + c + " skipped: no exchange rate to USD");
    pp.notes.push_back("on demand: " + describe(*pp.onDemand));
    if (pp.reserved) {
        pp.notes.push_back("reserved: " + describe(*pp.reserved));
        if (pp.reserved->offeringClass == hostDefaultOfferingClass)
            pp.notes.push_back("the reserved price is a marketplace host's default prepaid discount: indicative, each "
                               "host sets its own");
    } else {
        pp.notes.push_back("reserved: no commitment price for " + gpu.id + " in " + scope + "; none sized");
    }
    if (pp.spot)
        pp.notes.push_back("spot: " + describe(*pp.spot) + " (preemptible tasks burst on spot)");
    else
        pp.notes.push_back(
            "spot: no spot price for " + gpu.id + " in " + scope + "; preemptible tasks burst on demand");
    if (tco) {
        if (lower(tco->gpu) != lower(gpu.id))
            return Error {ErrorCode::InvalidInput,
                "TCO inputs: gpu: the owned servers hold " + tco->gpu + ", the pool is sized on " + gpu.id};
        const auto rate = in.fx.convert(1.0, tco->currency, "USD");
        if (!rate)
            return Error {
                ErrorCode::InvalidInput, "TCO inputs: currency: no exchange rate to USD for " + tco->currency};
        PoolOwned owned;
        owned.spec = *tco;
        owned.gpusPerServer = tco->gpusPerServer;
        owned.usdPerCurrency = *rate;
        // The TCO model per server-hour (tco.cpp): its fixed part (purchase over the depreciation, colocation, staff,
        // maintenance, idle power) is paid every hour; a busy GPU adds (board − idle power) × PUE.
        const double od = pp.onDemand->usdPerGpuHour / *rate;
        const TcoResult r = computeTco(*tco, gpu, od);
        owned.fixedUsdPerServerHour = (r.capexPerServerHour + r.colocationPerServerHour + r.staffPerServerHour
                                          + r.maintenancePerServerHour + r.powerPerServerHourIdle)
            * *rate;
        owned.powerUsdPerBusyGpuHour
            = (r.powerPerServerHourFull - r.powerPerServerHourIdle) / std::max(1, tco->gpusPerServer) * *rate;
        owned.cpuMilli = serverCpuMilli > 0 ? serverCpuMilli : poolUnlimited;
        owned.memoryMib = serverMemoryMib > 0 ? serverMemoryMib : poolUnlimited;
        pp.owned = owned;
    } else {
        pp.notes.push_back("owned: no TCO inputs; owned servers not sized");
    }
    return pp;
}

Result<PoolSizing> sizePoolWith(const PoolSizingRequest& req, const PoolPrices& prices, const GpuSpec* gpu,
    const PoolSizingProgress& progress, const std::atomic<bool>* cancel)
{
    if (!prices.onDemand)
        return Error {ErrorCode::NoOffering, "no on-demand price for " + req.gpuId + ": burst capacity needs one"};
    if (req.policies.empty())
        return Error {ErrorCode::InvalidInput, "pool sizing: no placement policy"};
    PoolSizing out;
    out.gpuId = gpu ? gpu->id : req.gpuId;
    out.prices = prices;
    const std::string label = out.gpuId;
    // The tasks this pool can run: a task that names GPU types must name this one (then it may use any GPU of the
    // pool); it must fit an owned server, a reserved instance or the largest burst instance (the GPU's typical
    // server, gpus.json max_gpus).
    std::vector<PoolTask> tasks;
    {
        PoolCluster probe;
        probe.file = "pool";
        probe.types.push_back(PoolGpuType {label, gpu, std::nullopt, ""});
        if (prices.owned)
            probe.nodes = mixCluster(gpu, label, prices, 1, 0).nodes;
        if (prices.reserved)
            probe.nodes.push_back(mixCluster(gpu, label, prices, 0, 1).nodes.front());
        probe.nodes.push_back(
            PoolNode {"burst", label, std::max(gpu ? gpu->maxGpusPerNode : 8, prices.onDemand->gpusPerInstance),
                poolUnlimited, poolUnlimited, "", 0});
        PoolOptions o;
        o.sharing = req.sharing;
        pool::Engine engine(probe, {}, o);
        for (PoolTask t : req.tasks) {
            bool named = t.gpuTypes.empty();
            for (const auto& g : t.gpuTypes)
                named = named || (gpu ? namesGpu(g, *gpu) : g == label);
            if (named) {
                t.gpuTypes.clear();
                if (engine.fitsEmpty(engine.shapeOf(t, probe))) {
                    tasks.push_back(std::move(t));
                    continue;
                }
            }
            ++out.unfitCount;
            if (out.unfit.size() < 20) {
                std::string why = named ? "fits no owned server, reserved or burst instance" : "asks for ";
                if (!named)
                    for (std::size_t i = 0; i < t.gpuTypes.size(); ++i)
                        why += (i ? "|" : "") + t.gpuTypes[i];
                out.unfit.push_back(UnfitTask {t.name, t.line, why});
            }
        }
    }
    if (tasks.empty())
        return Error {ErrorCode::InvalidInput,
            req.tasksName + ": no task can run on a pool of " + label + " (" + std::to_string(out.unfitCount)
                + " fit no server)"};
    out.tasks = static_cast<std::int64_t>(tasks.size());
    const Demand demand = demandOf(tasks);
    out.peakDemandGpus = demand.peakGpus;
    out.demandGpuHours = demand.gpuHours;
    out.demandHours = demand.hours;
    const auto upTo = [&](int given, int perUnit) {
        return given >= 0 ? given : static_cast<int>(std::ceil(demand.peakGpus / std::max(1, perUnit) - 1e-9)) + 1;
    };
    out.ownedMax = prices.owned ? upTo(req.maxOwnedServers, prices.owned->gpusPerServer) : 0;
    out.reservedMax = prices.reserved ? upTo(req.maxReservedInstances, prices.reserved->gpusPerInstance) : 0;
    out.notes = prices.notes;

    const std::int64_t grid = std::int64_t(out.ownedMax + 1) * (out.reservedMax + 1);
    const std::int64_t total = grid * static_cast<std::int64_t>(req.policies.size());
    std::int64_t done = 0;
    const auto tick = [&](std::int64_t n) {
        done += n;
        if (progress)
            progress(done, total);
    };
    for (PoolPolicy policy : req.policies) {
        Search search(req, prices, gpu, label, tasks, demand.hours);
        PoolPolicySizing ps;
        ps.policy = policy;
        PoolResult bestReplay;
        ps.allOnDemand = search.evaluate(policy, 0, 0, &bestReplay);
        ps.evaluated.push_back(ps.allOnDemand);
        if (ps.allOnDemand.meetsTarget)
            ps.best = ps.allOnDemand;
        PoolResult fallback = bestReplay; // all on demand, shown when no mix meets the targets
        tick(1);
        for (int owned = 0; owned <= out.ownedMax; ++owned) {
            if (ps.best && search.bound(owned, 0) >= ps.best->totalUsd()) {
                const std::int64_t rest = std::int64_t(out.ownedMax - owned + 1) * (out.reservedMax + 1);
                ps.skipped += rest;
                tick(rest);
                break;
            }
            for (int reserved = owned == 0 ? 1 : 0; reserved <= out.reservedMax; ++reserved) {
                if (ps.best && search.bound(owned, reserved) >= ps.best->totalUsd()) {
                    ps.skipped += out.reservedMax - reserved + 1;
                    tick(out.reservedMax - reserved + 1);
                    break;
                }
                if (cancel && cancel->load())
                    return Error {ErrorCode::Cancelled, "pool sizing cancelled"};
                PoolResult replay;
                PoolMix m = search.evaluate(policy, owned, reserved, &replay);
                ps.evaluated.push_back(m);
                if (m.meetsTarget && (!ps.best || better(m, *ps.best))) {
                    ps.best = m;
                    bestReplay = std::move(replay);
                }
                tick(1);
            }
        }
        ps.replay = ps.best ? std::move(bestReplay) : std::move(fallback);
        ps.atEdge = ps.best
            && ((out.ownedMax > 0 && ps.best->ownedServers == out.ownedMax)
                || (out.reservedMax > 0 && ps.best->reservedInstances == out.reservedMax));
        out.policies.push_back(std::move(ps));
    }
    return out;
}

Result<PoolSizing> sizePool(const PoolSizingRequest& req, const PlanInputs& in, const PoolSizingProgress& progress,
    const std::atomic<bool>* cancel)
{
    if (!in.gpus)
        return Error {ErrorCode::InvalidInput, "pool sizing: no GPU catalog"};
    auto gpu = in.gpus->find(req.gpuId);
    if (!gpu)
        return gpu.error();
    auto prices = poolPrices(in, **gpu, req.provider, req.tco, req.serverCpuMilli, req.serverMemoryMib);
    if (!prices)
        return prices.error();
    return sizePoolWith(req, *prices, *gpu, progress, cancel);
}

std::pair<std::int64_t, std::int64_t> poolServerShape(const std::vector<PoolNode>& nodes, int gpusPerServer)
{
    const PoolNode* big = nullptr;
    for (const auto& n : nodes)
        if (n.gpus > 0
            && (!big || std::tie(n.gpus, n.cpuMilli, n.memoryMib) > std::tie(big->gpus, big->cpuMilli, big->memoryMib)))
            big = &n;
    if (!big)
        return {0, 0};
    const auto per = [&](std::int64_t v) { return v >= poolUnlimited || v <= 0 ? 0 : v / big->gpus * gpusPerServer; };
    return {per(big->cpuMilli), per(big->memoryMib)};
}

std::string poolDefaultGpu(const PoolCluster& cluster)
{
    std::string best;
    int most = 0;
    for (const auto& t : cluster.types) {
        if (!t.gpu)
            continue;
        int gpus = 0;
        for (const auto& n : cluster.nodes)
            gpus += n.gpuType == t.label ? n.gpus : 0;
        if (gpus > most) {
            most = gpus;
            best = t.gpu->id;
        }
    }
    return best;
}

Result<std::vector<PoolTask>> poolTasksFromScenarios(const std::vector<PoolScenario>& scenarios, const PlanInputs& in,
    const std::string& gpuId, int serverGpus, std::vector<std::string>* notes, const std::atomic<bool>* cancel)
{
    serverGpus = std::max(1, serverGpus);
    struct Planned
    {
        const PoolScenario* scenario;
        Candidate candidate;
    };
    std::vector<Planned> planned;
    double horizon = poolScenarioHours;
    const GpuSpec* poolGpu = in.gpus ? in.gpus->lookup(gpuId) : nullptr;
    if (!poolGpu)
        return Error {ErrorCode::UnknownGpu, "pool sizing: unknown GPU " + gpuId};
    for (const auto& s : scenarios) {
        // A scenario pinned to other hardware runs on the same count of the pool's GPUs.
        Workload w = s.workload;
        if (w.hardware && lower(w.hardware->gpu) != lower(poolGpu->id)) {
            if (notes)
                notes->push_back("scenario \"" + s.name + "\": pinned to " + w.hardware->gpu + ", planned on "
                    + std::to_string(w.hardware->count) + " × " + poolGpu->id + " instead");
            w.hardware->gpu = poolGpu->id;
        }
        auto plan = planWorkload(w, in, cancel);
        if (!plan)
            return Error {plan.error().code, "scenario \"" + s.name + "\": " + plan.error().detail};
        const Candidate* c = nullptr;
        for (const auto& cand : plan->candidates)
            if (cand.gpu && cand.gpu->id == poolGpu->id && cand.fits) {
                c = &cand;
                break;
            }
        if (!c && plan->pinned && plan->pinned->gpu && plan->pinned->gpu->id == poolGpu->id && plan->pinned->fits)
            c = &*plan->pinned;
        if (!c)
            return Error {
                ErrorCode::NoOffering, "scenario \"" + s.name + "\": no deployment on " + poolGpu->id + " fits"};
        if (s.workload.kind != WorkloadKind::Inference)
            horizon = std::max(horizon, s.startHours + c->wallHours);
        planned.push_back(Planned {&s, *c});
    }
    horizon = std::ceil(horizon);
    std::vector<PoolTask> tasks;
    // A deployment of `gpus` GPUs as server-sized parts, each a task.
    const auto add
        = [&](const std::string& name, int gpus, double arrivalH, double hours, const std::string& cls, int priority) {
              for (int part = 0, left = gpus; left > 0; ++part, left -= serverGpus) {
                  PoolTask t;
                  t.name = gpus > serverGpus ? name + "#" + std::to_string(part + 1) : name;
                  t.gpus = std::min(left, serverGpus);
                  t.gpuMilli = 1000;
                  t.gpuTypes = {poolGpu->id};
                  t.taskClass = cls;
                  t.priority = priority;
                  t.arrival = arrivalH * 3600.0;
                  t.duration = hours * 3600.0;
                  t.line = static_cast<int>(tasks.size()) + 1;
                  tasks.push_back(std::move(t));
              }
          };
    for (const auto& [scenario, c] : planned) {
        const std::string& name = scenario->name;
        if (scenario->workload.kind != WorkloadKind::Inference) {
            const std::string cls = scenario->workload.kind == WorkloadKind::Training ? "training" : "batch";
            add(name, c.gpus, scenario->startHours, c.wallHours, cls, 1);
            if (notes)
                notes->push_back("scenario \"" + name + "\": " + cls + " job on " + std::to_string(c.gpus) + " × "
                    + c.gpu->id + " for " + num(c.wallHours) + " h from hour " + num(scenario->startHours));
            continue;
        }
        // Serving: replicas needed hour by hour (the profile repeated over the horizon), else all along.
        const int perReplica = c.capacity ? std::max(1, c.capacity->gpusPerReplica) : c.gpus;
        std::vector<int> needed;
        if (c.capacity && c.capacity->autoscale && !c.capacity->autoscale->needed.empty())
            needed = c.capacity->autoscale->needed;
        else
            needed = {c.capacity ? c.capacity->result.total() : 1};
        const int peak = *std::max_element(needed.begin(), needed.end());
        const int hours = static_cast<int>(horizon);
        for (int k = 1; k <= peak; ++k) // replica k runs in the hours that need at least k replicas
            for (int h = 0; h < hours;) {
                if (needed[static_cast<std::size_t>(h) % needed.size()] < k) {
                    ++h;
                    continue;
                }
                int e = h;
                while (e < hours && needed[static_cast<std::size_t>(e) % needed.size()] >= k)
                    ++e;
                add(name + "/replica-" + std::to_string(k) + "@" + std::to_string(h), perReplica, h, e - h, "serving",
                    2);
                h = e;
            }
        if (notes)
            notes->push_back("scenario \"" + name + "\": serving, " + std::to_string(peak) + " replicas at the peak of "
                + std::to_string(perReplica) + " × " + c.gpu->id
                + (needed.size() > 1 ? ", hour by hour" : ", all along") + " over " + std::to_string(hours) + " h");
    }
    return tasks;
}

} // namespace gpuplan::core
