#include "calibration.h"

#include "json_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace gpuplan::core {

using detail::Bound;
using detail::ObjectReader;

namespace {

constexpr double TFLOPS = 1e12; // FLOP/s
constexpr double GB = 1e9;      // bytes: the probe reports decimal GB/s, as datasheets quote bandwidth
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

// Square GEMMs from 4096 up count: there cuBLAS reaches its plateau on A100 and H100 (S. Bekman, "ML
// Engineering", compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS": the maxima are found at
// shapes of several thousand); smaller ones measure launch and tail effects, not the GPU.
constexpr long long minCalibrationSquare = 4096;

// No kernel beats the datasheet. 10 % of headroom allows for boards that hold clocks above the rated boost;
// anything more means the GPU was matched to the wrong catalog row or the measurement is broken.
constexpr double maxFraction = 1.10;

// The catalog stores marketed HBM sizes (80, 141 GiB); drivers report a few percent less (an "80 GB" H100:
// 81 559 MiB = 79.6 GiB, DESIGN.md). 15 % still tells 40 from 80 GB, 24 from 48 GB and 80 from 94 GB apart.
constexpr double memorySizeTolerance = 0.15;

/// "YYYY-MM-DDTHH:MM:SS[.fraction]Z"
bool isUtcTimestamp(std::string_view s)
{
    auto digits = [&](std::size_t pos, std::size_t count, int lo, int hi) {
        if (s.size() < pos + count)
            return false;
        int v = 0;
        for (std::size_t i = pos; i < pos + count; ++i) {
            if (!std::isdigit(static_cast<unsigned char>(s[i])))
                return false;
            v = v * 10 + (s[i] - '0');
        }
        return v >= lo && v <= hi;
    };
    if (s.size() < 20 || !digits(0, 4, 0, 9999) || s[4] != '-' || !digits(5, 2, 1, 12) || s[7] != '-'
        || !digits(8, 2, 1, 31) || s[10] != 'T' || !digits(11, 2, 0, 23) || s[13] != ':' || !digits(14, 2, 0, 59)
        || s[16] != ':' || !digits(17, 2, 0, 60))
        return false;
    std::size_t pos = 19;
    if (s[pos] == '.') {
        ++pos;
        const std::size_t start = pos;
        while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])))
            ++pos;
        if (pos == start)
            return false;
    }
    return pos + 1 == s.size() && s[pos] == 'Z';
}

std::string timestamp(ObjectReader& r, std::string_view key)
{
    const std::string s = r.string(key);
    if (!isUtcTimestamp(s))
        detail::fail(r.context(), r.pointer(key),
            "must be a UTC time in ISO 8601 form like \"2026-11-30T08:15:00Z\", got \"" + s + '"');
    return s;
}

std::string format(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    if (n == 0)
        return 0;
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

const std::vector<Precision>& gemmPrecisions()
{
    static const std::vector<Precision> list
        = {Precision::FP32, Precision::TF32, Precision::BF16, Precision::FP16, Precision::FP8};
    return list;
}

Precision gemmPrecision(ObjectReader& r, std::string_view key)
{
    const std::string s = r.string(key);
    auto p = parsePrecision(s);
    if (!p || std::find(gemmPrecisions().begin(), gemmPrecisions().end(), *p) == gemmPrecisions().end())
        detail::fail(r.context(), r.pointer(key), "must be one of fp32, tf32, bf16, fp16, fp8, got \"" + s + '"');
    return *p;
}

const nlohmann::json& array(ObjectReader& r, std::string_view key)
{
    const auto& a = r.raw(key);
    if (!a.is_array())
        detail::fail(r.context(), r.pointer(key), "must be an array, got " + detail::describe(a));
    return a;
}

ProbedGpu readGpu(const nlohmann::json& j, const std::string& pointer, const detail::JsonContext& ctx)
{
    ObjectReader r(j, pointer, ctx);
    ProbedGpu g;
    g.pointer = pointer;
    g.index = static_cast<int>(r.integer("index", 0, 4095));
    g.name = r.string("name");
    g.uuid = r.optString("uuid").value_or("");
    g.computeCapability = r.string("compute_capability");
    {
        const std::string& cc = g.computeCapability;
        const auto dot = cc.find('.');
        const bool ok = dot != std::string::npos && dot > 0 && dot + 1 < cc.size()
            && std::all_of(
                cc.begin(), cc.end(), [](char c) { return c == '.' || std::isdigit(static_cast<unsigned char>(c)); })
            && cc.find('.', dot + 1) == std::string::npos;
        if (!ok)
            detail::fail(ctx, r.pointer("compute_capability"), "must be like \"9.0\", got \"" + cc + '"');
    }
    g.memoryBytes = r.number("memory_bytes", Bound::Positive);
    g.smCount = static_cast<int>(r.integer("sm_count", 1, 100000));
    g.clockMhz = r.optNumber("clock_mhz", Bound::NonNegative).value_or(0);
    g.memoryClockMhz = r.optNumber("memory_clock_mhz", Bound::NonNegative).value_or(0);
    g.memoryBusWidthBits = static_cast<int>(r.optInteger("memory_bus_width_bits", 0, 100000).value_or(0));

    const auto& gemm = array(r, "gemm");
    for (std::size_t i = 0; i < gemm.size(); ++i) {
        ObjectReader row(gemm[i], detail::appendPointer(r.pointer("gemm"), i), ctx);
        ProbeGemm x;
        x.precision = gemmPrecision(row, "precision");
        constexpr long long maxDim = 1LL << 31;
        x.m = row.integer("m", 1, maxDim);
        x.n = row.integer("n", 1, maxDim);
        x.k = row.integer("k", 1, maxDim);
        x.label = row.optString("label").value_or("");
        x.model = row.optString("model").value_or("");
        x.op = row.optString("op").value_or("");
        x.tp = static_cast<int>(row.optInteger("tp", 1, 1024).value_or(0));
        x.tflops = row.number("tflops", Bound::Positive);
        x.repetitions = static_cast<int>(row.integer("repetitions", 1, 1000000));
        row.finish();
        g.gemm.push_back(std::move(x));
    }

    auto hbm = r.object("memory_bandwidth_gbyte_s");
    g.readGBps = hbm.number("read", Bound::Positive);
    g.writeGBps = hbm.number("write", Bound::Positive);
    g.copyGBps = hbm.number("copy", Bound::Positive);
    hbm.finish();
    auto h2d = r.object("host_to_device_gbyte_s");
    g.hostToDevicePinnedGBps = h2d.number("pinned", Bound::Positive);
    g.hostToDevicePageableGBps = h2d.number("pageable", Bound::Positive);
    h2d.finish();
    auto d2h = r.object("device_to_host_gbyte_s");
    g.deviceToHostPinnedGBps = d2h.number("pinned", Bound::Positive);
    g.deviceToHostPageableGBps = d2h.number("pageable", Bound::Positive);
    d2h.finish();
    r.finish();
    return g;
}

/// Lowercase alphanumeric words: "NVIDIA A100-SXM4-80GB" → nvidia, a100, sxm4, 80gb.
std::vector<std::string> words(std::string_view s)
{
    std::vector<std::string> out;
    std::string cur;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c)) {
            cur += static_cast<char>(std::tolower(c));
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

/// "sxm" (sxm, sxm2, sxm4, sxm5), "pcie", "nvl" or "" for a word that names none.
std::string formFactor(const std::string& word)
{
    if (word.rfind("sxm", 0) == 0)
        return "sxm";
    if (word == "pcie" || word == "nvl")
        return word;
    return "";
}

/// Catalog ids are "<MODEL>[-<FORM>][-<MEMORY>]": H100-SXM-80GB, A100-PCIe-80GB, L40S, V100-SXM2-32GB.
struct IdParts
{
    std::string family;
    std::string form;
};

IdParts idParts(const std::string& id)
{
    const auto w = words(id);
    IdParts p;
    if (!w.empty())
        p.family = w[0];
    for (std::size_t i = 1; i < w.size() && p.form.empty(); ++i)
        p.form = formFactor(w[i]);
    return p;
}

std::string gib(double bytes)
{
    return format(bytes / GiB, 1) + " GiB";
}

/// achieved ÷ datasheet for one GPU: the best large square GEMM per precision and the better of HBM read
/// and copy.
struct Fractions
{
    std::map<Precision, double> gemm;
    double memory = 0;
};

Fractions fractionsOf(const ProbedGpu& g, const GpuSpec& spec, const detail::JsonContext& ctx)
{
    Fractions f;
    std::map<Precision, bool> warned;
    for (std::size_t i = 0; i < g.gemm.size(); ++i) {
        const ProbeGemm& x = g.gemm[i];
        if (!(x.m == x.n && x.n == x.k && x.m >= minCalibrationSquare))
            continue;
        const std::string where = detail::appendPointer(g.pointer + "/gemm", i);
        const auto peak = spec.peak(x.precision);
        if (!peak) {
            if (!warned[x.precision])
                detail::warn(ctx, where,
                    spec.id + " has no " + std::string(toString(x.precision))
                        + " figure in the catalog; its measurements are not used");
            warned[x.precision] = true;
            continue;
        }
        const double fraction = x.tflops * TFLOPS / *peak;
        if (fraction > maxFraction)
            detail::fail(ctx, where + "/tflops",
                format(x.tflops, 1) + " TFLOP/s is " + format(fraction, 2) + " x the " + spec.id + " datasheet's "
                    + std::string(toString(x.precision)) + " peak of " + format(*peak / TFLOPS, 1)
                    + " TFLOP/s: the GPU was matched wrongly or the measurement is broken");
        double& best = f.gemm[x.precision];
        best = std::max(best, fraction);
    }
    if (f.gemm.empty())
        detail::fail(ctx, g.pointer + "/gemm",
            "no square GEMM of " + std::to_string(minCalibrationSquare) + " or larger in a precision the " + spec.id
                + " datasheet lists; nothing to calibrate from");
    const bool copyBetter = g.copyGBps > g.readGBps;
    const double best = std::max(g.readGBps, g.copyGBps);
    f.memory = best * GB / spec.memoryBandwidth;
    if (f.memory > maxFraction)
        detail::fail(ctx, g.pointer + "/memory_bandwidth_gbyte_s/" + (copyBetter ? "copy" : "read"),
            format(best, 0) + " GB/s is " + format(f.memory, 2) + " x the " + spec.id + " datasheet's "
                + format(spec.memoryBandwidth / GB, 0)
                + " GB/s: the GPU was matched wrongly or the measurement is broken");
    return f;
}

} // namespace

Result<ProbeReport> parseProbeReport(
    std::string_view text, const std::string& fileName, std::vector<std::string>* warnings)
{
    detail::JsonContext ctx {fileName, warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const std::string schema = top.string("schema");
        if (schema != "gpuplan.probe/1")
            detail::fail(ctx, "/schema", "unsupported schema, expected \"gpuplan.probe/1\", got \"" + schema + '"');
        ProbeReport report;
        report.file = fileName;
        report.probeVersion = top.string("probe_version");
        report.createdAt = timestamp(top, "created_at");
        report.host = top.string("host");
        report.driverVersion = top.string("driver_version");
        report.runtimeVersion = top.string("runtime_version");
        const auto& gpus = array(top, "gpus");
        if (gpus.empty())
            detail::fail(ctx, "/gpus", "must list at least one GPU, got []");
        for (std::size_t i = 0; i < gpus.size(); ++i)
            report.gpus.push_back(readGpu(gpus[i], detail::appendPointer("/gpus", i), ctx));
        const auto& allreduce = array(top, "allreduce");
        for (std::size_t i = 0; i < allreduce.size(); ++i) {
            ObjectReader row(allreduce[i], detail::appendPointer("/allreduce", i), ctx);
            ProbeAllReduce a;
            a.bytes = static_cast<double>(row.integer("bytes", 1, 1LL << 50));
            a.busBandwidthGBps = row.number("bus_bandwidth_gbyte_s", Bound::Positive);
            row.finish();
            report.allreduce.push_back(a);
        }
        if (top.has("notes")) {
            const auto& notes = array(top, "notes");
            for (std::size_t i = 0; i < notes.size(); ++i) {
                if (!notes[i].is_string())
                    detail::fail(
                        ctx, detail::appendPointer("/notes", i), "must be a string, got " + detail::describe(notes[i]));
                report.notes.push_back(notes[i].get<std::string>());
            }
        }
        top.finish();
        return report;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

Result<const GpuSpec*> matchProbedGpu(const ProbedGpu& gpu, const GpuCatalog& catalog, const std::string& file)
{
    const std::string where = (file.empty() ? std::string() : file + ':') + gpu.pointer + "/name: ";
    const auto nameWords = words(gpu.name);
    if (std::find(nameWords.begin(), nameWords.end(), "mig") != nameWords.end())
        return Error {
            ErrorCode::UnknownGpu, where + "\"" + gpu.name + "\" is a MIG instance; run gpuplan-probe on a whole GPU"};

    // The model: the first word of the name that is a catalog model ("h100", "a100", "l40s", "a10g", …).
    std::string family;
    for (const auto& w : nameWords) {
        for (const auto& spec : catalog.all()) {
            if (idParts(spec.id).family == w) {
                family = w;
                break;
            }
        }
        if (!family.empty())
            break;
    }
    if (family.empty()) {
        std::string ids;
        for (const auto& spec : catalog.all())
            ids += (ids.empty() ? "" : ", ") + spec.id;
        return Error {
            ErrorCode::UnknownGpu, where + "no catalog GPU matches \"" + gpu.name + "\"; the catalog knows " + ids};
    }
    std::string form;
    for (const auto& w : nameWords) {
        if (form.empty())
            form = formFactor(w);
    }

    // Same model; the form factor the name gives (or any); memory within tolerance of the catalog's.
    std::vector<const GpuSpec*> sameModel, candidates;
    for (const auto& spec : catalog.all()) {
        const IdParts p = idParts(spec.id);
        if (p.family != family)
            continue;
        sameModel.push_back(&spec);
        const bool formOk = form.empty() ? p.form != "nvl" : (p.form == form || (p.form.empty() && form != "nvl"));
        if (formOk && std::abs(gpu.memoryBytes - spec.memoryBytes) <= memorySizeTolerance * spec.memoryBytes)
            candidates.push_back(&spec);
    }
    if (candidates.empty()) {
        std::string known;
        for (const GpuSpec* s : sameModel)
            known += (known.empty() ? "" : ", ") + s->id + " (" + gib(s->memoryBytes) + ")";
        return Error {ErrorCode::UnknownGpu,
            where + "no catalog GPU matches \"" + gpu.name + "\" with " + gib(gpu.memoryBytes) + "; the catalog's "
                + family + " GPUs are " + known};
    }
    // SXM and PCIe boards of one model differ in HBM bandwidth (H100: 3.35 vs 2.0 TB/s): take the slowest
    // datasheet the measurement fits under (within the same 10 % headroom as maxFraction).
    std::sort(candidates.begin(), candidates.end(),
        [](const GpuSpec* a, const GpuSpec* b) { return a->memoryBandwidth < b->memoryBandwidth; });
    const double measured = std::max(gpu.readGBps, gpu.copyGBps) * GB;
    for (const GpuSpec* s : candidates) {
        if (measured <= s->memoryBandwidth * maxFraction)
            return s;
    }
    return candidates.back();
}

Result<std::vector<CalibrationProfile>> calibrationProfiles(
    const ProbeReport& report, const GpuCatalog& catalog, std::vector<std::string>* warnings)
{
    detail::JsonContext ctx {report.file, warnings};
    struct Group
    {
        const GpuSpec* spec = nullptr;
        std::vector<const ProbedGpu*> gpus;
        std::vector<Fractions> fractions;
    };
    std::vector<Group> groups;
    try {
        for (const auto& g : report.gpus) {
            auto spec = matchProbedGpu(g, catalog, report.file);
            if (!spec)
                return spec.error();
            auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.spec == *spec; });
            if (it == groups.end()) {
                groups.push_back({*spec, {}, {}});
                it = groups.end() - 1;
            }
            it->gpus.push_back(&g);
            it->fractions.push_back(fractionsOf(g, **spec, ctx));
        }
    } catch (const detail::Failure& f) {
        return f.error;
    }

    std::vector<CalibrationProfile> out;
    for (const Group& group : groups) {
        CalibrationProfile p;
        p.gpuId = group.spec->id;
        p.gpuName = group.gpus.front()->name;
        p.measuredAt = report.createdAt;
        std::string indices;
        for (const ProbedGpu* g : group.gpus)
            indices += (indices.empty() ? "" : ", ") + std::to_string(g->index);
        p.source = "gpuplan-probe " + report.probeVersion + " on " + report.host + " (" + report.file
            + (group.gpus.size() > 1 ? ", GPUs " : ", GPU ") + indices + ")";
        std::vector<double> memory;
        for (const Fractions& f : group.fractions)
            memory.push_back(f.memory);
        p.memoryFraction = median(memory);
        for (Precision prec : gemmPrecisions()) {
            std::vector<double> v;
            for (const Fractions& f : group.fractions) {
                if (auto it = f.gemm.find(prec); it != f.gemm.end())
                    v.push_back(it->second);
            }
            if (!v.empty())
                p.gemmFraction[prec] = median(v);
        }
        out.push_back(std::move(p));
    }
    return out;
}

Efficiency applyCalibration(Efficiency e, const CalibrationProfile& profile, Precision compute)
{
    const auto it = profile.gemmFraction.find(compute);
    if (it != profile.gemmFraction.end())
        e.gemm = e.trainGemm = it->second;
    // FP8 training keeps its output head and attention in BF16: the BF16 measurement, where there is one.
    if (const auto bf = profile.gemmFraction.find(Precision::BF16); bf != profile.gemmFraction.end())
        e.trainGemmBf16 = bf->second;
    if (profile.memoryFraction > 0)
        e.memoryBandwidth = profile.memoryFraction;
    e.calibrated = true;
    e.source = "measured on " + (profile.gpuName.empty() ? profile.gpuId : profile.gpuName) + ' '
        + profile.measuredAt.substr(0, 10);
    if (it == profile.gemmFraction.end())
        e.source += " (HBM bandwidth only: no " + std::string(toString(compute))
            + " GEMM was measured, so the GEMM factor is the default)";
    return e;
}

std::string serializeProfile(const CalibrationProfile& profile)
{
    nlohmann::ordered_json j;
    j["schema"] = "gpuplan.calibration/1";
    j["gpu"] = profile.gpuId;
    j["gpu_name"] = profile.gpuName;
    j["measured_at"] = profile.measuredAt;
    j["source"] = profile.source;
    nlohmann::ordered_json gemm = nlohmann::ordered_json::object();
    for (const auto& [p, fraction] : profile.gemmFraction)
        gemm[std::string(toString(p))] = fraction;
    j["gemm_fraction"] = gemm;
    j["memory_fraction"] = profile.memoryFraction;
    return detail::jsonDocument(j);
}

Result<CalibrationProfile> parseProfile(
    std::string_view text, const std::string& fileName, const GpuCatalog* catalog, std::vector<std::string>* warnings)
{
    detail::JsonContext ctx {fileName, warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader r(root, "", ctx);
        const std::string schema = r.string("schema");
        if (schema != "gpuplan.calibration/1")
            detail::fail(
                ctx, "/schema", "unsupported schema, expected \"gpuplan.calibration/1\", got \"" + schema + '"');
        CalibrationProfile p;
        p.gpuId = r.string("gpu");
        if (catalog) {
            auto spec = catalog->find(p.gpuId);
            if (!spec)
                detail::fail(ctx, "/gpu", spec.error().detail, ErrorCode::UnknownGpu);
            p.gpuId = (*spec)->id;
        }
        p.gpuName = r.optString("gpu_name").value_or("");
        p.measuredAt = timestamp(r, "measured_at");
        p.source = r.string("source");
        const auto& gemm = r.raw("gemm_fraction");
        ObjectReader g(gemm, r.pointer("gemm_fraction"), ctx);
        if (gemm.empty())
            detail::fail(ctx, g.pointer(), "must give at least one precision, got {}");
        for (auto it = gemm.begin(); it != gemm.end(); ++it) {
            const auto prec = parsePrecision(it.key());
            if (!prec || std::find(gemmPrecisions().begin(), gemmPrecisions().end(), *prec) == gemmPrecisions().end())
                detail::fail(ctx, g.pointer(it.key()),
                    "is not a precision gpuplan-probe measures (fp32, tf32, bf16, fp16, fp8)");
            const double v = g.number(it.key(), Bound::Positive);
            if (v > maxFraction)
                detail::fail(ctx, g.pointer(it.key()),
                    "must be a fraction of the datasheet peak of at most " + format(maxFraction, 2) + ", got "
                        + detail::describe(it.value()));
            p.gemmFraction[*prec] = v;
        }
        p.memoryFraction = r.number("memory_fraction", Bound::Positive);
        if (p.memoryFraction > maxFraction)
            detail::fail(ctx, "/memory_fraction",
                "must be a fraction of the datasheet bandwidth of at most " + format(maxFraction, 2) + ", got "
                    + detail::describe(r.raw("memory_fraction")));
        r.finish();
        return p;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

Result<std::vector<CalibrationProfile>> readCalibrationFile(
    std::string_view text, const std::string& fileName, const GpuCatalog& catalog, std::vector<std::string>* warnings)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '[') {
        // An exported array: every element is one profile, read by the profile parser.
        nlohmann::json root;
        try {
            root = nlohmann::json::parse(text.begin(), text.end());
        } catch (const nlohmann::json::parse_error& e) {
            return Error {ErrorCode::ParseError, fileName + ": not JSON: " + e.what()};
        }
        std::vector<CalibrationProfile> out;
        for (std::size_t i = 0; i < root.size(); ++i) {
            auto p = parseProfile(root[i].dump(), fileName + "[" + std::to_string(i) + "]", &catalog, warnings);
            if (!p)
                return p.error();
            out.push_back(std::move(*p));
        }
        if (out.empty())
            return Error {ErrorCode::InvalidInput, fileName + ": the array holds no calibration profile"};
        return out;
    }
    if (text.find("gpuplan.calibration/1") != std::string_view::npos) {
        auto p = parseProfile(text, fileName, &catalog, warnings);
        if (!p)
            return p.error();
        return std::vector<CalibrationProfile> {std::move(*p)};
    }
    auto report = parseProbeReport(text, fileName, warnings);
    if (!report)
        return report.error();
    return calibrationProfiles(*report, catalog, warnings);
}

std::string exportProfiles(const std::vector<std::string>& profileJsons)
{
    std::string json = "[\n";
    bool first = true;
    for (const auto& text : profileJsons) {
        json += (first ? "" : ",\n") + text;
        first = false;
    }
    json += "\n]\n";
    return json;
}

} // namespace gpuplan::core
