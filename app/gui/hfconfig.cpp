#include "hfconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace gpuplan::gui {

namespace {

/// The first of `keys` that holds a positive whole number.
std::optional<qint64> positiveInt(const QJsonObject& o, std::initializer_list<const char*> keys)
{
    for (const char* k : keys) {
        const QJsonValue v = o.value(QLatin1String(k));
        if (v.isDouble() && v.toDouble() > 0 && v.toDouble() == std::floor(v.toDouble()))
            return static_cast<qint64>(v.toDouble());
    }
    return std::nullopt;
}

std::optional<bool> boolean(const QJsonObject& o, const char* key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isBool())
        return v.toBool();
    return std::nullopt;
}

} // namespace

HfModelImport HfConfig::read(const QByteArray& json)
{
    HfModelImport out;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        out.error = pe.error != QJsonParseError::NoError
            ? tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset)
            : tr("expected a JSON object");
        return out;
    }
    QJsonObject c = doc.object();
    // Multimodal configs (Llama 3.2 Vision, Qwen2-VL, Llava) keep the language model in text_config.
    if (c.value(QLatin1String("text_config")).isObject()) {
        const QJsonObject text = c.value(QLatin1String("text_config")).toObject();
        if (positiveInt(text, {"hidden_size"})) {
            c = text;
            out.notes << tr("used the language model's text_config");
        }
    }
    const QString type = c.value(QLatin1String("model_type")).toString().toLower();
    QJsonObject& m = out.model;
    auto put = [&](const char* field, std::optional<qint64> v) {
        if (v)
            m.insert(QLatin1String(field), static_cast<double>(*v));
    };

    const auto hidden = positiveInt(c, {"hidden_size", "n_embd", "d_model", "dim"});
    const auto layers = positiveInt(c, {"num_hidden_layers", "n_layer", "num_layers", "n_layers"});
    const auto heads = positiveInt(c, {"num_attention_heads", "n_head", "num_heads", "n_heads"});
    if (!hidden || !layers || !heads) {
        out.error = tr("hidden_size, num_hidden_layers and num_attention_heads are required, and at least one "
                       "is missing");
        return out;
    }
    put("layers", layers);
    put("hidden", hidden);
    put("heads", heads);
    auto kv = positiveInt(c, {"num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num"});
    if (!kv && boolean(c, "multi_query").value_or(false))
        kv = 1;
    put("kv_heads", kv ? kv : heads);
    if (const auto hd = positiveInt(c, {"head_dim"}); hd && *hd * *heads != *hidden)
        put("head_dim", hd);

    auto ffn = positiveInt(c, {"intermediate_size", "ffn_dim", "n_inner", "ffn_hidden_size"});
    if (!ffn) {
        ffn = *hidden * 4;
        out.notes << tr("no intermediate_size: assumed 4 × hidden = %1").arg(*ffn);
    }
    put("ffn_hidden", ffn);
    put("vocab", positiveInt(c, {"vocab_size", "padded_vocab_size", "n_vocab"}));

    if (const auto ctx = positiveInt(c, {"max_position_embeddings", "n_positions", "max_seq_len", "seq_length"})) {
        put("max_context", ctx);
        const qint64 seq = std::min<qint64>(*ctx, 4096);
        put("seq_len", seq);
        if (seq < *ctx)
            out.notes << tr("training sequence length set to %1 of the %2-token context; edit it for long-context "
                            "training")
                             .arg(seq)
                             .arg(*ctx);
    }
    if (const auto tie = boolean(c, "tie_word_embeddings"))
        m.insert(QLatin1String("tie_embeddings"), *tie);

    // Gated MLPs (SwiGLU/GeGLU): Llama, Mistral, Qwen, Gemma, DeepSeek, Mixtral, Phi-3; GPT-2/OPT/GPT-NeoX use
    // a plain 4h MLP.
    const QString act = c.value(QLatin1String("hidden_act"))
                            .toString(c.value(QLatin1String("activation_function")).toString())
                            .toLower();
    static const QStringList gatedTypes = {QStringLiteral("llama"), QStringLiteral("mistral"),
        QStringLiteral("mixtral"), QStringLiteral("qwen2"), QStringLiteral("qwen2_moe"), QStringLiteral("qwen3"),
        QStringLiteral("qwen3_moe"), QStringLiteral("gemma"), QStringLiteral("gemma2"), QStringLiteral("deepseek_v2"),
        QStringLiteral("deepseek_v3"), QStringLiteral("phi3"), QStringLiteral("olmo2"), QStringLiteral("granite")};
    static const QStringList plainTypes
        = {QStringLiteral("gpt2"), QStringLiteral("opt"), QStringLiteral("gpt_neox"), QStringLiteral("gptj"),
            QStringLiteral("bloom"), QStringLiteral("falcon"), QStringLiteral("mpt"), QStringLiteral("gpt_bigcode")};
    if (gatedTypes.contains(type) || act == QLatin1String("silu") || act == QLatin1String("swiglu"))
        m.insert(QLatin1String("gated_ffn"), true);
    else if (plainTypes.contains(type) || act.startsWith(QLatin1String("gelu")) || act == QLatin1String("relu"))
        m.insert(QLatin1String("gated_ffn"), false);
    if (type == QLatin1String("gpt2") || type == QLatin1String("opt")) {
        m.insert(QLatin1String("learned_pos_embeddings"), true);
        m.insert(QLatin1String("biases"), true);
        m.insert(QLatin1String("layernorm_bias"), true);
    }
    if (type.startsWith(QLatin1String("qwen2")) || boolean(c, "attention_bias").value_or(false))
        m.insert(QLatin1String("qkv_bias"), true);

    // Mixture of experts
    if (const auto experts = positiveInt(c, {"n_routed_experts", "num_local_experts", "num_experts"})) {
        put("experts", experts);
        put("experts_per_token", positiveInt(c, {"num_experts_per_tok", "experts_per_token", "moe_top_k", "top_k"}));
        if (const auto shared = positiveInt(c, {"n_shared_experts", "num_shared_experts"}))
            put("shared_experts", shared);
        // Mixtral's experts are full-width MLPs: no moe_intermediate_size.
        put("moe_ffn_hidden", positiveInt(c, {"moe_intermediate_size", "expert_intermediate_size"}).value_or(*ffn));
        if (const auto dense = positiveInt(c, {"first_k_dense_replace"}))
            put("dense_layers", dense);
        // Llama 4 (model_type llama4_text): intermediate_size is the experts' width and intermediate_size_mlp the
        // dense layers'; one shared expert per MoE layer; MoE on every interleave_moe_layer_step-th layer (Scout 1,
        // Maverick 2), the others dense.
        if (type == QLatin1String("llama4_text") || type == QLatin1String("llama4")) {
            put("moe_ffn_hidden", ffn);
            if (const auto mlp = positiveInt(c, {"intermediate_size_mlp"}))
                put("ffn_hidden", mlp);
            m.insert(QLatin1String("shared_experts"), 1.0);
            const qint64 step = positiveInt(c, {"interleave_moe_layer_step"}).value_or(1);
            if (step > 1)
                put("dense_layers", *layers - *layers / step);
        }
    }
    // Sliding-window attention on some layers (gpt-oss: layer_types alternates "sliding_attention" and
    // "full_attention", sliding_window 128): those layers keep only the window of KV.
    if (const auto window = positiveInt(c, {"sliding_window"})) {
        const QJsonArray kinds = c.value(QLatin1String("layer_types")).toArray();
        qint64 sliding = 0;
        for (const auto& k : kinds)
            sliding += k.toString() == QLatin1String("sliding_attention");
        if (sliding > 0) {
            put("sliding_window", window);
            put("sliding_window_layers", sliding);
        }
    }
    if (type == QLatin1String("gpt_oss"))
        m.insert(QLatin1String("biases"), true);
    // Multi-head latent attention (DeepSeek-V2/V3)
    if (const auto r = positiveInt(c, {"kv_lora_rank"})) {
        put("kv_lora_rank", r);
        put("q_lora_rank", positiveInt(c, {"q_lora_rank"}));
        put("qk_rope_head_dim", positiveInt(c, {"qk_rope_head_dim"}));
        put("qk_nope_head_dim", positiveInt(c, {"qk_nope_head_dim"}));
        put("v_head_dim", positiveInt(c, {"v_head_dim"}));
    }
    QString name = c.value(QLatin1String("_name_or_path")).toString();
    if (name.isEmpty()) {
        const QJsonArray arch = c.value(QLatin1String("architectures")).toArray();
        if (!arch.isEmpty())
            name = arch.first().toString();
    }
    if (!name.isEmpty())
        m.insert(QLatin1String("name"), name);
    return out;
}

} // namespace gpuplan::gui
