#pragma once

#include "chartdata.h"
#include "chartview.h"

namespace gpuplan::charts {

/// An offering's effective hourly price across catalog snapshots, one line per pricing model and term.
class PriceHistoryChartView : public ChartView
{
    Q_OBJECT
public:
    explicit PriceHistoryChartView(QWidget* parent = nullptr);

    void setHistory(const QVector<HistoryPoint>& points, const QString& title, const QString& valueTitle);
    void clear(const QString& placeholder);
    int seriesCount() const;

protected:
    void rebuild() override;

private:
    QVector<HistoryPoint> m_points;
    QString m_title, m_valueTitle, m_emptyText;
};

} // namespace gpuplan::charts
