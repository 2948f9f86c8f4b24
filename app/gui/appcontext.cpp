#include "appcontext.h"

#include "providers/bundled.h"
#include "providers/store.h"

#include <QDir>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace gpuplan::gui {

std::filesystem::path resolveDbPath(const QString& commandLineDb)
{
    if (!commandLineDb.isEmpty())
        return std::filesystem::path(QDir::cleanPath(commandLineDb).toStdString());
    if (const QByteArray env = qgetenv("GPUPLAN_DB"); !env.isEmpty())
        return std::filesystem::path(env.toStdString());
    return providers::Store::defaultPath();
}

AppContext::~AppContext() = default;

core::Result<std::unique_ptr<AppContext>> AppContext::create(const std::filesystem::path& dbPath)
{
    std::unique_ptr<AppContext> ctx(new AppContext);
    auto gpus = providers::loadGpuCatalog();
    if (!gpus)
        return gpus.error();
    auto models = providers::loadModelCatalog();
    if (!models)
        return models.error();
    auto fx = providers::loadBundledFx();
    if (!fx)
        return fx.error();
    ctx->m_gpus = std::make_shared<const core::GpuCatalog>(std::move(*gpus));
    ctx->m_models = std::make_shared<const core::ModelCatalog>(std::move(*models));
    ctx->m_bundledFx = std::move(*fx);
    if (auto acc = providers::bundledAccuracy(*ctx->m_models, *ctx->m_gpus))
        ctx->m_accuracy = std::make_shared<const core::AccuracyReport>(std::move(*acc));
    if (auto geo = providers::loadGeography())
        ctx->m_geography = std::make_shared<const core::Geography>(std::move(*geo));
    ctx->m_dbPath = dbPath;
    if (!dbPath.empty()) {
        auto store = providers::Store::open(dbPath);
        if (store)
            ctx->m_store = std::move(*store);
        else
            ctx->m_storeError = QString::fromStdString(store.error().detail);
    }
    if (auto st = ctx->rebuild(true); !st)
        return st.error();
    return ctx;
}

void AppContext::setFxOverrides(const QMap<QString, double>& perUsd)
{
    m_fxOverrides = perUsd;
    rebuild(false);
}

core::Status AppContext::reload()
{
    return rebuild(true);
}

core::Status AppContext::reloadCalibrations()
{
    return rebuild(false);
}

core::Status AppContext::rebuild(bool rereadCatalog)
{
    auto d = std::make_shared<CatalogData>();
    d->gpus = m_gpus;
    d->models = m_models;
    d->accuracy = m_accuracy;
    d->geography = m_geography;
    if (rereadCatalog || m_catalog.offerings.empty()) {
        auto cat = providers::effectiveCatalog(m_store.get());
        if (!cat)
            return cat.error();
        m_catalog = std::move(*cat);
    }
    d->offerings = m_catalog.offerings;
    d->catalogWarnings = m_catalog.warnings;
    d->fx = m_bundledFx;
    for (auto it = m_fxOverrides.cbegin(); it != m_fxOverrides.cend(); ++it)
        if (it.value() > 0)
            d->fx.set(core::FxRate {it.key().toStdString(), it.value(), "user", "edited in Settings"});
    if (m_store)
        if (auto disc = m_store->discounts())
            d->discounts = *disc;
    auto calibrations = std::make_shared<std::map<std::string, core::CalibrationProfile>>();
    if (m_store)
        if (auto stored = m_store->calibrations())
            for (const auto& [id, json] : *stored)
                if (auto p = core::parseProfile(json, "store:" + id, m_gpus.get()))
                    calibrations->emplace(p->gpuId, std::move(*p));
    d->calibrations = std::move(calibrations);
    std::set<QString> providers, regions;
    for (const auto& o : d->offerings) {
        providers.insert(QString::fromStdString(o.provider));
        regions.insert(QString::fromStdString(o.region));
    }
    d->providers = QStringList(providers.begin(), providers.end());
    d->regions = QStringList(regions.begin(), regions.end());
    d->currencies << QStringLiteral("USD");
    for (const auto& r : d->fx.rates())
        if (r.currency != "USD")
            d->currencies << QString::fromStdString(r.currency);
    m_data = std::move(d);
    Q_EMIT dataChanged();
    return core::Ok {};
}

} // namespace gpuplan::gui
