#include "precision.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace gpuplan::core {

std::optional<Precision> parsePrecision(std::string_view text)
{
    std::string s(text);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (s == "fp64")
        return Precision::FP64;
    if (s == "fp32")
        return Precision::FP32;
    if (s == "tf32")
        return Precision::TF32;
    if (s == "bf16")
        return Precision::BF16;
    if (s == "fp16")
        return Precision::FP16;
    if (s == "fp8")
        return Precision::FP8;
    if (s == "int8")
        return Precision::INT8;
    if (s == "int4")
        return Precision::INT4;
    if (s == "fp4" || s == "nvfp4" || s == "mxfp4")
        return Precision::FP4;
    return std::nullopt;
}

std::string_view toString(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return "fp64";
    case Precision::FP32:
        return "fp32";
    case Precision::TF32:
        return "tf32";
    case Precision::BF16:
        return "bf16";
    case Precision::FP16:
        return "fp16";
    case Precision::FP8:
        return "fp8";
    case Precision::INT8:
        return "int8";
    case Precision::INT4:
        return "int4";
    case Precision::FP4:
        return "fp4";
    }
    return "?";
}

double bytesPerElement(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return 8;
    case Precision::FP32:
    case Precision::TF32:
        return 4;
    case Precision::BF16:
    case Precision::FP16:
        return 2;
    case Precision::FP8:
    case Precision::INT8:
        return 1;
    case Precision::INT4:
    case Precision::FP4:
        return 0.5;
    }
    return 2;
}

double quantizedBytesPerParam(Precision p)
{
    if (p == Precision::INT4)
        return 0.5 + 2.0 / 128.0; // 4-bit weights + one fp16 scale per group of 128
    if (p == Precision::FP4)
        return 0.5 + 1.0 / 16.0; // NVFP4: 4-bit values + one FP8 scale per block of 16
    return bytesPerElement(p);
}

} // namespace gpuplan::core
