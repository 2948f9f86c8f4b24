#include "update.h"

#include "providers/bundled.h"
#include "providers/clock.h"
#include "providers/importers/importers.h"
#include "providers/importers/registry.h"
#include "providers/store.h"

#include <QDir>
#include <QTemporaryFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

namespace gpuplan::providers::fetch {

namespace {

/// A transport whose requests all end by one deadline (the refresh's), unless a request sets an earlier one.
class DeadlineTransport : public Transport
{
public:
    DeadlineTransport(Transport& inner, std::chrono::steady_clock::time_point deadline)
        : m_inner(inner)
        , m_deadline(deadline)
    { }
    using Transport::get;
    core::Result<Response> get(
        const Request& request, BodySink& sink, const Progress& progress, const std::atomic<bool>* cancel) override
    {
        Request r = request;
        r.deadline = r.deadline ? std::min(*r.deadline, m_deadline) : m_deadline;
        return m_inner.get(r, sink, progress, cancel);
    }

private:
    Transport& m_inner;
    std::chrono::steady_clock::time_point m_deadline;
};

using core::Error;
using core::ErrorCode;

// Default locations (each a setting: UpdateOptions::endpoint).
// Azure Retail Prices API: https://learn.microsoft.com/rest/api/cost-management/retail-prices/azure-retail-prices
constexpr const char* azureDefault = "https://prices.azure.com/api/retail/prices";
// 2023-01-01-preview is the version that carries savingsPlan[] (same page).
constexpr const char* azureApiVersion = "2023-01-01-preview";
// AWS Price List bulk API (no credentials): /offers/v1.0/aws/index.json lists currentRegionIndexUrl per service.
constexpr const char* awsDefault = "https://pricing.us-east-1.amazonaws.com";
constexpr const char* awsRegionIndex = "/offers/v1.0/aws/AmazonEC2/current/region_index.json";
// AWS Spot Advisor's data file, the one the Spot Instance Advisor page
// (https://aws.amazon.com/ec2/spot/instance-advisor/) reads.
constexpr const char* awsSpotDefault = "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json";
// Alibaba's public price list (international site, USD). The path carries a version of Alibaba's price-page
// package; 2.0.375 is the newest we have seen cited for instancePrice.json (sparecores' Alibaba crawler). When
// Alibaba publishes a newer one, pass it with --endpoint.
constexpr const char* alibabaDefault
    = "https://g.alicdn.com/aliyun/ecs-price-info-intl/2.0.375/price/download/instancePrice.json";
// GCP Cloud Billing Catalog; 6F81-5844-456A is Compute Engine. pageSize 5000 is the API's maximum.
constexpr const char* gcpDefault = "https://cloudbilling.googleapis.com";
constexpr const char* gcpSkus = "/v1/services/6F81-5844-456A/skus?currencyCode=USD&pageSize=5000";
// Cyclenerd's pricing.yml on its repository's default branch, rebuilt there by its CI from the Cloud Billing Catalog
// (https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator, README "pricing.yml"); no key needed.
constexpr const char* gcpPricingDefault
    = "https://raw.githubusercontent.com/Cyclenerd/google-cloud-pricing-cost-calculator/master/pricing.yml";
// SkyPilot's hosted catalogs (sky/skylet/constants.py HOSTED_CATALOG_DIR_URL, CATALOG_SCHEMA_VERSION v8).
constexpr const char* skypilotDefault
    = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8";

// The ECB's euro foreign exchange reference rates, updated around 16:00 CET on TARGET business days
// (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html).
constexpr const char* fxDefault = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
constexpr std::uint64_t fxLimit = 1 * 1024 * 1024; // the daily file is ~1.6 kB, the 90-day one ~35 kB

// SkyPilot v8 clouds with a vms.csv (github.com/skypilot-org/skypilot-catalog, catalogs/v8/<cloud>/vms.csv).
const char* const skypilotClouds[]
    = {"aws", "azure", "gcp", "lambda", "runpod", "vast", "nebius", "verda", "shadeform", "cudo", "oci", "hyperbolic",
        "hyperstack", "jarvislabs", "lium", "mithril", "primeintellect", "seeweb", "spheron", "yotta", "daytona"};

// Largest bodies accepted, per kind of document. The real files: an EC2 regional offer CSV is up to ~1 GB
// (us-east-1), the Spot Advisor file ~1 MB, instancePrice.json tens of MB, a SkyPilot CSV 2–4 MB, an API page < 1 MB.
constexpr std::uint64_t MiB = 1ull << 20;
constexpr std::uint64_t awsOfferLimit = 8192 * MiB;
constexpr std::uint64_t indexLimit = 16 * MiB;
constexpr std::uint64_t pageLimit = 64 * MiB;
constexpr std::uint64_t fileLimit = 256 * MiB;

std::string stripSlash(std::string s)
{
    while (!s.empty() && s.back() == '/')
        s.pop_back();
    return s;
}

bool isHttpUrl(std::string_view s)
{
    return s.rfind("http://", 0) == 0 || s.rfind("https://", 0) == 0;
}

/// Region names as the providers spell them: lower-case letters, digits and '-'. Anything else could change the
/// meaning of an OData filter or a path.
bool isRegionName(std::string_view s)
{
    return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

/// RFC 3986 percent-encoding of a query value (unreserved characters stay).
std::string percentEncode(std::string_view s)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
            || c == '_' || c == '~')
            out += static_cast<char>(c);
        else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::size_t countPrices(const std::vector<core::Offering>& offerings)
{
    std::size_t n = 0;
    for (const auto& o : offerings)
        n += o.prices.size();
    return n;
}

/// A body streamed into a temporary file (removed with the sink), read back by an importer through std::ifstream.
class TempFileSink final : public BodySink
{
public:
    TempFileSink()
        : m_file(QDir::tempPath() + QStringLiteral("/gpuplan-fetch-XXXXXX"))
    { }
    core::Status open()
    {
        if (!m_file.open())
            return Error {ErrorCode::Io,
                "cannot create a temporary file in " + QDir::tempPath().toStdString() + ": "
                    + m_file.errorString().toStdString()};
        return core::Ok {};
    }
    core::Status reset() override
    {
        if (!m_file.resize(0) || !m_file.seek(0))
            return failure();
        return core::Ok {};
    }
    core::Status write(std::string_view chunk) override
    {
        if (m_file.write(chunk.data(), static_cast<qint64>(chunk.size())) != static_cast<qint64>(chunk.size()))
            return failure();
        return core::Ok {};
    }
    core::Status finish()
    {
        if (!m_file.flush())
            return failure();
        return core::Ok {};
    }
    std::filesystem::path path() const { return std::filesystem::path(m_file.fileName().toStdU16String()); }

private:
    core::Error failure() const
    {
        return Error {ErrorCode::Io,
            m_file.fileName().toStdString()
                + ": cannot write the download (disk full?): " + m_file.errorString().toStdString()};
    }
    QTemporaryFile m_file;
};

/// A document that was read (or answered 304), with the validators to remember once the import is stored.
struct Document
{
    std::string url;
    std::string etag;
    std::string lastModified;
};

/// What a fetcher hands back before anything is stored.
struct Fetched
{
    core::CatalogImport catalog;
    std::size_t acceptedRows = 0; ///< prices the importers accepted, before any filter of ours
    bool unchanged = false;
    std::vector<Document> documents;
    std::size_t pages = 0;
    std::uint64_t bytes = 0;
    std::vector<std::string> notes;
};

/// Everything a fetcher needs.
class Context
{
public:
    Context(Store& s, Transport& t, const UpdateOptions& o, const UpdateProgress& p, const std::atomic<bool>* c,
        std::string providerId)
        : store(s)
        , transport(t)
        , options(o)
        , cancel(c)
        , provider(std::move(providerId))
        , m_progress(p)
    { }

    Store& store;
    Transport& transport;
    const UpdateOptions& options;
    const std::atomic<bool>* cancel;
    std::string provider;
    std::string asOf;
    std::vector<core::Offering> current; ///< the provider's offerings in the effective catalog before the refresh

    /// A Transport progress callback that reports `step`.
    Progress progressFor(const std::string& step)
    {
        return [this, step](const TransferProgress& t) {
            if (!m_progress)
                return true;
            UpdateStatus s;
            s.source = options.source;
            s.step = step;
            s.url = t.url;
            s.done = t.done;
            s.total = t.total;
            s.waiting = t.waiting;
            return m_progress(s);
        };
    }
    bool report(const UpdateStatus& s) const { return !m_progress || m_progress(s); }

    /// The validators to send for `url`: only when the provider's active snapshot is the one the last download of
    /// that URL produced (a 304 then really means "what you have is current").
    core::Result<std::optional<Store::HttpValidators>> validatorsFor(const std::string& url)
    {
        if (!m_active) {
            auto a = store.activeSnapshotId(provider);
            if (!a)
                return a.error();
            m_active = *a ? **a : -1;
        }
        auto v = store.httpValidators(url);
        if (!v)
            return v.error();
        if (!*v || (*v)->snapshotId != *m_active || ((*v)->etag.empty() && (*v)->lastModified.empty()))
            return std::optional<Store::HttpValidators>();
        return *v;
    }

    /// GET with conditional headers when validatorsFor allows them.
    core::Result<Response> conditionalGet(Request req, BodySink* sink, const std::string& step)
    {
        auto v = validatorsFor(req.url);
        if (!v)
            return v.error();
        if (*v) {
            req.ifNoneMatch = (*v)->etag;
            req.ifModifiedSince = (*v)->lastModified;
        }
        if (sink)
            return transport.get(req, *sink, progressFor(step), cancel);
        return transport.get(req, progressFor(step), cancel);
    }

private:
    const UpdateProgress& m_progress;
    std::optional<long long> m_active;
};

Error remote(const std::string& where, const std::string& detail)
{
    return Error {ErrorCode::Network, where + ": " + detail};
}

/// An importer's error about a fetched document is a remote failure: the server sent something we cannot use.
Error remote(const std::string& where, const Error& e)
{
    return Error {e.code == ErrorCode::Io ? ErrorCode::Io : ErrorCode::Network, where + ": " + e.detail};
}

// ---------------------------------------------------------------------------------------------------------------
// Azure Retail Prices API

std::string azureUrl(const std::string& base, const std::vector<std::string>& regions)
{
    // GPU VM families: NC (compute), ND (deep learning), NG (Radeon gaming), NV (visualisation). Filter values are
    // case-sensitive from API version 2023-01-01-preview on, and every arm SKU name starts "Standard_".
    std::string filter = "serviceName eq 'Virtual Machines' and (contains(armSkuName, 'Standard_NC') or "
                         "contains(armSkuName, 'Standard_ND') or contains(armSkuName, 'Standard_NG') or "
                         "contains(armSkuName, 'Standard_NV'))";
    if (!regions.empty()) {
        filter += " and (";
        for (std::size_t i = 0; i < regions.size(); ++i)
            filter += (i ? " or " : "") + std::string("armRegionName eq '") + regions[i] + "'";
        filter += ")";
    }
    return base + (base.find('?') == std::string::npos ? "?" : "&") + "api-version=" + azureApiVersion
        + "&$filter=" + percentEncode(filter);
}

core::Result<Fetched> fetchAzure(Context& c, const std::string& base)
{
    Fetched f;
    std::string url = azureUrl(base, c.options.regions);
    std::set<std::string> seen;
    const std::string source = "Azure Retail Prices API " + redactUrl(base);
    for (int page = 1;; ++page) {
        if (page > c.options.maxPages)
            return remote("page " + std::to_string(page) + " (" + redactUrl(url) + ")",
                "more than " + std::to_string(c.options.maxPages)
                    + " pages and NextPageLink is still not empty (a paging loop? the page limit is a setting)");
        seen.insert(url);
        Request req;
        req.url = url;
        req.maxBytes = c.options.maxBytes ? c.options.maxBytes : pageLimit;
        auto r = c.transport.get(req, c.progressFor("page " + std::to_string(page)), c.cancel);
        const std::string where = "page " + std::to_string(page) + " (" + redactUrl(url) + ")";
        if (!r)
            return Error {r.error().code, "page " + std::to_string(page) + ": " + r.error().detail};
        ++f.pages;
        f.bytes += r->bytes;
        auto parsed = importers::importAzureRetailPrices(r->body, "azure page " + std::to_string(page), c.asOf, source);
        if (!parsed)
            return remote(where, parsed.error());
        f.acceptedRows += countPrices(parsed->catalog.offerings);
        importers::mergeImports(f.catalog, std::move(parsed->catalog));
        if (parsed->next.empty())
            break;
        if (!isHttpUrl(parsed->next))
            return remote(where, "NextPageLink is not an http(s) URL: \"" + redactUrl(parsed->next) + "\"");
        if (seen.count(parsed->next))
            return remote(where, "NextPageLink points back at an earlier page (" + redactUrl(parsed->next) + ")");
        url = parsed->next;
    }
    f.notes.push_back("read " + std::to_string(f.pages) + " page" + (f.pages == 1 ? "" : "s")
        + " of GPU VM prices (NC, ND, NG, NV families)");
    return f;
}

// ---------------------------------------------------------------------------------------------------------------
// AWS Price List: region index → regional offer CSV, streamed into importAwsOfferCsv

core::Result<Fetched> fetchAws(Context& c, const std::string& base)
{
    Fetched f;
    const std::string indexUrl = base + awsRegionIndex;
    Request idx;
    idx.url = indexUrl;
    idx.maxBytes = indexLimit;
    auto r = c.transport.get(idx, c.progressFor("region index"), c.cancel);
    if (!r)
        return Error {r.error().code, "region index: " + r.error().detail};
    ++f.pages;
    f.bytes += r->bytes;
    const std::string where = "region index (" + redactUrl(indexUrl) + ")";
    std::map<std::string, std::string> versionUrl; // region → currentVersionUrl
    {
        const auto j = nlohmann::json::parse(r->body, nullptr, false);
        if (j.is_discarded())
            return remote(where, "not valid JSON");
        if (!j.is_object() || !j.contains("regions") || !j["regions"].is_object())
            return remote(where, "/regions: must be an object (has the format changed?)");
        for (const auto& [region, entry] : j["regions"].items()) {
            if (!entry.is_object() || !entry.contains("currentVersionUrl") || !entry["currentVersionUrl"].is_string())
                return remote(where, "/regions/" + region + "/currentVersionUrl: must be a string");
            versionUrl[region] = entry["currentVersionUrl"].get<std::string>();
        }
        if (versionUrl.empty())
            return remote(where, "/regions: empty");
    }
    // Which regions: asked for, else those the current AWS catalog covers.
    std::set<std::string> wanted;
    const auto& asked = c.options.regions;
    if (std::find(asked.begin(), asked.end(), "all") != asked.end()) {
        for (const auto& [region, u] : versionUrl)
            wanted.insert(region);
    } else if (!asked.empty()) {
        for (const auto& region : asked) {
            if (!versionUrl.count(region))
                return Error {ErrorCode::InvalidInput,
                    "region " + region + " is not in the AWS region index (" + redactUrl(indexUrl) + ")"};
            wanted.insert(region);
        }
    } else {
        for (const auto& o : c.current)
            if (versionUrl.count(o.region))
                wanted.insert(o.region);
        if (wanted.empty())
            wanted.insert(versionUrl.count("us-east-1") ? "us-east-1" : versionUrl.begin()->first);
        std::string list;
        for (const auto& w : wanted)
            list += (list.empty() ? "" : ", ") + w;
        f.notes.push_back("regions of the current AWS catalog: " + list + " (--region all reads every region)");
    }
    std::set<std::string> unchangedRegions;
    for (const auto& region : wanted) {
        std::string rel = versionUrl[region];
        // The index names the JSON offer file; the CSV beside it is the same data and streams row by row.
        if (rel.size() >= 5 && rel.compare(rel.size() - 5, 5, ".json") == 0)
            rel.replace(rel.size() - 5, 5, ".csv");
        const std::string url = isHttpUrl(rel) ? rel : base + (rel.rfind('/', 0) == 0 ? "" : "/") + rel;
        const std::string at = region + " (" + redactUrl(url) + ")";
        TempFileSink sink;
        if (auto st = sink.open(); !st)
            return st.error();
        Request req;
        req.url = url;
        req.maxBytes = c.options.maxBytes ? c.options.maxBytes : awsOfferLimit;
        auto got = c.conditionalGet(req, &sink, region);
        if (!got)
            return Error {got.error().code, region + ": " + got.error().detail};
        ++f.pages;
        f.bytes += got->bytes;
        if (got->notModified()) {
            unchangedRegions.insert(region);
            auto v = c.validatorsFor(url);
            f.documents.push_back({url, *v ? (*v)->etag : "", *v ? (*v)->lastModified : ""});
            continue;
        }
        if (auto st = sink.finish(); !st)
            return st.error();
        std::ifstream in(sink.path(), std::ios::binary);
        if (!in)
            return Error {ErrorCode::Io, sink.path().string() + ": cannot read the download back"};
        if (!c.report({c.options.source, region, redactUrl(url), got->bytes, got->bytes, false, false}))
            return remote(at, "cancelled");
        auto imported = importers::importAwsOfferCsv(
            in, "aws " + region + " offer file", c.asOf, "AWS Price List " + redactUrl(url));
        if (!imported)
            return remote(at, imported.error());
        f.acceptedRows += countPrices(imported->offerings);
        importers::mergeImports(f.catalog, std::move(*imported));
        f.documents.push_back({url, got->etag, got->lastModified});
    }
    if (unchangedRegions.size() == wanted.size()) {
        f.unchanged = true;
        return f;
    }
    if (!unchangedRegions.empty()) {
        // Those regions answered 304: their offerings in the active snapshot (which their download produced) stay.
        auto active = c.store.activeOfferings();
        if (!active)
            return active.error();
        std::size_t kept = 0;
        for (auto& o : *active)
            if (o.provider == "aws" && unchangedRegions.count(o.region)) {
                f.acceptedRows += o.prices.size();
                f.catalog.offerings.push_back(std::move(o));
                ++kept;
            }
        f.notes.push_back(std::to_string(unchangedRegions.size())
            + " region(s) unchanged since the last update: " + std::to_string(kept) + " offerings kept as they were");
    }
    return f;
}

// ---------------------------------------------------------------------------------------------------------------
// Single documents: Spot Advisor, Alibaba, SkyPilot

/// GET one document (conditionally); `unchanged` on 304.
core::Result<Response> getDocument(Context& c, Fetched& f, const std::string& url, std::uint64_t limit)
{
    Request req;
    req.url = url;
    req.maxBytes = c.options.maxBytes ? c.options.maxBytes : limit;
    auto r = c.conditionalGet(req, nullptr, "download");
    if (!r)
        return r;
    ++f.pages;
    f.bytes += r->bytes;
    f.unchanged = r->notModified();
    f.documents.push_back({url, r->etag, r->lastModified});
    return r;
}

core::Result<Fetched> fetchAwsSpot(Context& c, const std::string& url)
{
    Fetched f;
    auto r = getDocument(c, f, url, pageLimit);
    if (!r)
        return r.error();
    if (f.unchanged)
        return f;
    auto advisor = importers::importAwsSpotAdvisor(r->body, "spot-advisor-data.json");
    if (!advisor)
        return remote(redactUrl(url), advisor.error());
    f.catalog.offerings = c.current; // the AWS offerings in use now, annotated below
    f.catalog.warnings = advisor->warnings;
    const std::size_t n = importers::applySpotAdvisor(f.catalog.offerings, *advisor, redactUrl(url));
    if (n == 0) {
        f.unchanged = true;
        f.documents.clear(); // nothing stored: nothing to remember
        f.notes.push_back("no AWS spot price in the catalog matches the advisor's regions and instance types");
        return f;
    }
    f.acceptedRows = countPrices(f.catalog.offerings);
    f.notes.push_back("interruption buckets set on " + std::to_string(n) + " AWS spot prices");
    return f;
}

/// Alibaba GPU families: gn* (NVIDIA), vgn*/sgn* (vGPU slices), ebmgn*/sccgn* (bare metal, SCC), ga1 (AMD).
bool isAlibabaGpuType(std::string_view type)
{
    if (type.rfind("ecs.", 0) != 0)
        return false;
    const auto family
        = type.substr(4, type.find('.', 4) == std::string_view::npos ? std::string_view::npos : type.find('.', 4) - 4);
    return family.find("gn") != std::string_view::npos || family.rfind("ga1", 0) == 0;
}

/// One document read whole: fetched (at most `limit` bytes), then `parse(body, url)` → Result<CatalogImport>; an
/// unchanged document (ETag) is not parsed again.
template<typename Parse>
core::Result<Fetched> fetchDocument(Context& c, const std::string& url, std::uint64_t limit, Parse parse)
{
    Fetched f;
    auto r = getDocument(c, f, url, limit);
    if (!r)
        return r.error();
    if (f.unchanged)
        return f;
    auto imported = parse(r->body, redactUrl(url));
    if (!imported)
        return remote(redactUrl(url), imported.error());
    f.acceptedRows = countPrices(imported->offerings);
    f.catalog = std::move(*imported);
    return f;
}

core::Result<Fetched> fetchAlibaba(Context& c, const std::string& url)
{
    auto got = fetchDocument(c, url, fileLimit, [&](const std::string& body, const std::string& where) {
        return importers::importAlibabaInstancePrice(body, "instancePrice.json", c.asOf, where);
    });
    if (!got || got->unchanged)
        return got;
    Fetched& f = *got;
    const std::size_t all = f.catalog.offerings.size();
    std::vector<core::Offering> gpu;
    for (auto& o : f.catalog.offerings)
        if (isAlibabaGpuType(o.instanceType))
            gpu.push_back(std::move(o));
    f.catalog.offerings = std::move(gpu);
    f.notes.push_back("kept " + std::to_string(f.catalog.offerings.size()) + " GPU offerings (gn, vgn, sgn, ebmgn, "
        + "sccgn, ga1 families) of " + std::to_string(all));
    return got;
}

core::Result<Fetched> fetchSkyPilot(Context& c, const std::string& base, const std::string& cloud)
{
    return fetchDocument(
        c, base + "/" + cloud + "/vms.csv", pageLimit, [&](const std::string& body, const std::string& where) {
            return importers::importSkyPilotCsv(body, cloud + "/vms.csv", cloud, c.asOf, "SkyPilot catalog " + where);
        });
}

core::Result<Fetched> fetchGcpPricing(Context& c, const std::string& url)
{
    auto got = fetchDocument(c, url, importers::maxYamlBytes, [&](const std::string& body, const std::string& where) {
        return importers::importGcpPricingYaml(body, "pricing.yml", c.asOf, where);
    });
    if (got && !got->unchanged)
        got->notes.push_back("read Cyclenerd's pricing.yml: " + std::to_string(got->catalog.offerings.size())
            + " GPU machine offerings (on-demand, spot, 1- and 3-year committed use where the file has them)");
    return got;
}

// ---------------------------------------------------------------------------------------------------------------
// GCP Cloud Billing Catalog

core::Result<Fetched> fetchGcp(Context& c, const std::string& base)
{
    Fetched f;
    std::vector<std::string> bodies;
    std::set<std::string> tokens;
    std::string token;
    const std::string source = "GCP Cloud Billing Catalog " + redactUrl(base);
    for (int page = 1;; ++page) {
        const std::string url = base + gcpSkus + (token.empty() ? "" : "&pageToken=" + percentEncode(token));
        if (page > c.options.maxPages)
            return remote("page " + std::to_string(page) + " (" + redactUrl(url) + ")",
                "more than " + std::to_string(c.options.maxPages)
                    + " pages and nextPageToken is still not empty (a paging loop? the page limit is a setting)");
        Request req;
        req.url = url;
        req.secretHeaders.emplace_back("X-Goog-Api-Key", c.options.gcpApiKey);
        req.maxBytes = c.options.maxBytes ? c.options.maxBytes : pageLimit;
        auto r = c.transport.get(req, c.progressFor("page " + std::to_string(page)), c.cancel);
        if (!r)
            return Error {r.error().code, "page " + std::to_string(page) + ": " + r.error().detail};
        ++f.pages;
        f.bytes += r->bytes;
        const std::string where = "page " + std::to_string(page) + " (" + redactUrl(url) + ")";
        auto parsed = importers::importGcpSkus(r->body, "gcp page " + std::to_string(page), c.asOf, source);
        if (!parsed)
            return remote(where, parsed.error());
        bodies.push_back(std::move(r->body));
        if (parsed->next.empty())
            break;
        if (!tokens.insert(parsed->next).second)
            return remote(where, "nextPageToken repeats an earlier one");
        token = parsed->next;
    }
    std::vector<importers::GcpSkuPage> pages;
    std::vector<std::string> names;
    names.reserve(bodies.size());
    for (std::size_t i = 0; i < bodies.size(); ++i)
        names.push_back("gcp page " + std::to_string(i + 1));
    for (std::size_t i = 0; i < bodies.size(); ++i)
        pages.push_back({names[i], bodies[i]});
    auto all = importers::importGcpSkuPages(pages, c.asOf, source);
    if (!all)
        return remote(redactUrl(base), all.error());
    f.acceptedRows = countPrices(all->offerings);
    f.catalog = std::move(*all);
    f.notes.push_back("read " + std::to_string(f.pages) + " page" + (f.pages == 1 ? "" : "s")
        + " of Compute Engine SKUs; GPU machines assembled from GPU, core and RAM prices");
    return f;
}

} // namespace

std::vector<std::string> knownSources()
{
    std::vector<std::string> out {"azure", "aws", "aws-spot", "alibaba", "gcp", "gcp-pricing"};
    for (const char* cloud : skypilotClouds)
        out.push_back(std::string("skypilot-") + cloud);
    out.push_back("fx");
    return out;
}

bool isKnownSource(std::string_view source)
{
    const auto all = knownSources();
    return std::find(all.begin(), all.end(), source) != all.end();
}

std::string providerOf(std::string_view source)
{
    if (source == "aws-spot")
        return "aws";
    if (source == "gcp-pricing")
        return "gcp";
    if (source.rfind("skypilot-", 0) == 0)
        return std::string(source.substr(9));
    return std::string(source);
}

std::string defaultEndpoint(std::string_view source)
{
    if (source == "azure")
        return azureDefault;
    if (source == "aws")
        return awsDefault;
    if (source == "aws-spot")
        return awsSpotDefault;
    if (source == "alibaba")
        return alibabaDefault;
    if (source == "gcp")
        return gcpDefault;
    if (source == "gcp-pricing")
        return gcpPricingDefault;
    if (source.rfind("skypilot-", 0) == 0)
        return skypilotDefault;
    if (source == "fx")
        return fxDefault;
    return {};
}

namespace {

/// The exchange rates: one document, read whole and checked, then stored as one FX snapshot. Anything wrong
/// leaves the rates in use as they were.
core::Result<UpdateReport> updateFx(Context& c, const std::string& url)
{
    const std::string where = redactUrl(url);
    Request req;
    req.url = url;
    req.maxBytes = c.options.maxBytes ? c.options.maxBytes : fxLimit;
    auto r = c.transport.get(req, c.progressFor("download"), c.cancel);
    if (!r)
        return Error {r.error().code, "fx: " + r.error().detail + "; the exchange rates in use are unchanged"};
    auto parsed = importers::importEcbReferenceRates(r->body, "eurofxref-daily.xml", where);
    if (!parsed) {
        Error e = remote(where, parsed.error());
        e.detail = "fx: " + e.detail + "; the exchange rates in use are unchanged";
        return e;
    }
    auto before = effectiveFx(&c.store);
    if (!before)
        return before.error();
    UpdateReport report;
    report.source = "fx";
    report.provider = "fx";
    report.endpoint = where;
    report.documents = 1;
    report.bytes = r->bytes;
    report.fxDate = parsed->date;
    if (!c.report({"fx", "importing", where, 0, parsed->rates.size(), false, true}))
        return Error {ErrorCode::Network, "fx: cancelled; the exchange rates in use are unchanged"};
    auto id = c.store.importFxSnapshot(parsed->rates, where);
    if (!id) {
        Error e = id.error();
        e.detail = "fx: " + e.detail;
        return e;
    }
    report.snapshotIds = {*id};
    report.fxRates = parsed->rates.size();
    auto after = effectiveFx(&c.store);
    if (!after)
        return after.error();
    for (const auto& got : parsed->rates) {
        const core::FxRate* was = before->find(got.currency);
        const core::FxRate* now = after->find(got.currency);
        char line[200];
        if (now && now->asOf != got.asOf)
            std::snprintf(line, sizeof line, "%s: %.7g per USD of %s stays in use (newer than the %.7g read)",
                got.currency.c_str(), now->perUsd, now->asOf.c_str(), got.perUsd);
        else if (was)
            std::snprintf(line, sizeof line, "%s: %.7g → %.7g per USD (%+.2f %%; was as of %s)", got.currency.c_str(),
                was->perUsd, got.perUsd, (got.perUsd / was->perUsd - 1) * 100, was->asOf.c_str());
        else
            std::snprintf(line, sizeof line, "%s: %.7g per USD (new)", got.currency.c_str(), got.perUsd);
        report.notes.push_back(line);
    }
    return report;
}

} // namespace

core::Result<UpdateReport> updateCatalog(Store& store, Transport& transport, const UpdateOptions& options,
    const UpdateProgress& progress, const std::atomic<bool>* cancel)
{
    const std::string& source = options.source;
    auto bad = [&](const std::string& what) { return Error {ErrorCode::InvalidInput, source + ": " + what}; };
    if (!isKnownSource(source))
        return Error {ErrorCode::InvalidInput, "unknown price source \"" + source + "\""};
    const std::string base = stripSlash(options.endpoint.empty() ? defaultEndpoint(source) : options.endpoint);
    if (!isHttpUrl(base))
        return bad("the endpoint must be an http:// or https:// URL, got \"" + redactUrl(base) + "\"");
    for (const auto& r : options.regions)
        if (!isRegionName(r))
            return bad("a region is lower-case letters, digits and '-', got \"" + r + "\"");
    if (source == "gcp" && options.gcpApiKey.empty())
        return bad("the Cloud Billing Catalog API needs an API key");
    if (options.maxPages < 1)
        return bad("the page limit must be at least 1, got " + std::to_string(options.maxPages));
    if (!options.asOf.empty() && (options.asOf.size() != 10 || options.asOf[4] != '-' || options.asOf[7] != '-'))
        return bad("as_of must be a date YYYY-MM-DD, got \"" + options.asOf + "\"");

    if (options.deadline.count() < 1)
        return bad("the deadline must be at least 1 s, got " + std::to_string(options.deadline.count()) + " s");
    if (source == "gcp" && !headerValueAllowed(options.gcpApiKey))
        return bad("the API key must be printable ASCII with no line break or other control character");
    if (source == "gcp" && !credentialAllowed(base))
        return bad(
            "the API key is only sent over https (or to a loopback address), not to \"" + redactUrl(base) + "\"");
    // Every request of this refresh ends by one deadline, however many pages and retries it takes.
    DeadlineTransport timed(transport, std::chrono::steady_clock::now() + options.deadline);
    Context c(store, timed, options, progress, cancel, providerOf(source));
    c.asOf = options.asOf.empty() ? utcNow("%Y-%m-%d") : options.asOf;
    if (source == "fx")
        return updateFx(c, base);
    // The provider's catalog now (its active snapshot, else the bundled rows): the "before" of the diff.
    auto effective = effectiveCatalog(&store);
    if (!effective)
        return effective.error();
    for (const auto& o : effective->offerings)
        if (o.provider == c.provider)
            c.current.push_back(o);

    core::Result<Fetched> got = Error {};
    if (source == "azure")
        got = fetchAzure(c, base);
    else if (source == "aws")
        got = fetchAws(c, base);
    else if (source == "aws-spot")
        got = fetchAwsSpot(c, base);
    else if (source == "alibaba")
        got = fetchAlibaba(c, base);
    else if (source == "gcp")
        got = fetchGcp(c, base);
    else if (source == "gcp-pricing")
        got = fetchGcpPricing(c, base);
    else
        got = fetchSkyPilot(c, base, c.provider);
    if (!got) {
        Error e = got.error();
        e.detail = source + ": " + e.detail;
        return e;
    }
    Fetched& f = *got;
    core::repairImportText(f.catalog, redactUrl(base));

    UpdateReport report;
    report.source = source;
    report.provider = c.provider;
    report.endpoint = redactUrl(base);
    report.documents = f.pages;
    report.bytes = f.bytes;
    report.notes = std::move(f.notes);
    report.warnings = f.catalog.warnings;
    report.unlisted = f.catalog.unlisted;
    if (f.unchanged) {
        report.unchanged = true;
        report.offerings = c.current.size();
        report.prices = countPrices(c.current);
        return report;
    }
    auto& offerings = f.catalog.offerings;
    // Validation in bulk: a format change shows as most rows rejected. Refuse rather than store a fraction.
    const std::size_t rejected = f.catalog.problems();
    const std::size_t rows = f.acceptedRows + rejected;
    if (rows > 0 && static_cast<double>(rejected) > options.maxRejectedFraction * static_cast<double>(rows)) {
        std::string examples;
        for (std::size_t i = 0; i < std::min<std::size_t>(3, rejected); ++i)
            examples += "\n  " + f.catalog.warnings[i];
        return Error {ErrorCode::Network,
            source + ": " + report.endpoint + ": " + std::to_string(rejected) + " of " + std::to_string(rows)
                + " rows rejected (more than " + std::to_string(static_cast<int>(options.maxRejectedFraction * 100))
                + " %): has the format changed? First problems:" + examples};
    }
    // Azure and Alibaba list no hardware: take it from the catalog's rows of the same instance type (bundled or
    // SkyPilot). Rows still without a GPU count cannot be planned with, and are left out.
    if (source == "azure" || source == "alibaba") {
        auto bundled = loadBundledCatalog();
        std::vector<core::Offering> specs = effective->offerings;
        if (bundled)
            specs.insert(specs.end(), bundled->offerings.begin(), bundled->offerings.end());
        importers::fillHardware(offerings, specs);
        std::set<std::string> unknown;
        std::vector<core::Offering> known;
        for (auto& o : offerings) {
            if (o.gpuCount > 0)
                known.push_back(std::move(o));
            else
                unknown.insert(o.instanceType);
        }
        if (!unknown.empty()) {
            std::string list;
            std::size_t i = 0;
            for (const auto& t : unknown)
                if (i++ < 5)
                    list += (list.empty() ? "" : ", ") + t;
            const std::size_t left = offerings.size() - known.size();
            report.notes.push_back("left out " + std::to_string(left) + (left == 1 ? " offering" : " offerings")
                + " whose hardware the catalog does not know (" + list + (unknown.size() > 5 ? ", …" : "")
                + "); `catalog update --provider skypilot-" + c.provider + "` would teach it");
        }
        offerings = std::move(known);
    }
    if (offerings.empty())
        return Error {ErrorCode::Network,
            source + ": " + report.endpoint + ": no GPU offerings in the response (has the format changed?)"};
    const std::string fetchedAt = utcTimestamp();
    for (auto& o : offerings) {
        o.provider = c.provider;
        if (source != "aws-spot")
            o.fetchedAt = fetchedAt;
    }
    if (!c.report({source, "importing", report.endpoint, 0, offerings.size(), false, true}))
        return Error {ErrorCode::Network, source + ": cancelled; the catalog is unchanged"};
    auto ids = store.importSnapshot(
        offerings, report.endpoint, "fetch:" + source, static_cast<int>(f.catalog.problems()),
        [&](std::size_t done, std::size_t total) {
            c.report({source, "importing", report.endpoint, done, total, false, true});
        },
        cancel);
    if (!ids) {
        Error e = ids.error();
        e.detail = source + ": " + e.detail;
        return e;
    }
    report.snapshotIds = *ids;
    // Remember the validators only now that the import is stored: a failed import must not turn into a 304 later.
    if (!ids->empty())
        for (const auto& d : f.documents)
            if (!d.etag.empty() || !d.lastModified.empty())
                if (auto st = store.saveHttpValidators(d.url, c.provider, {d.etag, d.lastModified, ids->front()}); !st)
                    report.warnings.push_back(st.error().detail + " (the next update downloads everything again)");
    report.offerings = offerings.size();
    report.prices = countPrices(offerings);
    report.diff = core::diffCatalogs(c.current, offerings);
    return report;
}

} // namespace gpuplan::providers::fetch
