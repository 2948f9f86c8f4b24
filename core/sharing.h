#pragma once

#include "gpu.h"
#include "inference.h"
#include "result.h"

#include <string>
#include <vector>

namespace gpuplan::core {

/// A MIG slice as a GPU of its own: memory from the profile; compute, bandwidth and power in proportion to
/// its compute slices (sevenths of the SMs; NVIDIA MIG User Guide: memory bandwidth scales with the memory
/// slices, taken here as the compute share — a stated simplification).
GpuSpec sliceSpec(const GpuSpec& gpu, const MigProfile& profile);

/// One MIG profile tried for a serving workload.
struct SliceOption
{
    std::string gpu;
    MigProfile profile;
    bool fits = false;
    InferenceEstimate estimate;
    double shareOfGpu = 0; ///< compute slices / 7: the share of a GPU-hour a slice costs
};

/// Every MIG profile of every GPU in `gpus` that has them, smallest first, estimated for the workload.
std::vector<SliceOption> migOptions(const ModelArch& model, const InferenceSpec& spec, const GpuCatalog& gpus);

/// A service (or a task of a GPU-sharing trace) to place: a fraction of one GPU's compute and memory.
struct ShareRequest
{
    std::string name;
    double gpuFraction = 0;    ///< 0–1 of one GPU (gpu_milli / 1000 in the Alibaba trace)
    double memoryFraction = 0; ///< 0–1 of one GPU's memory (0 = in proportion to gpuFraction)
};

struct PackResult
{
    int gpus = 0;               ///< GPUs used
    double utilization = 0;     ///< requested compute ÷ GPUs used
    double fragmentation = 0;   ///< share of free capacity in pieces too small for the smallest request
    std::vector<int> placement; ///< GPU index per request (input order); -1 if it cannot be placed
    std::vector<double> free;   ///< free fraction per GPU
};

/// First-fit-decreasing bin packing of fractional requests onto whole GPUs (Johnson 1973: FFD uses at most
/// 11/9·OPT + 6/9 bins). A request of a whole GPU or more takes whole GPUs of its own.
PackResult packFirstFitDecreasing(const std::vector<ShareRequest>& requests);

/// Rounds each request up to the smallest MIG profile of `gpu` that holds it (compute slices/7 and memory)
/// and packs the slices: the request's share becomes the profile's compute slices / 7.
Result<std::vector<ShareRequest>> roundToMig(const std::vector<ShareRequest>& requests, const GpuSpec& gpu);

/// Reads tasks from the Alibaba GPU-sharing trace format (openb_pod_list: name, num_gpu, gpu_milli, …):
/// tasks with num_gpu = 1 and 0 < gpu_milli < 1000 are GPU-sharing; whole-GPU tasks become requests of
/// num_gpu. Errors name the file, the row and the column.
Result<std::vector<ShareRequest>> readSharingTrace(std::string_view csv, const std::string& fileName);

} // namespace gpuplan::core
