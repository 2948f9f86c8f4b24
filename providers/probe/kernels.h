#pragma once
// The probe's own CUDA kernels (probe.cu), callable from plain C++: filling GEMM operands and the three
// streaming kernels that measure HBM bandwidth.

#include <cuda_runtime.h>

#include <cstddef>

namespace gpuplan::probe {

/// Element formats of GEMM operands.
enum class Element { F32, BF16, F16, E4M3 };

/// Bytes per element.
std::size_t elementBytes(Element e);

/// Fills `count` elements with pseudo-random values in [−1, 1) (a hash of the index and `seed`). Random
/// rather than zero operands: tensor cores draw less power on zeros and would report a rate real
/// workloads do not see.
cudaError_t fillRandom(void* data, std::size_t count, Element e, unsigned seed, cudaStream_t stream);

/// Blocks for the streaming kernels: enough resident blocks to fill every SM of `device`.
cudaError_t streamingGrid(int device, int* blocks, int* threadsPerBlock);

/// Reads `bytes` (a multiple of 16) in 16-byte loads and folds them into one word that is written to `sink`
/// only in a case that never happens, so the loads cannot be optimised away.
cudaError_t launchRead(const void* data, std::size_t bytes, unsigned* sink, int blocks, int threads, cudaStream_t s);
/// Writes `bytes` (a multiple of 16) with 16-byte stores.
cudaError_t launchWrite(void* data, std::size_t bytes, int blocks, int threads, cudaStream_t s);
/// Copies `bytes` (a multiple of 16) from `src` to `dst` with 16-byte loads and stores.
cudaError_t launchCopy(void* dst, const void* src, std::size_t bytes, int blocks, int threads, cudaStream_t s);

} // namespace gpuplan::probe
