#pragma once
// NCCL all-reduce bus bandwidth across the GPUs of this machine (one process, ncclCommInitAll).

#include "libraries.h"
#include "timing.h"

#include <cstddef>
#include <string>
#include <vector>

namespace gpuplan::probe {

struct AllReducePoint
{
    std::size_t bytes = 0;
    double busBandwidth = 0; ///< GB/s: algbw · 2(n−1)/n, nccl-tests' definition (doc/PERFORMANCE.md)
    int repetitions = 0;
};

#if GPUPLAN_PROBE_HAVE_NCCL
/// fp32 sum all-reduce over `devices` (at least 2) for messages of 1 MiB … 1 GiB (fewer sizes when quick).
/// Sizes that do not fit in free memory are skipped with a note.
std::vector<AllReducePoint> measureAllReduce(
    const Nccl& nccl, const std::vector<int>& devices, const Plan& plan, bool quick, std::vector<std::string>& notes);
#endif

} // namespace gpuplan::probe
