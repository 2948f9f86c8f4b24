#pragma once

#include "core/catalog.h"
#include "core/pricing.h"
#include "core/result.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace gpuplan::providers {

/// The SQLite store: catalog snapshots (price history), negotiated discounts, saved scenarios and
/// calibration profiles, in one real file. Schema versioned with migrations; WAL; integrity checked on open.
class Store
{
public:
    /// Opens (creating if needed) and migrates the database. A damaged file is an error that names it and
    /// says how to recover (move it away; nothing else is touched). A store this process may not write (the
    /// file or its folder read-only) opens read-only: everything that reads works, everything that writes
    /// returns ErrorCode::ReadOnly saying so.
    static core::Result<std::unique_ptr<Store>> open(const std::filesystem::path& path);
    /// <app data>/gpuplan.sqlite (QStandardPaths::AppDataLocation, created when missing).
    static std::filesystem::path defaultPath();
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    bool readOnly() const { return m_readOnly; }
    int schemaVersion() const;

    struct Snapshot
    {
        long long id = 0;
        std::string provider;
        std::string source;
        std::string format;
        std::string importedAt; ///< ISO 8601 UTC
        int offerings = 0;
        int warnings = 0;
        bool active = false;
    };

    /// Imports offerings as one new snapshot per provider they name, in ONE transaction, and makes them the
    /// providers' active snapshots. Any failure (or `cancel`) rolls everything back: the previous active
    /// catalog stays exactly as it was. `progress` gets (rows done, rows total).
    core::Result<std::vector<long long>> importSnapshot(const std::vector<core::Offering>& offerings,
        const std::string& source, const std::string& format, int warnings,
        const std::function<void(std::size_t, std::size_t)>& progress = {}, const std::atomic<bool>* cancel = nullptr);
    /// Offerings of every provider's active snapshot.
    core::Result<std::vector<core::Offering>> activeOfferings() const;
    core::Result<std::vector<Snapshot>> snapshots() const;
    /// Makes an older snapshot the provider's active one again.
    core::Status activate(long long snapshotId);

    struct PricePoint
    {
        std::string importedAt;
        std::string asOf;
        std::string pricingModel;
        int termMonths = 0;
        std::string currency;
        double effectiveHourly = 0;
        long long snapshotId = 0;
    };
    /// One offering's prices across all snapshots, oldest first.
    core::Result<std::vector<PricePoint>> priceHistory(
        const std::string& provider, const std::string& region, const std::string& instanceType) const;

    /// Negotiated discounts per provider, fraction 0–1.
    core::Status setDiscount(const std::string& provider, double fraction);
    core::Result<std::map<std::string, double>> discounts() const;

    struct Scenario
    {
        long long id = 0;
        std::string name;
        std::string workloadJson;
        std::string updatedAt;
    };
    core::Result<long long> saveScenario(
        const std::string& name, const std::string& workloadJson, std::optional<long long> id = std::nullopt);
    /// The one scenario named `name` holds `workloadJson` afterwards, whoever else writes: an update of the row of
    /// that name (or an insert), in one transaction, and any other rows of that name removed. The app's autosave.
    core::Result<long long> replaceScenarioNamed(const std::string& name, const std::string& workloadJson);
    core::Result<std::vector<Scenario>> scenarios() const;
    core::Result<Scenario> scenario(long long id) const;
    /// How long a statement waits for another connection's write lock before failing with "database is locked"
    /// (default 5000 ms; the app's autosave uses less and retries later).
    void setBusyTimeout(int ms);
    core::Status renameScenario(long long id, const std::string& name);
    /// Deletes the scenario and the pool sizings stored with it, in one transaction.
    core::Status deleteScenario(long long id);

    /// A pool sizing stored with a scenario: what was asked (the app's page state, JSON) and the result
    /// ("gpuplan.pool-sizing/1", app/report/pool_output.h).
    struct PoolSizingRecord
    {
        long long id = 0;
        long long scenarioId = 0;
        std::string createdAt; ///< ISO 8601 UTC
        std::string requestJson;
        std::string resultJson;
    };
    /// Stores a pool sizing with the scenario `scenarioId` (which must exist); its id.
    core::Result<long long> savePoolResult(
        long long scenarioId, const std::string& requestJson, const std::string& resultJson);
    /// The pool sizings stored with a scenario, newest first.
    core::Result<std::vector<PoolSizingRecord>> poolResults(long long scenarioId) const;

    /// The id of the provider's active snapshot; empty when the provider has none (the bundled catalog applies).
    core::Result<std::optional<long long>> activeSnapshotId(const std::string& provider) const;

    /// What a server said about the last successful download of a URL (conditional requests: If-None-Match /
    /// If-Modified-Since), and the snapshot that download produced.
    struct HttpValidators
    {
        std::string etag;         ///< the ETag response header, verbatim (quotes and W/ included)
        std::string lastModified; ///< the Last-Modified response header, verbatim (an HTTP date)
        long long snapshotId = 0;
    };
    core::Result<std::optional<HttpValidators>> httpValidators(const std::string& url) const;
    core::Status saveHttpValidators(const std::string& url, const std::string& provider, const HttpValidators& v);

    /// Calibration profiles ("gpuplan.calibration/1" JSON) per GPU id.
    core::Status saveCalibration(const std::string& gpuId, const std::string& profileJson);
    core::Result<std::map<std::string, std::string>> calibrations() const;

    /// Serving calibrations ("gpuplan.serving-calibration/1" JSON) per GPU id, model family and engine: a new one
    /// replaces the one stored for the same three.
    struct StoredServingCalibration
    {
        std::string gpuId, family, engine, json, updatedAt;
    };
    core::Status saveServingCalibration(
        const std::string& gpuId, const std::string& family, const std::string& engine, const std::string& json);
    core::Result<std::vector<StoredServingCalibration>> servingCalibrations() const;

    /// Stores exchange rates (units per USD) as one new snapshot, in one transaction: a failure stores nothing and
    /// leaves the rates in use as they were.
    core::Result<long long> importFxSnapshot(const std::vector<core::FxRate>& rates, const std::string& source);
    /// Per currency the newest stored rate (latest as_of; the later fetch of two the same day), so an older file
    /// stored after a newer one rolls nothing back; empty when none was stored.
    core::Result<std::vector<core::FxRate>> activeFxRates() const;

    /// Plan defaults (PlanSetting keys in planinputs.h) as text; an empty value removes the key.
    core::Status setSetting(const std::string& key, const std::string& value);
    core::Result<std::map<std::string, std::string>> settings() const;

private:
    Store(sqlite3* db, std::filesystem::path path);
    core::Status exec(const char* sql);
    core::Status migrate();

    /// Ok, or the ReadOnly error for `what` ("importing a catalog") on a read-only store.
    core::Status writable(const char* what) const;

    sqlite3* m_db = nullptr;
    std::filesystem::path m_path;
    bool m_readOnly = false;
};

/// The catalog the planner uses: for each provider the store's active snapshot when it has one, else the
/// bundled pricing-data/catalog. Without a store: the bundled catalog.
core::Result<core::CatalogImport> effectiveCatalog(const Store* store);
/// The exchange rates the planner uses: per currency the newer of the bundled pricing-data/fx.json rate and the
/// store's newest fetched one (the fetched one on the same day). Without a store: the bundled rates.
core::Result<core::FxTable> effectiveFx(const Store* store);

} // namespace gpuplan::providers
