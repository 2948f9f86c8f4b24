// The native "gpuplan.catalog/1" JSON: pricing-data/catalog/*.json, quotes, private clouds.
#include "importers.h"

#include "core/json_reader.h"

#include <nlohmann/json.hpp>

namespace gpuplan::importers {

using namespace core;
using core::detail::Bound;
using core::detail::ObjectReader;

namespace {

/// What a row may leave out: the reader fills these in, the writer leaves them out.
const Offering& rowDefaults()
{
    static const Offering d = [] {
        Offering o; // arch x86_64, per-second billing with a 60 s minimum (catalog.h)
        o.gpuVendor = "nvidia";
        return o;
    }();
    return d;
}

Price readPrice(ObjectReader& r, const std::string& defaultAsOf, const std::string& defaultSource)
{
    Price p;
    const std::string model = r.string("pricing_model");
    auto pm = parsePricingModel(model);
    if (!pm)
        detail::fail(r.context(), r.pointer("pricing_model"),
            "must be one of on_demand|spot|reserved|savings_plan|committed_use|subscription|capacity_block, "
            "got \""
                + model + '"');
    p.pricingModel = *pm;
    p.termMonths = static_cast<int>(r.optInteger("term_months", 0, 120).value_or(0));
    const bool termed = p.pricingModel == PricingModel::Reserved || p.pricingModel == PricingModel::SavingsPlan
        || p.pricingModel == PricingModel::CommittedUse || p.pricingModel == PricingModel::Subscription;
    if (termed && p.termMonths == 0)
        detail::fail(r.context(), r.pointer("term_months"),
            "is required for " + model + " prices (months of commitment), got 0");
    if (!termed && p.pricingModel != PricingModel::CapacityBlock && p.termMonths != 0)
        detail::fail(r.context(), r.pointer("term_months"),
            "must be 0 for " + model + " prices, got " + std::to_string(p.termMonths));
    if (auto po = r.optString("payment_option")) {
        auto v = parsePaymentOption(*po);
        if (!v)
            detail::fail(r.context(), r.pointer("payment_option"),
                "must be one of no_upfront|partial_upfront|all_upfront, got \"" + *po + '"');
        p.paymentOption = *v;
    }
    p.offeringClass = r.optString("offering_class").value_or("");
    p.currency = r.string("currency");
    if (!isCurrencyCode(p.currency))
        detail::fail(r.context(), r.pointer("currency"),
            "must be an ISO 4217 code such as USD or CNY, got \"" + p.currency + '"');
    p.hourlyRate = r.number("hourly_rate", Bound::NonNegative);
    p.upfrontFee = r.optNumber("upfront_fee", Bound::NonNegative).value_or(0);
    if (p.hourlyRate == 0 && p.upfrontFee == 0)
        detail::fail(r.context(), r.pointer("hourly_rate"), "a price of 0 with no upfront fee is not a price, got 0");
    p.taxIncluded = r.optBool("tax_included").value_or(false);
    p.origValue = r.optString("orig_value").value_or("");
    p.origUnit = r.optString("orig_unit").value_or("");
    if (auto b = r.optInteger("interruption_bucket", 0, 4))
        p.interruptionBucket = static_cast<int>(*b);
    p.interruptionLabel = r.optString("interruption_label").value_or("");
    // Negative where the advisor says spot costs more than on-demand (ca-central-1 p5.48xlarge: -62, 2025-06-28).
    if (auto s = r.optInteger("spot_savings_pct", -1000, 100))
        p.spotSavingsPct = static_cast<int>(*s);
    p.asOf = r.optString("as_of").value_or(defaultAsOf);
    if (p.asOf.empty())
        detail::fail(r.context(), r.pointer("as_of"), "is required: every price is a dated fact");
    if (!isIsoDate(p.asOf))
        detail::fail(r.context(), r.pointer("as_of"), "must be an ISO 8601 date (YYYY-MM-DD), got \"" + p.asOf + '"');
    p.source = r.optString("source").value_or(defaultSource);
    if (p.source.empty())
        detail::fail(r.context(), r.pointer("source"), "is required: say where the price was read");
    r.finish();
    return p;
}

} // namespace

Result<CatalogImport> parseNativeCatalog(std::string_view text, const std::string& fileName)
{
    CatalogImport out;
    detail::JsonContext ctx {fileName, &out.warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const std::string schema = top.string("schema");
        if (schema != "gpuplan.catalog/1")
            detail::fail(ctx, "/schema", "unsupported schema, expected \"gpuplan.catalog/1\", got \"" + schema + '"');
        const std::string defProvider = top.optString("provider").value_or("");
        const std::string defAsOf = top.optString("as_of").value_or("");
        const std::string defSource = top.optString("source").value_or("");
        top.optString("notes");
        const auto& list = top.raw("offerings");
        if (!list.is_array())
            detail::fail(ctx, "/offerings", "must be an array, got " + detail::describe(list));
        top.finish();
        for (std::size_t i = 0; i < list.size(); ++i) {
            out.capProblems();
            const std::string ptr = detail::appendPointer("/offerings", i);
            try {
                ObjectReader r(list[i], ptr, ctx);
                Offering o;
                o.provider = r.optString("provider").value_or(defProvider);
                if (o.provider.empty())
                    detail::fail(ctx, r.pointer("provider"), "is required");
                o.region = r.string("region");
                o.zone = r.optString("zone").value_or("");
                o.country = r.optString("country").value_or("");
                o.instanceType = r.string("instance_type");
                o.gpuModel = r.string("gpu_model");
                o.gpuModelRaw = r.optString("gpu_model_raw").value_or(o.gpuModel);
                o.gpuVendor = r.optString("gpu_vendor").value_or(rowDefaults().gpuVendor);
                o.gpuCount = r.number("gpu_count", Bound::Positive);
                o.gpuMemoryGiB = r.optNumber("gpu_memory_gib", Bound::Positive).value_or(0);
                o.vcpus = r.optNumber("vcpus", Bound::NonNegative).value_or(0);
                o.memoryGiB = r.optNumber("memory_gib", Bound::NonNegative).value_or(0);
                o.arch = r.optString("arch").value_or(rowDefaults().arch);
                o.localDiskGB = r.optNumber("local_disk_gb", Bound::NonNegative).value_or(0);
                o.gpuInterconnect = r.optString("gpu_interconnect").value_or("");
                o.networkGbps = r.optNumber("network_gbps", Bound::NonNegative).value_or(0);
                o.billingGranularityS
                    = r.optNumber("billing_granularity_s", Bound::Positive).value_or(rowDefaults().billingGranularityS);
                o.minimumBillingS
                    = r.optNumber("minimum_billing_s", Bound::NonNegative).value_or(rowDefaults().minimumBillingS);
                o.source = r.optString("source").value_or(defSource);
                o.sourceVersion = r.optString("source_version").value_or("");
                o.fetchedAt = r.optString("fetched_at").value_or(defAsOf);
                r.optString("notes");
                if (r.has("prices")) {
                    const auto& prices = r.raw("prices");
                    if (!prices.is_array())
                        detail::fail(ctx, r.pointer("prices"), "must be an array, got " + detail::describe(prices));
                    for (std::size_t k = 0; k < prices.size(); ++k) {
                        const std::string pptr = detail::appendPointer(r.pointer("prices"), k);
                        try {
                            ObjectReader pr(prices[k], pptr, ctx);
                            o.prices.push_back(readPrice(pr, defAsOf, o.source));
                        } catch (const detail::Failure& f) {
                            out.warnings.push_back(f.error.detail + " (price skipped)");
                        }
                    }
                }
                r.finish();
                out.offerings.push_back(std::move(o));
            } catch (const detail::Failure& f) {
                out.warnings.push_back(f.error.detail + " (offering skipped)");
            }
        }
        return out;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

std::string writeNativeCatalog(const std::vector<Offering>& offerings, const NativeCatalogHeader& given)
{
    using Json = nlohmann::ordered_json;
    // What every row shares goes to the top, so that rows need not repeat it: the provider, and the date when all
    // prices have one.
    NativeCatalogHeader header = given;
    auto common = [&](auto field) {
        std::string value;
        for (const auto& o : offerings)
            for (const std::string& v : field(o)) {
                if (value.empty())
                    value = v;
                else if (v != value)
                    return std::string();
            }
        return value;
    };
    if (header.provider.empty())
        header.provider = common([](const Offering& o) { return std::vector<std::string> {o.provider}; });
    if (header.asOf.empty())
        header.asOf = common([](const Offering& o) {
            std::vector<std::string> dates;
            for (const auto& p : o.prices)
                dates.push_back(p.asOf);
            return dates;
        });
    Json doc {{"schema", "gpuplan.catalog/1"}};
    if (!header.provider.empty())
        doc["provider"] = header.provider;
    if (!header.asOf.empty())
        doc["as_of"] = header.asOf;
    if (!header.source.empty())
        doc["source"] = header.source;
    if (!header.notes.empty())
        doc["notes"] = header.notes;
    Json list = Json::array();
    for (const auto& o : offerings) {
        Json j;
        if (o.provider != header.provider)
            j["provider"] = o.provider;
        j["region"] = o.region;
        if (!o.zone.empty())
            j["zone"] = o.zone;
        if (!o.country.empty())
            j["country"] = o.country;
        j["instance_type"] = o.instanceType;
        j["gpu_model"] = o.gpuModel;
        if (o.gpuModelRaw != o.gpuModel)
            j["gpu_model_raw"] = o.gpuModelRaw;
        const Offering& d = rowDefaults();
        if (o.gpuVendor != d.gpuVendor)
            j["gpu_vendor"] = o.gpuVendor;
        j["gpu_count"] = o.gpuCount;
        if (o.gpuMemoryGiB > 0)
            j["gpu_memory_gib"] = o.gpuMemoryGiB;
        if (o.vcpus > 0)
            j["vcpus"] = o.vcpus;
        if (o.memoryGiB > 0)
            j["memory_gib"] = o.memoryGiB;
        if (o.arch != d.arch)
            j["arch"] = o.arch;
        if (o.localDiskGB > 0)
            j["local_disk_gb"] = o.localDiskGB;
        if (!o.gpuInterconnect.empty())
            j["gpu_interconnect"] = o.gpuInterconnect;
        if (o.networkGbps > 0)
            j["network_gbps"] = o.networkGbps;
        if (o.billingGranularityS != d.billingGranularityS)
            j["billing_granularity_s"] = o.billingGranularityS;
        if (o.minimumBillingS != d.minimumBillingS)
            j["minimum_billing_s"] = o.minimumBillingS;
        if (o.source != header.source)
            j["source"] = o.source;
        if (!o.sourceVersion.empty())
            j["source_version"] = o.sourceVersion;
        if (!o.fetchedAt.empty() && o.fetchedAt != header.asOf)
            j["fetched_at"] = o.fetchedAt;
        Json prices = Json::array();
        for (const auto& p : o.prices) {
            Json q {{"pricing_model", std::string(toString(p.pricingModel))}};
            if (p.termMonths != 0)
                q["term_months"] = p.termMonths;
            if (p.paymentOption != PaymentOption::None)
                q["payment_option"] = std::string(toString(p.paymentOption));
            if (!p.offeringClass.empty())
                q["offering_class"] = p.offeringClass;
            q["currency"] = p.currency;
            q["hourly_rate"] = p.hourlyRate;
            if (p.upfrontFee > 0)
                q["upfront_fee"] = p.upfrontFee;
            if (p.taxIncluded)
                q["tax_included"] = true;
            if (!p.origValue.empty())
                q["orig_value"] = p.origValue;
            if (!p.origUnit.empty())
                q["orig_unit"] = p.origUnit;
            if (p.interruptionBucket)
                q["interruption_bucket"] = *p.interruptionBucket;
            if (!p.interruptionLabel.empty())
                q["interruption_label"] = p.interruptionLabel;
            if (p.spotSavingsPct)
                q["spot_savings_pct"] = *p.spotSavingsPct;
            if (p.asOf != header.asOf)
                q["as_of"] = p.asOf;
            if (p.source != o.source)
                q["source"] = p.source;
            prices.push_back(std::move(q));
        }
        j["prices"] = std::move(prices);
        list.push_back(std::move(j));
    }
    doc["offerings"] = std::move(list);
    return detail::jsonDocument(doc);
}

} // namespace gpuplan::importers
