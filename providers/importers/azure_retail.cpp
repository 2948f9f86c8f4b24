// One page of the Azure Retail Prices API.
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

/// "1 Year" → 12, "3 Years" → 36, "5 Years" → 60; 0 when it is not a term.
int azureTermMonths(std::string_view term)
{
    const auto t = trim(term);
    const auto sp = t.find(' ');
    if (sp == std::string_view::npos)
        return 0;
    const auto unit = t.substr(sp + 1);
    if (unit != "Year" && unit != "Years")
        return 0;
    int years = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + sp, years);
    if (ec != std::errc() || end != t.data() + sp || (years != 1 && years != 3 && years != 5))
        return 0; // Azure sells 1-, 3- and 5-year terms
    return years * 12;
}

} // namespace

Result<PagedImport> importAzureRetailPrices(
    std::string_view pageJson, const std::string& fileName, const std::string& asOf, const std::string& source)
{
    PagedImport out;
    auto& warnings = out.catalog.warnings;
    JsonContext ctx {fileName, &warnings};
    const std::string src = source.empty() ? fileName : source;
    try {
        const auto root = detail::parseJson(pageJson, ctx);
        ObjectReader top(root, "", ctx);
        const auto& items = top.raw("Items");
        if (!items.is_array())
            detail::fail(ctx, "/Items", "must be an array, got " + describe(items));
        if (top.has("NextPageLink")) {
            const auto& next = top.raw("NextPageLink");
            if (!next.is_string())
                detail::fail(ctx, "/NextPageLink", "must be a string or null, got " + describe(next));
            out.next = next.get<std::string>();
        }
        if (!asOf.empty() && !isIsoDate(asOf))
            return Error {ErrorCode::InvalidInput, fileName + ": as_of must be an ISO 8601 date, got " + quote(asOf)};
        OfferingIndex index(out.catalog.offerings);
        for (std::size_t i = 0; i < items.size(); ++i) {
            out.catalog.capProblems();
            const std::string ptr = appendPointer("/Items", i);
            try {
                ObjectReader r(items[i], ptr, ctx);
                if (auto service = r.optString("serviceName"); service && *service != "Virtual Machines")
                    continue;
                const std::string type = r.string("type");
                const std::string product = r.optString("productName").value_or("");
                const std::string meter = r.string("meterName");
                if (icontains(product, "Windows") || type == "DevTestConsumption" || icontains(meter, "Low Priority"))
                    continue; // Windows licences, dev/test rates and Batch low-priority nodes are not VM prices
                if (type != "Consumption" && type != "Reservation")
                    detail::fail(ctx, r.pointer("type"),
                        "must be Consumption, Reservation or DevTestConsumption, got " + quote(type));
                const std::string currency = r.string("currencyCode");
                if (!isCurrency(currency))
                    detail::fail(ctx, r.pointer("currencyCode"),
                        "must be an ISO 4217 code such as USD or EUR, got " + quote(currency));
                const double unitPrice = r.number("unitPrice", Bound::NonNegative);
                if (unitPrice == 0)
                    detail::fail(ctx, r.pointer("unitPrice"), "a price of 0 is not a price, got 0");
                const std::string unit = r.optString("unitOfMeasure").value_or("");
                std::string when = asOf;
                if (when.empty()) {
                    when = r.optString("effectiveStartDate").value_or("");
                    if (!isIsoDate(when))
                        detail::fail(ctx, r.pointer("effectiveStartDate"),
                            "must be an ISO 8601 date when no as_of is given, got " + quote(when));
                }
                Offering proto;
                proto.provider = "azure";
                proto.region = r.string("armRegionName");
                proto.instanceType = r.string("armSkuName");
                proto.gpuVendor.clear();
                proto.source = src;
                proto.fetchedAt = when;

                Price p;
                p.currency = currency;
                p.asOf = when;
                p.source = src;
                p.origValue = describe(r.raw("unitPrice"));
                p.origUnit = unit;
                std::vector<Price> prices;
                if (type == "Consumption") {
                    if (unit != "1 Hour")
                        detail::fail(
                            ctx, r.pointer("unitOfMeasure"), "must be \"1 Hour\" for a VM price, got " + quote(unit));
                    p.pricingModel = icontains(meter, "Spot") ? PricingModel::Spot : PricingModel::OnDemand;
                    p.hourlyRate = unitPrice;
                    prices.push_back(p);
                    if (p.pricingModel == PricingModel::OnDemand && r.has("savingsPlan")) {
                        const auto& plans = r.raw("savingsPlan");
                        if (!plans.is_array())
                            detail::fail(ctx, r.pointer("savingsPlan"), "must be an array, got " + describe(plans));
                        for (std::size_t k = 0; k < plans.size(); ++k) {
                            try {
                                ObjectReader s(plans[k], appendPointer(r.pointer("savingsPlan"), k), ctx);
                                const std::string term = s.string("term");
                                const int months = azureTermMonths(term);
                                if (months == 0)
                                    detail::fail(ctx, s.pointer("term"),
                                        "must be \"1 Year\", \"3 Years\" or \"5 Years\", got " + quote(term));
                                Price sp = p;
                                sp.pricingModel = PricingModel::SavingsPlan;
                                sp.termMonths = months;
                                sp.offeringClass = "compute"; // Azure savings plan for compute
                                sp.hourlyRate = s.number("unitPrice", Bound::Positive);
                                sp.origValue = describe(s.raw("unitPrice"));
                                prices.push_back(sp);
                            } catch (const Failure& f) {
                                warnings.push_back(f.error.detail + " (savings plan price skipped)");
                            }
                        }
                    }
                } else {
                    const std::string term = r.string("reservationTerm");
                    const int months = azureTermMonths(term);
                    if (months == 0)
                        detail::fail(ctx, r.pointer("reservationTerm"),
                            "must be \"1 Year\", \"3 Years\" or \"5 Years\", got " + quote(term));
                    // unitPrice of a reservation is the total for the whole term although unitOfMeasure says
                    // "1 Hour" (416 for a 1-year D2als v7 whose pay-as-you-go rate is 0.0804/h). Azure lets it be
                    // paid upfront or monthly for the same total, so no payment option is set.
                    p.pricingModel = PricingModel::Reserved;
                    p.termMonths = months;
                    p.upfrontFee = unitPrice;
                    p.hourlyRate = 0;
                    p.origUnit = unit + " (per the API; the figure is the total for the term)";
                    prices.push_back(p);
                }
                Offering& o = index.get(proto);
                for (auto& price : prices)
                    addPrice(o, std::move(price), ctx.file + ':' + ptr, warnings);
            } catch (const Failure& f) {
                warnings.push_back(f.error.detail + " (item skipped)");
            }
        }
        return out;
    } catch (const Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::importers
