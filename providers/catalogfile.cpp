#include "catalogfile.h"

#include "bundled.h"
#include "store.h"

#include "core/importers.h"

#include <filesystem>
#include <fstream>

namespace gpuplan::providers {

core::Result<core::CatalogImport> readCatalogFile(const std::string& file, const std::string& format,
    const std::string& provider, const std::string& asOf, const providers::Store* store)
{
    const std::string source = file + " (" + format + ", imported " + asOf + ")";
    if (format == "aws") {
        std::ifstream in(std::filesystem::path(file), std::ios::binary);
        if (!in)
            return core::Error {core::ErrorCode::Io, file + ": cannot open file"};
        return core::importAwsOfferCsv(in, file, asOf, source);
    }
    auto text = providers::readTextFile(file);
    if (!text)
        return text.error();
    if (format == "gpuplan")
        return core::parseNativeCatalog(*text, file);
    if (format == "skypilot") {
        if (provider.empty())
            return core::Error {core::ErrorCode::InvalidInput,
                file + ": SkyPilot catalogs need the provider they list (aws, gcp, lambda, …)"};
        return core::importSkyPilotCsv(*text, file, provider, asOf, source);
    }
    if (format == "aws-json")
        return core::importAwsOfferJson(*text, file, asOf, source);
    if (format == "azure") {
        auto page = core::importAzureRetailPrices(*text, file, asOf, source);
        if (!page)
            return page.error();
        return std::move(page->catalog);
    }
    if (format == "gcp") {
        auto page = core::importGcpSkus(*text, file, asOf, source);
        if (!page)
            return page.error();
        return std::move(page->catalog);
    }
    if (format == "alibaba")
        return core::importAlibabaInstancePrice(*text, file, asOf, source);
    if (format == "spot-advisor") {
        auto advisor = core::importAwsSpotAdvisor(*text, file);
        if (!advisor)
            return advisor.error();
        auto base = providers::effectiveCatalog(store);
        if (!base)
            return base.error();
        core::CatalogImport out;
        for (auto& o : base->offerings)
            if (o.provider == "aws")
                out.offerings.push_back(std::move(o));
        const std::size_t n = core::applySpotAdvisor(out.offerings, *advisor);
        out.warnings = advisor->warnings;
        if (n == 0)
            out.warnings.push_back(file + ": no AWS spot price matched the advisor's regions and instance types");
        return out;
    }
    return core::Error {core::ErrorCode::InvalidInput,
        "the format must be one of gpuplan|skypilot|aws|aws-json|azure|gcp|alibaba|spot-advisor, got \"" + format
            + "\""};
}

} // namespace gpuplan::providers
