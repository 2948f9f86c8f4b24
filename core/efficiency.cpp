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
    const std::string& id = gpu.id;
    const bool fp8 = compute == Precision::FP8 || compute == Precision::INT8;
    if (arch == "ampere")
        e.gemm = 0.869;
    else if (arch == "hopper")
        e.gemm = fp8 ? 0.709 : 0.803;
    else if (arch == "cdna3" || arch == "cdna4")
        e.gemm = 0.514; // CDNA 4 (MI355X): no published MAMF figure; CDNA 3's taken (an assumption)
    else
        e.gemm = 0.80;
    // Training reads the same table per GPU model, as it stands today (github.com/stas00/ml-engineering commit
    // 744d01e, 2026-08-22), BF16 / FP8: A100 PCIe 252.9/312 = 0.811; H200 0.803 ("H200 is the same" as H100) /
    // 1453.4/1979 = 0.734; B200 1745/2250 = 0.776 / 3432.5/4500 = 0.763; GB200 1822/2500 = 0.729 / 3615.6/5000 =
    // 0.723. Assumed where the table has no row: the same die's figure (H800 and H20 as H100, A800 as A100), Blackwell
    // Ultra as Blackwell in the same form at the same dense rates (GB300 as GB200, HGX B300 as HGX B200), else the
    // architecture's above.
    double bf16 = fp8 ? (arch == "hopper" ? 0.803 : e.gemm) : e.gemm, f8 = e.gemm;
    if (id == "A100-PCIe-80GB")
        bf16 = f8 = 0.811;
    else if (id == "H200-SXM-141GB")
        bf16 = 0.803, f8 = 0.734;
    else if (id == "B200" || id == "B300")
        bf16 = 0.776, f8 = 0.763;
    else if (id == "GB200" || id == "GB300")
        bf16 = 0.729, f8 = 0.723;
    e.trainGemm = fp8 ? f8 : bf16;
    e.trainGemmBf16 = bf16;
    e.source = "datasheet peaks × measured large-GEMM efficiency (ML Engineering MAMF table)";
    // End-to-end training GEMMs keep a fraction of the microbenchmark rate (backward GEMMs with transposed operands,
    // weight-gradient shapes, launch gaps between kernels). One factor for every GPU and precision: it describes how
    // training frameworks use GEMMs, not a chip. Fitted to the published runs (efficiency.h).
    e.trainingGemm = fittedTrainingGemm;
    // Fused causal attention, forward + backward, over the unmasked half of the score FLOPs, BF16 (FP8 training keeps
    // attention in BF16: DeepSeek-V3 §3.3.1, Transformer Engine, torchao):
    //  - Ampere: FlashAttention-2 forward + backward, causal, head dim 128, about 170 TFLOP/s on A100 (Dao 2023,
    //    FlashAttention-2, Fig. 4) → 0.55 of 312;
    //  - Hopper: FlashAttention-3 forward up to 740 TFLOP/s (75 %, Shah et al. 2024, abstract) and backward about
    //    450 (45 %, ibid. Fig. 6); weighted by their FLOPs (the backward does 2.5 × the forward) 1 / (2/7 / 0.75 +
    //    5/7 / 0.45) = 0.51 → 0.5 (cuDNN's fused attention, which Transformer Engine and PyTorch SDPA use, is as
    //    fast);
    //  - Blackwell: FlashAttention-4 forward 1613 TFLOP/s on B200 (71 %, Zadouri et al. 2026, as quoted by its
    //    authors); the backward assumed to keep Hopper's ratio to the forward → 0.5;
    //  - elsewhere 0.35 (an assumption).
    // FlashAttention-2 on Hopper (ibid., Figs. 5–6, head dim 128, 4k–8k tokens): forward about 370 and backward about
    // 315 TFLOP/s → 1 / (2/7 / 0.374 + 5/7 / 0.318) = 0.33 of 989 ("only 35 % utilization", ibid., abstract); on later
    // GPUs assumed no better; on Ampere it is the kernel above. The first fused kernels (FlashAttention-1 and xformers'
    // memory-efficient attention; the 2022 Triton kernel is the same algorithm) reach about 110 TFLOP/s forward +
    // backward on A100 (Dao 2023, FlashAttention-2, Fig. 4) → 0.35; on Hopper assumed to keep that ratio to
    // FlashAttention-2: 0.33 × 0.35 / 0.55 = 0.21.
    if (arch == "ampere")
        e.attention = e.attentionFa2 = 0.55, e.attentionFa1 = 0.35;
    else if (arch == "hopper" || arch == "blackwell")
        e.attention = 0.5, e.attentionFa2 = 0.33, e.attentionFa1 = 0.21;
    else
        e.attention = e.attentionFa2 = e.attentionFa1 = 0.35;
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
    scale(e.trainGemm);
    scale(e.trainGemmBf16);
    scale(e.attention);
    scale(e.attentionFa2);
    scale(e.attentionFa1);
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
