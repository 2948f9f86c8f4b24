#pragma once
// Numbers, money, durations and sizes for people, through QLocale (the language chosen in Settings).

#include "core/catalog.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <string>

namespace gpuplan::gui {

/// The core's UTF-8 strings as Qt strings, as shown: line breaks, controls and bidi overrides made harmless
/// (core::printable), so that a name from a shared file or catalog cannot break a cell or reorder a title.
inline QString qs(const std::string& s)
{
    return QString::fromStdString(core::printable(s));
}

class Fmt
{
    Q_DECLARE_TR_FUNCTIONS(gpuplan::gui::Fmt)
public:
    /// 1234.5 → "1,234.5" (the locale's separators); `decimals` digits after the point.
    static QString number(double value, int decimals = 0);
    /// Three significant digits, grouping large values: 0.0123, 4.56, 78.9, 1,234.
    static QString significant(double value);
    /// A count of tokens, tokens/s or GPU-hours: whole and grouped ("1,234,567"), in Chinese from 10 000 up in
    /// 万, 亿 or 万亿 ("123 万"; report::countWords).
    static QString count(double value);
    /// An amount with its currency symbol ($, ¥, €) or ISO code; no decimals from 10 000 up.
    static QString money(double amount, const QString& currency);
    /// The currency's symbol when it has a common one, else its ISO code.
    static QString currencySymbol(const QString& currency);
    /// Hours as "36.0 h", "4.2 days", "1.3 years" (the largest unit that keeps the value ≥ 1).
    static QString duration(double hours);
    static QString hours(double hours);
    static QString milliseconds(double ms);
    /// Bytes as GiB (2^30 bytes), two decimals.
    static QString gib(double bytes);
    /// Whether gib() and the memory chart use decimal GB (10^9 bytes) instead of GiB (2^30); the Settings choice.
    static void setDecimalMemory(bool decimal);
    static bool decimalMemory();
    /// Bytes per displayed memory unit: 10^9 or 2^30.
    static double memoryUnitBytes() { return decimalMemory() ? 1e9 : 1024.0 * 1024.0 * 1024.0; }
    /// A fraction as a percentage: 0.505 → "50.5 %".
    static QString percent(double fraction, int decimals = 1);
    /// An ISO 8601 date or date-time as the locale's short date; the text unchanged when it is not one.
    static QString date(const QString& iso);
    /// A price's or rate's date with its age on the plan's date: "30/11/2026 (1 d)", "17/06/2023 (1,263 d, old)"
    /// when past the age limit (core::maxPriceAgeDays, maxFxAgeDays); the date alone when the age is unknown.
    static QString dated(const std::string& asOf, std::optional<long> ageDays, bool stale);
    /// A pricing model id ("on_demand") in words, with its term when it has one ("Reserved, 1 yr").
    static QString pricingModel(const QString& model, int termMonths = 0);
    /// Parses what a person types into a number field: the locale's or C notation, exponents (3e11), and
    /// the suffixes k, M, B/G, T (10^3 … 10^12) and 万, 亿 (10^4, 10^8).
    static std::optional<double> parseNumber(const QString& text);
    /// A percentage typed by a person as the fraction JSON would hold: 99.9 → exactly the double of "0.999"
    /// (decimal shift of the shortest text, not 99.9 / 100 = 0.9990000000000001).
    static double fractionFromPercent(double percent);
    /// The inverse for showing a fraction as a percentage: 0.999 → 99.9 (not 99.89999999999999).
    static double percentFromFraction(double fraction);
    /// The shortest text that parseNumber reads back as `value` (for filling the form from JSON).
    static QString editable(double value);
};

} // namespace gpuplan::gui
