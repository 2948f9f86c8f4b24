#include "memory.h"

#include "kernels.h"

#include <algorithm>
#include <memory>

namespace gpuplan::probe {

namespace {
constexpr double GB = 1e9; // bytes: bandwidths are quoted in decimal GB/s, as the datasheets do

class PinnedBuffer
{
public:
    explicit PinnedBuffer(std::size_t bytes) { check(cudaMallocHost(&m_ptr, bytes), "cudaMallocHost"); }
    ~PinnedBuffer() { cudaFreeHost(m_ptr); }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    void* get() const { return m_ptr; }

private:
    void* m_ptr = nullptr;
};
} // namespace

DeviceBandwidth measureDeviceBandwidth(int device, const Plan& plan, std::vector<std::string>& notes)
{
    check(cudaSetDevice(device), "cudaSetDevice");
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
    // Two buffers for the copy: each min(2 GiB, free / 4), rounded down to whole MiB (a multiple of the
    // 16-byte accesses the kernels make).
    const auto mib = static_cast<std::size_t>(MiB);
    std::size_t bytes = std::min<std::size_t>(static_cast<std::size_t>(2 * GiB), freeBytes / 4);
    bytes = bytes / mib * mib;
    if (bytes < 64 * mib)
        throw ProbeError("GPU " + std::to_string(device) + " has only " + std::to_string(freeBytes / mib)
            + " MiB free; the bandwidth test needs at least 256 MiB");
    int l2 = 0;
    check(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device), "cudaDeviceGetAttribute");
    if (l2 > 0 && bytes < 8 * static_cast<std::size_t>(l2))
        notes.push_back("GPU " + std::to_string(device) + ": bandwidth buffers of " + std::to_string(bytes / mib)
            + " MiB are under 8x the L2 cache; figures may be optimistic");

    DeviceBuffer a(bytes), b(bytes), sink(sizeof(unsigned));
    Stream stream;
    check(cudaMemsetAsync(a.get(), 0x5a, bytes, stream.get()), "cudaMemset");
    check(cudaMemsetAsync(b.get(), 0, bytes, stream.get()), "cudaMemset");
    int blocks = 0, threads = 0;
    check(streamingGrid(device, &blocks, &threads), "cudaOccupancyMaxActiveBlocksPerMultiprocessor");

    DeviceBandwidth out;
    out.bufferBytes = bytes;
    auto* sinkWord = static_cast<unsigned*>(sink.get());
    const Timing read = timeOnStream(
        stream.get(),
        [&] { check(launchRead(a.get(), bytes, sinkWord, blocks, threads, stream.get()), "read kernel"); }, plan);
    const Timing write = timeOnStream(
        stream.get(), [&] { check(launchWrite(b.get(), bytes, blocks, threads, stream.get()), "write kernel"); }, plan);
    const Timing copy = timeOnStream(
        stream.get(), [&] { check(launchCopy(b.get(), a.get(), bytes, blocks, threads, stream.get()), "copy kernel"); },
        plan);
    out.read = double(bytes) / read.medianS / GB;
    out.write = double(bytes) / write.medianS / GB;
    out.copy = 2.0 * double(bytes) / copy.medianS / GB; // read + write (BabelStream's Copy)
    out.repetitions = plan.repetitions;
    return out;
}

HostBandwidth measureHostBandwidth(int device, const Plan& plan)
{
    check(cudaSetDevice(device), "cudaSetDevice");
    const auto bytes = static_cast<std::size_t>(256 * MiB);
    DeviceBuffer deviceBuffer(bytes);
    PinnedBuffer pinned(bytes);
    // Pageable memory, touched first so that page faults are not timed.
    auto pageable = std::make_unique<unsigned char[]>(bytes);
    std::fill_n(pageable.get(), bytes, static_cast<unsigned char>(1));
    std::fill_n(static_cast<unsigned char*>(pinned.get()), bytes, static_cast<unsigned char>(1));
    Stream stream;
    auto rate = [&](void* dst, const void* src, cudaMemcpyKind kind) {
        const Timing t = timeOnStream(
            stream.get(), [&] { check(cudaMemcpyAsync(dst, src, bytes, kind, stream.get()), "cudaMemcpy"); }, plan);
        return double(bytes) / t.medianS / GB;
    };
    HostBandwidth out;
    out.h2dPinned = rate(deviceBuffer.get(), pinned.get(), cudaMemcpyHostToDevice);
    out.d2hPinned = rate(pinned.get(), deviceBuffer.get(), cudaMemcpyDeviceToHost);
    out.h2dPageable = rate(deviceBuffer.get(), pageable.get(), cudaMemcpyHostToDevice);
    out.d2hPageable = rate(pageable.get(), deviceBuffer.get(), cudaMemcpyDeviceToHost);
    out.repetitions = plan.repetitions;
    return out;
}

} // namespace gpuplan::probe
