#pragma once
// The Catalog page: every offering and price the planner uses (filter, sort, price per GPU-hour, source,
// date), importing price files (menu and drag and drop) in the background with progress and cancel, the
// store's snapshots, and an offering's price history across snapshots.

#include "appcontext.h"
#include "catalogimport.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTableWidget;

namespace gpuplan::charts {
class PriceHistoryChartView;
}

namespace gpuplan::gui {

class OfferingModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Provider,
        Region,
        Instance,
        Gpu,
        GpuCount,
        Pricing,
        Price,
        PerGpuHour,
        AsOf,
        Check,
        Source,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, FilterRole, OfferingRole, UrlRole };
    explicit OfferingModel(QObject* parent = nullptr);

    void setCatalog(std::shared_ptr<const CatalogData> catalog);
    const core::Offering* offering(int row) const;
    /// The catalog-check findings on a row's price (CatalogData::findings), errors first.
    std::vector<const core::CatalogFinding*> findings(int row) const;
    /// A check rule's name for people ("spot above on-demand"), translated.
    static QString ruleName(const std::string& rule);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

public Q_SLOTS:
    void retranslate();

private:
    struct Row
    {
        int offering;
        int price; ///< -1: specs only, no public price
    };
    std::shared_ptr<const CatalogData> m_data;
    std::vector<Row> m_rows;
    std::vector<std::vector<int>> m_findingsByRow; ///< indices into m_data->findings, parallel to m_rows
};

/// Sorts on SortRole; every whitespace-separated word of the filter must occur in the row's FilterRole text.
class WordFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit WordFilterProxy(int filterRole, int sortRole, QObject* parent = nullptr);
    void setWords(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    int m_role;
    QStringList m_words;
};

class CatalogPage : public QWidget
{
    Q_OBJECT
public:
    explicit CatalogPage(AppContext* context, QWidget* parent = nullptr);

    OfferingModel* model() const { return m_model; }
    WordFilterProxy* proxy() const { return m_proxy; }
    QTableView* view() const { return m_view; }
    charts::PriceHistoryChartView* historyChart() const { return m_history; }

    /// Asks for the format and date, then imports `file` in the background (progress dialog, Cancel).
    void importFile(const QString& file);
    /// Imports without asking (tests, drag and drop with a known format); returns when done.
    ImportOutcome importNow(const ImportRequest& request);

Q_SIGNALS:
    /// An import finished and the catalog was reloaded.
    void imported(const gpuplan::gui::ImportOutcome& outcome);

protected:
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void retranslate();
    void refresh();
    void showHistory();
    void finishImport(const ImportOutcome& outcome);

    AppContext* m_context;
    OfferingModel* m_model;
    WordFilterProxy* m_proxy;
    QLineEdit* m_filter;
    QLabel* m_summary;
    QLabel* m_heading;
    QTableView* m_view;
    QTableWidget* m_snapshots;
    charts::PriceHistoryChartView* m_history;
    QPushButton* m_import;
};

} // namespace gpuplan::gui
