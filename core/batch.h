#pragma once

#include "gpu.h"
#include "workload.h"

#include <string>

namespace gpuplan::core {

/// A batch job measured on a reference GPU, scaled to another GPU by the resource that bounds it.
struct BatchEstimate
{
    double speedup = 0;       ///< target rate ÷ reference rate for the bounding resource
    double referenceRate = 0; ///< FLOP/s or bytes/s of the reference GPU
    double targetRate = 0;    ///< the same for the target GPU
    double gpuHours = 0;      ///< on the target GPU
    double wallHours = 0;     ///< with `count` GPUs, assuming the job splits evenly
    bool runs = true;         ///< false when the target lacks the bounding resource (no FP64 figure)
    Message note;             ///< why it cannot run
};

/// Rate of the resource: fp64 (tensor-core DGEMM where there is one), fp32, tensor (bf16, else fp16) in
/// FLOP/s; memory in bytes/s. 0 when the GPU's sheet has no such figure.
double boundRate(const GpuSpec& gpu, BatchBound bound, bool fp64TensorCores = false);

BatchEstimate estimateBatch(const BatchSpec& spec, const GpuSpec& reference, const GpuSpec& target, int count);

} // namespace gpuplan::core
