#pragma once
// The side panel: every figure of one candidate (the selected one, else the pinned estimate) with its range,
// memory per GPU against the GPU's capacity, and what its cost is made of.

#include "planengine.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace gpuplan::charts {
class StackedBarChartView;
}

namespace gpuplan::gui {

class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);

    /// Shows candidate `index` of `result` (-1: the pinned estimate when there is one).
    void showCandidate(std::shared_ptr<const PlanResult> result, int index);
    /// Electricity price (per kWh, in USD) for the energy cost line; 0 hides it.
    void setElectricityPriceUsd(double perKwh);
    QTreeWidget* tree() const { return m_tree; }
    charts::StackedBarChartView* memoryChart() const { return m_memory; }
    charts::StackedBarChartView* costChart() const { return m_cost; }
    /// The text of the row named `quantity` (tests, screenshots).
    QString value(const QString& quantity) const;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    QTreeWidgetItem* section(const QString& title);
    void row(QTreeWidgetItem* parent, const QString& quantity, const QString& value, const QString& range = {},
        const QString& tip = {});

    std::shared_ptr<const PlanResult> m_result;
    int m_index = -1;
    double m_electricityUsd = 0;
    QLabel* m_title = nullptr;
    QTreeWidget* m_tree = nullptr;
    charts::StackedBarChartView* m_memory = nullptr;
    charts::StackedBarChartView* m_cost = nullptr;
};

} // namespace gpuplan::gui
