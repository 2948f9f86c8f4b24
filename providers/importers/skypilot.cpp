// The SkyPilot catalog CSV (schema v8; v6 reads too), and the GPU names providers use mapped to gpuplan ids.
#include "importers.h"
#include "util.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace gpuplan::importers {

using namespace readers; // the JSON reader and the shared helpers (util.h)

namespace {

/// Where a key sits in a Python-repr or JSON dict string: the key must be quoted ('Name' or "Name").
std::size_t findDictKey(std::string_view s, std::string_view key)
{
    for (auto at = s.find(key); at != std::string_view::npos; at = s.find(key, at + 1)) {
        const auto end = at + key.size();
        if (at > 0 && (s[at - 1] == '\'' || s[at - 1] == '"') && end < s.size() && (s[end] == '\'' || s[end] == '"'))
            return end + 1;
    }
    return std::string_view::npos;
}

std::size_t skipSeparators(std::string_view s, std::size_t i)
{
    while (i < s.size() && (s[i] == ':' || s[i] == ' '))
        ++i;
    return i;
}

/// The number after a dict key in SkyPilot's GpuInfo ('SizeInMiB': 16384).
std::optional<double> dictNumber(std::string_view s, std::string_view key)
{
    auto i = findDictKey(s, key);
    if (i == std::string_view::npos)
        return std::nullopt;
    i = skipSeparators(s, i);
    auto j = i;
    while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.' || s[j] == '-'))
        ++j;
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data() + i, s.data() + j, v);
    if (ec != std::errc() || end != s.data() + j || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// The string after a dict key in SkyPilot's GpuInfo ('Manufacturer': 'NVIDIA').
std::string dictString(std::string_view s, std::string_view key)
{
    auto i = findDictKey(s, key);
    if (i == std::string_view::npos)
        return {};
    i = skipSeparators(s, i);
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"'))
        return {};
    const char q = s[i];
    const auto end = s.find(q, i + 1);
    if (end == std::string_view::npos)
        return {};
    return std::string(s.substr(i + 1, end - i - 1));
}

/// Per-GPU memory in GiB from SkyPilot's GpuInfo, with the quirks of catalogs/README.md: RunPod and Shadeform
/// write GB into SizeInMiB (values under 1024 are taken as GB, i.e. nominal GiB); Vast's SizeInMiB is the total
/// over all GPUs of the instance. Lambda's TotalGpuMemoryInMiB equals the per-GPU size, so it is never used.
double perGpuMemoryGiB(std::string_view gpuInfo, double gpuCount, const std::string& provider)
{
    const auto size = dictNumber(gpuInfo, "SizeInMiB");
    if (!size || *size <= 0)
        return 0;
    if (*size < 1024)
        return *size;
    double mib = *size;
    if (iequals(provider, "vast") && gpuCount > 1)
        mib /= gpuCount;
    return mib / 1024.0;
}

/// A Vast-style region "City, CC, Continent" whose host gave no city or state (", US, NA" in SkyPilot's Vast catalog)
/// is named by the rest, "US, NA": the leading separator is dropped.
std::string_view withoutEmptyPlace(std::string_view region)
{
    while (region.substr(0, 2) == ", ")
        region.remove_prefix(2);
    return region;
}

/// Country from a Vast-style region "City, CC, Continent" or "CC, Continent" (no city), or a RunPod region that is a
/// country code.
std::string countryFromRegion(std::string_view region)
{
    auto isCode = [](std::string_view s) {
        return s.size() == 2 && std::isupper(static_cast<unsigned char>(s[0]))
            && std::isupper(static_cast<unsigned char>(s[1]));
    };
    if (isCode(region))
        return std::string(region);
    if (region.size() > 4 && isCode(region.substr(0, 2)) && region.substr(2, 2) == ", "
        && region.find(", ", 4) == std::string_view::npos)
        return std::string(region.substr(0, 2));
    const auto a = region.find(", ");
    if (a == std::string_view::npos)
        return {};
    const auto b = region.find(", ", a + 2);
    if (b == std::string_view::npos || region.find(", ", b + 2) != std::string_view::npos)
        return {};
    const auto cc = region.substr(a + 2, b - a - 2);
    return isCode(cc) ? std::string(cc) : std::string();
}

/// The country of an AWS region: https://docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html
/// (region code, geography; read 2026-12-02). Empty for a region not listed.
std::string awsRegionCountry(std::string_view region)
{
    struct Entry
    {
        std::string_view region, country;
    };
    static constexpr Entry regions[] = {
        {"af-south-1", "ZA"},     // Africa (Cape Town)
        {"ap-east-1", "HK"},      // Asia Pacific (Hong Kong)
        {"ap-east-2", "TW"},      // Asia Pacific (Taipei)
        {"ap-northeast-1", "JP"}, // Asia Pacific (Tokyo)
        {"ap-northeast-2", "KR"}, // Asia Pacific (Seoul)
        {"ap-northeast-3", "JP"}, // Asia Pacific (Osaka)
        {"ap-south-1", "IN"},     // Asia Pacific (Mumbai)
        {"ap-south-2", "IN"},     // Asia Pacific (Hyderabad)
        {"ap-southeast-1", "SG"}, // Asia Pacific (Singapore)
        {"ap-southeast-2", "AU"}, // Asia Pacific (Sydney)
        {"ap-southeast-3", "ID"}, // Asia Pacific (Jakarta)
        {"ap-southeast-4", "AU"}, // Asia Pacific (Melbourne)
        {"ap-southeast-5", "MY"}, // Asia Pacific (Malaysia)
        {"ap-southeast-7", "TH"}, // Asia Pacific (Thailand)
        {"ca-central-1", "CA"},   // Canada (Central)
        {"ca-west-1", "CA"},      // Canada West (Calgary)
        {"eu-central-1", "DE"},   // Europe (Frankfurt)
        {"eu-central-2", "CH"},   // Europe (Zurich)
        {"eu-north-1", "SE"},     // Europe (Stockholm)
        {"eu-south-1", "IT"},     // Europe (Milan)
        {"eu-south-2", "ES"},     // Europe (Spain)
        {"eu-west-1", "IE"},      // Europe (Ireland)
        {"eu-west-2", "GB"},      // Europe (London)
        {"eu-west-3", "FR"},      // Europe (Paris)
        {"il-central-1", "IL"},   // Israel (Tel Aviv)
        {"me-central-1", "AE"},   // Middle East (UAE)
        {"me-south-1", "BH"},     // Middle East (Bahrain)
        {"mx-central-1", "MX"},   // Mexico (Central)
        {"sa-east-1", "BR"},      // South America (São Paulo)
        {"us-east-1", "US"},      // US East (N. Virginia)
        {"us-east-2", "US"},      // US East (Ohio)
        {"us-west-1", "US"},      // US West (N. California)
        {"us-west-2", "US"},      // US West (Oregon)
    };
    for (const auto& e : regions)
        if (e.region == region)
            return std::string(e.country);
    return {};
}

/// GCP's accelerator rows in SkyPilot catalogs carry only the GPU price; the host machine row (CPU + RAM) is found
/// by accelerator and count. From SkyPilot sky/catalog/gcp_catalog.py (_ACC_INSTANCE_TYPE_DICTS); vCPU/RAM of
/// these machines match the rows of SkyPilot's v8 GCP catalog (skypilot-org/skypilot-catalog catalogs/v8/gcp/vms.csv).
/// L4, T4, V100, P100, P4 and K80 attach to several machine types, so they have no single host and are not assembled.
struct GcpHost
{
    std::string_view accelerator;
    int count;
    std::string_view machine;
};
constexpr GcpHost gcpHosts[] = {
    {"A100", 1, "a2-highgpu-1g"},
    {"A100", 2, "a2-highgpu-2g"},
    {"A100", 4, "a2-highgpu-4g"},
    {"A100", 8, "a2-highgpu-8g"},
    {"A100", 16, "a2-megagpu-16g"},
    {"A100-80GB", 1, "a2-ultragpu-1g"},
    {"A100-80GB", 2, "a2-ultragpu-2g"},
    {"A100-80GB", 4, "a2-ultragpu-4g"},
    {"A100-80GB", 8, "a2-ultragpu-8g"},
    {"H100", 1, "a3-highgpu-1g"},
    {"H100", 2, "a3-highgpu-2g"},
    {"H100", 4, "a3-highgpu-4g"},
    {"H100", 8, "a3-highgpu-8g"},
    {"H100-MEGA", 8, "a3-megagpu-8g"},
    {"H200", 8, "a3-ultragpu-8g"},
    {"B200", 8, "a4-highgpu-8g"},
};

/// Rows the SkyPilot catalogs get wrong (catalogs/README.md), corrected with a warning.
struct SkyPilotErratum
{
    std::string_view provider, instanceType;
    double gpuCount;
    std::string_view why;
};
constexpr SkyPilotErratum skyPilotErrata[] = {
    {"azure", "Standard_ND96isr_H100_v5", 8,
        "the ND H100 v5 VM has 8 H100 GPUs (learn.microsoft.com/azure/virtual-machines/nd-h100-v5-series)"},
};

std::string_view gcpHostFor(std::string_view accelerator, double count)
{
    for (const auto& h : gcpHosts)
        if (h.accelerator == accelerator && h.count == count)
            return h.machine;
    return {};
}

/// GCP TPU rows use 700.0 for "no price" (catalogs/README.md).
constexpr double skyPilotTpuNoPrice = 700.0;

struct SkyRow
{
    std::size_t line = 0;
    std::string instanceType, accelerator, gpuInfo, region, zone, arch;
    double gpuCount = 0, vcpus = 0, memoryGiB = 0;
    std::optional<double> price, spot;
    std::string priceText, spotText;
};

} // namespace

Result<CatalogImport> importSkyPilotCsv(std::string_view text, const std::string& fileName, const std::string& provider,
    const std::string& asOf, const std::string& source)
{
    if (isBlank(text))
        return Error {ErrorCode::ParseError, fileName + ": empty file, expected a CSV header"};
    if (asOf.empty() || !isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput,
            fileName + ": as_of must be an ISO 8601 date (SkyPilot catalogs carry none), got " + quote(asOf)};
    const std::string src = source.empty() ? fileName : source;

    CatalogImport out;
    LineSource lines(text);
    CsvReader csv(lines);
    std::vector<std::string> rec;
    if (!csv.next(rec))
        return Error {ErrorCode::ParseError, fileName + ": empty file, expected a CSV header"};
    const Header header(rec);
    const std::size_t headerLine = csv.line();
    auto column = [&](std::string_view name) { return header.find(name); };
    for (std::string_view required : {"InstanceType", "AcceleratorName", "AcceleratorCount", "Region", "Price"})
        if (!column(required))
            return Error {ErrorCode::InvalidInput,
                rowPlace(fileName, headerLine) + ": missing column " + quote(required)
                    + " (not a SkyPilot catalog CSV?)"};
    const auto cType = *column("InstanceType"), cAcc = *column("AcceleratorName"), cCount = *column("AcceleratorCount"),
               cRegion = *column("Region"), cPrice = *column("Price");
    const auto cSpot = column("SpotPrice"), cZone = column("AvailabilityZone"), cCpu = column("vCPUs"),
               cMem = column("MemoryGiB"), cInfo = column("GpuInfo"), cArch = column("Arch");

    std::vector<SkyRow> rows;
    while (csv.next(rec)) {
        out.capProblems();
        const std::size_t line = csv.line();
        if (csv.unterminated()) {
            out.warnings.push_back(rowPlace(fileName, line) + ": a quoted field is not closed (row skipped)");
            continue;
        }
        if (rec.size() != header.size()) {
            out.warnings.push_back(rowPlace(fileName, line) + ": has " + std::to_string(rec.size())
                + " fields, the header has " + std::to_string(header.size()) + " (row skipped)");
            continue;
        }
        auto cell = [&](std::optional<std::size_t> c) { return c ? trim(rec[*c]) : std::string_view(); };
        SkyRow r;
        r.line = line;
        r.instanceType = cell(cType);
        r.accelerator = cell(cAcc);
        r.region = withoutEmptyPlace(cell(cRegion));
        r.zone = cell(cZone);
        r.gpuInfo = cell(cInfo);
        r.arch = cell(cArch);
        bool bad = false;
        auto number = [&](std::optional<std::size_t> c, std::string_view name, Sign sign) -> std::optional<double> {
            const auto t = cell(c);
            if (bad || t.empty())
                return std::nullopt;
            std::string why;
            auto v = readNumber(t, sign, why);
            if (!v) {
                out.warnings.push_back(cellPlace(fileName, line, name) + ": " + why + " (row skipped)");
                bad = true;
            }
            return v;
        };
        r.price = number(cPrice, "Price", Sign::NonNegative);
        r.spot = number(cSpot, "SpotPrice", Sign::NonNegative);
        r.vcpus = number(cCpu, "vCPUs", Sign::NonNegative).value_or(0);
        r.memoryGiB = number(cMem, "MemoryGiB", Sign::NonNegative).value_or(0);
        r.gpuCount = number(cCount, "AcceleratorCount", Sign::NonNegative).value_or(0);
        if (bad)
            continue;
        r.priceText = cell(cPrice);
        r.spotText = cell(cSpot);
        if (r.region.empty()) {
            out.warnings.push_back(cellPlace(fileName, line, "Region") + ": must not be empty (row skipped)");
            continue;
        }
        const bool tpu = lower(r.accelerator).rfind("tpu-", 0) == 0;
        if (tpu) {
            // A TPU slice is rented on its own (TPU VM): the offering is named after it.
            if (r.instanceType.empty())
                r.instanceType = r.accelerator;
            if (r.price == skyPilotTpuNoPrice)
                r.price.reset();
            if (r.spot == skyPilotTpuNoPrice)
                r.spot.reset();
        }
        if (!r.accelerator.empty() && r.gpuCount <= 0) {
            out.warnings.push_back(cellPlace(fileName, line, "AcceleratorCount") + ": must be a positive number for "
                + r.accelerator + ", got " + quote(cell(cCount)) + " (row skipped)");
            continue;
        }
        for (const auto& e : skyPilotErrata) {
            if (iequals(provider, e.provider) && r.instanceType == e.instanceType && r.gpuCount != e.gpuCount) {
                out.warnings.push_back(cellPlace(fileName, line, "AcceleratorCount") + ": " + r.instanceType
                    + " listed with " + std::string(cell(cCount)) + " GPUs, corrected to " + formatCount(e.gpuCount)
                    + ": " + std::string(e.why));
                r.gpuCount = e.gpuCount;
            }
        }
        if (r.instanceType.empty() && r.accelerator.empty()) {
            out.warnings.push_back(
                rowPlace(fileName, line) + ": neither InstanceType nor AcceleratorName is set (row skipped)");
            continue;
        }
        rows.push_back(std::move(r));
    }

    if (csv.overlong())
        return overlongRecord(fileName, csv);
    // Machine rows without an accelerator: skipped, but kept aside as possible GCP hosts.
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, const SkyRow*> hosts;
    for (const auto& r : rows)
        if (r.accelerator.empty())
            hosts.emplace(Key {r.instanceType, r.region, r.zone}, &r);

    std::map<Key, std::size_t> firstLine;
    auto makeOffering = [&](const SkyRow& r, const std::string& instanceType) {
        Offering o;
        o.provider = provider;
        o.region = r.region;
        o.zone = r.zone;
        o.country = iequals(provider, "aws") ? awsRegionCountry(r.region) : countryFromRegion(r.region);
        o.instanceType = instanceType;
        o.gpuModelRaw = r.accelerator;
        o.gpuCount = r.gpuCount;
        o.gpuMemoryGiB = perGpuMemoryGiB(r.gpuInfo, r.gpuCount, provider);
        o.gpuModel = canonicalGpuId(r.accelerator, o.gpuMemoryGiB);
        // RunPod names its A100-80GB "A100 PCIe" in GpuInfo, Lambda its H100 "gpu_1x_h100_pcie": the PCIe part.
        const std::string infoName = dictString(r.gpuInfo, "Name");
        if ((icontains(infoName, "pcie") || icontains(instanceType, "pcie"))
            && o.gpuModel.find("SXM") != std::string::npos)
            o.gpuModel = canonicalGpuId(r.accelerator + "-PCIe", o.gpuMemoryGiB);
        // AWS p3's 16 GB V100s are SXM2 modules joined by NVLink (aws.amazon.com/ec2/instance-types/p3/, read
        // 2026-12-02: "up to 8 NVIDIA V100 Tensor Core GPUs", "NVLink", 16 GB each).
        if (iequals(provider, "aws") && o.gpuModel == "V100" && o.gpuMemoryGiB == 16)
            o.gpuModel = "V100-SXM2-16GB";
        const std::string maker = lower(dictString(r.gpuInfo, "Manufacturer"));
        o.gpuVendor = maker.empty() ? gpuVendorFor(r.accelerator) : maker;
        o.vcpus = r.vcpus;
        o.memoryGiB = r.memoryGiB;
        if (!r.arch.empty())
            o.arch = r.arch;
        o.source = src;
        o.fetchedAt = asOf;
        return o;
    };
    auto makePrice = [&](PricingModel model, double rate, std::string orig, std::string unit) {
        Price p;
        p.pricingModel = model;
        p.currency = "USD"; // SkyPilot catalogs are all USD (catalogs/README.md)
        p.hourlyRate = rate;
        p.origValue = std::move(orig);
        p.origUnit = std::move(unit);
        p.asOf = asOf;
        p.source = src;
        return p;
    };
    // A price of 0 means "none" (Vast writes SpotPrice 0.00 for every row).
    auto addPrices = [&](Offering& o, std::optional<double> price, std::optional<double> spot, const std::string& po,
                         const std::string& so, const std::string& unit) {
        if (price && *price > 0)
            o.prices.push_back(makePrice(PricingModel::OnDemand, *price, po, unit));
        if (spot && *spot > 0)
            o.prices.push_back(makePrice(PricingModel::Spot, *spot, so, unit));
    };
    auto admit = [&](const SkyRow& r, const std::string& instanceType) {
        const Key key {instanceType, r.region, r.zone};
        auto [it, fresh] = firstLine.emplace(key, r.line);
        if (!fresh)
            out.warnings.push_back(rowPlace(fileName, r.line) + ": " + instanceType + " in " + r.region
                + (r.zone.empty() ? "" : "/" + r.zone) + " repeats row " + std::to_string(it->second)
                + " (row skipped)");
        return fresh;
    };

    // AWS rows are one per AZ, but an on-demand price is regional (catalogs/README.md: "Price is regional.
    // SpotPrice is per AZ"): the on-demand price goes on one offering per type and region, without a zone, and each
    // AZ's offering carries that AZ's spot price only. A Local Zone (AZ id with a city part, use1-atl2-az1) has its
    // own prices on AWS's pricing page, which the rows do not hold (they repeat the region's): left out.
    const bool awsZones = iequals(provider, "aws") && cZone;
    std::map<std::pair<std::string, std::string>, std::size_t> regional; // (type, region) → index in out.offerings
    std::set<std::pair<std::string, std::string>> spotSeen;
    for (const auto& r : rows) {
        if (r.accelerator.empty() || r.instanceType.empty())
            continue;
        if (awsZones && std::count(r.zone.begin(), r.zone.end(), '-') >= 2) {
            out.warnings.push_back(cellPlace(fileName, r.line, "AvailabilityZone") + ": " + quote(r.zone)
                + " is a Local Zone, priced apart from " + r.region + " by AWS; the row repeats the region's "
                + "price (row left out)");
            continue;
        }
        if (!admit(r, r.instanceType))
            continue;
        Offering o = makeOffering(r, r.instanceType);
        if (!awsZones || r.zone.empty()) {
            addPrices(o, r.price, r.spot, r.priceText, r.spotText, "USD per instance-hour");
            out.offerings.push_back(std::move(o));
            continue;
        }
        const auto key = std::make_pair(r.instanceType, r.region);
        auto reg = regional.find(key);
        if (reg == regional.end()) {
            Offering ro = o;
            ro.zone.clear();
            addPrices(ro, r.price, std::nullopt, r.priceText, "", "USD per instance-hour");
            reg = regional.emplace(key, out.offerings.size()).first;
            out.offerings.push_back(std::move(ro));
        } else if (r.price && *r.price > 0) {
            Offering& ro = out.offerings[reg->second];
            auto od = std::find_if(ro.prices.begin(), ro.prices.end(),
                [](const Price& p) { return p.pricingModel == PricingModel::OnDemand; });
            if (od == ro.prices.end())
                addPrices(ro, r.price, std::nullopt, r.priceText, "", "USD per instance-hour");
            else if (std::abs(od->hourlyRate - *r.price) > 1e-9 * std::max(1.0, od->hourlyRate))
                out.warnings.push_back(cellPlace(fileName, r.line, "Price") + ": " + r.instanceType + " in " + r.zone
                    + " costs " + quote(r.priceText) + ", the region's first AZ " + quote(od->origValue)
                    + " (the first is kept)");
        }
        if (r.spot && *r.spot > 0) {
            addPrices(o, std::nullopt, r.spot, "", r.spotText, "USD per instance-hour");
            spotSeen.insert(key);
            out.offerings.push_back(std::move(o));
        }
    }
    if (awsZones) {
        // A regional offering that got neither an on-demand price nor a zone's spot price still says the type
        // exists there (p5e: not sold on demand); one whose AZs are all spot-priced adds nothing and goes.
        std::vector<bool> drop(out.offerings.size(), false);
        for (const auto& [key, at] : regional)
            drop[at] = out.offerings[at].prices.empty() && spotSeen.count(key) > 0;
        std::size_t keep = 0;
        for (std::size_t i = 0; i < out.offerings.size(); ++i)
            if (!drop[i]) {
                if (keep != i)
                    out.offerings[keep] = std::move(out.offerings[i]);
                ++keep;
            }
        out.offerings.resize(keep);
    }
    // GCP: accelerator-only rows priced together with their host machine's row for the same zone.
    for (const auto& r : rows) {
        if (!r.instanceType.empty())
            continue;
        const std::string what = r.accelerator + " x" + formatCount(r.gpuCount);
        const auto host = gcpHostFor(r.accelerator, r.gpuCount);
        if (host.empty()) {
            out.warnings.push_back(rowPlace(fileName, r.line) + ": accelerator-only row (" + what
                + ") has no single host machine type, price not assembled (row skipped)");
            continue;
        }
        auto h = hosts.find(Key {std::string(host), r.region, r.zone});
        if (h == hosts.end()) {
            out.warnings.push_back(rowPlace(fileName, r.line) + ": accelerator-only row (" + what + ") in "
                + (r.zone.empty() ? r.region : r.zone) + " has no " + std::string(host)
                + " row for the same zone, price not assembled (row skipped)");
            continue;
        }
        const SkyRow& m = *h->second;
        if (!admit(r, std::string(host)))
            continue;
        Offering o = makeOffering(r, std::string(host));
        o.vcpus = m.vcpus;
        o.memoryGiB = m.memoryGiB;
        if (!m.arch.empty())
            o.arch = m.arch;
        auto sum = [](std::optional<double> a, std::optional<double> b) -> std::optional<double> {
            if (a && b && *a > 0 && *b > 0)
                return *a + *b;
            return std::nullopt;
        };
        const std::string unit = "USD per instance-hour: machine row " + std::to_string(m.line) + " + accelerator row "
            + std::to_string(r.line);
        addPrices(o, sum(m.price, r.price), sum(m.spot, r.spot), m.priceText + " + " + r.priceText,
            m.spotText + " + " + r.spotText, unit);
        out.offerings.push_back(std::move(o));
    }
    return out;
}

} // namespace gpuplan::importers
