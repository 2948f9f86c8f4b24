#include "shapes.h"

#include <algorithm>

namespace gpuplan::probe {

std::string_view toString(GemmPrecision p)
{
    switch (p) {
    case GemmPrecision::FP32:
        return "fp32";
    case GemmPrecision::TF32:
        return "tf32";
    case GemmPrecision::BF16:
        return "bf16";
    case GemmPrecision::FP16:
        return "fp16";
    case GemmPrecision::FP8:
        return "fp8";
    }
    return "?";
}

bool hasMath(GemmPrecision p, int ccMajor, int ccMinor)
{
    const int cc = ccMajor * 10 + ccMinor;
    switch (p) {
    case GemmPrecision::FP32:
    case GemmPrecision::FP16:
        return true;
    case GemmPrecision::TF32:
    case GemmPrecision::BF16:
        return cc >= 80;
    case GemmPrecision::FP8:
        return cc >= 89;
    }
    return false;
}

std::string GemmShape::label() const
{
    if (model.empty())
        return {};
    return model + ' ' + op + ", tp " + std::to_string(tp) + ", " + std::to_string(n) + (n == 1 ? " token" : " tokens");
}

const std::vector<ModelShape>& modelShapes()
{
    // config.json of each model on Hugging Face (hidden_size, intermediate_size, num_attention_heads,
    // num_key_value_heads; head_dim = hidden_size / num_attention_heads), read 2026-12-04:
    //  meta-llama/Llama-3.1-8B: 4096, 14336, 32, 8;  meta-llama/Llama-3.1-70B: 8192, 28672, 64, 8 (Llama 2 70B has the
    //  same shapes);  meta-llama/Llama-2-7b-hf: 4096, 11008, 32, 32 (multi-head attention). The probe reads no catalog
    //  (it builds with the CUDA toolkit alone): tst_calibration probeModelsMatchTheCatalog checks these against the
    //  presets of pricing-data/models.json.
    static const std::vector<ModelShape> models = {
        {"llama-3.1-8b", 4096, 14336, 32, 8, 128},
        {"llama-3.1-70b", 8192, 28672, 64, 8, 128},
        {"llama-2-7b", 4096, 11008, 32, 32, 128},
    };
    return models;
}

ShapeOptions defaultShapeOptions(bool quick)
{
    ShapeOptions o;
    o.quick = quick;
    if (quick) {
        o.models = {"llama-3.1-70b"};
        o.tokens = {32, 8192};
        o.tp = {1};
        return o;
    }
    for (const auto& m : modelShapes())
        o.models.emplace_back(m.name);
    o.tokens = {1, 8, 32, 128, 256, 2048, 8192};
    o.tp = {1, 8};
    return o;
}

namespace {

/// Splits a comma-separated list; an empty item is returned as "" for the caller to reject.
std::vector<std::string> split(std::string_view list)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (true) {
        const std::size_t comma = std::min(list.find(',', pos), list.size());
        out.emplace_back(list.substr(pos, comma - pos));
        if (comma == list.size())
            return out;
        pos = comma + 1;
    }
}

/// The list as whole numbers in [lo, hi], without repeats; or the message for the first bad item.
std::optional<std::string> numbers(
    std::string_view option, std::string_view list, std::int64_t lo, std::int64_t hi, std::vector<std::int64_t>& out)
{
    out.clear();
    for (const std::string& item : split(list)) {
        const bool digits
            = !item.empty() && item.size() <= 9 && item.find_first_not_of("0123456789") == std::string::npos;
        const std::int64_t v = digits ? std::stoll(item) : 0;
        if (!digits || v < lo || v > hi)
            return std::string(option) + ": \"" + item + "\" in \"" + std::string(list)
                + "\" is not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
        if (std::find(out.begin(), out.end(), v) != out.end())
            return std::string(option) + ": " + item + " is listed twice in \"" + std::string(list) + '"';
        out.push_back(v);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> parseModels(std::string_view list, ShapeOptions& options)
{
    std::vector<std::string> models;
    if (list == "none") {
        options.models = models;
        return std::nullopt;
    }
    const auto& all = modelShapes();
    std::string known;
    for (const auto& m : all)
        known += (known.empty() ? "" : ", ") + std::string(m.name);
    for (const std::string& item : split(list)) {
        if (std::none_of(all.begin(), all.end(), [&](const ModelShape& m) { return m.name == item; }))
            return "--models: unknown model \"" + item + "\" (known: " + known + ", or none)";
        if (std::find(models.begin(), models.end(), item) != models.end())
            return "--models: " + item + " is listed twice";
        models.push_back(item);
    }
    options.models = models;
    return std::nullopt;
}

std::optional<std::string> parseTokens(std::string_view list, ShapeOptions& options)
{
    // Up to 65536 tokens: a prefill chunk larger than any engine's default batch budget.
    return numbers("--tokens", list, 1, 65536, options.tokens);
}

std::optional<std::string> parseTp(std::string_view list, ShapeOptions& options)
{
    std::vector<std::int64_t> v;
    if (auto e = numbers("--tp", list, 1, 64, v))
        return e;
    options.tp.assign(v.begin(), v.end());
    return std::nullopt;
}

std::vector<GemmShape> gemmShapes(
    int ccMajor, int ccMinor, const ShapeOptions& options, std::vector<std::string>* notes)
{
    std::vector<GemmShape> out;
    // Square sizes: large enough to reach the plateau the calibration reads (ML Engineering's MAMF search finds it
    // from about 4096 up on A100/H100); 16384 only in the full run.
    std::vector<std::int64_t> squares = {4096, 8192};
    if (!options.quick)
        squares.push_back(16384);
    for (GemmPrecision p :
        {GemmPrecision::FP32, GemmPrecision::TF32, GemmPrecision::BF16, GemmPrecision::FP16, GemmPrecision::FP8}) {
        if (!hasMath(p, ccMajor, ccMinor))
            continue;
        for (auto s : squares)
            out.push_back({p, s, s, s, {}, {}, 0});
    }
    std::vector<GemmPrecision> precisions = {GemmPrecision::BF16};
    if (!options.quick && hasMath(GemmPrecision::FP8, ccMajor, ccMinor))
        precisions.push_back(GemmPrecision::FP8);
    if (!hasMath(GemmPrecision::BF16, ccMajor, ccMinor))
        precisions = {GemmPrecision::FP16};
    for (GemmPrecision p : precisions) {
        for (const std::string& name : options.models) {
            const auto& all = modelShapes();
            const auto it = std::find_if(all.begin(), all.end(), [&](const ModelShape& m) { return m.name == name; });
            if (it == all.end())
                continue; // parseModels admits known names only
            const ModelShape& m = *it;
            for (int tp : options.tp) {
                // Megatron-style sharding (Shoeybi et al. 2019, §3), as vLLM and TensorRT-LLM shard: QKV and gate+up
                // split their outputs (column-parallel), the attention output and down projections their inputs
                // (row-parallel). Fewer KV heads than GPUs: each GPU keeps one KV head (vLLM replicates them).
                const std::int64_t kvPerGpu = m.kvHeads % tp == 0 ? m.kvHeads / tp : (tp % m.kvHeads == 0 ? 1 : 0);
                if (m.heads % tp != 0 || m.intermediate % tp != 0 || kvPerGpu == 0) {
                    if (notes && p == precisions.front())
                        notes->push_back(std::string(m.name) + ", tp " + std::to_string(tp) + ": skipped, "
                            + std::to_string(tp) + " GPUs do not divide its " + std::to_string(m.heads) + " heads, "
                            + std::to_string(m.kvHeads) + " KV heads and MLP width " + std::to_string(m.intermediate));
                    continue;
                }
                const std::int64_t h = m.hidden, d = m.headDim;
                const std::int64_t qkv = (m.heads / tp + 2 * kvPerGpu) * d;
                for (std::int64_t t : options.tokens) {
                    out.push_back({p, qkv, t, h, name, "qkv", tp});
                    out.push_back({p, h, t, m.heads * d / tp, name, "o", tp});
                    out.push_back({p, 2 * m.intermediate / tp, t, h, name, "gate_up", tp});
                    out.push_back({p, h, t, m.intermediate / tp, name, "down", tp});
                }
            }
        }
    }
    return out;
}

} // namespace gpuplan::probe
