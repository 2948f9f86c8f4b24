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

const std::vector<core::Offering>& CatalogData::offerings() const
{
    static const std::vector<core::Offering> none;
    return inputs.offerings ? *inputs.offerings : none;
}

const std::vector<core::CatalogFinding>& CatalogData::findings() const
{
    static const std::vector<core::CatalogFinding> none;
    return inputs.findings ? *inputs.findings : none;
}

core::Result<std::unique_ptr<AppContext>> AppContext::create(const std::filesystem::path& dbPath)
{
    std::unique_ptr<AppContext> ctx(new AppContext);
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
    ctx->m_accuracy = ctx->m_loaded->accuracy; // the estimator on the published runs, run once by loadPlanInputs
    ctx->rebuild(false);
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
    return rebuild(true);
}

core::Status AppContext::setPlanDefaults(const core::PlanDefaults& defaults)
{
    m_defaults = defaults;
    if (m_store)
        if (auto st = providers::savePlanDefaults(*m_store, defaults); !st)
            return st;
    return rebuild(false);
}

core::Status AppContext::rebuild(bool reread)
{
    if (reread || !m_loaded) {
        auto loaded = providers::loadPlanInputs(m_store.get());
        if (!loaded)
            return loaded.error();
        const bool first = !m_loaded;
        m_loaded = std::move(*loaded);
        if (first && m_store)
            m_defaults = m_loaded->inputs.defaults; // what Settings saved last time
    }
    auto d = std::make_shared<CatalogData>();
    d->inputs = m_loaded->inputs;
    d->inputs.defaults = m_defaults;
    d->accuracy = m_accuracy;
    d->catalogWarnings = m_loaded->catalogWarnings;
    d->warnings = m_loaded->warnings;
    for (auto it = m_fxOverrides.cbegin(); it != m_fxOverrides.cend(); ++it)
        if (it.value() > 0)
            d->inputs.fx.set(core::FxRate {it.key().toStdString(), it.value(), "user", "edited in Settings"});
    std::set<QString> providers, regions;
    for (const auto& o : d->offerings()) {
        providers.insert(QString::fromStdString(o.provider));
        regions.insert(QString::fromStdString(o.region));
    }
    d->providers = QStringList(providers.begin(), providers.end());
    d->regions = QStringList(regions.begin(), regions.end());
    d->currencies << QStringLiteral("USD");
    for (const auto& r : d->inputs.fx.rates())
        if (r.currency != "USD")
            d->currencies << QString::fromStdString(r.currency);
    m_data = std::move(d);
    Q_EMIT dataChanged();
    return core::Ok {};
}

} // namespace gpuplan::gui
