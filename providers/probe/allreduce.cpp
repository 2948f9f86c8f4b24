#include "allreduce.h"

#if GPUPLAN_PROBE_HAVE_NCCL

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

namespace gpuplan::probe {

namespace {
constexpr double GB = 1e9; // bytes

void checkNccl(const Nccl& nccl, ncclResult_t r, const char* what)
{
    if (r != ncclSuccess)
        throw ProbeError(std::string(what) + ": " + nccl.getErrorString(r));
}

/// One communicator, stream and buffer pair per GPU.
struct Rank
{
    int device = 0;
    ncclComm_t comm = nullptr;
    cudaStream_t stream = nullptr;
    DeviceBuffer send, recv;
};
} // namespace

std::vector<AllReducePoint> measureAllReduce(
    const Nccl& nccl, const std::vector<int>& devices, const Plan& plan, bool quick, std::vector<std::string>& notes)
{
    const auto mib = static_cast<std::size_t>(MiB);
    std::vector<std::size_t> sizes
        = quick ? std::vector<std::size_t> {1, 16, 256, 1024} : std::vector<std::size_t> {1, 4, 16, 64, 256, 1024};
    for (auto& s : sizes)
        s *= mib;
    // The largest message that fits twice (send and receive) in half of every GPU's free memory.
    std::size_t limit = sizes.back();
    for (int d : devices) {
        check(cudaSetDevice(d), "cudaSetDevice");
        std::size_t freeBytes = 0, totalBytes = 0;
        check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
        limit = std::min(limit, freeBytes / 4);
    }
    if (limit < sizes.back())
        notes.push_back("all-reduce: messages above " + std::to_string(limit / mib) + " MiB skipped (free memory)");
    sizes.erase(std::remove_if(sizes.begin(), sizes.end(), [&](std::size_t s) { return s > limit; }), sizes.end());
    if (sizes.empty())
        return {};

    const int n = static_cast<int>(devices.size());
    std::vector<ncclComm_t> comms(devices.size());
    checkNccl(nccl, nccl.commInitAll(comms.data(), n, devices.data()), "ncclCommInitAll");
    std::vector<Rank> ranks(devices.size());
    struct Cleanup
    {
        const Nccl& nccl;
        std::vector<Rank>& ranks;
        ~Cleanup()
        {
            for (auto& r : ranks) {
                cudaSetDevice(r.device);
                if (r.stream)
                    cudaStreamDestroy(r.stream);
                if (r.comm)
                    nccl.commDestroy(r.comm);
                r.send = DeviceBuffer();
                r.recv = DeviceBuffer();
            }
        }
    } cleanup {nccl, ranks};
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        ranks[i].device = devices[i];
        ranks[i].comm = comms[i];
    }
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        check(cudaSetDevice(devices[i]), "cudaSetDevice");
        check(cudaStreamCreateWithFlags(&ranks[i].stream, cudaStreamNonBlocking), "cudaStreamCreate");
        ranks[i].send = DeviceBuffer(sizes.back());
        ranks[i].recv = DeviceBuffer(sizes.back());
        check(cudaMemset(ranks[i].send.get(), 0, sizes.back()), "cudaMemset");
    }

    auto iterate = [&](std::size_t bytes, int iterations) {
        const auto start = std::chrono::steady_clock::now();
        for (int it = 0; it < iterations; ++it) {
            checkNccl(nccl, nccl.groupStart(), "ncclGroupStart");
            for (auto& r : ranks) {
                checkNccl(nccl,
                    nccl.allReduce(
                        r.send.get(), r.recv.get(), bytes / sizeof(float), ncclFloat32, ncclSum, r.comm, r.stream),
                    "ncclAllReduce");
            }
            checkNccl(nccl, nccl.groupEnd(), "ncclGroupEnd");
        }
        for (auto& r : ranks) {
            check(cudaSetDevice(r.device), "cudaSetDevice");
            check(cudaStreamSynchronize(r.stream), "all-reduce");
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / iterations;
    };

    std::vector<AllReducePoint> out;
    for (std::size_t bytes : sizes) {
        // Warm-up (the first call also sets up NCCL's connections), then batches of back-to-back all-reduces,
        // each batch long enough (≥ 10 ms) that the host's synchronisation does not count; median per batch.
        double once = iterate(bytes, plan.minWarmup);
        const int warmup = std::clamp(static_cast<int>(std::ceil(plan.warmupS / once)), 1, plan.maxWarmup);
        once = iterate(bytes, warmup);
        const int batch = std::clamp(static_cast<int>(std::ceil(0.01 / once)), 1, 200);
        std::vector<double> times;
        for (int rep = 0; rep < plan.repetitions; ++rep)
            times.push_back(iterate(bytes, batch));
        const double algbw = double(bytes) / median(times) / GB;
        out.push_back({bytes, algbw * 2.0 * (n - 1) / n, plan.repetitions});
    }
    return out;
}

} // namespace gpuplan::probe

#endif
