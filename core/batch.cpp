#include "batch.h"

namespace gpuplan::core {

double boundRate(const GpuSpec& gpu, BatchBound bound, bool fp64TensorCores)
{
    switch (bound) {
    case BatchBound::Fp64:
        // CFD, FEM and molecular-dynamics codes mostly run FP64 on the vector units (sparse solvers, stencils);
        // only DGEMM-heavy codes (dense linear algebra) reach the FP64 tensor-core rate (H100: 67 vs 34 TFLOPS).
        return fp64TensorCores ? gpu.fp64Flops() : gpu.peak(Precision::FP64).value_or(gpu.fp64Flops());
    case BatchBound::Fp32:
        return gpu.peak(Precision::FP32).value_or(0);
    case BatchBound::Tensor:
        return gpu.peak(gpu.computePrecision(Precision::BF16)).value_or(0);
    case BatchBound::Memory:
        return gpu.memoryBandwidth;
    }
    return 0;
}

BatchEstimate estimateBatch(const BatchSpec& spec, const GpuSpec& reference, const GpuSpec& target, int count)
{
    BatchEstimate e;
    e.referenceRate = boundRate(reference, spec.bound, spec.fp64TensorCores);
    e.targetRate = boundRate(target, spec.bound, spec.fp64TensorCores);
    if (e.referenceRate <= 0 || e.targetRate <= 0) {
        e.runs = false;
        e.note = Message(
            msg::batchNoFigure, {e.targetRate <= 0 ? target.id : reference.id, std::string(toString(spec.bound))});
        return e;
    }
    // A job bound by one resource runs in time ∝ 1 / that resource's rate (roofline, Williams et al. 2009);
    // splitting over `count` GPUs is taken as perfectly parallel (render frames, independent simulations).
    e.speedup = e.targetRate / e.referenceRate;
    e.gpuHours = spec.gpuHours / e.speedup;
    e.wallHours = e.gpuHours / std::max(1, count);
    return e;
}

} // namespace gpuplan::core
