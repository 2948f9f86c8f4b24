#include "sharing.h"

#include "csv.h"

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
    PackResult r;
    r.placement.assign(requests.size(), -1);
    std::vector<std::size_t> order(requests.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return requests[a].gpuFraction > requests[b].gpuFraction; });
    std::vector<double> freeCompute, freeMemory;
    double requested = 0, smallest = 1.0;
    constexpr double eps = 1e-9;
    for (std::size_t i : order) {
        const double f = requests[i].gpuFraction;
        const double m = requests[i].memoryFraction > 0 ? requests[i].memoryFraction : f;
        if (!(f > 0))
            continue;
        requested += f;
        if (f >= 1.0 - eps) { // whole GPUs of its own
            const int whole = static_cast<int>(std::ceil(f - eps));
            r.placement[i] = static_cast<int>(freeCompute.size());
            for (int k = 0; k < whole; ++k) {
                freeCompute.push_back(0);
                freeMemory.push_back(0);
            }
            continue;
        }
        smallest = std::min(smallest, f);
        std::size_t g = 0;
        for (; g < freeCompute.size(); ++g)
            if (freeCompute[g] + eps >= f && freeMemory[g] + eps >= m)
                break;
        if (g == freeCompute.size()) {
            freeCompute.push_back(1.0);
            freeMemory.push_back(1.0);
        }
        freeCompute[g] -= f;
        freeMemory[g] -= m;
        r.placement[i] = static_cast<int>(g);
    }
    r.gpus = static_cast<int>(freeCompute.size());
    r.free = freeCompute;
    r.utilization = r.gpus > 0 ? requested / r.gpus : 0;
    // Fragmentation (Weng et al., ATC 2023, in spirit): free compute that no request of the smallest size fits.
    double unusable = 0;
    for (double f : freeCompute) {
        const double v = std::max(0.0, f);
        if (v + eps < smallest)
            unusable += v;
    }
    r.fragmentation = r.gpus > 0 ? unusable / r.gpus : 0;
    return r;
}

Result<std::vector<ShareRequest>> roundToMig(const std::vector<ShareRequest>& requests, const GpuSpec& gpu)
{
    if (gpu.migProfiles.empty())
        return Error {ErrorCode::InvalidInput, gpu.id + " has no MIG profiles"};
    auto profiles = gpu.migProfiles;
    std::sort(profiles.begin(), profiles.end(), [](const MigProfile& a, const MigProfile& b) {
        return a.computeSlices != b.computeSlices ? a.computeSlices < b.computeSlices : a.memoryBytes < b.memoryBytes;
    });
    std::vector<ShareRequest> out;
    for (const auto& r : requests) {
        ShareRequest s = r;
        if (r.gpuFraction < 1.0) {
            const double mem = (r.memoryFraction > 0 ? r.memoryFraction : r.gpuFraction) * gpu.memoryBytes;
            const MigProfile* pick = nullptr;
            for (const auto& p : profiles)
                if (p.computeSlices / 7.0 + 1e-9 >= r.gpuFraction && p.memoryBytes + 1 >= mem) {
                    pick = &p;
                    break;
                }
            s.gpuFraction = pick ? pick->computeSlices / 7.0 : 1.0;
            s.memoryFraction = pick ? pick->memoryBytes / gpu.memoryBytes : 1.0;
        }
        out.push_back(s);
    }
    return out;
}

Result<std::vector<ShareRequest>> readSharingTrace(std::string_view text, const std::string& fileName)
{
    auto t = parseCsv(text, fileName);
    if (!t)
        return t.error();
    const int name = t->column("name"), num = t->column("num_gpu"), milli = t->column("gpu_milli");
    if (num < 0 || milli < 0)
        return Error {ErrorCode::ParseError, fileName + ": needs the columns num_gpu and gpu_milli"};
    std::vector<ShareRequest> out;
    for (std::size_t i = 0; i < t->rows.size(); ++i) {
        const auto& row = t->rows[i];
        auto number = [&](int col, const char* what) -> Result<double> {
            const std::string& s = row[static_cast<std::size_t>(col)];
            char* end = nullptr;
            const double v = std::strtod(s.c_str(), &end);
            if (s.empty() || *end != '\0' || !std::isfinite(v) || v < 0)
                return Error {ErrorCode::InvalidInput,
                    fileName + ":" + std::to_string(t->lines[i]) + ": column " + what
                        + ": must be zero or a positive number, got \"" + s + "\""};
            return v;
        };
        auto n = number(num, "num_gpu");
        if (!n)
            return n.error();
        auto m = number(milli, "gpu_milli");
        if (!m)
            return m.error();
        if (*n == 0)
            continue; // CPU-only task
        ShareRequest r;
        r.name = name >= 0 ? row[static_cast<std::size_t>(name)] : std::to_string(i);
        r.gpuFraction = (*n == 1 && *m > 0 && *m < 1000) ? *m / 1000.0 : *n;
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace gpuplan::core
