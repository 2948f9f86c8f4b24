// Alibaba Cloud's public instancePrice.json.
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

Result<CatalogImport> importAlibabaInstancePrice(
    std::string_view text, const std::string& fileName, const std::string& asOf, const std::string& source)
{
    CatalogImport out;
    JsonContext ctx {fileName, &out.warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const std::string currency = top.string("currency");
        if (!isCurrency(currency))
            detail::fail(ctx, "/currency", "must be an ISO 4217 code such as USD or CNY, got " + quote(currency));
        const std::string version = top.optString("version").value_or("");
        std::string when = top.optString("publicationDate").value_or("");
        if (!isIsoDate(when))
            when = asOf;
        if (when.empty() || !isIsoDate(when))
            detail::fail(ctx, "/publicationDate", "is missing and no valid as_of was given, got " + quote(asOf));
        const std::string src = (source.empty() ? fileName : source) + (version.empty() ? "" : " version " + version);
        const auto& info = top.raw("pricingInfo");
        if (!info.is_object())
            detail::fail(ctx, "/pricingInfo",
                "must be an object keyed by Region::InstanceType::NetworkType::OS::IoOptimized, got " + describe(info));
        for (auto it = info.begin(); it != info.end(); ++it) {
            out.capProblems();
            const std::string ptr = appendPointer("/pricingInfo", it.key());
            std::vector<std::string> parts;
            for (std::size_t from = 0;;) {
                const auto at = it.key().find("::", from);
                parts.push_back(it.key().substr(from, at == std::string::npos ? std::string::npos : at - from));
                if (at == std::string::npos)
                    break;
                from = at + 2;
            }
            if (parts.size() != 5 || parts[0].empty() || parts[1].empty()) {
                detail::warn(ctx, ptr,
                    "key must be Region::InstanceType::NetworkType::OS::IoOptimized, got " + quote(it.key())
                        + " (entry skipped)");
                continue;
            }
            // Linux in a VPC on I/O-optimized hosts: the prices a GPU user pays (classic network and
            // non-optimized hosts are legacy; Windows adds a licence).
            if (lower(parts[2]) != "vpc" || lower(parts[3]) != "linux" || lower(parts[4]) != "optimized")
                continue;
            try {
                ObjectReader r(it.value(), ptr, ctx);
                Offering o;
                o.provider = "alibaba";
                o.region = parts[0];
                o.instanceType = parts[1];
                o.gpuVendor.clear();
                o.source = src;
                o.sourceVersion = version;
                o.fetchedAt = when;
                for (const char* list : {"hours", "months", "years"}) {
                    if (!r.has(list))
                        continue;
                    const auto& entries = r.raw(list);
                    if (!entries.is_array())
                        detail::fail(ctx, r.pointer(list), "must be an array, got " + describe(entries));
                    for (std::size_t k = 0; k < entries.size(); ++k) {
                        try {
                            ObjectReader e(entries[k], appendPointer(r.pointer(list), k), ctx);
                            const double price = jsonNumber(e, "price", Sign::NonNegative);
                            if (price == 0)
                                detail::fail(ctx, e.pointer("price"), "a price of 0 is not a price, got 0");
                            const double period = jsonNumber(e, "period", Sign::Positive);
                            if (period != std::floor(period) || period > 60)
                                detail::fail(ctx, e.pointer("period"),
                                    "must be a whole number of months or years, got " + describe(e.raw("period")));
                            Price p;
                            p.currency = currency;
                            p.asOf = when;
                            p.source = src;
                            p.origValue = describe(e.raw("price"));
                            const std::string l(list);
                            if (l == "hours") {
                                if (period != 1)
                                    detail::fail(ctx, e.pointer("period"),
                                        "must be 1 for an hourly price, got " + describe(e.raw("period")));
                                p.pricingModel = PricingModel::OnDemand;
                                p.hourlyRate = price;
                                p.origUnit = currency + " per hour (pay-as-you-go)";
                            } else {
                                // Prepaid subscription: the whole price is paid when the term starts.
                                p.pricingModel = PricingModel::Subscription;
                                p.termMonths = static_cast<int>(period) * (l == "years" ? 12 : 1);
                                p.upfrontFee = price;
                                p.origUnit = currency + " per " + formatCount(period)
                                    + (l == "years" ? " year(s)" : " month(s)") + " (prepaid)";
                            }
                            addPrice(o, std::move(p), ctx.file + ':' + e.pointer(), out.warnings);
                        } catch (const Failure& f) {
                            out.warnings.push_back(f.error.detail + " (price skipped)");
                        }
                    }
                }
                out.offerings.push_back(std::move(o));
            } catch (const Failure& f) {
                out.warnings.push_back(f.error.detail + " (entry skipped)");
            }
        }
        return out;
    } catch (const Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::importers
