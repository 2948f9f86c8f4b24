#include "sharing.h"

#include "pool.h"
#include "pool_trace.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gpuplan::core {

GpuSpec sliceSpec(const GpuSpec& gpu, const MigProfile& profile)
{
    GpuSpec s = gpu;
    const double share = profile.computeSlices / 7.0;
    s.id = gpu.id + " MIG " + profile.name;
    s.memoryBytes = profile.memoryBytes;
    s.memoryBandwidth = gpu.memoryBandwidth * share;
    for (auto& [p, v] : s.peakFlops)
        v *= share;
    s.fp64TensorFlops *= share;
    s.tdpW = gpu.tdpW * share;
    s.idleW = gpu.idleW * share;
    s.maxGpusPerNode = 1; // a slice has no NVLink peers
    s.migProfiles.clear();
    return s;
}

std::vector<SliceOption> migOptions(const ModelArch& model, const InferenceSpec& spec, const GpuCatalog& gpus)
{
    std::vector<SliceOption> out;
    for (const auto& g : gpus.all()) {
        auto profiles = g.migProfiles;
        std::sort(profiles.begin(), profiles.end(), [](const MigProfile& a, const MigProfile& b) {
            return a.computeSlices != b.computeSlices ? a.computeSlices < b.computeSlices
                                                      : a.memoryBytes < b.memoryBytes;
        });
        for (const auto& p : profiles) {
            SliceOption o;
            o.gpu = g.id;
            o.profile = p;
            o.shareOfGpu = p.computeSlices / 7.0;
            o.estimate = estimateInference(
                model, spec, sliceSpec(g, p), InferenceLayout {1, 1, 1}, spec.concurrency.value_or(0));
            o.fits = o.estimate.fit.fits;
            out.push_back(std::move(o));
        }
    }
    return out;
}

PackResult packFirstFitDecreasing(const std::vector<ShareRequest>& requests)
{
    // Whole-GPU requests take GPUs of their own, first (they are the largest); the shares are packed by the pool
    // simulator's first fit over single-GPU nodes, largest first. A share's memory is given to it as MiB of a GPU
    // of 1 000 MiB, i.e. in thousandths, like its compute.
    PackResult r;
    r.placement.assign(requests.size(), -1);
    std::vector<std::size_t> order(requests.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return requests[a].gpuFraction > requests[b].gpuFraction; });
    constexpr double eps = 1e-9;
    GpuSpec thousandths;
    thousandths.id = "GPU";
    thousandths.memoryBytes = 1000.0 * 1024 * 1024;
    std::vector<PoolTask> shares;
    std::vector<std::size_t> shareOf;
    double requested = 0, smallest = 1.0;
    for (std::size_t i : order) {
        const double f = requests[i].gpuFraction;
        if (!(f > 0))
            continue;
        requested += f;
        if (f >= 1.0 - eps) {
            r.placement[i] = static_cast<int>(r.free.size());
            r.free.resize(r.free.size() + static_cast<std::size_t>(std::ceil(f - eps)), 0.0);
            continue;
        }
        smallest = std::min(smallest, f);
        PoolTask t;
        t.name = requests[i].name;
        t.gpus = 1;
        t.gpuMilli = std::clamp(static_cast<int>(std::lround(f * 1000)), 1, 999);
        t.gpuMemoryMib
            = requests[i].memoryFraction > 0 ? std::llround(std::min(1.0, requests[i].memoryFraction) * 1000) : 0;
        shares.push_back(std::move(t));
        shareOf.push_back(i);
    }
    const std::size_t whole = r.free.size();
    const PoolPacking p = packOnGpus(shares, &thousandths, PoolSharing::Fraction);
    for (std::size_t k = 0; k < shares.size(); ++k)
        r.placement[shareOf[k]] = p.placement[k] < 0 ? -1 : static_cast<int>(whole) + p.placement[k];
    for (int units : p.freeUnits)
        r.free.push_back(static_cast<double>(units) / poolGpuUnits);
    r.gpus = static_cast<int>(r.free.size());
    r.utilization = r.gpus > 0 ? requested / r.gpus : 0;
    // Fragmentation (Weng et al., ATC 2023, in spirit): free compute that no request of the smallest size fits.
    double unusable = 0;
    for (double f : r.free) {
        const double v = std::max(0.0, f);
        if (v + eps < smallest)
            unusable += v;
    }
    r.fragmentation = r.gpus > 0 ? unusable / r.gpus : 0;
    return r;
}

const MigProfile* smallestMigProfile(const GpuSpec& gpu, double computeFraction, double memoryBytes)
{
    const MigProfile* pick = nullptr;
    for (const auto& p : gpu.migProfiles) {
        if (p.computeSlices / 7.0 + 1e-9 < computeFraction || p.memoryBytes + 1 < memoryBytes)
            continue;
        if (!pick || p.computeSlices < pick->computeSlices
            || (p.computeSlices == pick->computeSlices && p.memoryBytes < pick->memoryBytes))
            pick = &p;
    }
    return pick;
}

Result<std::vector<MigSlot>> migLayout(const GpuSpec& gpu)
{
    std::vector<MigSlot> out;
    for (const auto& p : gpu.migProfiles) {
        MigSlot s;
        s.profile = &p;
        s.span = static_cast<int>(std::lround(p.memoryBytes / (gpu.memoryBytes / 8)));
        if ((s.span != 1 && s.span != 2 && s.span != 4 && s.span != 8) || p.maxInstances < 1
            || s.span * p.maxInstances > 8 || p.computeSlices < 1 || p.computeSlices > 7)
            return Error {ErrorCode::InvalidInput,
                gpu.id + " MIG " + p.name + ": " + std::to_string(p.maxInstances)
                    + " instances of 1, 2, 4 or 8 of the GPU's 8 memory slices expected, got "
                    + std::to_string(p.memoryBytes / (gpu.memoryBytes / 8)) + " slices each"};
        for (int i = 0; i < p.maxInstances; ++i)
            s.masks.push_back(static_cast<std::uint8_t>(((1u << s.span) - 1) << (i * s.span)));
        out.push_back(std::move(s));
    }
    return out;
}

Result<std::vector<ShareRequest>> roundToMig(const std::vector<ShareRequest>& requests, const GpuSpec& gpu)
{
    if (gpu.migProfiles.empty())
        return Error {ErrorCode::InvalidInput, gpu.id + " has no MIG profiles"};
    std::vector<ShareRequest> out;
    for (const auto& r : requests) {
        ShareRequest s = r;
        if (r.gpuFraction < 1.0) {
            const double mem = (r.memoryFraction > 0 ? r.memoryFraction : r.gpuFraction) * gpu.memoryBytes;
            const MigProfile* pick = smallestMigProfile(gpu, r.gpuFraction, mem);
            s.gpuFraction = pick ? pick->computeSlices / 7.0 : 1.0;
            s.memoryFraction = pick ? pick->memoryBytes / gpu.memoryBytes : 1.0;
        }
        out.push_back(s);
    }
    return out;
}

Result<std::vector<ShareRequest>> readSharingTrace(std::string_view text, const std::string& fileName)
{
    auto tasks = readPoolTasks(text, fileName);
    if (!tasks)
        return tasks.error();
    std::vector<ShareRequest> out;
    for (const auto& t : *tasks) {
        if (t.gpus == 0)
            continue; // CPU-only task
        ShareRequest r;
        r.name = t.name;
        r.gpuFraction = t.gpus == 1 && t.gpuMilli < 1000 ? t.gpuMilli / 1000.0 : t.gpus;
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace gpuplan::core
