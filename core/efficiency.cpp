#include "efficiency.h"

namespace gpuplan::core {

Efficiency defaultEfficiency(const GpuSpec& gpu, Precision compute)
{
    Efficiency e;
    // Maximum achievable matmul FLOPS / dense datasheet peak, BF16, measured with large square GEMMs
    // (S. Bekman, "ML Engineering", compute/accelerator/README.md, "Maximum Achievable Matmul FLOPS" table):
    // A100 SXM 271.2/312 = 0.869; H100 SXM 794.5/989 = 0.803; MI300X 668.4/1307 = 0.514;
    // H100 FP8 1402.6/1979 = 0.709. Other NVIDIA parts: 0.80, the Hopper figure (an assumption).
    const std::string& arch = gpu.architecture;
    if (arch == "ampere")
        e.gemm = 0.869;
    else if (arch == "hopper")
        e.gemm = (compute == Precision::FP8 || compute == Precision::INT8) ? 0.709 : 0.803;
    else if (arch == "cdna3")
        e.gemm = 0.514;
    else
        e.gemm = 0.80;
    e.source = "datasheet peaks × measured large-GEMM efficiency (ML Engineering MAMF table)";
    // HBM: streaming copies reach ~90 % of datasheet on A100/H100 (NVIDIA's own babelstream-style figures);
    // decode kernels that also gather paged KV reach less. 0.85 is taken for both.
    e.memoryBandwidth = 0.85;
    // NCCL all-reduce bus bandwidth on DGX A100 reaches ~230 of 300 GB/s per direction (nccl-tests
    // README figures for 8×A100): 0.75 of link bandwidth.
    e.linkBandwidth = 0.75;
    return e;
}

double gemmEfficiency(const Efficiency& e, double width)
{
    if (width <= 0)
        return e.gemm;
    return e.gemm * width / (width + e.gemmShapeHalf);
}

double ringAllReduceS(double bytes, int k, double bandwidth, double latencyS)
{
    if (k <= 1 || bytes <= 0)
        return 0;
    const double kk = k;
    return 2.0 * (kk - 1) / kk * bytes / bandwidth + 2.0 * (kk - 1) * latencyS;
}

} // namespace gpuplan::core
