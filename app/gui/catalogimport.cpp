#include "catalogimport.h"

#include "errortext.h"

#include "core/importers.h"
#include "providers/bundled.h"
#include "providers/store.h"

#include <QFile>
#include <QFileInfo>

#include <fstream>

namespace gpuplan::gui {

QList<QPair<QString, QString>> CatalogImport::formats()
{
    return {{QStringLiteral("gpuplan"), tr("gpuplan catalog JSON (gpuplan.catalog/1)")},
        {QStringLiteral("skypilot"), tr("SkyPilot catalog CSV")},
        {QStringLiteral("aws"), tr("AWS Price List, CSV offer file")},
        {QStringLiteral("aws-json"), tr("AWS Price List, JSON offer file")},
        {QStringLiteral("azure"), tr("Azure Retail Prices API page (JSON)")},
        {QStringLiteral("gcp"), tr("GCP Cloud Billing Catalog SKUs (JSON)")},
        {QStringLiteral("alibaba"), tr("Alibaba Cloud instancePrice.json")},
        {QStringLiteral("spot-advisor"), tr("AWS Spot Advisor data (JSON)")}};
}

QString CatalogImport::guessFormat(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(64 * 1024);
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("csv")) {
        if (head.contains("SKU") || head.contains("Publication Date") || head.contains("OfferingClass"))
            return QStringLiteral("aws");
        return QStringLiteral("skypilot");
    }
    if (head.contains("gpuplan.catalog/1"))
        return QStringLiteral("gpuplan");
    if (head.contains("\"Items\"") || head.contains("NextPageLink"))
        return QStringLiteral("azure");
    if (head.contains("\"skus\"") || head.contains("\"skuId\""))
        return QStringLiteral("gcp");
    if (head.contains("\"spot_advisor\"") || head.contains("\"instance_types\""))
        return QStringLiteral("spot-advisor");
    if (head.contains("\"offerCode\"") || head.contains("\"products\""))
        return QStringLiteral("aws-json");
    if (head.contains("\"pricingInfo\"") || head.contains("::vpc::") || head.contains("publicationDate"))
        return QStringLiteral("alibaba");
    return {};
}

core::Result<core::CatalogImport> CatalogImport::read(const ImportRequest& r, const providers::Store* store)
{
    const std::string file = r.file.toStdString();
    const std::string format = r.format.toStdString();
    const std::string asOf = r.asOf.toStdString();
    const std::string source = file + " (" + format + ", imported " + asOf + ")";
    if (format == "aws") {
        std::ifstream in(std::filesystem::path(file), std::ios::binary);
        if (!in)
            return core::Error {core::ErrorCode::Io, file + ": cannot open file"};
        return core::importAwsOfferCsv(in, file, asOf, source);
    }
    auto text = providers::readTextFile(file);
    if (!text)
        return text.error();
    if (format == "gpuplan")
        return core::parseNativeCatalog(*text, file);
    if (format == "skypilot") {
        if (r.provider.isEmpty())
            return core::Error {core::ErrorCode::InvalidInput,
                file + ": a provider is required for SkyPilot catalogs (aws, gcp, lambda, …)"};
        return core::importSkyPilotCsv(*text, file, r.provider.toStdString(), asOf, source);
    }
    if (format == "aws-json")
        return core::importAwsOfferJson(*text, file, asOf, source);
    if (format == "azure") {
        auto page = core::importAzureRetailPrices(*text, file, asOf, source);
        if (!page)
            return page.error();
        return std::move(page->catalog);
    }
    if (format == "gcp") {
        auto page = core::importGcpSkus(*text, file, asOf, source);
        if (!page)
            return page.error();
        return std::move(page->catalog);
    }
    if (format == "alibaba")
        return core::importAlibabaInstancePrice(*text, file, asOf, source);
    if (format == "spot-advisor") {
        auto advisor = core::importAwsSpotAdvisor(*text, file);
        if (!advisor)
            return advisor.error();
        auto base = providers::effectiveCatalog(store);
        if (!base)
            return base.error();
        core::CatalogImport out;
        for (auto& o : base->offerings)
            if (o.provider == "aws")
                out.offerings.push_back(std::move(o));
        const std::size_t n = core::applySpotAdvisor(out.offerings, *advisor);
        out.warnings = advisor->warnings;
        if (n == 0)
            out.warnings.push_back(file + ": no AWS spot price matched the advisor's regions and instance types");
        return out;
    }
    return core::Error {core::ErrorCode::InvalidInput, "unknown format \"" + format + "\""};
}

ImportOutcome CatalogImport::run(const ImportRequest& r, const std::filesystem::path& dbPath,
    const std::function<void(std::size_t, std::size_t)>& progress, const std::atomic<bool>* cancel)
{
    ImportOutcome out;
    auto store = providers::Store::open(dbPath);
    if (!store) {
        out.error = ErrorText::describe(store.error().detail);
        return out;
    }
    auto imported = read(r, store->get());
    if (!imported) {
        out.error = ErrorText::describe(imported.error().detail);
        return out;
    }
    for (const auto& w : imported->warnings)
        out.warnings << QString::fromStdString(w);
    if (imported->offerings.empty()) {
        out.error = tr("%1: no offerings found; the catalog is unchanged").arg(r.file);
        return out;
    }
    if (cancel && cancel->load()) {
        out.cancelled = true;
        return out;
    }
    out.offerings = static_cast<int>(imported->offerings.size());
    for (const auto& o : imported->offerings)
        out.prices += static_cast<int>(o.prices.size());
    auto ids = (*store)->importSnapshot(imported->offerings, r.file.toStdString(), r.format.toStdString(),
        static_cast<int>(imported->warnings.size()), progress, cancel);
    if (!ids) {
        out.cancelled = cancel && cancel->load();
        out.error = out.cancelled ? tr("Cancelled: nothing was imported and the catalog is unchanged.")
                                  : ErrorText::describe(ids.error().detail);
        return out;
    }
    for (long long id : *ids)
        out.snapshots << id;
    out.ok = true;
    return out;
}

} // namespace gpuplan::gui
