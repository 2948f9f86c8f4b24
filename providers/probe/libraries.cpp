#include "libraries.h"

#include <filesystem>
#include <vector>

namespace gpuplan::probe {

namespace {

/// Bare names first (the system's search path: LD_LIBRARY_PATH, the ld.so cache, PATH on Windows), then
/// the same names in $CUDA_HOME, $CUDA_PATH and the toolkit the probe was built against.
std::vector<std::string> candidates(const std::vector<std::string>& names, const std::vector<std::string>& subdirs)
{
    std::vector<std::string> out = names;
    std::vector<std::filesystem::path> roots;
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"}) {
        if (auto v = environmentVariable(var))
            roots.emplace_back(*v);
    }
    std::vector<std::filesystem::path> dirs;
    for (const auto& root : roots) {
        for (const auto& sub : subdirs)
            dirs.push_back(root / sub);
    }
    dirs.emplace_back(GPUPLAN_PROBE_CUDA_LIBDIR);
    for (const auto& dir : dirs) {
        for (const auto& name : names) {
            const std::string path = (dir / name).string();
            bool seen = false;
            for (const auto& c : out)
                seen = seen || c == path;
            if (!seen)
                out.push_back(path);
        }
    }
    return out;
}

template<typename F> bool bind(const SharedLibrary& lib, F& slot, const char* name, std::string& missing)
{
    slot = findFunction<F>(lib, name);
    if (!slot)
        missing += (missing.empty() ? "" : ", ") + std::string(name);
    return slot != nullptr;
}

} // namespace

std::string versionText(std::size_t version)
{
    return std::to_string(version / 10000) + '.' + std::to_string(version / 100 % 100) + '.'
        + std::to_string(version % 100);
}

std::optional<CublasLt> loadCublasLt(std::string& why)
{
    // The soname carries the cuBLAS major version (libcublasLt.so.13 for CUDA 13; cublasLt64_13.dll on
    // Windows, installed in bin\x64 since CUDA 13): the ABI the headers we were built with describe.
    const std::string major = std::to_string(CUBLAS_VER_MAJOR);
    std::vector<std::string> names;
    std::vector<std::string> subdirs;
    if constexpr (isWindows()) {
        names = {"cublasLt64_" + major + ".dll"};
        subdirs = {"bin/x64", "bin"};
    } else {
        names = {"libcublasLt.so." + major, "libcublasLt.so"};
        subdirs = {"lib64", "lib", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib"};
    }
    auto lib = openLibrary(candidates(names, subdirs), why);
    if (!lib)
        return std::nullopt;

    CublasLt api;
    api.library = *lib;
    std::string missing;
    bind(*lib, api.getVersion, "cublasLtGetVersion", missing);
    bind(*lib, api.getStatusString, "cublasLtGetStatusString", missing);
    bind(*lib, api.create, "cublasLtCreate", missing);
    bind(*lib, api.destroy, "cublasLtDestroy", missing);
    bind(*lib, api.matmulDescCreate, "cublasLtMatmulDescCreate", missing);
    bind(*lib, api.matmulDescDestroy, "cublasLtMatmulDescDestroy", missing);
    bind(*lib, api.matmulDescSetAttribute, "cublasLtMatmulDescSetAttribute", missing);
    bind(*lib, api.matrixLayoutCreate, "cublasLtMatrixLayoutCreate", missing);
    bind(*lib, api.matrixLayoutDestroy, "cublasLtMatrixLayoutDestroy", missing);
    bind(*lib, api.preferenceCreate, "cublasLtMatmulPreferenceCreate", missing);
    bind(*lib, api.preferenceDestroy, "cublasLtMatmulPreferenceDestroy", missing);
    bind(*lib, api.preferenceSetAttribute, "cublasLtMatmulPreferenceSetAttribute", missing);
    bind(*lib, api.algoGetHeuristic, "cublasLtMatmulAlgoGetHeuristic", missing);
    bind(*lib, api.matmul, "cublasLtMatmul", missing);
    if (!missing.empty()) {
        why = lib->path + " lacks " + missing;
        return std::nullopt;
    }
    api.version = api.getVersion();
    if (api.version / 10000 != CUBLAS_VER_MAJOR) {
        why = lib->path + " is cuBLAS " + versionText(api.version) + ", built for cuBLAS " + major;
        return std::nullopt;
    }
    return api;
}

#if GPUPLAN_PROBE_HAVE_NCCL
std::optional<Nccl> loadNccl(std::string& why)
{
    if constexpr (isWindows()) {
        why = "NCCL is not available on Windows";
        return std::nullopt;
    } else {
        auto lib = openLibrary(candidates({"libnccl.so.2", "libnccl.so"}, {"lib64", "lib"}), why);
        if (!lib)
            return std::nullopt;
        Nccl api;
        api.library = *lib;
        std::string missing;
        bind(*lib, api.getVersion, "ncclGetVersion", missing);
        bind(*lib, api.getErrorString, "ncclGetErrorString", missing);
        bind(*lib, api.commInitAll, "ncclCommInitAll", missing);
        bind(*lib, api.commDestroy, "ncclCommDestroy", missing);
        bind(*lib, api.allReduce, "ncclAllReduce", missing);
        bind(*lib, api.groupStart, "ncclGroupStart", missing);
        bind(*lib, api.groupEnd, "ncclGroupEnd", missing);
        if (!missing.empty()) {
            why = lib->path + " lacks " + missing;
            return std::nullopt;
        }
        if (api.getVersion(&api.version) != ncclSuccess) {
            why = lib->path + ": ncclGetVersion failed";
            return std::nullopt;
        }
        return api;
    }
}
#endif

} // namespace gpuplan::probe
