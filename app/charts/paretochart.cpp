#include "paretochart.h"

#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpuplan::charts {

ParetoChartView::ParetoChartView(QWidget* parent)
    : ChartView(parent)
{
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    rebuild();
}

void ParetoChartView::setPoints(
    const QVector<ScatterPoint>& points, const QString& xTitle, const QString& yTitle, TooltipFor tooltip, int of)
{
    m_points = points;
    m_of = of;
    m_tooltip = std::move(tooltip);
    m_xTitle = xTitle;
    m_yTitle = yTitle;
    if (std::none_of(m_points.begin(), m_points.end(), [&](const ScatterPoint& p) { return p.id == m_selectedId; }))
        m_selectedId = -1;
    refresh();
}

const QAbstractAxis* ParetoChartView::xAxis() const
{
    return m_x;
}

const QAbstractAxis* ParetoChartView::yAxis() const
{
    return m_y;
}

void ParetoChartView::setTickFormats(ValueFormatter x, ValueFormatter y)
{
    m_xTick = std::move(x);
    m_yTick = std::move(y);
}

QPointF ParetoChartView::toChart(double x, double y) const
{
    return {m_xLog ? std::log10(x) : x, m_yLog ? std::log10(y) : y};
}

void ParetoChartView::fitAxis(QCategoryAxis*& axis, bool& log, double lo, double hi, const QString& title,
    Qt::Alignment where, const ValueFormatter& format)
{
    // Both axes are category axes whose categories end at the ticks, so that every label is written by `format`
    // ("250k", "25 万"): Qt's value and log axes take only a printf format. A log scale (the values span more than a
    // factor of 20: costs and times often do, 8 GPUs vs 1 024) is drawn as log10 of the values with a label at each
    // power of ten.
    if (!axis) {
        axis = new QCategoryAxis;
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        chart()->addAxis(axis, where);
        for (QAbstractSeries* s : chart()->series())
            s->attachAxis(axis);
    }
    for (const QString& label : axis->categoriesLabels())
        axis->remove(label);
    axis->setTitleText(title);
    log = lo > 0 && hi / lo > 20;
    std::vector<double> ticks;
    int decimals = 0;
    double from = 0, to = 1;
    if (log) {
        // Qt's log axis labelled only the powers of ten inside the range: one within a decade (1.0e5–1.3e6) is widened
        // to the powers of ten around it so that it shows two labels at least.
        from = lo / 1.3, to = hi * 1.3;
        if (std::floor(std::log10(to)) - std::ceil(std::log10(from)) < 1) {
            from = std::pow(10.0, std::floor(std::log10(from)));
            to = std::pow(10.0, std::ceil(std::log10(to)));
        }
        for (double e = std::ceil(std::log10(from) - 1e-9); e <= std::log10(to) + 1e-9; ++e)
            ticks.push_back(std::pow(10.0, e));
        decimals = from >= 1 ? 0 : std::clamp(int(std::ceil(-std::log10(from))), 1, 6);
        from = std::log10(from);
        to = std::log10(to);
    } else {
        // Qt's nice numbers for the range, then a tick at each of its intervals, with as many decimals as the interval
        // needs (4.29–4.32 h: "4.290", "4.295", … rather than "4.29", "4.3", "4.3").
        QValueAxis nice;
        const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(std::abs(hi) * 0.1, 1.0);
        nice.setRange(std::max(0.0, lo - pad), hi + pad);
        nice.applyNiceNumbers();
        from = nice.min(), to = nice.max();
        const int n = std::max(2, nice.tickCount());
        decimals = intervalDecimals((to - from) / (n - 1));
        for (int i = 0; i < n; ++i)
            ticks.push_back(from + (to - from) * i / (n - 1));
    }
    axis->setRange(from, to);
    axis->setStartValue(from);
    for (double t : ticks) {
        const QString label = format && std::abs(t) >= 1e4 ? format(t) : QLocale().toString(t, 'f', decimals);
        axis->append(label, log ? std::log10(t) : t);
    }
}

void ParetoChartView::createSeries()
{
    clearChart();
    m_x = m_y = nullptr;
    m_seriesDark = isDark();
    const QColor accent = m_seriesDark ? QColor(0x7a, 0xb8, 0xff) : QColor(0x1f, 0x5f, 0xbf);
    const QColor muted = m_seriesDark ? QColor(0x8a, 0x8f, 0x98) : QColor(0xa0, 0xa6, 0xb0);
    m_others = new QScatterSeries;
    m_others->setMarkerSize(7);
    m_others->setColor(muted);
    m_others->setBorderColor(muted.darker(120));
    m_line = new QLineSeries;
    m_line->setPen(QPen(accent, 2));
    m_front = new QScatterSeries;
    m_front->setMarkerSize(10);
    m_front->setColor(accent);
    m_front->setBorderColor(accent.darker(130));
    m_selected = new QScatterSeries;
    m_selected->setMarkerSize(16);
    m_selected->setColor(QColor(0xe8, 0x6a, 0x1a));
    m_selected->setBorderColor(palette().color(QPalette::Text));
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_others), static_cast<QAbstractSeries*>(m_line),
             static_cast<QAbstractSeries*>(m_front), static_cast<QAbstractSeries*>(m_selected)})
        chart()->addSeries(s);
    for (QLegendMarker* m : chart()->legend()->markers(m_line))
        m->setVisible(false);
}

void ParetoChartView::rebuild()
{
    applyTheme();
    // Series are made once (and again after a theme change); a new plan only replaces their points.
    if (!m_others || m_seriesDark != isDark())
        createSeries();
    m_hoverId = -1;
    m_others->setName(m_of > m_points.size()
            ? tr("Candidates: the front and the cheapest, %1 of %2").arg(m_points.size()).arg(m_of)
            : tr("Candidates"));
    m_front->setName(tr("Pareto front"));
    m_selected->setName(tr("Selected"));

    std::vector<const ScatterPoint*> shown;
    for (const auto& p : m_points)
        if (std::isfinite(p.x) && std::isfinite(p.y) && p.x > 0 && p.y >= 0)
            shown.push_back(&p);
    setPlaceholder(shown.empty() ? tr("No priced candidates to plot") : QString());
    QList<QPointF> o, f;
    std::vector<QPointF> frontPts;
    double x0 = std::numeric_limits<double>::max(), x1 = 0, y0 = std::numeric_limits<double>::max(), y1 = 0;
    for (const auto* p : shown) {
        x0 = std::min(x0, p->x);
        x1 = std::max(x1, p->x);
        y0 = std::min(y0, p->y);
        y1 = std::max(y1, p->y);
    }
    if (!shown.empty()) {
        fitAxis(m_x, m_xLog, x0, x1, m_xTitle, Qt::AlignBottom, m_xTick);
        fitAxis(m_y, m_yLog, y0 > 0 ? y0 : y1 / 100, y1, m_yTitle, Qt::AlignLeft, m_yTick);
    }
    for (const auto* p : shown) {
        if (m_yLog && !(p->y > 0))
            continue; // no place on a log scale
        const QPointF pt = toChart(p->x, p->y);
        (p->pareto ? f : o) << pt;
        if (p->pareto)
            frontPts.push_back(pt);
    }
    std::sort(frontPts.begin(), frontPts.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    m_others->replace(o);
    m_front->replace(f);
    m_line->replace(QList<QPointF>(frontPts.begin(), frontPts.end()));
    for (QAbstractAxis* a : chart()->axes())
        a->setVisible(!shown.empty());
    // Markers are never hidden and shown again (Qt Charts 6.4 then loses their labels): the legend as a whole.
    chart()->legend()->setVisible(!shown.empty());
    updateSelection();
}

void ParetoChartView::setSelectedId(int id)
{
    if (id == m_selectedId)
        return;
    m_selectedId = id;
    updateSelection();
}

void ParetoChartView::updateSelection()
{
    if (!m_selected)
        return;
    QList<QPointF> sel;
    for (const auto& p : m_points)
        if (p.id == m_selectedId && p.x > 0 && (!m_yLog || p.y > 0))
            sel << toChart(p.x, p.y);
    m_selected->replace(sel);
}

std::optional<QPoint> ParetoChartView::viewportPosition(int id) const
{
    if (!m_others || !m_x)
        return std::nullopt;
    for (const auto& p : m_points) {
        if (p.id != id || !(p.x > 0) || !std::isfinite(p.y))
            continue;
        const QPointF inChart = chart()->mapToPosition(toChart(p.x, p.y), m_others);
        return mapFromScene(chart()->mapToScene(inChart));
    }
    return std::nullopt;
}

int ParetoChartView::idAt(const QPoint& pos, int radius) const
{
    if (!m_others || !m_x)
        return -1;
    int best = -1;
    double bestD = radius * radius + 0.5;
    // The selected point first, then the Pareto front, when points overlap.
    for (int pass = 0; pass < 2; ++pass) {
        for (const auto& p : m_points) {
            if (!(p.x > 0) || !std::isfinite(p.y) || (pass == 0) != p.pareto)
                continue;
            const QPointF c = mapFromScene(chart()->mapToScene(chart()->mapToPosition(toChart(p.x, p.y), m_others)));
            const double d = (c.x() - pos.x()) * (c.x() - pos.x()) + (c.y() - pos.y()) * (c.y() - pos.y());
            if (d < bestD) {
                bestD = d;
                best = p.id;
            }
        }
        if (best >= 0)
            return best;
    }
    return best;
}

void ParetoChartView::mouseMoveEvent(QMouseEvent* event)
{
    const int id = idAt(event->position().toPoint());
    if (id != m_hoverId) {
        m_hoverId = id;
        if (id < 0) {
            QToolTip::hideText();
            viewport()->unsetCursor();
        } else {
            viewport()->setCursor(Qt::PointingHandCursor);
            QToolTip::showText(event->globalPosition().toPoint(), tooltip(id), this);
        }
    }
    ChartView::mouseMoveEvent(event);
}

void ParetoChartView::mousePressEvent(QMouseEvent* event)
{
    m_pressedId = event->button() == Qt::LeftButton ? idAt(event->position().toPoint()) : -1;
    ChartView::mousePressEvent(event);
}

void ParetoChartView::mouseReleaseEvent(QMouseEvent* event)
{
    const int id = event->button() == Qt::LeftButton ? idAt(event->position().toPoint()) : -1;
    if (id >= 0 && id == m_pressedId) {
        setSelectedId(id);
        Q_EMIT pointClicked(id);
    }
    m_pressedId = -1;
    ChartView::mouseReleaseEvent(event);
}

} // namespace gpuplan::charts
