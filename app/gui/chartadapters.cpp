#include "chartadapters.h"

#include "format.h"

#include "app/report/candidate_view.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::gui {

QVector<charts::ScatterPoint> ChartAdapters::scatter(
    const PlanResult& r, const std::vector<std::size_t>& plotted, QString* xTitle, QString* yTitle)
{
    const bool serving = r.workload.kind == core::WorkloadKind::Inference;
    if (xTitle)
        *xTitle = serving ? tr("p99 time to first token (ms)") : tr("Wall time (hours)");
    if (yTitle)
        *yTitle = serving ? tr("Cost per month (%1)").arg(r.currency) : tr("Cost (%1)").arg(r.currency);
    QVector<charts::ScatterPoint> out;
    const auto& cs = r.plan.candidates;
    out.reserve(static_cast<int>(plotted.size()));
    for (const std::size_t i : plotted) {
        if (i >= cs.size())
            continue;
        const core::Candidate& c = cs[i];
        if (!c.pricing)
            continue;
        const auto& p = *c.pricing;
        charts::ScatterPoint pt;
        pt.id = static_cast<int>(i);
        pt.x = report::costChartTime(c);
        pt.y = p.totalCost;
        pt.pareto = p.pareto;
        out << pt;
    }
    return out;
}

QString ChartAdapters::scatterTooltip(const PlanResult& r, int id)
{
    const auto& cs = r.plan.candidates;
    if (id < 0 || static_cast<std::size_t>(id) >= cs.size() || !cs[static_cast<std::size_t>(id)].pricing)
        return {};
    const bool serving = r.workload.kind == core::WorkloadKind::Inference;
    const std::size_t i = static_cast<std::size_t>(id);
    const core::Candidate& c = cs[i];
    const auto& p = *c.pricing;
    const double x = report::costChartTime(c);
    const QString time = serving
        ? tr("p99 TTFT %1 · %2 per million output tokens")
              .arg(Fmt::milliseconds(x), Fmt::money(p.costPerMillionOutputTokens, QString::fromStdString(p.currency)))
        : Fmt::duration(x);
    QString text
        = tr("#%1 %2 %3 (%4)\n%5 × %6, %7\n%8 · %9")
              .arg(i + 1)
              .arg(QString::fromStdString(p.offering.provider), QString::fromStdString(p.offering.instanceType),
                  QString::fromStdString(p.offering.region), c.gpu ? QString::fromStdString(c.gpu->id) : QString())
              .arg(c.gpus)
              .arg(Fmt::pricingModel(QString::fromStdString(core::pricingKey(p)), p.price.termMonths),
                  Fmt::money(p.totalCost, QString::fromStdString(p.currency)), time);
    if (p.pareto)
        text += QLatin1Char('\n') + tr("On the Pareto front");
    return text;
}

charts::StackedBars ChartAdapters::ranked(const PlanResult& r, const std::vector<std::size_t>& indices)
{
    charts::StackedBars b;
    const bool serving = r.workload.kind == core::WorkloadKind::Inference;
    charts::StackedBars::Set set {serving ? tr("Cost per month") : tr("Total cost"), {}};
    // Qt draws the first category at the bottom: add the most expensive first so that the cheapest is on top.
    for (auto it = indices.rbegin(); it != indices.rend(); ++it) {
        const core::Candidate& c = r.plan.candidates.at(*it);
        if (!c.pricing)
            continue;
        const auto& p = *c.pricing;
        // The rank makes every label unique (a category axis merges equal names).
        b.categories << tr("#%1 %2 %3 · %4")
                            .arg(*it + 1)
                            .arg(qs(p.offering.provider), qs(p.offering.instanceType),
                                Fmt::pricingModel(QString::fromStdString(core::pricingKey(p)), p.price.termMonths));
        set.values << p.totalCost;
    }
    b.sets = {set};
    b.stacked = false;
    b.valueTitle = serving ? tr("Cost per month (%1)").arg(r.currency) : tr("Cost (%1)").arg(r.currency);
    const QString currency = r.currency;
    b.format = [currency](double v) { return Fmt::money(v, currency); };
    return b;
}

charts::StackedBars ChartAdapters::memory(const core::Candidate& c)
{
    charts::StackedBars b;
    const core::MemoryBreakdown* m = c.training ? &c.training->memory : (c.inference ? &c.inference->memory : nullptr);
    if (!m || !c.gpu)
        return b;
    const double unit = Fmt::memoryUnitBytes(); // GiB, or GB when Settings say decimal
    b.categories << tr("Per GPU");
    b.sets = {{tr("Weights"), {m->weights / unit}}, {tr("Gradients"), {m->gradients / unit}},
        {tr("Optimizer"), {m->optimizer / unit}}, {tr("Activations"), {m->activations / unit}},
        {tr("KV cache"), {m->kvCache / unit}}, {tr("Overhead"), {m->overhead / unit}}};
    b.valueTitle = Fmt::decimalMemory() ? tr("GB") : tr("GiB");
    b.reference = c.gpu->memoryBytes / unit;
    b.referenceLabel = tr("Capacity");
    b.format = [unit](double v) { return Fmt::gib(v * unit); };
    return b;
}

charts::StackedBars ChartAdapters::cost(const core::Candidate& c)
{
    charts::StackedBars b;
    if (!c.pricing)
        return b;
    const auto& p = *c.pricing;
    const QString currency = QString::fromStdString(p.currency);
    const double total = p.totalCost;
    const double toOutput = p.priceCurrencyTotal > 0 ? total / p.priceCurrencyTotal : 1.0;
    const double keep = 1.0 - p.discount;
    const bool service = c.inference != nullptr;
    const auto model = p.price.pricingModel;
    const bool commitment = model == core::PricingModel::Reserved || model == core::PricingModel::SavingsPlan
        || model == core::PricingModel::CommittedUse || model == core::PricingModel::Subscription;

    double compute = total, unused = 0, spot = 0, redundancy = 0, upfront = 0;
    if (model == core::PricingModel::Spot && p.spot.overhead > 0 && !service) {
        compute = total / (1.0 + p.spot.overhead);
        spot = total - compute;
    }
    if (commitment && !service) {
        // The whole term is paid; what the job does not use of it is idle commitment.
        const double used = std::min(total, p.hourlyCost * c.wallHours);
        unused = total - used;
        compute = used;
        upfront = p.terms * p.instances * p.price.upfrontFee * keep * toOutput;
    }
    if (model == core::PricingModel::CapacityBlock)
        upfront = p.instances * p.price.upfrontFee * keep * toOutput;
    if (service && c.capacity && c.capacity->result.total() > 0) {
        const double share = static_cast<double>(c.capacity->result.redundant) / c.capacity->result.total();
        redundancy = total * share;
        compute = total - redundancy;
    }
    upfront = std::clamp(upfront, 0.0, total);
    // Separate prefill and decode pools: the split the PDF shows too (report::poolCostSplit).
    report::PoolCostSplit pools;
    if (service && c.disaggregated) {
        pools = report::poolCostSplit(*c.disaggregated);
        compute = redundancy = 0;
    }
    b.categories << tr("By use");
    if (upfront > 0)
        b.categories << tr("By payment");
    auto values = [&](double use, double pay) {
        QVector<double> v {use};
        if (upfront > 0)
            v << pay;
        return v;
    };
    b.sets = {{service ? tr("Traffic") : tr("Compute used"), values(compute, 0)},
        {tr("Prefill pool"), values(pools.prefill, 0)}, {tr("Decode pool"), values(pools.decode, 0)},
        {tr("Headroom, spares and idle capacity"), values(pools.idle, 0)},
        {tr("KV cache egress between regions"), values(pools.egress, 0)}, {tr("Redundancy"), values(redundancy, 0)},
        {tr("Unused commitment"), values(unused, 0)}, {tr("Spot interruptions"), values(spot, 0)},
        {tr("Upfront fee"), values(0, upfront)}, {tr("Recurring charges"), values(0, total - upfront)}};
    b.valueTitle = currency;
    b.format = [currency](double v) { return Fmt::money(v, currency); };
    return b;
}

charts::HourlySteps ChartAdapters::demand(const core::Candidate& c)
{
    charts::HourlySteps d;
    if (!c.capacity)
        return d;
    const core::CapacityPlan& cap = *c.capacity;
    d.yTitle = tr("Replicas");
    if (cap.autoscale && !cap.autoscale->needed.empty()) {
        const auto& a = *cap.autoscale;
        const int hours = static_cast<int>(a.needed.size());
        d.xTitle = hours > 24 ? tr("Hour of the week") : tr("Hour of the day");
        charts::HourlySteps::Series needed {tr("Needed for the demand"), {}, false};
        charts::HourlySteps::Series running {tr("Running (autoscaled)"), {}, false};
        for (int h = 0; h < hours; ++h) {
            needed.values << a.needed[std::size_t(h)];
            running.values << (std::size_t(h) < a.running.size() ? a.running[std::size_t(h)] : 0);
        }
        // The static alternative: a fleet sized for the peak all the time (replica-hours ÷ hours).
        const double fleet = a.staticReplicaHours / hours;
        d.series = {needed, running, {tr("Static fleet for the peak"), QVector<double>(hours, fleet), true}};
    } else {
        // Constant traffic: the same fleet every hour of the day.
        d.xTitle = tr("Hour of the day");
        d.series = {{tr("Needed for the traffic"), QVector<double>(24, cap.result.replicas), false},
            {tr("Running (with redundancy)"), QVector<double>(24, cap.result.total()), false}};
    }
    return d;
}

charts::StackedBars ChartAdapters::availability(const core::Candidate& c)
{
    charts::StackedBars b;
    if (!c.pricing || !c.pricing->availability)
        return b;
    const core::AvailabilityInfo& a = *c.pricing->availability;
    b.categories << tr("Downtime");
    b.sets = {{tr("Expected at %1 availability").arg(Fmt::percent(a.expected, 4)), {a.downtimeMinutesPerMonth}}};
    b.valueTitle = tr("Minutes per month (730 h)");
    if (a.target) {
        b.reference = a.allowedDowntimeMinutesPerMonth;
        b.referenceLabel = tr("Budget of the %1 target").arg(Fmt::percent(*a.target, 2));
    }
    b.format = [](double minutes) { return tr("%1 min").arg(Fmt::number(minutes, 1)); };
    return b;
}

} // namespace gpuplan::gui
