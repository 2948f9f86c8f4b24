#include "paretochart.h"

#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
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
    const QVector<ScatterPoint>& points, const QString& xTitle, const QString& yTitle, TooltipFor tooltip)
{
    m_points = points;
    m_tooltip = std::move(tooltip);
    m_xTitle = xTitle;
    m_yTitle = yTitle;
    if (std::none_of(m_points.begin(), m_points.end(), [&](const ScatterPoint& p) { return p.id == m_selectedId; }))
        m_selectedId = -1;
    refresh();
}

void ParetoChartView::fitAxis(QAbstractAxis*& axis, double lo, double hi, const QString& title, Qt::Alignment where)
{
    // A log axis when the values span more than a factor of 20 (costs and times often do: 8 GPUs vs 1 024).
    const bool log = lo > 0 && hi / lo > 20;
    const bool isLog = axis && axis->type() == QAbstractAxis::AxisTypeLogValue;
    if (axis && log != isLog) {
        for (QAbstractSeries* s : chart()->series())
            s->detachAxis(axis);
        chart()->removeAxis(axis);
        delete axis;
        axis = nullptr;
    }
    if (!axis) {
        if (log) {
            auto* a = new QLogValueAxis;
            a->setBase(10);
            a->setMinorTickCount(-1);
            axis = a;
        } else {
            axis = new QValueAxis;
        }
        chart()->addAxis(axis, where);
        for (QAbstractSeries* s : chart()->series())
            s->attachAxis(axis);
    }
    axis->setTitleText(title);
    if (log) {
        auto* a = static_cast<QLogValueAxis*>(axis);
        // Qt labels only the powers of ten inside a log range: a range within one decade (1.0e5–1.3e6) would show
        // a single label, so the range is widened to the powers of ten around it when it holds fewer than two.
        double from = lo / 1.3, to = hi * 1.3;
        if (std::floor(std::log10(to)) - std::ceil(std::log10(from)) < 1) {
            from = std::pow(10.0, std::floor(std::log10(from)));
            to = std::pow(10.0, std::ceil(std::log10(to)));
        }
        a->setRange(from, to);
        // Powers of ten in full ("1,000,000", not "1e+06"); below 1 as many decimals as the smallest needs.
        const int decimals = from >= 1 ? 0 : std::clamp(int(std::ceil(-std::log10(from))), 1, 6);
        a->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
    } else {
        auto* a = static_cast<QValueAxis*>(axis);
        const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(std::abs(hi) * 0.1, 1.0);
        a->setRange(std::max(0.0, lo - pad), hi + pad);
        a->applyNiceNumbers();
        formatTicksByInterval(a); // 4.29–4.32 h: "4.290", "4.295", … rather than "4.29", "4.3", "4.3"
    }
}

void ParetoChartView::createSeries()
{
    clearChart();
    m_x = m_y = nullptr;
    m_seriesDark = isDark();
    const QColor accent = m_seriesDark ? QColor(0x7a, 0xb8, 0xff) : QColor(0x1f, 0x5f, 0xbf);
    const QColor muted = m_seriesDark ? QColor(0x8a, 0x8f, 0x98) : QColor(0xa0, 0xa6, 0xb0);
    m_anchor = new QScatterSeries;
    m_anchor->setMarkerSize(0);
    m_anchor->setOpacity(0);
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
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_anchor), static_cast<QAbstractSeries*>(m_others),
             static_cast<QAbstractSeries*>(m_line), static_cast<QAbstractSeries*>(m_front),
             static_cast<QAbstractSeries*>(m_selected)})
        chart()->addSeries(s);
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_anchor), static_cast<QAbstractSeries*>(m_line)})
        for (QLegendMarker* m : chart()->legend()->markers(s))
            m->setVisible(false);
}

void ParetoChartView::rebuild()
{
    applyTheme();
    // Series are made once (and again after a theme change); a new plan only replaces their points.
    if (!m_anchor || m_seriesDark != isDark())
        createSeries();
    m_hoverId = -1;
    m_others->setName(tr("Candidates"));
    m_front->setName(tr("Pareto front"));
    m_selected->setName(tr("Selected"));

    std::vector<const ScatterPoint*> shown;
    for (const auto& p : m_points)
        if (std::isfinite(p.x) && std::isfinite(p.y) && p.x > 0 && p.y >= 0)
            shown.push_back(&p);
    setPlaceholder(shown.empty() ? tr("No priced candidates to plot") : QString());
    QList<QPointF> o, f, all;
    std::vector<QPointF> frontPts;
    double x0 = std::numeric_limits<double>::max(), x1 = 0, y0 = std::numeric_limits<double>::max(), y1 = 0;
    for (const auto* p : shown) {
        const QPointF pt(p->x, p->y);
        all << pt;
        (p->pareto ? f : o) << pt;
        if (p->pareto)
            frontPts.push_back(pt);
        x0 = std::min(x0, p->x);
        x1 = std::max(x1, p->x);
        y0 = std::min(y0, p->y);
        y1 = std::max(y1, p->y);
    }
    std::sort(frontPts.begin(), frontPts.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    m_anchor->replace(all);
    m_others->replace(o);
    m_front->replace(f);
    m_line->replace(QList<QPointF>(frontPts.begin(), frontPts.end()));
    if (!shown.empty()) {
        fitAxis(m_x, x0, x1, m_xTitle, Qt::AlignBottom);
        fitAxis(m_y, y0 > 0 ? y0 : y1 / 100, y1, m_yTitle, Qt::AlignLeft);
    }
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
        if (p.id == m_selectedId && p.x > 0)
            sel << QPointF(p.x, p.y);
    m_selected->replace(sel);
}

std::optional<QPoint> ParetoChartView::viewportPosition(int id) const
{
    if (!m_anchor || !m_x)
        return std::nullopt;
    for (const auto& p : m_points) {
        if (p.id != id || !(p.x > 0) || !std::isfinite(p.y))
            continue;
        const QPointF inChart = chart()->mapToPosition(QPointF(p.x, p.y), m_anchor);
        return mapFromScene(chart()->mapToScene(inChart));
    }
    return std::nullopt;
}

int ParetoChartView::idAt(const QPoint& pos, int radius) const
{
    if (!m_anchor || !m_x)
        return -1;
    int best = -1;
    double bestD = radius * radius + 0.5;
    // The selected point first, then the Pareto front, when points overlap.
    for (int pass = 0; pass < 2; ++pass) {
        for (const auto& p : m_points) {
            if (!(p.x > 0) || !std::isfinite(p.y) || (pass == 0) != p.pareto)
                continue;
            const QPointF c = mapFromScene(chart()->mapToScene(chart()->mapToPosition(QPointF(p.x, p.y), m_anchor)));
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
