#include "catalogfile.h"

#include "store.h"

#include "providers/importers/registry.h"

#include <filesystem>
#include <fstream>

namespace gpuplan::providers {

core::Result<core::CatalogImport> readCatalogFile(const std::string& file, const std::string& format,
    const std::string& provider, const std::string& asOf, const providers::Store* store, const std::string& source)
{
    const importers::Format* f = importers::findFormat(format);
    if (!f)
        return core::Error {core::ErrorCode::InvalidInput,
            "the format must be one of " + importers::formatIds() + ", got \"" + format + "\""};
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec))
        return core::Error {core::ErrorCode::Io, file + ": is a directory, expected a file"};
    std::ifstream in(std::filesystem::path(file), std::ios::binary);
    if (!in)
        return core::Error {core::ErrorCode::Io, file + ": cannot open file"};
    importers::ImportRequest r;
    r.fileName = file;
    r.provider = provider;
    r.asOf = asOf;
    r.source = !source.empty() ? source : file + " (" + format + (asOf.empty() ? "" : ", imported " + asOf) + ")";
    std::optional<core::CatalogImport> base;
    if (f->needsBase) {
        auto effective = effectiveCatalog(store);
        if (!effective)
            return effective.error();
        base = std::move(*effective);
        r.base = &base->offerings;
    }
    return f->read(in, r);
}

} // namespace gpuplan::providers
