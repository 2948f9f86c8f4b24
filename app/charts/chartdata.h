#pragma once
// Plain data handed to the charts: the GUI turns plans and catalogs into these, the charts draw them.

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace gpuplan::charts {

/// One candidate in the cost-vs-time (or cost-vs-latency) scatter.
struct ScatterPoint
{
    double x = 0; ///< time (h) or latency (ms), as the axis title says
    double y = 0; ///< cost in the plan's currency
    bool pareto = false;
    int id = -1; ///< the caller's key (a row of the candidate model)
};

/// Formats a value for axis tooltips and labels (currency, GiB, …).
using ValueFormatter = std::function<QString(double)>;

/// Horizontal stacked bars: one bar per category, one set per component.
struct StackedBars
{
    struct Set
    {
        QString name;
        QVector<double> values; ///< one per category
    };
    QStringList categories;
    QVector<Set> sets;
    QString valueTitle;
    ValueFormatter format;
    double reference = 0;   ///< drawn as a vertical line when > 0 (a GPU's memory)
    QString referenceLabel; ///< legend text of the line
    bool stacked = true;    ///< false: the sets side by side in each category (grouped bars)
};

/// One price observation of an offering.
struct HistoryPoint
{
    QDateTime when;
    double value = 0;
    QString series; ///< pricing model and term
    QString tooltip;
};

/// Values per hour drawn as steps (each value holds for its whole hour): demand against capacity.
struct HourlySteps
{
    struct Series
    {
        QString name;
        QVector<double> values; ///< one per hour from hour 0
        bool dashed = false;
    };
    QVector<Series> series;
    QString xTitle;
    QString yTitle;
};

/// Lines over a continuous x (time): the pool's GPUs allocated, fragmented and on burst capacity.
struct Lines
{
    struct Series
    {
        QString name;
        QVector<double> x;
        QVector<double> y; ///< one per x
        bool dashed = false;
    };
    QVector<Series> series;
    QString xTitle;
    QString yTitle;
    ValueFormatter formatY; ///< for tooltips
    ValueFormatter formatX;
};

} // namespace gpuplan::charts
