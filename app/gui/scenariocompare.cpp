#include "scenariocompare.h"

#include "appcontext.h"
#include "errortext.h"
#include "format.h"
#include "scenarios.h"

#include "providers/store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFont>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPalette>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace gpuplan::gui {

namespace {

/// Every leaf of a JSON document by its JSON pointer ("/inference/requests_per_second" → "5").
void flatten(const QJsonValue& v, const QString& pointer, std::map<QString, QString>& out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            flatten(it.value(), pointer + QLatin1Char('/') + it.key(), out);
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        bool scalars = true;
        for (const auto& e : a)
            scalars = scalars && !e.isObject() && !e.isArray();
        if (scalars) { // a list of words: one row
            QStringList parts;
            for (const auto& e : a)
                parts << (e.isString() ? e.toString()
                                       : QString::fromUtf8(QJsonDocument(QJsonArray {e}).toJson(QJsonDocument::Compact))
                                             .mid(1)
                                             .chopped(1));
            out[pointer] = parts.join(QStringLiteral(", "));
        } else {
            for (int i = 0; i < a.size(); ++i)
                flatten(a.at(i), pointer + QLatin1Char('/') + QString::number(i), out);
        }
    } else if (v.isString()) {
        out[pointer] = v.toString();
    } else if (v.isBool()) {
        out[pointer] = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    } else if (v.isDouble()) {
        out[pointer] = QString::number(v.toDouble(), 'g', 12);
    } else if (v.isNull()) {
        out[pointer] = QStringLiteral("null");
    }
}

} // namespace

// ---- the model -----------------------------------------------------------------------------------------------------

void ScenarioDiffModel::setScenarios(const ComparedScenario& a, const ComparedScenario& b)
{
    beginResetModel();
    m_rows.clear();
    m_nameA = a.name;
    m_nameB = b.name;

    // The best result of each: the first candidate of the ranked plan (priced: the cheapest that meets the SLA).
    struct Best
    {
        QString offering, gpus, pricing, cost, time, count;
    };
    auto best = [](const ComparedScenario& s) {
        Best r;
        if (!s.plan) {
            r.offering = s.error;
            return r;
        }
        const auto& cs = s.plan->plan.candidates;
        r.count = QString::number(cs.size());
        if (cs.empty()) {
            r.offering = tr("nothing fits");
            return r;
        }
        const core::Candidate& c = cs.front();
        r.gpus = tr("%1 × %2").arg(c.gpu ? qs(c.gpu->id) : QString()).arg(c.gpus);
        if (c.calibrated)
            r.gpus = tr("%1 (calibrated)").arg(r.gpus);
        if (c.pricing) {
            const auto& p = *c.pricing;
            r.offering
                = tr("%1 %2 in %3").arg(qs(p.offering.provider), qs(p.offering.instanceType), qs(p.offering.region));
            r.pricing = Fmt::pricingModel(qs(core::pricingKey(p)), p.price.termMonths);
            r.cost = Fmt::money(p.totalCost, qs(p.currency));
        }
        r.time = c.inference ? Fmt::milliseconds(c.latencyMs()) : Fmt::duration(c.wallHours);
        return r;
    };
    const Best ba = best(a), bb = best(b);
    const bool serving = (a.plan && a.plan->workload.inference) || (b.plan && b.plan->workload.inference);
    const bool bothServing = a.plan && a.plan->workload.inference && b.plan && b.plan->workload.inference;
    m_rows.push_back({tr("Best offering"), ba.offering, bb.offering, true});
    m_rows.push_back({tr("GPUs"), ba.gpus, bb.gpus, true});
    m_rows.push_back({tr("Pricing"), ba.pricing, bb.pricing, true});
    m_rows.push_back({bothServing ? tr("Cost per month")
            : serving             ? tr("Cost (per month when serving)")
                                  : tr("Total cost"),
        ba.cost, bb.cost, true});
    m_rows.push_back({bothServing ? tr("Latency per request")
            : serving             ? tr("Time or latency")
                                  : tr("Wall time"),
        ba.time, bb.time, true});
    m_rows.push_back({tr("Candidates"), ba.count, bb.count, true});

    std::map<QString, QString> fa, fb;
    flatten(a.workload, QString(), fa);
    flatten(b.workload, QString(), fb);
    std::map<QString, std::pair<QString, QString>> both;
    for (const auto& [k, v] : fa)
        both[k].first = v;
    for (const auto& [k, v] : fb)
        both[k].second = v;
    for (const auto& [k, v] : both)
        m_rows.push_back({k, v.first, v.second, false});
    endResetModel();
}

int ScenarioDiffModel::rowOf(const QString& quantity) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].quantity == quantity)
            return static_cast<int>(i);
    return -1;
}

int ScenarioDiffModel::differences() const
{
    int n = 0;
    for (const auto& r : m_rows)
        n += r.a != r.b ? 1 : 0;
    return n;
}

int ScenarioDiffModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ScenarioDiffModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScenarioDiffModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    const bool differs = r.a != r.b;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Quantity:
            return r.quantity;
        case First:
            return r.a.isEmpty() && !r.results ? tr("(not set)") : r.a;
        case Second:
            return r.b.isEmpty() && !r.results ? tr("(not set)") : r.b;
        }
        return {};
    case Qt::FontRole:
        if (differs || (r.results && index.column() == Quantity)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        // Amber, translucent: readable on the light and the dark palette.
        return differs && index.column() != Quantity ? QVariant(QColor(255, 193, 7, 90)) : QVariant();
    case DiffersRole:
        return differs;
    case SectionRole:
        return r.results ? QStringLiteral("results") : QStringLiteral("inputs");
    }
    return {};
}

QVariant ScenarioDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Quantity:
        return tr("Result or input");
    case First:
        return m_nameA.isEmpty() ? tr("First") : m_nameA;
    case Second:
        return m_nameB.isEmpty() ? tr("Second") : m_nameB;
    }
    return {};
}

// ---- the dialog ----------------------------------------------------------------------------------------------------

ScenarioCompareDialog::ScenarioCompareDialog(
    AppContext* context, const QString& currency, long long first, long long second, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_currency(currency)
{
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare Scenarios"));
    auto* v = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_first = new QComboBox;
    m_first->setObjectName(QStringLiteral("compareFirst"));
    m_second = new QComboBox;
    m_second->setObjectName(QStringLiteral("compareSecond"));
    if (auto* store = m_context->store())
        if (auto list = store->scenarios())
            for (const auto& s : *list)
                if (s.name != autosaveScenarioName) {
                    m_first->addItem(qs(s.name), QVariant::fromValue(s.id));
                    m_second->addItem(qs(s.name), QVariant::fromValue(s.id));
                }
    form->addRow(tr("&First:"), m_first);
    form->addRow(tr("&Second:"), m_second);
    v->addLayout(form);
    m_onlyDiff = new QCheckBox(tr("Show only &differences"));
    m_onlyDiff->setObjectName(QStringLiteral("compareOnlyDifferences"));
    v->addWidget(m_onlyDiff);
    m_model = new ScenarioDiffModel(this);
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("compareTable"));
    m_view->setAccessibleName(tr("The two scenarios side by side; differences are highlighted"));
    m_view->setModel(m_model);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_view->setWordWrap(false);
    v->addWidget(m_view, 1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(close);
    resize(900, 640);

    if (m_second->count() > 1)
        m_second->setCurrentIndex(1);
    connect(m_first, &QComboBox::currentIndexChanged, this, &ScenarioCompareDialog::comboChanged);
    connect(m_second, &QComboBox::currentIndexChanged, this, &ScenarioCompareDialog::comboChanged);
    connect(m_onlyDiff, &QCheckBox::toggled, this, &ScenarioCompareDialog::applyFilter);
    if (first > 0 || second > 0)
        compare(first, second);
    else
        comboChanged();
}

ComparedScenario ScenarioCompareDialog::load(long long id) const
{
    ComparedScenario out;
    auto* store = m_context->store();
    if (!store || id <= 0)
        return out;
    auto s = store->scenario(id);
    if (!s) {
        out.error = ErrorText::describe(s.error());
        return out;
    }
    out.name = qs(s->name);
    const QByteArray text = QByteArray::fromStdString(s->workloadJson);
    out.workload = QJsonDocument::fromJson(text).object();
    const auto cat = m_context->data();
    auto w = core::parseWorkload(s->workloadJson, s->name, *cat->inputs.models, *cat->inputs.gpus);
    if (!w) {
        out.error = ErrorText::describe(w.error());
        return out;
    }
    out.plan = computePlan(cat, *w, m_currency);
    return out;
}

void ScenarioCompareDialog::compare(long long first, long long second)
{
    {
        const QSignalBlocker b1(m_first), b2(m_second);
        if (const int i = m_first->findData(QVariant::fromValue(first)); i >= 0)
            m_first->setCurrentIndex(i);
        if (const int i = m_second->findData(QVariant::fromValue(second)); i >= 0)
            m_second->setCurrentIndex(i);
    }
    m_model->setScenarios(load(first), load(second));
    applyFilter();
}

void ScenarioCompareDialog::comboChanged()
{
    compare(m_first->currentData().toLongLong(), m_second->currentData().toLongLong());
}

void ScenarioCompareDialog::setDifferencesOnly(bool on)
{
    m_onlyDiff->setChecked(on);
    applyFilter();
}

void ScenarioCompareDialog::applyFilter()
{
    const bool only = m_onlyDiff->isChecked();
    for (int r = 0; r < m_model->rowCount(); ++r)
        m_view->setRowHidden(r,
            only && !m_model->index(r, 0).data(ScenarioDiffModel::DiffersRole).toBool()
                && m_model->index(r, 0).data(ScenarioDiffModel::SectionRole).toString() != QLatin1String("results"));
}

} // namespace gpuplan::gui
