#pragma once
// Reads a Hugging Face config.json into the workload's "model" fields (names as in the README's table).

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace gpuplan::gui {

struct HfModelImport
{
    QJsonObject model; ///< workload "model" fields: layers, hidden, heads, kv_heads, …
    QStringList notes; ///< what was assumed, in the user's language
    QString error;     ///< empty on success
};

class HfConfig
{
    Q_DECLARE_TR_FUNCTIONS(gpuplan::gui::HfConfig)
public:
    /// Maps hidden_size, num_hidden_layers, num_attention_heads, num_key_value_heads, intermediate_size,
    /// vocab_size, max_position_embeddings, head_dim, tie_word_embeddings, the MoE fields (n_routed_experts or
    /// num_local_experts, num_experts_per_tok, n_shared_experts, moe_intermediate_size, first_k_dense_replace)
    /// and latent attention (kv_lora_rank, q_lora_rank, qk_rope_head_dim, qk_nope_head_dim, v_head_dim). GPT-2
    /// and OPT names (n_embd, n_layer, n_head, ffn_dim, …) work too; a multimodal config's text_config is used.
    static HfModelImport read(const QByteArray& json);
};

} // namespace gpuplan::gui
