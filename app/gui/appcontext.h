#pragma once
// What the desktop app plans with: the bundled GPU and model catalogs, the price catalog (the store's active
// snapshots, else the bundled one), exchange rates with the user's edits, negotiated discounts, the
// accuracy report behind the ranges, and the SQLite store itself.

#include "core/accuracy.h"
#include "core/calibration.h"
#include "core/catalog.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/plan_inputs.h"
#include "core/pricing.h"
#include "core/regions.h"
#include "core/result.h"
#include "providers/planinputs.h"

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
    /// What every plan reads (providers::loadPlanInputs): catalogs, offerings, FX with the user's edits,
    /// discounts, calibrations and the plan defaults of Settings. Shared and immutable.
    core::PlanInputs inputs;
    std::shared_ptr<const core::AccuracyReport> accuracy; ///< null when the bundled tables failed
    std::vector<std::string> catalogWarnings;
    std::vector<std::string> warnings; ///< optional tables that could not be read
    QStringList providers;             ///< sorted, from the offerings
    QStringList regions;
    QStringList currencies; ///< USD first, then the FX table's
    /// The catalog checks on offerings() as of the plan date (today, UTC): inputs.findings, empty when not run.
    const std::vector<core::CatalogFinding>& findings() const;

    const std::vector<core::Offering>& offerings() const;
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
    /// The plan defaults of Settings (serving headroom, PUE, electricity price): saved in the store, so that
    /// `gpuplan-cli plan` uses them too, and applied to every plan from now on.
    core::Status setPlanDefaults(const core::PlanDefaults& defaults);
    const core::PlanDefaults& planDefaults() const { return m_defaults; }

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
    core::PlanDefaults m_defaults; ///< Settings' plan defaults (stored in the store when there is one)
    std::optional<providers::LoadedInputs> m_loaded; ///< as read, before the user's FX edits
    std::shared_ptr<const core::AccuracyReport> m_accuracy;
};

/// The store path the app uses: `--db` when given, else $GPUPLAN_DB, else Store::defaultPath().
std::filesystem::path resolveDbPath(const QString& commandLineDb);

} // namespace gpuplan::gui
