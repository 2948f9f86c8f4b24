#include "catalog.h"

#include "json_reader.h"

#include <algorithm>
#include <map>

namespace gpuplan::core {

Offering Offering::withoutPrices() const
{
    Offering o;
    o.provider = provider;
    o.region = region;
    o.zone = zone;
    o.country = country;
    o.instanceType = instanceType;
    o.gpuModel = gpuModel;
    o.gpuModelRaw = gpuModelRaw;
    o.gpuVendor = gpuVendor;
    o.gpuCount = gpuCount;
    o.gpuMemoryGiB = gpuMemoryGiB;
    o.vcpus = vcpus;
    o.memoryGiB = memoryGiB;
    o.arch = arch;
    o.localDiskGB = localDiskGB;
    o.gpuInterconnect = gpuInterconnect;
    o.networkGbps = networkGbps;
    o.networkSource = networkSource;
    o.billingGranularityS = billingGranularityS;
    o.minimumBillingS = minimumBillingS;
    o.source = source;
    o.sourceVersion = sourceVersion;
    o.fetchedAt = fetchedAt;
    return o;
}

using detail::Bound;
using detail::ObjectReader;

std::string_view toString(PricingModel m)
{
    switch (m) {
    case PricingModel::OnDemand:
        return "on_demand";
    case PricingModel::Spot:
        return "spot";
    case PricingModel::Reserved:
        return "reserved";
    case PricingModel::SavingsPlan:
        return "savings_plan";
    case PricingModel::CommittedUse:
        return "committed_use";
    case PricingModel::Subscription:
        return "subscription";
    case PricingModel::CapacityBlock:
        return "capacity_block";
    }
    return "?";
}

std::optional<PricingModel> parsePricingModel(std::string_view s)
{
    for (auto m : allPricingModels)
        if (toString(m) == s)
            return m;
    return std::nullopt;
}

std::string_view toString(PaymentOption p)
{
    switch (p) {
    case PaymentOption::None:
        return "";
    case PaymentOption::NoUpfront:
        return "no_upfront";
    case PaymentOption::PartialUpfront:
        return "partial_upfront";
    case PaymentOption::AllUpfront:
        return "all_upfront";
    }
    return "";
}

std::optional<PaymentOption> parsePaymentOption(std::string_view s)
{
    for (auto p : {PaymentOption::NoUpfront, PaymentOption::PartialUpfront, PaymentOption::AllUpfront})
        if (toString(p) == s)
            return p;
    return std::nullopt;
}

namespace {

/// At `i`: the length of the well-formed UTF-8 sequence there (`valid`), or of its maximal subpart (Unicode 15
/// §3.9, "U+FFFD substitution of maximal subparts": a lead byte and the continuation bytes that could still follow
/// it; at least 1) when it is ill-formed.
std::size_t utf8SequenceAt(std::string_view s, std::size_t i, bool& valid)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    valid = true;
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // the second byte's range (RFC 3629 §4, Unicode Table 3-7)
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F; // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    }
    std::size_t k = 1;
    if (n > 0 && i + 1 < s.size() && b(i + 1) >= lo && b(i + 1) <= hi) {
        k = 2;
        while (k < n && i + k < s.size() && b(i + k) >= 0x80 && b(i + k) <= 0xBF)
            ++k;
    }
    valid = n > 0 && k == n;
    return k;
}

} // namespace

Result<std::vector<InstanceNetwork>> parseInstanceNetworks(std::string_view text, const std::string& fileName)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        detail::ObjectReader top(root, "", ctx);
        if (top.string("schema") != "gpuplan.instance_networks/1")
            detail::fail(ctx, "/schema",
                Message(msg::unsupportedSchema, {"gpuplan.instance_networks/1", top.string("schema").substr(0, 60)}));
        top.optString("as_of");
        top.optString("notes");
        const auto& list = top.raw("networks");
        if (!list.is_array())
            detail::fail(ctx, "/networks", Message(msg::mustBeArray, {detail::describe(list)}));
        top.finish();
        std::vector<InstanceNetwork> out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            detail::ObjectReader r(list[i], detail::appendPointer("/networks", i), ctx);
            InstanceNetwork n;
            n.provider = r.string("provider");
            n.instanceType = r.string("instance_type");
            n.gbps = r.number("network_gbps", detail::Bound::Positive);
            n.link = r.string("link");
            n.source = r.string("source");
            r.finish();
            out.push_back(std::move(n));
        }
        return out;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

std::size_t fillInstanceNetworks(std::vector<Offering>& offerings, const std::vector<InstanceNetwork>& table)
{
    std::map<std::pair<std::string, std::string>, const InstanceNetwork*> index;
    for (const auto& n : table)
        index.emplace(std::make_pair(n.provider, n.instanceType), &n);
    std::size_t filled = 0;
    for (auto& o : offerings) {
        if (o.networkGbps > 0) {
            if (o.networkSource.empty())
                o.networkSource = "the catalog row";
            continue;
        }
        auto it = index.find({o.provider, o.instanceType});
        if (it == index.end())
            continue;
        o.networkGbps = it->second->gbps;
        o.networkSource = it->second->link + ": " + it->second->source;
        ++filled;
    }
    return filled;
}

bool isValidUtf8(std::string_view s)
{
    bool valid = true;
    for (std::size_t i = 0; i < s.size() && valid;)
        i += utf8SequenceAt(s, i, valid);
    return valid;
}

std::string repairUtf8(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        bool valid = true;
        const std::size_t n = utf8SequenceAt(s, i, valid);
        if (valid)
            out.append(s.substr(i, n));
        else
            out += "\xEF\xBF\xBD"; // U+FFFD
        i += n;
    }
    return out;
}

std::string printable(std::string_view s)
{
    // The common case, printable ASCII, as it is (the app formats every table cell through here).
    if (std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F; }))
        return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        bool valid = true;
        const std::size_t n = utf8SequenceAt(s, i, valid);
        char32_t cp = 0xFFFD;
        if (valid) {
            const auto b = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(s[i + k])); };
            cp = n == 1  ? b(0)
                : n == 2 ? ((b(0) & 0x1F) << 6) | (b(1) & 0x3F)
                : n == 3 ? ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F)
                         : ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
        }
        if (cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029)
            out += ' ';
        else if (!valid || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E)
            || (cp >= 0x2066 && cp <= 0x2069))
            out += "\xEF\xBF\xBD"; // U+FFFD
        else
            out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

std::size_t repairImportText(CatalogImport& import, const std::string& fileName)
{
    std::size_t repaired = 0;
    for (auto& o : import.offerings) {
        bool bad = false;
        auto fix = [&](std::string& field) {
            if (!isValidUtf8(field)) {
                field = repairUtf8(field);
                bad = true;
            }
        };
        for (std::string* f : {&o.provider, &o.region, &o.zone, &o.country, &o.instanceType, &o.gpuModel,
                 &o.gpuModelRaw, &o.gpuVendor, &o.arch, &o.gpuInterconnect, &o.source, &o.sourceVersion, &o.fetchedAt})
            fix(*f);
        for (auto& p : o.prices)
            for (std::string* f :
                {&p.offeringClass, &p.currency, &p.origValue, &p.origUnit, &p.interruptionLabel, &p.asOf, &p.source})
                fix(*f);
        if (bad) {
            ++repaired;
            import.warnings.push_back(fileName + ": " + o.provider + " " + o.region + " " + o.instanceType
                + ": text that is not valid UTF-8, bad bytes replaced by U+FFFD");
        }
    }
    import.capProblems();
    return repaired;
}

bool isIsoDate(std::string_view s)
{
    // ^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$, by hand: a regular expression engine that
    // backtracks recursed once per character of a 40 000-character "date" and overflowed the stack.
    if (s.size() < 10 || s.size() > 40)
        return false;
    auto digits = [&](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < from + n; ++i)
            if (i >= s.size() || s[i] < '0' || s[i] > '9')
                return false;
        return true;
    };
    if (!digits(0, 4) || s[4] != '-' || !digits(5, 2) || s[7] != '-' || !digits(8, 2))
        return false;
    if (s.size() == 10)
        return true;
    if (s[10] != 'T' && s[10] != ' ')
        return false;
    // The time: one or more of [0-9:.], then an optional zone: Z, or +hh:mm / -hhmm.
    std::size_t i = 11;
    while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == ':' || s[i] == '.'))
        ++i;
    if (i == 11)
        return false;
    if (i == s.size())
        return true;
    if (s[i] == 'Z')
        return i + 1 == s.size();
    if (s[i] != '+' && s[i] != '-')
        return false;
    const std::string_view zone = s.substr(i + 1);
    if (zone.size() == 5)
        return digits(i + 1, 2) && zone[2] == ':' && digits(i + 4, 2);
    return zone.size() == 4 && digits(i + 1, 4);
}

bool isCurrencyCode(std::string_view s)
{
    return s.size() == 3 && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

Result<std::vector<FxRate>> parseFxRates(std::string_view text, const std::string& fileName)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        if (top.string("schema") != "gpuplan.fx/1")
            detail::fail(
                ctx, "/schema", Message(msg::unsupportedSchema, {"gpuplan.fx/1", top.string("schema").substr(0, 60)}));
        if (top.string("base") != "USD")
            detail::fail(ctx, "/base", Message(msg::mustBeUsd));
        const auto& list = top.raw("rates");
        if (!list.is_array())
            detail::fail(ctx, "/rates", Message(msg::mustBeArray, {detail::describe(list)}));
        top.optString("notes");
        std::vector<FxRate> rates;
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader r(list[i], detail::appendPointer("/rates", i), ctx);
            FxRate fx;
            fx.currency = r.string("currency");
            if (!isCurrencyCode(fx.currency))
                detail::fail(
                    ctx, r.pointer("currency"), Message(msg::currencyCode, {detail::describe(r.raw("currency"))}));
            fx.perUsd = r.number("per_usd", Bound::Positive);
            fx.asOf = r.string("as_of");
            if (!isIsoDate(fx.asOf))
                detail::fail(ctx, r.pointer("as_of"), Message(msg::isoDate, {detail::describe(r.raw("as_of"))}));
            fx.source = r.string("source");
            r.finish();
            rates.push_back(std::move(fx));
        }
        return rates;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::core
