#pragma once
// Importing a price file into the store, the formats of `gpuplan-cli catalog import`, in the background with
// progress and cancel.

#include "core/catalog.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <atomic>
#include <filesystem>
#include <functional>

namespace gpuplan::providers {
class Store;
}

namespace gpuplan::gui {

struct ImportRequest
{
    QString file;
    QString format;   ///< gpuplan | skypilot | aws | aws-json | azure | gcp | alibaba | spot-advisor
    QString provider; ///< SkyPilot catalogs only
    QString asOf;     ///< YYYY-MM-DD, for files without a date of their own
    /// Import the accepted rows even when most rows are rejected (core::CatalogImport::mostlyRejected); the CLI's
    /// --accept-partial. Off, such a file is refused and nothing changes.
    bool acceptPartial = false;
};

struct ImportOutcome
{
    bool ok = false;
    bool cancelled = false;
    bool mostlyRejected = false; ///< refused: more than half the rows rejected and acceptPartial was off
    QString error;
    int offerings = 0;
    int prices = 0;
    QStringList warnings;
    int unlisted = 0; ///< problems beyond the listed warnings
    QList<long long> snapshots;
};

class CatalogImport
{
    Q_DECLARE_TR_FUNCTIONS(gpuplan::gui::CatalogImport)
public:
    /// The formats offered, (id, description).
    static QList<QPair<QString, QString>> formats();
    /// A guess at a file's format from its name and first bytes ("" when unknown).
    static QString guessFormat(const QString& file);
    /// Reads the file in its format (the AWS CSV is streamed). `store` gives the active AWS offerings the Spot
    /// Advisor annotates.
    static core::Result<core::CatalogImport> read(const ImportRequest& r, const providers::Store* store);
    /// Reads and imports into the store at `dbPath` (opened here: this runs on a worker thread) as one
    /// transaction. `progress` gets (done, total); `cancel` rolls everything back.
    static ImportOutcome run(const ImportRequest& r, const std::filesystem::path& dbPath,
        const std::function<void(std::size_t, std::size_t)>& progress, const std::atomic<bool>* cancel);
};

} // namespace gpuplan::gui
