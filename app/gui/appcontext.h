#pragma once
// What the desktop app plans with: the bundled GPU and model catalogs, the price catalog (the store's active
// snapshots, else the bundled one), exchange rates with the user's edits, negotiated discounts, the
// accuracy report behind the ranges, and the SQLite store itself.

#include "core/accuracy.h"
#include "core/calibration.h"
#include "core/catalog.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/pricing.h"
#include "core/regions.h"
#include "core/result.h"

#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::providers {
class Store;
}

namespace gpuplan::gui {

/// One immutable view of the catalogs. Plans point into it (GPU specs), so a plan holds it alive; a new
/// import or edit makes a new one.
struct CatalogData
{
    std::shared_ptr<const core::GpuCatalog> gpus;
    std::shared_ptr<const core::ModelCatalog> models;
    std::shared_ptr<const core::AccuracyReport> accuracy; ///< null when the bundled tables failed
    std::shared_ptr<const core::Geography> geography;     ///< regions, user locations, SLAs; null when unreadable
    std::vector<core::Offering> offerings;
    std::vector<std::string> catalogWarnings;
    core::FxTable fx; ///< bundled rates with the user's edits applied
    std::map<std::string, double> discounts;
    QStringList providers; ///< sorted, from the offerings
    QStringList regions;
    QStringList currencies; ///< USD first, then the FX table's
    /// Calibration profiles in the store (gpuplan-probe), per catalog GPU id; every plan uses them.
    std::shared_ptr<const std::map<std::string, core::CalibrationProfile>> calibrations;
};

class AppContext : public QObject
{
    Q_OBJECT
public:
    /// Loads the bundled catalogs and opens the store at `dbPath` (empty: no store). A store that cannot be
    /// opened is reported by storeError(); the app runs without one.
    static core::Result<std::unique_ptr<AppContext>> create(const std::filesystem::path& dbPath);
    ~AppContext() override;

    std::shared_ptr<const CatalogData> data() const { return m_data; }
    providers::Store* store() const { return m_store.get(); }
    QString storeError() const { return m_storeError; }
    std::filesystem::path dbPath() const { return m_dbPath; }

    /// User-edited exchange rates (units per USD) that replace the bundled ones.
    void setFxOverrides(const QMap<QString, double>& perUsd);
    QMap<QString, double> fxOverrides() const { return m_fxOverrides; }
    /// Re-reads the store's active snapshots and discounts (after an import or a discount change).
    core::Status reload();
    /// Re-reads the store's calibration profiles (after a measurement or an import); the plan uses them.
    core::Status reloadCalibrations();

Q_SIGNALS:
    /// A new CatalogData is current.
    void dataChanged();

private:
    AppContext() = default;
    core::Status rebuild(bool rereadCatalog);

    std::shared_ptr<const CatalogData> m_data;
    std::unique_ptr<providers::Store> m_store;
    std::filesystem::path m_dbPath;
    QString m_storeError;
    QMap<QString, double> m_fxOverrides;
    core::FxTable m_bundledFx;
    core::CatalogImport m_catalog;
    std::shared_ptr<const core::GpuCatalog> m_gpus;
    std::shared_ptr<const core::ModelCatalog> m_models;
    std::shared_ptr<const core::AccuracyReport> m_accuracy;
    std::shared_ptr<const core::Geography> m_geography;
};

/// The store path the app uses: `--db` when given, else $GPUPLAN_DB, else Store::defaultPath().
std::filesystem::path resolveDbPath(const QString& commandLineDb);

} // namespace gpuplan::gui
