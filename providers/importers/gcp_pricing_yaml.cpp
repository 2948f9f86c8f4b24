// Cyclenerd's google-cloud-pricing-cost-calculator pricing.yml: GCP machine prices per region, built from the Cloud
// Billing Catalog by that project's CI (https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator).
#include "importers.h"
#include "util.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
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
    static constexpr std::string_view months[]
        = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    // "Www Mmm dd hh:mm:ss yyyy" (the day may be space-padded)
    std::vector<std::string> parts;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ')
            ++j;
        if (j > i)
            parts.push_back(s.substr(i, j - i));
        i = j;
    }
    if (parts.size() != 5 || parts[4].size() != 4 || parts[2].empty() || parts[2].size() > 2)
        return {};
    const auto m = std::find(std::begin(months), std::end(months), parts[1]);
    if (m == std::end(months))
        return {};
    const std::string day = parts[2].size() == 1 ? "0" + parts[2] : parts[2];
    const int month = static_cast<int>(m - std::begin(months)) + 1;
    const std::string date = parts[4] + "-" + (month < 10 ? "0" : "") + std::to_string(month) + "-" + day;
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
            const YAML::Node machine = item.second;
            if (!name || !machine.IsMap())
                continue;
            const std::string path = "compute.instance." + *name;
            const GpuKey* gpu = nullptr;
            double count = 0;
            std::string why;
            for (const auto& k : gpuKeys)
                if (const YAML::Node n = machine[std::string(k.key)]; n) {
                    auto v = number(n, Sign::Positive, why);
                    if (!v) {
                        out.warnings.push_back(place(fileName, n.Mark()) + ": " + path + "." + std::string(k.key) + ": "
                            + why + " (machine type skipped)");
                        gpu = nullptr;
                        break;
                    }
                    gpu = &k;
                    count = *v;
                    break;
                }
            if (!gpu)
                continue; // a CPU-only machine type, or its GPU count was reported above
            double vcpus = 0, ram = 0, localSsd = 0;
            for (auto [key, target] :
                {std::pair {"cpu", &vcpus}, std::pair {"ram", &ram}, std::pair {"local-ssd", &localSsd}})
                if (const YAML::Node n = machine[key]; n) {
                    if (auto v = number(n, Sign::Positive, why))
                        *target = *v;
                    else
                        out.warnings.push_back(place(fileName, n.Mark()) + ": " + path + "." + key + ": " + why);
                }
            const bool spotOnly
                = std::find(std::begin(spotOnlyTypes), std::end(spotOnlyTypes), *name) != std::end(spotOnlyTypes);
            if (spotOnly)
                out.warnings.push_back(fileName + ": " + *name
                    + ": on-demand and committed-use figures not imported: GCP sells this type only as Spot or "
                      "Flex-start VMs");
            const YAML::Node cost = machine["cost"];
            if (!cost || !cost.IsMap()) {
                out.warnings.push_back(place(fileName, machine.Mark()) + ": " + path + ": no cost map (skipped)");
                continue;
            }
            std::string unsold; // regions left out by the spot-share rule
            for (const auto& regionItem : cost) {
                if (++entries > maxCostEntries)
                    return Error {ErrorCode::LimitExceeded,
                        fileName + ": more than " + std::to_string(maxCostEntries)
                            + " region entries under the GPU machine types (the real file has about 1,000); refused"};
                const auto region = keyText(regionItem.first);
                const YAML::Node prices = regionItem.second;
                if (!region || !prices.IsMap())
                    continue;
                {
                    std::string ignored;
                    const YAML::Node h = prices["hour"], sp = prices["hour_spot"];
                    const auto onDemand = h ? number(h, Sign::Positive, ignored) : std::nullopt;
                    const auto spotRate = sp ? number(sp, Sign::Positive, ignored) : std::nullopt;
                    if (onDemand && spotRate && *spotRate < minSpotShare * *onDemand) {
                        unsold += (unsold.empty() ? "" : ", ") + *region;
                        continue;
                    }
                }
                Offering o;
                o.provider = "gcp";
                o.region = *region;
                o.country = gcpRegionCountry(*region);
                o.instanceType = *name;
                o.gpuModelRaw = std::string(gpu->raw);
                o.gpuModel = canonicalGpuId(gpu->raw, gpu->memoryGiB);
                o.gpuVendor = "nvidia";
                o.gpuCount = count;
                o.gpuMemoryGiB = gpu->memoryGiB * std::min(count, 1.0);
                o.vcpus = vcpus;
                o.memoryGiB = ram;
                o.localDiskGB = localSsd;
                // Compute Engine bills per second with a one-minute minimum
                // (https://cloud.google.com/compute/vm-instance-pricing, read 2026-12-02).
                o.billingGranularityS = 1;
                o.minimumBillingS = 60;
                o.source = source;
                o.fetchedAt = when;
                struct Field
                {
                    const char* key;
                    PricingModel model;
                    int months;
                };
                constexpr Field fields[] = {{"hour", PricingModel::OnDemand, 0}, {"hour_spot", PricingModel::Spot, 0},
                    {"month_1y", PricingModel::CommittedUse, 12}, {"month_3y", PricingModel::CommittedUse, 36}};
                for (const auto& f : fields) {
                    const YAML::Node n = prices[f.key];
                    if (!n || (spotOnly && f.model != PricingModel::Spot))
                        continue;
                    const std::string at = path + ".cost." + *region + "." + f.key;
                    auto v = number(n, Sign::Positive, why);
                    if (!v) {
                        out.warnings.push_back(place(fileName, n.Mark()) + ": " + at + ": " + why);
                        continue;
                    }
                    Price p;
                    p.pricingModel = f.model;
                    p.termMonths = f.months;
                    p.currency = "USD";
                    p.hourlyRate = f.months ? *v / core::billingHoursPerMonth : *v;
                    p.origValue = n.Scalar();
                    // where in the file: compute.instance.<type>.cost.<region>.<field>
                    p.origUnit = std::string(f.months ? "USD per month, " : "USD per hour, ") + f.key;
                    p.asOf = when;
                    p.source = source;
                    addPrice(o, std::move(p), place(fileName, n.Mark()), out.warnings);
                }
                if (!o.prices.empty())
                    out.offerings.push_back(std::move(o));
                out.capProblems();
            }
            if (!unsold.empty())
                out.warnings.push_back(fileName + ": " + *name + ": left out in " + unsold
                    + ": spot below 18 % of on-demand there, a figure without a GPU spot SKU (GCP does not sell the "
                      "GPU in that region)");
        }
    } catch (const YAML::Exception& e) {
        return Error {ErrorCode::InvalidInput, place(fileName, e.mark) + ": not valid YAML: " + e.msg};
    }
    if (out.offerings.empty() && out.warnings.empty())
        out.warnings.push_back(fileName + ": no machine type under compute.instance names a GPU");
    return out;
}

} // namespace gpuplan::importers
