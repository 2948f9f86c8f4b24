#include "catalog_check.h"

#include "tuple_hash.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace gpuplan::core {

namespace {

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant, "chrono-Compatible Low-Level Date
/// Algorithms", days_from_civil).
long daysFromCivil(long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<long>(doe) - 719468;
}

std::optional<long> dayNumber(std::string_view s)
{
    if (!isIsoDate(s))
        return std::nullopt;
    auto num = [&](std::size_t from, std::size_t n) {
        long v = 0;
        for (std::size_t i = from; i < from + n; ++i)
            v = v * 10 + (s[i] - '0');
        return v;
    };
    const long y = num(0, 4), m = num(5, 2), d = num(8, 2);
    if (m < 1 || m > 12 || d < 1 || d > 31)
        return std::nullopt;
    return daysFromCivil(y, static_cast<unsigned>(m), static_cast<unsigned>(d));
}

std::string money(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

/// The per-GPU-hour USD price of `p` on `o`; nothing without a GPU count or an exchange rate.
std::optional<double> usdPerGpuHour(const Offering& o, const Price& p, const FxTable& fx)
{
    if (!(o.gpuCount > 0))
        return std::nullopt;
    auto usd = fx.convert(p.effectiveHourly(), p.currency, "USD");
    if (!usd)
        return std::nullopt;
    return *usd / o.gpuCount;
}

/// An instance family for the providers that price per VM SKU: AWS "g5.12xlarge" → "g5", Azure
/// "Standard_NC24ads_A100_v4" → "Standard_NC#ads_A100_v4" (the first run of digits is the size).
std::string family(const Offering& o)
{
    if (o.provider == "aws")
        return o.instanceType.substr(0, o.instanceType.find('.'));
    std::string f;
    bool replaced = false, inDigits = false;
    for (char c : o.instanceType) {
        const bool digit = c >= '0' && c <= '9';
        if (digit && !replaced) {
            if (!inDigits)
                f += '#';
            inDigits = true;
            continue;
        }
        if (inDigits)
            replaced = true;
        inDigits = false;
        f += c;
    }
    return f;
}

/// A finding on price `p` of offering `o`, an element of `all`.
CatalogFinding finding(
    bool error, std::string rule, const std::vector<Offering>& all, const Offering& o, const Price& p, Message detail)
{
    CatalogFinding f {error, std::move(rule), o.provider, o.region, o.instanceType,
        std::string(toString(p.pricingModel)), std::move(detail)};
    f.offering = static_cast<std::size_t>(&o - all.data());
    f.price = static_cast<std::size_t>(&p - o.prices.data());
    return f;
}

} // namespace

bool spotAboveOnDemand(const Price& spot, const Price* onDemand)
{
    return spot.pricingModel == PricingModel::Spot && onDemand && onDemand->currency == spot.currency
        && spot.effectiveHourly() > onDemand->effectiveHourly() + priceRoundingTolerance;
}

OnDemandIndex onDemandIndex(const std::vector<Offering>& offerings)
{
    OnDemandIndex out;
    out.price.assign(offerings.size(), nullptr);
    out.own.assign(offerings.size(), false);
    bool zonalWithout = false; // a zonal offering without an on-demand price of its own
    for (std::size_t i = 0; i < offerings.size(); ++i) {
        for (const auto& p : offerings[i].prices)
            if (p.pricingModel == PricingModel::OnDemand) {
                out.price[i] = &p;
                out.own[i] = true;
                break;
            }
        zonalWithout |= !out.price[i] && !offerings[i].zone.empty();
    }
    if (!zonalWithout)
        return out;
    using Key = std::tuple<std::string_view, std::string_view, std::string_view>;
    std::unordered_map<Key, const Price*, detail::TupleHash> regional;
    for (std::size_t i = 0; i < offerings.size(); ++i)
        if (out.price[i] && offerings[i].zone.empty())
            regional.try_emplace(
                Key {offerings[i].provider, offerings[i].region, offerings[i].instanceType}, out.price[i]);
    for (std::size_t i = 0; i < offerings.size(); ++i) {
        const Offering& o = offerings[i];
        if (out.price[i] || o.zone.empty())
            continue;
        auto r = regional.find(Key {o.provider, o.region, o.instanceType});
        if (r != regional.end())
            out.price[i] = r->second;
    }
    return out;
}

std::optional<long> daysBetween(std::string_view from, std::string_view to)
{
    auto a = dayNumber(from), b = dayNumber(to);
    if (!a || !b)
        return std::nullopt;
    return *b - *a;
}

std::vector<CatalogFinding> compareSources(const std::vector<Offering>& offerings,
    const std::vector<Offering>& secondSource, const CatalogCheckOptions& options)
{
    using Key = std::tuple<std::string, std::string, std::string, PricingModel, int, PaymentOption, std::string>;
    std::map<Key, std::pair<const Offering*, const Price*>> other;
    for (const auto& o : secondSource)
        for (const auto& p : o.prices)
            other.try_emplace(
                Key {o.provider, o.region, o.instanceType, p.pricingModel, p.termMonths, p.paymentOption, p.currency},
                &o, &p);
    std::vector<CatalogFinding> out;
    for (const auto& o : offerings)
        for (const auto& p : o.prices) {
            auto it = other.find(
                Key {o.provider, o.region, o.instanceType, p.pricingModel, p.termMonths, p.paymentOption, p.currency});
            if (it == other.end())
                continue;
            const auto& [so, sp] = it->second;
            if (sp->source == p.source && so->source == o.source)
                continue; // the same publication twice is not a second opinion
            const double a = p.effectiveHourly(), b = sp->effectiveHourly();
            const double low = std::min(a, b);
            if (!(low > 0) || std::abs(a - b) <= options.sourceTolerance * low)
                continue;
            out.push_back(finding(false, "sources_disagree", offerings, o, p,
                Message(msg::checkSourcesDisagree,
                    {money(a), p.currency, money(b), so->source, sp->asOf.substr(0, 10),
                        money(100.0 * std::abs(a - b) / low), money(100.0 * options.sourceTolerance)})));
        }
    return out;
}

Message catalogRuleName(const std::string& rule)
{
    // The rules as the README's "catalog check" states them.
    if (rule == "outlier")
        return Message(msg::ruleOutlier);
    if (rule == "spot_above_on_demand")
        return Message(msg::ruleSpotAboveOnDemand);
    if (rule == "spot_not_cheaper")
        return Message(msg::ruleSpotNotCheaper);
    if (rule == "linear_multi_gpu")
        return Message(msg::ruleLinearMultiGpu);
    if (rule == "stale")
        return Message(msg::ruleStale, {std::to_string(maxPriceAgeDays)});
    if (rule == "sources_disagree")
        return Message(msg::ruleSourcesDisagree);
    return Message(msg::ruleOther, {rule});
}

std::vector<CatalogFinding> checkCatalog(
    const std::vector<Offering>& offerings, const FxTable& fx, const CatalogCheckOptions& options)
{
    // The median on-demand price per GPU-hour of each GPU model.
    std::map<std::string, std::vector<double>> byGpu;
    for (const auto& o : offerings)
        for (const auto& p : o.prices)
            if (p.pricingModel == PricingModel::OnDemand)
                if (auto v = usdPerGpuHour(o, p, fx); v && *v > 0)
                    byGpu[o.gpuModel].push_back(*v);
    struct Median
    {
        double usd = 0;
        std::size_t rows = 0;
    };
    std::map<std::string, Median> median;
    for (auto& [gpu, v] : byGpu)
        if (static_cast<int>(v.size()) >= options.minRowsForMedian) {
            std::sort(v.begin(), v.end());
            const std::size_t n = v.size();
            median[gpu] = {n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0, n};
        }
    // The 1-GPU size of each (provider, region, family, GPU): its on-demand hourly rate and currency.
    std::map<std::tuple<std::string, std::string, std::string, std::string>, const Price*> single;
    for (const auto& o : offerings)
        if ((o.provider == "aws" || o.provider == "azure") && o.gpuCount == 1)
            for (const auto& p : o.prices)
                if (p.pricingModel == PricingModel::OnDemand)
                    single.try_emplace({o.provider, o.region, family(o), o.gpuModel}, &p);

    // A multi-GPU size priced at exactly n × its family's 1-GPU size in the same region; the sources that price each
    // (provider, family, GPU, count) so: where two sources do (Microsoft's own list and SkyPilot's copy of it for
    // Azure's NC A100 v4), the provider prices the size linearly and the row is not a derived figure.
    const auto linearPrice = [&](const Offering& o, const Price& p) {
        if (p.pricingModel != PricingModel::OnDemand || o.gpuCount <= 1
            || (o.provider != "aws" && o.provider != "azure"))
            return false;
        auto s = single.find({o.provider, o.region, family(o), o.gpuModel});
        return s != single.end() && s->second->currency == p.currency && s->second->hourlyRate > 0
            && std::abs(p.hourlyRate - o.gpuCount * s->second->hourlyRate) <= 1e-9 * p.hourlyRate;
    };
    std::map<std::tuple<std::string, std::string, std::string, double>, std::set<std::string>> linearSources;
    for (const auto& o : offerings)
        for (const auto& p : o.prices)
            if (linearPrice(o, p))
                linearSources[{o.provider, family(o), o.gpuModel, o.gpuCount}].insert(p.source);

    const OnDemandIndex od = onDemandIndex(offerings);
    std::vector<CatalogFinding> out;
    for (std::size_t i = 0; i < offerings.size(); ++i) {
        const Offering& o = offerings[i];
        const Price* onDemand = od.own[i] ? od.price[i] : nullptr;
        const Price* regionOnDemand = od.own[i] ? nullptr : od.price[i];
        for (const auto& p : o.prices) {
            if (p.pricingModel == PricingModel::OnDemand) {
                auto m = median.find(o.gpuModel);
                auto v = usdPerGpuHour(o, p, fx);
                if (m != median.end() && v && *v > 0
                    && (*v > options.outlierFactor * m->second.usd || *v < m->second.usd / options.outlierFactor))
                    out.push_back(finding(false, "outlier", offerings, o, p,
                        Message(msg::checkOutlier,
                            {money(*v), money(*v / m->second.usd), money(m->second.usd), std::to_string(m->second.rows),
                                o.gpuModel, money(options.outlierFactor)})));
                if (linearPrice(o, p) && linearSources[{o.provider, family(o), o.gpuModel, o.gpuCount}].size() < 2) {
                    const Price* s = single.at({o.provider, o.region, family(o), o.gpuModel});
                    out.push_back(finding(false, "linear_multi_gpu", offerings, o, p,
                        Message(msg::checkLinearMultiGpu,
                            {money(p.hourlyRate), p.currency, money(o.gpuCount), money(s->hourlyRate)})));
                }
            }
            if (spotAboveOnDemand(p, onDemand))
                out.push_back(finding(true, "spot_above_on_demand", offerings, o, p,
                    Message(msg::checkSpotAboveOnDemand,
                        {money(p.effectiveHourly()), p.currency, money(onDemand->effectiveHourly())})));
            // A zone's spot price against its region's on-demand one: a real quote, but not a saving (AWS writes
            // SpotPrice = Price where a zone has no spot capacity to offer, and a few zones quote more).
            if (p.pricingModel == PricingModel::Spot && regionOnDemand && regionOnDemand->currency == p.currency
                && p.effectiveHourly() >= regionOnDemand->effectiveHourly() - priceRoundingTolerance)
                out.push_back(finding(false, "spot_not_cheaper", offerings, o, p,
                    Message(
                        spotAboveOnDemand(p, regionOnDemand) ? msg::checkSpotAboveRegion : msg::checkSpotEqualsRegion,
                        {money(p.effectiveHourly()), p.currency, o.zone, money(regionOnDemand->effectiveHourly())})));
            if (auto age = daysBetween(p.asOf, options.today); age && *age > options.maxAgeDays)
                out.push_back(finding(false, "stale", offerings, o, p,
                    Message(msg::checkStale,
                        {p.asOf.substr(0, 10), std::to_string(*age), options.today,
                            std::to_string(options.maxAgeDays)})));
        }
    }
    return out;
}

} // namespace gpuplan::core
