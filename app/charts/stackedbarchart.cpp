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

/// A set with no value above zero draws no bar and is left out of the chart.
static bool drawsBars(const StackedBars::Set& s)
{
    return std::any_of(s.values.begin(), s.values.end(), [](double v) { return v > 0; });
}

StackedBarChartView::Shape StackedBarChartView::shapeOf(const StackedBars& bars) const
{
    Shape shape;
    shape.categories = bars.categories;
    for (const auto& s : bars.sets)
        if (drawsBars(s))
            shape.sets << s.name;
    shape.stacked = bars.stacked;
    shape.reference = bars.reference > 0;
    shape.referenceLabel = bars.referenceLabel;
    shape.valueTitle = bars.valueTitle;
    shape.dark = isDark();
    return shape;
}

void StackedBarChartView::rebuild()
{
    applyTheme();
    double total = 0;
    for (const auto& s : m_bars.sets)
        for (double v : s.values)
            total += std::max(0.0, v);
    if (m_bars.categories.isEmpty() || total <= 0) {
        clearChart();
        m_series = nullptr;
        setPlaceholder(m_emptyText.isEmpty() ? tr("Nothing to show") : m_emptyText);
        return;
    }
    setPlaceholder({});
    // The same bars with other values (the memory of the same layout at another batch, the cost at another price):
    // the values, the value axis and the reference line move; nothing is made anew (a new series, its axes and
    // legend cost milliseconds of scene layout a plan: bench_gui_recompute).
    const Shape shape = shapeOf(m_bars);
    if (m_series && shape == m_shape) {
        fitValueAxis(placeValues(m_series->barSets()));
        placeReference();
        return;
    }
    clearChart();
    m_shape = shape;

    QAbstractBarSeries* series = m_bars.stacked ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                                                : static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries);
    series->setBarWidth(m_bars.stacked ? 0.6 : 0.8);
    int colour = 0;
    QList<QBarSet*> sets;
    for (const QString& name : shape.sets) {
        auto* set = new QBarSet(name);
        const QColor c = setColors[colour++ % std::size(setColors)];
        set->setColor(c);
        set->setBorderColor(c.darker(115));
        set->append(QList<qreal>(m_bars.categories.size(), 0.0));
        sets << set;
    }
    const double maxSum = placeValues(sets);
    for (QBarSet* set : sets) {
        const QString name = set->label();
        const QStringList categories = m_bars.categories;
        connect(set, &QBarSet::hovered, this, [this, set, name, categories](bool on, int index) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            const double v = set->at(index);
            const QString text = (categories.size() > 1 ? categories.value(index) + QStringLiteral(": ") : QString())
                + name + QStringLiteral(": ") + (m_bars.format ? m_bars.format(v) : QString::number(v));
            QToolTip::showText(QCursor::pos(), text, this);
        });
        connect(set, &QBarSet::clicked, this, &StackedBarChartView::categoryClicked);
        series->append(set);
    }
    chart()->addSeries(series);
    m_series = series;

    auto* cats = new QBarCategoryAxis;
    cats->append(m_bars.categories);
    chart()->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);

    m_values = new QValueAxis;
    m_values->setTitleText(m_bars.valueTitle);
    fitValueAxis(maxSum);
    chart()->addAxis(m_values, Qt::AlignBottom);
    series->attachAxis(m_values);

    m_reference = nullptr;
    if (m_bars.reference > 0) {
        // A vertical line at the reference value, on a hidden axis aligned with the bar categories.
        auto* lane = new QValueAxis;
        lane->setRange(-0.5, m_bars.categories.size() - 0.5);
        lane->setVisible(false);
        chart()->addAxis(lane, Qt::AlignRight);
        m_reference = new QLineSeries;
        m_reference->setName(m_bars.referenceLabel);
        QPen pen(isDark() ? QColor(0xff, 0x80, 0x80) : QColor(0xc0, 0x10, 0x10), 2, Qt::DashLine);
        m_reference->setPen(pen);
        placeReference();
        chart()->addSeries(m_reference);
        m_reference->attachAxis(m_values);
        m_reference->attachAxis(lane);
    }
}

double StackedBarChartView::placeValues(const QList<QBarSet*>& sets) const
{
    // `sets` are the shape's (Shape::sets), in order: one for each set of m_bars that draws bars.
    QVector<double> sums(m_bars.categories.size(), 0.0);
    qsizetype k = 0;
    for (const auto& s : m_bars.sets) {
        if (!drawsBars(s) || k >= sets.size())
            continue;
        QBarSet* set = sets[k++];
        for (int i = 0; i < m_bars.categories.size(); ++i) {
            const double v = i < s.values.size() ? std::max(0.0, s.values[i]) : 0.0;
            if (set->at(i) != v)
                set->replace(i, v);
            sums[i] = m_bars.stacked ? sums[i] + v : std::max(sums[i], v);
        }
    }
    return *std::max_element(sums.begin(), sums.end());
}

void StackedBarChartView::placeReference()
{
    if (m_reference)
        m_reference->replace({QPointF(m_bars.reference, -0.5),
            QPointF(m_bars.reference, static_cast<double>(m_bars.categories.size()) - 0.5)});
}

void StackedBarChartView::fitValueAxis(double maxSum)
{
    // The nice range worked out on an axis of no chart: setting the chart's axis to the raw range and then to the
    // nice one lays its labels out twice, even when the nice range is the one it already has (as it mostly is when
    // the values move under the reference line).
    QValueAxis nice;
    nice.setTickCount(m_values->tickCount());
    nice.setRange(0, std::max(maxSum, m_bars.reference) * 1.05);
    nice.applyNiceNumbers();
    if (nice.min() != m_values->min() || nice.max() != m_values->max() || nice.tickCount() != m_values->tickCount()) {
        m_values->setTickCount(nice.tickCount());
        m_values->setRange(nice.min(), nice.max());
    }
    formatTicksByInterval(m_values);
}

} // namespace gpuplan::charts
