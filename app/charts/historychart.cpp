#include "historychart.h"

#include <QDateTimeAxis>
#include <QLineSeries>
#include <QMap>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace gpuplan::charts {

PriceHistoryChartView::PriceHistoryChartView(QWidget* parent)
    : ChartView(parent)
{
    rebuild();
}

void PriceHistoryChartView::setHistory(
    const QVector<HistoryPoint>& points, const QString& title, const QString& valueTitle)
{
    m_points = points;
    m_title = title;
    m_valueTitle = valueTitle;
    m_emptyText.clear();
    refresh();
}

void PriceHistoryChartView::clear(const QString& placeholder)
{
    m_points.clear();
    m_title.clear();
    m_emptyText = placeholder;
    refresh();
}

int PriceHistoryChartView::seriesCount() const
{
    return static_cast<int>(chart()->series().size());
}

void PriceHistoryChartView::rebuild()
{
    applyTheme();
    clearChart();
    chart()->setTitle(m_title);
    QVector<HistoryPoint> pts;
    for (const auto& p : m_points)
        if (p.when.isValid())
            pts << p;
    if (pts.isEmpty()) {
        setPlaceholder(m_emptyText.isEmpty() ? tr("No price history") : m_emptyText);
        return;
    }
    setPlaceholder({});
    std::sort(pts.begin(), pts.end(), [](const HistoryPoint& a, const HistoryPoint& b) { return a.when < b.when; });

    QDateTime t0 = pts.front().when, t1 = pts.back().when;
    if (t0 == t1) {
        t0 = t0.addDays(-1);
        t1 = t1.addDays(1);
    }
    auto* x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("yyyy-MM-dd"));
    x->setRange(t0, t1);
    x->setTickCount(std::min<int>(6, std::max<int>(2, static_cast<int>(pts.size()))));
    chart()->addAxis(x, Qt::AlignBottom);
    double hi = 0;
    for (const auto& p : pts)
        hi = std::max(hi, p.value);
    auto* y = new QValueAxis;
    y->setRange(0, hi > 0 ? hi * 1.1 : 1);
    y->applyNiceNumbers();
    formatTicksByInterval(y);
    y->setTitleText(m_valueTitle);
    chart()->addAxis(y, Qt::AlignLeft);

    QMap<QString, QLineSeries*> bySeries;
    QMap<QLineSeries*, QVector<HistoryPoint>> tips;
    for (const auto& p : pts) {
        QLineSeries*& s = bySeries[p.series];
        if (!s) {
            s = new QLineSeries;
            s->setName(p.series);
            s->setPointsVisible(true);
        }
        s->append(static_cast<qreal>(p.when.toMSecsSinceEpoch()), p.value);
        tips[s] << p;
    }
    for (QLineSeries* s : bySeries) {
        chart()->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        const QVector<HistoryPoint> list = tips.value(s);
        connect(s, &QLineSeries::hovered, this, [this, list](const QPointF& at, bool on) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            // The observation nearest to the hovered position.
            const HistoryPoint* best = nullptr;
            double bestD = 0;
            for (const auto& p : list) {
                const double d = std::abs(static_cast<double>(p.when.toMSecsSinceEpoch()) - at.x());
                if (!best || d < bestD) {
                    best = &p;
                    bestD = d;
                }
            }
            if (best)
                QToolTip::showText(QCursor::pos(), best->tooltip, this);
        });
    }
}

} // namespace gpuplan::charts
