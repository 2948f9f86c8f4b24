#include "bundled.h"

#include "providers/importers/importers.h"
#include "providers/importers/registry.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <system_error>

namespace gpuplan::providers {

core::Result<std::string> readTextFile(const std::filesystem::path& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return core::Error {core::ErrorCode::Io, path.string() + ": is a directory, expected a file"};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return core::Error {core::ErrorCode::Io, path.string() + ": cannot open file"};
    return importers::readWhole(in, path.string());
}

core::Result<std::string> readBundledFile(const std::string& name)
{
    if (const char* dir = std::getenv("GPUPLAN_DATA_DIR"); dir && *dir)
        return readTextFile(std::filesystem::path(dir) / name);
    QFile f(QStringLiteral(":/pricing-data/") + QString::fromStdString(name));
    if (!f.open(QIODevice::ReadOnly))
        return core::Error {core::ErrorCode::Io, "pricing-data/" + name + ": not compiled into this program"};
    const QByteArray data = f.readAll();
    return std::string(data.constData(), static_cast<std::size_t>(data.size()));
}

core::Result<std::string> readValidationFile(const std::string& name)
{
    QFile f(QStringLiteral(":/validation/") + QString::fromStdString(name));
    if (!f.open(QIODevice::ReadOnly))
        return core::Error {core::ErrorCode::Io, "validation/" + name + ": not compiled into this program"};
    const QByteArray data = f.readAll();
    return std::string(data.constData(), static_cast<std::size_t>(data.size()));
}

core::Result<core::AccuracyReport> bundledAccuracy(const core::ModelCatalog& models, const core::GpuCatalog& gpus)
{
    auto t = readValidationFile("training.csv");
    auto s = readValidationFile("serving.csv");
    auto m = readValidationFile("memory.csv");
    for (auto* r : {&t, &s, &m})
        if (!*r)
            return r->error();
    // The holdout tables (publishers set aside before any parameter was chosen), where they are compiled in.
    auto th = readValidationFile("holdout/training.csv");
    auto sh = readValidationFile("holdout/serving.csv");
    auto sf = readValidationFile("serving_features.csv");
    auto df = readValidationFile("disaggregated.csv");
    return core::runAccuracy(*t, *s, *m, models, gpus, th ? std::string_view(*th) : std::string_view(),
        sh ? std::string_view(*sh) : std::string_view(), sf ? std::string_view(*sf) : std::string_view(),
        df ? std::string_view(*df) : std::string_view());
}

core::Result<core::GpuCatalog> loadGpuCatalog(std::vector<std::string>* warnings)
{
    auto text = readBundledFile("gpus.json");
    if (!text)
        return text.error();
    return core::GpuCatalog::fromJson(*text, "gpus.json", warnings);
}

namespace {

/// Every *.json of pricing-data/<sub> (or $GPUPLAN_DATA_DIR/<sub>, or of the folder the environment variable
/// `ownFolderVariable` names when it is set), parsed as gpuplan.catalog/1 and concatenated in file-name order.
core::Result<core::CatalogImport> loadCatalogFolder(const std::string& sub, const char* ownFolderVariable)
{
    // Where the files are, and how to read one of them by name.
    std::vector<std::string> names;
    std::function<core::Result<std::string>(const std::string&)> read;
    std::string prefix = sub + "/";
    const char* own = ownFolderVariable ? std::getenv(ownFolderVariable) : nullptr;
    if (own && *own) {
        // A folder of catalog files of its own.
        const std::filesystem::path folder(own);
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
            if (entry.path().extension() == ".json")
                names.push_back(entry.path().filename().string());
        if (ec)
            return core::Error {core::ErrorCode::Io, folder.string() + " (" + ownFolderVariable + "): " + ec.message()};
        read = [folder](const std::string& name) { return readTextFile(folder / name); };
        prefix.clear();
    } else {
        if (const char* data = std::getenv("GPUPLAN_DATA_DIR"); data && *data) {
            std::error_code ec;
            for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(data) / sub, ec))
                if (entry.path().extension() == ".json")
                    names.push_back(entry.path().filename().string());
        } else {
            const QStringList files = QDir(QStringLiteral(":/pricing-data/") + QString::fromStdString(sub))
                                          .entryList({QStringLiteral("*.json")}, QDir::Files);
            for (const auto& f : files)
                names.push_back(f.toStdString());
        }
        read = [sub](const std::string& name) { return readBundledFile(sub + "/" + name); };
    }
    std::sort(names.begin(), names.end());
    core::CatalogImport all;
    for (const auto& name : names) {
        auto text = read(name);
        if (!text)
            return text.error();
        auto part = importers::parseNativeCatalog(*text, prefix + name);
        if (!part)
            return part.error();
        all.offerings.insert(all.offerings.end(), std::make_move_iterator(part->offerings.begin()),
            std::make_move_iterator(part->offerings.end()));
        all.warnings.insert(all.warnings.end(), part->warnings.begin(), part->warnings.end());
    }
    return all;
}

} // namespace

core::Result<core::CatalogImport> loadBundledCatalog()
{
    // Tests plan on a frozen copy of the catalog (GPUPLAN_CATALOG_DIR), so that a price refresh cannot change them.
    return loadCatalogFolder("catalog", "GPUPLAN_CATALOG_DIR");
}

core::Result<core::CatalogImport> loadSecondSources()
{
    return loadCatalogFolder("second-source", nullptr);
}

core::Result<std::vector<core::CatalogFinding>> catalogFindings(
    const std::vector<core::Offering>& offerings, const core::FxTable& fx, const core::CatalogCheckOptions& options)
{
    auto findings = core::checkCatalog(offerings, fx, options);
    auto second = loadSecondSources();
    if (!second)
        return second.error();
    for (auto& f : core::compareSources(offerings, second->offerings, options))
        findings.push_back(std::move(f));
    return findings;
}

core::Result<core::FxTable> loadBundledFx()
{
    auto text = readBundledFile("fx.json");
    if (!text)
        return text.error();
    auto rates = core::parseFxRates(*text, "fx.json");
    if (!rates)
        return rates.error();
    return core::FxTable(std::move(*rates));
}

core::Result<core::Geography> loadGeography()
{
    auto regions = readBundledFile("regions.json");
    if (!regions)
        return regions.error();
    auto sla = readBundledFile("sla.json");
    if (!sla)
        return sla.error();
    return core::Geography::fromJson(*regions, *sla);
}

core::Result<core::ModelCatalog> loadModelCatalog(std::vector<std::string>* warnings)
{
    auto text = readBundledFile("models.json");
    if (!text)
        return text.error();
    return core::ModelCatalog::fromJson(*text, "models.json", warnings);
}

} // namespace gpuplan::providers
