#include "registry.h"

#include <iterator>
#include <sstream>

// Qt's lupdate collects the display names below into the app's translation (the app translates them by id with
// the context "gpuplan::importers"); no Qt is needed here.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace gpuplan::importers {

namespace {

using core::CatalogImport;
using core::Error;
using core::ErrorCode;
using core::Result;

/// A format read whole (at most `maxBytes`) and parsed by `parse(text, request)`.
template<typename Parse> auto whole(Parse parse, std::size_t maxBytes = maxWholeFileBytes)
{
    return [parse, maxBytes](std::istream& in, const ImportRequest& r) -> Result<CatalogImport> {
        auto text = readWhole(in, r.fileName, maxBytes);
        if (!text)
            return text.error();
        return parse(*text, r);
    };
}

bool has(std::string_view head, std::string_view needle)
{
    return head.find(needle) != std::string_view::npos;
}

std::string sourceOf(const ImportRequest& r)
{
    return r.source.empty() ? r.fileName : r.source;
}

} // namespace

Result<std::string> readWhole(std::istream& in, const std::string& fileName, std::size_t maxBytes)
{
    std::string text;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > maxBytes)
            return Error {ErrorCode::LimitExceeded,
                fileName + ": larger than " + std::to_string(maxBytes / (1024 * 1024))
                    + " MiB, the most gpuplan reads of a file it reads whole (split it, or use a streaming format)"};
    }
    if (in.bad())
        return Error {ErrorCode::Io, fileName + ": read error"};
    return text;
}

const std::vector<Format>& formats()
{
    static const std::vector<Format> all = [] {
        std::vector<Format> f;
        f.push_back({"gpuplan", QT_TRANSLATE_NOOP("gpuplan::importers", "gpuplan catalog (gpuplan.catalog/1 JSON)"),
            {"*.json"}, false, false, [](auto h, auto) { return has(h, "gpuplan.catalog/1"); },
            whole([](const std::string& t, const ImportRequest& r) { return parseNativeCatalog(t, r.fileName); })});
        f.push_back({"skypilot", QT_TRANSLATE_NOOP("gpuplan::importers", "SkyPilot catalog CSV"), {"*.csv"}, true,
            false, [](auto, auto s) { return s == "csv"; },
            whole([](const std::string& t, const ImportRequest& r) -> Result<CatalogImport> {
                if (r.provider.empty())
                    return Error {ErrorCode::InvalidInput,
                        r.fileName + ": SkyPilot catalogs need the provider they list (aws, gcp, lambda, …)"};
                return importSkyPilotCsv(t, r.fileName, r.provider, r.asOf, sourceOf(r));
            })});
        f.push_back(
            {"aws", QT_TRANSLATE_NOOP("gpuplan::importers", "AWS Price List offer file (CSV)"), {"*.csv"}, false, false,
                [](auto h, auto s) {
                    return s == "csv" && (has(h, "SKU") || has(h, "Publication Date") || has(h, "OfferingClass"));
                },
                [](std::istream& in, const ImportRequest& r) {
                    return importAwsOfferCsv(in, r.fileName, r.asOf, sourceOf(r));
                }});
        f.push_back({"aws-json", QT_TRANSLATE_NOOP("gpuplan::importers", "AWS Price List offer file (JSON)"),
            {"*.json"}, false, false, [](auto h, auto) { return has(h, "\"offerCode\"") || has(h, "\"products\""); },
            whole([](const std::string& t, const ImportRequest& r) {
                return importAwsOfferJson(t, r.fileName, r.asOf, sourceOf(r));
            })});
        f.push_back({"azure", QT_TRANSLATE_NOOP("gpuplan::importers", "Azure Retail Prices API page (JSON)"),
            {"*.json"}, false, false, [](auto h, auto) { return has(h, "\"Items\"") || has(h, "NextPageLink"); },
            whole([](const std::string& t, const ImportRequest& r) -> Result<CatalogImport> {
                auto page = importAzureRetailPrices(t, r.fileName, r.asOf, sourceOf(r));
                if (!page)
                    return page.error();
                return std::move(page->catalog);
            })});
        f.push_back({"gcp", QT_TRANSLATE_NOOP("gpuplan::importers", "GCP Cloud Billing Catalog SKU page (JSON)"),
            {"*.json"}, false, false, [](auto h, auto) { return has(h, "\"skus\"") || has(h, "\"skuId\""); },
            whole([](const std::string& t, const ImportRequest& r) -> Result<CatalogImport> {
                auto page = importGcpSkus(t, r.fileName, r.asOf, sourceOf(r));
                if (!page)
                    return page.error();
                return std::move(page->catalog);
            })});
        f.push_back({"gcp-pricing",
            QT_TRANSLATE_NOOP("gpuplan::importers", "GCP pricing.yml (Cyclenerd's Cloud Billing Catalog export, YAML)"),
            {"*.yml", "*.yaml"}, false, false,
            [](auto h, auto s) {
                return (s == "yml" || s == "yaml") && has(h, "compute:")
                    && (has(h, "google-cloud-pricing-cost-calculator") || has(h, "instance:"));
            },
            whole([](const std::string& t,
                      const ImportRequest& r) { return importGcpPricingYaml(t, r.fileName, r.asOf, sourceOf(r)); },
                maxYamlBytes)});
        f.push_back({"alibaba", QT_TRANSLATE_NOOP("gpuplan::importers", "Alibaba Cloud instancePrice.json"), {"*.json"},
            false, false,
            [](auto h, auto) { return has(h, "\"pricingInfo\"") || has(h, "::vpc::") || has(h, "publicationDate"); },
            whole([](const std::string& t, const ImportRequest& r) {
                return importAlibabaInstancePrice(t, r.fileName, r.asOf, sourceOf(r));
            })});
        f.push_back(
            {"spot-advisor", QT_TRANSLATE_NOOP("gpuplan::importers", "AWS Spot Advisor data (JSON)"), {"*.json"}, false,
                true, [](auto h, auto) { return has(h, "\"spot_advisor\"") || has(h, "\"instance_types\""); },
                whole([](const std::string& t, const ImportRequest& r) -> Result<CatalogImport> {
                    auto advisor = importAwsSpotAdvisor(t, r.fileName);
                    if (!advisor)
                        return advisor.error();
                    CatalogImport out;
                    if (r.base)
                        for (const auto& o : *r.base)
                            if (o.provider == "aws")
                                out.offerings.push_back(o);
                    const std::size_t n = applySpotAdvisor(out.offerings, *advisor, sourceOf(r));
                    out.warnings = advisor->warnings;
                    if (n == 0)
                        out.warnings.push_back(
                            r.fileName + ": no AWS spot price matched the advisor's regions and instance types");
                    return out;
                })});
        // Every format keeps at most maxListedProblems problems as text (the importers cap once per row).
        for (auto& format : f)
            format.read = [read = std::move(format.read)](std::istream& in, const ImportRequest& r) {
                auto result = read(in, r);
                if (result) {
                    core::repairImportText(*result, r.fileName);
                    result->capProblems();
                }
                return result;
            };
        return f;
    }();
    return all;
}

const Format* findFormat(std::string_view id)
{
    for (const auto& f : formats())
        if (f.id == id)
            return &f;
    return nullptr;
}

const Format* guessFormat(std::string_view head, std::string_view suffix)
{
    // The most specific first: the native schema, the AWS CSV (a SkyPilot CSV has none of its columns), then the
    // JSON shapes, Alibaba (whose keys are loose) last.
    for (const char* id :
        {"gpuplan", "aws", "skypilot", "azure", "gcp", "gcp-pricing", "spot-advisor", "aws-json", "alibaba"})
        if (const Format* f = findFormat(id); f && f->recognizes && f->recognizes(head, suffix))
            return f;
    return nullptr;
}

std::string formatIds(std::string_view separator)
{
    std::string out;
    for (const auto& f : formats())
        out += (out.empty() ? "" : std::string(separator)) + f.id;
    return out;
}

} // namespace gpuplan::importers
