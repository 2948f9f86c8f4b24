#pragma once

#include "result.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// How a price is paid: the pricing models providers publish (on-demand, spot, reserved, savings plans,
/// committed use, subscriptions, capacity blocks).
enum class PricingModel { OnDemand, Spot, Reserved, SavingsPlan, CommittedUse, Subscription, CapacityBlock };
inline constexpr PricingModel allPricingModels[] = {PricingModel::OnDemand, PricingModel::Spot, PricingModel::Reserved,
    PricingModel::SavingsPlan, PricingModel::CommittedUse, PricingModel::Subscription, PricingModel::CapacityBlock};
enum class PaymentOption { None, NoUpfront, PartialUpfront, AllUpfront };

std::string_view toString(PricingModel m);
std::optional<PricingModel> parsePricingModel(std::string_view s);
std::string_view toString(PaymentOption p);
std::optional<PaymentOption> parsePaymentOption(std::string_view s);

/// The offering class of a marketplace's reserved (prepaid) price that is the documented default discount, which each
/// host may change (Vast.ai: "default discount func of 0.2 for 1 month, 0.3 for 3 months", up to the host's own
/// maximum): an indicative price, labelled as such wherever it is shown (pricingKey "reserved_host_default").
inline constexpr std::string_view hostDefaultOfferingClass = "host_default";

/// Hours per month in provider billing: AWS documents 8 760 h a year = 12 × 730.
inline constexpr double billingHoursPerMonth = 730.0;

/// One price of an offering. Amounts stay in the currency the provider charges (never converted at import).
struct Price
{
    PricingModel pricingModel = PricingModel::OnDemand;
    int termMonths = 0; ///< 0 for on-demand and spot; 1 for a monthly subscription; 12, 36 …
    PaymentOption paymentOption = PaymentOption::None;
    std::string offeringClass;    ///< standard/convertible (AWS RI), compute/ec2_instance (AWS SP), …
    std::string currency = "USD"; ///< ISO 4217
    double hourlyRate = 0;        ///< currency per instance-hour, the recurring part
    double upfrontFee = 0;        ///< currency per instance per term
    bool taxIncluded = false;     ///< Chinese list prices often include VAT
    std::string origValue;        ///< exactly what the source said, for auditing ("416 per term")
    std::string origUnit;
    std::optional<int> interruptionBucket; ///< spot only: AWS Spot Advisor bucket 0–4
    std::string interruptionLabel;         ///< "<5%", "5-10%", …
    std::optional<int> spotSavingsPct;     ///< AWS Spot Advisor "s"
    std::string asOf;                      ///< ISO 8601 date or date-time the price was observed
    std::string source;                    ///< URL or file + version

    /// hourly_rate + upfront_fee / (term_months × 730)
    double effectiveHourly() const
    {
        return hourlyRate + (termMonths > 0 ? upfrontFee / (termMonths * billingHoursPerMonth) : 0.0);
    }
};

/// One instance type in one region (or zone) of one provider, with all its prices.
struct Offering
{
    std::string provider; ///< aws, gcp, azure, alibaba, tencent, huawei, lambda, runpod, …
    std::string region;   ///< as the provider spells it
    std::string zone;     ///< empty when prices are regional
    std::string country;  ///< ISO 3166 alpha-2, empty when unknown
    std::string instanceType;
    std::string gpuModel;    ///< canonical gpuplan id when known (H100-SXM-80GB), else the raw name
    std::string gpuModelRaw; ///< the provider's own name
    std::string gpuVendor;   ///< nvidia, amd, …
    double gpuCount = 0;     ///< per instance; can be fractional (vGPU slices)
    double gpuMemoryGiB = 0; ///< per GPU
    double vcpus = 0;
    double memoryGiB = 0;
    std::string arch = "x86_64";
    double localDiskGB = 0;
    std::string gpuInterconnect;    ///< nvswitch, nvlink, pcie
    double networkGbps = 0;         ///< instance network bandwidth (EFA/InfiniBand/RoCE/Ethernet), Gb/s
    std::string networkSource;      ///< where networkGbps comes from (the catalog row, or instance_networks.json)
    double billingGranularityS = 1; ///< seconds per billing increment (1 = per second, 3600 = hourly)
    double minimumBillingS = 60;    ///< minimum billed duration
    std::string source;
    std::string sourceVersion;
    std::string fetchedAt;
    std::vector<Price> prices;

    /// A copy of everything but the prices (a priced candidate keeps its offering and the one price it uses).
    Offering withoutPrices() const;
};

/// What an import produced: the rows it accepted and the rows it skipped, each with its place and reason
/// ("aws.json:/offerings/17/prices/0/hourly_rate: must be zero or positive, got -3").
/// An import (or refresh) with more problems than this share of its rows (problems + accepted prices) is refused:
/// a format change or a broken file shows as most rows rejected, and storing the rest would replace a provider's
/// catalog with a fraction of it. `catalog import --accept-partial` takes it anyway.
inline constexpr double maxRejectedFraction = 0.5;

/// The most problems an import keeps as text; beyond, they are only counted, so that a file of millions of bad rows
/// cannot hold millions of messages (the first thousand say what is wrong).
inline constexpr std::size_t maxListedProblems = 1000;

struct CatalogImport
{
    std::vector<Offering> offerings;
    std::vector<std::string> warnings; ///< the first maxListedProblems problems
    std::size_t unlisted = 0;          ///< problems after those: counted, not kept
    /// Every problem, listed or not.
    std::size_t problems() const { return warnings.size() + unlisted; }
    /// The prices accepted, over every offering.
    std::size_t prices() const
    {
        std::size_t n = 0;
        for (const auto& o : offerings)
            n += o.prices.size();
        return n;
    }
    /// More problems than maxRejectedFraction of the rows (problems + accepted prices): the import is refused unless
    /// the user accepts a partial import (the CLI's --accept-partial, the app's "import what is good" box).
    bool mostlyRejected() const
    {
        const double problemCount = static_cast<double>(problems());
        return problemCount > maxRejectedFraction * (problemCount + static_cast<double>(prices()));
    }
    /// Keeps the text of at most maxListedProblems problems and counts the rest; importers call it once per row.
    void capProblems()
    {
        if (warnings.size() > maxListedProblems) {
            unlisted += warnings.size() - maxListedProblems;
            warnings.resize(maxListedProblems);
        }
    }
};

/// One instance type's scale-out network (pricing-data/instance_networks.json): Gbit/s per instance, the link
/// (EFA, InfiniBand, RoCE, Ethernet) and the cited source.
struct InstanceNetwork
{
    std::string provider;
    std::string instanceType;
    double gbps = 0;
    std::string link;
    std::string source;
};
/// Parses a gpuplan.instance_networks/1 document.
Result<std::vector<InstanceNetwork>> parseInstanceNetworks(std::string_view text, const std::string& fileName);
/// Gives each offering without a network figure the table's figure for its provider and instance type (with the
/// source); returns how many were filled. Offerings that state their own figure keep it.
std::size_t fillInstanceNetworks(std::vector<Offering>& offerings, const std::vector<InstanceNetwork>& table);

/// Whether `s` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
bool isValidUtf8(std::string_view s);
/// `s` with every ill-formed UTF-8 sequence replaced by U+FFFD (one per maximal bad subpart, as Unicode §3.9
/// recommends).
std::string repairUtf8(std::string_view s);
/// `s` as it is safe to show on one line (a table cell, a title, a PDF heading): tab, line feed, carriage return,
/// NEL (U+0085), the line and paragraph separators (U+2028, U+2029) become a space; every other C0 and C1 control
/// (U+0000–001F, U+007F–009F) and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069,
/// the "Trojan Source" characters, CVE-2021-42574) become U+FFFD, so that a name cannot break a line, reorder
/// what follows it or hide text; ill-formed UTF-8 becomes U+FFFD too. Files keep the names as given; writers
/// escape them for their format.
std::string printable(std::string_view s);
/// Repairs the text fields of imported offerings and their prices that are not valid UTF-8 (a CSV in Latin-1, a
/// damaged file), adding a warning per offering that names it; returns how many offerings were repaired.
std::size_t repairImportText(CatalogImport& import, const std::string& fileName);

/// ISO 8601 date or date-time: YYYY-MM-DD, optionally followed by T or a space, a time and a zone (Z, +hh:mm,
/// -hhmm); at most 40 characters. Linear in the length (no backtracking regular expression).
bool isIsoDate(std::string_view s);
/// ISO 4217: three upper-case letters.
bool isCurrencyCode(std::string_view s);

/// One dated exchange rate: units of `currency` per US dollar.
struct FxRate
{
    std::string currency;
    double perUsd = 0;
    std::string asOf;
    std::string source;
};

/// Parses "gpuplan.fx/1": {"schema", "base": "USD", "rates": [{currency, per_usd, as_of, source}]}.
Result<std::vector<FxRate>> parseFxRates(std::string_view text, const std::string& fileName);

} // namespace gpuplan::core
