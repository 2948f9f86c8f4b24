#include "application.h"

#include "appcontext.h"
#include "calibratepage.h"
#include "candidatemodel.h"
#include "errortext.h"
#include "mainwindow.h"
#include "poolpage.h"
#include "settings.h"
#include "workloadform.h"

#include "gpuplan_config.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QJsonDocument>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

namespace gpuplan::gui {

void prepareEnvironment(int argc, char** argv)
{
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY")
        || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return;
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--help" || a == "-h" || a == "--help-all" || a == "--version" || a == "-v" || a == "--dump-form"
            || a == "--screenshot" || a.startsWith("--screenshot=")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
    }
}

int runApplication(QApplication& app)
{
    QCoreApplication::setOrganizationName(QStringLiteral("gpuplan"));
    QCoreApplication::setApplicationName(QStringLiteral("gpuplan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GPUPLAN_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.gpuplan"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpuplan.svg")));

    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("gpuplan — what a GPU workload needs, where it should run, and what it costs"));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption db(QStringLiteral("db"),
        QStringLiteral("The SQLite store (default: $GPUPLAN_DB, else the app-data folder)."), QStringLiteral("path"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Language for this run: en, zh_CN or system."),
        QStringLiteral("language"));
    const QCommandLineOption theme(QStringLiteral("theme"),
        QStringLiteral("Palette for this run: light, dark or system."), QStringLiteral("theme"));
    const QCommandLineOption load(QStringLiteral("load"),
        QStringLiteral("Open a workload JSON file (as gpuplan-cli plan reads)."), QStringLiteral("file"));
    const QCommandLineOption currency(QStringLiteral("currency"),
        QStringLiteral("Currency of the plan (USD, CNY, EUR, …; remembered, as in Settings)."), QStringLiteral("code"));
    const QCommandLineOption fresh(
        QStringLiteral("new"), QStringLiteral("Start with a new scenario instead of the last session."));
    const QCommandLineOption shot(QStringLiteral("screenshot"),
        QStringLiteral("Write a PNG of the window once the plan is shown, then quit."), QStringLiteral("png"));
    const QCommandLineOption size(QStringLiteral("size"),
        QStringLiteral("Window size for --screenshot, WxH (default 1440x900)."), QStringLiteral("WxH"),
        QStringLiteral("1440x900"));
    const QCommandLineOption page(QStringLiteral("page"),
        QStringLiteral("Page to show: plan, catalog, accuracy, calibrate or pool."), QStringLiteral("page"));
    const QCommandLineOption pool(QStringLiteral("pool"),
        QStringLiteral("Open the Pool page with a sizing request (JSON gpuplan.pool-request/1) and size the pool."),
        QStringLiteral("file"));
    const QCommandLineOption select(QStringLiteral("select"),
        QStringLiteral("Candidate to select for --screenshot (0 = the best)."), QStringLiteral("n"),
        QStringLiteral("0"));
    const QCommandLineOption dump(
        QStringLiteral("dump-form"), QStringLiteral("Print the recovered workload JSON and exit (tests)."));
    const QCommandLineOption set(QStringLiteral("set"),
        QStringLiteral("Type VALUE into the field at POINTER after start, as a user would (tests)."),
        QStringLiteral("pointer=value"));
    p.addOptions({db, lang, theme, currency, load, fresh, shot, size, page, pool, select, dump, set});
    // What a file manager passes through the desktop file's "Exec=gpuplan %f": the same as --load.
    p.addPositionalArgument(
        QStringLiteral("file"), QStringLiteral("A workload JSON file to open (as --load)."), QStringLiteral("[file]"));
    p.process(app);
    if (p.positionalArguments().size() > 1 || (p.isSet(load) && !p.positionalArguments().isEmpty())) {
        std::fprintf(stderr, "gpuplan: one workload file at a time (--load FILE or FILE)\n");
        return 2;
    }
    const QString loadPath = p.isSet(load) ? p.value(load) : p.positionalArguments().value(0);

    Theme::apply(p.isSet(theme) ? p.value(theme) : AppSettings::theme());
    Language::apply(p.isSet(lang) ? (p.value(lang) == QLatin1String("system") ? QString() : p.value(lang))
                                  : AppSettings::language());
    const bool batch = p.isSet(shot) || p.isSet(dump);
    const bool crashed = AppSettings::sessionRunning();
    if (!p.isSet(dump))
        AppSettings::setSessionRunning(true);

    auto context = AppContext::create(resolveDbPath(p.value(db)));
    if (!context) {
        const QString msg = ErrorText::describe(context.error());
        std::fprintf(stderr, "gpuplan: %s\n", qPrintable(msg));
        if (!batch)
            QMessageBox::critical(nullptr, QObject::tr("gpuplan"), msg);
        AppSettings::setSessionRunning(false);
        return 3;
    }
    AppContext* ctx = context->get();
    if (!ctx->storeError().isEmpty()) {
        std::fprintf(stderr, "gpuplan: %s\n", qPrintable(ctx->storeError()));
        if (!batch)
            QMessageBox::warning(nullptr, QObject::tr("gpuplan"),
                QObject::tr("The store could not be opened; scenarios and imports are off for this run.\n\n%1")
                    .arg(ctx->storeError()));
    }

    if (p.isSet(currency))
        AppSettings::setCurrency(p.value(currency).toUpper());
    MainWindow window(ctx);
    bool recovered = false;
    if (!loadPath.isEmpty()) {
        QString error;
        if (!window.openWorkloadFile(loadPath, &error)) {
            std::fprintf(stderr, "gpuplan: %s\n", qPrintable(error));
            if (batch)
                return 2;
            QMessageBox::warning(&window, QObject::tr("gpuplan"), error);
        }
    } else if (!p.isSet(fresh)) {
        recovered = window.restoreSession();
    } else {
        window.newScenario();
    }
    window.beginSession();
    if (p.isSet(dump)) {
        QJsonObject out;
        out.insert(QStringLiteral("workload"), window.form()->workloadJson());
        out.insert(QStringLiteral("session"), window.sessionDocument());
        out.insert(QStringLiteral("recovered"), recovered);
        std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
        std::fflush(stdout);
        return 0;
    }
    if (recovered && crashed && window.sessionDocument().value(QStringLiteral("modified")).toBool())
        window.statusBar()->showMessage(
            QObject::tr("gpuplan did not close normally last time: what you had typed is restored."), 15000);

    if (p.isSet(page)) {
        const QString v = p.value(page);
        if (v == QLatin1String("calibrate"))
            window.pages()->setCurrentWidget(window.calibratePage());
        else if (v == QLatin1String("pool"))
            window.pages()->setCurrentWidget(window.poolPage());
        else
            window.pages()->setCurrentIndex(v == QLatin1String("catalog") ? 1 : v == QLatin1String("accuracy") ? 2 : 0);
    }
    if (p.isSet(pool)) {
        QFile f(p.value(pool));
        QString error;
        const QJsonObject request
            = f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
        window.pages()->setCurrentWidget(window.poolPage());
        if (!window.poolPage()->setRequest(request, &error) || !window.poolPage()->run(&error)) {
            std::fprintf(stderr, "gpuplan: --pool %s: %s\n", qPrintable(p.value(pool)),
                qPrintable(error.isEmpty() ? f.errorString() : error));
            if (batch)
                return 2;
        }
    }
    if (p.isSet(shot)) {
        const QStringList wh = p.value(size).split(QLatin1Char('x'));
        window.resize(
            wh.value(0).toInt() > 0 ? wh.value(0).toInt() : 1440, wh.value(1).toInt() > 0 ? wh.value(1).toInt() : 900);
    }
    window.show();

    for (const QString& s : p.values(set)) {
        const int eq = static_cast<int>(s.indexOf(QLatin1Char('=')));
        if (eq > 0)
            QTimer::singleShot(0, &window, [&window, pointer = s.left(eq), value = s.mid(eq + 1)] {
                if (!window.form()->setFieldValue(pointer, value))
                    std::fprintf(stderr, "gpuplan: --set: no field %s\n", qPrintable(pointer));
            });
    }

    if (p.isSet(shot)) {
        const QString path = QFileInfo(p.value(shot)).absoluteFilePath();
        const int n = p.value(select).toInt();
        auto take = [&window, path] {
            const QPixmap pix = window.grab();
            const bool ok = pix.save(path, "PNG");
            std::fprintf(stderr, "gpuplan: %s %s (%dx%d)\n", ok ? "wrote" : "could not write", qPrintable(path),
                pix.width(), pix.height());
            QCoreApplication::exit(ok ? 0 : 1);
        };
        auto shown = std::make_shared<QMetaObject::Connection>();
        if (p.isSet(pool))
            *shown = QObject::connect(window.poolPage(), &PoolPage::finished, &window, [shown, take, &window] {
                QObject::disconnect(*shown);
                QTimer::singleShot(800, &window, take); // let the charts lay out and paint
            });
        else
            *shown = QObject::connect(&window, &MainWindow::planShown, &window, [&window, shown, n, take] {
                QObject::disconnect(*shown);
                if (window.candidates()->rowCount() > n)
                    window.selectCandidate(n);
                QTimer::singleShot(600, &window, take); // let the charts lay out and paint
            });
        QTimer::singleShot(p.isSet(pool) ? 120000 : 20000, &window, [take] { take(); }); // the window as it is
    }
    const int rc = app.exec();
    AppSettings::setSessionRunning(false);
    return rc;
}

} // namespace gpuplan::gui
