// libFuzzer: the PDF renderer offscreen. The input is the planner target's (a workload, then after a NUL byte a
// small native catalog); the plan, its sensitivity and the report are rendered in English and Chinese, to a file
// that is checked to be a PDF. Built only when Qt is found (tests/fuzz/CMakeLists.txt).
#include "app/report/pdf_report.h"
#include "app/report/sensitivity.h"
#include "fuzz_common.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstdint>
#include <cstdlib>

namespace {

// Never destroyed: a QGuiApplication torn down by the exit handlers, after the statics it uses, crashes in Qt.
gpuplan::report::GuiSession* session = nullptr;
QString path;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    session = new gpuplan::report::GuiSession;
    if (!session->ok())
        std::abort();
    path = QDir::temp().filePath(
        QStringLiteral("gpuplan-fuzz-%1.pdf").arg(QString::number(QCoreApplication::applicationPid())));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    auto planned = fuzz::planInput(data, size);
    if (!planned)
        return 0;
    report::ReportInput in;
    in.workload = &planned->workload;
    in.plan = &planned->plan;
    in.inputs = &planned->inputs;
    in.sourceFile = "fuzz.json";
    if (!planned->plan.candidates.empty() && planned->plan.candidates.front().fits)
        in.sensitivity
            = report::computeSensitivity(planned->workload, planned->plan.candidates.front(), planned->inputs);
    // both languages on alternate inputs (the translation is process-wide)
    const QString language = size % 2 ? QStringLiteral("zh_CN") : QStringLiteral("en");
    QString problem;
    if (!report::installReportTranslation(language, &problem))
        std::abort();
    report::PdfOptions options;
    options.language = language;
    options.generated = QDateTime(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC);
    if (!report::writePdfReport(in, options, path, &problem))
        std::abort(); // the temporary folder is writable: a failure is the renderer's
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || !f.read(5).startsWith("%PDF-"))
        std::abort();
    return 0;
}
