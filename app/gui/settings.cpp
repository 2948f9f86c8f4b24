#include "settings.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QPalette>
#include <QPointer>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>

namespace gpuplan::gui {

namespace {

QSettings settings()
{
    return QSettings(QStringLiteral("gpuplan"), QStringLiteral("gpuplan"));
}

} // namespace

QString AppSettings::currency()
{
    const QString fallback
        = QLocale::system().territory() == QLocale::China ? QStringLiteral("CNY") : QStringLiteral("USD");
    return settings().value(QStringLiteral("plan/currency"), fallback).toString();
}

void AppSettings::setCurrency(const QString& currency)
{
    settings().setValue(QStringLiteral("plan/currency"), currency);
}

QMap<QString, double> AppSettings::fxOverrides()
{
    QSettings s = settings();
    s.beginGroup(QStringLiteral("fx"));
    QMap<QString, double> out;
    for (const QString& k : s.childKeys())
        if (const double v = s.value(k).toDouble(); v > 0)
            out.insert(k, v);
    return out;
}

void AppSettings::setFxOverrides(const QMap<QString, double>& rates)
{
    QSettings s = settings();
    s.remove(QStringLiteral("fx"));
    s.beginGroup(QStringLiteral("fx"));
    for (auto it = rates.cbegin(); it != rates.cend(); ++it)
        s.setValue(it.key(), it.value());
}

QString AppSettings::memoryUnits()
{
    const QString u = settings().value(QStringLiteral("display/memory_units")).toString();
    return u == QLatin1String("decimal") ? u : QStringLiteral("binary");
}

void AppSettings::setMemoryUnits(const QString& units)
{
    settings().setValue(QStringLiteral("display/memory_units"), units);
}

QString AppSettings::language()
{
    return settings().value(QStringLiteral("ui/language")).toString();
}

void AppSettings::setLanguage(const QString& language)
{
    settings().setValue(QStringLiteral("ui/language"), language);
}

QString AppSettings::theme()
{
    return settings().value(QStringLiteral("ui/theme"), QStringLiteral("system")).toString();
}

void AppSettings::setTheme(const QString& theme)
{
    settings().setValue(QStringLiteral("ui/theme"), theme);
}

QStringList AppSettings::recentFiles()
{
    QStringList out;
    for (const QString& f : settings().value(QStringLiteral("files/recent")).toStringList())
        if (QFileInfo::exists(f))
            out << f;
    return out;
}

void AppSettings::addRecentFile(const QString& path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = settings().value(QStringLiteral("files/recent")).toStringList();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > 10)
        list.removeLast();
    settings().setValue(QStringLiteral("files/recent"), list);
}

void AppSettings::clearRecentFiles()
{
    settings().remove(QStringLiteral("files/recent"));
}

QString AppSettings::lastDirectory()
{
    return settings().value(QStringLiteral("files/last_dir"), QDir::homePath()).toString();
}

void AppSettings::setLastDirectory(const QString& dir)
{
    settings().setValue(QStringLiteral("files/last_dir"), dir);
}

QByteArray AppSettings::windowGeometry()
{
    return settings().value(QStringLiteral("window/geometry")).toByteArray();
}

QByteArray AppSettings::windowState()
{
    return settings().value(QStringLiteral("window/state")).toByteArray();
}

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    QSettings s = settings();
    s.setValue(QStringLiteral("window/geometry"), geometry);
    s.setValue(QStringLiteral("window/state"), state);
}

bool AppSettings::sessionRunning()
{
    return settings().value(QStringLiteral("session/running"), false).toBool();
}

void AppSettings::setSessionRunning(bool running)
{
    QSettings s = settings();
    s.setValue(QStringLiteral("session/running"), running);
    s.sync(); // written now: a killed app must leave it behind
}

// ---- Language ---------------------------------------------------------------------------------------------------

namespace {

QPointer<QTranslator> appTranslator;
QPointer<QTranslator> qtTranslator;
QString currentLanguage = QStringLiteral("en");

} // namespace

QString Language::resolve(const QString& setting)
{
    if (setting == QLatin1String("en") || setting == QLatin1String("zh_CN"))
        return setting;
    for (const QString& l : QLocale::system().uiLanguages())
        if (l.startsWith(QLatin1String("zh")))
            return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString Language::apply(const QString& setting)
{
    const QString lang = resolve(setting);
    if (appTranslator) {
        QCoreApplication::removeTranslator(appTranslator);
        delete appTranslator;
    }
    if (qtTranslator) {
        QCoreApplication::removeTranslator(qtTranslator);
        delete qtTranslator;
    }
    if (lang == QLatin1String("zh_CN")) {
        auto* app = new QTranslator(QCoreApplication::instance());
        if (app->load(QStringLiteral(":/i18n/gpuplan_zh_CN.qm")))
            QCoreApplication::installTranslator(app);
        appTranslator = app;
        auto* qt = new QTranslator(QCoreApplication::instance());
        if (qt->load(QStringLiteral("qtbase_zh_CN"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qt);
        qtTranslator = qt;
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::SimplifiedChineseScript, QLocale::China));
    } else {
        // English words with the system's number and date conventions, unless the system is Chinese (then the
        // user asked for English explicitly) or has none (the C locale): US conventions.
        const QLocale sys = QLocale::system();
        const bool usable = sys.language() != QLocale::Chinese && sys.language() != QLocale::C;
        QLocale::setDefault(usable ? sys : QLocale(QLocale::English, QLocale::UnitedStates));
    }
    currentLanguage = lang;
    return lang;
}

QString Language::current()
{
    return currentLanguage;
}

QList<QPair<QString, QString>> Language::available()
{
    return {{QStringLiteral("en"), QStringLiteral("English")}, {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

// ---- Theme --------------------------------------------------------------------------------------------------------

void Theme::apply(const QString& theme)
{
    static QString systemStyle;
    static QPalette systemPalette;
    static bool saved = false;
    if (!saved) {
        systemStyle = QApplication::style()->name();
        systemPalette = QApplication::palette();
        saved = true;
    }
    if (theme == QLatin1String("light") || theme == QLatin1String("dark")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QPalette p = QApplication::style()->standardPalette();
        if (theme == QLatin1String("dark")) {
            const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5);
            const QColor highlight(0x35, 0x74, 0xf0), disabled(0x7f, 0x84, 0x8e);
            p = QPalette(window);
            p.setColor(QPalette::Window, window);
            p.setColor(QPalette::WindowText, text);
            p.setColor(QPalette::Base, base);
            p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
            p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
            p.setColor(QPalette::ToolTipText, text);
            p.setColor(QPalette::PlaceholderText, disabled);
            p.setColor(QPalette::Text, text);
            p.setColor(QPalette::Button, QColor(0x3c, 0x3f, 0x41));
            p.setColor(QPalette::ButtonText, text);
            p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x68));
            p.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
            p.setColor(QPalette::Highlight, highlight);
            p.setColor(QPalette::HighlightedText, Qt::white);
            p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x50));
            p.setColor(QPalette::Midlight, QColor(0x3c, 0x3f, 0x41));
            p.setColor(QPalette::Mid, QColor(0x2f, 0x31, 0x34));
            p.setColor(QPalette::Dark, QColor(0x19, 0x1a, 0x1c));
            p.setColor(QPalette::Shadow, Qt::black);
            for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
                p.setColor(QPalette::Disabled, role, disabled);
        }
        QApplication::setPalette(p);
        return;
    }
    // "system": what the platform gave at start (Qt 6.4 cannot ask for the colour scheme).
    if (QStyle* s = QStyleFactory::create(systemStyle))
        QApplication::setStyle(s);
    QApplication::setPalette(systemPalette);
}

} // namespace gpuplan::gui
