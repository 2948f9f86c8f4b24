#pragma once
// The ranked candidates of a plan as a table (one row per candidate, best first), a proxy that sorts,
// filters by provider/GPU/region/pricing text and can group by provider, and the excluded offerings.

#include "planengine.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <memory>

namespace gpuplan::gui {

class CandidateTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Rank,
        Pareto, ///< ★ on the front, ! latency at risk: beside the rank, so that it is on screen at any width
        Provider,
        Gpu,
        Pricing,
        Cost,
        CostRange,
        Time,
        Region,
        Instance,
        Hourly,
        AsOf,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole, ///< the raw number or text to sort by
        CandidateRole,           ///< int: index into Plan::candidates
        FilterRole,              ///< provider, GPU, region, instance and pricing model text
        ProviderRole,            ///< provider id (grouping)
    };
    explicit CandidateTableModel(QObject* parent = nullptr);

    /// Shows `result`'s candidates (a model reset).
    void setResult(std::shared_ptr<const PlanResult> result);
    std::shared_ptr<const PlanResult> result() const { return m_result; }
    const core::Candidate* candidate(int row) const;
    /// The row of the candidate with the same offering, price, GPU count (or -1): keeps a selection across plans.
    int findSimilar(const core::Candidate& c) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The low–high cost from the accuracy report's residuals (training and serving; {cost, cost} otherwise).
    static std::pair<double, double> costRange(const PlanResult& r, const core::Candidate& c);
    /// Whether the plan's time axis is latency (serving) rather than duration.
    bool isServing() const;

public Q_SLOTS:
    /// Headers and texts follow a language change.
    void retranslate();

private:
    std::shared_ptr<const PlanResult> m_result;
};

class CandidateFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CandidateFilterProxy(QObject* parent = nullptr);

    /// Every whitespace-separated word must occur (case-insensitive) in a row's provider, GPU, region,
    /// instance or pricing text.
    void setFilterText(const QString& text);
    QString filterText() const { return m_words.join(QLatin1Char(' ')); }
    /// Rows of one provider together (providers in ascending order, the sort column within each), the
    /// provider's name shown on its first row only.
    void setGroupByProvider(bool on);
    bool groupByProvider() const { return m_group; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QStringList m_words;
    bool m_group = false;
};

class ExclusionModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Gpu, Provider, Region, Instance, Pricing, Reason, WouldCost, ColumnCount };
    explicit ExclusionModel(QObject* parent = nullptr);
    void setResult(std::shared_ptr<const PlanResult> result);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

public Q_SLOTS:
    void retranslate();

private:
    std::shared_ptr<const PlanResult> m_result;
};

} // namespace gpuplan::gui
