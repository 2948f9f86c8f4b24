#include "pricing.h"

#include "json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpuplan::core {

FxTable::FxTable(std::vector<FxRate> rates)
    : m_rates(std::move(rates))
{ }

const FxRate* FxTable::find(const std::string& currency) const
{
    for (const auto& r : m_rates)
        if (r.currency == currency)
            return &r;
    return nullptr;
}

void FxTable::set(FxRate rate)
{
    for (auto& r : m_rates)
        if (r.currency == rate.currency) {
            r = std::move(rate);
            return;
        }
    m_rates.push_back(std::move(rate));
}

Result<double> FxTable::convert(double amount, const std::string& from, const std::string& to) const
{
    if (from == to)
        return amount;
    auto perUsd = [&](const std::string& c) -> Result<double> {
        if (c == "USD")
            return 1.0;
        const FxRate* r = find(c);
        if (!r) {
            Error e;
            e.message = Message(msg::noExchangeRate, {c});
            e.detail = "no exchange rate for " + c + " (add one to fx.json or settings)";
            return e;
        }
        return r->perUsd;
    };
    auto f = perUsd(from);
    if (!f)
        return f.error();
    auto t = perUsd(to);
    if (!t)
        return t.error();
    return amount / *f * *t;
}

double interruptionShareForBucket(int bucket)
{
    switch (bucket) {
    case 0:
        return 0.025; // <5 %
    case 1:
        return 0.075; // 5–10 %
    case 2:
        return 0.125; // 10–15 %
    case 3:
        return 0.175; // 15–20 %
    default:
        return 0.25; // >20 %: a stated 25 %
    }
}

double interruptionsPerInstanceHour(double monthlyShare)
{
    // A share p of instances interrupted within a 730-hour month is a Poisson rate −ln(1 − p) per month.
    return -std::log(1.0 - std::clamp(monthlyShare, 0.0, 0.999999)) / 730.0;
}

double youngInterval(double c, double m)
{
    return std::sqrt(2.0 * c * m);
}

double dalyInterval(double c, double m)
{
    return c < 2.0 * m ? std::sqrt(2.0 * c * m) - c : m;
}

SpotOverhead spotOverhead(int instances, std::optional<int> bucket, const SpotParams& params)
{
    SpotOverhead s;
    s.assumedBucket = !bucket.has_value();
    const double perInstance = interruptionsPerInstanceHour(
                                   interruptionShareForBucket(bucket.value_or(static_cast<int>(params.defaultBucket))))
        * params.interruptionScale;
    s.interruptionsPerHour = perInstance * std::max(1, instances);
    const double mtbf = 1.0 / s.interruptionsPerHour;
    const double c = params.checkpointWriteHours;
    s.intervalHours = params.daly ? dalyInterval(c, mtbf) : youngInterval(c, mtbf);
    s.overhead = s.interruptionsPerHour * (params.restartHours + s.intervalHours / 2.0)
        + (s.intervalHours > 0 ? c / s.intervalHours : 0.0);
    return s;
}

double billedHours(double hours, double granularitySeconds, double minimumSeconds)
{
    const double seconds = std::max(hours * 3600.0, minimumSeconds);
    const double g = granularitySeconds > 0 ? granularitySeconds : 1.0;
    return std::ceil(seconds / g - 1e-9) * g / 3600.0;
}

PricedCost priceJob(const Offering& o, const Price& p, int instances, double jobHours, bool service,
    const SpotParams& spotParams, double discount, double onDemandHourly)
{
    PricedCost c;
    const double n = std::max(1, instances);
    const double keep = 1.0 - discount;
    const double effective = p.effectiveHourly() * keep; // per instance-hour
    c.hourlyCost = effective * n;
    c.wallHours = jobHours;
    const double period = service ? 730.0 : jobHours;
    switch (p.pricingModel) {
    case PricingModel::OnDemand:
        c.totalCost = p.hourlyRate * keep * n
            * (service ? period : billedHours(period, o.billingGranularityS, o.minimumBillingS));
        break;
    case PricingModel::Spot: {
        c.spot = spotOverhead(instances, p.interruptionBucket, spotParams);
        if (!service)
            c.wallHours = jobHours * (1.0 + c.spot.overhead);
        c.totalCost = p.hourlyRate * keep * n
            * (service ? period : billedHours(c.wallHours, o.billingGranularityS, o.minimumBillingS));
        if (service) {
            // A service loses no job time to reclaims (no checkpoint, no rerun): it loses replicas for a while.
            char perMonth[32];
            std::snprintf(perMonth, sizeof perMonth, "%.2g", c.spot.interruptionsPerHour / n * 730.0);
            c.note = Message(msg::noteSpotServing, {std::string(perMonth)});
        } else {
            c.note = Message(c.spot.assumedBucket ? msg::noteSpotOverheadAssumed : msg::noteSpotOverhead,
                {std::to_string(static_cast<int>(std::round(c.spot.overhead * 1000)) / 10.0).substr(0, 4)});
        }
        if (const double expected = c.spot.interruptionsPerHour * c.wallHours;
            !service && expected >= manySpotInterruptions)
            c.note = Message(msg::noteSpotManyInterruptions,
                {std::to_string(static_cast<int>(std::round(c.spot.overhead * 1000)) / 10.0).substr(0, 4),
                    std::to_string(static_cast<long long>(std::llround(expected))),
                    std::to_string(static_cast<int>(n))});
        break;
    }
    case PricingModel::CapacityBlock:
        c.totalCost = p.hourlyRate * keep * n * billedHours(period, 3600, 3600) + p.upfrontFee * keep * n;
        break;
    case PricingModel::Reserved:
    case PricingModel::SavingsPlan:
    case PricingModel::CommittedUse:
    case PricingModel::Subscription: {
        // The whole term is paid whether used or not: as many terms as the period spans.
        const double termHours = std::max(1, p.termMonths) * billingHoursPerMonth;
        if (service) {
            c.terms = 1;
            c.totalCost = effective * n * period; // one month's share of the commitment
        } else {
            // In floating point: a period of 10^22 tokens' worth of hours overflows an int count of terms.
            const double terms = std::ceil(period / termHours - 1e-9);
            c.terms = terms < 1e9 ? static_cast<int>(terms) : 1'000'000'000;
            c.totalCost = terms * n * (p.upfrontFee + p.hourlyRate * termHours) * keep;
        }
        break;
    }
    }
    if (onDemandHourly > 0)
        c.breakEvenUtilization = p.effectiveHourly() / onDemandHourly;
    if (p.pricingModel == PricingModel::Reserved || p.pricingModel == PricingModel::SavingsPlan
        || p.pricingModel == PricingModel::CommittedUse || p.pricingModel == PricingModel::Subscription) {
        // What the commitment binds the team to, in the price's currency, and when it beats on-demand.
        const int months = std::max(1, p.termMonths);
        const double term = effective * n * months * billingHoursPerMonth;
        char total[32], share[16];
        std::snprintf(total, sizeof total, "%.0f", term);
        std::snprintf(share, sizeof share, "%.0f", 100.0 * c.breakEvenUtilization);
        c.note = c.breakEvenUtilization > 0
            ? Message(msg::noteCommitmentBreakEven, {std::to_string(months), total, p.currency, share})
            : Message(msg::noteCommitment, {std::to_string(months), total, p.currency});
    }
    return c;
}

bool globMatch(std::string_view pattern, std::string_view text)
{
    // Iterative matcher with backtracking on the last '*'.
    std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

Result<std::vector<StorageRate>> parseStorageRates(std::string_view text, const std::string& fileName)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        detail::ObjectReader top(root, "", ctx);
        if (top.string("schema") != "gpuplan.storage/1")
            detail::fail(ctx, "/schema",
                Message(msg::unsupportedSchema, {"gpuplan.storage/1", top.string("schema").substr(0, 60)}));
        top.optString("as_of");
        top.optString("notes");
        const auto& list = top.raw("rates");
        if (!list.is_array())
            detail::fail(ctx, "/rates", Message(msg::mustBeArray, {detail::describe(list)}));
        top.finish();
        std::vector<StorageRate> out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            detail::ObjectReader r(list[i], detail::appendPointer("/rates", i), ctx);
            StorageRate s;
            s.provider = r.string("provider");
            s.region = r.optString("region").value_or("*");
            s.currency = r.optString("currency").value_or("USD");
            s.storagePerGbMonth = r.number("storage_per_gb_month", detail::Bound::NonNegative);
            s.egressPerGb = r.number("egress_per_gb", detail::Bound::NonNegative);
            s.asOf = r.string("as_of");
            s.source = r.string("source");
            r.finish();
            out.push_back(std::move(s));
        }
        return out;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::core
