#include "catalogpage.h"

#include "background.h"

#include "errortext.h"
#include "format.h"

#include "app/charts/historychart.h"
#include "providers/store.h"

#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTimeZone>
#include <QUrl>
#include <QVBoxLayout>

#include <atomic>
#include <limits>
#include <map>

namespace gpuplan::gui {

// ---- OfferingModel -----------------------------------------------------------------------------------------------

OfferingModel::OfferingModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void OfferingModel::setCatalog(std::shared_ptr<const CatalogData> catalog)
{
    beginResetModel();
    m_data = std::move(catalog);
    m_rows.clear();
    m_findingsByRow.clear();
    if (m_data) {
        const auto& os = m_data->offerings();
        std::map<std::pair<std::size_t, std::size_t>, std::size_t> rowOf;
        for (std::size_t i = 0; i < os.size(); ++i) {
            if (os[i].prices.empty())
                m_rows.push_back({static_cast<int>(i), -1});
            for (std::size_t j = 0; j < os[i].prices.size(); ++j) {
                rowOf[{i, j}] = m_rows.size();
                m_rows.push_back({static_cast<int>(i), static_cast<int>(j)});
            }
        }
        m_findingsByRow.resize(m_rows.size());
        for (std::size_t k = 0; k < m_data->findings().size(); ++k) {
            const auto& f = m_data->findings()[k];
            if (auto it = rowOf.find({f.offering, f.price}); it != rowOf.end()) {
                auto& list = m_findingsByRow[it->second];
                list.insert(f.error ? list.begin() : list.end(), static_cast<int>(k));
            }
        }
    }
    endResetModel();
}

std::vector<const core::CatalogFinding*> OfferingModel::findings(int row) const
{
    std::vector<const core::CatalogFinding*> out;
    if (!m_data || row < 0 || row >= static_cast<int>(m_findingsByRow.size()))
        return out;
    for (int k : m_findingsByRow[static_cast<std::size_t>(row)])
        out.push_back(&m_data->findings()[static_cast<std::size_t>(k)]);
    return out;
}

QString OfferingModel::ruleName(const std::string& rule)
{
    return ErrorText::message(core::catalogRuleName(rule)); // one name per rule: the plan notes use it too
}

const core::Offering* OfferingModel::offering(int row) const
{
    if (!m_data || row < 0 || row >= static_cast<int>(m_rows.size()))
        return nullptr;
    return &m_data->offerings()[static_cast<std::size_t>(m_rows[static_cast<std::size_t>(row)].offering)];
}

int OfferingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int OfferingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OfferingModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    const core::Offering& o = m_data->offerings()[static_cast<std::size_t>(r.offering)];
    const core::Price* p = r.price >= 0 ? &o.prices[static_cast<std::size_t>(r.price)] : nullptr;
    const double eff = p ? p->effectiveHourly() : 0;
    double perGpu = p && o.gpuCount > 0 ? eff / o.gpuCount : 0;
    if (p && p->currency != "USD") // comparable across providers: per GPU-hour in US dollars
        if (auto usd = m_data->inputs.fx.convert(perGpu, p->currency, "USD"))
            perGpu = *usd;
    const QString source = p ? qs(p->source) : qs(o.source);
    const bool isUrl = source.startsWith(QLatin1String("http://")) || source.startsWith(QLatin1String("https://"));
    const double inf = std::numeric_limits<double>::infinity();
    const auto checks = findings(index.row());

    switch (role) {
    case OfferingRole:
        return r.offering;
    case UrlRole:
        return isUrl ? source.section(QLatin1Char(' '), 0, 0) : QString();
    case FilterRole: {
        QString text = qs(o.provider) + QLatin1Char(' ') + qs(o.region) + QLatin1Char(' ') + qs(o.instanceType)
            + QLatin1Char(' ') + qs(o.gpuModel) + QLatin1Char(' ') + qs(o.gpuModelRaw) + QLatin1Char(' ')
            + (p ? qs(std::string(core::toString(p->pricingModel))) + QLatin1Char(' ')
                        + Fmt::pricingModel(qs(std::string(core::toString(p->pricingModel))))
                 : QString());
        for (const auto* f : checks) // "stale", "error", "sources disagree" filter the findings
            text += QLatin1Char(' ') + qs(f->rule) + QLatin1Char(' ') + ruleName(f->rule) + QLatin1Char(' ')
                + (f->error ? QStringLiteral("error ") + tr("error") : QStringLiteral("warning ") + tr("warning"));
        return text;
    }
    case Qt::TextAlignmentRole:
        if (index.column() == GpuCount || index.column() == Price || index.column() == PerGpuHour)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Check) {
            QStringList lines;
            for (const auto* f : checks)
                lines << (f->error ? tr("error: %1") : tr("warning: %1")).arg(ruleName(f->rule)) + QLatin1Char('\n')
                        + ErrorText::message(f->message);
            return lines.isEmpty() ? QVariant() : QVariant(lines.join(QStringLiteral("\n\n")));
        }
        if (index.column() == Source)
            return isUrl ? QString(source + QLatin1Char('\n') + tr("Double-click to open")) : source;
        if (p && !p->origValue.empty())
            return tr("As published: %1 %2").arg(qs(p->origValue), qs(p->origUnit));
        return {};
    case Qt::ForegroundRole:
        if (index.column() == Source && isUrl)
            return QPalette().color(QPalette::Link);
        if (index.column() == Check && !checks.empty())
            return checks.front()->error ? QColor(0xB7, 0x1C, 0x1C) : QColor(0x9A, 0x5B, 0x00); // red, amber
        return {};
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }
    const bool sort = role == SortRole;
    switch (index.column()) {
    case Provider:
        return qs(o.provider);
    case Region:
        return o.zone.empty() ? qs(o.region) : QString(qs(o.region) + QLatin1Char('/') + qs(o.zone));
    case Instance:
        return qs(o.instanceType);
    case Gpu:
        return qs(o.gpuModel);
    case GpuCount:
        return sort ? QVariant(o.gpuCount) : QVariant(Fmt::number(o.gpuCount, o.gpuCount < 1 ? 2 : 0));
    case Pricing:
        return p ? Fmt::pricingModel(qs(std::string(core::toString(p->pricingModel))), p->termMonths)
                 : tr("no public price");
    case Price:
        if (sort)
            return p ? eff : inf;
        return p ? tr("%1/h").arg(Fmt::money(eff, qs(p->currency))) : QString();
    case PerGpuHour:
        if (sort)
            return p ? perGpu : inf;
        return p ? Fmt::money(perGpu, QStringLiteral("USD")) : QString();
    case AsOf:
        return p ? (sort ? qs(p->asOf) : Fmt::date(qs(p->asOf))) : Fmt::date(qs(o.fetchedAt));
    case Check:
        if (sort) // errors first, then warnings, then clean rows
            return checks.empty() ? 0 : checks.front()->error ? 2 : 1;
        if (checks.empty())
            return QString();
        return QString((checks.front()->error ? tr("error: %1") : tr("warning: %1")).arg(ruleName(checks.front()->rule))
            + (checks.size() > 1 ? QStringLiteral(" (+%1)").arg(checks.size() - 1) : QString()));
    case Source:
        return source;
    default:
        return {};
    }
}

QVariant OfferingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Provider:
        return tr("Provider");
    case Region:
        return tr("Region");
    case Instance:
        return tr("Instance");
    case Gpu:
        return tr("GPU");
    case GpuCount:
        return tr("GPUs");
    case Pricing:
        return tr("Pricing");
    case Price:
        return tr("Price (instance)");
    case PerGpuHour:
        return tr("Per GPU-hour (USD)");
    case AsOf:
        return tr("As of");
    case Check:
        return tr("Check");
    case Source:
        return tr("Source");
    default:
        return {};
    }
}

void OfferingModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// ---- WordFilterProxy ---------------------------------------------------------------------------------------------

WordFilterProxy::WordFilterProxy(int filterRole, int sortRole, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_role(filterRole)
{
    setSortRole(sortRole);
}

void WordFilterProxy::setWords(const QString& text)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateFilter();
}

bool WordFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QString text = sourceModel()->index(sourceRow, 0, sourceParent).data(m_role).toString();
    for (const QString& w : m_words)
        if (!text.contains(w, Qt::CaseInsensitive))
            return false;
    return true;
}

// ---- CatalogPage -------------------------------------------------------------------------------------------------

CatalogPage::CatalogPage(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
{
    setAcceptDrops(true);
    auto* v = new QVBoxLayout(this);
    m_heading = new QLabel;
    m_heading->setWordWrap(true);
    v->addWidget(m_heading);
    auto* bar = new QHBoxLayout;
    m_filter = new QLineEdit;
    m_filter->setObjectName(QStringLiteral("catalogFilter"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    m_import = new QPushButton;
    m_import->setObjectName(QStringLiteral("catalogImport"));
    bar->addWidget(m_import);
    v->addLayout(bar);
    m_summary = new QLabel;
    v->addWidget(m_summary);

    m_model = new OfferingModel(this);
    m_proxy = new WordFilterProxy(OfferingModel::FilterRole, OfferingModel::SortRole, this);
    m_proxy->setSourceModel(m_model);
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("catalogTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(OfferingModel::PerGpuHour, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_view);
    auto* bottom = new QSplitter(Qt::Horizontal);
    m_history = new charts::PriceHistoryChartView;
    m_history->setObjectName(QStringLiteral("priceHistoryChart"));
    bottom->addWidget(m_history);
    m_snapshots = new QTableWidget;
    m_snapshots->setObjectName(QStringLiteral("snapshots"));
    m_snapshots->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_snapshots->verticalHeader()->hide();
    m_snapshots->horizontalHeader()->setStretchLastSection(true);
    bottom->addWidget(m_snapshots);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    v->addWidget(split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& t) {
        m_proxy->setWords(t);
        refresh();
    });
    connect(m_import, &QPushButton::clicked, this, [this] { importFile({}); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CatalogPage::showHistory);
    connect(m_view, &QTableView::doubleClicked, this, [](const QModelIndex& i) {
        const QString url = i.data(OfferingModel::UrlRole).toString();
        if (!url.isEmpty() && i.column() == OfferingModel::Source)
            QDesktopServices::openUrl(QUrl(url));
    });
    connect(m_context, &AppContext::dataChanged, this, [this] {
        m_model->setCatalog(m_context->data());
        refresh();
    });
    m_model->setCatalog(m_context->data());
    retranslate();
    m_view->resizeColumnsToContents();
    refresh();
}

void CatalogPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CatalogPage::retranslate()
{
    m_heading->setText(tr("Every offering and price the planner uses: for each provider the store's newest import, "
                          "else the bundled catalog. Drop a price file here to import it."));
    m_filter->setPlaceholderText(tr("Filter: provider, region, instance, GPU or pricing (all words must match)"));
    m_filter->setAccessibleName(tr("Filter the catalog"));
    m_import->setText(tr("Import price file…"));
    m_view->setAccessibleName(tr("Offerings and prices"));
    m_snapshots->setAccessibleName(tr("Catalog snapshots"));
    m_model->retranslate();
    refresh();
}

void CatalogPage::refresh()
{
    const auto d = m_context->data();
    std::size_t errors = 0;
    for (const auto& f : d->findings())
        errors += f.error;
    m_summary->setText(tr("%1 of %2 prices shown · %3 providers · catalog checks: %4 errors (never planned with), "
                          "%5 warnings (the Check column; filter with \"error\" or \"warning\")")
                           .arg(m_proxy->rowCount())
                           .arg(m_model->rowCount())
                           .arg(d->providers.size())
                           .arg(errors)
                           .arg(d->findings().size() - errors));
    m_snapshots->clear();
    m_snapshots->setColumnCount(5);
    m_snapshots->setHorizontalHeaderLabels(
        {tr("Snapshot"), tr("Provider"), tr("Imported"), tr("Offerings"), tr("Active")});
    std::vector<providers::Store::Snapshot> snaps;
    if (m_context->store())
        if (auto s = m_context->store()->snapshots())
            snaps = *s;
    m_snapshots->setRowCount(static_cast<int>(snaps.size()));
    for (int i = 0; i < static_cast<int>(snaps.size()); ++i) {
        const auto& s = snaps[static_cast<std::size_t>(i)];
        m_snapshots->setItem(i, 0, new QTableWidgetItem(QString::number(s.id)));
        m_snapshots->setItem(i, 1, new QTableWidgetItem(qs(s.provider)));
        const QDateTime t = QDateTime::fromString(qs(s.importedAt), Qt::ISODate);
        m_snapshots->setItem(i, 2,
            new QTableWidgetItem(
                t.isValid() ? QLocale().toString(t.toLocalTime(), QLocale::ShortFormat) : qs(s.importedAt)));
        m_snapshots->setItem(i, 3, new QTableWidgetItem(QString::number(s.offerings)));
        m_snapshots->setItem(i, 4, new QTableWidgetItem(s.active ? tr("yes") : QString()));
        m_snapshots->item(i, 2)->setToolTip(qs(s.source) + QStringLiteral(" (") + qs(s.format) + QLatin1Char(')'));
    }
    if (snaps.empty()) {
        m_snapshots->setRowCount(1);
        auto* item = new QTableWidgetItem(tr("No imports yet: the bundled catalog is used."));
        m_snapshots->setItem(0, 0, item);
        m_snapshots->setSpan(0, 0, 1, 5);
    }
    m_snapshots->resizeColumnsToContents();
    showHistory();
}

void CatalogPage::showHistory()
{
    const QModelIndex cur = m_proxy->mapToSource(m_view->currentIndex());
    const core::Offering* o = cur.isValid() ? m_model->offering(cur.row()) : nullptr;
    if (!o) {
        m_history->clear(tr("Select an offering to see its price across imports"));
        return;
    }
    QVector<charts::HistoryPoint> pts;
    QString currency;
    if (m_context->store())
        if (auto h = m_context->store()->priceHistory(o->provider, o->region, o->instanceType))
            for (const auto& pt : *h) {
                charts::HistoryPoint hp;
                hp.when = QDateTime::fromString(qs(pt.importedAt), Qt::ISODate);
                hp.value = pt.effectiveHourly;
                hp.series = Fmt::pricingModel(qs(pt.pricingModel), pt.termMonths);
                hp.tooltip
                    = tr("%1: %2/h (as of %3, snapshot %4)")
                          .arg(hp.series, Fmt::money(pt.effectiveHourly, qs(pt.currency)), Fmt::date(qs(pt.asOf)))
                          .arg(pt.snapshotId);
                currency = qs(pt.currency);
                pts << hp;
            }
    if (pts.isEmpty()) {
        // Only the bundled catalog knows this offering: one point per price at its as_of date.
        for (const auto& p : o->prices) {
            charts::HistoryPoint hp;
            hp.when = QDateTime(QDate::fromString(qs(p.asOf).left(10), Qt::ISODate), QTime(0, 0), Qt::UTC);
            hp.value = p.effectiveHourly();
            hp.series = Fmt::pricingModel(qs(std::string(core::toString(p.pricingModel))), p.termMonths);
            hp.tooltip = tr("%1: %2/h (bundled, as of %3)")
                             .arg(hp.series, Fmt::money(hp.value, qs(p.currency)), Fmt::date(qs(p.asOf)));
            currency = qs(p.currency);
            pts << hp;
        }
    }
    const QString title = tr("%1 %2 in %3").arg(qs(o->provider), qs(o->instanceType), qs(o->region));
    if (pts.isEmpty())
        m_history->clear(tr("No prices for %1").arg(title));
    else
        m_history->setHistory(pts, title, tr("%1 per instance-hour").arg(currency));
}

void CatalogPage::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void CatalogPage::dropEvent(QDropEvent* event)
{
    for (const QUrl& u : event->mimeData()->urls())
        if (u.isLocalFile()) {
            importFile(u.toLocalFile());
            break;
        }
    event->acceptProposedAction();
}

void CatalogPage::importFile(const QString& fileArg)
{
    QString file = fileArg;
    if (file.isEmpty()) {
        file = QFileDialog::getOpenFileName(
            this, tr("Import price file"), QString(), tr("Price files (*.json *.csv);;All files (*)"));
        if (file.isEmpty())
            return;
    }
    if (!m_context->store()) {
        QMessageBox::warning(
            this, tr("Import price file"), tr("There is no store to import into: %1").arg(m_context->storeError()));
        return;
    }
    // Ask for the format (guessed), the provider (SkyPilot) and the date of a file that carries none.
    QDialog ask(this);
    ask.setWindowTitle(tr("Import %1").arg(QFileInfo(file).fileName()));
    auto* form = new QFormLayout(&ask);
    auto* format = new QComboBox;
    for (const auto& [id, text] : CatalogImport::formats())
        format->addItem(text, id);
    const QString guess = CatalogImport::guessFormat(file);
    if (int i = format->findData(guess); i >= 0)
        format->setCurrentIndex(i);
    form->addRow(tr("Format:"), format);
    auto* provider = new QComboBox;
    provider->setEditable(true);
    provider->addItems(m_context->data()->providers);
    provider->setCurrentText(QString());
    form->addRow(tr("Provider (SkyPilot):"), provider);
    auto* asOf = new QDateEdit(QDate::currentDate());
    asOf->setCalendarPopup(true);
    asOf->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    form->addRow(tr("Prices as of:"), asOf);
    auto* partial = new QCheckBox(tr("Import what is good"));
    partial->setToolTip(tr("Import the accepted rows even when more than half of the file's rows are rejected "
                           "(otherwise such a file is refused and nothing changes)."));
    form->addRow(QString(), partial);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &ask, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &ask, &QDialog::reject);
    if (ask.exec() != QDialog::Accepted)
        return;
    ImportRequest req {file, format->currentData().toString(), provider->currentText().trimmed(),
        asOf->date().toString(Qt::ISODate), partial->isChecked()};

    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto* progress = new QProgressDialog(tr("Importing %1…").arg(QFileInfo(file).fileName()), tr("Cancel"), 0, 0, this);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(0);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    connect(progress, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    const std::filesystem::path db = m_context->store()->path();
    runInBackground<ImportOutcome>(
        this,
        [req, db, cancel](TaskReporter<ImportOutcome>& reporter) {
            return CatalogImport::run(
                req, db,
                [&reporter](std::size_t done, std::size_t total) {
                    reporter.progress({}, total ? double(done) / double(total) : -1.0);
                },
                cancel.get());
        },
        [progress](const QString&, double fraction) {
            progress->setMaximum(1000);
            progress->setValue(fraction < 0 ? 0 : static_cast<int>(fraction * 1000));
        },
        [this, progress](ImportOutcome out) {
            progress->deleteLater();
            finishImport(out);
        });
    progress->show();
}

ImportOutcome CatalogPage::importNow(const ImportRequest& request)
{
    ImportOutcome out;
    if (!m_context->store()) {
        out.error = tr("There is no store to import into: %1").arg(m_context->storeError());
        return out;
    }
    std::atomic<bool> cancel {false};
    out = CatalogImport::run(request, m_context->store()->path(), {}, &cancel);
    finishImport(out);
    return out;
}

void CatalogPage::finishImport(const ImportOutcome& out)
{
    if (out.ok) {
        m_context->reload();
        QString text
            = tr("Imported %n offering(s)", nullptr, out.offerings) + tr(" with %n price(s).", nullptr, out.prices);
        if (!out.warnings.isEmpty())
            text += QLatin1Char(' ')
                + tr("%n row(s) were skipped.", nullptr, static_cast<int>(out.warnings.size()) + out.unlisted);
        m_summary->setText(text);
        if (isVisible() && !out.warnings.isEmpty()) {
            QMessageBox box(QMessageBox::Information, tr("Import finished"), text, QMessageBox::Ok, this);
            box.setDetailedText(out.warnings.mid(0, 200).join(QLatin1Char('\n')));
            box.exec();
        }
    } else if (isVisible()) {
        QMessageBox::warning(this, out.cancelled ? tr("Import cancelled") : tr("Import failed"),
            out.error.isEmpty() ? tr("Cancelled: nothing was imported and the catalog is unchanged.") : out.error);
    }
    Q_EMIT imported(out);
}

} // namespace gpuplan::gui
