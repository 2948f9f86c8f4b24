#include "catalog_diff.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace gpuplan::core {

namespace {

using OfferingKey = std::tuple<std::string, std::string, std::string, std::string>;
using PriceKey = std::tuple<int, int, int, std::string, std::string>;

OfferingKey keyOf(const Offering& o)
{
    return {o.provider, o.region, o.zone, o.instanceType};
}

PriceKey keyOf(const Price& p)
{
    return {
        static_cast<int>(p.pricingModel), p.termMonths, static_cast<int>(p.paymentOption), p.offeringClass, p.currency};
}

OfferingChange changeOf(const Offering& o)
{
    OfferingChange c {o.provider, o.region, o.zone, o.instanceType, o.gpuModel, o.prices.size(), 0, {}};
    for (const auto& p : o.prices)
        if (p.pricingModel == PricingModel::OnDemand) {
            c.onDemandHourly = p.hourlyRate;
            c.currency = p.currency;
            break;
        }
    return c;
}

bool sameRate(double a, double b, double tol)
{
    return std::abs(a - b) <= tol * std::max(std::abs(a), std::abs(b));
}

/// Larger |relative| first; ties in a stable, readable order.
bool biggerMove(const PriceChange& a, const PriceChange& b)
{
    const double ra = std::abs(a.relative()), rb = std::abs(b.relative());
    if (ra != rb)
        return ra > rb;
    return std::tie(a.provider, a.region, a.instanceType) < std::tie(b.provider, b.region, b.instanceType);
}

} // namespace

double PriceChange::relative() const
{
    if (before == 0)
        return after == 0 ? 0.0 : std::numeric_limits<double>::infinity();
    return (after - before) / before;
}

bool CatalogDiff::empty() const
{
    return added.empty() && removed.empty() && up.empty() && down.empty() && addedPrices == 0 && removedPrices == 0;
}

std::vector<PriceChange> CatalogDiff::biggestMovers(std::size_t n) const
{
    std::vector<PriceChange> all = up;
    all.insert(all.end(), down.begin(), down.end());
    std::stable_sort(all.begin(), all.end(), biggerMove);
    if (all.size() > n)
        all.resize(n);
    return all;
}

CatalogDiff diffCatalogs(const std::vector<Offering>& before, const std::vector<Offering>& after, double relTolerance)
{
    CatalogDiff d;
    d.offeringsBefore = before.size();
    d.offeringsAfter = after.size();
    std::map<OfferingKey, const Offering*> old;
    for (const auto& o : before)
        old.emplace(keyOf(o), &o); // a duplicate key keeps the first, as the store's readers do
    std::map<OfferingKey, bool> seen;
    for (const auto& o : after) {
        const auto key = keyOf(o);
        if (!seen.emplace(key, true).second)
            continue;
        auto it = old.find(key);
        if (it == old.end()) {
            d.added.push_back(changeOf(o));
            continue;
        }
        std::map<PriceKey, const Price*> oldPrices;
        for (const auto& p : it->second->prices)
            oldPrices.emplace(keyOf(p), &p);
        std::map<PriceKey, bool> matched;
        for (const auto& p : o.prices) {
            const auto pk = keyOf(p);
            if (!matched.emplace(pk, true).second)
                continue;
            auto op = oldPrices.find(pk);
            if (op == oldPrices.end()) {
                ++d.addedPrices;
                continue;
            }
            const double a = op->second->effectiveHourly(), b = p.effectiveHourly();
            if (sameRate(a, b, relTolerance)) {
                ++d.unchangedPrices;
                continue;
            }
            PriceChange c {o.provider, o.region, o.zone, o.instanceType, p.pricingModel, p.termMonths, p.paymentOption,
                p.offeringClass, p.currency, a, b};
            (b > a ? d.up : d.down).push_back(std::move(c));
        }
        for (const auto& [pk, p] : oldPrices)
            if (!matched.count(pk))
                ++d.removedPrices;
    }
    for (const auto& o : before)
        if (!seen.count(keyOf(o))) {
            seen.emplace(keyOf(o), true); // report a duplicated old offering once
            d.removed.push_back(changeOf(o));
        }
    std::stable_sort(d.up.begin(), d.up.end(), biggerMove);
    std::stable_sort(d.down.begin(), d.down.end(), biggerMove);
    return d;
}

} // namespace gpuplan::core
