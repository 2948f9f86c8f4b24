#pragma once
// HBM bandwidth (read, write, copy kernels) and host↔device bandwidth (cudaMemcpy, pinned and pageable).

#include "timing.h"

#include <cstddef>
#include <string>
#include <vector>

namespace gpuplan::probe {

/// GB/s (10⁹ bytes per second) of the three streaming kernels on the current device.
struct DeviceBandwidth
{
    double read = 0;
    double write = 0;
    double copy = 0;             ///< counts the bytes read plus the bytes written (BabelStream's convention)
    std::size_t bufferBytes = 0; ///< bytes per buffer
    int repetitions = 0;
};

/// Streams buffers of min(2 GiB, free memory / 4) each, so every byte comes from HBM: 2 GiB is 40 × the
/// H100's 50 MB L2 (NVIDIA H100 Tensor Core GPU Architecture whitepaper). A note is added when a buffer is
/// under 8 × the GPU's own L2 size (a margin of our choosing), for GPUs with larger caches or little memory.
DeviceBandwidth measureDeviceBandwidth(int device, const Plan& plan, std::vector<std::string>& notes);

/// GB/s of cudaMemcpy between host and the current device, 256 MiB each way.
struct HostBandwidth
{
    double h2dPinned = 0;
    double h2dPageable = 0;
    double d2hPinned = 0;
    double d2hPageable = 0;
    int repetitions = 0;
};

HostBandwidth measureHostBandwidth(int device, const Plan& plan);

} // namespace gpuplan::probe
