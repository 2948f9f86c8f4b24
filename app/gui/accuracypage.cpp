#include "accuracypage.h"

#include "catalogpage.h"
#include "format.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>
#include <utility>

namespace gpuplan::gui {

namespace {

QString value(double v)
{
    const int decimals = std::abs(v) >= 1000 ? 0 : (std::abs(v) >= 10 ? 1 : 3);
    return Fmt::number(v, decimals);
}

} // namespace

QString accuracyGroupName(const QString& group)
{
    // "holdout <group>" and "<group> · <tag>" (the serving breakdown by engine, dense or MoE, GPU vendor).
    if (group.startsWith(QLatin1String("holdout ")))
        return QCoreApplication::translate("gpuplan::gui::AccuracyPage", "holdout: %1")
            .arg(accuracyGroupName(group.mid(8)));
    if (const auto dot = group.indexOf(QStringLiteral(" · ")); dot > 0) {
        const QString tag = group.mid(dot + 3);
        QString text = tag; // engine and vendor names stay as they are
        if (tag == QLatin1String("MoE"))
            text = QCoreApplication::translate("gpuplan::gui::AccuracyPage", "mixture of experts");
        else if (tag == QLatin1String("dense"))
            text = QCoreApplication::translate("gpuplan::gui::AccuracyPage", "dense");
        return accuracyGroupName(group.left(dot)) + QStringLiteral(" · ") + text;
    }
    if (group == QLatin1String("training"))
        return QCoreApplication::translate("gpuplan::gui::AccuracyPage", "training");
    if (group == QLatin1String("serving throughput"))
        return QCoreApplication::translate("gpuplan::gui::AccuracyPage", "serving throughput");
    if (group == QLatin1String("serving latency"))
        return QCoreApplication::translate("gpuplan::gui::AccuracyPage", "serving latency");
    if (group == QLatin1String("memory"))
        return QCoreApplication::translate("gpuplan::gui::AccuracyPage", "memory");
    // Issue #19's training groups, and the holdout tables' copies of them.
    static const std::pair<const char*, const char*> training[] = {
        {"training frontier", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, frontier runs")},
        {"training dense", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, dense models")},
        {"training MoE", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, mixture of experts")},
        {"training 16-bit", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, 16-bit")},
        {"training FP8", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, FP8")},
        {"training Megatron", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, Megatron-style")},
        {"training FSDP", QT_TRANSLATE_NOOP("gpuplan::gui::AccuracyPage", "training, FSDP")},
    };
    for (const auto& [name, text] : training)
        if (group == QLatin1String(name))
            return QCoreApplication::translate("gpuplan::gui::AccuracyPage", text);
    if (group.startsWith(QLatin1String("holdout ")))
        return QCoreApplication::translate("gpuplan::gui::AccuracyPage", "held out: %1")
            .arg(accuracyGroupName(group.mid(8)));
    return group;
}

// ---- rows --------------------------------------------------------------------------------------------------------

AccuracyRowModel::AccuracyRowModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void AccuracyRowModel::setReport(std::shared_ptr<const core::AccuracyReport> report)
{
    beginResetModel();
    m_report = std::move(report);
    endResetModel();
}

int AccuracyRowModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->rows.size());
}

int AccuracyRowModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AccuracyRowModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::AccuracyRow& r = m_report->rows[static_cast<std::size_t>(index.row())];
    if (role == FilterRole)
        return QString(qs(r.id) + QLatin1Char(' ') + qs(r.group) + QLatin1Char(' ') + qs(r.description)
            + QLatin1Char(' ') + qs(r.metric) + QLatin1Char(' ') + accuracyGroupName(qs(r.group)));
    if (role == Qt::TextAlignmentRole
        && (index.column() == Published || index.column() == Estimated || index.column() == Error))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Error) {
        const core::AccuracyGroup* g = m_report->group(r.group);
        if (g && g->promised() && std::abs(r.error) > g->limitWorst)
            return QColor(0xc0, 0x20, 0x20);
        return {};
    }
    if (role == Qt::ToolTipRole)
        return tr("Source: %1").arg(qs(r.source));
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    switch (index.column()) {
    case Id:
        return qs(r.id);
    case Group:
        return accuracyGroupName(qs(r.group));
    case Run:
        return qs(r.description);
    case Metric:
        return qs(r.metric);
    case Published:
        return sort ? QVariant(r.published) : QVariant(value(r.published));
    case Estimated:
        return sort ? QVariant(r.estimated) : QVariant(value(r.estimated));
    case Error:
        return sort ? QVariant(std::abs(r.error)) : QVariant(Fmt::percent(r.error));
    case Source:
        return qs(r.source);
    default:
        return {};
    }
}

QVariant AccuracyRowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Id");
    case Group:
        return tr("Group");
    case Run:
        return tr("Published run");
    case Metric:
        return tr("Metric");
    case Published:
        return tr("Published");
    case Estimated:
        return tr("Estimated");
    case Error:
        return tr("Error");
    case Source:
        return tr("Source");
    default:
        return {};
    }
}

void AccuracyRowModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// ---- groups ------------------------------------------------------------------------------------------------------

AccuracyGroupModel::AccuracyGroupModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void AccuracyGroupModel::setReport(std::shared_ptr<const core::AccuracyReport> report)
{
    beginResetModel();
    m_report = std::move(report);
    endResetModel();
}

int AccuracyGroupModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->groups.size());
}

int AccuracyGroupModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AccuracyGroupModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::AccuracyGroup& g = m_report->groups[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() != Group)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && (index.column() == Median || index.column() == Worst)) {
        const bool over = index.column() == Median ? g.medianAbsError > g.limitMedian : g.worstAbsError > g.limitWorst;
        return over && g.promised() ? QVariant(QColor(0xc0, 0x20, 0x20)) : QVariant();
    }
    if (role == Qt::ToolTipRole && index.column() == Range)
        return tr("The true value lies within this factor of the estimate for at least 80 % of the group's rows");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Group:
        return accuracyGroupName(qs(g.name));
    case Rows:
        return QString::number(g.rows);
    case Median:
        return Fmt::percent(g.medianAbsError);
    case Worst:
        return Fmt::percent(g.worstAbsError);
    case Limits:
        return g.promised() ? tr("%1 / %2").arg(Fmt::percent(g.limitMedian, 0), Fmt::percent(g.limitWorst, 0))
                            : tr("not promised");
    case Range:
        return tr("%1 – %2").arg(
            Fmt::number(g.trueOverEstimate().first, 2), Fmt::number(g.trueOverEstimate().second, 2));
    default:
        return {};
    }
}

QVariant AccuracyGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Group:
        return tr("Group");
    case Rows:
        return tr("Rows");
    case Median:
        return tr("Median |error|");
    case Worst:
        return tr("Worst |error|");
    case Limits:
        return tr("Limit (median / worst)");
    case Range:
        return tr("80 % range of true ÷ estimate");
    default:
        return {};
    }
}

void AccuracyGroupModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// ---- page --------------------------------------------------------------------------------------------------------

AccuracyPage::AccuracyPage(std::shared_ptr<const core::AccuracyReport> report, QWidget* parent)
    : QWidget(parent)
{
    auto* v = new QVBoxLayout(this);
    m_heading = new QLabel;
    m_heading->setWordWrap(true);
    v->addWidget(m_heading);
    m_groups = new AccuracyGroupModel(this);
    m_groups->setReport(report);
    m_groupView = new QTableView;
    m_groupView->setObjectName(QStringLiteral("accuracyGroups"));
    m_groupView->setModel(m_groups);
    m_groupView->verticalHeader()->hide();
    m_groupView->verticalHeader()->setDefaultSectionSize(m_groupView->fontMetrics().height() + 6);
    m_groupView->horizontalHeader()->setStretchLastSection(false);
    m_groupView->setSelectionMode(QAbstractItemView::NoSelection);
    m_filter = new QLineEdit;
    m_filter->setClearButtonEnabled(true);
    m_rows = new AccuracyRowModel(this);
    m_rows->setReport(report);
    m_proxy = new WordFilterProxy(AccuracyRowModel::FilterRole, AccuracyRowModel::SortRole, this);
    m_proxy->setSourceModel(m_rows);
    m_rowView = new QTableView;
    m_rowView->setObjectName(QStringLiteral("accuracyRows"));
    m_rowView->setModel(m_proxy);
    m_rowView->setSortingEnabled(true);
    m_rowView->sortByColumn(-1, Qt::AscendingOrder);
    m_rowView->verticalHeader()->hide();
    m_rowView->verticalHeader()->setDefaultSectionSize(m_rowView->fontMetrics().height() + 6);
    m_rowView->setAlternatingRowColors(true);
    m_rowView->setWordWrap(false);
    m_rowView->horizontalHeader()->setStretchLastSection(true);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_groupView);
    auto* lower = new QWidget;
    auto* lv = new QVBoxLayout(lower);
    lv->setContentsMargins(0, 0, 0, 0);
    lv->addWidget(m_filter);
    lv->addWidget(m_rowView, 1);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    v->addWidget(split, 1);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &WordFilterProxy::setWords);
    retranslate();
    m_groupView->resizeColumnsToContents();
    m_groupView->setMaximumHeight(m_groupView->horizontalHeader()->height()
        + m_groups->rowCount() * m_groupView->verticalHeader()->defaultSectionSize() + 4);
    m_rowView->resizeColumnsToContents();
    m_rowView->setColumnWidth(AccuracyRowModel::Run, 320);
}

void AccuracyPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void AccuracyPage::retranslate()
{
    m_heading->setText(tr("How far to trust the estimates: published runs (Megatron-LM, MosaicML, Llama, TensorRT-LLM, "
                          "ZeRO, vLLM, …) run through the estimator. Errors are (estimated − published) ÷ published; "
                          "each group's 80 % range gives the ranges shown with every plan."));
    m_filter->setPlaceholderText(tr("Filter the published runs"));
    m_filter->setAccessibleName(tr("Filter the published runs"));
    m_groupView->setAccessibleName(tr("Accuracy per group"));
    m_rowView->setAccessibleName(tr("Published runs against the estimates"));
    m_rows->retranslate();
    m_groups->retranslate();
}

} // namespace gpuplan::gui
