#include "catalogimport.h"

#include "errortext.h"

#include "core/importers.h"
#include "providers/bundled.h"
#include "providers/catalogfile.h"
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
    return providers::readCatalogFile(
        r.file.toStdString(), r.format.toStdString(), r.provider.toStdString(), r.asOf.toStdString(), store);
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
