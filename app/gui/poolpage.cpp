#include "poolpage.h"

#include "appcontext.h"
#include "background.h"
#include "errortext.h"
#include "format.h"
#include "reportexport.h"
#include "scenarios.h"
#include "settings.h"

#include "app/charts/linechart.h"
#include "app/charts/stackedbarchart.h"
#include "app/report/pdf_report.h"
#include "app/report/pool_output.h"
#include "providers/poolinputs.h"
#include "providers/store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace gpuplan::gui {

namespace {

const QString requestSchema = QStringLiteral("gpuplan.pool-request/1");

/// The policies checked when the page opens: those `gpuplan-cli simulate` runs by default.
const core::PoolPolicy defaultPolicies[]
    = {core::PoolPolicy::Fgd, core::PoolPolicy::BestFit, core::PoolPolicy::Packing, core::PoolPolicy::DotProduct};

double num(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toDouble();
}

QString str(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toString();
}

/// A wait in the user's language: seconds below a minute, else Fmt::duration.
QString waitText(double seconds)
{
    if (!std::isfinite(seconds))
        return QStringLiteral("–");
    if (seconds < 60)
        return QCoreApplication::translate("gpuplan::gui::PoolPage", "%1 s").arg(Fmt::number(seconds, 0));
    return Fmt::duration(seconds / 3600.0);
}

QString usd(double v)
{
    return Fmt::money(v, QStringLiteral("USD"));
}

} // namespace

// ---- the tables ----------------------------------------------------------------------------------------------------

PoolTableModel::PoolTableModel(Kind kind, QObject* parent)
    : QAbstractTableModel(parent)
    , m_kind(kind)
{ }

void PoolTableModel::setDocument(const QJsonObject& doc)
{
    beginResetModel();
    m_doc = doc;
    m_rows.clear();
    const QJsonArray policies = doc.value(QStringLiteral("policies")).toArray();
    switch (m_kind) {
    case Kind::Mixes:
        for (const auto& p : policies)
            m_rows.push_back({str(p.toObject(), "policy"), {}, p.toObject()});
        break;
    case Kind::Delays:
        for (const auto& p : policies) {
            const QJsonObject po = p.toObject();
            const QJsonObject mix = po.value(QStringLiteral("best")).isObject()
                ? po.value(QStringLiteral("best")).toObject()
                : po.value(QStringLiteral("all_on_demand")).toObject();
            for (const auto& d : mix.value(QStringLiteral("delays")).toArray())
                m_rows.push_back({str(po, "policy"), {}, d.toObject()});
        }
        break;
    case Kind::Prices: {
        const QJsonObject prices = doc.value(QStringLiteral("prices")).toObject();
        for (const char* part : {"owned", "reserved", "on_demand", "spot"})
            m_rows.push_back({{}, QString::fromLatin1(part), prices.value(QLatin1String(part)).toObject()});
        break;
    }
    }
    endResetModel();
}

void PoolTableModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int PoolTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PoolTableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    switch (m_kind) {
    case Kind::Mixes:
        return 11;
    case Kind::Delays:
        return 8;
    case Kind::Prices:
        return 5;
    }
    return 0;
}

QString PoolTableModel::cell(const Row& row, int column) const
{
    const QJsonObject& o = row.obj;
    if (m_kind == Kind::Mixes) {
        const bool feasible = o.value(QStringLiteral("feasible")).toBool();
        const QJsonObject best = o.value(QStringLiteral("best")).toObject();
        const QJsonObject allOd = o.value(QStringLiteral("all_on_demand")).toObject();
        if (column == 0)
            return row.policy;
        if (column == 9)
            return usd(num(allOd, "total_usd_per_month"));
        if (!feasible)
            return column == 1 ? tr("no mix meets the target") : QString();
        switch (column) {
        case 1:
            return Fmt::number(num(best, "owned_gpus"));
        case 2:
            return Fmt::number(num(best, "reserved_gpus"));
        case 3:
            return usd(num(best, "owned_usd_per_month"));
        case 4:
            return usd(num(best, "reserved_usd_per_month"));
        case 5:
            return usd(num(best, "on_demand_usd_per_month"));
        case 6:
            return usd(num(best, "spot_usd_per_month"));
        case 7:
            return usd(num(best, "total_usd_per_month"));
        case 8:
            return tr("%1 owned, %2 reserved")
                .arg(Fmt::percent(num(best, "owned_utilization")), Fmt::percent(num(best, "reserved_utilization")));
        case 10:
            return Fmt::number(num(best, "preemptions"));
        }
        return {};
    }
    if (m_kind == Kind::Delays) {
        switch (column) {
        case 0:
            return row.policy;
        case 1:
            return str(o, "class");
        case 2:
            return Fmt::number(num(o, "tasks"));
        case 3:
            return Fmt::number(num(o, "burst"));
        case 4:
            return waitText(num(o, "p50_s"));
        case 5:
            return waitText(num(o, "p99_s"));
        case 6:
            return waitText(num(o, "target_p99_s"));
        case 7:
            return o.value(QStringLiteral("met")).toBool() ? tr("yes") : tr("no");
        }
        return {};
    }
    // Prices
    const QJsonObject be = m_doc.value(QStringLiteral("break_even_utilization")).toObject();
    const bool have = !o.isEmpty();
    switch (column) {
    case 0:
        return row.part == QLatin1String("owned")   ? tr("owned")
            : row.part == QLatin1String("reserved") ? tr("reserved")
            : row.part == QLatin1String("spot")     ? tr("spot")
                                                    : tr("on-demand");
    case 1:
        if (!have)
            return QStringLiteral("–");
        if (row.part == QLatin1String("owned"))
            return tr("%1 + %2 when busy")
                .arg(Fmt::number(num(o, "fixed_usd_per_gpu_hour"), 3),
                    Fmt::number(num(o, "power_usd_per_busy_gpu_hour"), 3));
        if (row.part == QLatin1String("spot"))
            return Fmt::number(num(o, "usd_per_gpu_hour_with_overhead"), 3);
        return Fmt::number(num(o, "usd_per_gpu_hour"), 3);
    case 2:
        if (!have)
            return QStringLiteral("–");
        if (row.part == QLatin1String("spot")) {
            const QJsonValue r = m_doc.value(QStringLiteral("spot_to_on_demand"));
            return r.isDouble() ? tr("%1 of on-demand").arg(Fmt::percent(r.toDouble())) : QStringLiteral("–");
        }
        if (row.part == QLatin1String("on_demand"))
            return QStringLiteral("–");
        return be.value(row.part).isDouble() ? Fmt::percent(be.value(row.part).toDouble()) : tr("never");
    case 3:
        if (!have)
            return row.part == QLatin1String("owned") ? tr("no TCO file: not sized")
                : row.part == QLatin1String("spot")   ? tr("no spot price: preemptible tasks burst on demand")
                                                      : tr("no price in the catalog: not sized");
        if (row.part == QLatin1String("owned"))
            return tr("servers of %1 × %2 at %3 %4 over %5 years")
                .arg(Fmt::number(num(o, "gpus_per_server")), str(o, "gpu"), Fmt::number(num(o, "server_price")),
                    str(o, "currency"), Fmt::number(num(o, "depreciation_years"), 1));
        return tr("%1 %2 (%3 GPUs) %4, %5")
            .arg(str(o, "provider"), str(o, "instance_type"), Fmt::number(num(o, "gpus_per_instance")),
                str(o, "region"),
                Fmt::pricingModel(str(o, "pricing_model"), o.value(QStringLiteral("term_months")).toInt()));
    case 4:
        return have && row.part != QLatin1String("owned") ? Fmt::date(str(o, "as_of")) : QString();
    }
    return {};
}

QVariant PoolTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole)
        return cell(row, index.column());
    if (role == Qt::ToolTipRole) {
        if (m_kind == Kind::Prices && !row.obj.isEmpty())
            return str(row.obj, row.part == QLatin1String("owned") ? "source" : "source");
        return cell(row, index.column());
    }
    if (role == Qt::TextAlignmentRole) {
        const bool left = (m_kind == Kind::Mixes && (index.column() == 0 || index.column() == 8))
            || (m_kind == Kind::Delays && (index.column() <= 1 || index.column() == 7))
            || (m_kind == Kind::Prices && index.column() != 1 && index.column() != 2);
        return QVariant::fromValue(left ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

QVariant PoolTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && m_kind == Kind::Mixes && section >= 3
        && section <= 9 && section != 8)
        return tr("USD per 730-hour month at the trace's pace");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (m_kind == Kind::Mixes) {
        const QString titles[] = {tr("Policy"), tr("Owned GPUs"), tr("Reserved GPUs"), tr("Owned"), tr("Reserved"),
            tr("On-demand burst"), tr("Spot burst"), tr("Total"), tr("Busy"), tr("All on-demand"), tr("Preemptions")};
        return titles[section];
    }
    if (m_kind == Kind::Delays) {
        const QString titles[] = {tr("Policy"), tr("Class"), tr("Tasks"), tr("Burst"), tr("p50 wait"), tr("p99 wait"),
            tr("Target"), tr("Met")};
        return titles[section];
    }
    const QString titles[]
        = {tr("Part"), tr("USD per GPU-hour"), tr("Break-even utilization"), tr("From"), tr("As of")};
    return titles[section];
}

// ---- the page ------------------------------------------------------------------------------------------------------

struct PoolPage::Outcome
{
    bool ok = false;
    bool cancelled = false;
    QString error;
    std::optional<core::PoolSizingRequest> request;
    std::optional<core::PoolSizing> sizing;
    QJsonObject requestDoc; ///< the form as it was when the sizing started
};

PoolPage::PoolPage(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_mixes(new PoolTableModel(PoolTableModel::Kind::Mixes, this))
    , m_delays(new PoolTableModel(PoolTableModel::Kind::Delays, this))
    , m_prices(new PoolTableModel(PoolTableModel::Kind::Prices, this))
{
    auto* outer = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal);
    outer->addWidget(split);

    // The form, on the left.
    auto* formHost = new QWidget;
    auto* fv = new QVBoxLayout(formHost);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    fv->addWidget(m_intro);
    auto label = [this](const char* name) {
        auto* l = new QLabel;
        l->setObjectName(QLatin1String(name));
        m_labels.push_back(l);
        return l;
    };
    auto fileRow = [this](QLineEdit* edit, const char* name) {
        auto* row = new QHBoxLayout;
        edit->setObjectName(QLatin1String(name));
        edit->setClearButtonEnabled(true);
        row->addWidget(edit, 1);
        auto* b = new QPushButton;
        b->setObjectName(QLatin1String(name) + QStringLiteral("Browse"));
        m_browseButtons.push_back(b);
        row->addWidget(b);
        return std::make_pair(row, b);
    };
    m_fromTrace = new QRadioButton;
    m_fromTrace->setObjectName(QStringLiteral("poolFromTrace"));
    m_fromTrace->setChecked(true);
    m_fromScenarios = new QRadioButton;
    m_fromScenarios->setObjectName(QStringLiteral("poolFromScenarios"));
    fv->addWidget(m_fromTrace);
    auto* trace = new QFormLayout;
    m_nodes = new QLineEdit;
    m_tasks = new QLineEdit;
    m_gpuMap = new QLineEdit;
    auto [nodesRow, nodesBrowse] = fileRow(m_nodes, "poolNodes");
    auto [tasksRow, tasksBrowse] = fileRow(m_tasks, "poolTasks");
    auto [mapRow, mapBrowse] = fileRow(m_gpuMap, "poolGpuMap");
    trace->addRow(label("poolNodesLabel"), nodesRow);
    trace->addRow(label("poolTasksLabel"), tasksRow);
    trace->addRow(label("poolGpuMapLabel"), mapRow);
    fv->addLayout(trace);
    fv->addWidget(m_fromScenarios);
    m_scenarios = new QTableWidget(0, 2);
    m_scenarios->setObjectName(QStringLiteral("poolScenarios"));
    m_scenarios->verticalHeader()->hide();
    m_scenarios->horizontalHeader()->setStretchLastSection(true);
    m_scenarios->setMinimumHeight(90);
    fv->addWidget(m_scenarios, 1);
    auto* pool = new QFormLayout;
    m_gpu = new QComboBox;
    m_gpu->setObjectName(QStringLiteral("poolGpu"));
    m_gpu->addItem(QString()); // automatic
    for (const auto& g : m_context->data()->inputs.gpus->all())
        m_gpu->addItem(qs(g.id), qs(g.id));
    pool->addRow(label("poolGpuLabel"), m_gpu);
    m_tco = new QLineEdit;
    auto [tcoRow, tcoBrowse] = fileRow(m_tco, "poolTco");
    pool->addRow(label("poolTcoLabel"), tcoRow);
    m_provider = new QComboBox;
    m_provider->setObjectName(QStringLiteral("poolProvider"));
    m_provider->addItem(QString());
    for (const QString& p : m_context->data()->providers)
        m_provider->addItem(p, p);
    pool->addRow(label("poolProviderLabel"), m_provider);
    m_targets = new QLineEdit(QStringLiteral("600"));
    m_targets->setObjectName(QStringLiteral("poolTargets"));
    pool->addRow(label("poolTargetsLabel"), m_targets);
    m_delay = new QDoubleSpinBox;
    m_delay->setObjectName(QStringLiteral("poolStartDelay"));
    m_delay->setRange(0, 86400);
    m_delay->setDecimals(0);
    m_delay->setValue(core::poolBurstStartDelayS);
    pool->addRow(label("poolStartDelayLabel"), m_delay);
    m_policies = new QListWidget;
    m_policies->setObjectName(QStringLiteral("poolPolicies"));
    for (core::PoolPolicy p : core::allPoolPolicies()) {
        auto* item = new QListWidgetItem(qs(std::string(core::toString(p))), m_policies);
        item->setData(Qt::UserRole, qs(std::string(core::toString(p))));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        const bool on
            = std::find(std::begin(defaultPolicies), std::end(defaultPolicies), p) != std::end(defaultPolicies);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_policies->setMaximumHeight(120);
    pool->addRow(label("poolPoliciesLabel"), m_policies);
    fv->addLayout(pool);
    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton;
    m_run->setObjectName(QStringLiteral("poolRun"));
    m_cancelButton = new QPushButton;
    m_cancelButton->setObjectName(QStringLiteral("poolCancel"));
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancelButton);
    fv->addLayout(buttons);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("poolProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    fv->addWidget(m_progress);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("poolMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fv->addWidget(m_message);
    auto* scroll = new QScrollArea;
    scroll->setWidget(formHost);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(360);
    split->addWidget(scroll);

    // The result, on the right.
    auto* resultHost = new QWidget;
    auto* rv = new QVBoxLayout(resultHost);
    auto* top = new QHBoxLayout;
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("poolSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_summary, 1);
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("poolExportPdf"));
    top->addWidget(m_export, 0, Qt::AlignTop);
    rv->addLayout(top);
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("poolTabs"));
    auto table = [](QAbstractItemModel* model, const char* name) {
        auto* v = new QTableView;
        v->setObjectName(QLatin1String(name));
        v->setModel(model);
        v->setAlternatingRowColors(true);
        v->setSelectionBehavior(QAbstractItemView::SelectRows);
        v->verticalHeader()->hide();
        v->horizontalHeader()->setStretchLastSection(true);
        v->setWordWrap(false);
        return v;
    };
    auto* costTab = new QSplitter(Qt::Vertical);
    m_mixView = table(m_mixes, "poolMixTable");
    costTab->addWidget(m_mixView);
    m_costChart = new charts::StackedBarChartView;
    m_costChart->setObjectName(QStringLiteral("poolCostChart"));
    costTab->addWidget(m_costChart);
    costTab->setSizes({160, 300});
    m_tabs->addTab(costTab, QString());
    auto* timeTab = new QWidget;
    auto* tv = new QVBoxLayout(timeTab);
    m_timePolicy = new QComboBox;
    m_timePolicy->setObjectName(QStringLiteral("poolTimePolicy"));
    tv->addWidget(m_timePolicy, 0, Qt::AlignLeft);
    m_timeChart = new charts::LineChartView;
    m_timeChart->setObjectName(QStringLiteral("poolTimeChart"));
    tv->addWidget(m_timeChart, 1);
    m_tabs->addTab(timeTab, QString());
    auto* delayTab = new QSplitter(Qt::Vertical);
    m_delayChart = new charts::StackedBarChartView;
    m_delayChart->setObjectName(QStringLiteral("poolDelayChart"));
    delayTab->addWidget(m_delayChart);
    m_delayView = table(m_delays, "poolDelayTable");
    delayTab->addWidget(m_delayView);
    m_tabs->addTab(delayTab, QString());
    m_priceView = table(m_prices, "poolPriceTable");
    m_tabs->addTab(m_priceView, QString());
    rv->addWidget(m_tabs, 1);
    split->addWidget(resultHost);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 1000});

    const QString files = tr("Node and task files (*.csv *.json);;All files (*)");
    connect(nodesBrowse, &QPushButton::clicked, this, [this, files] { browse(m_nodes, tr("Node File"), files); });
    connect(tasksBrowse, &QPushButton::clicked, this, [this, files] { browse(m_tasks, tr("Task File"), files); });
    connect(mapBrowse, &QPushButton::clicked, this,
        [this] { browse(m_gpuMap, tr("GPU Map"), tr("GPU maps (*.json);;All files (*)")); });
    connect(tcoBrowse, &QPushButton::clicked, this,
        [this] { browse(m_tco, tr("TCO File"), tr("TCO files (*.json);;All files (*)")); });
    connect(m_fromTrace, &QRadioButton::toggled, this, &PoolPage::updateButtons);
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancelButton, &QPushButton::clicked, this, &PoolPage::cancel);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export Pool Sizing as PDF"), QStringLiteral("pool-sizing.pdf"), tr("PDF files (*.pdf)"));
        QString error;
        if (!path.isEmpty() && !exportPdf(path, &error))
            setMessage(error, true);
    });
    connect(m_timePolicy, &QComboBox::currentIndexChanged, this, &PoolPage::showOverTime);
    connect(m_context, &AppContext::dataChanged, this, &PoolPage::refreshScenarios);
    retranslate();
    refreshScenarios();
    showResult({});
}

PoolPage::~PoolPage()
{
    if (m_cancel) // the work stops at its next mix; its watcher goes with this page
        m_cancel->store(true);
}

void PoolPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PoolPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refreshScenarios();
    if (m_shownFor != m_scenarioId && !isRunning()) {
        m_shownFor = m_scenarioId;
        showStored();
    }
}

void PoolPage::retranslate()
{
    m_intro->setText(tr("Size a GPU pool for a trace of tasks or for your saved scenarios, priced: owned servers "
                        "(a TCO file), reserved instances from the catalog, and on-demand burst (spot for preemptible "
                        "tasks) for whatever would wait longer than the target. The same sizing as gpuplan-cli "
                        "simulate --size."));
    m_fromTrace->setText(tr("&Trace files"));
    m_fromScenarios->setText(tr("Saved &scenarios (jobs start at the hour given)"));
    const std::pair<const char*, QString> labels[]
        = {{"poolNodesLabel", tr("Nodes:")}, {"poolTasksLabel", tr("Tasks:")}, {"poolGpuMapLabel", tr("GPU map:")},
            {"poolGpuLabel", tr("&GPU:")}, {"poolTcoLabel", tr("TCO &file:")}, {"poolProviderLabel", tr("P&rovider:")},
            {"poolTargetsLabel", tr("p99 &wait target, s:")}, {"poolStartDelayLabel", tr("Burst &start, s:")},
            {"poolPoliciesLabel", tr("&Policies:")}};
    for (QLabel* l : m_labels)
        for (const auto& [name, text] : labels)
            if (l->objectName() == QLatin1String(name))
                l->setText(text);
    for (QLabel* l : m_labels)
        if (l->objectName() == QLatin1String("poolGpuLabel"))
            l->setBuddy(m_gpu);
        else if (l->objectName() == QLatin1String("poolTcoLabel"))
            l->setBuddy(m_tco);
        else if (l->objectName() == QLatin1String("poolProviderLabel"))
            l->setBuddy(m_provider);
        else if (l->objectName() == QLatin1String("poolTargetsLabel"))
            l->setBuddy(m_targets);
        else if (l->objectName() == QLatin1String("poolStartDelayLabel"))
            l->setBuddy(m_delay);
        else if (l->objectName() == QLatin1String("poolPoliciesLabel"))
            l->setBuddy(m_policies);
    for (QPushButton* b : m_browseButtons)
        b->setText(tr("Browse…"));
    m_nodes->setPlaceholderText(tr("the cluster the trace ran on (optional with scenarios)"));
    m_tasks->setPlaceholderText(tr("openb pod list, simple CSV or JSON"));
    m_gpuMap->setPlaceholderText(tr("optional: trace GPU labels as gpus.json ids"));
    m_tco->setPlaceholderText(tr("optional: gpuplan.tco/1; without it no owned servers"));
    m_gpu->setItemText(0, tr("Automatic (the TCO file's, else the cluster's)"));
    m_provider->setItemText(0, tr("Any (the cheapest of each kind)"));
    m_targets->setToolTip(tr("Seconds for every class, then CLASS=seconds for a class of its own: 600, BE=3600"));
    m_delay->setToolTip(tr("How long an on-demand or spot instance takes to start before a burst task runs on it"));
    m_scenarios->setHorizontalHeaderLabels({tr("Scenario"), tr("Starts at hour")});
    m_scenarios->setAccessibleName(tr("Saved scenarios to size the pool for"));
    m_policies->setAccessibleName(tr("Placement policies, sized side by side"));
    m_run->setText(tr("&Size the Pool"));
    m_cancelButton->setText(tr("Cancel"));
    m_export->setText(tr("Export &PDF…"));
    m_tabs->setTabText(0, tr("Cost"));
    m_tabs->setTabText(1, tr("Over time"));
    m_tabs->setTabText(2, tr("Queueing delay"));
    m_tabs->setTabText(3, tr("Prices"));
    m_mixView->setAccessibleName(tr("The cheapest mix per policy"));
    m_delayView->setAccessibleName(tr("Queueing delay per class and policy"));
    m_priceView->setAccessibleName(tr("Prices and break-even utilization of the pool's parts"));
    m_timeChart->setAccessibleName(tr("The pool's GPUs over time"));
    m_costChart->setAccessibleName(tr("Cost per month of each part, per policy"));
    m_delayChart->setAccessibleName(tr("p99 queueing delay per class, per policy"));
    m_mixes->retranslate();
    m_delays->retranslate();
    m_prices->retranslate();
    showResult(m_result);
    updateButtons();
}

QString PoolPage::browse(QLineEdit* edit, const QString& title, const QString& filter)
{
    const QString start
        = edit->text().isEmpty() ? AppSettings::lastDirectory() : QFileInfo(edit->text()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, title, start, filter);
    if (!path.isEmpty()) {
        edit->setText(path);
        AppSettings::setLastDirectory(QFileInfo(path).absolutePath());
    }
    return path;
}

void PoolPage::refreshScenarios()
{
    // Keep what was ticked and the start hours across a refresh.
    QMap<QString, std::pair<bool, double>> before;
    for (int r = 0; r < m_scenarios->rowCount(); ++r)
        if (auto* item = m_scenarios->item(r, 0))
            before[item->text()] = {item->checkState() == Qt::Checked,
                m_scenarios->item(r, 1) ? m_scenarios->item(r, 1)->data(Qt::EditRole).toDouble() : 0.0};
    m_scenarios->setRowCount(0);
    if (!m_context->store())
        return;
    auto saved = m_context->store()->scenarios();
    if (!saved)
        return;
    for (const auto& s : *saved) {
        if (s.name == autosaveScenarioName) // the session's autosave is no scenario of the user's
            continue;
        const int r = m_scenarios->rowCount();
        m_scenarios->insertRow(r);
        auto* name = new QTableWidgetItem(qs(s.name));
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        const auto was = before.value(name->text(), {false, 0.0});
        name->setCheckState(was.first ? Qt::Checked : Qt::Unchecked);
        m_scenarios->setItem(r, 0, name);
        auto* hour = new QTableWidgetItem;
        hour->setData(Qt::EditRole, was.second);
        m_scenarios->setItem(r, 1, hour);
    }
}

QJsonObject PoolPage::request() const
{
    QJsonObject r;
    r.insert(QStringLiteral("schema"), requestSchema);
    if (m_fromScenarios->isChecked()) {
        QJsonArray sc;
        for (int row = 0; row < m_scenarios->rowCount(); ++row) {
            const auto* item = m_scenarios->item(row, 0);
            if (item && item->checkState() == Qt::Checked)
                sc.append(QJsonObject {{QStringLiteral("name"), item->text()},
                    {QStringLiteral("start_hours"),
                        m_scenarios->item(row, 1) ? m_scenarios->item(row, 1)->data(Qt::EditRole).toDouble() : 0.0}});
        }
        r.insert(QStringLiteral("scenarios"), sc);
    }
    r.insert(QStringLiteral("nodes"), m_nodes->text().trimmed());
    r.insert(QStringLiteral("tasks"), m_tasks->text().trimmed());
    r.insert(QStringLiteral("gpu_map"), m_gpuMap->text().trimmed());
    r.insert(QStringLiteral("tco"), m_tco->text().trimmed());
    r.insert(QStringLiteral("gpu"), m_gpu->currentData().toString());
    r.insert(QStringLiteral("provider"), m_provider->currentData().toString());
    r.insert(QStringLiteral("target_p99_wait"), m_targets->text().trimmed());
    r.insert(QStringLiteral("start_delay_s"), m_delay->value());
    QJsonArray policies;
    for (int i = 0; i < m_policies->count(); ++i)
        if (m_policies->item(i)->checkState() == Qt::Checked)
            policies.append(m_policies->item(i)->data(Qt::UserRole).toString());
    r.insert(QStringLiteral("policies"), policies);
    return r;
}

bool PoolPage::setRequest(const QJsonObject& r, QString* error)
{
    if (str(r, "schema") != requestSchema) {
        if (error)
            *error
                = tr("Not a pool sizing request (schema %1 expected, got \"%2\")").arg(requestSchema, str(r, "schema"));
        return false;
    }
    const bool scenarios = r.contains(QStringLiteral("scenarios"));
    (scenarios ? m_fromScenarios : m_fromTrace)->setChecked(true);
    m_nodes->setText(str(r, "nodes"));
    m_tasks->setText(str(r, "tasks"));
    m_gpuMap->setText(str(r, "gpu_map"));
    m_tco->setText(str(r, "tco"));
    const int g = m_gpu->findData(str(r, "gpu"));
    m_gpu->setCurrentIndex(g < 0 ? 0 : g);
    const int p = m_provider->findData(str(r, "provider"));
    m_provider->setCurrentIndex(p < 0 ? 0 : p);
    if (r.contains(QStringLiteral("target_p99_wait")))
        m_targets->setText(str(r, "target_p99_wait"));
    if (r.contains(QStringLiteral("start_delay_s")))
        m_delay->setValue(num(r, "start_delay_s"));
    if (r.contains(QStringLiteral("policies"))) {
        const QJsonArray policies = r.value(QStringLiteral("policies")).toArray();
        for (int i = 0; i < m_policies->count(); ++i)
            m_policies->item(i)->setCheckState(
                policies.contains(m_policies->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
    if (scenarios) {
        const QJsonArray sc = r.value(QStringLiteral("scenarios")).toArray();
        for (int row = 0; row < m_scenarios->rowCount(); ++row) {
            auto* item = m_scenarios->item(row, 0);
            item->setCheckState(Qt::Unchecked);
            for (const auto& v : sc)
                if (str(v.toObject(), "name") == item->text()) {
                    item->setCheckState(Qt::Checked);
                    m_scenarios->item(row, 1)->setData(Qt::EditRole, num(v.toObject(), "start_hours"));
                }
        }
    }
    updateButtons();
    return true;
}

void PoolPage::setScenario(long long id)
{
    m_scenarioId = id;
}

bool PoolPage::showStored()
{
    if (m_scenarioId <= 0 || !m_context->store() || isRunning())
        return false;
    auto stored = m_context->store()->poolResults(m_scenarioId);
    if (!stored || stored->empty())
        return false;
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(stored->front().resultJson)).object();
    setRequest(QJsonDocument::fromJson(QByteArray::fromStdString(stored->front().requestJson)).object());
    m_lastRequest.reset();
    m_lastSizing.reset();
    showResult(doc);
    setMessage(tr("The sizing stored with this scenario on %1.").arg(Fmt::date(qs(stored->front().createdAt))), false);
    return true;
}

QString PoolPage::message() const
{
    return m_message->text();
}

void PoolPage::setMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: palette(link-visited);") : QString());
    m_message->setProperty("error", error);
}

void PoolPage::updateButtons()
{
    const bool running = isRunning();
    m_run->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_export->setEnabled(!running && m_lastSizing.has_value());
    const bool scenarios = m_fromScenarios->isChecked();
    m_tasks->setEnabled(!scenarios);
    m_gpuMap->setEnabled(!scenarios);
    m_scenarios->setEnabled(scenarios && m_context->store());
    m_fromScenarios->setEnabled(m_context->store() != nullptr);
}

bool PoolPage::run(QString* error)
{
    auto fail = [&](const QString& text) {
        setMessage(text, true);
        if (error)
            *error = text;
        return false;
    };
    if (isRunning())
        return fail(tr("A sizing is running."));
    const QJsonObject req = request();
    auto targets = report::parsePoolTargets(str(req, "target_p99_wait").toStdString());
    if (!targets)
        return fail(tr("p99 wait target: %1").arg(qs(targets.error().detail)));
    providers::PoolSources src;
    src.nodesFile = str(req, "nodes").toStdString();
    src.tasksFile = str(req, "tasks").toStdString();
    src.gpuMapFile = str(req, "gpu_map").toStdString();
    src.tcoFile = str(req, "tco").toStdString();
    src.gpu = str(req, "gpu").toStdString();
    for (const auto& v : req.value(QStringLiteral("scenarios")).toArray())
        src.scenarios.push_back({str(v.toObject(), "name").toStdString(), num(v.toObject(), "start_hours")});
    if (m_fromScenarios->isChecked()) {
        if (src.scenarios.empty())
            return fail(tr("Tick the saved scenarios to size the pool for."));
        src.tasksFile.clear();
        src.gpuMapFile.clear();
    } else if (src.tasksFile.empty()) {
        return fail(tr("Choose a task file (the trace), or size for saved scenarios."));
    }
    core::PoolSizingRequest base;
    base.provider = str(req, "provider").toStdString();
    base.targetWait = targets->first;
    base.targetByClass = targets->second;
    base.burstStartDelay = num(req, "start_delay_s");
    base.policies.clear();
    for (const auto& p : req.value(QStringLiteral("policies")).toArray())
        if (auto policy = core::poolPolicyFromString(p.toString().toStdString()))
            base.policies.push_back(*policy);
    if (base.policies.empty())
        return fail(tr("Tick at least one placement policy."));

    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    m_progress->setValue(0);
    setMessage(tr("Sizing…"), false);
    updateButtons();
    std::shared_ptr<const CatalogData> catalog = m_context->data();
    const std::filesystem::path db = m_context->store() ? m_context->store()->path() : std::filesystem::path();
    runInBackground<Outcome>(
        this,
        [catalog, db, src, base, cancelFlag, req](TaskReporter<Outcome>& reporter) {
            Outcome out;
            out.requestDoc = req;
            // The worker's own connection to the store (the scenarios), as the catalog import has.
            std::unique_ptr<providers::Store> store;
            if (!src.scenarios.empty() && !db.empty()) {
                auto s = providers::Store::open(db);
                if (!s) {
                    out.error = ErrorText::describe(s.error());
                    return out;
                }
                store = std::move(*s);
            }
            reporter.progress(QString(), 0.0);
            auto request = providers::loadPoolRequest(src, catalog->inputs, store.get(), base, cancelFlag.get());
            if (!request) {
                out.cancelled = request.error().code == core::ErrorCode::Cancelled;
                out.error = ErrorText::describe(request.error());
                return out;
            }
            auto sized = core::sizePool(
                *request, catalog->inputs,
                [&reporter](std::int64_t done, std::int64_t total) {
                    reporter.progress(QString(), total > 0 ? double(done) / double(total) : -1.0);
                },
                cancelFlag.get());
            if (!sized) {
                out.cancelled = sized.error().code == core::ErrorCode::Cancelled;
                out.error = ErrorText::describe(sized.error());
                return out;
            }
            out.ok = true;
            out.request = std::move(*request);
            out.sizing = std::move(*sized);
            return out;
        },
        [this](const QString&, double fraction) {
            if (fraction >= 0)
                m_progress->setValue(static_cast<int>(fraction * 1000));
        },
        [this](Outcome out) { done(out); });
    return true;
}

void PoolPage::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void PoolPage::done(const Outcome& out)
{
    m_cancel.reset();
    if (!out.ok) {
        setMessage(out.cancelled ? tr("Cancelled: nothing was sized or stored.")
                                 : tr("The pool could not be sized: %1").arg(out.error),
            !out.cancelled);
        m_progress->setValue(0);
        updateButtons();
        Q_EMIT finished(false);
        return;
    }
    m_lastRequest = out.request;
    m_lastSizing = out.sizing;
    const std::string json = report::poolSizingToJson(*out.request, *out.sizing);
    showResult(QJsonDocument::fromJson(QByteArray::fromStdString(json)).object());
    m_progress->setValue(1000);
    // Stored with the current scenario and with each scenario sized.
    QStringList storedWith;
    QString problem;
    if (auto* store = m_context->store()) {
        std::vector<long long> ids;
        if (m_scenarioId > 0)
            ids.push_back(m_scenarioId);
        if (auto saved = store->scenarios())
            for (const auto& v : out.requestDoc.value(QStringLiteral("scenarios")).toArray())
                for (const auto& s : *saved)
                    if (qs(s.name) == str(v.toObject(), "name") && std::find(ids.begin(), ids.end(), s.id) == ids.end())
                        ids.push_back(s.id);
        const std::string requestJson = QJsonDocument(out.requestDoc).toJson(QJsonDocument::Compact).toStdString();
        for (long long id : ids) {
            auto saved = store->savePoolResult(id, requestJson, json);
            if (!saved)
                problem = ErrorText::describe(saved.error());
            else if (auto sc = store->scenario(id))
                storedWith << qs(sc->name);
        }
    }
    QString text = out.sizing->unfitCount > 0
        ? tr("Sized for %1 tasks; %2 fit no part of the pool.")
              .arg(Fmt::number(double(out.sizing->tasks)), Fmt::number(double(out.sizing->unfitCount)))
        : tr("Sized for %1 tasks.").arg(Fmt::number(double(out.sizing->tasks)));
    if (!storedWith.isEmpty())
        text += QLatin1Char(' ') + tr("Stored with %1.").arg(storedWith.join(QStringLiteral(", ")));
    if (!problem.isEmpty())
        text += QLatin1Char(' ') + tr("Not stored: %1").arg(problem);
    setMessage(text, !problem.isEmpty());
    updateButtons();
    Q_EMIT finished(true);
}

void PoolPage::showResult(const QJsonObject& doc)
{
    m_result = doc;
    m_mixes->setDocument(doc);
    m_delays->setDocument(doc);
    m_prices->setDocument(doc);
    for (QTableView* v : {m_mixView, m_delayView, m_priceView})
        v->resizeColumnsToContents();
    const QJsonArray policies = doc.value(QStringLiteral("policies")).toArray();
    if (policies.isEmpty()) {
        m_summary->setText(tr("No sizing yet: choose a trace or scenarios, a target and Size the Pool."));
        m_costChart->clear(tr("No sizing yet"));
        m_delayChart->clear(tr("No sizing yet"));
        m_timeChart->clear(tr("No sizing yet"));
        m_timePolicy->clear();
        return;
    }
    // The summary: the cheapest policy's mix (the first policy when none meets the target).
    QJsonObject first = policies.first().toObject();
    for (const auto& pv : policies) {
        const QJsonObject p = pv.toObject();
        const auto total
            = [](const QJsonObject& o) { return num(o.value(QStringLiteral("best")).toObject(), "total_usd"); };
        if (p.value(QStringLiteral("feasible")).toBool()
            && (!first.value(QStringLiteral("feasible")).toBool() || total(p) < total(first)))
            first = p;
    }
    const QJsonObject allOd = first.value(QStringLiteral("all_on_demand")).toObject();
    QString summary = tr("%1 tasks on %2; p99 wait target %3.")
                          .arg(Fmt::number(num(doc.value(QStringLiteral("tasks")).toObject(), "count")),
                              str(doc, "gpu"), waitText(num(doc, "target_p99_wait_s")));
    if (first.value(QStringLiteral("feasible")).toBool()) {
        const QJsonObject b = first.value(QStringLiteral("best")).toObject();
        summary += QLatin1Char(' ')
            + tr("Cheapest under %1: %2 owned and %3 reserved GPUs, burst for %4 GPU-hours on demand and %5 on spot: "
                 "%6 per month, against %7 all on demand.")
                  .arg(str(first, "policy"), Fmt::number(num(b, "owned_gpus")), Fmt::number(num(b, "reserved_gpus")),
                      Fmt::number(num(b, "on_demand_gpu_hours")), Fmt::number(num(b, "spot_gpu_hours")),
                      usd(num(b, "total_usd_per_month")), usd(num(allOd, "total_usd_per_month")));
    } else {
        summary += QLatin1Char(' ')
            + tr("Under %1 no mix within the search's bounds meets the target.").arg(str(first, "policy"));
    }
    m_summary->setText(summary);
    // Cost per month of each part, per policy.
    charts::StackedBars cost;
    cost.valueTitle = tr("USD per month");
    cost.format = [](double v) { return usd(v); };
    charts::StackedBars::Set owned {tr("owned"), {}}, reserved {tr("reserved"), {}}, od {tr("on-demand burst"), {}},
        spot {tr("spot burst"), {}};
    for (const auto& pv : policies) {
        const QJsonObject p = pv.toObject();
        const QJsonObject b = p.value(QStringLiteral("best")).toObject();
        cost.categories << str(p, "policy");
        owned.values << num(b, "owned_usd_per_month");
        reserved.values << num(b, "reserved_usd_per_month");
        od.values << num(b, "on_demand_usd_per_month");
        spot.values << num(b, "spot_usd_per_month");
    }
    cost.sets = {owned, reserved, od, spot};
    m_costChart->setBars(cost);
    // p99 wait per class, one bar per policy, against the default target.
    charts::StackedBars delay;
    delay.stacked = false;
    delay.valueTitle = tr("p99 wait, minutes");
    delay.format = [](double v) { return waitText(v * 60); };
    delay.reference = num(doc, "target_p99_wait_s") / 60.0;
    delay.referenceLabel = tr("target");
    for (const auto& pv : policies) {
        const QJsonObject p = pv.toObject();
        const QJsonObject mix = p.value(QStringLiteral("best")).isObject()
            ? p.value(QStringLiteral("best")).toObject()
            : p.value(QStringLiteral("all_on_demand")).toObject();
        charts::StackedBars::Set set {str(p, "policy"), {}};
        for (const auto& dv : mix.value(QStringLiteral("delays")).toArray()) {
            const QString cls = str(dv.toObject(), "class");
            if (!delay.categories.contains(cls))
                delay.categories << cls;
        }
        set.values.resize(delay.categories.size());
        for (const auto& dv : mix.value(QStringLiteral("delays")).toArray())
            set.values[delay.categories.indexOf(str(dv.toObject(), "class"))] = num(dv.toObject(), "p99_s") / 60.0;
        delay.sets << set;
    }
    for (auto& s : delay.sets)
        s.values.resize(delay.categories.size());
    m_delayChart->setBars(delay);
    // Over time: one policy at a time.
    const QString chosen = m_timePolicy->currentText();
    m_timePolicy->blockSignals(true);
    m_timePolicy->clear();
    for (const auto& pv : policies)
        m_timePolicy->addItem(str(pv.toObject(), "policy"));
    m_timePolicy->setCurrentIndex(std::max(0, m_timePolicy->findText(chosen)));
    m_timePolicy->blockSignals(false);
    showOverTime();
}

void PoolPage::showOverTime()
{
    const QJsonArray policies = m_result.value(QStringLiteral("policies")).toArray();
    const int i = m_timePolicy->currentIndex();
    if (i < 0 || i >= policies.size()) {
        m_timeChart->clear(tr("No sizing yet"));
        return;
    }
    const QJsonArray series = policies.at(i).toObject().value(QStringLiteral("series")).toArray();
    charts::Lines lines;
    lines.xTitle = tr("days from the first arrival");
    lines.yTitle = tr("GPUs");
    lines.formatY = [](double v) { return Fmt::number(v, 1); };
    lines.formatX = [](double d) { return tr("day %1").arg(Fmt::number(d, 1)); };
    charts::Lines::Series allocated {tr("allocated on the pool"), {}, {}, false},
        fragmented {tr("fragmented"), {}, {}, true}, burst {tr("on burst capacity"), {}, {}, false};
    const double t0 = series.isEmpty() ? 0 : num(series.first().toObject(), "time_s");
    for (const auto& v : series) {
        const QJsonObject o = v.toObject();
        const double day = (num(o, "time_s") - t0) / 86400.0;
        for (auto* s : {&allocated, &fragmented, &burst})
            s->x << day;
        allocated.y << num(o, "allocated_gpus");
        fragmented.y << num(o, "fragmented_gpus");
        burst.y << num(o, "burst_gpus");
    }
    lines.series = {allocated, fragmented, burst};
    m_timeChart->setLines(lines);
}

bool PoolPage::exportPdf(const QString& path, QString* error)
{
    if (!m_lastRequest || !m_lastSizing) {
        if (error)
            *error = tr("Size the pool first: a stored sizing is shown, not kept for a report.");
        return false;
    }
    QString problem;
    const QString language = Language::current();
    if (!report::installReportTranslation(language, &problem)) {
        if (error)
            *error = problem;
        return false;
    }
    report::PdfOptions opt;
    opt.page = defaultPageFormat();
    opt.language = language;
    opt.generator = QStringLiteral("gpuplan ") + QCoreApplication::applicationVersion();
    if (!report::writePoolPdfReport({&*m_lastRequest, &*m_lastSizing}, opt, path, &problem)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, problem);
        return false;
    }
    setMessage(tr("Wrote %1.").arg(path), false);
    return true;
}

} // namespace gpuplan::gui
