#include "settingsdialog.h"

#include "appcontext.h"
#include "errortext.h"
#include "format.h"
#include "secretstore.h"
#include "settings.h"

#include "providers/store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gpuplan::gui {

namespace {

const char* const gcpKey = "gcp-api-key";

QTableWidget* table(const QStringList& headers)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    return t;
}

} // namespace

SettingsDialog::SettingsDialog(AppContext* context, QWidget* parent)
    : QDialog(parent)
    , m_context(context)
    , m_secrets(new SecretStore(this))
{
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("settingsDialog"));
    auto* v = new QVBoxLayout(this);
    auto* tabs = new QTabWidget;
    v->addWidget(tabs, 1);

    // General
    auto* general = new QWidget;
    auto* gf = new QFormLayout(general);
    m_language = new QComboBox;
    m_language->setObjectName(QStringLiteral("settingsLanguage"));
    m_language->addItem(tr("Follow the system"), QString());
    for (const auto& [code, name] : Language::available())
        m_language->addItem(name, code);
    gf->addRow(tr("&Language:"), m_language);
    m_theme = new QComboBox;
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    gf->addRow(tr("&Appearance:"), m_theme);
    m_currency = new QComboBox;
    m_currency->addItems(m_context->data()->currencies);
    gf->addRow(tr("&Currency:"), m_currency);
    m_headroom = new QDoubleSpinBox;
    m_headroom->setRange(0, 500);
    m_headroom->setSuffix(QStringLiteral(" %"));
    m_headroom->setDecimals(0);
    m_headroom->setToolTip(tr("Spare serving capacity above the peak, for workloads that give none"));
    gf->addRow(tr("Serving &headroom:"), m_headroom);
    m_electricity = new QDoubleSpinBox;
    m_electricity->setRange(0, 5);
    m_electricity->setDecimals(3);
    m_electricity->setSingleStep(0.01);
    m_electricity->setPrefix(QStringLiteral("$"));
    m_electricity->setSuffix(tr(" per kWh"));
    m_electricity->setToolTip(tr("For the energy cost of owned hardware (cloud prices include power); 0 hides it"));
    gf->addRow(tr("&Electricity price:"), m_electricity);
    m_pue = new QDoubleSpinBox;
    m_pue->setRange(0.99, 3.0);
    m_pue->setDecimals(2);
    m_pue->setSingleStep(0.05);
    m_pue->setSpecialValueText(tr("Planner default (by cooling)"));
    m_pue->setToolTip(tr("Power usage effectiveness of the data centre, for workloads that give none"));
    gf->addRow(tr("&PUE:"), m_pue);
    m_memoryUnits = new QComboBox;
    m_memoryUnits->setObjectName(QStringLiteral("memoryUnits"));
    m_memoryUnits->addItem(tr("GiB (2³⁰ bytes)"), QStringLiteral("binary"));
    m_memoryUnits->addItem(tr("GB (10⁹ bytes, as datasheets print)"), QStringLiteral("decimal"));
    gf->addRow(tr("&Memory units:"), m_memoryUnits);
    tabs->addTab(general, tr("General"));

    // Prices
    auto* prices = new QWidget;
    auto* pv = new QVBoxLayout(prices);
    auto* fxLabel = new QLabel(tr("Exchange rates (units per US dollar). Edit a rate to override the bundled one; "
                                  "clear it to go back."));
    fxLabel->setWordWrap(true);
    pv->addWidget(fxLabel);
    m_fx = table({tr("Currency"), tr("Per USD"), tr("Bundled"), tr("As of")});
    m_fx->setObjectName(QStringLiteral("settingsFx"));
    m_fx->setAccessibleName(tr("Exchange rates"));
    pv->addWidget(m_fx, 1);
    auto* discLabel
        = new QLabel(tr("Negotiated discounts, in percent off every price of a provider (kept in the store)."));
    discLabel->setWordWrap(true);
    pv->addWidget(discLabel);
    m_discounts = table({tr("Provider"), tr("Discount (%)")});
    m_discounts->setObjectName(QStringLiteral("settingsDiscounts"));
    m_discounts->setAccessibleName(tr("Negotiated discounts"));
    pv->addWidget(m_discounts, 1);
    tabs->addTab(prices, tr("Prices"));

    // Keys
    auto* keys = new QWidget;
    auto* kv = new QVBoxLayout(keys);
    auto* box = new QGroupBox(tr("Google Cloud Billing API key"));
    auto* bf = new QFormLayout(box);
    m_key = new QLineEdit;
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setAccessibleName(tr("GCP API key"));
    bf->addRow(tr("API &key:"), m_key);
    auto* kb = new QHBoxLayout;
    m_saveKey = new QPushButton(tr("&Save in keychain"));
    m_forgetKey = new QPushButton(tr("&Forget"));
    kb->addWidget(m_saveKey);
    kb->addWidget(m_forgetKey);
    kb->addStretch();
    bf->addRow(kb);
    m_keyStatus = new QLabel(tr("Asking the keychain…"));
    m_keyStatus->setObjectName(QStringLiteral("keyStatus"));
    m_keyStatus->setWordWrap(true);
    bf->addRow(m_keyStatus);
    kv->addWidget(box);
    kv->addStretch();
    tabs->addTab(keys, tr("Keys"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Apply);
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);
    connect(m_secrets, &SecretStore::finished, this, &SettingsDialog::keychainResult);
    connect(m_saveKey, &QPushButton::clicked, this, [this] {
        if (m_key->text().isEmpty())
            return;
        m_keyStatus->setText(tr("Saving…"));
        m_secrets->write(QLatin1String(gcpKey), m_key->text());
    });
    connect(m_forgetKey, &QPushButton::clicked, this, [this] {
        m_key->clear();
        m_secrets->remove(QLatin1String(gcpKey));
    });
    load();
    resize(560, 520);
    m_secrets->read(QLatin1String(gcpKey));
}

void SettingsDialog::load()
{
    m_language->setCurrentIndex(std::max(0, m_language->findData(AppSettings::language())));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(AppSettings::theme())));
    m_memoryUnits->setCurrentIndex(std::max(0, m_memoryUnits->findData(AppSettings::memoryUnits())));
    m_currency->setCurrentText(AppSettings::currency());
    const core::PlanDefaults& defaults = m_context->planDefaults();
    m_headroom->setValue(Fmt::percentFromFraction(defaults.servingHeadroom));
    m_electricity->setValue(defaults.electricityUsdPerKwh);
    m_pue->setValue(defaults.pue ? *defaults.pue : m_pue->minimum());

    const auto overrides = AppSettings::fxOverrides();
    const auto d = m_context->data();
    m_fx->setRowCount(0);
    QStringList currencies;
    for (const QString& c : d->currencies)
        if (c != QLatin1String("USD"))
            currencies << c;
    // The bundled table, not the one with the overrides applied: show both.
    for (const QString& c : currencies) {
        const int row = m_fx->rowCount();
        m_fx->insertRow(row);
        auto* name = new QTableWidgetItem(c);
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        m_fx->setItem(row, 0, name);
        m_fx->setItem(
            row, 1, new QTableWidgetItem(overrides.contains(c) ? Fmt::editable(overrides.value(c)) : QString()));
        const core::FxRate* r = d->inputs.fx.find(c.toStdString());
        QString bundled, asOf;
        if (r && (!overrides.contains(c) || r->source != "edited in Settings")) {
            bundled = Fmt::editable(r->perUsd);
            asOf = QString::fromStdString(r->asOf);
        }
        auto* b = new QTableWidgetItem(bundled);
        b->setFlags(b->flags() & ~Qt::ItemIsEditable);
        m_fx->setItem(row, 2, b);
        auto* a = new QTableWidgetItem(asOf);
        a->setFlags(a->flags() & ~Qt::ItemIsEditable);
        m_fx->setItem(row, 3, a);
    }
    m_discounts->setRowCount(0);
    for (const QString& p : d->providers) {
        const int row = m_discounts->rowCount();
        m_discounts->insertRow(row);
        auto* name = new QTableWidgetItem(p);
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        m_discounts->setItem(row, 0, name);
        const auto it = d->inputs.discounts.find(p.toStdString());
        m_discounts->setItem(row, 1,
            new QTableWidgetItem(it != d->inputs.discounts.end() && it->second > 0
                    ? Fmt::editable(Fmt::percentFromFraction(it->second))
                    : QString()));
    }
    if (!m_context->store())
        m_discounts->setEnabled(false);
}

void SettingsDialog::apply()
{
    AppSettings::setLanguage(m_language->currentData().toString());
    AppSettings::setTheme(m_theme->currentData().toString());
    AppSettings::setMemoryUnits(m_memoryUnits->currentData().toString());
    AppSettings::setCurrency(m_currency->currentText());
    core::PlanDefaults defaults = m_context->planDefaults();
    defaults.servingHeadroom = Fmt::fractionFromPercent(m_headroom->value()); // 20 % → exactly 0.2
    defaults.electricityUsdPerKwh = m_electricity->value();
    defaults.pue = m_pue->value() >= 1 ? std::optional<double>(m_pue->value()) : std::nullopt;
    if (auto st = m_context->setPlanDefaults(defaults); !st)
        QMessageBox::warning(
            this, tr("Settings"), tr("The plan defaults could not be saved: %1").arg(qs(st.error().detail)));
    QMap<QString, double> fx;
    QStringList bad;
    for (int r = 0; r < m_fx->rowCount(); ++r) {
        const QString text = m_fx->item(r, 1) ? m_fx->item(r, 1)->text().trimmed() : QString();
        if (text.isEmpty())
            continue;
        const auto v = Fmt::parseNumber(text);
        if (v && *v > 0)
            fx.insert(m_fx->item(r, 0)->text(), *v);
        else
            bad << m_fx->item(r, 0)->text();
    }
    AppSettings::setFxOverrides(fx);
    m_context->setFxOverrides(fx);
    if (auto* store = m_context->store()) {
        const auto current = m_context->data()->inputs.discounts;
        bool changed = false;
        for (int r = 0; r < m_discounts->rowCount(); ++r) {
            const std::string provider = m_discounts->item(r, 0)->text().toStdString();
            const QString text = m_discounts->item(r, 1) ? m_discounts->item(r, 1)->text().trimmed() : QString();
            const auto v = text.isEmpty() ? std::optional<double>(0.0) : Fmt::parseNumber(text);
            if (!v || *v < 0 || *v >= 100) {
                bad << QString::fromStdString(provider);
                continue;
            }
            const auto it = current.find(provider);
            const double old = it == current.end() ? 0.0 : it->second;
            if (std::abs(old - Fmt::fractionFromPercent(*v)) < 1e-12)
                continue;
            if (auto st = store->setDiscount(provider, Fmt::fractionFromPercent(*v)); !st)
                bad << ErrorText::describe(st.error());
            changed = true;
        }
        if (changed)
            m_context->reload();
    }
    if (!bad.isEmpty())
        QMessageBox::warning(this, tr("Settings"),
            tr("These values were not numbers in range and were left out: %1").arg(bad.join(QStringLiteral(", "))));
    Q_EMIT applied();
}

void SettingsDialog::keychainResult(bool ok, bool available, const QString& value, const QString& message)
{
    if (!available) {
        m_key->clear();
        m_key->setEnabled(false);
        m_saveKey->setEnabled(false);
        m_forgetKey->setEnabled(false);
        m_keyStatus->setText(message);
        return;
    }
    if (!ok) {
        m_keyStatus->setText(message);
        return;
    }
    if (!value.isEmpty()) {
        m_key->setPlaceholderText(tr("stored in the keychain"));
        m_key->clear();
        m_keyStatus->setText(tr("A key is stored in the keychain."));
    } else {
        m_keyStatus->setText(message.isEmpty() ? tr("Done.") : message);
    }
}

} // namespace gpuplan::gui
