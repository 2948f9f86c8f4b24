#pragma once
// cuBLASLt and NCCL, opened at run time: the probe links neither, so it starts on any machine and can say
// exactly which library is missing. The headers give the function types; the addresses come from
// platform.h's openLibrary.

#include "platform.h"

#include <cublasLt.h>
#if GPUPLAN_PROBE_HAVE_NCCL
#include <nccl.h>
#endif

#include <cstddef>
#include <optional>
#include <string>

namespace gpuplan::probe {

/// The cuBLASLt entry points the GEMM benchmark uses.
struct CublasLt
{
    SharedLibrary library;
    std::size_t version = 0; ///< cublasLtGetVersion(): major·10000 + minor·100 + patch
    decltype(&::cublasLtGetVersion) getVersion = nullptr;
    decltype(&::cublasLtGetStatusString) getStatusString = nullptr;
    decltype(&::cublasLtCreate) create = nullptr;
    decltype(&::cublasLtDestroy) destroy = nullptr;
    decltype(&::cublasLtMatmulDescCreate) matmulDescCreate = nullptr;
    decltype(&::cublasLtMatmulDescDestroy) matmulDescDestroy = nullptr;
    decltype(&::cublasLtMatmulDescSetAttribute) matmulDescSetAttribute = nullptr;
    decltype(&::cublasLtMatrixLayoutCreate) matrixLayoutCreate = nullptr;
    decltype(&::cublasLtMatrixLayoutDestroy) matrixLayoutDestroy = nullptr;
    decltype(&::cublasLtMatmulPreferenceCreate) preferenceCreate = nullptr;
    decltype(&::cublasLtMatmulPreferenceDestroy) preferenceDestroy = nullptr;
    decltype(&::cublasLtMatmulPreferenceSetAttribute) preferenceSetAttribute = nullptr;
    decltype(&::cublasLtMatmulAlgoGetHeuristic) algoGetHeuristic = nullptr;
    decltype(&::cublasLtMatmul) matmul = nullptr;
};

/// Opens the cuBLASLt of the CUDA major version the probe was built with (its ABI): the system's search
/// path first, then $CUDA_HOME / $CUDA_PATH, then the toolkit the probe was built against. On failure
/// `why` names every file tried and why it did not load.
std::optional<CublasLt> loadCublasLt(std::string& why);

#if GPUPLAN_PROBE_HAVE_NCCL
/// The NCCL entry points the all-reduce benchmark uses.
struct Nccl
{
    SharedLibrary library;
    int version = 0; ///< ncclGetVersion(): major·10000 + minor·100 + patch (NCCL ≥ 2.9)
    decltype(&::ncclGetVersion) getVersion = nullptr;
    decltype(&::ncclGetErrorString) getErrorString = nullptr;
    decltype(&::ncclCommInitAll) commInitAll = nullptr;
    decltype(&::ncclCommDestroy) commDestroy = nullptr;
    decltype(&::ncclAllReduce) allReduce = nullptr;
    decltype(&::ncclGroupStart) groupStart = nullptr;
    decltype(&::ncclGroupEnd) groupEnd = nullptr;
};

/// Opens NCCL 2 (libnccl.so.2); NCCL has no Windows build. On failure `why` says what was tried.
std::optional<Nccl> loadNccl(std::string& why);
#endif

/// "13.1.0" from a version number major·10000 + minor·100 + patch (cuBLAS and NCCL ≥ 2.9 encode them so).
std::string versionText(std::size_t version);

} // namespace gpuplan::probe
