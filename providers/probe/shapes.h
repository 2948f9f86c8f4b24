#pragma once
// Which GEMMs gpuplan-probe times: square sizes and the per-GPU GEMMs of real models at chosen token counts and
// tensor-parallel degrees. Plain C++ (no CUDA types), so that tests/tst_calibration.cpp checks it on any machine.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::probe {

/// The math formats measured, named as gpuplan's Precision ("fp32", "tf32", "bf16", "fp16", "fp8").
enum class GemmPrecision { FP32, TF32, BF16, FP16, FP8 };

std::string_view toString(GemmPrecision p);

/// Whether the GPU has tensor-core math for p: TF32 and BF16 from Ampere (8.0), FP8 from Ada (8.9) and
/// Hopper (9.0) (CUDA C++ Programming Guide, "Warp Matrix Functions", element types by architecture).
bool hasMath(GemmPrecision p, int ccMajor, int ccMinor);

/// D (m×n) = op(A) (m×k) · B (k×n): m output features, n tokens, k input features.
struct GemmShape
{
    GemmPrecision precision = GemmPrecision::BF16;
    std::int64_t m = 0;
    std::int64_t n = 0;
    std::int64_t k = 0;
    std::string model; ///< "" for square sizes, else a ModelShape name ("llama-3.1-70b")
    std::string op;    ///< "qkv", "o", "gate_up" or "down" ("" for squares)
    int tp = 0;        ///< the tensor-parallel degree whose per-GPU shard this is (0 for squares)
    /// "" for squares, else e.g. "llama-3.1-70b down, tp 8, 256 tokens"
    std::string label() const;
};

/// A transformer whose linear layers the probe times (each model's config.json on Hugging Face).
struct ModelShape
{
    std::string_view name;
    std::int64_t hidden = 0;       ///< h
    std::int64_t intermediate = 0; ///< f, the gated MLP's width
    std::int64_t heads = 0;        ///< query heads
    std::int64_t kvHeads = 0;      ///< key/value heads (GQA when fewer than heads)
    std::int64_t headDim = 0;
};

/// The models the probe knows, in the order they are measured.
const std::vector<ModelShape>& modelShapes();

/// What to measure besides the square sizes (command-line options --models, --tokens, --tp).
struct ShapeOptions
{
    bool quick = false;
    std::vector<std::string> models;  ///< ModelShape names; empty: square sizes only
    std::vector<std::int64_t> tokens; ///< n of every model GEMM
    std::vector<int> tp;              ///< tensor-parallel degrees
};

/// The defaults: every known model at 1, 8, 32, 128 and 256 tokens (decode batches) and 2048 and 8192 (prefill
/// chunks), whole (tp 1) and as TP-8 shards; --quick: Llama-3.1-70B at 32 and 8192 tokens, tp 1.
ShapeOptions defaultShapeOptions(bool quick);

/// Parses the value of --models ("llama-3.1-8b,llama-3.1-70b", or "none"), --tokens ("1,8,2048") or --tp ("1,8")
/// into `options`; returns the message for a bad value (naming the option, the item and what is allowed) or
/// nullopt.
std::optional<std::string> parseModels(std::string_view list, ShapeOptions& options);
std::optional<std::string> parseTokens(std::string_view list, ShapeOptions& options);
std::optional<std::string> parseTp(std::string_view list, ShapeOptions& options);

/// The shapes to measure on a GPU of compute capability ccMajor.ccMinor: square sizes in every precision it has
/// tensor-core math for, then each model's QKV, attention output, gated-MLP gate+up and down GEMMs per tensor-
/// parallel degree and token count, in BF16 and (full run, from 8.9) FP8. A degree that does not divide a model's
/// heads or MLP width is skipped with a line in `notes`.
std::vector<GemmShape> gemmShapes(
    int ccMajor, int ccMinor, const ShapeOptions& options, std::vector<std::string>* notes = nullptr);

} // namespace gpuplan::probe
