#pragma once
// The Accuracy page: the published runs the estimator is checked against (as `gpuplan-cli accuracy`),
// published vs estimated with the error, and each group's median and worst error against its limits.

#include "core/accuracy.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QTableView;

namespace gpuplan::gui {

class WordFilterProxy;

class AccuracyRowModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Group, Run, Metric, Published, Estimated, Error, Source, ColumnCount };
    enum Role { SortRole = Qt::UserRole, FilterRole };
    explicit AccuracyRowModel(QObject* parent = nullptr);
    void setReport(std::shared_ptr<const core::AccuracyReport> report);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void retranslate();

private:
    std::shared_ptr<const core::AccuracyReport> m_report;
};

class AccuracyGroupModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Group, Rows, Median, Worst, Limits, Range, ColumnCount };
    explicit AccuracyGroupModel(QObject* parent = nullptr);
    void setReport(std::shared_ptr<const core::AccuracyReport> report);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void retranslate();

private:
    std::shared_ptr<const core::AccuracyReport> m_report;
};

class AccuracyPage : public QWidget
{
    Q_OBJECT
public:
    explicit AccuracyPage(std::shared_ptr<const core::AccuracyReport> report, QWidget* parent = nullptr);
    AccuracyRowModel* rows() const { return m_rows; }
    AccuracyGroupModel* groups() const { return m_groups; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    AccuracyRowModel* m_rows;
    AccuracyGroupModel* m_groups;
    WordFilterProxy* m_proxy;
    QLabel* m_heading;
    QLineEdit* m_filter;
    QTableView* m_groupView;
    QTableView* m_rowView;
};

/// A group name from the report ("serving latency") in the user's language.
QString accuracyGroupName(const QString& group);

} // namespace gpuplan::gui
