#include "planinputs.h"

#include "core/serving_calibration.h"

#include "bundled.h"
#include "clock.h"
#include "store.h"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace gpuplan::providers {

namespace {

/// A stored number, or nullopt with a warning when it is not one within [min, max].
std::optional<double> storedNumber(const std::map<std::string, std::string>& settings, const char* key, double min,
    double max, std::vector<std::string>* warnings)
{
    auto it = settings.find(key);
    if (it == settings.end())
        return std::nullopt;
    const std::string& text = it->second;
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno != 0 || !std::isfinite(v) || v < min || v > max) {
        if (warnings)
            warnings->push_back("store setting " + std::string(key) + ": must be a number from " + std::to_string(min)
                + " to " + std::to_string(max) + ", got \"" + text.substr(0, 40) + "\"; the built-in default is used");
        return std::nullopt;
    }
    return v;
}

std::string numberText(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace

core::PlanDefaults loadPlanDefaults(const Store* store, std::vector<std::string>* warnings)
{
    core::PlanDefaults d;
    if (!store)
        return d;
    auto settings = store->settings();
    if (!settings) {
        if (warnings)
            warnings->push_back("store settings not read: " + settings.error().detail);
        return d;
    }
    if (auto v = storedNumber(*settings, settingKey::servingHeadroom, 0, 10, warnings))
        d.servingHeadroom = *v;
    if (auto v = storedNumber(*settings, settingKey::pue, 1, 3, warnings))
        d.pue = *v;
    if (auto v = storedNumber(*settings, settingKey::electricityUsdPerKwh, 0, 10, warnings))
        d.electricityUsdPerKwh = *v;
    if (auto v = storedNumber(*settings, settingKey::maxInstances, 1, 1'000'000, warnings))
        d.maxInstances = static_cast<int>(*v);
    return d;
}

core::Status savePlanDefaults(Store& store, const core::PlanDefaults& d)
{
    for (auto [key, value] :
        {std::pair<const char*, std::string> {settingKey::servingHeadroom, numberText(d.servingHeadroom)},
            {settingKey::pue, d.pue ? numberText(*d.pue) : std::string()},
            {settingKey::electricityUsdPerKwh, numberText(d.electricityUsdPerKwh)},
            {settingKey::maxInstances, std::to_string(d.maxInstances)}})
        if (auto st = store.setSetting(key, value); !st)
            return st.error();
    return core::Ok {};
}

std::string todayUtc()
{
    return utcNow("%Y-%m-%d");
}

core::Result<LoadedInputs> loadPlanInputs(const Store* store)
{
    LoadedInputs out;
    core::PlanInputs& in = out.inputs;
    in.today = todayUtc();
    std::vector<std::string> catalogNotes;
    auto gpus = loadGpuCatalog(&out.warnings);
    if (!gpus)
        return gpus.error();
    auto models = loadModelCatalog(&out.warnings);
    if (!models)
        return models.error();
    in.gpus = std::make_shared<const core::GpuCatalog>(std::move(*gpus));
    in.models = std::make_shared<const core::ModelCatalog>(std::move(*models));
    // The 80 % range of serving latency, from the estimator's residuals on the bundled published runs: what makes a
    // candidate "at risk" of a latency target.
    if (auto acc = bundledAccuracy(*in.models, *in.gpus)) {
        out.accuracy = std::make_shared<const core::AccuracyReport>(std::move(*acc));
        if (const core::AccuracyGroup* g = out.accuracy->group("serving latency"); g && g->rateHigh > 1.0)
            in.servingLatencyHigh = g->rateHigh;
    } else {
        out.warnings.push_back("no estimate ranges: " + acc.error().detail);
    }
    auto catalog = effectiveCatalog(store);
    if (!catalog)
        return catalog.error();
    out.catalogWarnings = std::move(catalog->warnings);
    // Instance networks the catalog rows do not state (SkyPilot and most price APIs list none): the cited table.
    if (auto nt = readBundledFile("instance_networks.json")) {
        if (auto table = core::parseInstanceNetworks(*nt, "instance_networks.json"))
            core::fillInstanceNetworks(catalog->offerings, *table);
        else
            out.warnings.push_back(table.error().detail + ": instance networks use the stated default");
    }
    in.offerings = std::make_shared<const std::vector<core::Offering>>(std::move(catalog->offerings));
    in.offeringIndex = core::indexOfferings(in.offerings);
    auto fx = effectiveFx(store);
    if (!fx)
        return fx.error();
    in.fx = std::move(*fx);
    // The catalog checks on what the planner reads: the Catalog page shows them, a plan notes those on its
    // recommendation.
    core::CatalogCheckOptions check;
    check.today = in.today;
    if (auto findings = catalogFindings(*in.offerings, in.fx, check))
        in.findings = std::make_shared<const std::vector<core::CatalogFinding>>(std::move(*findings));
    else
        out.warnings.push_back("catalog checks not run: " + findings.error().detail);

    if (auto st = readBundledFile("storage.json")) {
        if (auto rates = core::parseStorageRates(*st, "storage.json"))
            in.storage = std::make_shared<const std::vector<core::StorageRate>>(std::move(*rates));
        else
            out.warnings.push_back(rates.error().detail + ": storage and egress are not priced");
    } else {
        out.warnings.push_back(st.error().detail + ": storage and egress are not priced");
    }
    if (auto geo = loadGeography())
        in.geography = std::make_shared<const core::Geography>(std::move(*geo));
    else
        out.warnings.push_back("no regions or SLAs (" + geo.error().detail
            + "): carbon, network latency and SLA credits are not computed");
    if (auto apiText = readBundledFile("hosted_apis.json")) {
        if (auto apis = core::parseHostedApis(*apiText, "hosted_apis.json"))
            in.hostedApis = std::make_shared<const std::vector<core::HostedApi>>(std::move(*apis));
        else
            out.warnings.push_back(apis.error().detail + ": no hosted-API comparison");
    } else {
        out.warnings.push_back(apiText.error().detail + ": no hosted-API comparison");
    }

    auto calibrations = std::make_shared<core::CalibrationMap>();
    if (store) {
        if (auto d = store->discounts())
            in.discounts = *d;
        else
            out.warnings.push_back("negotiated discounts not read: " + d.error().detail);
        if (auto stored = store->calibrations()) {
            for (const auto& [id, json] : *stored) {
                if (auto p = core::parseProfile(json, "store:" + id, in.gpus.get()))
                    calibrations->emplace(p->gpuId, std::move(*p));
                else
                    out.warnings.push_back("calibration profile skipped: " + p.error().detail);
            }
        } else {
            out.warnings.push_back("calibration profiles not read: " + stored.error().detail);
        }
    }
    in.calibrations = std::move(calibrations);
    auto serving = std::make_shared<core::ServingCalibrationMap>();
    if (store) {
        if (auto stored = store->servingCalibrations()) {
            for (const auto& row : *stored) {
                auto c = core::parseServingCalibration(
                    row.json, "store:" + row.gpuId + "/" + row.family + "/" + row.engine, in.gpus.get());
                if (c) {
                    auto shared = std::make_shared<const core::ServingCalibration>(std::move(*c));
                    serving->emplace(core::keyOf(*shared), shared);
                } else {
                    out.warnings.push_back("serving calibration skipped: " + c.error().detail);
                }
            }
        } else {
            out.warnings.push_back("serving calibrations not read: " + stored.error().detail);
        }
    }
    in.servingCalibrations = std::move(serving);
    in.defaults = loadPlanDefaults(store, &out.warnings);
    return out;
}

} // namespace gpuplan::providers
