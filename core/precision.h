#pragma once

#include <optional>
#include <string_view>

namespace gpuplan::core {

/// Numeric formats that training, weights, KV cache and GPU peaks are quoted in.
enum class Precision { FP64, FP32, TF32, BF16, FP16, FP8, INT8, INT4, FP4 };

std::optional<Precision> parsePrecision(std::string_view text);
std::string_view toString(Precision p);

/// Storage bytes per element. TF32 is stored as fp32 (4 bytes). INT4 is 0.5 byte before quantization
/// scales (see quantizedBytesPerParam).
double bytesPerElement(Precision p);

/// Bytes per weight including quantization scales: int4 with one fp16 scale per group of 128 weights
/// (GPTQ/AWQ default group size, Frantar et al. 2022 / Lin et al. 2023) = 0.5 + 2/128 bytes; fp4 as NVFP4, one
/// FP8 (E4M3) scale per block of 16 values (NVIDIA, "Introducing NVFP4 for Efficient and Accurate Low-Precision
/// Inference", developer blog, 2025) = 0.5 + 1/16 bytes (MXFP4's one 8-bit scale per 32 values, OCP MX v1.0, is
/// 0.5 + 1/32: within 6 % of it); int8 and fp8 per-channel scales are negligible (< 0.1 %).
double quantizedBytesPerParam(Precision p);

} // namespace gpuplan::core
