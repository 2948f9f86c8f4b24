// gpuplan-cli: wiring only; the commands live in cli.cpp.
#include "cli.h"

#include <QCoreApplication>

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
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
