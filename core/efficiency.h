#pragma once

#include "gpu.h"
#include "precision.h"

#include <string>

namespace gpuplan::core {

/// The training model's two fitted factors, fitted together to the published runs of tests/data/validation/
/// training.csv (least squares in log ratio with core/fit.h; the holdout tables take no part): accuracy.h
/// fitTrainingFactors. TestAccuracy::fittedFactorsReproduce refits them and fails when these values are stale; the
/// leave-one-publisher-out test refits them without each publisher's rows.
///
/// The fraction of the large-GEMM rate a training step's GEMMs keep end to end (backward GEMMs with transposed
/// operands, weight-gradient shapes, launch gaps between kernels; MosaicML's MPT-7B at 64 % MFU where large GEMMs reach
/// 87 % suggested about 0.8 before it was fitted).
inline constexpr double fittedTrainingGemm = 0.763;
/// Seconds each expert a GPU holds adds to every MoE layer of every micro-batch: after the dropless dispatch's
/// device-to-host synchronisation the host launches each local expert's GEMMs and casts one by one while the GPU
/// idles (training.cpp). NVIDIA's MoE benchmarks inform it, starting from priorMoeExpertOverheadS.
inline constexpr double fittedMoeExpertOverheadS = 0.000352;
/// The fit's prior for it: six GEMMs per expert (two forward, four backward) at 33.4 µs each, what Transformer Engine's
/// per-expert loop of cuBLASLt GEMMs over four streams took on B200 for 8 experts of 128 tokens at 2048 × 2048 (0.267
/// ms kernel time against 0.069 ms in one CUTLASS launch; NVIDIA/TransformerEngine PR #3134, "Single-launch CUTLASS
/// grouped GEMM for per-tensor NVFP4", benchmark_grouped_linear.py, TN fprop table, 2026-06-17; one shape in NVFP4,
/// the backward GEMMs assumed to cost the same as the forward). Seconds.
inline constexpr double priorMoeExpertOverheadS = 6.0 * 0.267e-3 / 8.0;

/// How much of a GPU's datasheet figures real kernels reach. Few, physical factors: each default is
/// chosen from a published measurement cited in efficiency.cpp; a local calibration (gpuplan-probe)
/// replaces them per GPU model.
struct Efficiency
{
    double gemm = 0.8; ///< fraction of dense peak that large GEMMs reach (maximum achievable matmul FLOPS)
    /// The same, measured for this GPU model where a measurement was published (the training estimator's figure;
    /// `gemm` keeps the architecture's, which serving uses); a local calibration sets both.
    double trainGemm = 0.8;
    /// The same for BF16 GEMMs: what the parts of an FP8 step that stay in BF16 (the output head) reach; for a
    /// 16-bit step `trainGemm` itself.
    double trainGemmBf16 = 0.8;
    double gemmShapeHalf = 96; ///< GEMM width (per-GPU shard of h) at which efficiency halves
    /// Fraction of that GEMM rate a training step's GEMMs keep end to end (backward GEMMs with transposed
    /// operands, weight-gradient shapes, launch gaps between kernels); see efficiency.cpp for the evidence.
    double trainingGemm = 0.8;
    /// Fraction of the dense BF16 peak that fused causal attention reaches, forward and backward, counting only the
    /// unmasked half of the score FLOPs (the way the FlashAttention papers report it). Attention runs in BF16 in
    /// FP8 training too.
    double attention = 0.5;
    /// The same for FlashAttention-2 (what stacks ran before FlashAttention-3 and cuDNN's fused attention on Hopper).
    double attentionFa2 = 0.33;
    /// The same for the first fused kernels (FlashAttention-1, xformers, the 2022 Triton kernel).
    double attentionFa1 = 0.21;
    double moeExpertOverheadS = fittedMoeExpertOverheadS; ///< s per local expert, MoE layer and micro-batch, fitted
    double memoryBandwidth = 0.85;  ///< fraction of datasheet HBM bandwidth that streaming kernels reach
    double linkBandwidth = 0.75;    ///< fraction of link bandwidth NCCL ring collectives reach (bus bandwidth)
    double linkLatencyS = 8e-6;     ///< s per ring hop (NVLink/PCIe) inside a node
    double networkLatencyS = 15e-6; ///< s per ring hop across nodes
    double elementwiseBytesPerTokenLayer = 0; ///< set from the model: non-GEMM HBM traffic, see training.cpp
    double decodeStepOverheadS = 0.6e-3;      ///< s of scheduling and launch per decode iteration (CUDA graphs)
    bool calibrated = false;                  ///< true when the factors come from a local measurement
    std::string source;                       ///< where the factors come from
};

/// Defaults for a GPU and the precision its math runs in.
Efficiency defaultEfficiency(const GpuSpec& gpu, Precision compute);

/// The same factors with every achieved fraction of a datasheet figure (large-GEMM, attention, HBM and link
/// bandwidth) multiplied by `factor` and capped at 1: "what if kernels reach 20 % less than assumed"
/// (sensitivity analysis in reports). Latencies and per-step overheads are left as they are.
Efficiency scaleEfficiency(Efficiency e, double factor);

/// GEMM efficiency for matrices whose narrow dimension is `width` on each GPU: gemm · width / (width + half).
double gemmEfficiency(const Efficiency& e, double width);

/// Ring all-reduce time (DESIGN.md): 2(k−1)/k · bytes / bw + 2(k−1) · latency. 0 when k ≤ 1.
double ringAllReduceS(double bytes, int k, double bandwidth, double latencyS);

/// The all-reduce serving engines run on the hidden states of one step: the faster of the ring and the one-shot
/// algorithm, in which every GPU reads the other k − 1 buffers at once over the scale-up link ((k − 1) · bytes / bw
/// + 2 · latency). Small messages (a decode step's few tokens) take the one-shot path: vLLM's and TensorRT-LLM's
/// custom all-reduce kernels and NCCL's LL protocol exist for that (a ring's 2(k − 1) latencies would be 112 µs at
/// k = 8 and 8 µs a hop, where the custom kernels take tens of µs). 0 when k ≤ 1.
double servingAllReduceS(double bytes, int k, double bandwidth, double latencyS);

} // namespace gpuplan::core
