#pragma once
// Plans into the plain data the charts draw (app/charts/chartdata.h).

#include "planengine.h"

#include "app/charts/chartdata.h"

#include <QCoreApplication>

namespace gpuplan::gui {

class ChartAdapters
{
    Q_DECLARE_TR_FUNCTIONS(gpuplan::gui::ChartAdapters)
public:
    /// The candidates `plotted` (indices into Plan::candidates: report::CostChart::plotted): cost against wall time
    /// (training, batch) or p99 time to first token (serving), the time of report::costChartTime. Ids are the indices.
    static QVector<charts::ScatterPoint> scatter(
        const PlanResult& r, const std::vector<std::size_t>& plotted, QString* xTitle, QString* yTitle);
    /// The hover text of scatter()'s point `id` (a candidate's index): rank, offering, GPUs, pricing, cost and time.
    static QString scatterTooltip(const PlanResult& r, int id);
    /// The cheapest candidates as ranked bars (report::chooseCostChart's RankedBars: their times are too alike for
    /// a scatter): one bar each, cheapest on top, labelled by rank, provider, instance and pricing.
    static charts::StackedBars ranked(const PlanResult& r, const std::vector<std::size_t>& indices);
    /// Memory per GPU by component against the GPU's capacity (GiB).
    static charts::StackedBars memory(const core::Candidate& c);
    /// What the candidate's cost is made of: by use (compute, unused commitment, spot overhead, redundancy)
    /// and, when something is paid upfront, by payment.
    static charts::StackedBars cost(const core::Candidate& c);
    /// Serving: replicas needed and running hour by hour (the autoscaled fleet over the demand profile, or the
    /// constant fleet for constant traffic) and the static fleet sized for the peak. Empty for other kinds.
    static charts::HourlySteps demand(const core::Candidate& c);
    /// Serving: the expected downtime per 730-hour month against the availability target's budget.
    static charts::StackedBars availability(const core::Candidate& c);
};

} // namespace gpuplan::gui
