#include "importers.h"

#include "json_reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <optional>
#include <regex>
#include <set>
#include <tuple>
#include <utility>

namespace gpuplan::core {

using detail::appendPointer;
using detail::Bound;
using detail::describe;
using detail::Failure;
using detail::JsonContext;
using detail::ObjectReader;
using nlohmann::json;

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Small text helpers

std::string_view trim(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool iequals(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && lower(a) == lower(b);
}

bool icontains(std::string_view haystack, std::string_view needle)
{
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

bool isBlank(std::string_view s)
{
    return trim(s).empty();
}

/// ISO 8601 date or date-time (YYYY-MM-DD, optionally followed by T…), as the native catalog accepts.
bool isIsoDate(const std::string& s)
{
    static const std::regex re(R"(^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$)");
    return std::regex_match(s, re);
}

/// ISO 4217: three upper-case letters.
bool isCurrency(std::string_view s)
{
    return s.size() == 3 && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::string quote(std::string_view s)
{
    return '"' + std::string(s) + '"';
}

enum class Sign { NonNegative, Positive };

/// Reads a number written as text (a CSV cell, a JSON string). Returns nothing and says why in `why` when the text
/// is not a number, not finite, or of the wrong sign; the messages match the JSON reader's.
std::optional<double> readNumber(std::string_view text, Sign sign, std::string& why)
{
    const auto t = trim(text);
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) {
        why = "must be a finite number, got " + std::string(t);
        return std::nullopt;
    }
    if (t.empty() || ec != std::errc() || end != t.data() + t.size()) {
        why = "must be a number, got " + quote(t);
        return std::nullopt;
    }
    if (!std::isfinite(v)) {
        why = "must be a finite number, got " + std::string(t);
        return std::nullopt;
    }
    if (sign == Sign::NonNegative && v < 0) {
        why = "must be zero or positive, got " + std::string(t);
        return std::nullopt;
    }
    if (sign == Sign::Positive && !(v > 0)) {
        why = "must be a positive number, got " + std::string(t);
        return std::nullopt;
    }
    return v;
}

/// A number that may be written as a JSON number or as a JSON string holding one (AWS and Alibaba write prices
/// as strings). Fails with the pointer of the field.
double jsonNumber(ObjectReader& r, std::string_view key, Sign sign)
{
    const json& v = r.raw(key);
    std::string why;
    std::optional<double> x;
    if (v.is_string())
        x = readNumber(v.get_ref<const std::string&>(), sign, why);
    else if (v.is_number())
        x = readNumber(v.dump(), sign, why);
    else
        why = "must be a number, got " + describe(v);
    if (!x)
        detail::fail(r.context(), r.pointer(key), why);
    return *x;
}

/// The date in an AWS offer version ("20250912225308" → "2025-09-12T22:53:08Z"), or "" when it is not one.
std::string dateFromAwsVersion(std::string_view v)
{
    if (v.size() != 14 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return {};
    const std::string s(v);
    return s.substr(0, 4) + '-' + s.substr(4, 2) + '-' + s.substr(6, 2) + 'T' + s.substr(8, 2) + ':' + s.substr(10, 2)
        + ':' + s.substr(12, 2) + 'Z';
}

/// Adds a price to an offering unless one of the same kind (model, term, payment option, class) is there: an
/// identical one is dropped silently, a different one with a warning (the first is kept).
void addPrice(Offering& o, Price p, const std::string& place, std::vector<std::string>& warnings)
{
    for (const auto& q : o.prices) {
        if (q.pricingModel == p.pricingModel && q.termMonths == p.termMonths && q.paymentOption == p.paymentOption
            && q.offeringClass == p.offeringClass) {
            if (q.hourlyRate != p.hourlyRate || q.upfrontFee != p.upfrontFee || q.currency != p.currency)
                warnings.push_back(place + ": a second " + std::string(toString(p.pricingModel)) + " price for "
                    + o.instanceType + " in " + o.region + (o.zone.empty() ? "" : "/" + o.zone)
                    + ", kept the first (price skipped)");
            return;
        }
    }
    o.prices.push_back(std::move(p));
}

std::string gpuVendorFor(std::string_view raw)
{
    const auto n = lower(raw);
    if (n.rfind("mi", 0) == 0 || n.find("radeon") != std::string::npos || n.find("instinct") != std::string::npos)
        return "amd";
    if (n.rfind("tpu", 0) == 0)
        return "google";
    if (n.find("inferentia") != std::string::npos || n.find("trainium") != std::string::npos)
        return "aws";
    if (n.find("gaudi") != std::string::npos)
        return "intel";
    return "nvidia";
}

// ---------------------------------------------------------------------------------------------------------------
// CSV (RFC 4180) over a text or a stream

/// Lines of a text or of a stream, without their terminator (LF or CRLF) and without a leading UTF-8 BOM.
class LineSource
{
public:
    explicit LineSource(std::string_view text)
        : m_text(text)
    { }
    explicit LineSource(std::istream& in)
        : m_in(&in)
    { }

    bool next(std::string& line)
    {
        if (m_in) {
            if (!std::getline(*m_in, line))
                return false;
        } else {
            if (m_pos >= m_text.size())
                return false;
            auto nl = m_text.find('\n', m_pos);
            if (nl == std::string_view::npos)
                nl = m_text.size();
            line.assign(m_text.substr(m_pos, nl - m_pos));
            m_pos = nl + 1;
        }
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (m_lineNo == 0 && line.rfind("\xEF\xBB\xBF", 0) == 0)
            line.erase(0, 3);
        ++m_lineNo;
        return true;
    }
    std::size_t lineNo() const { return m_lineNo; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::istream* m_in = nullptr;
    std::size_t m_lineNo = 0;
};

/// Records of a CSV file. A quoted field may hold commas, doubled quotes and line breaks; blank lines are skipped.
class CsvReader
{
public:
    explicit CsvReader(LineSource& lines)
        : m_lines(lines)
    { }

    /// Reads the next record; false at the end of the input.
    bool next(std::vector<std::string>& fields)
    {
        std::string line;
        do {
            if (!m_lines.next(line))
                return false;
        } while (line.empty());
        m_line = m_lines.lineNo();
        m_unterminated = false;
        fields.clear();
        std::string field;
        bool inQuotes = false;
        bool wasQuoted = false;
        std::size_t i = 0;
        for (;;) {
            if (i == line.size()) {
                if (!inQuotes)
                    break;
                std::string more;
                if (!m_lines.next(more)) {
                    m_unterminated = true;
                    break;
                }
                field += '\n';
                line = std::move(more);
                i = 0;
                continue;
            }
            const char c = line[i++];
            if (inQuotes) {
                if (c != '"')
                    field += c;
                else if (i < line.size() && line[i] == '"') {
                    field += '"';
                    ++i;
                } else
                    inQuotes = false;
            } else if (c == ',') {
                fields.push_back(std::move(field));
                field.clear();
                wasQuoted = false;
            } else if (c == '"' && field.empty() && !wasQuoted) {
                inQuotes = true;
                wasQuoted = true;
            } else
                field += c;
        }
        fields.push_back(std::move(field));
        return true;
    }

    std::size_t line() const { return m_line; }          ///< the line the last record started on (1-based)
    bool unterminated() const { return m_unterminated; } ///< the last record ended inside a quoted field

private:
    LineSource& m_lines;
    std::size_t m_line = 0;
    bool m_unterminated = false;
};

/// Column positions by header name.
class Header
{
public:
    explicit Header(const std::vector<std::string>& names)
        : m_size(names.size())
    {
        for (std::size_t i = 0; i < names.size(); ++i)
            m_index.emplace(std::string(trim(names[i])), i);
    }
    std::optional<std::size_t> find(std::string_view name) const
    {
        auto it = m_index.find(name);
        if (it == m_index.end())
            return std::nullopt;
        return it->second;
    }
    std::size_t size() const { return m_size; }

private:
    std::map<std::string, std::size_t, std::less<>> m_index;
    std::size_t m_size;
};

std::string rowPlace(const std::string& file, std::size_t line)
{
    return file + ":row " + std::to_string(line);
}

std::string cellPlace(const std::string& file, std::size_t line, std::string_view column)
{
    return rowPlace(file, line) + ":column " + std::string(column);
}

// ---------------------------------------------------------------------------------------------------------------
// SkyPilot

/// Where a key sits in a Python-repr or JSON dict string: the key must be quoted ('Name' or "Name").
std::size_t findDictKey(std::string_view s, std::string_view key)
{
    for (auto at = s.find(key); at != std::string_view::npos; at = s.find(key, at + 1)) {
        const auto end = at + key.size();
        if (at > 0 && (s[at - 1] == '\'' || s[at - 1] == '"') && end < s.size() && (s[end] == '\'' || s[end] == '"'))
            return end + 1;
    }
    return std::string_view::npos;
}

std::size_t skipSeparators(std::string_view s, std::size_t i)
{
    while (i < s.size() && (s[i] == ':' || s[i] == ' '))
        ++i;
    return i;
}

/// The number after a dict key in SkyPilot's GpuInfo ('SizeInMiB': 16384).
std::optional<double> dictNumber(std::string_view s, std::string_view key)
{
    auto i = findDictKey(s, key);
    if (i == std::string_view::npos)
        return std::nullopt;
    i = skipSeparators(s, i);
    auto j = i;
    while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.' || s[j] == '-'))
        ++j;
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data() + i, s.data() + j, v);
    if (ec != std::errc() || end != s.data() + j || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// The string after a dict key in SkyPilot's GpuInfo ('Manufacturer': 'NVIDIA').
std::string dictString(std::string_view s, std::string_view key)
{
    auto i = findDictKey(s, key);
    if (i == std::string_view::npos)
        return {};
    i = skipSeparators(s, i);
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"'))
        return {};
    const char q = s[i];
    const auto end = s.find(q, i + 1);
    if (end == std::string_view::npos)
        return {};
    return std::string(s.substr(i + 1, end - i - 1));
}

/// Per-GPU memory in GiB from SkyPilot's GpuInfo, with the quirks of catalogs/README.md: RunPod and Shadeform
/// write GB into SizeInMiB (values under 1024 are taken as GB, i.e. nominal GiB); Vast's SizeInMiB is the total
/// over all GPUs of the instance. Lambda's TotalGpuMemoryInMiB equals the per-GPU size, so it is never used.
double perGpuMemoryGiB(std::string_view gpuInfo, double gpuCount, const std::string& provider)
{
    const auto size = dictNumber(gpuInfo, "SizeInMiB");
    if (!size || *size <= 0)
        return 0;
    if (*size < 1024)
        return *size;
    double mib = *size;
    if (iequals(provider, "vast") && gpuCount > 1)
        mib /= gpuCount;
    return mib / 1024.0;
}

/// Country from a Vast-style region "City, CC, Continent" (or a RunPod region that is a country code).
std::string countryFromRegion(std::string_view region)
{
    auto isCode = [](std::string_view s) {
        return s.size() == 2 && std::isupper(static_cast<unsigned char>(s[0]))
            && std::isupper(static_cast<unsigned char>(s[1]));
    };
    if (isCode(region))
        return std::string(region);
    const auto a = region.find(", ");
    if (a == std::string_view::npos)
        return {};
    const auto b = region.find(", ", a + 2);
    if (b == std::string_view::npos || region.find(", ", b + 2) != std::string_view::npos)
        return {};
    const auto cc = region.substr(a + 2, b - a - 2);
    return isCode(cc) ? std::string(cc) : std::string();
}

/// GCP's accelerator rows in SkyPilot catalogs carry only the GPU price; the host machine row (CPU + RAM) is found
/// by accelerator and count. From SkyPilot sky/catalog/gcp_catalog.py (_ACC_INSTANCE_TYPE_DICTS); vCPU/RAM of
/// these machines match the rows of shared/samples/catalogs/skypilot/v8/gcp. L4, T4, V100, P100, P4 and K80
/// attach to several machine types, so they have no single host and are not assembled.
struct GcpHost
{
    std::string_view accelerator;
    int count;
    std::string_view machine;
};
constexpr GcpHost gcpHosts[] = {
    {"A100", 1, "a2-highgpu-1g"},
    {"A100", 2, "a2-highgpu-2g"},
    {"A100", 4, "a2-highgpu-4g"},
    {"A100", 8, "a2-highgpu-8g"},
    {"A100", 16, "a2-megagpu-16g"},
    {"A100-80GB", 1, "a2-ultragpu-1g"},
    {"A100-80GB", 2, "a2-ultragpu-2g"},
    {"A100-80GB", 4, "a2-ultragpu-4g"},
    {"A100-80GB", 8, "a2-ultragpu-8g"},
    {"H100", 1, "a3-highgpu-1g"},
    {"H100", 2, "a3-highgpu-2g"},
    {"H100", 4, "a3-highgpu-4g"},
    {"H100", 8, "a3-highgpu-8g"},
    {"H100-MEGA", 8, "a3-megagpu-8g"},
    {"H200", 8, "a3-ultragpu-8g"},
    {"B200", 8, "a4-highgpu-8g"},
};

/// Rows the SkyPilot catalogs get wrong (catalogs/README.md), corrected with a warning.
struct SkyPilotErratum
{
    std::string_view provider, instanceType;
    double gpuCount;
    std::string_view why;
};
constexpr SkyPilotErratum skyPilotErrata[] = {
    {"azure", "Standard_ND96isr_H100_v5", 8,
        "the ND H100 v5 VM has 8 H100 GPUs (learn.microsoft.com/azure/virtual-machines/nd-h100-v5-series)"},
};

std::string_view gcpHostFor(std::string_view accelerator, double count)
{
    for (const auto& h : gcpHosts)
        if (h.accelerator == accelerator && h.count == count)
            return h.machine;
    return {};
}

/// GCP TPU rows use 700.0 for "no price" (catalogs/README.md).
constexpr double skyPilotTpuNoPrice = 700.0;

struct SkyRow
{
    std::size_t line = 0;
    std::string instanceType, accelerator, gpuInfo, region, zone, arch;
    double gpuCount = 0, vcpus = 0, memoryGiB = 0;
    std::optional<double> price, spot;
    std::string priceText, spotText;
};

std::string formatCount(double n)
{
    if (n == std::floor(n) && std::abs(n) < 1e15)
        return std::to_string(static_cast<long long>(n));
    return std::to_string(n);
}

} // namespace

std::string canonicalGpuId(std::string_view raw, double memoryGiB)
{
    std::string n = lower(trim(raw));
    for (char& c : n)
        if (c == ' ' || c == '_')
            c = '-';
    for (std::string_view prefix : {"nvidia-", "tesla-", "amd-", "instinct-"})
        if (n.rfind(prefix, 0) == 0)
            n.erase(0, prefix.size());
    const bool known = memoryGiB > 0;
    auto any = [&n](std::initializer_list<std::string_view> names) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    if (any({"t4"}))
        return "T4";
    if (any({"a10"}))
        return "A10";
    if (any({"a10g"}))
        return "A10G";
    if (any({"l4"}))
        return "L4";
    if (any({"l40s"}))
        return "L40S";
    if (any({"v100-32gb", "v100-sxm2-32gb"}))
        return "V100-SXM2-32GB";
    if (any({"v100", "v100-sxm2"}))
        // The catalog has only the 32 GB V100; a 16 GB one (AWS p3, Azure NCv3) keeps its raw name.
        return known && memoryGiB >= 30 && memoryGiB <= 34 ? "V100-SXM2-32GB" : std::string(raw);
    if (any({"a100", "a100-sxm", "a100-sxm4"}))
        return known && memoryGiB >= 70 ? "A100-SXM-80GB" : "A100-SXM-40GB";
    if (any({"a100-80gb", "a100-sxm4-80gb", "a100-sxm-80gb", "a100-80gb-sxm"}))
        return "A100-SXM-80GB";
    if (any({"a100-40gb", "a100-sxm4-40gb", "a100-sxm-40gb"}))
        return "A100-SXM-40GB";
    if (any({"a100-pcie", "a100-80gb-pcie", "a100-pcie-80gb"}))
        return known && memoryGiB < 70 ? std::string(raw) : "A100-PCIe-80GB";
    if (any({"h100", "h100-sxm", "h100-sxm5", "h100-80gb", "h100-mega", "h100-mega-80gb", "h100-sxm-80gb"}))
        // An H100 NVL has 94 GB: not the catalog's SXM part.
        return known && memoryGiB > 85 ? std::string(raw) : "H100-SXM-80GB";
    if (any({"h100-pcie", "h100-80gb-pcie", "h100-pcie-80gb"}))
        return "H100-PCIe-80GB";
    if (any({"h200", "h200-sxm", "h200-141gb"}))
        return "H200-SXM-141GB";
    if (any({"h800", "h800-sxm", "h800-80gb"}))
        return "H800-SXM-80GB";
    if (any({"b200"}))
        return "B200";
    if (any({"mi300x"}))
        return "MI300X";
    return std::string(raw);
}

Result<CatalogImport> importSkyPilotCsv(std::string_view text, const std::string& fileName, const std::string& provider,
    const std::string& asOf, const std::string& source)
{
    if (isBlank(text))
        return Error {ErrorCode::ParseError, fileName + ": empty file, expected a CSV header"};
    if (asOf.empty() || !isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput,
            fileName + ": as_of must be an ISO 8601 date (SkyPilot catalogs carry none), got " + quote(asOf)};
    const std::string src = source.empty() ? fileName : source;

    CatalogImport out;
    LineSource lines(text);
    CsvReader csv(lines);
    std::vector<std::string> rec;
    if (!csv.next(rec))
        return Error {ErrorCode::ParseError, fileName + ": empty file, expected a CSV header"};
    const Header header(rec);
    const std::size_t headerLine = csv.line();
    auto column = [&](std::string_view name) { return header.find(name); };
    for (std::string_view required : {"InstanceType", "AcceleratorName", "AcceleratorCount", "Region", "Price"})
        if (!column(required))
            return Error {ErrorCode::InvalidInput,
                rowPlace(fileName, headerLine) + ": missing column " + quote(required)
                    + " (not a SkyPilot catalog CSV?)"};
    const auto cType = *column("InstanceType"), cAcc = *column("AcceleratorName"), cCount = *column("AcceleratorCount"),
               cRegion = *column("Region"), cPrice = *column("Price");
    const auto cSpot = column("SpotPrice"), cZone = column("AvailabilityZone"), cCpu = column("vCPUs"),
               cMem = column("MemoryGiB"), cInfo = column("GpuInfo"), cArch = column("Arch");

    std::vector<SkyRow> rows;
    while (csv.next(rec)) {
        const std::size_t line = csv.line();
        if (csv.unterminated()) {
            out.warnings.push_back(rowPlace(fileName, line) + ": a quoted field is not closed (row skipped)");
            continue;
        }
        if (rec.size() != header.size()) {
            out.warnings.push_back(rowPlace(fileName, line) + ": has " + std::to_string(rec.size())
                + " fields, the header has " + std::to_string(header.size()) + " (row skipped)");
            continue;
        }
        auto cell = [&](std::optional<std::size_t> c) { return c ? trim(rec[*c]) : std::string_view(); };
        SkyRow r;
        r.line = line;
        r.instanceType = cell(cType);
        r.accelerator = cell(cAcc);
        r.region = cell(cRegion);
        r.zone = cell(cZone);
        r.gpuInfo = cell(cInfo);
        r.arch = cell(cArch);
        bool bad = false;
        auto number = [&](std::optional<std::size_t> c, std::string_view name, Sign sign) -> std::optional<double> {
            const auto t = cell(c);
            if (bad || t.empty())
                return std::nullopt;
            std::string why;
            auto v = readNumber(t, sign, why);
            if (!v) {
                out.warnings.push_back(cellPlace(fileName, line, name) + ": " + why + " (row skipped)");
                bad = true;
            }
            return v;
        };
        r.price = number(cPrice, "Price", Sign::NonNegative);
        r.spot = number(cSpot, "SpotPrice", Sign::NonNegative);
        r.vcpus = number(cCpu, "vCPUs", Sign::NonNegative).value_or(0);
        r.memoryGiB = number(cMem, "MemoryGiB", Sign::NonNegative).value_or(0);
        r.gpuCount = number(cCount, "AcceleratorCount", Sign::NonNegative).value_or(0);
        if (bad)
            continue;
        r.priceText = cell(cPrice);
        r.spotText = cell(cSpot);
        if (r.region.empty()) {
            out.warnings.push_back(cellPlace(fileName, line, "Region") + ": must not be empty (row skipped)");
            continue;
        }
        const bool tpu = lower(r.accelerator).rfind("tpu-", 0) == 0;
        if (tpu) {
            // A TPU slice is rented on its own (TPU VM): the offering is named after it.
            if (r.instanceType.empty())
                r.instanceType = r.accelerator;
            if (r.price == skyPilotTpuNoPrice)
                r.price.reset();
            if (r.spot == skyPilotTpuNoPrice)
                r.spot.reset();
        }
        if (!r.accelerator.empty() && r.gpuCount <= 0) {
            out.warnings.push_back(cellPlace(fileName, line, "AcceleratorCount") + ": must be a positive number for "
                + r.accelerator + ", got " + quote(cell(cCount)) + " (row skipped)");
            continue;
        }
        for (const auto& e : skyPilotErrata) {
            if (iequals(provider, e.provider) && r.instanceType == e.instanceType && r.gpuCount != e.gpuCount) {
                out.warnings.push_back(cellPlace(fileName, line, "AcceleratorCount") + ": " + r.instanceType
                    + " listed with " + std::string(cell(cCount)) + " GPUs, corrected to " + formatCount(e.gpuCount)
                    + ": " + std::string(e.why));
                r.gpuCount = e.gpuCount;
            }
        }
        if (r.instanceType.empty() && r.accelerator.empty()) {
            out.warnings.push_back(
                rowPlace(fileName, line) + ": neither InstanceType nor AcceleratorName is set (row skipped)");
            continue;
        }
        rows.push_back(std::move(r));
    }

    // Machine rows without an accelerator: skipped, but kept aside as possible GCP hosts.
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, const SkyRow*> hosts;
    for (const auto& r : rows)
        if (r.accelerator.empty())
            hosts.emplace(Key {r.instanceType, r.region, r.zone}, &r);

    std::map<Key, std::size_t> firstLine;
    auto makeOffering = [&](const SkyRow& r, const std::string& instanceType) {
        Offering o;
        o.provider = provider;
        o.region = r.region;
        o.zone = r.zone;
        o.country = countryFromRegion(r.region);
        o.instanceType = instanceType;
        o.gpuModelRaw = r.accelerator;
        o.gpuCount = r.gpuCount;
        o.gpuMemoryGiB = perGpuMemoryGiB(r.gpuInfo, r.gpuCount, provider);
        o.gpuModel = canonicalGpuId(r.accelerator, o.gpuMemoryGiB);
        // RunPod names its A100-80GB "A100 PCIe" in GpuInfo, Lambda its H100 "gpu_1x_h100_pcie": the PCIe part.
        const std::string infoName = dictString(r.gpuInfo, "Name");
        if ((icontains(infoName, "pcie") || icontains(instanceType, "pcie"))
            && o.gpuModel.find("SXM") != std::string::npos)
            o.gpuModel = canonicalGpuId(r.accelerator + "-PCIe", o.gpuMemoryGiB);
        const std::string maker = lower(dictString(r.gpuInfo, "Manufacturer"));
        o.gpuVendor = maker.empty() ? gpuVendorFor(r.accelerator) : maker;
        o.vcpus = r.vcpus;
        o.memoryGiB = r.memoryGiB;
        if (!r.arch.empty())
            o.arch = r.arch;
        o.source = src;
        o.fetchedAt = asOf;
        return o;
    };
    auto makePrice = [&](PricingModel model, double rate, std::string orig, std::string unit) {
        Price p;
        p.pricingModel = model;
        p.currency = "USD"; // SkyPilot catalogs are all USD (catalogs/README.md)
        p.hourlyRate = rate;
        p.origValue = std::move(orig);
        p.origUnit = std::move(unit);
        p.asOf = asOf;
        p.source = src;
        return p;
    };
    // A price of 0 means "none" (Vast writes SpotPrice 0.00 for every row).
    auto addPrices = [&](Offering& o, std::optional<double> price, std::optional<double> spot, const std::string& po,
                         const std::string& so, const std::string& unit) {
        if (price && *price > 0)
            o.prices.push_back(makePrice(PricingModel::OnDemand, *price, po, unit));
        if (spot && *spot > 0)
            o.prices.push_back(makePrice(PricingModel::Spot, *spot, so, unit));
    };
    auto admit = [&](const SkyRow& r, const std::string& instanceType) {
        const Key key {instanceType, r.region, r.zone};
        auto [it, fresh] = firstLine.emplace(key, r.line);
        if (!fresh)
            out.warnings.push_back(rowPlace(fileName, r.line) + ": " + instanceType + " in " + r.region
                + (r.zone.empty() ? "" : "/" + r.zone) + " repeats row " + std::to_string(it->second)
                + " (row skipped)");
        return fresh;
    };

    for (const auto& r : rows) {
        if (r.accelerator.empty() || r.instanceType.empty())
            continue;
        if (!admit(r, r.instanceType))
            continue;
        Offering o = makeOffering(r, r.instanceType);
        addPrices(o, r.price, r.spot, r.priceText, r.spotText, "USD per instance-hour");
        out.offerings.push_back(std::move(o));
    }
    // GCP: accelerator-only rows priced together with their host machine's row for the same zone.
    for (const auto& r : rows) {
        if (!r.instanceType.empty())
            continue;
        const std::string what = r.accelerator + " x" + formatCount(r.gpuCount);
        const auto host = gcpHostFor(r.accelerator, r.gpuCount);
        if (host.empty()) {
            out.warnings.push_back(rowPlace(fileName, r.line) + ": accelerator-only row (" + what
                + ") has no single host machine type, price not assembled (row skipped)");
            continue;
        }
        auto h = hosts.find(Key {std::string(host), r.region, r.zone});
        if (h == hosts.end()) {
            out.warnings.push_back(rowPlace(fileName, r.line) + ": accelerator-only row (" + what + ") in "
                + (r.zone.empty() ? r.region : r.zone) + " has no " + std::string(host)
                + " row for the same zone, price not assembled (row skipped)");
            continue;
        }
        const SkyRow& m = *h->second;
        if (!admit(r, std::string(host)))
            continue;
        Offering o = makeOffering(r, std::string(host));
        o.vcpus = m.vcpus;
        o.memoryGiB = m.memoryGiB;
        if (!m.arch.empty())
            o.arch = m.arch;
        auto sum = [](std::optional<double> a, std::optional<double> b) -> std::optional<double> {
            if (a && b && *a > 0 && *b > 0)
                return *a + *b;
            return std::nullopt;
        };
        const std::string unit = "USD per instance-hour: machine row " + std::to_string(m.line) + " + accelerator row "
            + std::to_string(r.line);
        addPrices(o, sum(m.price, r.price), sum(m.spot, r.spot), m.priceText + " + " + r.priceText,
            m.spotText + " + " + r.spotText, unit);
        out.offerings.push_back(std::move(o));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------------------------
// AWS Price List

namespace {

/// The GPU of an EC2 instance family: the Price List gives a count ("GPU") and sometimes the total memory
/// ("GPU Memory"), never the model. From https://aws.amazon.com/ec2/instance-types/ (Accelerated Computing); the
/// SkyPilot AWS catalog in shared/samples names the same GPUs for g4dn, g5, p3dn, p4d, p4de, p5, p5e and p5en.
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

// ---------------------------------------------------------------------------------------------------------------
// AWS Spot Advisor

Result<SpotAdvisorData> importAwsSpotAdvisor(
    std::string_view text, const std::string& fileName, std::string_view operatingSystem)
{
    SpotAdvisorData out;
    JsonContext ctx {fileName, &out.warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const auto& advisor = top.raw("spot_advisor");
        if (!advisor.is_object())
            detail::fail(ctx, "/spot_advisor", "must be an object keyed by region, got " + describe(advisor));
        if (top.has("ranges")) {
            const auto& ranges = top.raw("ranges");
            try {
                if (!ranges.is_array())
                    detail::fail(ctx, "/ranges", "must be an array, got " + describe(ranges));
                for (std::size_t i = 0; i < ranges.size(); ++i) {
                    ObjectReader r(ranges[i], appendPointer("/ranges", i), ctx);
                    const auto index = r.integer("index", 0, 4);
                    out.labels[static_cast<std::size_t>(index)] = r.string("label");
                }
            } catch (const Failure& f) {
                out.warnings.push_back(f.error.detail + " (AWS's default labels used)");
                out.labels = SpotAdvisorData {}.labels;
            }
        }
        for (auto region = advisor.begin(); region != advisor.end(); ++region) {
            const std::string rptr = appendPointer("/spot_advisor", region.key());
            if (!region->is_object()) {
                detail::warn(ctx, rptr, "must be an object, got " + describe(*region) + " (region skipped)");
                continue;
            }
            auto os = region->find(operatingSystem);
            if (os == region->end())
                continue;
            const std::string optr = appendPointer(rptr, operatingSystem);
            if (!os->is_object()) {
                detail::warn(ctx, optr, "must be an object, got " + describe(*os) + " (region skipped)");
                continue;
            }
            auto& types = out.byRegion[region.key()];
            for (auto t = os->begin(); t != os->end(); ++t) {
                try {
                    ObjectReader r(t.value(), appendPointer(optr, t.key()), ctx);
                    SpotAdvice a;
                    a.bucket = static_cast<int>(r.integer("r", 0, 4));
                    // Negative when spot costs more than on-demand: the 2025-06-28 snapshot has ca-central-1
                    // p5.48xlarge at -62.
                    a.savingsPct = static_cast<int>(r.integer("s", -1000, 100));
                    types.emplace(t.key(), a);
                } catch (const Failure& f) {
                    out.warnings.push_back(f.error.detail + " (entry skipped)");
                }
            }
        }
        return out;
    } catch (const Failure& f) {
        return f.error;
    }
}

std::size_t applySpotAdvisor(std::vector<Offering>& offerings, const SpotAdvisorData& advisor)
{
    std::size_t annotated = 0;
    for (auto& o : offerings) {
        if (!iequals(o.provider, "aws"))
            continue;
        auto region = advisor.byRegion.find(o.region);
        if (region == advisor.byRegion.end())
            continue;
        auto type = region->second.find(o.instanceType);
        if (type == region->second.end())
            continue;
        for (auto& p : o.prices) {
            if (p.pricingModel != PricingModel::Spot)
                continue;
            p.interruptionBucket = type->second.bucket;
            p.interruptionLabel = advisor.labels[static_cast<std::size_t>(type->second.bucket)];
            p.spotSavingsPct = type->second.savingsPct;
            ++annotated;
        }
    }
    return annotated;
}

// ---------------------------------------------------------------------------------------------------------------
// Azure Retail Prices

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

/// Index of the offering (provider, region, zone, instance type) in `list`, added when new.
class OfferingIndex
{
public:
    explicit OfferingIndex(std::vector<Offering>& list)
        : m_list(list)
    {
        for (std::size_t i = 0; i < list.size(); ++i)
            m_index.emplace(keyOf(list[i]), i);
    }
    Offering& get(const Offering& prototype)
    {
        auto [it, fresh] = m_index.emplace(keyOf(prototype), m_list.size());
        if (fresh)
            m_list.push_back(prototype);
        return m_list[it->second];
    }
    Offering* find(const Offering& o)
    {
        auto it = m_index.find(keyOf(o));
        return it == m_index.end() ? nullptr : &m_list[it->second];
    }

private:
    using Key = std::tuple<std::string, std::string, std::string, std::string>;
    static Key keyOf(const Offering& o) { return {o.provider, o.region, o.zone, o.instanceType}; }
    std::vector<Offering>& m_list;
    std::map<Key, std::size_t> m_index;
};

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

// ---------------------------------------------------------------------------------------------------------------
// GCP Cloud Billing Catalog

namespace {

enum class GcpKind { Gpu, Core, Ram };

/// One priced part: a GPU, a vCPU or a GiB of RAM of a machine family, in some regions, for one usage type.
struct GcpPart
{
    GcpKind kind = GcpKind::Gpu;
    std::string name; ///< GPU (SkyPilot's names: A100, A100-80GB, H100, L4) or machine family (A2, A3, G2)
    PricingModel model = PricingModel::OnDemand;
    int termMonths = 0;
    std::vector<std::string> regions;
    std::string currency;
    double price = 0;
    std::string priceText; ///< exactly as units + nanos say
    std::string effective;
    std::string skuId;
};

/// The machines whose price GCP gives only as parts (https://cloud.google.com/compute/docs/gpus and
/// …/accelerator-optimized-machines). vCPU and RAM of a2 and a3 agree with the SkyPilot GCP rows in
/// shared/samples; "GB" of machine memory is GiB there and is billed per GiB-hour (usageUnit GiBy.h).
struct GcpMachine
{
    std::string_view name, family, gpu;
    int gpus;
    double vcpus, ramGiB, gpuMemoryGiB;
};
constexpr GcpMachine gcpMachines[] = {
    {"a2-highgpu-1g", "A2", "A100", 1, 12, 85, 40},
    {"a2-highgpu-2g", "A2", "A100", 2, 24, 170, 40},
    {"a2-highgpu-4g", "A2", "A100", 4, 48, 340, 40},
    {"a2-highgpu-8g", "A2", "A100", 8, 96, 680, 40},
    {"a2-megagpu-16g", "A2", "A100", 16, 96, 1360, 40},
    {"a2-ultragpu-1g", "A2", "A100-80GB", 1, 12, 170, 80},
    {"a2-ultragpu-2g", "A2", "A100-80GB", 2, 24, 340, 80},
    {"a2-ultragpu-4g", "A2", "A100-80GB", 4, 48, 680, 80},
    {"a2-ultragpu-8g", "A2", "A100-80GB", 8, 96, 1360, 80},
    {"a3-highgpu-1g", "A3", "H100", 1, 26, 234, 80},
    {"a3-highgpu-2g", "A3", "H100", 2, 52, 468, 80},
    {"a3-highgpu-4g", "A3", "H100", 4, 104, 936, 80},
    {"a3-highgpu-8g", "A3", "H100", 8, 208, 1872, 80},
    {"g2-standard-4", "G2", "L4", 1, 4, 16, 24},
    {"g2-standard-8", "G2", "L4", 1, 8, 32, 24},
    {"g2-standard-12", "G2", "L4", 1, 12, 48, 24},
    {"g2-standard-16", "G2", "L4", 1, 16, 64, 24},
    {"g2-standard-24", "G2", "L4", 2, 24, 96, 24},
    {"g2-standard-32", "G2", "L4", 1, 32, 128, 24},
    {"g2-standard-48", "G2", "L4", 4, 48, 192, 24},
    {"g2-standard-96", "G2", "L4", 8, 96, 384, 24},
};

std::vector<std::string_view> words(std::string_view s)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        auto j = i;
        while (j < s.size() && s[j] != ' ')
            ++j;
        if (j > i)
            out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

/// The GPU of a GPU SKU from its description ("Nvidia Tesla A100 GPU running in Americas", "Nvidia Tesla A100
/// 80GB GPU running in …", "Spot Preemptible Nvidia H100 80GB GPU running in …"); "" for virtual workstation
/// licences and GPUs this importer does not assemble.
std::string gcpGpuName(std::string_view description)
{
    if (icontains(description, "Workstation"))
        return {};
    const auto w = words(description);
    for (std::size_t i = 0; i < w.size(); ++i) {
        const std::string_view next = i + 1 < w.size() ? w[i + 1] : std::string_view();
        if (w[i] == "A100")
            return next == "80GB" ? "A100-80GB" : "A100";
        if (w[i] == "H100") {
            const std::string_view after = i + 2 < w.size() ? w[i + 2] : std::string_view();
            return (next == "Mega" || after == "Mega") ? "H100-MEGA" : "H100";
        }
        if (w[i] == "L4" || w[i] == "T4" || w[i] == "V100" || w[i] == "P100" || w[i] == "P4" || w[i] == "K80"
            || w[i] == "H200" || w[i] == "B200")
            return std::string(w[i]);
    }
    return {};
}

/// The machine family of a core or RAM SKU ("A2 Instance Core running in Americas" → "A2", "Spot Preemptible A2
/// Instance Ram …" → "A2", "Commitment v1: A2 Cpu in Americas for 1 Year" → "A2"); "" for sole-tenancy, custom and
/// extended-memory SKUs, which are priced differently.
std::string gcpFamily(std::string_view description)
{
    for (std::string_view skip : {"Sole Tenancy", "Custom", "Extended", "Premium"})
        if (icontains(description, skip))
            return {};
    for (auto w : words(description)) {
        if (w.size() < 2 || w.size() > 4 || !std::isupper(static_cast<unsigned char>(w[0]))
            || !std::isdigit(static_cast<unsigned char>(w[1])))
            continue;
        if (std::all_of(w.begin() + 2, w.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))
            return std::string(w);
    }
    return {};
}

/// units + nanos·10⁻⁹ written out exactly (both non-negative): 2, 933908000 → "2.933908".
std::string decimalText(long long units, long long nanos)
{
    std::string s = std::to_string(units);
    if (nanos != 0) {
        std::string frac = std::to_string(nanos);
        frac.insert(0, 9 - std::min<std::size_t>(9, frac.size()), '0');
        while (!frac.empty() && frac.back() == '0')
            frac.pop_back();
        s += '.' + frac;
    }
    return s;
}

long long jsonInteger(ObjectReader& r, std::string_view key)
{
    const json& v = r.raw(key);
    long long x = 0;
    if (v.is_number_integer())
        return v.get<long long>();
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
        if (ec == std::errc() && end == s.data() + s.size() && !s.empty())
            return x;
    }
    detail::fail(r.context(), r.pointer(key), "must be an integer, got " + describe(v));
}

/// Reads the Compute Engine GPU, core and RAM SKUs of one page; returns its nextPageToken.
std::string readGcpPage(std::string_view text, const JsonContext& ctx, std::vector<GcpPart>& parts)
{
    const auto root = detail::parseJson(text, ctx);
    ObjectReader top(root, "", ctx);
    const auto& skus = top.raw("skus");
    if (!skus.is_array())
        detail::fail(ctx, "/skus", "must be an array, got " + describe(skus));
    std::string next;
    if (top.has("nextPageToken")) {
        const auto& token = top.raw("nextPageToken");
        if (!token.is_string())
            detail::fail(ctx, "/nextPageToken", "must be a string, got " + describe(token));
        next = token.get<std::string>(); // "" on the last page
    }
    for (std::size_t i = 0; i < skus.size(); ++i) {
        const std::string ptr = appendPointer("/skus", i);
        try {
            ObjectReader r(skus[i], ptr, ctx);
            auto category = r.object("category");
            const std::string group = category.optString("resourceGroup").value_or("");
            const std::string usage = category.optString("usageType").value_or("");
            GcpPart part;
            if (usage == "OnDemand")
                part.model = PricingModel::OnDemand;
            else if (usage == "Preemptible")
                part.model = PricingModel::Spot;
            else if (usage == "Commit1Yr" || usage == "Commit3Yr") {
                part.model = PricingModel::CommittedUse;
                part.termMonths = usage == "Commit1Yr" ? 12 : 36;
            } else
                continue;
            const std::string description = r.optString("description").value_or("");
            if (group == "GPU") {
                part.kind = GcpKind::Gpu;
                part.name = gcpGpuName(description);
            } else if (group == "CPU" || group == "RAM") {
                part.kind = group == "CPU" ? GcpKind::Core : GcpKind::Ram;
                part.name = gcpFamily(description);
            } else
                continue;
            if (part.name.empty())
                continue;
            part.skuId = r.optString("skuId").value_or(std::to_string(i));
            const auto& regions = r.raw("serviceRegions");
            if (!regions.is_array())
                detail::fail(ctx, r.pointer("serviceRegions"), "must be an array, got " + describe(regions));
            for (std::size_t k = 0; k < regions.size(); ++k) {
                if (!regions[k].is_string())
                    detail::fail(ctx, appendPointer(r.pointer("serviceRegions"), k),
                        "must be a region name, got " + describe(regions[k]));
                part.regions.push_back(regions[k].get<std::string>());
            }
            const auto& infos = r.raw("pricingInfo");
            if (!infos.is_array() || infos.empty())
                detail::fail(ctx, r.pointer("pricingInfo"), "must be a non-empty array, got " + describe(infos));
            // The API returns the current pricing first (and only, unless a time range is asked for).
            ObjectReader info(infos[0], appendPointer(r.pointer("pricingInfo"), std::size_t(0)), ctx);
            part.effective = info.optString("effectiveTime").value_or(info.optString("EffectiveTime").value_or(""));
            auto expr = info.object("pricingExpression");
            const std::string usageUnit = expr.string("usageUnit");
            const std::string wantUnit = part.kind == GcpKind::Ram ? "GiBy.h" : "h";
            if (usageUnit != wantUnit)
                detail::fail(ctx, expr.pointer("usageUnit"),
                    "must be " + quote(wantUnit) + " for a "
                        + (part.kind == GcpKind::Ram ? "RAM" : (part.kind == GcpKind::Gpu ? "GPU" : "core"))
                        + " SKU, got " + quote(usageUnit));
            const auto& tiers = expr.raw("tieredRates");
            if (!tiers.is_array() || tiers.empty())
                detail::fail(ctx, expr.pointer("tieredRates"), "must be a non-empty array, got " + describe(tiers));
            // The first tier (startUsageAmount 0) is the list price; GPU, core and RAM SKUs have only that one.
            std::size_t tier = 0;
            for (std::size_t k = 0; k < tiers.size(); ++k) {
                auto start = tiers[k].find("startUsageAmount");
                if (start == tiers[k].end() || (start->is_number() && start->get<double>() == 0)) {
                    tier = k;
                    break;
                }
            }
            ObjectReader rate(tiers[tier], appendPointer(expr.pointer("tieredRates"), tier), ctx);
            auto unitPrice = rate.object("unitPrice");
            part.currency = unitPrice.string("currencyCode");
            if (!isCurrency(part.currency))
                detail::fail(
                    ctx, unitPrice.pointer("currencyCode"), "must be an ISO 4217 code, got " + quote(part.currency));
            const long long units = unitPrice.has("units") ? jsonInteger(unitPrice, "units") : 0;
            const long long nanos = unitPrice.has("nanos") ? unitPrice.integer("nanos", -999'999'999, 999'999'999) : 0;
            if (units < 0 || nanos < 0) // google.type.Money: units and nanos carry the same sign
                detail::fail(ctx, unitPrice.pointer(),
                    "must be zero or positive, got units " + std::to_string(units) + ", nanos "
                        + std::to_string(nanos));
            part.priceText = decimalText(units, nanos);
            part.price = static_cast<double>(units) + static_cast<double>(nanos) / 1e9;
            parts.push_back(std::move(part));
        } catch (const Failure& f) {
            ctx.warnings->push_back(f.error.detail + " (SKU skipped)");
        }
    }
    return next;
}

std::string usageLabel(PricingModel model, int termMonths)
{
    std::string s(toString(model));
    if (termMonths > 0)
        s += ' ' + std::to_string(termMonths) + "-month";
    return s;
}

CatalogImport assembleGcp(const std::vector<GcpPart>& parts, const std::string& file, const std::string& asOf,
    const std::string& source, std::vector<std::string> warnings)
{
    CatalogImport out;
    out.warnings = std::move(warnings);
    using PartKey = std::tuple<GcpKind, std::string, PricingModel, int, std::string>;
    std::map<PartKey, const GcpPart*> index;
    for (const auto& p : parts) {
        for (const auto& region : p.regions) {
            auto [it, fresh] = index.emplace(PartKey {p.kind, p.name, p.model, p.termMonths, region}, &p);
            if (!fresh && it->second->price != p.price)
                out.warnings.push_back(file + ": SKUs " + it->second->skuId + " and " + p.skuId + " both price "
                    + p.name + ' ' + usageLabel(p.model, p.termMonths) + " in " + region + ", kept the first");
        }
    }
    struct Usage
    {
        PricingModel model;
        int months;
    };
    constexpr Usage usages[] = {{PricingModel::OnDemand, 0}, {PricingModel::Spot, 0}, {PricingModel::CommittedUse, 12},
        {PricingModel::CommittedUse, 36}};
    // series + usage + what is missing → regions, in the order first seen
    std::vector<std::pair<std::string, std::set<std::string>>> missing;
    std::map<std::pair<std::string, std::size_t>, Offering*> byMachine;
    std::vector<std::pair<std::string, std::string>> offeringOrder;
    std::map<std::pair<std::string, std::string>, Offering> offerings;

    for (const auto& m : gcpMachines) {
        const std::string series(m.name.substr(0, m.name.rfind('-')));
        for (const auto& u : usages) {
            auto find = [&](GcpKind kind, std::string_view name, const std::string& region) -> const GcpPart* {
                auto it = index.find(PartKey {kind, std::string(name), u.model, u.months, region});
                return it == index.end() ? nullptr : it->second;
            };
            std::set<std::string> regions;
            for (const auto& [key, part] : index) {
                const auto& [kind, name, model, months, region] = key;
                if (model == u.model && months == u.months
                    && ((kind == GcpKind::Gpu && name == m.gpu) || (kind != GcpKind::Gpu && name == m.family)))
                    regions.insert(region);
            }
            for (const auto& region : regions) {
                const GcpPart* gpu = find(GcpKind::Gpu, m.gpu, region);
                const GcpPart* core = find(GcpKind::Core, m.family, region);
                const GcpPart* ram = find(GcpKind::Ram, m.family, region);
                std::string lacking;
                auto lack = [&lacking](const std::string& what) { lacking += (lacking.empty() ? "" : ", ") + what; };
                if (!gpu)
                    lack(std::string(m.gpu) + " GPU");
                if (!core)
                    lack(std::string(m.family) + " core");
                if (!ram)
                    lack(std::string(m.family) + " RAM");
                if (lacking.empty() && (gpu->currency != core->currency || gpu->currency != ram->currency))
                    lacking = "parts in one currency";
                if (!lacking.empty()) {
                    const std::string key = series + "-* " + usageLabel(u.model, u.months) + ": no " + lacking + " SKU";
                    auto it = std::find_if(missing.begin(), missing.end(), [&](auto& e) { return e.first == key; });
                    if (it == missing.end()) {
                        missing.emplace_back(key, std::set<std::string> {});
                        it = std::prev(missing.end());
                    }
                    it->second.insert(region);
                    continue;
                }
                std::string when = asOf;
                if (when.empty())
                    when = std::max({gpu->effective, core->effective, ram->effective});
                if (when.empty() || !isIsoDate(when)) {
                    out.warnings.push_back(file + ": " + std::string(m.name) + " in " + region
                        + ": no effectiveTime in its SKUs and no as_of given (price skipped)");
                    continue;
                }
                const auto okey = std::make_pair(std::string(m.name), region);
                auto [oit, fresh] = offerings.try_emplace(okey);
                Offering& o = oit->second;
                if (fresh) {
                    offeringOrder.push_back(okey);
                    o.provider = "gcp";
                    o.region = region;
                    o.instanceType = m.name;
                    o.gpuModelRaw = m.gpu;
                    o.gpuModel = canonicalGpuId(m.gpu, m.gpuMemoryGiB);
                    o.gpuVendor = "nvidia";
                    o.gpuCount = m.gpus;
                    o.gpuMemoryGiB = m.gpuMemoryGiB;
                    o.vcpus = m.vcpus;
                    o.memoryGiB = m.ramGiB;
                    o.source = source;
                    o.fetchedAt = when;
                }
                Price p;
                p.pricingModel = u.model;
                p.termMonths = u.months;
                p.currency = gpu->currency;
                p.hourlyRate = m.gpus * gpu->price + m.vcpus * core->price + m.ramGiB * ram->price;
                p.origValue = std::to_string(m.gpus) + " x " + gpu->priceText + " + " + formatCount(m.vcpus) + " x "
                    + core->priceText + " + " + formatCount(m.ramGiB) + " x " + ram->priceText;
                p.origUnit = gpu->currency + " per hour: GPUs x SKU " + gpu->skuId + " + vCPUs x SKU " + core->skuId
                    + " + GiB x SKU " + ram->skuId;
                p.asOf = when;
                p.source = source;
                o.prices.push_back(std::move(p));
            }
        }
    }
    for (const auto& key : offeringOrder)
        out.offerings.push_back(std::move(offerings[key]));
    for (const auto& [what, regions] : missing) {
        std::string list;
        for (const auto& r : regions)
            list += (list.empty() ? "" : ", ") + r;
        const auto colon = what.find(": ");
        out.warnings.push_back(
            file + ": " + what.substr(0, colon) + " price not assembled in " + list + what.substr(colon));
    }
    return out;
}

} // namespace

Result<PagedImport> importGcpSkus(
    std::string_view text, const std::string& fileName, const std::string& asOf, const std::string& source)
{
    if (!asOf.empty() && !isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput, fileName + ": as_of must be an ISO 8601 date, got " + quote(asOf)};
    std::vector<std::string> warnings;
    JsonContext ctx {fileName, &warnings};
    std::vector<GcpPart> parts;
    PagedImport out;
    try {
        out.next = readGcpPage(text, ctx, parts);
    } catch (const Failure& f) {
        return f.error;
    }
    out.catalog = assembleGcp(parts, fileName, asOf, source.empty() ? fileName : source, std::move(warnings));
    return out;
}

Result<CatalogImport> importGcpSkuPages(
    const std::vector<GcpSkuPage>& pages, const std::string& asOf, const std::string& source)
{
    const std::string file = pages.empty() ? std::string("<no pages>") : pages.front().fileName;
    if (!asOf.empty() && !isIsoDate(asOf))
        return Error {ErrorCode::InvalidInput, file + ": as_of must be an ISO 8601 date, got " + quote(asOf)};
    std::vector<std::string> warnings;
    std::vector<GcpPart> parts;
    for (const auto& page : pages) {
        JsonContext ctx {page.fileName, &warnings};
        try {
            readGcpPage(page.json, ctx, parts);
        } catch (const Failure& f) {
            return f.error;
        }
    }
    return assembleGcp(parts, file, asOf, source.empty() ? file : source, std::move(warnings));
}

// ---------------------------------------------------------------------------------------------------------------
// Alibaba Cloud instancePrice.json

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

// ---------------------------------------------------------------------------------------------------------------
// Combining

void mergeImports(CatalogImport& into, CatalogImport from)
{
    OfferingIndex index(into.offerings);
    for (auto& o : from.offerings) {
        if (Offering* have = index.find(o)) {
            for (auto& p : o.prices)
                addPrice(*have, std::move(p), "merging " + o.provider + ' ' + o.region + ' ' + o.instanceType,
                    into.warnings);
        } else
            index.get(o);
    }
    for (auto& w : from.warnings)
        into.warnings.push_back(std::move(w));
}

std::size_t fillHardware(std::vector<Offering>& target, const std::vector<Offering>& specs)
{
    std::map<std::pair<std::string, std::string>, const Offering*> byType;
    for (const auto& s : specs)
        if (s.gpuCount > 0)
            byType.emplace(std::make_pair(lower(s.provider), s.instanceType), &s);
    std::size_t filled = 0;
    for (auto& o : target) {
        if (o.gpuCount > 0)
            continue;
        auto it = byType.find(std::make_pair(lower(o.provider), o.instanceType));
        if (it == byType.end())
            continue;
        const Offering& s = *it->second;
        o.gpuModel = s.gpuModel;
        o.gpuModelRaw = s.gpuModelRaw;
        o.gpuVendor = s.gpuVendor;
        o.gpuCount = s.gpuCount;
        o.gpuMemoryGiB = s.gpuMemoryGiB;
        if (o.vcpus == 0)
            o.vcpus = s.vcpus;
        if (o.memoryGiB == 0)
            o.memoryGiB = s.memoryGiB;
        o.arch = s.arch;
        ++filled;
    }
    return filled;
}

} // namespace gpuplan::core
