#include "reportexport.h"

#include "app/report/deploy.h"
#include "app/report/plan_output.h"
#include "app/report/sensitivity.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>

namespace gpuplan::gui {

namespace {

/// Writes `bytes` atomically: a failed export never leaves half a file where a good one was.
bool writeAll(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = QCoreApplication::translate("gpuplan::gui::ReportExport", "Cannot write %1: %2")
                         .arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    return true;
}

QString generator()
{
    return QStringLiteral("gpuplan ") + QCoreApplication::applicationVersion();
}

} // namespace

const core::Candidate* recommendedCandidate(const core::Plan& plan)
{
    if (!plan.candidates.empty())
        return &plan.candidates.front();
    if (plan.pinned)
        return &*plan.pinned;
    return nullptr;
}

report::PageFormat defaultPageFormat()
{
    return QLocale().measurementSystem() == QLocale::ImperialUSSystem ? report::PageFormat::Letter
                                                                      : report::PageFormat::A4;
}

bool exportPdfReport(
    const PlanResult& result, const QString& path, const QString& language, report::PageFormat page, QString* error)
{
    QString problem;
    if (!report::installReportTranslation(language, &problem)) {
        if (error)
            *error = problem;
        return false;
    }
    const CatalogData& data = *result.data;
    report::ReportInput in;
    in.workload = &result.workload;
    in.plan = &result.plan;
    in.accuracy = data.accuracy.get();
    in.sourceFile = result.workload.name;
    in.inputs = &result.inputs; // the same inputs the plan on screen was made from
    const core::Candidate* rec = recommendedCandidate(result.plan);
    if (rec && rec->fits)
        in.sensitivity = report::computeSensitivity(result.workload, *rec, result.inputs);
    report::PdfOptions opt;
    opt.page = page;
    opt.generator = generator();
    opt.language = language;
    if (!report::writePdfReport(in, opt, path, &problem)) {
        if (error)
            *error = QCoreApplication::translate("gpuplan::gui::ReportExport", "Cannot write %1: %2")
                         .arg(QDir::toNativeSeparators(path), problem);
        return false;
    }
    return true;
}

bool exportCsvTable(const PlanResult& result, const QString& path, bool bom, QString* error)
{
    std::string csv = report::planToCsv(result.workload, result.plan, result.data->accuracy.get());
    if (bom)
        csv.insert(0, "\xEF\xBB\xBF");
    return writeAll(path, QByteArray::fromStdString(csv), error);
}

bool exportDeployment(
    const PlanResult& result, const core::Candidate* candidate, DeployKind kind, const QString& path, QString* error)
{
    const core::Candidate* c = candidate ? candidate : recommendedCandidate(result.plan);
    if (!c || !c->fits) {
        if (error)
            *error = QCoreApplication::translate(
                "gpuplan::gui::ReportExport", "Nothing feasible to deploy: the plan has no candidate that fits.");
        return false;
    }
    report::DeployOptions o;
    o.generator = generator().toStdString();
    auto yaml = kind == DeployKind::Kubernetes ? report::kubernetesManifest(result.workload, *c, o)
                                               : report::skyPilotTask(result.workload, *c, o);
    if (!yaml) {
        if (error)
            *error = QString::fromStdString(yaml.error().detail);
        return false;
    }
    return writeAll(path, QByteArray::fromStdString(*yaml), error);
}

} // namespace gpuplan::gui
