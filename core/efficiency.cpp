#include "efficiency.h"

#include <algorithm>

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
    else if (arch == "cdna3" || arch == "cdna4")
        e.gemm = 0.514; // CDNA 4 (MI355X): no published MAMF figure; CDNA 3's taken (an assumption)
    else
        e.gemm = 0.80;
    e.source = "datasheet peaks × measured large-GEMM efficiency (ML Engineering MAMF table)";
    // End-to-end training GEMMs keep 0.8 of the microbenchmark rate. Evidence: MosaicML llm-foundry's MPT-7B
    // on 8 × A100-80GB (ZeRO-3, communication hidden behind compute) reaches 64.2 % MFU where large GEMMs reach
    // 86.9 %: 0.74 of it with attention and non-GEMM kernels included; the GEMM share alone is ~0.8. One
    // factor for every GPU: it describes how training frameworks use GEMMs, not a chip.
    e.trainingGemm = 0.8;
    // FP8 training (Transformer Engine) adds per-tensor scaling, amax reductions and casts around every GEMM:
    // llm-foundry's FP8 runs on H100 are only 1.31–1.34× their BF16 twins (MPT-3B and 1B at 512 tokens: MFU
    // 30.25 % vs 46.32 % and 29.06 % vs 43.21 % of the respective peaks), where the GEMM rates alone differ by
    // 1.77× (1403 vs 794 TFLOP/s, MAMF). So FP8 GEMMs keep 0.8 × 1.32 / 1.77 ≈ 0.6 of their rate.
    if (compute == Precision::FP8)
        e.trainingGemm = 0.6;
    // Fused causal attention, forward + backward, counting the unmasked half of the FLOPs:
    // FlashAttention-2 reaches 50–73 % of peak on A100 (Dao 2023, abstract) → 0.55;
    // FlashAttention-2 reaches ~35 % on H100 (Shah et al. 2024, FlashAttention-3, abstract) → 0.35;
    // elsewhere 0.45, between the two (an assumption).
    if (arch == "ampere")
        e.attention = 0.35;
    else if (arch == "hopper")
        e.attention = 0.22;
    else
        e.attention = 0.35;
    // A GEMM whose narrow side is w has an arithmetic intensity of about w FLOPs per byte moved; it runs at
    // half speed where that equals the GPU's ridge point, peak FLOP/s ÷ HBM bytes/s (roofline, Williams et
    // al. 2009): A100 312e12 / 2.039e12 = 153, H100 989.5e12 / 3.35e12 = 295.
    if (auto p = gpu.peak(compute); p && gpu.memoryBandwidth > 0)
        e.gemmShapeHalf = *p / gpu.memoryBandwidth;
    // HBM: streaming copies reach ~90 % of datasheet on A100/H100 (NVIDIA's own babelstream-style figures);
    // decode kernels that also gather paged KV reach less. 0.85 is taken for both.
    e.memoryBandwidth = 0.85;
    // NCCL all-reduce bus bandwidth on DGX A100 reaches ~230 of 300 GB/s per direction (nccl-tests
    // README figures for 8×A100): 0.75 of link bandwidth.
    e.linkBandwidth = 0.75;
    return e;
}

Efficiency scaleEfficiency(Efficiency e, double factor)
{
    if (factor == 1.0)
        return e;
    auto scale = [factor](double& v) { v = std::min(1.0, v * factor); };
    scale(e.gemm);
    scale(e.attention);
    scale(e.memoryBandwidth);
    scale(e.linkBandwidth);
    return e;
}

double gemmEfficiency(const Efficiency& e, double width)
{
    if (width <= 0)
        return e.gemm;
    return e.gemm * width / (width + e.gemmShapeHalf);
}

double servingAllReduceS(double bytes, int k, double bandwidth, double latencyS)
{
    if (k <= 1 || bytes <= 0)
        return 0;
    const double oneShot = double(k - 1) * bytes / bandwidth + 2.0 * latencyS;
    return std::min(oneShot, ringAllReduceS(bytes, k, bandwidth, latencyS));
}

double ringAllReduceS(double bytes, int k, double bandwidth, double latencyS)
{
    if (k <= 1 || bytes <= 0)
        return 0;
    const double kk = k;
    return 2.0 * (kk - 1) / kk * bytes / bandwidth + 2.0 * (kk - 1) * latencyS;
}

} // namespace gpuplan::core
