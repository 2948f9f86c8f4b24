#pragma once

#include "chartdata.h"
#include "chartview.h"

#include <functional>
#include <optional>

class QAbstractAxis;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;

namespace gpuplan::charts {

/// Cost against time (training, batch) or latency (serving): every candidate as a point, the Pareto front
/// as a line, a tooltip on hover and selection by click. Ids are the caller's (rows of a model).
class ParetoChartView : public ChartView
{
    Q_OBJECT
public:
    explicit ParetoChartView(QWidget* parent = nullptr);

    /// The text shown on hover over the point with an id: asked for when the pointer gets there, so that a plan of
    /// hundreds of candidates does not format hundreds of texts nobody reads.
    using TooltipFor = std::function<QString(int id)>;
    /// Replaces the points. Axes become logarithmic when the values span more than a factor of 20. `of`: how many
    /// candidates the points were chosen from (report::chooseCostChart), said in the legend when more than plotted.
    void setPoints(const QVector<ScatterPoint>& points, const QString& xTitle, const QString& yTitle,
        TooltipFor tooltip = {}, int of = 0);
    /// How tick labels of 10,000 and more are written on the x and y axes ("250k", "25 万"); smaller ones, and all
    /// without a formatter, in the locale's digits. Takes effect with the next setPoints or rebuild.
    void setTickFormats(ValueFormatter x, ValueFormatter y);
    /// The hover text of the point with `id` (empty without a TooltipFor).
    QString tooltip(int id) const { return m_tooltip ? m_tooltip(id) : QString(); }
    const QVector<ScatterPoint>& points() const { return m_points; }
    /// Highlights one point (-1: none). Does not emit pointClicked.
    void setSelectedId(int id);
    int selectedId() const { return m_selectedId; }
    /// Where the point with `id` is drawn, in viewport coordinates; nullopt when it is not shown.
    std::optional<QPoint> viewportPosition(int id) const;
    /// The point nearest to `pos` (viewport coordinates) within `radius` pixels, else -1.
    int idAt(const QPoint& pos, int radius = 8) const;
    /// The axes as drawn now (tests: their tick labels).
    const QAbstractAxis* xAxis() const;
    const QAbstractAxis* yAxis() const;

Q_SIGNALS:
    /// The user clicked a point.
    void pointClicked(int id);

protected:
    void rebuild() override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    /// Fits `axis` (made on first use) to [lo, hi]: a log scale when the values span more than a factor of 20 (`log`
    /// says so), labels written by `format`.
    void fitAxis(QCategoryAxis*& axis, bool& log, double lo, double hi, const QString& title, Qt::Alignment where,
        const ValueFormatter& format);
    /// A value's place on the chart: log10 on a log axis.
    QPointF toChart(double x, double y) const;
    void createSeries();
    void updateSelection();

    QVector<ScatterPoint> m_points;
    int m_of = 0; ///< setPoints' `of`: the candidates the points were chosen from
    TooltipFor m_tooltip;
    QString m_xTitle, m_yTitle;
    int m_selectedId = -1;
    int m_hoverId = -1;
    int m_pressedId = -1;
    QScatterSeries* m_others = nullptr;
    QScatterSeries* m_front = nullptr;
    QLineSeries* m_line = nullptr;
    QScatterSeries* m_selected = nullptr;
    QCategoryAxis* m_x = nullptr;
    QCategoryAxis* m_y = nullptr;
    bool m_xLog = false, m_yLog = false;
    ValueFormatter m_xTick, m_yTick;
    bool m_seriesDark = false;
};

} // namespace gpuplan::charts
