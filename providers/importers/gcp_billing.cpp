// The GCP Cloud Billing Catalog SKU listing, machines assembled from their GPU, core and RAM parts.
#include "importers.h"
#include "util.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace gpuplan::importers {

using namespace readers; // the JSON reader and the shared helpers (util.h)

namespace {

enum class GcpKind { Gpu, Core, Ram };

/// One priced part: a GPU, a vCPU or a GiB of RAM of a machine family, in some regions, for one usage type.
struct GcpPart
{
    GcpKind kind = GcpKind::Gpu;
    std::string name; ///< GPU (SkyPilot's names: A100, A100-80GB, H100, L4) or machine family (A2, A3, G2)
    PricingModel model = PricingModel::OnDemand;
    int termMonths = 0;
    std::vector<std::string> regions;
    std::string currency;
    double price = 0;
    std::string priceText; ///< exactly as units + nanos say
    std::string effective;
    std::string skuId;
};

/// The machines whose price GCP gives only as parts (https://cloud.google.com/compute/docs/gpus and
/// …/accelerator-optimized-machines). vCPU and RAM of a2 and a3 agree with the SkyPilot GCP rows
/// (skypilot-org/skypilot-catalog catalogs/v8/gcp/vms.csv); "GB" of machine memory is GiB there and is billed per
/// GiB-hour (usageUnit GiBy.h).
struct GcpMachine
{
    std::string_view name, family, gpu;
    int gpus;
    double vcpus, ramGiB, gpuMemoryGiB;
};
constexpr GcpMachine gcpMachines[] = {
    {"a2-highgpu-1g", "A2", "A100", 1, 12, 85, 40},
    {"a2-highgpu-2g", "A2", "A100", 2, 24, 170, 40},
    {"a2-highgpu-4g", "A2", "A100", 4, 48, 340, 40},
    {"a2-highgpu-8g", "A2", "A100", 8, 96, 680, 40},
    {"a2-megagpu-16g", "A2", "A100", 16, 96, 1360, 40},
    {"a2-ultragpu-1g", "A2", "A100-80GB", 1, 12, 170, 80},
    {"a2-ultragpu-2g", "A2", "A100-80GB", 2, 24, 340, 80},
    {"a2-ultragpu-4g", "A2", "A100-80GB", 4, 48, 680, 80},
    {"a2-ultragpu-8g", "A2", "A100-80GB", 8, 96, 1360, 80},
    {"a3-highgpu-1g", "A3", "H100", 1, 26, 234, 80},
    {"a3-highgpu-2g", "A3", "H100", 2, 52, 468, 80},
    {"a3-highgpu-4g", "A3", "H100", 4, 104, 936, 80},
    {"a3-highgpu-8g", "A3", "H100", 8, 208, 1872, 80},
    {"g2-standard-4", "G2", "L4", 1, 4, 16, 24},
    {"g2-standard-8", "G2", "L4", 1, 8, 32, 24},
    {"g2-standard-12", "G2", "L4", 1, 12, 48, 24},
    {"g2-standard-16", "G2", "L4", 1, 16, 64, 24},
    {"g2-standard-24", "G2", "L4", 2, 24, 96, 24},
    {"g2-standard-32", "G2", "L4", 1, 32, 128, 24},
    {"g2-standard-48", "G2", "L4", 4, 48, 192, 24},
    {"g2-standard-96", "G2", "L4", 8, 96, 384, 24},
};

std::vector<std::string_view> words(std::string_view s)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        auto j = i;
        while (j < s.size() && s[j] != ' ')
            ++j;
        if (j > i)
            out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

/// The GPU of a GPU SKU from its description ("Nvidia Tesla A100 GPU running in Americas", "Nvidia Tesla A100
/// 80GB GPU running in …", "Spot Preemptible Nvidia H100 80GB GPU running in …"); "" for virtual workstation
/// licences and GPUs this importer does not assemble.
std::string gcpGpuName(std::string_view description)
{
    if (icontains(description, "Workstation"))
        return {};
    const auto w = words(description);
    for (std::size_t i = 0; i < w.size(); ++i) {
        const std::string_view next = i + 1 < w.size() ? w[i + 1] : std::string_view();
        if (w[i] == "A100")
            return next == "80GB" ? "A100-80GB" : "A100";
        if (w[i] == "H100") {
            const std::string_view after = i + 2 < w.size() ? w[i + 2] : std::string_view();
            return (next == "Mega" || after == "Mega") ? "H100-MEGA" : "H100";
        }
        if (w[i] == "L4" || w[i] == "T4" || w[i] == "V100" || w[i] == "P100" || w[i] == "P4" || w[i] == "K80"
            || w[i] == "H200" || w[i] == "B200")
            return std::string(w[i]);
    }
    return {};
}

/// The machine family of a core or RAM SKU ("A2 Instance Core running in Americas" → "A2", "Spot Preemptible A2
/// Instance Ram …" → "A2", "Commitment v1: A2 Cpu in Americas for 1 Year" → "A2"); "" for sole-tenancy, custom and
/// extended-memory SKUs, which are priced differently.
std::string gcpFamily(std::string_view description)
{
    for (std::string_view skip : {"Sole Tenancy", "Custom", "Extended", "Premium"})
        if (icontains(description, skip))
            return {};
    for (auto w : words(description)) {
        if (w.size() < 2 || w.size() > 4 || !std::isupper(static_cast<unsigned char>(w[0]))
            || !std::isdigit(static_cast<unsigned char>(w[1])))
            continue;
        if (std::all_of(w.begin() + 2, w.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))
            return std::string(w);
    }
    return {};
}

/// units + nanos·10⁻⁹ written out exactly (both non-negative): 2, 933908000 → "2.933908".
std::string decimalText(long long units, long long nanos)
{
    std::string s = std::to_string(units);
    if (nanos != 0) {
        std::string frac = std::to_string(nanos);
        frac.insert(0, 9 - std::min<std::size_t>(9, frac.size()), '0');
        while (!frac.empty() && frac.back() == '0')
            frac.pop_back();
        s += '.' + frac;
    }
    return s;
}

long long jsonInteger(ObjectReader& r, std::string_view key)
{
    const json& v = r.raw(key);
    long long x = 0;
    if (v.is_number_integer())
        return v.get<long long>();
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
        if (ec == std::errc() && end == s.data() + s.size() && !s.empty())
            return x;
    }
    detail::fail(r.context(), r.pointer(key), "must be an integer, got " + describe(v));
}

/// Reads the Compute Engine GPU, core and RAM SKUs of one page; returns its nextPageToken.
std::string readGcpPage(std::string_view text, const JsonContext& ctx, std::vector<GcpPart>& parts, CatalogImport& sink)
{
    const auto root = detail::parseJson(text, ctx);
    ObjectReader top(root, "", ctx);
    const auto& skus = top.raw("skus");
    if (!skus.is_array())
        detail::fail(ctx, "/skus", "must be an array, got " + describe(skus));
    std::string next;
    if (top.has("nextPageToken")) {
        const auto& token = top.raw("nextPageToken");
        if (!token.is_string())
            detail::fail(ctx, "/nextPageToken", "must be a string, got " + describe(token));
        next = token.get<std::string>(); // "" on the last page
    }
    for (std::size_t i = 0; i < skus.size(); ++i) {
        const std::string ptr = appendPointer("/skus", i);
        try {
            ObjectReader r(skus[i], ptr, ctx);
            auto category = r.object("category");
            const std::string group = category.optString("resourceGroup").value_or("");
            const std::string usage = category.optString("usageType").value_or("");
            GcpPart part;
            if (usage == "OnDemand")
                part.model = PricingModel::OnDemand;
            else if (usage == "Preemptible")
                part.model = PricingModel::Spot;
            else if (usage == "Commit1Yr" || usage == "Commit3Yr") {
                part.model = PricingModel::CommittedUse;
                part.termMonths = usage == "Commit1Yr" ? 12 : 36;
            } else
                continue;
            const std::string description = r.optString("description").value_or("");
            if (group == "GPU") {
                part.kind = GcpKind::Gpu;
                part.name = gcpGpuName(description);
            } else if (group == "CPU" || group == "RAM") {
                part.kind = group == "CPU" ? GcpKind::Core : GcpKind::Ram;
                part.name = gcpFamily(description);
            } else
                continue;
            if (part.name.empty())
                continue;
            part.skuId = r.optString("skuId").value_or(std::to_string(i));
            const auto& regions = r.raw("serviceRegions");
            if (!regions.is_array())
                detail::fail(ctx, r.pointer("serviceRegions"), "must be an array, got " + describe(regions));
            for (std::size_t k = 0; k < regions.size(); ++k) {
                if (!regions[k].is_string())
                    detail::fail(ctx, appendPointer(r.pointer("serviceRegions"), k),
                        "must be a region name, got " + describe(regions[k]));
                part.regions.push_back(regions[k].get<std::string>());
            }
            const auto& infos = r.raw("pricingInfo");
            if (!infos.is_array() || infos.empty())
                detail::fail(ctx, r.pointer("pricingInfo"), "must be a non-empty array, got " + describe(infos));
            // The API returns the current pricing first (and only, unless a time range is asked for).
            ObjectReader info(infos[0], appendPointer(r.pointer("pricingInfo"), std::size_t(0)), ctx);
            part.effective = info.optString("effectiveTime").value_or(info.optString("EffectiveTime").value_or(""));
            auto expr = info.object("pricingExpression");
            const std::string usageUnit = expr.string("usageUnit");
            const std::string wantUnit = part.kind == GcpKind::Ram ? "GiBy.h" : "h";
            if (usageUnit != wantUnit)
                detail::fail(ctx, expr.pointer("usageUnit"),
                    "must be " + quote(wantUnit) + " for a "
                        + (part.kind == GcpKind::Ram ? "RAM" : (part.kind == GcpKind::Gpu ? "GPU" : "core"))
                        + " SKU, got " + quote(usageUnit));
            const auto& tiers = expr.raw("tieredRates");
            if (!tiers.is_array() || tiers.empty())
                detail::fail(ctx, expr.pointer("tieredRates"), "must be a non-empty array, got " + describe(tiers));
            // The first tier (startUsageAmount 0) is the list price; GPU, core and RAM SKUs have only that one.
            std::size_t tier = 0;
            for (std::size_t k = 0; k < tiers.size(); ++k) {
                auto start = tiers[k].find("startUsageAmount");
                if (start == tiers[k].end() || (start->is_number() && start->get<double>() == 0)) {
                    tier = k;
                    break;
                }
            }
            ObjectReader rate(tiers[tier], appendPointer(expr.pointer("tieredRates"), tier), ctx);
            auto unitPrice = rate.object("unitPrice");
            part.currency = unitPrice.string("currencyCode");
            if (!isCurrency(part.currency))
                detail::fail(
                    ctx, unitPrice.pointer("currencyCode"), "must be an ISO 4217 code, got " + quote(part.currency));
            const long long units = unitPrice.has("units") ? jsonInteger(unitPrice, "units") : 0;
            const long long nanos = unitPrice.has("nanos") ? unitPrice.integer("nanos", -999'999'999, 999'999'999) : 0;
            if (units < 0 || nanos < 0) // google.type.Money: units and nanos carry the same sign
                detail::fail(ctx, unitPrice.pointer(),
                    "must be zero or positive, got units " + std::to_string(units) + ", nanos "
                        + std::to_string(nanos));
            part.priceText = decimalText(units, nanos);
            part.price = static_cast<double>(units) + static_cast<double>(nanos) / 1e9;
            parts.push_back(std::move(part));
        } catch (const Failure& f) {
            ctx.warnings->push_back(f.error.detail + " (SKU skipped)");
            sink.capProblems();
        }
    }
    return next;
}

std::string usageLabel(PricingModel model, int termMonths)
{
    std::string s(toString(model));
    if (termMonths > 0)
        s += ' ' + std::to_string(termMonths) + "-month";
    return s;
}

CatalogImport assembleGcp(const std::vector<GcpPart>& parts, const std::string& file, const std::string& asOf,
    const std::string& source, CatalogImport out)
{
    using PartKey = std::tuple<GcpKind, std::string, PricingModel, int, std::string>;
    std::map<PartKey, const GcpPart*> index;
    for (const auto& p : parts) {
        for (const auto& region : p.regions) {
            auto [it, fresh] = index.emplace(PartKey {p.kind, p.name, p.model, p.termMonths, region}, &p);
            if (!fresh && it->second->price != p.price)
                out.warnings.push_back(file + ": SKUs " + it->second->skuId + " and " + p.skuId + " both price "
                    + p.name + ' ' + usageLabel(p.model, p.termMonths) + " in " + region + ", kept the first");
        }
    }
    struct Usage
    {
        PricingModel model;
        int months;
    };
    constexpr Usage usages[] = {{PricingModel::OnDemand, 0}, {PricingModel::Spot, 0}, {PricingModel::CommittedUse, 12},
        {PricingModel::CommittedUse, 36}};
    // series + usage + what is missing → regions, in the order first seen
    std::vector<std::pair<std::string, std::set<std::string>>> missing;
    std::map<std::pair<std::string, std::size_t>, Offering*> byMachine;
    std::vector<std::pair<std::string, std::string>> offeringOrder;
    std::map<std::pair<std::string, std::string>, Offering> offerings;

    for (const auto& m : gcpMachines) {
        const std::string series(m.name.substr(0, m.name.rfind('-')));
        for (const auto& u : usages) {
            auto find = [&](GcpKind kind, std::string_view name, const std::string& region) -> const GcpPart* {
                auto it = index.find(PartKey {kind, std::string(name), u.model, u.months, region});
                return it == index.end() ? nullptr : it->second;
            };
            std::set<std::string> regions;
            for (const auto& [key, part] : index) {
                const auto& [kind, name, model, months, region] = key;
                if (model == u.model && months == u.months
                    && ((kind == GcpKind::Gpu && name == m.gpu) || (kind != GcpKind::Gpu && name == m.family)))
                    regions.insert(region);
            }
            for (const auto& region : regions) {
                const GcpPart* gpu = find(GcpKind::Gpu, m.gpu, region);
                const GcpPart* core = find(GcpKind::Core, m.family, region);
                const GcpPart* ram = find(GcpKind::Ram, m.family, region);
                std::string lacking;
                auto lack = [&lacking](const std::string& what) { lacking += (lacking.empty() ? "" : ", ") + what; };
                if (!gpu)
                    lack(std::string(m.gpu) + " GPU");
                if (!core)
                    lack(std::string(m.family) + " core");
                if (!ram)
                    lack(std::string(m.family) + " RAM");
                if (lacking.empty() && (gpu->currency != core->currency || gpu->currency != ram->currency))
                    lacking = "parts in one currency";
                if (!lacking.empty()) {
                    const std::string key = series + "-* " + usageLabel(u.model, u.months) + ": no " + lacking + " SKU";
                    auto it = std::find_if(missing.begin(), missing.end(), [&](auto& e) { return e.first == key; });
                    if (it == missing.end()) {
                        missing.emplace_back(key, std::set<std::string> {});
                        it = std::prev(missing.end());
                    }
                    it->second.insert(region);
                    continue;
                }
                std::string when = asOf;
                if (when.empty())
                    when = std::max({gpu->effective, core->effective, ram->effective});
                if (when.empty() || !isIsoDate(when)) {
                    out.warnings.push_back(file + ": " + std::string(m.name) + " in " + region
                        + ": no effectiveTime in its SKUs and no as_of given (price skipped)");
                    continue;
                }
                const auto okey = std::make_pair(std::string(m.name), region);
                auto [oit, fresh] = offerings.try_emplace(okey);
                Offering& o = oit->second;
                if (fresh) {
                    offeringOrder.push_back(okey);
                    o.provider = "gcp";
                    o.region = region;
                    o.instanceType = m.name;
                    o.gpuModelRaw = m.gpu;
                    o.gpuModel = canonicalGpuId(m.gpu, m.gpuMemoryGiB);
                    o.gpuVendor = "nvidia";
                    o.gpuCount = m.gpus;
                    o.gpuMemoryGiB = m.gpuMemoryGiB;
                    o.vcpus = m.vcpus;
                    o.memoryGiB = m.ramGiB;
                    o.source = source;
                    o.fetchedAt = when;
                }
                Price p;
                p.pricingModel = u.model;
                p.termMonths = u.months;
                p.currency = gpu->currency;
                p.hourlyRate = m.gpus * gpu->price + m.vcpus * core->price + m.ramGiB * ram->price;
                p.origValue = std::to_string(m.gpus) + " x " + gpu->priceText + " + " + formatCount(m.vcpus) + " x "
                    + core->priceText + " + " + formatCount(m.ramGiB) + " x " + ram->priceText;
                p.origUnit = gpu->currency + " per hour: GPUs x SKU " + gpu->skuId + " + vCPUs x SKU " + core->skuId
                    + " + GiB x SKU " + ram->skuId;
                p.asOf = when;
                p.source = source;
                o.prices.push_back(std::move(p));
            }
        }
    }
    for (const auto& key : offeringOrder)
        out.offerings.push_back(std::move(offerings[key]));
    for (const auto& [what, regions] : missing) {
        std::string list;
        for (const auto& r : regions)
            list += (list.empty() ? "" : ", ") + r;
        const auto colon = what.find(": ");
        out.warnings.push_back(
            file + ": " + what.substr(0, colon) + " price not assembled in " + list + what.substr(colon));
    }
    return out;
}

} // namespace

Result<PagedImport> importGcpSkus(
    std::string_view text, const std::string& fileName, const std::string& asOf, const std::string& source)
{
    if (!asOf.empty() && !isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput, fileName + ": as_of must be an ISO 8601 date, got " + quote(asOf)};
    CatalogImport problems;
    JsonContext ctx {fileName, &problems.warnings};
    std::vector<GcpPart> parts;
    PagedImport out;
    try {
        out.next = readGcpPage(text, ctx, parts, problems);
    } catch (const Failure& f) {
        return f.error;
    }
    out.catalog = assembleGcp(parts, fileName, asOf, source.empty() ? fileName : source, std::move(problems));
    return out;
}

Result<CatalogImport> importGcpSkuPages(
    const std::vector<GcpSkuPage>& pages, const std::string& asOf, const std::string& source)
{
    const std::string file = pages.empty() ? std::string("<no pages>") : pages.front().fileName;
    if (!asOf.empty() && !isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput, file + ": as_of must be an ISO 8601 date, got " + quote(asOf)};
    CatalogImport problems;
    std::vector<GcpPart> parts;
    for (const auto& page : pages) {
        JsonContext ctx {page.fileName, &problems.warnings};
        try {
            readGcpPage(page.json, ctx, parts, problems);
        } catch (const Failure& f) {
            return f.error;
        }
    }
    return assembleGcp(parts, file, asOf, source.empty() ? file : source, std::move(problems));
}

} // namespace gpuplan::importers
