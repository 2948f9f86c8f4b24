// gpuplan-cli: wiring only; the commands live in cli.cpp.
#include "cli.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {
/// Qt's messages go to stderr as usual, except QStandardPaths' notice that XDG_RUNTIME_DIR is unset (printed when
/// `plan --pdf` starts the offscreen GUI on a machine without a login session): Qt then falls back to a per-user
/// folder in the temporary directory (Qt 6 QStandardPaths documentation, RuntimeLocation), which is what the PDF
/// writer needs, and a notice on every such run only hides real warnings.
void qtMessages(QtMsgType type, const QMessageLogContext&, const QString& text)
{
    if (type == QtWarningMsg && text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    std::cerr << text.toStdString() << '\n';
    if (type == QtFatalMsg)
        std::abort();
}
} // namespace

int main(int argc, char** argv)
{
    qInstallMessageHandler(qtMessages);
    // Names for QStandardPaths (the store's default location); no event loop is needed.
    QCoreApplication::setOrganizationName(QStringLiteral("gpuplan"));
    QCoreApplication::setApplicationName(QStringLiteral("gpuplan"));
    {
        // The absolute path of this executable (argv[0] may be a bare name found on PATH); the application object
        // is gone before any command runs, so `plan --pdf` can create its own QGuiApplication.
        QCoreApplication probe(argc, argv);
        gpuplan::cli::setSelfExecutable(QCoreApplication::applicationFilePath().toStdString());
    }
    std::vector<std::string> args(argv + 1, argv + argc);
    return gpuplan::cli::run(args, std::cin, std::cout, std::cerr);
}
