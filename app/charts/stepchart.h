#pragma once

#include "chartdata.h"
#include "chartview.h"

namespace gpuplan::charts {

/// Hour-by-hour step lines (replicas needed, replicas running, a static fleet), with hover tooltips.
class StepChartView : public ChartView
{
    Q_OBJECT
public:
    explicit StepChartView(QWidget* parent = nullptr);

    void setSteps(const HourlySteps& steps);
    /// Clears the chart and shows `placeholder` instead.
    void clear(const QString& placeholder);
    const HourlySteps& steps() const { return m_steps; }

protected:
    void rebuild() override;

private:
    HourlySteps m_steps;
    QString m_emptyText;
};

} // namespace gpuplan::charts
