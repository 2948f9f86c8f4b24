#include "model.h"

#include "gpu.h"
#include "model_reader.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::core {

ParamCounts countParams(const ModelArch& m)
{
    ParamCounts c;
    const double h = m.hidden, L = m.layers, V = static_cast<double>(m.vocab);
    const double d = m.headDim(), a = m.heads, g = m.kvHeads;
    c.embedding = V * h + (m.tieEmbeddings ? 0.0 : V * h) + (m.learnedPosEmbeddings ? double(m.seqLen) * h : 0.0);

    double attn = 0;
    if (m.isMla()) {
        const double nope = m.qkNopeHeadDim, rope = m.qkRopeHeadDim, vd = m.vHeadDim;
        const double qr = m.qLoraRank, kr = m.kvLoraRank;
        const double q = qr > 0 ? h * qr + qr + qr * a * (nope + rope) : h * a * (nope + rope);
        const double kv = h * (kr + rope) + kr + kr * a * (nope + vd);
        attn = q + kv + a * vd * h;
    } else {
        attn = h * a * d + 2 * h * g * d + a * d * h;
        if (m.qkvBias)
            attn += a * d + 2 * g * d;
        if (m.biases)
            attn += a * d + 2 * g * d + h;
    }
    c.attention = L * attn;

    const double mats = m.gatedFfn ? 3.0 : 2.0;
    auto denseFfn = [&](double f) { return mats * h * f + (m.biases ? f + h : 0.0); };
    const double denseLayers = m.isMoe() ? m.denseLayers : L;
    c.ffnDense = denseLayers * denseFfn(m.ffnHidden);
    if (m.isMoe()) {
        const double expert = mats * h * m.moeFfnHidden;
        const double router = h * m.experts;
        const double moeLayers = m.moeLayers();
        c.ffnExperts = moeLayers * ((m.experts + m.sharedExperts) * expert + router);
        c.ffnExpertsActive = moeLayers * ((m.expertsPerToken + m.sharedExperts) * expert + router);
    }
    const double normWidth = m.layerNormBias ? 2.0 * h : h; // LayerNorm has a bias, RMSNorm does not
    c.norms = L * 2 * normWidth + normWidth;
    c.total = c.embedding + c.attention + c.ffnDense + c.ffnExperts + c.norms;
    c.active = c.total - c.ffnExperts + c.ffnExpertsActive;
    if (m.paramsOverride) {
        const double ratio = c.total > 0 ? c.active / c.total : 1.0;
        c.total = *m.paramsOverride;
        c.active = m.activeParamsOverride.value_or(ratio * c.total);
    } else if (m.activeParamsOverride) {
        c.active = *m.activeParamsOverride;
    }
    return c;
}

double kvBytesPerToken(const ModelArch& m, Precision kv)
{
    const double bytes = bytesPerElement(kv);
    if (m.kvBytesPerTokenOverride)
        return *m.kvBytesPerTokenOverride * bytes / 2.0;
    if (m.isMla())
        return double(m.layers) * (m.kvLoraRank + m.qkRopeHeadDim) * bytes;
    return 2.0 * m.layers * m.kvHeads * m.headDim() * bytes;
}

double kvBytesForContext(const ModelArch& m, Precision kv, double context)
{
    const double perToken = kvBytesPerToken(m, kv);
    if (m.slidingWindow <= 0 || m.slidingWindowLayers <= 0 || m.layers <= 0)
        return perToken * context;
    const double sliding = std::min(m.slidingWindowLayers, m.layers);
    const double full = m.layers - sliding;
    return perToken / m.layers * (full * context + sliding * std::min(context, double(m.slidingWindow)));
}

double trainingFlops6N(const ModelArch& m)
{
    return 6.0 * countParams(m).active;
}

double trainingFlopsPerToken(const ModelArch& m, int seqLen)
{
    // Attention score and value matmuls: 2·s·(q·k width) + 2·s·(v width) FLOPs per token per layer forward,
    // ×3 for forward + backward. With q·k width = v width = h this is PaLM's 12·L·h·s.
    double qk = double(m.heads) * m.headDim(), v = qk;
    if (m.isMla()) {
        qk = double(m.heads) * (m.qkNopeHeadDim + m.qkRopeHeadDim);
        v = double(m.heads) * m.vHeadDim;
    }
    return trainingFlops6N(m) + 6.0 * m.layers * double(seqLen) * (qk + v);
}

namespace detail {

ModelArch readModel(ObjectReader& r, ModelArch m, bool requireArchitecture)
{
    auto intField = [&](std::string_view key, int& target, long long min, long long max) {
        if (auto v = r.optInteger(key, min, max))
            target = static_cast<int>(*v);
    };
    auto boolField = [&](std::string_view key, bool& target) {
        if (auto v = r.optBool(key))
            target = *v;
    };
    if (auto v = r.optString("id"))
        m.id = *v;
    if (auto v = r.optString("name"))
        m.name = *v;
    const bool kvGiven = r.has("kv_heads");
    intField("layers", m.layers, 1, 1000);
    intField("hidden", m.hidden, 1, 1 << 20);
    intField("ffn_hidden", m.ffnHidden, 1, 1 << 22);
    intField("heads", m.heads, 1, 4096);
    intField("kv_heads", m.kvHeads, 1, 4096);
    intField("head_dim", m.headDimExplicit, 1, 4096);
    if (auto v = r.optInteger("vocab", 1, 100'000'000))
        m.vocab = *v;
    intField("seq_len", m.seqLen, 1, 100'000'000);
    intField("max_context", m.maxContext, 1, 100'000'000);
    boolField("gated_ffn", m.gatedFfn);
    boolField("tie_embeddings", m.tieEmbeddings);
    boolField("dropout", m.dropout);
    boolField("learned_pos_embeddings", m.learnedPosEmbeddings);
    boolField("biases", m.biases);
    boolField("qkv_bias", m.qkvBias);
    boolField("layernorm_bias", m.layerNormBias);
    intField("experts", m.experts, 1, 100'000);
    intField("experts_per_token", m.expertsPerToken, 1, 100'000);
    intField("shared_experts", m.sharedExperts, 0, 100'000);
    intField("moe_ffn_hidden", m.moeFfnHidden, 1, 1 << 22);
    intField("dense_layers", m.denseLayers, 0, 1000);
    intField("kv_lora_rank", m.kvLoraRank, 1, 1 << 16);
    intField("q_lora_rank", m.qLoraRank, 1, 1 << 16);
    intField("qk_rope_head_dim", m.qkRopeHeadDim, 1, 4096);
    intField("qk_nope_head_dim", m.qkNopeHeadDim, 1, 4096);
    intField("v_head_dim", m.vHeadDim, 1, 4096);
    intField("sliding_window", m.slidingWindow, 1, 1 << 24);
    intField("sliding_window_layers", m.slidingWindowLayers, 1, 100000);
    if (auto v = r.optNumber("params", Bound::Positive))
        m.paramsOverride = *v;
    if (auto v = r.optNumber("active_params", Bound::Positive))
        m.activeParamsOverride = *v;
    if (auto v = r.optNumber("kv_bytes_per_token", Bound::Positive))
        m.kvBytesPerTokenOverride = *v;
    if (auto v = r.optNumber("published_params", Bound::Positive))
        m.publishedParams = *v;
    if (auto v = r.optString("source"))
        m.source = *v;
    r.optString("notes");

    const auto& ctx = r.context();
    if (requireArchitecture) {
        for (auto [key, value] : {std::pair<const char*, long long> {"layers", m.layers}, {"hidden", m.hidden},
                 {"heads", m.heads}, {"vocab", m.vocab}}) {
            if (value <= 0)
                fail(ctx, r.pointer(key), Message(msg::required));
        }
        if (m.ffnHidden <= 0) {
            if (!m.paramsOverride)
                fail(ctx, r.pointer("ffn_hidden"), Message(msg::ffnRequired));
            m.ffnHidden = 4 * m.hidden;
        }
    }
    if (!kvGiven && m.kvHeads == 0)
        m.kvHeads = m.heads;
    if (m.headDimExplicit == 0 && m.heads > 0 && m.hidden % m.heads != 0)
        fail(ctx, r.pointer("heads"),
            Message(msg::headsDivideHidden, {std::to_string(m.hidden), std::to_string(m.heads)}));
    if (m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        fail(ctx, r.pointer("kv_heads"),
            Message(msg::kvHeadsDivideHeads, {std::to_string(m.heads), std::to_string(m.kvHeads)}));
    if (m.isMoe()) {
        if (m.expertsPerToken <= 0 || m.expertsPerToken > m.experts)
            fail(ctx, r.pointer("experts_per_token"),
                Message(msg::expertsPerTokenRange, {std::to_string(m.experts), std::to_string(m.expertsPerToken)}));
        if (m.moeFfnHidden <= 0)
            m.moeFfnHidden = m.ffnHidden;
        if (m.denseLayers > m.layers)
            fail(ctx, r.pointer("dense_layers"),
                Message(msg::denseLayersExceed, {std::to_string(m.layers), std::to_string(m.denseLayers)}));
    }
    if (m.isMla() && (m.qkRopeHeadDim <= 0 || m.qkNopeHeadDim <= 0 || m.vHeadDim <= 0))
        fail(ctx, r.pointer("kv_lora_rank"), Message(msg::mlaFieldsRequired));
    if (m.activeParamsOverride && m.paramsOverride && *m.activeParamsOverride > *m.paramsOverride)
        fail(ctx, r.pointer("active_params"), Message(msg::activeExceedsTotal));
    return m;
}

} // namespace detail

Result<ModelCatalog> ModelCatalog::fromJson(
    std::string_view text, const std::string& fileName, std::vector<std::string>* warnings)
{
    detail::JsonContext ctx {fileName, warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        detail::ObjectReader top(root, "", ctx);
        const std::string schema = top.string("schema");
        if (schema != "gpuplan.models/1")
            detail::fail(ctx, "/schema", Message(msg::unsupportedSchema, {"gpuplan.models/1", schema.substr(0, 60)}));
        const auto& list = top.raw("models");
        if (!list.is_array() || list.empty())
            detail::fail(ctx, "/models", Message(msg::mustBeNonEmptyArray, {detail::describe(list)}));
        top.finish();
        ModelCatalog cat;
        for (std::size_t i = 0; i < list.size(); ++i) {
            detail::ObjectReader r(list[i], detail::appendPointer("/models", i), ctx);
            if (!r.has("id"))
                detail::fail(ctx, r.pointer("id"), Message(msg::required));
            ModelArch m = detail::readModel(r, ModelArch {}, true);
            // The released checkpoint's format: a preset's fact, not a field a workload's "model" may set.
            auto released = [&](std::string_view key) -> std::optional<Precision> {
                if (!r.has(key))
                    return std::nullopt;
                const auto& v = r.raw(key);
                auto p = v.is_string() ? parsePrecision(v.get<std::string>()) : std::nullopt;
                if (!p || *p == Precision::FP64 || *p == Precision::FP32 || *p == Precision::TF32)
                    detail::failNotOneOf(ctx, r.pointer(key), v, {"bf16", "fp16", "fp8", "int8", "int4", "fp4"});
                return p;
            };
            m.releasedWeightPrecision = released("weight_precision");
            m.releasedExpertWeightPrecision = released("expert_weight_precision");
            r.finish();
            for (const auto& other : cat.m_models) {
                if (toLower(other.id) == toLower(m.id))
                    detail::fail(ctx, r.pointer("id"), Message(msg::duplicateModelId, {m.id}));
            }
            cat.m_models.push_back(std::move(m));
        }
        return cat;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

Result<const ModelArch*> ModelCatalog::find(std::string_view id) const
{
    std::vector<std::string> ids;
    for (const auto& m : m_models) {
        if (toLower(m.id) == toLower(id))
            return &m;
        ids.push_back(m.id);
    }
    std::string list;
    for (const auto& n : closestNames(id, ids, 3))
        list += (list.empty() ? "" : ", ") + n;
    Error e;
    e.code = ErrorCode::UnknownModel;
    e.message = Message(msg::unknownModel, {std::string(id).substr(0, 60), list});
    e.detail = e.message.text();
    return e;
}

} // namespace gpuplan::core
