#pragma once
// What the app remembers between runs (QSettings), the UI language (English / 简体中文, following the system
// by default, switchable at run time) and the light / dark palette.

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

namespace gpuplan::gui {

/// Typed access to the app's QSettings (organization "gpuplan", application "gpuplan").
class AppSettings
{
public:
    static QString currency();
    static void setCurrency(const QString& currency);
    /// User-edited exchange rates, units of the currency per US dollar.
    static QMap<QString, double> fxOverrides();
    static void setFxOverrides(const QMap<QString, double>& rates);
    // Serving headroom, PUE and the electricity price are plan defaults: AppContext::setPlanDefaults keeps them
    // in the store, where `gpuplan-cli plan` reads them too.
    /// Memory units: "binary" (GiB, 2^30 bytes, as the planner computes) or "decimal" (GB, 10^9 bytes, as GPU
    /// datasheets print "80 GB").
    static QString memoryUnits();
    static void setMemoryUnits(const QString& units);
    /// "" (follow the system), "en" or "zh_CN".
    static QString language();
    static void setLanguage(const QString& language);
    /// "system", "light" or "dark".
    static QString theme();
    static void setTheme(const QString& theme);
    static QStringList recentFiles();
    static void addRecentFile(const QString& path);
    static void clearRecentFiles();
    static QString lastDirectory();
    static void setLastDirectory(const QString& dir);
    static QByteArray windowGeometry();
    static QByteArray windowState();
    static void setWindow(const QByteArray& geometry, const QByteArray& state);
    /// True while a session runs; still true at the next start when the app was killed.
    static bool sessionRunning();
    static void setSessionRunning(bool running);
};

/// The UI language.
class Language
{
public:
    /// The language a setting means: "" follows the system (简体中文 when the system's UI languages start
    /// with zh, else English).
    static QString resolve(const QString& setting);
    /// Installs the translators for `setting` (gpuplan's own and Qt's), sets the default QLocale; every widget
    /// receives QEvent::LanguageChange. Returns the language applied ("en" or "zh_CN").
    static QString apply(const QString& setting);
    static QString current();
    /// The languages offered: ("en", "English"), ("zh_CN", "简体中文").
    static QList<QPair<QString, QString>> available();
};

/// The palette: "system" (the platform's default style and palette), "light" or "dark" (Fusion).
class Theme
{
public:
    static void apply(const QString& theme);
};

} // namespace gpuplan::gui
