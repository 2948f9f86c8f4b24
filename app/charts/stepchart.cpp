#include "stepchart.h"

#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpuplan::charts {

namespace {

// Okabe & Ito (2008) colour-blind-safe colours, as the other charts use.
const QColor stepColors[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x99, 0x99, 0x99),
    QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7)};

} // namespace

StepChartView::StepChartView(QWidget* parent)
    : ChartView(parent)
{
    rebuild();
}

void StepChartView::setSteps(const HourlySteps& steps)
{
    m_steps = steps;
    m_emptyText.clear();
    refresh();
}

void StepChartView::clear(const QString& placeholder)
{
    m_steps = {};
    m_emptyText = placeholder;
    refresh();
}

void StepChartView::rebuild()
{
    applyTheme();
    clearChart();
    int hours = 0;
    double top = 0;
    for (const auto& s : m_steps.series) {
        hours = std::max(hours, int(s.values.size()));
        for (double v : s.values)
            top = std::max(top, v);
    }
    if (hours == 0) {
        setPlaceholder(m_emptyText.isEmpty() ? tr("Nothing to show") : m_emptyText);
        return;
    }
    setPlaceholder({});
    auto* x = new QValueAxis;
    x->setRange(0, hours);
    x->setTickCount(hours > 24 ? 8 : 7); // every 24 h over a week, every 4 h over a day
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTitleText(m_steps.xTitle);
    chart()->addAxis(x, Qt::AlignBottom);
    auto* y = new QValueAxis;
    const double yMax = std::max(1.0, std::ceil(top * 1.15));
    y->setRange(0, yMax);
    y->setLabelFormat(QStringLiteral("%.0f"));
    if (yMax <= 10)
        y->setTickCount(int(yMax) + 1); // one tick per replica: no fractional tick printed as an integer
    else
        y->applyNiceNumbers();
    y->setTitleText(m_steps.yTitle);
    chart()->addAxis(y, Qt::AlignLeft);
    // Drawn last to first, so that the first series (what is needed) lies on top of a wider, paler second one
    // (what runs) where the two agree.
    for (int i = int(m_steps.series.size()) - 1; i >= 0; --i) {
        const auto& s = m_steps.series[i];
        auto* line = new QLineSeries;
        line->setName(s.name);
        QColor colour = stepColors[i % int(std::size(stepColors))];
        if (i == 1 && !s.dashed)
            colour.setAlpha(150);
        QPen pen(colour, s.dashed ? 1.5 : (i == 1 ? 5.0 : 2.0));
        if (s.dashed)
            pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        for (int h = 0; h < s.values.size(); ++h) {
            line->append(h, s.values[h]);
            line->append(h + 1, s.values[h]);
        }
        const QString name = s.name;
        const QVector<double> values = s.values;
        connect(line, &QLineSeries::hovered, this, [this, name, values](const QPointF& p, bool on) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            const int h = std::clamp(int(std::floor(p.x())), 0, int(values.size()) - 1);
            QToolTip::showText(QCursor::pos(), tr("Hour %1: %2 %3").arg(h).arg(values[h]).arg(name), this);
        });
        chart()->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
}

} // namespace gpuplan::charts
