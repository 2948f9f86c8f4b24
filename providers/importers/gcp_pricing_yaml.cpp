// Cyclenerd's google-cloud-pricing-cost-calculator pricing.yml: GCP machine prices per region, built from the Cloud
// Billing Catalog by that project's CI (https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator).
#include "importers.h"
#include "util.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <locale>
#include <sstream>
#include <string>

namespace gpuplan::importers {

using namespace util;
using core::CatalogImport;
using core::Error;
using core::ErrorCode;
using core::PricingModel;
using core::Result;

namespace {

/// The GPU keys of the file's machine types: the key, the GPU's name as GCP writes it, and its memory. GPU models
/// and memory from https://cloud.google.com/compute/docs/gpus (read 2026-12-02): A2 Standard A100 40GB, A2 Ultra
/// A100 80GB, A3 High and A3 Mega H100 80GB, G2 L4 24 GB, G4 RTX PRO 6000 Blackwell Server Edition 96 GB.
struct GpuKey
{
    std::string_view key, raw;
    double memoryGiB;
};
constexpr GpuKey gpuKeys[] = {
    {"a100", "A100", 40},
    {"a100-80gb", "A100-80GB", 80},
    {"h100-80gb", "H100", 80},
    {"h100-80gb-mega", "H100-MEGA", 80},
    {"l4", "L4", 24},
    {"rtx6000", "RTX PRO 6000", 96},
};

/// Machine types sold only as Spot or Flex-start VMs: "For a3-highgpu-1g, a3-highgpu-2g, and a3-highgpu-4g machine
/// types, you must create instances by using Spot VMs or Flex-start VMs."
/// (https://cloud.google.com/compute/docs/accelerator-optimized-machines, A3 High, updated 2026-04-13, read
/// 2026-12-02). The file prices them on demand and committed anyway (its SKUs exist); those figures are not imported.
constexpr std::string_view spotOnlyTypes[] = {"a3-highgpu-1g", "a3-highgpu-2g", "a3-highgpu-4g"};

/// A region whose spot figure is below this share of its on-demand figure is one where GCP does not sell the GPU:
/// the file sums a machine's SKUs per region, and where there is no GPU spot SKU its spot figure is the vCPUs and
/// memory alone. In the file of 2026-07-30 the spot / on-demand ratios of the GPU machine types fall into two groups,
/// 0.09–0.17 and 0.20–0.60 (every series in us-central1, where each is sold: 0.40–0.57); the lower group are regions
/// absent from GCP's GPU regions list for that GPU (https://cloud.google.com/compute/docs/gpus/gpu-regions-zones;
/// africa-south1 has no A100, europe-north1 no L4). Such a region's on-demand and committed figures are not for sale
/// either: the machine type is left out there.
constexpr double minSpotShare = 0.18;

/// The most region entries read over all GPU machine types. The real file (2026-07-30) has 984; a file whose
/// machine types alias one huge cost map (YAML anchors) would otherwise take hours to walk.
constexpr std::size_t maxCostEntries = 100000;

/// "Thu Jul 30 06:13:17 2026" (the file's about.generated, C's asctime layout) → "2026-07-30"; "" otherwise.
std::string dateFromGenerated(const std::string& s)
{
    std::istringstream in(s);
    in.imbue(std::locale::classic());
    std::tm tm {};
    in >> std::get_time(&tm, "%a %b %d %H:%M:%S %Y");
    if (in.fail())
        return {};
    char date[40]; // room for any int the compiler can imagine in each field
    std::snprintf(date, sizeof date, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    return core::isIsoDate(date) ? date : std::string();
}

/// "file:line L:column C" of a node (yaml-cpp counts from 0).
std::string place(const std::string& file, const YAML::Mark& mark)
{
    if (mark.is_null())
        return file;
    return file + ":line " + std::to_string(mark.line + 1) + ":column " + std::to_string(mark.column + 1);
}

/// A map's scalar key as text, or nothing for a key that is not a scalar.
std::optional<std::string> keyText(const YAML::Node& key)
{
    if (!key.IsScalar())
        return std::nullopt;
    return key.Scalar();
}

/// A scalar read as a number; nothing (and why) otherwise.
std::optional<double> number(const YAML::Node& n, Sign sign, std::string& why)
{
    if (!n.IsScalar()) {
        why = "must be a number, got a " + std::string(n.IsMap() ? "map" : n.IsSequence() ? "list" : "null");
        return std::nullopt;
    }
    return readNumber(n.Scalar(), sign, why);
}

/// The price fields of one region entry (cost.<region>), in the order they are read: the field, its kind, its term.
struct Field
{
    const char* key;
    PricingModel model;
    int months;
};
constexpr Field fields[] = {{"hour", PricingModel::OnDemand, 0}, {"hour_spot", PricingModel::Spot, 0},
    {"month_1y", PricingModel::CommittedUse, 12}, {"month_3y", PricingModel::CommittedUse, 36}};
constexpr std::size_t hourField = 0, spotField = 1;

/// What a machine type (compute.instance.<type>) says about its hardware.
struct MachineType
{
    std::string name, path; ///< "a2-highgpu-1g", "compute.instance.a2-highgpu-1g"
    const GpuKey* gpu = nullptr;
    double gpus = 0, vcpus = 0, ramGiB = 0, localSsdGB = 0;
    bool spotOnly = false;
};

/// The machine type's GPU key, count, vCPUs, RAM and local SSD; nothing for a CPU-only type or one whose GPU count is
/// unreadable or whose GPU is unknown (both said in `warnings`).
std::optional<MachineType> readMachineType(
    const std::string& name, const YAML::Node& machine, const std::string& fileName, std::vector<std::string>& warnings)
{
    MachineType m;
    m.name = name;
    m.path = "compute.instance." + name;
    std::string why;
    for (const auto& item : machine) {
        const auto key = keyText(item.first);
        if (!key || *key == "cost" || *key == "cpu" || *key == "ram" || *key == "local-ssd")
            continue;
        const auto* k = std::find_if(std::begin(gpuKeys), std::end(gpuKeys), [&](auto& g) { return g.key == *key; });
        if (k == std::end(gpuKeys)) {
            // "type: n1-custom" is text; a number under an unknown key is a GPU this table does not map yet
            std::string ignored;
            if (item.second.IsScalar() && readNumber(item.second.Scalar(), Sign::Positive, ignored))
                warnings.push_back(place(fileName, item.first.Mark()) + ": " + m.path + "." + *key
                    + ": a GPU gpuplan does not map (known: a100, a100-80gb, h100-80gb, h100-80gb-mega, l4, rtx6000); "
                      "machine type skipped");
            continue;
        }
        auto v = number(item.second, Sign::Positive, why);
        if (!v) {
            warnings.push_back(place(fileName, item.second.Mark()) + ": " + m.path + "." + *key + ": " + why
                + " (machine type skipped)");
            return std::nullopt;
        }
        m.gpu = k;
        m.gpus = *v;
    }
    if (!m.gpu)
        return std::nullopt;
    for (auto [key, target] :
        {std::pair {"cpu", &m.vcpus}, std::pair {"ram", &m.ramGiB}, std::pair {"local-ssd", &m.localSsdGB}})
        if (const YAML::Node n = machine[key]; n) {
            if (auto v = number(n, Sign::Positive, why))
                *target = *v;
            else
                warnings.push_back(place(fileName, n.Mark()) + ": " + m.path + "." + key + ": " + why);
        }
    m.spotOnly = std::find(std::begin(spotOnlyTypes), std::end(spotOnlyTypes), name) != std::end(spotOnlyTypes);
    return m;
}

/// One region entry of machine type `m` as an offering with its prices; nothing when the region is one where GCP does
/// not sell the GPU (the spot-share rule) or no price in it is readable.
std::optional<Offering> regionOffering(const MachineType& m, const std::string& region, const YAML::Node& prices,
    const std::string& fileName, const std::string& when, const std::string& source, bool& unsold,
    std::vector<std::string>& warnings)
{
    std::optional<double> value[std::size(fields)];
    std::string why[std::size(fields)];
    for (std::size_t i = 0; i < std::size(fields); ++i)
        if (const YAML::Node n = prices[fields[i].key]; n)
            value[i] = number(n, Sign::Positive, why[i]);
    unsold = value[hourField] && value[spotField] && *value[spotField] < minSpotShare * *value[hourField];
    if (unsold)
        return std::nullopt;
    Offering o;
    o.provider = "gcp";
    o.region = region;
    o.country = gcpRegionCountry(region);
    o.instanceType = m.name;
    o.gpuModelRaw = std::string(m.gpu->raw);
    o.gpuModel = canonicalGpuId(m.gpu->raw, m.gpu->memoryGiB);
    o.gpuVendor = "nvidia";
    o.gpuCount = m.gpus;
    o.gpuMemoryGiB = m.gpu->memoryGiB * std::min(m.gpus, 1.0); // a fractional shape gets its share of the memory
    o.vcpus = m.vcpus;
    o.memoryGiB = m.ramGiB;
    o.localDiskGB = m.localSsdGB;
    // Compute Engine bills per second with a one-minute minimum
    // (https://cloud.google.com/compute/vm-instance-pricing, read 2026-12-02).
    o.billingGranularityS = 1;
    o.minimumBillingS = 60;
    o.source = source;
    o.fetchedAt = when;
    for (std::size_t i = 0; i < std::size(fields); ++i) {
        const Field& f = fields[i];
        const YAML::Node n = prices[f.key];
        if (!n || (m.spotOnly && f.model != PricingModel::Spot))
            continue;
        if (!value[i]) {
            warnings.push_back(
                place(fileName, n.Mark()) + ": " + m.path + ".cost." + region + "." + f.key + ": " + why[i]);
            continue;
        }
        Price p;
        p.pricingModel = f.model;
        p.termMonths = f.months;
        p.currency = "USD";
        p.hourlyRate = f.months ? *value[i] / core::billingHoursPerMonth : *value[i];
        p.origValue = n.Scalar();
        // where in the file: compute.instance.<type>.cost.<region>.<field>
        p.origUnit = std::string(f.months ? "USD per month, " : "USD per hour, ") + f.key;
        p.asOf = when;
        p.source = source;
        addPrice(o, std::move(p), place(fileName, n.Mark()), warnings);
    }
    if (o.prices.empty())
        return std::nullopt;
    return o;
}

} // namespace

std::string gcpRegionCountry(std::string_view region)
{
    // https://cloud.google.com/compute/docs/regions-zones (read 2026-12-02): region, location.
    struct Entry
    {
        std::string_view region, country;
    };
    static constexpr Entry regions[] = {
        {"africa-south1", "ZA"},           // Johannesburg
        {"asia-east1", "TW"},              // Changhua County
        {"asia-east2", "HK"},              // Hong Kong
        {"asia-northeast1", "JP"},         // Tokyo
        {"asia-northeast2", "JP"},         // Osaka
        {"asia-northeast3", "KR"},         // Seoul
        {"asia-south1", "IN"},             // Mumbai
        {"asia-south2", "IN"},             // Delhi
        {"asia-southeast1", "SG"},         // Jurong West
        {"asia-southeast2", "ID"},         // Jakarta
        {"asia-southeast3", "TH"},         // Bangkok
        {"australia-southeast1", "AU"},    // Sydney
        {"australia-southeast2", "AU"},    // Melbourne
        {"europe-central2", "PL"},         // Warsaw
        {"europe-north1", "FI"},           // Hamina
        {"europe-north2", "SE"},           // Stockholm
        {"europe-southwest1", "ES"},       // Madrid
        {"europe-west1", "BE"},            // St. Ghislain
        {"europe-west10", "DE"},           // Berlin
        {"europe-west12", "IT"},           // Turin
        {"europe-west2", "GB"},            // London
        {"europe-west3", "DE"},            // Frankfurt
        {"europe-west4", "NL"},            // Eemshaven
        {"europe-west6", "CH"},            // Zurich
        {"europe-west8", "IT"},            // Milan
        {"europe-west9", "FR"},            // Paris
        {"me-central1", "QA"},             // Doha
        {"me-central2", "SA"},             // Dammam
        {"me-west1", "IL"},                // Tel Aviv
        {"northamerica-northeast1", "CA"}, // Montréal
        {"northamerica-northeast2", "CA"}, // Toronto
        {"northamerica-south1", "MX"},     // Querétaro
        {"southamerica-east1", "BR"},      // Osasco (São Paulo)
        {"southamerica-west1", "CL"},      // Santiago
        {"us-central1", "US"},             // Council Bluffs, Iowa
        {"us-east1", "US"},                // Moncks Corner, South Carolina
        {"us-east4", "US"},                // Ashburn, Virginia
        {"us-east5", "US"},                // Columbus, Ohio
        {"us-south1", "US"},               // Dallas, Texas
        {"us-west1", "US"},                // The Dalles, Oregon
        {"us-west2", "US"},                // Los Angeles, California
        {"us-west3", "US"},                // Salt Lake City, Utah
        {"us-west4", "US"},                // Las Vegas, Nevada
    };
    for (const auto& e : regions)
        if (e.region == region)
            return std::string(e.country);
    return {};
}

Result<CatalogImport> importGcpPricingYaml(
    std::string_view text, const std::string& fileName, const std::string& asOf, const std::string& sourceArg)
{
    if (!asOf.empty() && !core::isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput, fileName + ": as_of must be an ISO 8601 date, got " + quote(asOf)};
    const std::string source = sourceArg.empty() ? fileName : sourceArg;
    CatalogImport out;
    try {
        const YAML::Node root = YAML::Load(std::string(text));
        if (!root.IsMap())
            return Error {ErrorCode::InvalidInput,
                fileName + ": not a Cyclenerd pricing.yml (the document is not a map with compute.instance)"};
        // The file's own date wins: it says when its CI read the Billing Catalog (an import made months later must
        // not make the prices look fresh). `asOf` dates a file that carries none.
        std::string generated, when;
        if (const YAML::Node about = root["about"]; about && about.IsMap())
            if (const YAML::Node g = about["generated"]; g && g.IsScalar()) {
                generated = g.Scalar();
                when = dateFromGenerated(generated);
            }
        if (when.empty())
            when = asOf;
        if (when.empty())
            return Error {ErrorCode::InvalidInput,
                fileName + ": about.generated "
                    + (generated.empty() ? "is missing" : quote(generated) + " is not a date")
                    + " and no as_of was given"};
        const YAML::Node compute = root["compute"];
        const YAML::Node instances = compute && compute.IsMap() ? compute["instance"] : YAML::Node();
        if (!instances || !instances.IsMap())
            return Error {
                ErrorCode::InvalidInput, fileName + ": no compute.instance map (not a Cyclenerd pricing.yml)"};

        std::size_t entries = 0;
        for (const auto& item : instances) {
            const auto name = keyText(item.first);
            if (!name || !item.second.IsMap())
                continue;
            const auto m = readMachineType(*name, item.second, fileName, out.warnings);
            if (!m)
                continue;
            if (m->spotOnly)
                out.warnings.push_back(fileName + ": " + m->name
                    + ": on-demand and committed-use figures not imported: GCP sells this type only as Spot or "
                      "Flex-start VMs");
            const YAML::Node cost = item.second["cost"];
            if (!cost || !cost.IsMap()) {
                out.warnings.push_back(
                    place(fileName, item.second.Mark()) + ": " + m->path + ": no cost map (skipped)");
                continue;
            }
            std::string unsoldIn; // regions left out by the spot-share rule
            for (const auto& regionItem : cost) {
                if (++entries > maxCostEntries)
                    return Error {ErrorCode::LimitExceeded,
                        fileName + ": more than " + std::to_string(maxCostEntries)
                            + " region entries under the GPU machine types (the real file has about 1,000); refused"};
                const auto region = keyText(regionItem.first);
                if (!region || !regionItem.second.IsMap())
                    continue;
                bool unsold = false;
                if (auto o
                    = regionOffering(*m, *region, regionItem.second, fileName, when, source, unsold, out.warnings))
                    out.offerings.push_back(std::move(*o));
                if (unsold)
                    unsoldIn += (unsoldIn.empty() ? "" : ", ") + *region;
                out.capProblems();
            }
            if (!unsoldIn.empty())
                out.warnings.push_back(fileName + ": " + m->name + ": left out in " + unsoldIn + ": spot below "
                    + std::to_string(static_cast<int>(std::lround(minSpotShare * 100)))
                    + " % of on-demand there, a figure without a GPU spot SKU (GCP does not sell the GPU in that "
                      "region)");
        }
    } catch (const YAML::Exception& e) {
        return Error {ErrorCode::InvalidInput, place(fileName, e.mark) + ": not valid YAML: " + e.msg};
    }
    if (out.offerings.empty() && out.warnings.empty())
        out.warnings.push_back(fileName + ": no machine type under compute.instance names a GPU");
    return out;
}

} // namespace gpuplan::importers
