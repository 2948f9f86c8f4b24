#include "stackedbarchart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace gpuplan::charts {

namespace {

// Colour-blind-safe palette (Okabe & Ito 2008), in the order the sets come.
const QColor setColors[]
    = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
        QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00), QColor(0xf0, 0xe4, 0x42), QColor(0x99, 0x99, 0x99)};

} // namespace

StackedBarChartView::StackedBarChartView(QWidget* parent)
    : ChartView(parent)
{
    rebuild();
}

void StackedBarChartView::setBars(const StackedBars& bars)
{
    m_bars = bars;
    m_emptyText.clear();
    refresh();
}

void StackedBarChartView::clear(const QString& placeholder)
{
    m_bars = {};
    m_emptyText = placeholder;
    refresh();
}

void StackedBarChartView::rebuild()
{
    applyTheme();
    clearChart();
    double total = 0;
    for (const auto& s : m_bars.sets)
        for (double v : s.values)
            total += std::max(0.0, v);
    if (m_bars.categories.isEmpty() || total <= 0) {
        setPlaceholder(m_emptyText.isEmpty() ? tr("Nothing to show") : m_emptyText);
        return;
    }
    setPlaceholder({});

    QAbstractBarSeries* series = m_bars.stacked ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                                                : static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries);
    series->setBarWidth(m_bars.stacked ? 0.6 : 0.8);
    int colour = 0;
    QVector<double> sums(m_bars.categories.size(), 0.0);
    for (const auto& s : m_bars.sets) {
        const bool any = std::any_of(s.values.begin(), s.values.end(), [](double v) { return v > 0; });
        if (!any)
            continue;
        auto* set = new QBarSet(s.name);
        const QColor c = setColors[colour++ % std::size(setColors)];
        set->setColor(c);
        set->setBorderColor(c.darker(115));
        for (int i = 0; i < m_bars.categories.size(); ++i) {
            const double v = i < s.values.size() ? std::max(0.0, s.values[i]) : 0.0;
            *set << v;
            sums[i] = m_bars.stacked ? sums[i] + v : std::max(sums[i], v);
        }
        const ValueFormatter format = m_bars.format;
        const QString name = s.name;
        const QStringList categories = m_bars.categories;
        connect(set, &QBarSet::hovered, this, [this, set, format, name, categories](bool on, int index) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            const double v = set->at(index);
            const QString text = (categories.size() > 1 ? categories.value(index) + QStringLiteral(": ") : QString())
                + name + QStringLiteral(": ") + (format ? format(v) : QString::number(v));
            QToolTip::showText(QCursor::pos(), text, this);
        });
        connect(set, &QBarSet::clicked, this, &StackedBarChartView::categoryClicked);
        series->append(set);
    }
    chart()->addSeries(series);

    auto* cats = new QBarCategoryAxis;
    cats->append(m_bars.categories);
    chart()->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);

    const double maxSum = *std::max_element(sums.begin(), sums.end());
    auto* values = new QValueAxis;
    values->setRange(0, std::max(maxSum, m_bars.reference) * 1.05);
    values->applyNiceNumbers();
    formatTicksByInterval(values);
    values->setTitleText(m_bars.valueTitle);
    chart()->addAxis(values, Qt::AlignBottom);
    series->attachAxis(values);

    if (m_bars.reference > 0) {
        // A vertical line at the reference value, on a hidden axis aligned with the bar categories.
        auto* lane = new QValueAxis;
        lane->setRange(-0.5, m_bars.categories.size() - 0.5);
        lane->setVisible(false);
        chart()->addAxis(lane, Qt::AlignRight);
        auto* line = new QLineSeries;
        line->setName(m_bars.referenceLabel);
        QPen pen(isDark() ? QColor(0xff, 0x80, 0x80) : QColor(0xc0, 0x10, 0x10), 2, Qt::DashLine);
        line->setPen(pen);
        line->append(m_bars.reference, -0.5);
        line->append(m_bars.reference, m_bars.categories.size() - 0.5);
        chart()->addSeries(line);
        line->attachAxis(values);
        line->attachAxis(lane);
    }
}

} // namespace gpuplan::charts
