#include "gpu.h"

#include "json_reader.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>

namespace gpuplan::core {

using detail::Bound;
using detail::ObjectReader;

namespace {
constexpr double GiB = 1024.0 * 1024.0 * 1024.0; // bytes
constexpr double TB = 1e12;                      // bytes (memory bandwidth is quoted in decimal TB/s)
constexpr double GB = 1e9;                       // bytes
constexpr double TFLOPS = 1e12;                  // FLOP/s
} // namespace

std::string toLower(std::string_view s)
{
    std::string out(s);
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::optional<double> GpuSpec::peak(Precision p) const
{
    auto it = peakFlops.find(p);
    if (it == peakFlops.end())
        return std::nullopt;
    return it->second;
}

Precision GpuSpec::computePrecision(Precision p) const
{
    // Each format falls back to the next one that is at least as wide.
    static const std::map<Precision, std::vector<Precision>> chain = {
        {Precision::INT4, {Precision::INT4, Precision::INT8, Precision::FP8, Precision::FP16, Precision::BF16}},
        // FP4 without FP4 tensor cores (Hopper and older): the next format that runs. Serving GEMMs on FP4 weights
        // there run 16-bit math instead (weight-only, W4A16: inference.h mathPrecision).
        {Precision::FP4, {Precision::FP4, Precision::FP8, Precision::FP16, Precision::BF16}},
        {Precision::INT8, {Precision::INT8, Precision::FP8, Precision::FP16, Precision::BF16}},
        {Precision::FP8, {Precision::FP8, Precision::BF16, Precision::FP16}},
        {Precision::BF16, {Precision::BF16, Precision::FP16, Precision::FP32}},
        {Precision::FP16, {Precision::FP16, Precision::BF16, Precision::FP32}},
        {Precision::TF32, {Precision::TF32, Precision::FP32}},
        // FP32 falls back to TF32 only where the vendor publishes no FP32 figure (A10G).
        {Precision::FP32, {Precision::FP32, Precision::TF32}},
        {Precision::FP64, {Precision::FP64}},
    };
    for (Precision q : chain.at(p)) {
        if (peakFlops.count(q))
            return q;
    }
    return peakFlops.begin()->first;
}

double GpuSpec::fp64Flops() const
{
    return std::max(fp64TensorFlops, peak(Precision::FP64).value_or(0.0));
}

PrecisionSupport servingPrecisionSupport(const GpuSpec& gpu, Precision weights, bool moe)
{
    PrecisionSupport s;
    if (weights != Precision::FP8 || gpu.peak(Precision::FP8))
        return s; // native, or a format every engine runs (INT8/INT4 weight-only, FP16, BF16→FP16)
    const std::string& arch = gpu.architecture;
    if ((arch == "turing" || arch == "ampere") && !moe) {
        s.weightOnly = true;
        return s;
    }
    s.supported = false;
    return s;
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    // Optimal string alignment (Damerau): a swap of two neighbours ("bf61" for "bf16") is one edit.
    const std::string x = toLower(a), y = toLower(b);
    std::vector<std::size_t> before(y.size() + 1), prev(y.size() + 1), cur(y.size() + 1);
    std::iota(prev.begin(), prev.end(), 0);
    for (std::size_t i = 1; i <= x.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= y.size(); ++j) {
            const std::size_t subst = prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
            if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1])
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return prev[y.size()];
}

std::optional<std::string> nearMiss(std::string_view typed, const std::vector<std::string>& known)
{
    const std::string t = toLower(typed);
    const std::size_t allowed = t.size() >= 5 ? 2 : t.size() >= 3 ? 1 : 0;
    std::optional<std::string> best;
    std::size_t bestDistance = allowed + 1;
    for (const auto& k : known) {
        const std::string lk = toLower(k);
        if (lk == t)
            return k;
        std::size_t d = editDistance(t, lk);
        if (t.size() >= 3 && lk.size() > t.size() && lk.compare(0, t.size(), t) == 0)
            d = std::min<std::size_t>(d, 1); // "requests_per_sec" for "requests_per_second"
        if (d < bestDistance) {
            bestDistance = d;
            best = k;
        }
    }
    return best;
}

std::vector<std::string> closestNames(
    std::string_view wanted, const std::vector<std::string>& candidates, std::size_t count)
{
    std::vector<std::pair<std::size_t, std::string>> scored;
    const std::string w = toLower(wanted);
    for (const auto& c : candidates) {
        const std::string lc = toLower(c);
        std::size_t d = editDistance(w, lc);
        // A candidate that contains what was typed (or the reverse) is a better guess than its distance says.
        // (Only names of 3 letters or more: "us-east1" is not a guess at the region "US".)
        if ((w.size() >= 3 && lc.find(w) != std::string::npos) || (lc.size() >= 3 && w.find(lc) != std::string::npos))
            d = std::min<std::size_t>(d, 1);
        scored.emplace_back(d, c);
    }
    std::stable_sort(scored.begin(), scored.end(), [](auto& l, auto& r) { return l.first < r.first; });
    std::vector<std::string> out;
    for (auto& [d, name] : scored) {
        if (out.size() >= count)
            break;
        out.push_back(name);
    }
    return out;
}

Result<GpuCatalog> GpuCatalog::fromJson(
    std::string_view text, const std::string& fileName, std::vector<std::string>* warnings)
{
    detail::JsonContext ctx {fileName, warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const std::string schema = top.string("schema");
        if (schema != "gpuplan.gpus/1")
            detail::fail(ctx, "/schema", Message(msg::unsupportedSchema, {"gpuplan.gpus/1", schema.substr(0, 60)}));
        top.optString("as_of");
        const auto& list = top.raw("gpus");
        if (!list.is_array() || list.empty())
            detail::fail(ctx, "/gpus", Message(msg::mustBeNonEmptyArray, {detail::describe(list)}));
        top.finish();

        GpuCatalog cat;
        std::set<std::string> names; // ids and aliases, lowercase
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader r(list[i], detail::appendPointer("/gpus", i), ctx);
            GpuSpec g;
            g.id = r.string("id");
            g.name = r.optString("name").value_or(g.id);
            g.vendor = r.string("vendor");
            g.architecture = r.string("architecture");
            g.formFactor = r.optString("form_factor").value_or("");
            g.memoryBytes = r.number("memory_gib", Bound::Positive) * GiB;
            g.memoryBandwidth = r.number("memory_bandwidth_tbps", Bound::Positive) * TB;
            auto tf = r.object("tflops");
            for (Precision p : {Precision::FP64, Precision::FP32, Precision::TF32, Precision::BF16, Precision::FP16,
                     Precision::FP8, Precision::INT8, Precision::INT4, Precision::FP4}) {
                if (auto v = tf.optNumber(toString(p), Bound::Positive))
                    g.peakFlops[p] = *v * TFLOPS;
            }
            if (auto v = tf.optNumber("fp64_tensor", Bound::Positive))
                g.fp64TensorFlops = *v * TFLOPS;
            tf.finish();
            if (g.peakFlops.empty())
                detail::fail(ctx, r.pointer("tflops"), Message(msg::gpuNoPrecision));
            auto intra = r.object("intra_node");
            g.intraLink = intra.string("link");
            g.intraBandwidth = intra.number("bandwidth_gbyte_s", Bound::Positive) * GB;
            g.maxGpusPerNode = static_cast<int>(intra.optInteger("max_gpus", 1, 72).value_or(8));
            intra.finish();
            auto inter = r.object("inter_node");
            g.interLink = inter.string("link");
            g.interBandwidth = inter.number("bandwidth_gbit_s", Bound::Positive) * GB / 8.0;
            inter.finish();
            g.tdpW = r.number("tdp_w", Bound::Positive);
            g.idleW = r.optNumber("idle_w", Bound::NonNegative).value_or(0.1 * g.tdpW);
            if (g.idleW > g.tdpW)
                detail::fail(ctx, r.pointer("idle_w"), Message(msg::gpuIdleAboveTdp));
            if (r.has("aliases")) {
                const auto& a = r.raw("aliases");
                if (!a.is_array())
                    detail::fail(ctx, r.pointer("aliases"), Message(msg::mustBeStringArray, {detail::describe(a)}));
                for (std::size_t k = 0; k < a.size(); ++k) {
                    if (!a[k].is_string())
                        detail::fail(ctx, detail::appendPointer(r.pointer("aliases"), k),
                            Message(msg::mustBeString, {detail::describe(a[k])}));
                    g.aliases.push_back(toLower(a[k].get<std::string>()));
                }
            }
            if (r.has("mig_profiles")) {
                const auto& m = r.raw("mig_profiles");
                if (!m.is_array())
                    detail::fail(ctx, r.pointer("mig_profiles"), Message(msg::mustBeArray, {detail::describe(m)}));
                for (std::size_t k = 0; k < m.size(); ++k) {
                    ObjectReader mr(m[k], detail::appendPointer(r.pointer("mig_profiles"), k), ctx);
                    MigProfile p;
                    p.name = mr.string("name");
                    p.computeSlices = static_cast<int>(mr.integer("compute_slices", 1, 8));
                    p.memoryBytes = mr.number("memory_gib", Bound::Positive) * GiB;
                    p.maxInstances = static_cast<int>(mr.integer("max_instances", 1, 8));
                    mr.finish();
                    g.migProfiles.push_back(std::move(p));
                }
            }
            g.source = r.string("source");
            g.notes = r.optString("notes").value_or("");
            r.finish();
            for (const std::string& n : [&] {
                     std::vector<std::string> all {toLower(g.id)};
                     for (auto& a : g.aliases)
                         if (a != toLower(g.id))
                             all.push_back(a);
                     return all;
                 }()) {
                if (!names.insert(n).second)
                    detail::fail(ctx, r.pointer("aliases"), Message(msg::gpuNameTaken, {n}));
            }
            cat.m_gpus.push_back(std::move(g));
        }
        return cat;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

const GpuSpec* GpuCatalog::lookup(std::string_view idOrAlias) const
{
    // The planner looks up every offering's GPU: an exact id first, then without case, neither allocating.
    for (const auto& g : m_gpus)
        if (g.id == idOrAlias)
            return &g;
    auto sameIgnoringCase = [](std::string_view a, std::string_view b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
            return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
        });
    };
    for (const auto& g : m_gpus)
        if (sameIgnoringCase(g.id, idOrAlias))
            return &g;
    const std::string wanted = toLower(idOrAlias);
    for (const auto& g : m_gpus) {
        if (std::find(g.aliases.begin(), g.aliases.end(), wanted) != g.aliases.end())
            return &g;
    }
    return nullptr;
}

Result<const GpuSpec*> GpuCatalog::find(std::string_view idOrAlias) const
{
    if (const GpuSpec* g = lookup(idOrAlias))
        return g;
    const std::string wanted = toLower(idOrAlias);
    // Suggest canonical ids; an alias that is close stands for its GPU.
    std::vector<std::pair<std::size_t, std::string>> scored;
    for (const auto& g : m_gpus) {
        std::vector<std::string> names {g.id};
        names.insert(names.end(), g.aliases.begin(), g.aliases.end());
        auto best = closestNames(wanted, names, 1);
        scored.emplace_back(editDistance(wanted, best.front()), g.id);
        if (toLower(best.front()).find(wanted) != std::string::npos && !wanted.empty())
            scored.back().first = std::min<std::size_t>(scored.back().first, 1);
    }
    std::stable_sort(scored.begin(), scored.end(), [](auto& l, auto& r) { return l.first < r.first; });
    std::string list;
    for (std::size_t i = 0; i < scored.size() && i < 3; ++i)
        list += (i ? ", " : "") + scored[i].second;
    Error e;
    e.code = ErrorCode::UnknownGpu;
    e.message = Message(msg::unknownGpu, {std::string(idOrAlias).substr(0, 60), list});
    e.detail = e.message.text();
    return e;
}

} // namespace gpuplan::core
