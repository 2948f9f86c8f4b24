// The AWS Price List offer files (AmazonEC2), CSV streamed and JSON.
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

/// The GPU of an EC2 instance family: the Price List gives a count ("GPU") and sometimes the total memory
/// ("GPU Memory"), never the model. From https://aws.amazon.com/ec2/instance-types/ (Accelerated Computing); the
/// SkyPilot AWS catalog (skypilot-org/skypilot-catalog catalogs/v8/aws/vms.csv) names the same GPUs for g4dn, g5, p3dn,
/// p4d, p4de, p5, p5e and p5en.
struct AwsGpuFamily
{
    std::string_view family;
    std::string_view gpu; ///< SkyPilot's accelerator name
    std::string_view vendor;
    double memoryGiB; ///< per GPU, used when the file says "NA"
};
constexpr AwsGpuFamily awsGpuFamilies[] = {
    {"p2", "K80", "nvidia", 12},
    {"p3", "V100", "nvidia", 16},
    {"p3dn", "V100-32GB", "nvidia", 32},
    {"p4d", "A100", "nvidia", 40},
    {"p4de", "A100-80GB", "nvidia", 80},
    {"p5", "H100", "nvidia", 80},
    {"p5e", "H200", "nvidia", 141},
    {"p5en", "H200", "nvidia", 141},
    {"p6-b200", "B200", "nvidia", 180},
    {"g3", "M60", "nvidia", 8},
    {"g3s", "M60", "nvidia", 8},
    {"g4dn", "T4", "nvidia", 16},
    {"g4ad", "Radeon Pro V520", "amd", 8},
    {"g5", "A10G", "nvidia", 24},
    {"g5g", "T4G", "nvidia", 16},
    {"g6", "L4", "nvidia", 24},
    {"gr6", "L4", "nvidia", 24},
    {"g6e", "L40S", "nvidia", 48},
};

/// Region codes for the Price List's location names, for files that predate the "Region Code" attribute
/// (https://docs.aws.amazon.com/general/latest/gr/rande.html, names as the Price List writes them).
constexpr std::pair<std::string_view, std::string_view> awsLocations[] = {
    {"US East (N. Virginia)", "us-east-1"},
    {"US East (Ohio)", "us-east-2"},
    {"US West (N. California)", "us-west-1"},
    {"US West (Oregon)", "us-west-2"},
    {"Canada (Central)", "ca-central-1"},
    {"Canada West (Calgary)", "ca-west-1"},
    {"EU (Frankfurt)", "eu-central-1"},
    {"EU (Zurich)", "eu-central-2"},
    {"EU (Ireland)", "eu-west-1"},
    {"EU (London)", "eu-west-2"},
    {"EU (Paris)", "eu-west-3"},
    {"EU (Stockholm)", "eu-north-1"},
    {"EU (Milan)", "eu-south-1"},
    {"EU (Spain)", "eu-south-2"},
    {"Asia Pacific (Tokyo)", "ap-northeast-1"},
    {"Asia Pacific (Seoul)", "ap-northeast-2"},
    {"Asia Pacific (Osaka)", "ap-northeast-3"},
    {"Asia Pacific (Singapore)", "ap-southeast-1"},
    {"Asia Pacific (Sydney)", "ap-southeast-2"},
    {"Asia Pacific (Jakarta)", "ap-southeast-3"},
    {"Asia Pacific (Melbourne)", "ap-southeast-4"},
    {"Asia Pacific (Mumbai)", "ap-south-1"},
    {"Asia Pacific (Hyderabad)", "ap-south-2"},
    {"Asia Pacific (Hong Kong)", "ap-east-1"},
    {"South America (Sao Paulo)", "sa-east-1"},
    {"Middle East (Bahrain)", "me-south-1"},
    {"Middle East (UAE)", "me-central-1"},
    {"Africa (Cape Town)", "af-south-1"},
    {"Israel (Tel Aviv)", "il-central-1"},
    {"AWS GovCloud (US-West)", "us-gov-west-1"},
    {"AWS GovCloud (US-East)", "us-gov-east-1"},
};

/// The attributes of one product that the filter and the offering need; views into the row or the JSON.
struct AwsProduct
{
    std::string_view sku, family, instanceType, regionCode, location, tenancy, os, preInstalledSw, capacityStatus,
        marketOption, gpu, gpuMemory, vcpu, memory, processor;
};

bool matches(std::string_view value, const std::string& wanted)
{
    return wanted.empty() || value == wanted;
}

/// The leading number of an attribute such as "4 GiB", "192 GB", "8"; 0 when there is none ("NA").
double leadingNumber(std::string_view s)
{
    s = trim(s);
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || !std::isfinite(v) || v < 0)
        return 0;
    (void)end;
    return v;
}

bool awsKeep(const AwsProduct& p, const AwsOfferFilter& f)
{
    if (p.family != "Compute Instance" && p.family != "Compute Instance (bare metal)")
        return false;
    if (!matches(p.os, f.operatingSystem) || !matches(p.tenancy, f.tenancy)
        || !matches(p.preInstalledSw, f.preInstalledSw) || !matches(p.capacityStatus, f.capacityStatus))
        return false;
    if (!p.marketOption.empty() && p.marketOption != "OnDemand")
        return false; // capacity blocks and the like
    if (f.gpuOnly && !(leadingNumber(p.gpu) > 0))
        return false;
    return true;
}

/// One price dimension of one term of one SKU: a CSV row, or a priceDimensions entry of the JSON.
struct AwsDimension
{
    std::string_view sku, termCode, termType, unit, currency, lease, purchase, offeringClass, value;
    std::string rowPlace;   ///< "f.csv:row 7" / "f.json:/terms/Reserved/SKU/SKU.TERM"
    std::string valuePlace; ///< "f.csv:row 7:column PricePerUnit" / "…/priceDimensions/…/pricePerUnit/USD"
    std::string unitPlace;
    std::string termPlace; ///< where lease / purchase option / class are
};

/// Collects the kept products and their prices, pairing the "Hrs" and "Quantity" rows of reserved terms.
class AwsBuilder
{
public:
    AwsBuilder(std::string asOf, std::string source, std::string version, std::vector<std::string>& warnings)
        : m_asOf(std::move(asOf))
        , m_source(std::move(source))
        , m_version(std::move(version))
        , m_warnings(warnings)
    { }

    bool knows(std::string_view sku) const { return m_skuToOffering.find(sku) != m_skuToOffering.end(); }
    bool rejected(std::string_view sku) const { return m_rejected.find(sku) != m_rejected.end(); }

    /// Registers a product that passed the filter (once per SKU).
    void addProduct(const AwsProduct& p, const std::string& regionPlace)
    {
        std::string region(p.regionCode);
        if (region.empty()) {
            for (const auto& [name, code] : awsLocations)
                if (name == p.location)
                    region = code;
        }
        if (region.empty()) {
            m_warnings.push_back(regionPlace + ": no region code, and location " + quote(p.location)
                + " is not a known AWS region name (product " + std::string(p.sku) + " skipped)");
            m_rejected.emplace(p.sku);
            return;
        }
        const auto key = std::make_pair(region, std::string(p.instanceType));
        auto it = m_keyToOffering.find(key);
        if (it == m_keyToOffering.end()) {
            Offering o;
            o.provider = "aws";
            o.region = region;
            o.instanceType = p.instanceType;
            o.gpuCount = leadingNumber(p.gpu);
            o.vcpus = leadingNumber(p.vcpu);
            o.memoryGiB = leadingNumber(p.memory);
            if (icontains(p.processor, "graviton"))
                o.arch = "arm64";
            const auto dot = p.instanceType.find('.');
            const auto family = p.instanceType.substr(0, dot);
            for (const auto& f : awsGpuFamilies) {
                if (f.family == family && o.gpuCount > 0) {
                    o.gpuModelRaw = f.gpu;
                    o.gpuVendor = f.vendor;
                    const double total = leadingNumber(p.gpuMemory); // "192 GB" for all GPUs of the instance
                    o.gpuMemoryGiB = total > 0 ? total / o.gpuCount : f.memoryGiB;
                    o.gpuModel = canonicalGpuId(f.gpu, o.gpuMemoryGiB);
                }
            }
            o.source = m_source;
            o.sourceVersion = m_version;
            o.fetchedAt = m_asOf;
            it = m_keyToOffering.emplace(key, m_offerings.size()).first;
            m_offerings.push_back(std::move(o));
        }
        m_skuToOffering.emplace(std::string(p.sku), it->second);
    }

    void addDimension(const AwsDimension& d)
    {
        auto it = m_skuToOffering.find(d.sku);
        if (it == m_skuToOffering.end())
            return;
        std::string why;
        const auto value = readNumber(d.value, Sign::NonNegative, why);
        if (!value) {
            m_warnings.push_back(d.valuePlace + ": " + why + " (price skipped)");
            return;
        }
        if (!isCurrency(d.currency)) {
            m_warnings.push_back(d.rowPlace + ": currency must be an ISO 4217 code such as USD or CNY, got "
                + quote(d.currency) + " (price skipped)");
            return;
        }
        Offering& o = m_offerings[it->second];
        if (d.termType == "OnDemand") {
            if (d.unit != "Hrs") {
                m_warnings.push_back(d.unitPlace + ": must be \"Hrs\" for an on-demand price, got " + quote(d.unit)
                    + " (price skipped)");
                return;
            }
            if (*value == 0) {
                m_warnings.push_back(
                    d.valuePlace + ": a price of 0 is not a price, got " + std::string(d.value) + " (price skipped)");
                return;
            }
            Price p = makePrice(d);
            p.pricingModel = PricingModel::OnDemand;
            p.hourlyRate = *value;
            p.origValue = d.value;
            p.origUnit = std::string(d.currency) + " per Hrs";
            addPrice(o, std::move(p), d.rowPlace, m_warnings);
            return;
        }
        if (d.termType != "Reserved")
            return;
        int months = 0;
        if (d.lease == "1yr")
            months = 12;
        else if (d.lease == "3yr")
            months = 36;
        PaymentOption po = PaymentOption::None;
        if (d.purchase == "No Upfront")
            po = PaymentOption::NoUpfront;
        else if (d.purchase == "Partial Upfront")
            po = PaymentOption::PartialUpfront;
        else if (d.purchase == "All Upfront")
            po = PaymentOption::AllUpfront;
        const std::string cls = lower(d.offeringClass);
        if (months == 0 || po == PaymentOption::None || (cls != "standard" && cls != "convertible")) {
            m_warnings.push_back(d.termPlace
                + ": a reserved term must be 1yr|3yr, No|Partial|All Upfront, "
                  "standard|convertible, got "
                + quote(std::string(d.lease) + ", " + std::string(d.purchase) + ", " + std::string(d.offeringClass))
                + " (price skipped)");
            return;
        }
        const auto key = std::make_pair(std::string(d.sku), std::string(d.termCode));
        auto [pit, fresh] = m_reserved.try_emplace(key);
        Pending& pending = pit->second;
        if (fresh) {
            m_reservedOrder.push_back(key);
            pending.offering = it->second;
            pending.months = months;
            pending.payment = po;
            pending.offeringClass = cls;
            pending.currency = d.currency;
            pending.place = d.termPlace;
            pending.price = makePrice(d);
        }
        if (d.unit == "Hrs") {
            pending.hourly = *value;
            pending.hourlyText = d.value;
        } else if (d.unit == "Quantity") {
            pending.upfront = *value;
            pending.upfrontText = d.value;
        } else
            m_warnings.push_back(d.unitPlace + ": must be \"Hrs\" or \"Quantity\" for a reserved price, got "
                + quote(d.unit) + " (price skipped)");
    }

    std::vector<Offering> finish()
    {
        for (const auto& key : m_reservedOrder) {
            // (reserved prices are combined here, after the whole file: a term's rows need not be adjacent)
            Pending& p = m_reserved[key];
            const std::string what = "reserved " + std::string(p.months == 12 ? "1yr " : "3yr ")
                + std::string(toString(p.payment)) + ' ' + p.offeringClass + " term " + key.second;
            const bool needsHourly = p.payment != PaymentOption::AllUpfront;
            const bool needsUpfront = p.payment != PaymentOption::NoUpfront;
            if (needsHourly && !(p.hourly && *p.hourly > 0)) {
                m_warnings.push_back(p.place + ": " + what + " has no hourly (Unit Hrs) price (price skipped)");
                continue;
            }
            if (needsUpfront && !(p.upfront && *p.upfront > 0)) {
                m_warnings.push_back(p.place + ": " + what + " has no upfront fee (Unit Quantity) row (price skipped)");
                continue;
            }
            Price price = p.price;
            price.pricingModel = PricingModel::Reserved;
            price.termMonths = p.months;
            price.paymentOption = p.payment;
            price.offeringClass = p.offeringClass;
            price.hourlyRate = p.hourly.value_or(0);
            price.upfrontFee = p.upfront.value_or(0);
            price.origValue = (p.hourlyText.empty() ? "0" : p.hourlyText) + " Hrs + "
                + (p.upfrontText.empty() ? "0" : p.upfrontText) + " Quantity";
            price.origUnit = p.currency + " per hour + " + p.currency + " upfront per term";
            addPrice(m_offerings[p.offering], std::move(price), p.place, m_warnings);
        }
        // A product whose every price row was skipped (and warned about) says nothing useful.
        std::erase_if(m_offerings, [](const Offering& o) { return o.prices.empty(); });
        return std::move(m_offerings);
    }

private:
    struct Pending
    {
        std::size_t offering = 0;
        int months = 0;
        PaymentOption payment = PaymentOption::None;
        std::string offeringClass, currency, place;
        std::optional<double> hourly, upfront;
        std::string hourlyText, upfrontText;
        Price price;
    };

    Price makePrice(const AwsDimension& d) const
    {
        Price p;
        p.currency = d.currency;
        p.asOf = m_asOf;
        p.source = m_source + (m_version.empty() ? "" : " version " + m_version);
        return p;
    }

    std::string m_asOf, m_source, m_version;
    std::vector<std::string>& m_warnings;
    std::vector<Offering> m_offerings;
    std::map<std::string, std::size_t, std::less<>> m_skuToOffering;
    std::set<std::string, std::less<>> m_rejected;
    std::map<std::pair<std::string, std::string>, std::size_t> m_keyToOffering;
    std::map<std::pair<std::string, std::string>, Pending> m_reserved;
    std::vector<std::pair<std::string, std::string>> m_reservedOrder;
};

/// as_of of an AWS offer: its publication date, else the date in its version, else the caller's.
std::string awsAsOf(const std::string& publicationDate, const std::string& version, const std::string& asOf)
{
    if (isIsoDate(publicationDate))
        return publicationDate;
    if (auto d = dateFromAwsVersion(version); !d.empty())
        return d;
    return asOf;
}

} // namespace

Result<CatalogImport> importAwsOfferCsv(std::istream& in, const std::string& fileName, const std::string& asOf,
    const std::string& source, const AwsOfferFilter& filter)
{
    CatalogImport out;
    LineSource lines(in);
    CsvReader csv(lines);
    std::vector<std::string> rec;
    std::map<std::string, std::string, std::less<>> meta;
    std::optional<Header> header;
    std::size_t records = 0;
    constexpr std::size_t maxMetadataRows = 50; // real files have 5
    while (header == std::nullopt && records < maxMetadataRows && csv.next(rec)) {
        ++records;
        // The header is the first record with a SKU column (real files put it first; metadata rows have none).
        auto names = [&](std::string_view n) {
            return std::any_of(rec.begin(), rec.end(), [&](const std::string& f) { return trim(f) == n; });
        };
        if (names("SKU"))
            header.emplace(rec);
        else if (rec.size() >= 2)
            meta[std::string(trim(rec[0]))] = std::string(trim(rec[1]));
    }
    if (csv.overlong())
        return overlongRecord(fileName, csv);
    if (!header) {
        if (records == 0)
            return Error {ErrorCode::ParseError, fileName + ": empty file, expected an AWS Price List offer CSV"};
        return Error {ErrorCode::ParseError,
            fileName + ": no header row (one with a SKU column) in the first " + std::to_string(records)
                + " rows: not an AWS Price List offer CSV"};
    }
    const std::size_t headerLine = csv.line();
    auto need = [&](std::string_view name) -> std::size_t {
        auto c = header->find(name);
        if (!c)
            throw Failure {
                Error {ErrorCode::InvalidInput, rowPlace(fileName, headerLine) + ": missing column " + quote(name)}};
        return *c;
    };
    try {
        const auto cSku = need("SKU"), cTerm = need("OfferTermCode"), cTermType = need("TermType"),
                   cUnit = need("Unit"), cPrice = need("PricePerUnit"), cCurrency = need("Currency"),
                   cLease = need("LeaseContractLength"), cPurchase = need("PurchaseOption"),
                   cClass = need("OfferingClass"), cFamily = need("Product Family"), cType = need("Instance Type"),
                   cTenancy = need("Tenancy"), cOs = need("Operating System"), cCapacity = need("CapacityStatus"),
                   cSw = need("Pre Installed S/W"), cGpu = need("GPU");
        const auto cRegion = header->find("Region Code"), cLocation = header->find("Location");
        if (!cRegion && !cLocation)
            need("Region Code");
        const auto cMarket = header->find("MarketOption"), cGpuMem = header->find("GPU Memory"),
                   cCpu = header->find("vCPU"), cMem = header->find("Memory"),
                   cProcessor = header->find("Physical Processor");

        const std::string version = meta.count("Version") ? meta["Version"] : std::string();
        const std::string when = awsAsOf(meta.count("Publication Date") ? meta["Publication Date"] : "", version, asOf);
        if (when.empty() || !isIsoDate(when))
            return Error {ErrorCode::InvalidInput,
                fileName + ": no Publication Date or Version in the file and no valid as_of given, got " + quote(asOf)};
        AwsBuilder builder(when, source.empty() ? fileName : source, version, out.warnings);

        while (csv.next(rec)) {
            out.capProblems();
            const std::size_t line = csv.line();
            if (csv.unterminated()) {
                out.warnings.push_back(rowPlace(fileName, line) + ": a quoted field is not closed (row skipped)");
                continue;
            }
            if (rec.size() != header->size()) {
                out.warnings.push_back(rowPlace(fileName, line) + ": has " + std::to_string(rec.size())
                    + " fields, the header has " + std::to_string(header->size()) + " (row skipped)");
                continue;
            }
            const std::string_view termType = rec[cTermType];
            if (termType != "OnDemand" && termType != "Reserved")
                continue;
            auto cell
                = [&](std::optional<std::size_t> c) { return c ? std::string_view(rec[*c]) : std::string_view(); };
            const std::string_view sku = rec[cSku];
            if (builder.rejected(sku))
                continue;
            if (!builder.knows(sku)) {
                AwsProduct p;
                p.sku = sku;
                p.family = rec[cFamily];
                p.instanceType = rec[cType];
                p.regionCode = cell(cRegion);
                p.location = cell(cLocation);
                p.tenancy = rec[cTenancy];
                p.os = rec[cOs];
                p.preInstalledSw = rec[cSw];
                p.capacityStatus = rec[cCapacity];
                p.marketOption = cell(cMarket);
                p.gpu = rec[cGpu];
                p.gpuMemory = cell(cGpuMem);
                p.vcpu = cell(cCpu);
                p.memory = cell(cMem);
                p.processor = cell(cProcessor);
                if (!awsKeep(p, filter))
                    continue;
                builder.addProduct(p, cellPlace(fileName, line, cRegion ? "Region Code" : "Location"));
                if (!builder.knows(sku))
                    continue;
            }
            AwsDimension d;
            d.sku = sku;
            d.termCode = rec[cTerm];
            d.termType = termType;
            d.unit = rec[cUnit];
            d.currency = rec[cCurrency];
            d.lease = rec[cLease];
            d.purchase = rec[cPurchase];
            d.offeringClass = rec[cClass];
            d.value = rec[cPrice];
            d.rowPlace = rowPlace(fileName, line);
            d.valuePlace = cellPlace(fileName, line, "PricePerUnit");
            d.unitPlace = cellPlace(fileName, line, "Unit");
            d.termPlace = d.rowPlace;
            builder.addDimension(d);
        }
        if (csv.overlong())
            return overlongRecord(fileName, csv);
        out.offerings = builder.finish();
        return out;
    } catch (const Failure& f) {
        return f.error;
    }
}

Result<CatalogImport> importAwsOfferJson(std::string_view text, const std::string& fileName, const std::string& asOf,
    const std::string& source, const AwsOfferFilter& filter)
{
    CatalogImport out;
    JsonContext ctx {fileName, &out.warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const auto& products = top.raw("products");
        if (!products.is_object())
            detail::fail(ctx, "/products", "must be an object keyed by SKU, got " + describe(products));
        const auto& terms = top.raw("terms");
        if (!terms.is_object())
            detail::fail(ctx, "/terms", "must be an object (OnDemand, Reserved), got " + describe(terms));
        const std::string version = top.optString("version").value_or("");
        const std::string when = awsAsOf(top.optString("publicationDate").value_or(""), version, asOf);
        if (when.empty() || !isIsoDate(when))
            detail::fail(ctx, "/publicationDate",
                "is missing, no date in /version, and no valid as_of given, got " + quote(asOf));
        AwsBuilder builder(when, source.empty() ? fileName : source, version, out.warnings);

        auto attribute = [](const json& attrs, const char* key) -> std::string_view {
            auto it = attrs.find(key);
            if (it == attrs.end() || !it->is_string())
                return {};
            return it->get_ref<const std::string&>();
        };
        for (auto it = products.begin(); it != products.end(); ++it) {
            out.capProblems();
            const std::string ptr = appendPointer("/products", it.key());
            try {
                ObjectReader pr(it.value(), ptr, ctx);
                if (!pr.has("productFamily") || !pr.has("attributes"))
                    continue; // fees, data transfer…: not instances
                const auto& family = pr.raw("productFamily");
                const auto& attrs = pr.raw("attributes");
                if (!family.is_string() || !attrs.is_object())
                    detail::fail(ctx, ptr, "must have a string productFamily and an attributes object");
                AwsProduct p;
                p.sku = it.key();
                p.family = family.get_ref<const std::string&>();
                p.instanceType = attribute(attrs, "instanceType");
                p.regionCode = attribute(attrs, "regionCode");
                p.location = attribute(attrs, "location");
                p.tenancy = attribute(attrs, "tenancy");
                p.os = attribute(attrs, "operatingSystem");
                p.preInstalledSw = attribute(attrs, "preInstalledSw");
                p.capacityStatus = attribute(attrs, "capacitystatus");
                p.marketOption = attribute(attrs, "marketoption");
                p.gpu = attribute(attrs, "gpu");
                p.gpuMemory = attribute(attrs, "gpuMemory");
                p.vcpu = attribute(attrs, "vcpu");
                p.memory = attribute(attrs, "memory");
                p.processor = attribute(attrs, "physicalProcessor");
                if (!awsKeep(p, filter))
                    continue;
                if (p.instanceType.empty())
                    detail::fail(ctx, ptr + "/attributes/instanceType", "is required");
                builder.addProduct(p, ctx.file + ':' + ptr + "/attributes/location");
            } catch (const Failure& f) {
                out.warnings.push_back(f.error.detail + " (product skipped)");
            }
        }

        for (const char* termType : {"OnDemand", "Reserved"}) {
            auto tt = terms.find(termType);
            if (tt == terms.end() || !tt->is_object())
                continue;
            for (auto s = tt->begin(); s != tt->end(); ++s) {
                if (!builder.knows(s.key()) || !s->is_object())
                    continue;
                for (auto t = s->begin(); t != s->end(); ++t) {
                    const std::string tptr
                        = appendPointer(appendPointer(appendPointer("/terms", termType), s.key()), t.key());
                    try {
                        ObjectReader tr(t.value(), tptr, ctx);
                        const std::string termCode = tr.optString("offerTermCode").value_or(t.key());
                        std::string lease, purchase, cls;
                        if (auto ta = tr.optObject("termAttributes")) {
                            lease = ta->optString("LeaseContractLength").value_or("");
                            purchase = ta->optString("PurchaseOption").value_or("");
                            cls = ta->optString("OfferingClass").value_or("");
                        }
                        const auto& dims = tr.raw("priceDimensions");
                        if (!dims.is_object())
                            detail::fail(
                                ctx, tr.pointer("priceDimensions"), "must be an object, got " + describe(dims));
                        for (auto dm = dims.begin(); dm != dims.end(); ++dm) {
                            const std::string dptr = appendPointer(tr.pointer("priceDimensions"), dm.key());
                            try {
                                ObjectReader dr(dm.value(), dptr, ctx);
                                const std::string unit = dr.string("unit");
                                const auto& ppu = dr.raw("pricePerUnit");
                                if (!ppu.is_object() || ppu.empty())
                                    detail::fail(ctx, dr.pointer("pricePerUnit"),
                                        "must be an object such as {\"USD\": \"1.0\"}, got " + describe(ppu));
                                const auto cur = ppu.begin();
                                const std::string value = cur->is_string() ? cur->get<std::string>() : cur->dump();
                                AwsDimension d;
                                d.sku = s.key();
                                d.termCode = termCode;
                                d.termType = termType;
                                d.unit = unit;
                                d.currency = cur.key();
                                d.lease = lease;
                                d.purchase = purchase;
                                d.offeringClass = cls;
                                d.value = value;
                                d.rowPlace = ctx.file + ':' + dptr;
                                d.valuePlace = ctx.file + ':' + appendPointer(dr.pointer("pricePerUnit"), cur.key());
                                d.unitPlace = ctx.file + ':' + dr.pointer("unit");
                                d.termPlace = ctx.file + ':' + tptr;
                                builder.addDimension(d);
                            } catch (const Failure& f) {
                                out.warnings.push_back(f.error.detail + " (price skipped)");
                            }
                        }
                    } catch (const Failure& f) {
                        out.warnings.push_back(f.error.detail + " (term skipped)");
                    }
                }
            }
        }
        out.offerings = builder.finish();
        return out;
    } catch (const Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::importers
