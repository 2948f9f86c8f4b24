#pragma once

#include "chartdata.h"
#include "chartview.h"

namespace gpuplan::charts {

/// Lines over a continuous x axis with hover tooltips: a GPU pool's allocated, fragmented and burst GPUs over time.
class LineChartView : public ChartView
{
    Q_OBJECT
public:
    explicit LineChartView(QWidget* parent = nullptr);

    void setLines(const Lines& lines);
    /// Clears the chart and shows `placeholder` instead.
    void clear(const QString& placeholder);
    const Lines& lines() const { return m_lines; }

protected:
    void rebuild() override;

private:
    Lines m_lines;
    QString m_emptyText;
};

} // namespace gpuplan::charts
