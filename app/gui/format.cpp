#include "format.h"

#include "settings.h"

#include "core/quantity.h"

#include "app/report/format.h"

#include <QDate>
#include <QDateTime>
#include <QLocale>

#include <atomic>
#include <cmath>
#include <cstdlib>

namespace gpuplan::gui {

QString Fmt::number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

QString Fmt::count(double value)
{
    const report::CountWords w = report::countWords(value, Language::current().toStdString()); // as largeCountUnit
    const QString n = QLocale().toString(w.value, 'f', w.decimals);
    return w.unit.empty() ? n : n + QLatin1Char(' ') + QString::fromStdString(w.unit);
}

QString Fmt::significant(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    if (std::abs(value) >= 1e15)
        return QLocale().toString(value, 'e', 2);
    return QLocale().toString(value, 'f', report::significantDecimals(value));
}

QString Fmt::currencySymbol(const QString& currency)
{
    const QString c = currency.toUpper();
    if (c == QLatin1String("USD"))
        return QStringLiteral("$");
    if (c == QLatin1String("CNY"))
        return QStringLiteral("¥");
    if (c == QLatin1String("EUR"))
        return QStringLiteral("€");
    if (c == QLatin1String("GBP"))
        return QStringLiteral("£");
    if (c == QLatin1String("JPY"))
        return QStringLiteral("JP¥");
    if (c == QLatin1String("INR"))
        return QStringLiteral("₹");
    if (c == QLatin1String("KRW"))
        return QStringLiteral("₩");
    return c + QLatin1Char(' ');
}

QString Fmt::money(double amount, const QString& currency)
{
    if (!std::isfinite(amount))
        return QStringLiteral("–");
    return QLocale().toCurrencyString(amount, currencySymbol(currency), report::moneyDecimals(amount));
}

QString Fmt::hours(double h)
{
    return tr("%1 h").arg(significant(h));
}

QString Fmt::duration(double h)
{
    if (!std::isfinite(h))
        return QStringLiteral("–");
    const report::DurationUnit u = report::durationUnit(h);
    const QString v = significant(report::inDurationUnit(h, u));
    switch (u) {
    case report::DurationUnit::Minutes:
        return tr("%1 min").arg(v);
    case report::DurationUnit::Hours:
        return tr("%1 h").arg(v);
    case report::DurationUnit::Days:
        return tr("%1 days").arg(v);
    case report::DurationUnit::Years:
        break;
    }
    return tr("%1 years").arg(v);
}

QString Fmt::milliseconds(double ms)
{
    if (report::latencyInSeconds(ms))
        return tr("%1 s").arg(significant(ms / 1000));
    return tr("%1 ms").arg(significant(ms));
}

namespace {
std::atomic<bool> g_decimalMemory {false}; // set from the GUI thread, read by table and panel code
} // namespace

void Fmt::setDecimalMemory(bool decimal)
{
    g_decimalMemory = decimal;
}

bool Fmt::decimalMemory()
{
    return g_decimalMemory;
}

QString Fmt::gib(double bytes)
{
    if (decimalMemory())
        return tr("%1 GB").arg(number(bytes / 1e9, 2));
    return tr("%1 GiB").arg(number(bytes / (1024.0 * 1024.0 * 1024.0), 2));
}

QString Fmt::percent(double fraction, int decimals)
{
    return tr("%1 %").arg(number(fraction * 100, decimals));
}

QString Fmt::dated(const std::string& asOf, std::optional<long> ageDays, bool stale)
{
    const QString d = date(QString::fromStdString(asOf));
    if (!ageDays)
        return d;
    const QString age = QLocale().toString(static_cast<qlonglong>(*ageDays));
    return stale ? tr("%1 (%2 d, old)").arg(d, age) : tr("%1 (%2 d)").arg(d, age);
}

QString Fmt::date(const QString& iso)
{
    if (iso.isEmpty())
        return {};
    QDate d = QDate::fromString(iso.left(10), Qt::ISODate);
    if (!d.isValid())
        return iso;
    return QLocale().toString(d, QLocale::ShortFormat);
}

QString Fmt::pricingModel(const QString& model, int termMonths)
{
    QString name = model;
    if (model == QLatin1String("on_demand"))
        name = tr("On-demand");
    else if (model == QLatin1String("spot"))
        name = tr("Spot");
    else if (model == QLatin1String("on_demand+spot"))
        name = tr("On-demand base + spot burst");
    else if (model == QLatin1String("reserved"))
        name = tr("Reserved");
    else if (model == QLatin1String("reserved_host_default"))
        name = tr("Prepaid (host's default discount)");
    else if (model == QLatin1String("savings_plan"))
        name = tr("Savings plan");
    else if (model == QLatin1String("committed_use"))
        name = tr("Committed use");
    else if (model == QLatin1String("subscription"))
        name = tr("Subscription");
    else if (model == QLatin1String("capacity_block"))
        name = tr("Capacity block");
    if (termMonths <= 0)
        return name;
    const QString term
        = termMonths % 12 == 0 ? tr("%n yr", nullptr, termMonths / 12) : tr("%n mo", nullptr, termMonths);
    return tr("%1, %2").arg(name, term);
}

namespace {

/// value × 10^exponent through its shortest decimal text, so that decimal inputs stay exact decimals.
double decimalShift(double value, int exponent)
{
    if (!std::isfinite(value))
        return value;
    const QByteArray text
        = QByteArray::number(value, 'g', QLocale::FloatingPointShortest) + 'e' + QByteArray::number(exponent);
    return std::strtod(text.constData(), nullptr);
}

} // namespace

double Fmt::fractionFromPercent(double percent)
{
    return decimalShift(percent, -2);
}

double Fmt::percentFromFraction(double fraction)
{
    return decimalShift(fraction, 2);
}

std::optional<double> Fmt::parseNumber(const QString& input)
{
    QString t = input.trimmed();
    t.remove(QLatin1Char('_'));
    t.remove(QLatin1Char(' '));
    t.remove(QChar(0x202F)); // narrow no-break space (French grouping)
    t.remove(QChar(0x00A0));
    if (t.isEmpty())
        return std::nullopt;
    // The suffixes of the workload file (core::countSuffixes: k M B T 万 亿), so both read "300B" alike.
    const QByteArray utf8 = t.toUtf8();
    const core::SuffixMatch suffix = core::countSuffix(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    const double scale = suffix.scale;
    if (suffix.length)
        t = QString::fromUtf8(utf8.left(utf8.size() - qsizetype(suffix.length)));
    if (t.isEmpty())
        return std::nullopt;
    bool ok = false;
    double v = QLocale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    if (!ok) {
        // C notation with grouping commas: "300,000,000,000".
        QLocale c = QLocale::c();
        c.setNumberOptions(QLocale::DefaultNumberOptions);
        v = c.toDouble(t, &ok);
    }
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v * scale;
}

QString Fmt::editable(double value)
{
    // Large round numbers with a suffix, as people write token counts: 3e11 → "300B", 1.5e12 → "1.5T".
    if (std::abs(value) >= 1e6 && std::isfinite(value)) {
        for (const auto& [scale, suffix] : {std::pair {1e12, 'T'}, std::pair {1e9, 'B'}, std::pair {1e6, 'M'}}) {
            const double m = value / scale;
            if (std::abs(m) < 1)
                continue;
            const QString t = QString::number(m, 'g', 15);
            if (t.size() <= 6 && !t.contains(QLatin1Char('e'))
                && QString::number(m, 'g', 15).toDouble() * scale == value)
                return t + QLatin1Char(suffix);
            break;
        }
    }
    // Else the shortest round-trip text in C notation (which parseNumber always accepts), e.g. 3.14e+23 → "3.14e23".
    QString s = QString::number(value, 'g', 15);
    s.replace(QLatin1String("e+"), QLatin1String("e"));
    return s;
}

} // namespace gpuplan::gui
