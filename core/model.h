#pragma once

#include "precision.h"
#include "result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// A transformer's architecture, as in a Hugging Face config.json. Field names follow the workload file.
struct ModelArch
{
    std::string id;
    std::string name;
    int layers = 0;
    int hidden = 0;
    int ffnHidden = 0; ///< MLP width of a dense layer
    int heads = 0;
    int kvHeads = 0; ///< = heads for multi-head attention, fewer for GQA/MQA
    long long vocab = 0;
    int seqLen = 2048;     ///< training sequence length (tokens)
    int maxContext = 0;    ///< longest context it serves (0 = seqLen)
    bool gatedFfn = false; ///< SwiGLU/GeGLU: three h×f matrices instead of two
    bool tieEmbeddings = false;
    bool dropout = false; ///< trained with dropout (GPT-3 era); adds dropout masks to stored activations
    bool learnedPosEmbeddings = false;
    bool biases = false;        ///< GPT-style biases on every linear layer and LayerNorm
    bool qkvBias = false;       ///< Qwen2-style biases on q, k, v only
    bool layerNormBias = false; ///< LayerNorm with a bias (GPT, OPT) rather than RMSNorm
    // Mixture of experts
    int experts = 0;
    int expertsPerToken = 0;
    int sharedExperts = 0;
    int moeFfnHidden = 0;
    int denseLayers = 0; ///< leading layers that keep the dense MLP
    // Multi-head latent attention (DeepSeek-V2/V3)
    int kvLoraRank = 0;
    int qLoraRank = 0;
    int qkRopeHeadDim = 0;
    int qkNopeHeadDim = 0;
    int vHeadDim = 0;
    // Overrides when an architecture can't be described by the fields above
    std::optional<double> paramsOverride;
    std::optional<double> activeParamsOverride;
    std::optional<double> kvBytesPerTokenOverride; ///< bytes per token at 16-bit KV
    double publishedParams = 0;                    ///< as the publisher states it (0 = unknown)
    std::string source;
    /// The weight format the publisher releases the checkpoint in (models.json "weight_precision",
    /// "expert_weight_precision"): the serving default when the workload names none (DeepSeek-V3 and Kimi K2 are
    /// released in FP8, gpt-oss's experts in MXFP4). Unset: BF16.
    std::optional<Precision> releasedWeightPrecision;
    std::optional<Precision> releasedExpertWeightPrecision;

    int headDimExplicit = 0; ///< "head_dim" when it is not hidden/heads (0 = hidden/heads)
    /// Sliding-window attention (gpt-oss: every other layer attends to the last 128 tokens): the window in tokens and
    /// how many layers use it; those layers keep no KV beyond the window.
    int slidingWindow = 0;
    int slidingWindowLayers = 0;

    int headDim() const { return headDimExplicit > 0 ? headDimExplicit : (heads > 0 ? hidden / heads : 0); }
    bool isMoe() const { return experts > 0; }
    bool isMla() const { return kvLoraRank > 0; }
    int moeLayers() const { return isMoe() ? layers - denseLayers : 0; }
    int context() const { return maxContext > 0 ? maxContext : seqLen; }
};

/// Parameter counts derived from the architecture (not from a table).
struct ParamCounts
{
    double embedding = 0;        ///< input embedding + untied output head + learned positions
    double attention = 0;        ///< all layers
    double ffnDense = 0;         ///< all dense-MLP layers
    double ffnExperts = 0;       ///< all routed + shared experts + routers, all MoE layers
    double ffnExpertsActive = 0; ///< what one token touches in the MoE layers
    double norms = 0;
    double total = 0;
    double active = 0; ///< parameters one token is multiplied by (= total for dense models)
};

ParamCounts countParams(const ModelArch& m);

/// KV-cache bytes per token of context per sequence, all layers: 2·L·g·d_head·bytes for (G/M)QA;
/// L·(kv_lora_rank + rope dim)·bytes for latent attention (DeepSeek-V3: 61·576·2 = 70 272 B).
double kvBytesPerToken(const ModelArch& m, Precision kv);
/// KV-cache bytes one sequence holds at `context` tokens: kvBytesPerToken × context, except that sliding-window
/// layers keep at most the window (gpt-oss-120b at 8,192 tokens: 18 layers × 8,192 + 18 layers × 128 tokens).
double kvBytesForContext(const ModelArch& m, Precision kv, double context);

/// Model FLOPs per trained token: 6·N_active + 12·L·h·s (PaLM, Chowdhery et al. 2022, appendix B: the
/// second term is attention's QK^T and AV matmuls, forward + backward, with causal masking not discounted).
double trainingFlopsPerToken(const ModelArch& m, int seqLen);
/// The same without attention: 6·N_active (the count the GPT-3 paper and Kaplan et al. use).
double trainingFlops6N(const ModelArch& m);

/// Parses a model object (models.json entry or a workload's "model") at `pointer`; see core/workload.h.
/// Reports through detail::Failure — use ModelCatalog::fromJson or parseWorkload from outside core.
class ModelCatalog
{
public:
    static Result<ModelCatalog> fromJson(
        std::string_view text, const std::string& fileName, std::vector<std::string>* warnings = nullptr);
    /// Case-insensitive; unknown ids are UnknownModel errors listing the closest ids.
    Result<const ModelArch*> find(std::string_view id) const;
    const std::vector<ModelArch>& all() const { return m_models; }

private:
    std::vector<ModelArch> m_models;
};

} // namespace gpuplan::core
