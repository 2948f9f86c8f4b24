#include "candidatemodel.h"

#include "errortext.h"
#include "format.h"

#include "app/report/plan_output.h"

#include <QFont>

#include <cmath>
#include <limits>

namespace gpuplan::gui {

// ---- CandidateTableModel -------------------------------------------------------------------------------------

CandidateTableModel::CandidateTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void CandidateTableModel::setResult(std::shared_ptr<const PlanResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

const core::Candidate* CandidateTableModel::candidate(int row) const
{
    if (!m_result || row < 0 || row >= static_cast<int>(m_result->plan.candidates.size()))
        return nullptr;
    return &m_result->plan.candidates[static_cast<std::size_t>(row)];
}

bool CandidateTableModel::isServing() const
{
    return m_result && m_result->workload.kind == core::WorkloadKind::Inference;
}

int CandidateTableModel::findSimilar(const core::Candidate& c) const
{
    if (!m_result)
        return -1;
    const auto& cs = m_result->plan.candidates;
    for (std::size_t i = 0; i < cs.size(); ++i) {
        const auto& o = cs[i];
        if (o.gpu != c.gpu && (!o.gpu || !c.gpu || o.gpu->id != c.gpu->id))
            continue;
        if (o.gpus != c.gpus || o.pricing.has_value() != c.pricing.has_value())
            continue;
        if (o.pricing) {
            const auto& a = o.pricing->offering;
            const auto& b = c.pricing->offering;
            if (a.provider != b.provider || a.region != b.region || a.zone != b.zone || a.instanceType != b.instanceType
                || o.pricing->price.pricingModel != c.pricing->price.pricingModel
                || o.pricing->price.termMonths != c.pricing->price.termMonths
                || o.pricing->price.paymentOption != c.pricing->price.paymentOption)
                continue;
        }
        return static_cast<int>(i);
    }
    return -1;
}

int CandidateTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result)
        return 0;
    return static_cast<int>(m_result->plan.candidates.size());
}

int CandidateTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

std::pair<double, double> CandidateTableModel::costRange(const PlanResult& r, const core::Candidate& c)
{
    if (!c.pricing)
        return {0, 0};
    const report::Ranged cost = report::costRange(c, r.data ? r.data->accuracy.get() : nullptr);
    return {cost.low, cost.high};
}

QVariant CandidateTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Candidate& c = m_result->plan.candidates[static_cast<std::size_t>(index.row())];
    const auto* p = c.pricing ? &*c.pricing : nullptr;
    // Made when a text needs it: the proxy asks for sort keys thousands of times per plan (one sort of 400+ rows).
    const auto currency = [&] { return p ? qs(p->currency) : m_result->currency; };
    const double inf = std::numeric_limits<double>::infinity();
    const bool serving = c.inference != nullptr;
    const double time = serving ? c.latencyMs() : c.wallHours;

    if (role == CandidateRole)
        return index.row();
    if (role == ProviderRole)
        return p ? qs(p->offering.provider) : QString();
    if (role == FilterRole) {
        QString t = qs(report::gpuText(c));
        if (p)
            t += QLatin1Char(' ') + qs(p->offering.provider) + QLatin1Char(' ') + qs(p->offering.region)
                + QLatin1Char(' ') + qs(p->offering.zone) + QLatin1Char(' ') + qs(p->offering.instanceType)
                + QLatin1Char(' ') + qs(core::pricingKey(*p)) + QLatin1Char(' ')
                + Fmt::pricingModel(qs(core::pricingKey(*p)));
        return QVariant(t);
    }
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case Rank:
        case Cost:
        case CostRange:
        case Time:
        case Hourly:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case Pareto:
            return QVariant::fromValue(Qt::AlignCenter);
        default:
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    if (role == Qt::FontRole && p && p->pareto && index.column() == Cost) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::ToolTipRole) {
        QStringList lines;
        if (p) {
            lines << tr("%1 %2 in %3")
                         .arg(qs(p->offering.provider), qs(p->offering.instanceType), qs(p->offering.region));
            lines << tr("Price: %1 per instance-hour (%2), as of %3")
                         .arg(Fmt::money(p->price.effectiveHourly(), qs(p->price.currency)),
                             Fmt::pricingModel(qs(core::pricingKey(*p)), p->price.termMonths),
                             Fmt::dated(p->price.asOf, p->priceAgeDays, p->priceStale));
            if (p->priceStale)
                lines << tr("The price is older than %1 days: check it with the provider or refresh the catalog.")
                             .arg(core::maxPriceAgeDays);
            if (p->fxStale)
                lines << tr("The exchange rate is as of %1, older than %2 days: Refresh Prices → fx fetches the "
                            "ECB's current rates.")
                             .arg(Fmt::date(qs(p->fxAsOf)))
                             .arg(core::maxFxAgeDays);
            if (!p->price.source.empty())
                lines << tr("Source: %1").arg(qs(p->price.source));
            if (p->discount > 0)
                lines << tr("Negotiated discount: %1").arg(Fmt::percent(p->discount));
            if (p->price.pricingModel == core::PricingModel::Spot && !serving)
                lines << tr("Spot: +%1 time for interruptions (checkpoint every %2)")
                             .arg(Fmt::percent(p->spot.overhead), Fmt::duration(p->spot.intervalHours));
            if (p->mixed)
                lines << tr("On-demand base: %1 instance(s) at %2 per instance-hour meet the availability target "
                            "alone; %3 spot instance(s) carry the headroom")
                             .arg(p->mixed->baseInstances)
                             .arg(Fmt::money(p->mixed->onDemand.hourlyRate, qs(p->mixed->onDemand.currency)))
                             .arg(p->mixed->burstInstances);
            if (p->breakEvenUtilization > 0 && p->price.termMonths > 0)
                lines << tr("Pays off above %1 utilization").arg(Fmt::percent(p->breakEvenUtilization, 0));
            if (serving && p->costPerMillionOutputTokens > 0)
                lines << tr("%1 per million output tokens").arg(Fmt::money(p->costPerMillionOutputTokens, currency()));
            if (p->pareto)
                lines << tr("On the Pareto front: nothing else is both cheaper and faster");
            if (p->sloAtRisk)
                lines << ErrorText::message(p->sloRisk);
        }
        if (!c.fits)
            lines << tr("Does not fit in memory");
        return lines.join(QLatin1Char('\n'));
    }
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::AccessibleTextRole)
        return {};
    const bool sort = role == SortRole;
    switch (index.column()) {
    case Rank:
        return sort ? QVariant(index.row()) : QVariant(QString::number(index.row() + 1));
    case Provider:
        return p ? qs(p->offering.provider) : QString();
    case Region:
        if (!p)
            return QString();
        return p->offering.zone.empty() ? qs(p->offering.region)
                                        : QString(qs(p->offering.region) + QLatin1Char('/') + qs(p->offering.zone));
    case Instance:
        if (!p)
            return QString();
        if (sort)
            return qs(p->offering.instanceType);
        return p->instances > 1 ? tr("%1 × %2").arg(qs(p->offering.instanceType)).arg(p->instances)
                                : qs(p->offering.instanceType);
    case Gpu:
        if (sort)
            return QString(
                (c.gpu ? qs(c.gpu->id) : QString()) + QStringLiteral(" %1").arg(c.gpus, 8, 10, QLatin1Char('0')));
        if (c.calibrated)
            return tr("%1 × %2 (calibrated)").arg(qs(report::gpuText(c))).arg(c.gpus);
        return tr("%1 × %2").arg(qs(report::gpuText(c))).arg(c.gpus);
    case Pricing:
        return p ? Fmt::pricingModel(qs(core::pricingKey(*p)), p->price.termMonths) : QString();
    case Cost:
        if (sort)
            return p ? p->totalCost : inf;
        return p ? Fmt::money(p->totalCost, currency()) : QStringLiteral("–");
    case CostRange: {
        if (!p)
            return sort ? QVariant(inf) : QVariant(QStringLiteral("–"));
        const auto [lo, hi] = costRange(*m_result, c);
        if (sort)
            return hi;
        if (hi <= lo)
            return QStringLiteral("–");
        return tr("%1 – %2").arg(Fmt::money(lo, currency()), Fmt::money(hi, currency()));
    }
    case Time:
        if (sort)
            return time > 0 ? time : inf;
        return time > 0 ? (serving ? Fmt::milliseconds(time) : Fmt::duration(time)) : QStringLiteral("–");
    case Hourly:
        if (sort)
            return p ? p->hourlyCost : inf;
        return p ? tr("%1/h").arg(Fmt::money(p->hourlyCost, currency())) : QStringLiteral("–");
    case AsOf:
        return p ? (sort ? qs(p->price.asOf) : Fmt::dated(p->price.asOf, p->priceAgeDays, p->priceStale)) : QString();
    case Pareto:
        if (sort)
            return p && p->pareto ? 1 : 0;
        if (role == Qt::AccessibleTextRole) {
            QStringList said;
            if (p && p->pareto)
                said << tr("on the Pareto front");
            if (p && p->sloAtRisk)
                said << tr("latency at risk");
            return said.join(QStringLiteral(", "));
        }
        // ★ on the front; ! at risk of a latency target across the estimate's 80 % range (the tooltip says which)
        return QString(QString(p && p->pareto ? QStringLiteral("★") : QString())
            + (p && p->sloAtRisk ? QStringLiteral("!") : QString()));
    default:
        return {};
    }
}

QVariant CandidateTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    const bool serving = isServing();
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Cost:
            return serving ? tr("One 730-hour month of service, in the plan's currency")
                           : tr("The whole job, in the plan's currency");
        case CostRange:
            return tr("80 % range from the estimator's errors on published runs");
        case Time:
            return serving ? tr("A request's latency: time to first token + (output − 1) × time per output token")
                           : tr("Wall time of the job, with failures, restarts and spot interruptions");
        case Pareto:
            return tr("On the Pareto front of cost against time (or latency)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank:
        return tr("#");
    case Provider:
        return tr("Provider");
    case Region:
        return tr("Region");
    case Instance:
        return tr("Instance");
    case Gpu:
        return tr("GPUs");
    case Pricing:
        return tr("Pricing");
    case Cost:
        return serving ? tr("Cost / month") : tr("Cost");
    case CostRange:
        return tr("Range (80 %)");
    case Time:
        return serving ? tr("Latency") : tr("Time");
    case Hourly:
        return tr("Hourly");
    case AsOf:
        return tr("Price as of");
    case Pareto:
        return tr("Pareto");
    default:
        return {};
    }
}

void CandidateTableModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// ---- CandidateFilterProxy ------------------------------------------------------------------------------------

CandidateFilterProxy::CandidateFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CandidateTableModel::SortRole);
    setDynamicSortFilter(true);
}

void CandidateFilterProxy::setFilterText(const QString& text)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateFilter();
}

void CandidateFilterProxy::setGroupByProvider(bool on)
{
    if (on == m_group)
        return;
    m_group = on;
    invalidate();
    if (sortColumn() < 0)
        sort(CandidateTableModel::Rank, Qt::AscendingOrder);
}

bool CandidateFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QString text
        = sourceModel()->index(sourceRow, 0, sourceParent).data(CandidateTableModel::FilterRole).toString();
    for (const QString& w : m_words)
        if (!text.contains(w, Qt::CaseInsensitive))
            return false;
    return true;
}

bool CandidateFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (m_group) {
        const QString a = left.data(CandidateTableModel::ProviderRole).toString();
        const QString b = right.data(CandidateTableModel::ProviderRole).toString();
        if (a != b) // providers ascending whatever the sort order (Qt reverses lessThan for descending)
            return sortOrder() == Qt::AscendingOrder ? a < b : a > b;
    }
    // The planner's ranking (the default order) is the source order: no sort key to ask the model for.
    if (left.column() == CandidateTableModel::Rank)
        return left.row() < right.row();
    const QVariant l = left.data(sortRole()), r = right.data(sortRole());
    if (l.userType() == QMetaType::QString || r.userType() == QMetaType::QString) {
        const int c = QString::localeAwareCompare(l.toString(), r.toString());
        if (c != 0)
            return c < 0;
    } else if (l.toDouble() != r.toDouble()) {
        return l.toDouble() < r.toDouble();
    }
    // Ties keep the planner's ranking.
    return left.row() < right.row();
}

QVariant CandidateFilterProxy::data(const QModelIndex& index, int role) const
{
    if (m_group && role == Qt::DisplayRole && index.column() == CandidateTableModel::Provider && index.row() > 0) {
        const QString here = index.data(CandidateTableModel::ProviderRole).toString();
        const QString above
            = this->index(index.row() - 1, index.column()).data(CandidateTableModel::ProviderRole).toString();
        if (here == above)
            return QString();
    }
    if (m_group && role == Qt::FontRole && index.column() == CandidateTableModel::Provider) {
        QFont f;
        f.setBold(true);
        return f;
    }
    return QSortFilterProxyModel::data(index, role);
}

// ---- ExclusionModel --------------------------------------------------------------------------------------------

ExclusionModel::ExclusionModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void ExclusionModel::setResult(std::shared_ptr<const PlanResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

int ExclusionModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_result)
        return 0;
    return static_cast<int>(m_result->plan.excluded.size());
}

int ExclusionModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ExclusionModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Exclusion& e = m_result->plan.excluded[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() == WouldCost)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Reason)
        return qs(e.reason.text());
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    switch (index.column()) {
    case Gpu:
        return qs(e.gpu);
    case Provider:
        return qs(e.provider);
    case Region:
        return qs(e.region);
    case Instance:
        return qs(e.instanceType);
    case Pricing:
        return e.pricingModel.empty() ? QString() : Fmt::pricingModel(qs(e.pricingModel));
    case Reason:
        return ErrorText::message(e.reason);
    case WouldCost:
        if (role == Qt::UserRole)
            return e.costUsd;
        return e.costUsd > 0 ? Fmt::money(e.costUsd, QStringLiteral("USD")) : QString();
    default:
        return {};
    }
}

QVariant ExclusionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Gpu:
        return tr("GPU");
    case Provider:
        return tr("Provider");
    case Region:
        return tr("Region");
    case Instance:
        return tr("Instance");
    case Pricing:
        return tr("Pricing");
    case Reason:
        return tr("Why excluded");
    case WouldCost:
        return tr("Would cost");
    default:
        return {};
    }
}

void ExclusionModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace gpuplan::gui
