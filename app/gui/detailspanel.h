#pragma once
// The side panel: every figure of one candidate (the selected one, else the pinned estimate) with its range,
// memory per GPU against the GPU's capacity, and what its cost is made of.

#include "planengine.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTabWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace gpuplan::charts {
class StackedBarChartView;
class StepChartView;
} // namespace gpuplan::charts

namespace gpuplan::gui {

class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);

    /// Shows candidate `index` of `result` (-1: the pinned estimate when there is one).
    void showCandidate(std::shared_ptr<const PlanResult> result, int index);
    /// Redraws the shown candidate (after a change of units or language).
    void refresh();
    /// While the input is invalid the shown figures belong to input that is no longer there: the title says so and
    /// the figures and charts are greyed out until a plan for valid input is shown.
    void setOutOfDate(bool outOfDate);
    bool isOutOfDate() const { return m_outOfDate; }
    QString title() const;
    QTreeWidget* tree() const { return m_tree; }
    charts::StackedBarChartView* memoryChart() const { return m_memory; }
    charts::StackedBarChartView* costChart() const { return m_cost; }
    charts::StepChartView* demandChart() const { return m_demand; }
    charts::StackedBarChartView* availabilityChart() const { return m_availability; }
    /// Whether `chart`'s tab is offered (serving charts only for serving workloads).
    bool chartOffered(QWidget* chart) const;
    /// The text of the row named `quantity` (tests, screenshots).
    QString value(const QString& quantity) const;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void fill();
    /// A bold section heading spanning the row; `expanded`: open once the tree is filled (finishTree).
    QTreeWidgetItem* section(const QString& title, bool expanded = true);
    /// Spans the sentence rows and headings and opens the sections fill() added, then lays the tree out once.
    void finishTree();
    void row(QTreeWidgetItem* parent, const QString& quantity, const QString& value, const QString& range = {},
        const QString& tip = {});

    std::shared_ptr<const PlanResult> m_result;
    int m_index = -1;
    bool m_outOfDate = false;
    QLabel* m_title = nullptr;
    QTreeWidget* m_tree = nullptr;
    QList<QTreeWidgetItem*> m_spanned, m_expanded; ///< set by fill(), applied by finishTree()
    charts::StackedBarChartView* m_memory = nullptr;
    charts::StackedBarChartView* m_cost = nullptr;
    charts::StepChartView* m_demand = nullptr;
    charts::StackedBarChartView* m_availability = nullptr;
    QTabWidget* m_charts = nullptr;
};

} // namespace gpuplan::gui
