#pragma once

#include "chartdata.h"
#include "chartview.h"

namespace gpuplan::charts {

/// Horizontal stacked bars with an optional reference line: the cost breakdown of a candidate, memory per
/// GPU by component against the GPU's capacity; or grouped bars (StackedBars::stacked false): a pool's queueing
/// delay per class, one bar per placement policy.
class StackedBarChartView : public ChartView
{
    Q_OBJECT
public:
    explicit StackedBarChartView(QWidget* parent = nullptr);

    void setBars(const StackedBars& bars);
    /// Clears the chart and shows `placeholder` instead.
    void clear(const QString& placeholder);
    const StackedBars& bars() const { return m_bars; }

Q_SIGNALS:
    /// The user clicked a bar of category `index` (StackedBars::categories).
    void categoryClicked(int index);

protected:
    void rebuild() override;

private:
    StackedBars m_bars;
    QString m_emptyText;
};

} // namespace gpuplan::charts
