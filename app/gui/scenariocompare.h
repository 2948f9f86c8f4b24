#pragma once
// Two saved scenarios side by side: their inputs (every field of the workload JSON) and their best results
// (cost, time or latency, GPUs, provider), planned over the current catalog, with the differences highlighted.

#include "planengine.h"

#include <QAbstractTableModel>
#include <QDialog>
#include <QJsonObject>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QTableView;

namespace gpuplan::providers {
class Store;
}

namespace gpuplan::gui {

class AppContext;

/// One side of the comparison: a scenario, its workload and its plan (null when the workload does not parse).
struct ComparedScenario
{
    QString name;
    QJsonObject workload;
    std::shared_ptr<const PlanResult> plan;
    QString error; ///< why there is no plan, translated
};

class ScenarioDiffModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Quantity, First, Second, ColumnCount };
    enum Role { DiffersRole = Qt::UserRole, SectionRole };
    using QAbstractTableModel::QAbstractTableModel;

    void setScenarios(const ComparedScenario& a, const ComparedScenario& b);
    /// The row whose quantity is `quantity`, or -1.
    int rowOf(const QString& quantity) const;
    int differences() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString quantity;
        QString a;
        QString b;
        bool results = false; ///< a result row (else an input field)
    };
    std::vector<Row> m_rows;
    QString m_nameA, m_nameB;
};

class ScenarioCompareDialog : public QDialog
{
    Q_OBJECT
public:
    ScenarioCompareDialog(AppContext* context, const QString& currency, long long first = 0, long long second = 0,
        QWidget* parent = nullptr);
    ScenarioDiffModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    /// Picks the two scenarios by id and compares them.
    void compare(long long first, long long second);
    /// Hides the rows that are the same on both sides.
    void setDifferencesOnly(bool on);

private:
    ComparedScenario load(long long id) const;
    void comboChanged();
    void applyFilter();

    AppContext* m_context;
    QString m_currency;
    QComboBox* m_first;
    QComboBox* m_second;
    QCheckBox* m_onlyDiff;
    QTableView* m_view;
    ScenarioDiffModel* m_model;
};

} // namespace gpuplan::gui
