#include "catalogimport.h"

#include "errortext.h"

#include "format.h"
#include "providers/bundled.h"
#include "providers/catalogfile.h"
#include "providers/importers/registry.h"
#include "providers/store.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <fstream>

namespace gpuplan::gui {

QList<QPair<QString, QString>> CatalogImport::formats()
{
    // The importers' registry, names translated by id (lupdate collects them from providers/importers/registry.cpp).
    QList<QPair<QString, QString>> out;
    for (const auto& f : importers::formats())
        out.append({qs(f.id), QCoreApplication::translate("gpuplan::importers", f.displayName.c_str())});
    return out;
}

QString CatalogImport::guessFormat(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(64 * 1024);
    const std::string suffix = QFileInfo(file).suffix().toLower().toStdString();
    const importers::Format* format
        = importers::guessFormat(std::string_view(head.constData(), static_cast<std::size_t>(head.size())), suffix);
    return format ? qs(format->id) : QString();
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
        out.error = ErrorText::describe(store.error());
        return out;
    }
    auto imported = read(r, store->get());
    if (!imported) {
        out.error = ErrorText::describe(imported.error());
        return out;
    }
    for (const auto& w : imported->warnings)
        out.warnings << QString::fromStdString(w);
    out.unlisted = static_cast<int>(imported->unlisted);
    if (imported->offerings.empty()) {
        out.error = tr("%1: no offerings found; the catalog is unchanged").arg(r.file);
        return out;
    }
    out.offerings = static_cast<int>(imported->offerings.size());
    out.prices = static_cast<int>(imported->prices());
    // The rule of `catalog import`: a file whose rows are mostly rejected is a broken file or a changed format;
    // storing the few good rows would replace the provider's catalog with a fraction of it.
    if (imported->mostlyRejected() && !r.acceptPartial) {
        out.mostlyRejected = true;
        out.error = tr("%1: %2 problems against %3 accepted prices (more than %4 % of the rows rejected); nothing "
                       "was imported and the catalog is unchanged. Fix the file, or import again with \"Import "
                       "what is good\" ticked.")
                        .arg(r.file)
                        .arg(imported->problems())
                        .arg(out.prices)
                        .arg(static_cast<int>(core::maxRejectedFraction * 100));
        return out;
    }
    if (cancel && cancel->load()) {
        out.cancelled = true;
        return out;
    }
    auto ids = (*store)->importSnapshot(imported->offerings, r.file.toStdString(), r.format.toStdString(),
        static_cast<int>(imported->problems()), progress, cancel);
    if (!ids) {
        out.cancelled = ids.error().code == core::ErrorCode::Cancelled;
        out.error = out.cancelled ? tr("Cancelled: nothing was imported and the catalog is unchanged.")
                                  : ErrorText::describe(ids.error());
        return out;
    }
    for (long long id : *ids)
        out.snapshots << id;
    out.ok = true;
    return out;
}

} // namespace gpuplan::gui
