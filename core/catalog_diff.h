#pragma once
// What changed between two catalogs of one provider: the offerings that came and went, and the prices that moved.
// Shown after a price refresh (gpuplan-cli catalog update, the GUI's refresh dialog).

#include "catalog.h"

#include <cstddef>
#include <string>
#include <vector>

namespace gpuplan::core {

/// One offering that appeared or disappeared: where it is, what it has and its on-demand rate when it has one.
struct OfferingChange
{
    std::string provider;
    std::string region;
    std::string zone;
    std::string instanceType;
    std::string gpuModel;
    std::size_t prices = 0;
    double onDemandHourly = 0; ///< currency per instance-hour; 0 when the offering has no on-demand price
    std::string currency;      ///< of onDemandHourly
};

/// One price that exists before and after with a different effective hourly rate (hourly_rate + upfront spread
/// over the term, Price::effectiveHourly). Prices are matched on offering (provider, region, zone, instance type)
/// plus pricing model, term, payment option, offering class and currency.
struct PriceChange
{
    std::string provider;
    std::string region;
    std::string zone;
    std::string instanceType;
    PricingModel pricingModel = PricingModel::OnDemand;
    int termMonths = 0;
    PaymentOption paymentOption = PaymentOption::None;
    std::string offeringClass;
    std::string currency;
    double before = 0; ///< effective hourly, currency per instance-hour
    double after = 0;  ///< effective hourly, currency per instance-hour
    /// (after − before) / before; +inf when before is 0 and after is not
    double relative() const;
};

struct CatalogDiff
{
    std::vector<OfferingChange> added;   ///< offerings only in `after`, in its order
    std::vector<OfferingChange> removed; ///< offerings only in `before`, in its order
    std::vector<PriceChange> up;         ///< biggest relative rise first
    std::vector<PriceChange> down;       ///< biggest relative fall first
    std::size_t unchangedPrices = 0;     ///< matched prices whose effective rate is the same
    std::size_t addedPrices = 0;         ///< prices new on offerings present in both
    std::size_t removedPrices = 0;       ///< prices gone from offerings present in both
    std::size_t offeringsBefore = 0;
    std::size_t offeringsAfter = 0;

    /// True when no offering came or went and no price was added, removed or moved.
    bool empty() const;
    /// The n price changes with the largest |relative| change, up and down together, largest first.
    std::vector<PriceChange> biggestMovers(std::size_t n) const;
};

/// Compares two catalogs. Rates count as equal when they differ by at most `relTolerance` of the larger one
/// (default 1e-9: parsing the same decimal twice gives the same double, so only real changes show).
CatalogDiff diffCatalogs(
    const std::vector<Offering>& before, const std::vector<Offering>& after, double relTolerance = 1e-9);

} // namespace gpuplan::core
