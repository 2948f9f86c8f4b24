#include "gemm.h"

#include "kernels.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpuplan::probe {

namespace {

// cuBLAS documentation, cublasSetWorkspace(): 32 MiB recommended on Hopper (4 MiB on earlier GPUs); the
// larger figure on every GPU lets cuBLASLt choose its fastest (split-K, stream-K) kernels.
constexpr std::size_t workspaceBytes = 32u << 20;

struct Types
{
    Element a, b, c; ///< operand A and B, and C = D
    cudaDataType_t aType, bType, cType;
    cublasComputeType_t compute;
};

// cuBLAS documentation, cublasLtMatmul(), "Datatypes Supported": FP32 accumulation throughout (what
// training uses); FP8 (E4M3 inputs) writes BF16; TF32 is FP32 data through CUBLAS_COMPUTE_32F_FAST_TF32.
Types typesFor(GemmPrecision p)
{
    switch (p) {
    case GemmPrecision::FP32:
        return {Element::F32, Element::F32, Element::F32, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F};
    case GemmPrecision::TF32:
        return {
            Element::F32, Element::F32, Element::F32, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32};
    case GemmPrecision::BF16:
        return {Element::BF16, Element::BF16, Element::BF16, CUDA_R_16BF, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F};
    case GemmPrecision::FP16:
        return {Element::F16, Element::F16, Element::F16, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F};
    case GemmPrecision::FP8:
        return {Element::E4M3, Element::E4M3, Element::BF16, CUDA_R_8F_E4M3, CUDA_R_8F_E4M3, CUDA_R_16BF,
            CUBLAS_COMPUTE_32F};
    }
    return typesFor(GemmPrecision::BF16);
}

/// Throws CublasError with cuBLASLt's message unless status is success.
void checkLt(const CublasLt& lt, cublasStatus_t status, const char* what)
{
    if (status != CUBLAS_STATUS_SUCCESS)
        throw CublasError(std::string(what) + ": " + lt.getStatusString(status));
}

/// The descriptors of one matmul, destroyed together.
struct Descriptors
{
    const CublasLt& lt;
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
    cublasLtMatmulPreference_t preference = nullptr;
    ~Descriptors()
    {
        if (preference)
            lt.preferenceDestroy(preference);
        for (auto* layout : {a, b, c}) {
            if (layout)
                lt.matrixLayoutDestroy(layout);
        }
        if (op)
            lt.matmulDescDestroy(op);
    }
};

} // namespace

namespace {
/// Makes `device` current before the members that allocate on it (stream, workspace) are constructed.
int selectDevice(int device)
{
    check(cudaSetDevice(device), "cudaSetDevice");
    return device;
}
} // namespace

GemmBench::GemmBench(const CublasLt& lt, int device)
    : m_lt(lt)
    , m_device(selectDevice(device))
{
    checkLt(m_lt, m_lt.create(&m_handle), "cublasLtCreate");
    m_workspace = DeviceBuffer(workspaceBytes);
}

GemmBench::~GemmBench()
{
    cudaSetDevice(m_device);
    if (m_handle)
        m_lt.destroy(m_handle);
}

std::optional<GemmResult> GemmBench::run(const GemmShape& s, const Plan& plan, int algorithms, std::string& skipped)
{
    check(cudaSetDevice(m_device), "cudaSetDevice");
    const Types t = typesFor(s.precision);
    const std::size_t aBytes = std::size_t(s.m) * s.k * elementBytes(t.a);
    const std::size_t bBytes = std::size_t(s.k) * s.n * elementBytes(t.b);
    const std::size_t cBytes = std::size_t(s.m) * s.n * elementBytes(t.c);
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
    // Leave a tenth of the free memory to the driver and cuBLASLt's own allocations.
    if (aBytes + bBytes + cBytes > freeBytes / 10 * 9) {
        skipped = "operands need " + std::to_string((aBytes + bBytes + cBytes) >> 20) + " MiB, "
            + std::to_string(freeBytes >> 20) + " MiB free";
        return std::nullopt;
    }
    DeviceBuffer a(aBytes), b(bBytes), c(cBytes);
    check(fillRandom(a.get(), aBytes / elementBytes(t.a), t.a, 1, m_stream.get()), "fill A");
    check(fillRandom(b.get(), bBytes / elementBytes(t.b), t.b, 2, m_stream.get()), "fill B");
    check(cudaMemsetAsync(c.get(), 0, cBytes, m_stream.get()), "cudaMemset");

    // "TN": A is stored k×m and transposed, B k×n, C and D m×n, all column-major. FP8 kernels require this
    // layout (cuBLAS documentation, cublasLtMatmul(), FP8 requirements); the other formats use it too, so
    // every precision runs the same problem.
    Descriptors d {m_lt};
    checkLt(m_lt, m_lt.matmulDescCreate(&d.op, t.compute, CUDA_R_32F), "cublasLtMatmulDescCreate");
    const cublasOperation_t transA = CUBLAS_OP_T, transB = CUBLAS_OP_N;
    checkLt(m_lt, m_lt.matmulDescSetAttribute(d.op, CUBLASLT_MATMUL_DESC_TRANSA, &transA, sizeof transA),
        "cublasLtMatmulDescSetAttribute");
    checkLt(m_lt, m_lt.matmulDescSetAttribute(d.op, CUBLASLT_MATMUL_DESC_TRANSB, &transB, sizeof transB),
        "cublasLtMatmulDescSetAttribute");
    checkLt(m_lt, m_lt.matrixLayoutCreate(&d.a, t.aType, s.k, s.m, s.k), "cublasLtMatrixLayoutCreate");
    checkLt(m_lt, m_lt.matrixLayoutCreate(&d.b, t.bType, s.k, s.n, s.k), "cublasLtMatrixLayoutCreate");
    checkLt(m_lt, m_lt.matrixLayoutCreate(&d.c, t.cType, s.m, s.n, s.m), "cublasLtMatrixLayoutCreate");
    checkLt(m_lt, m_lt.preferenceCreate(&d.preference), "cublasLtMatmulPreferenceCreate");
    const std::size_t workspace = m_workspace.bytes();
    checkLt(m_lt,
        m_lt.preferenceSetAttribute(
            d.preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace, sizeof workspace),
        "cublasLtMatmulPreferenceSetAttribute");

    std::vector<cublasLtMatmulHeuristicResult_t> heuristics(static_cast<std::size_t>(std::max(1, algorithms)));
    int found = 0;
    const cublasStatus_t hs = m_lt.algoGetHeuristic(m_handle, d.op, d.a, d.b, d.c, d.c, d.preference,
        static_cast<int>(heuristics.size()), heuristics.data(), &found);
    if (hs == CUBLAS_STATUS_NOT_SUPPORTED || (hs == CUBLAS_STATUS_SUCCESS && found == 0)) {
        skipped = "cuBLASLt has no kernel for it on this GPU";
        return std::nullopt;
    }
    checkLt(m_lt, hs, "cublasLtMatmulAlgoGetHeuristic");

    const float alpha = 1.0f, beta = 0.0f;
    auto enqueue = [&](const cublasLtMatmulAlgo_t& algo) {
        checkLt(m_lt,
            m_lt.matmul(m_handle, d.op, &alpha, a.get(), d.a, b.get(), d.b, &beta, c.get(), d.c, c.get(), d.c, &algo,
                m_workspace.get(), workspace, m_stream.get()),
            "cublasLtMatmul");
    };
    // Several candidates: a short trial each, the fastest is measured in full.
    int best = 0;
    if (found > 1) {
        const Plan trial {1, 0.0, 1, 3};
        double bestS = std::numeric_limits<double>::infinity();
        for (int i = 0; i < found; ++i) {
            const auto& algo = heuristics[static_cast<std::size_t>(i)].algo;
            const auto run = [&] { enqueue(algo); };
            const Timing timing = timeOnStream(m_stream.get(), run, trial);
            if (timing.medianS < bestS) {
                bestS = timing.medianS;
                best = i;
            }
        }
    }
    const auto& algo = heuristics[static_cast<std::size_t>(best)].algo;
    const auto run = [&] { enqueue(algo); };
    const Timing timing = timeOnStream(m_stream.get(), run, plan);
    const double flops = 2.0 * double(s.m) * double(s.n) * double(s.k); // a multiply-add is 2 FLOPs
    return GemmResult {s, flops / timing.medianS / 1e12, timing.repetitions};
}

} // namespace gpuplan::probe
