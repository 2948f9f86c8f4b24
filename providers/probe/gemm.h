#pragma once
// GEMM throughput through cuBLASLt (cublasLtMatmul), the library PyTorch and Transformer Engine call.

#include "libraries.h"
#include "shapes.h"
#include "timing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::probe {

/// cuBLASLt refused a call (a status, not a CUDA fault): the shape is skipped, the probe goes on.
struct CublasError : ProbeError
{
    using ProbeError::ProbeError;
};

struct GemmResult
{
    GemmShape shape;
    double tflops = 0; ///< TFLOP/s at the median time, 2·m·n·k FLOPs per GEMM
    int repetitions = 0;
};

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
