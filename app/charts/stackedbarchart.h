#pragma once

#include "chartdata.h"
#include "chartview.h"

class QAbstractBarSeries;
class QBarSet;
class QLineSeries;
class QValueAxis;

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
    /// What a chart's items depend on: bars of the same shape are redrawn by moving their values (rebuild()).
    struct Shape
    {
        QStringList categories;
        QStringList sets; ///< the names of the sets with a value above zero, in order
        bool stacked = true;
        bool reference = false;
        QString referenceLabel;
        QString valueTitle;
        bool dark = false;
        bool operator==(const Shape&) const = default;
    };
    Shape shapeOf(const StackedBars& bars) const;
    /// Sets the values of m_bars on `sets` (the built chart's, one per Shape::sets name); returns the largest bar.
    double placeValues(const QList<QBarSet*>& sets) const;
    /// Puts the reference line at m_bars.reference, across every category.
    void placeReference();
    void fitValueAxis(double maxSum);

    StackedBars m_bars;
    QString m_emptyText;
    Shape m_shape;                          ///< of the built chart
    QAbstractBarSeries* m_series = nullptr; ///< the built chart's bars (owned by the chart); null when none
    QValueAxis* m_values = nullptr;         ///< its value axis
    QLineSeries* m_reference = nullptr;     ///< its reference line, if any
};

} // namespace gpuplan::charts
