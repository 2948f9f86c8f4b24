#include "refreshdialog.h"

#include "background.h"

#include "appcontext.h"
#include "secretstore.h"

#include "providers/fetch/curl_transport.h"
#include "providers/fetch/update.h"
#include "providers/store.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace gpuplan::gui {

RefreshDialog::RefreshDialog(AppContext* context, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_source(new QComboBox(this))
    , m_endpoint(new QLineEdit(this))
    , m_regions(new QLineEdit(this))
    , m_bar(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_log(new QPlainTextEdit(this))
    , m_start(new QPushButton(this))
    , m_cancel(new QPushButton(this))
    , m_sourceLabel(new QLabel(this))
    , m_endpointLabel(new QLabel(this))
    , m_regionsLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("refreshDialog"));
    for (const auto& s : providers::fetch::knownSources())
        m_source->addItem(QString::fromStdString(s), QString::fromStdString(s));
    m_source->setAccessibleName(tr("Price source"));
    m_endpoint->setAccessibleName(tr("Endpoint"));
    m_regions->setAccessibleName(tr("Regions"));
    m_log->setReadOnly(true);
    m_bar->setRange(0, 1000);
    m_bar->setValue(0);
    m_cancel->setEnabled(false);

    auto* form = new QFormLayout;
    form->addRow(m_sourceLabel, m_source);
    form->addRow(m_endpointLabel, m_endpoint);
    form->addRow(m_regionsLabel, m_regions);
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_start, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::RejectRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_bar);
    layout->addWidget(m_status);
    layout->addWidget(m_log, 1);
    layout->addWidget(buttons);
    connect(m_start, &QPushButton::clicked, this, &RefreshDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_cancelFlag)
            m_cancelFlag->store(true);
    });
    retranslate();
    resize(640, 420);
}

RefreshDialog::~RefreshDialog()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true); // the worker stops at its next progress call; it holds no pointer to us
}

void RefreshDialog::retranslate()
{
    setWindowTitle(tr("Refresh Prices"));
    m_sourceLabel->setText(tr("&Source:"));
    m_sourceLabel->setBuddy(m_source);
    m_endpointLabel->setText(tr("&Endpoint (optional mirror):"));
    m_endpointLabel->setBuddy(m_endpoint);
    m_regionsLabel->setText(tr("&Regions (comma-separated, optional):"));
    m_regionsLabel->setBuddy(m_regions);
    m_endpoint->setPlaceholderText(tr("the provider's public API"));
    m_start->setText(tr("&Refresh"));
    m_cancel->setText(tr("&Cancel"));
    if (const int fx = m_source->findData(QStringLiteral("fx")); fx >= 0)
        m_source->setItemText(fx, tr("fx (ECB euro reference rates)"));
    if (const int gcp = m_source->findData(QStringLiteral("gcp-pricing")); gcp >= 0)
        m_source->setItemText(gcp, tr("gcp-pricing (GCP prices from Cyclenerd's pricing.yml, no key)"));
    if (!m_running && m_status->text().isEmpty())
        m_status->setText(tr("Nothing is fetched until you press Refresh. A failed refresh leaves the catalog as it "
                             "was."));
}

void RefreshDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void RefreshDialog::setSource(const QString& source, const QString& endpoint)
{
    const int i = m_source->findData(source);
    if (i >= 0)
        m_source->setCurrentIndex(i);
    m_endpoint->setText(endpoint);
}

QString RefreshDialog::resultText() const
{
    return m_log->toPlainText();
}

void RefreshDialog::start()
{
    if (m_running)
        return;
    if (m_context->dbPath().empty()) {
        finish(false, tr("No store is open: imported prices would have nowhere to go."));
        return;
    }
    m_running = true;
    m_start->setEnabled(false);
    m_cancel->setEnabled(true);
    m_log->clear();
    m_bar->setValue(0);
    if (m_source->currentData().toString() == QStringLiteral("gcp")) {
        // The key comes from the OS keychain, never from a file or the command line.
        auto* secrets = new SecretStore(this);
        connect(secrets, &SecretStore::finished, this,
            [this, secrets](bool ok, bool available, const QString& value, const QString& message) {
                secrets->deleteLater();
                if (!ok || !available || value.isEmpty()) {
                    m_running = false;
                    finish(false,
                        message.isEmpty() ? tr("No GCP API key in the keychain: add one in Settings.") : message);
                    return;
                }
                run(value);
            });
        secrets->read(QStringLiteral("gcp-api-key"));
        return;
    }
    run({});
}

void RefreshDialog::run(const QString& gcpKey)
{
    providers::fetch::UpdateOptions options;
    options.source = m_source->currentData().toString().toStdString();
    options.endpoint = m_endpoint->text().trimmed().toStdString();
    for (const auto& r : m_regions->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        options.regions.push_back(r.trimmed().toStdString());
    options.gcpApiKey = gcpKey.toStdString();
    m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_status->setText(tr("Fetching %1…").arg(m_source->currentText()));
    const auto dbPath = m_context->dbPath();
    auto cancel = m_cancelFlag;
    struct Outcome
    {
        bool ok = false;
        QString summary;
    };
    // A worker with its own store connection (SQLite WAL): the window stays responsive and the app's own
    // connection is never inside the refresh's transaction.
    runInBackground<Outcome>(
        this,
        [cancel, options, dbPath](TaskReporter<Outcome>& reporter) -> Outcome {
            auto store = providers::Store::open(dbPath);
            if (!store)
                return {false, QString::fromStdString(store.error().detail)};
            providers::fetch::CurlTransport transport;
            auto report = providers::fetch::updateCatalog(
                **store, transport, options,
                [&](const providers::fetch::UpdateStatus& s) {
                    reporter.progress(QString::fromStdString(
                                          s.source + ": " + s.step + (s.url.empty() ? std::string() : " " + s.url)),
                        s.total > 0 ? double(s.done) / double(s.total) : -1.0);
                    return !cancel->load();
                },
                cancel.get());
            if (!report)
                return {false, QString::fromStdString(report.error().detail)};
            const auto& r = *report;
            if (r.provider == "fx") {
                QString text = QCoreApplication::translate("gpuplan::gui::RefreshDialog",
                    "fx: %1 exchange rates per USD of %2 stored; per currency the newest rate is used.")
                                   .arg(r.fxRates)
                                   .arg(QString::fromStdString(r.fxDate));
                for (const auto& n : r.notes)
                    text += QLatin1Char('\n') + QString::fromStdString(n);
                return {true, text};
            }
            if (r.unchanged)
                return {true,
                    QCoreApplication::translate("gpuplan::gui::RefreshDialog",
                        "%1: unchanged since the last "
                        "refresh (nothing downloaded).")
                        .arg(QString::fromStdString(r.source))};
            return {true,
                QCoreApplication::translate("gpuplan::gui::RefreshDialog",
                    "%1: %2 offerings, %3 prices stored as a new snapshot. %4 new, "
                    "%5 removed; %6 prices up, %7 down.")
                    .arg(QString::fromStdString(r.source))
                    .arg(r.offerings)
                    .arg(r.prices)
                    .arg(r.diff.added.size())
                    .arg(r.diff.removed.size())
                    .arg(r.diff.up.size())
                    .arg(r.diff.down.size())};
        },
        [this](const QString& line, double fraction) { progress(line, fraction); },
        [this](Outcome o) { finish(o.ok, o.summary); });
}

void RefreshDialog::progress(const QString& line, double fraction)
{
    m_log->appendPlainText(line);
    if (fraction >= 0)
        m_bar->setValue(static_cast<int>(fraction * 1000));
    else
        m_bar->setRange(0, 0); // busy indicator
}

void RefreshDialog::finish(bool ok, const QString& summary)
{
    m_running = false;
    m_start->setEnabled(true);
    m_cancel->setEnabled(false);
    m_bar->setRange(0, 1000);
    m_bar->setValue(ok ? 1000 : 0);
    m_status->setText(ok ? tr("Done.") : tr("Failed; the catalog is unchanged."));
    m_log->appendPlainText(summary);
    if (ok)
        m_context->reload();
    Q_EMIT finished(ok, summary);
}

void RefreshDialog::reject()
{
    if (m_running && m_cancelFlag) {
        m_cancelFlag->store(true); // finishes through finish(false, …) shortly
        return;
    }
    QDialog::reject();
}

} // namespace gpuplan::gui
