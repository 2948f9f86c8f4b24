#pragma once

#include "gpu.h"
#include "inference.h"
#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpuplan::core {

/// A MIG slice as a GPU of its own: memory from the profile; compute, bandwidth and power in proportion to
/// its compute slices (sevenths of the SMs; NVIDIA MIG User Guide: memory bandwidth scales with the memory
/// slices, taken here as the compute share — a stated simplification).
GpuSpec sliceSpec(const GpuSpec& gpu, const MigProfile& profile);

/// The smallest MIG profile of `gpu` (fewest compute slices, then least memory) that holds `computeFraction` of the
/// GPU's compute (slices / 7 ≥ it) and `memoryBytes`; null when none does (or the GPU has no MIG).
const MigProfile* smallestMigProfile(const GpuSpec& gpu, double computeFraction, double memoryBytes);

/// Where one MIG profile may sit on its GPU. A GPU instance occupies `span` consecutive memory slices of the eight
/// (A100, H100, H200, B200: the MIG User Guide's "Fraction of Memory" column gives each profile 1/8, 2/8, 4/8 or the
/// whole), starting at a multiple of `span`: `nvidia-smi mig -lgipp` lists the A100's placements as {0..6}:1 for
/// 1g.5gb, {0,2,4,6}:2 for 1g.10gb, {0,2,4}:2 for 2g.10gb, {0,4}:4 for 3g.20gb, {0}:4 for 4g.20gb and {0}:8 for
/// 7g.40gb — as many starts as the guide's "Number of Instances Available" (gpus.json `max_instances`). NVIDIA MIG
/// User Guide, "Supported MIG Profiles" and "Getting Started with MIG"
/// (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/, read 2026-12-03). Two instances may share a GPU when
/// their memory slices do not overlap; the compute slices then never exceed seven.
struct MigSlot
{
    const MigProfile* profile = nullptr;
    int span = 0;                    ///< memory slices (1, 2, 4 or 8)
    std::vector<std::uint8_t> masks; ///< the memory slices each allowed placement occupies, lowest start first
};

/// The placements of every MIG profile of `gpu`, in the order of gpu.migProfiles. An error names the profile whose
/// memory is not 1, 2, 4 or 8 eighths of the GPU's, or whose instances do not fit the eight slices.
Result<std::vector<MigSlot>> migLayout(const GpuSpec& gpu);

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
/// 11/9·OPT + 6/9 bins), on the pool simulator (packOnGpus; shares to the milli-GPU). A request of a whole GPU or
/// more takes whole GPUs of its own.
PackResult packFirstFitDecreasing(const std::vector<ShareRequest>& requests);

/// Rounds each request up to the smallest MIG profile of `gpu` that holds it (compute slices/7 and memory)
/// and packs the slices: the request's share becomes the profile's compute slices / 7.
Result<std::vector<ShareRequest>> roundToMig(const std::vector<ShareRequest>& requests, const GpuSpec& gpu);

/// The GPU tasks of a trace (the pool simulator's reader, readPoolTasks: Alibaba's openb_pod_list with name,
/// num_gpu, gpu_milli, …, or gpuplan's simple CSV or JSON) as requests: a task on a share of one GPU asks for that
/// share, a whole-GPU task for its GPUs; CPU-only tasks are left out. Errors name the file, the row and the column.
Result<std::vector<ShareRequest>> readSharingTrace(std::string_view csv, const std::string& fileName);

} // namespace gpuplan::core
