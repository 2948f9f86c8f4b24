#pragma once
// GEMM throughput through cuBLASLt (cublasLtMatmul), the library PyTorch and Transformer Engine call.

#include "libraries.h"
#include "timing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::probe {

/// cuBLASLt refused a call (a status, not a CUDA fault): the shape is skipped, the probe goes on.
struct CublasError : ProbeError
{
    using ProbeError::ProbeError;
};

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
    std::string label; ///< "" for square sizes, else the model GEMM, e.g. "llama-2-7b qkv, 2048 tokens"
};

struct GemmResult
{
    GemmShape shape;
    double tflops = 0; ///< TFLOP/s at the median time, 2·m·n·k FLOPs per GEMM
    int repetitions = 0;
};

/// The shapes to measure: square sizes and the QKV and MLP GEMMs of a 7B and a 70B model.
std::vector<GemmShape> gemmShapes(int ccMajor, int ccMinor, bool quick);

/// One cuBLASLt handle, stream and workspace on the current device.
class GemmBench
{
public:
    GemmBench(const CublasLt& lt, int device);
    ~GemmBench();
    GemmBench(const GemmBench&) = delete;
    GemmBench& operator=(const GemmBench&) = delete;

    /// Measures one shape, or returns nullopt with `skipped` saying why (cuBLASLt has no kernel for it, or
    /// the operands do not fit in free memory). `algorithms` heuristic candidates are tried, the fastest kept.
    std::optional<GemmResult> run(const GemmShape& shape, const Plan& plan, int algorithms, std::string& skipped);

private:
    const CublasLt& m_lt;
    int m_device = 0; ///< made current before m_stream and m_workspace are created (declaration order)
    cublasLtHandle_t m_handle = nullptr;
    Stream m_stream;
    DeviceBuffer m_workspace;
};

} // namespace gpuplan::probe
