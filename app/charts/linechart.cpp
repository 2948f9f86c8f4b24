#include "linechart.h"

#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpuplan::charts {

namespace {

// Okabe & Ito (2008) colour-blind-safe colours, as the other charts use.
const QColor lineColors[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73),
    QColor(0xcc, 0x79, 0xa7), QColor(0x99, 0x99, 0x99)};

} // namespace

LineChartView::LineChartView(QWidget* parent)
    : ChartView(parent)
{
    rebuild();
}

void LineChartView::setLines(const Lines& lines)
{
    m_lines = lines;
    m_emptyText.clear();
    refresh();
}

void LineChartView::clear(const QString& placeholder)
{
    m_lines = {};
    m_emptyText = placeholder;
    refresh();
}

void LineChartView::rebuild()
{
    applyTheme();
    clearChart();
    double x0 = 0, x1 = 0, top = 0;
    bool any = false;
    for (const auto& s : m_lines.series)
        for (int i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            x0 = any ? std::min(x0, s.x[i]) : s.x[i];
            x1 = any ? std::max(x1, s.x[i]) : s.x[i];
            top = std::max(top, s.y[i]);
            any = true;
        }
    if (!any) {
        setPlaceholder(m_emptyText.isEmpty() ? tr("Nothing to show") : m_emptyText);
        return;
    }
    setPlaceholder({});
    auto* x = new QValueAxis;
    x->setRange(x0, x1 > x0 ? x1 : x0 + 1);
    x->applyNiceNumbers();
    formatTicksByInterval(x);
    x->setTitleText(m_lines.xTitle);
    chart()->addAxis(x, Qt::AlignBottom);
    auto* y = new QValueAxis;
    y->setRange(0, std::max(1.0, top * 1.1));
    y->applyNiceNumbers();
    formatTicksByInterval(y);
    y->setTitleText(m_lines.yTitle);
    chart()->addAxis(y, Qt::AlignLeft);
    for (int i = 0; i < m_lines.series.size(); ++i) {
        const auto& s = m_lines.series[i];
        auto* line = new QLineSeries;
        line->setName(s.name);
        QPen pen(lineColors[i % int(std::size(lineColors))], 2.0);
        if (s.dashed)
            pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        for (int k = 0; k < s.x.size() && k < s.y.size(); ++k)
            line->append(s.x[k], s.y[k]);
        const QString name = s.name;
        const ValueFormatter fx = m_lines.formatX, fy = m_lines.formatY;
        connect(line, &QLineSeries::hovered, this, [this, name, fx, fy](const QPointF& p, bool on) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(),
                tr("%1: %2 at %3")
                    .arg(name, fy ? fy(p.y()) : QString::number(p.y()), fx ? fx(p.x()) : QString::number(p.x())),
                this);
        });
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
}

} // namespace gpuplan::charts
