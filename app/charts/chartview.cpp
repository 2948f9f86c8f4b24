#include "chartview.h"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QPainter>
#include <QRegularExpression>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpuplan::charts {

QStringList tickLabels(const QAbstractAxis* axis)
{
    QStringList out;
    // Charts localize their numbers (ChartView): a "%.Nf" format is written as QLocale().toString(v, 'f', N), with
    // the locale's group separators ("1,000,000"), as Qt Charts does for a localized chart.
    const auto text = [](const QString& format, double v) {
        static const QRegularExpression fixed(QStringLiteral("^%\\.(\\d)f$"));
        if (const auto m = fixed.match(format); m.hasMatch())
            return QLocale().toString(v, 'f', m.captured(1).toInt());
        return QString::asprintf(format.toLatin1().constData(), v);
    };
    if (const auto* k = qobject_cast<const QCategoryAxis*>(axis)) {
        out = const_cast<QCategoryAxis*>(k)->categoriesLabels(); // Qt 6.4 declares it non-const
    } else if (const auto* a = qobject_cast<const QValueAxis*>(axis)) {
        const int n = a->tickCount();
        for (int i = 0; i < n; ++i)
            out << text(a->labelFormat(), a->min() + (a->max() - a->min()) * i / std::max(1, n - 1));
    }
    return out;
}

int intervalDecimals(double interval)
{
    // The fewest decimals that write the interval exactly (0.25 → 2, 0.5 → 1, 20 → 0), so ticks neither repeat nor
    // round to a neighbour's value.
    int decimals = 0;
    while (interval > 0 && decimals < 6) {
        const double scaled = interval * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled))
            break;
        ++decimals;
    }
    return decimals;
}

void formatTicksByInterval(QValueAxis* axis)
{
    const double interval = (axis->max() - axis->min()) / std::max(1, axis->tickCount() - 1);
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(intervalDecimals(interval)));
}

ChartView::ChartView(QWidget* parent)
    : QChartView(new QChart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    // A new plan changes most of a chart: one repaint of the viewport under a plain rectangle beats the minimal
    // update's region of many small rectangles, against which every grid line and label is clipped one rectangle at a
    // time (bench_gui_recompute: 2–3 ms less a plan for each example).
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    // Axis labels in the app's locale: grouped thousands ("1,000,000", not "1000000"); applyTheme follows a change.
    chart()->setLocalizeNumbers(true);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    QFont small = chart()->legend()->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    chart()->legend()->setFont(small);
    setMinimumSize(200, 160);
    applyTheme();
}

bool ChartView::isDark() const
{
    return palette().color(QPalette::Window).lightness() < 128;
}

void ChartView::applyTheme()
{
    if (chart()->locale() != QLocale())
        chart()->setLocale(QLocale());
    const bool dark = isDark();
    if (m_themed && dark == m_darkApplied)
        return;
    m_themed = true;
    m_darkApplied = dark;
    chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundRoundness(0);
    chart()->setBackgroundBrush(palette().color(QPalette::Base));
    chart()->setTitleBrush(palette().color(QPalette::Text));
    chart()->legend()->setLabelColor(palette().color(QPalette::Text));
}

void ChartView::clearChart()
{
    chart()->removeAllSeries();
    for (QAbstractAxis* a : chart()->axes()) {
        chart()->removeAxis(a);
        delete a;
    }
}

void ChartView::setPlaceholder(const QString& text)
{
    if (text == m_placeholder)
        return;
    m_placeholder = text;
    scene()->update();
    viewport()->update();
}

void ChartView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        m_themed = false;
        applyTheme();
        refresh();
    } else if (event->type() == QEvent::LanguageChange) {
        refresh();
    }
    QChartView::changeEvent(event);
}

void ChartView::refresh()
{
    if (isVisible()) {
        m_stale = false;
        rebuild();
        placeLegend();
    } else {
        m_stale = true; // built when shown: a chart in a hidden tab costs nothing until someone looks at it
    }
}

void ChartView::showEvent(QShowEvent* event)
{
    if (m_stale) {
        m_stale = false;
        rebuild();
    }
    placeLegend();
    QChartView::showEvent(event);
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    placeLegend();
}

void ChartView::placeLegend()
{
    QLegend* legend = chart()->legend();
    const QFontMetrics fm(legend->font());
    // Each entry, in pixels: its marker (about one line high), the gap to its name, the name and the space to the next
    // (two average characters and 8 px: Qt Charts does not expose its legend layout); 24 px of the chart's margins.
    int needed = 0;
    for (QLegendMarker* m : legend->markers())
        if (!m->label().isEmpty()) // unnamed series are hidden from the legend (the Pareto chart's anchor and line)
            needed += fm.height() + fm.horizontalAdvance(m->label()) + 2 * fm.averageCharWidth() + 8;
    const Qt::Alignment where = needed <= width() - 24 ? Qt::AlignBottom : Qt::AlignRight;
    if (legend->alignment() != where)
        legend->setAlignment(where);
}

void ChartView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    if (m_placeholder.isEmpty())
        return;
    painter->save();
    painter->setPen(palette().color(QPalette::PlaceholderText));
    painter->drawText(chart()->plotArea().isEmpty() ? sceneRect() : chart()->plotArea(),
        Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
    painter->restore();
}

} // namespace gpuplan::charts
