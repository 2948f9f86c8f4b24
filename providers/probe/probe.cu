// gpuplan-probe's kernels: operand fill for the GEMM benchmark and HBM streaming (read, write, copy).
#include "kernels.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdint>

namespace gpuplan::probe {

namespace {

// A 32-bit integer hash (the "lowbias32" finaliser of C. Wellons' hash-prospector, public domain): cheap
// and well mixed, so neighbouring elements get unrelated values.
__device__ std::uint32_t hash32(std::uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

template<typename T> __device__ T fromFloat(float v);
template<> __device__ float fromFloat<float>(float v)
{
    return v;
}
template<> __device__ __nv_bfloat16 fromFloat<__nv_bfloat16>(float v)
{
    return __float2bfloat16(v);
}
template<> __device__ __half fromFloat<__half>(float v)
{
    return __float2half(v);
}
template<> __device__ __nv_fp8_e4m3 fromFloat<__nv_fp8_e4m3>(float v)
{
    return __nv_fp8_e4m3(v);
}

template<typename T> __global__ void fillKernel(T* data, std::size_t count, std::uint32_t seed)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
        const std::uint32_t h
            = hash32(static_cast<std::uint32_t>(i) ^ hash32(seed + static_cast<std::uint32_t>(i >> 32)));
        // 24 random bits to [−1, 1)
        const float v = static_cast<float>(h >> 8) * (2.0f / 16777216.0f) - 1.0f;
        data[i] = fromFloat<T>(v);
    }
}

// Four independent 16-byte accesses per thread and iteration keep enough loads in flight to saturate HBM
// (Little's law: bandwidth × latency bytes must be outstanding; BabelStream and nvbandwidth do the same).
constexpr int unroll = 4;

__global__ void readKernel(const uint4* __restrict__ in, std::size_t n, unsigned* sink)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    unsigned acc = 0;
    for (; i + (unroll - 1) * stride < n; i += unroll * stride) {
        uint4 v[unroll];
#pragma unroll
        for (int u = 0; u < unroll; ++u)
            v[u] = in[i + u * stride];
#pragma unroll
        for (int u = 0; u < unroll; ++u)
            acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
    }
    for (; i < n; i += stride) {
        const uint4 v = in[i];
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (acc == 0x9e3779b9U) // never true for the buffers we read (all bytes equal, so acc is 0)
        *sink = acc;
}

__global__ void writeKernel(uint4* __restrict__ out, std::size_t n)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    const uint4 v = make_uint4(0x3f800000U, 0x3f800000U, 0x3f800000U, 0x3f800000U);
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = v;
}

__global__ void copyKernel(uint4* __restrict__ out, const uint4* __restrict__ in, std::size_t n)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    for (; i + (unroll - 1) * stride < n; i += unroll * stride) {
        uint4 v[unroll];
#pragma unroll
        for (int u = 0; u < unroll; ++u)
            v[u] = in[i + u * stride];
#pragma unroll
        for (int u = 0; u < unroll; ++u)
            out[i + u * stride] = v[u];
    }
    for (; i < n; i += stride)
        out[i] = in[i];
}

constexpr int streamingThreads = 256; // per block: 8 warps, a common choice that reaches full occupancy

template<typename T> cudaError_t fill(void* data, std::size_t count, unsigned seed, cudaStream_t stream)
{
    int device = 0, sms = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess)
        return e;
    fillKernel<T><<<sms * 8, 256, 0, stream>>>(static_cast<T*>(data), count, seed);
    return cudaGetLastError();
}

} // namespace

std::size_t elementBytes(Element e)
{
    switch (e) {
    case Element::F32:
        return 4;
    case Element::BF16:
    case Element::F16:
        return 2;
    case Element::E4M3:
        return 1;
    }
    return 4;
}

cudaError_t fillRandom(void* data, std::size_t count, Element e, unsigned seed, cudaStream_t stream)
{
    switch (e) {
    case Element::F32:
        return fill<float>(data, count, seed, stream);
    case Element::BF16:
        return fill<__nv_bfloat16>(data, count, seed, stream);
    case Element::F16:
        return fill<__half>(data, count, seed, stream);
    case Element::E4M3:
        return fill<__nv_fp8_e4m3>(data, count, seed, stream);
    }
    return cudaErrorInvalidValue;
}

cudaError_t streamingGrid(int device, int* blocks, int* threadsPerBlock)
{
    int sms = 0, perSm = 0;
    cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, copyKernel, streamingThreads, 0);
    if (e != cudaSuccess)
        return e;
    *blocks = sms * (perSm > 0 ? perSm : 1);
    *threadsPerBlock = streamingThreads;
    return cudaSuccess;
}

cudaError_t launchRead(const void* data, std::size_t bytes, unsigned* sink, int blocks, int threads, cudaStream_t s)
{
    readKernel<<<blocks, threads, 0, s>>>(static_cast<const uint4*>(data), bytes / sizeof(uint4), sink);
    return cudaGetLastError();
}

cudaError_t launchWrite(void* data, std::size_t bytes, int blocks, int threads, cudaStream_t s)
{
    writeKernel<<<blocks, threads, 0, s>>>(static_cast<uint4*>(data), bytes / sizeof(uint4));
    return cudaGetLastError();
}

cudaError_t launchCopy(void* dst, const void* src, std::size_t bytes, int blocks, int threads, cudaStream_t s)
{
    copyKernel<<<blocks, threads, 0, s>>>(
        static_cast<uint4*>(dst), static_cast<const uint4*>(src), bytes / sizeof(uint4));
    return cudaGetLastError();
}

} // namespace gpuplan::probe
