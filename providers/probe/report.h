#pragma once
// The "gpuplan.probe/1" document: plain records (no CUDA types) and the writer. Plain C++, so that
// tests/tst_calibration.cpp can check on any machine that core/calibration.h reads what the probe writes.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gpuplan::probe {

struct GemmRecord
{
    std::string precision; ///< "fp32", "tf32", "bf16", "fp16", "fp8"
    std::int64_t m = 0;
    std::int64_t n = 0;
    std::int64_t k = 0;
    std::string label; ///< empty for square sizes
    std::string model; ///< the model GEMM's model and op ("llama-3.1-70b", "qkv") and TP degree; empty, 0 for squares
    std::string op;
    int tp = 0;
    double tflops = 0; ///< TFLOP/s at the median time
    int repetitions = 0;
};

struct GpuRecord
{
    int index = 0;
    std::string name;
    std::string uuid; ///< "GPU-…" (uuidText)
    std::string computeCapability;
    std::int64_t memoryBytes = 0;
    int smCount = 0;
    double clockMhz = 0;
    double memoryClockMhz = 0;
    int memoryBusWidthBits = 0;
    std::vector<GemmRecord> gemm;
    double readGBps = 0; ///< GB/s (10⁹ bytes/s)
    double writeGBps = 0;
    double copyGBps = 0; ///< bytes read + bytes written
    double hostToDevicePinnedGBps = 0;
    double hostToDevicePageableGBps = 0;
    double deviceToHostPinnedGBps = 0;
    double deviceToHostPageableGBps = 0;
};

struct AllReduceRecord
{
    std::int64_t bytes = 0;
    double busBandwidthGBps = 0;
};

struct ProbeRecord
{
    std::string probeVersion;
    std::string createdAt; ///< utcText()
    std::string host;
    std::string driverVersion;  ///< CUDA version the driver supports, "13.0"
    std::string runtimeVersion; ///< CUDA runtime linked in, "13.0"
    std::vector<GpuRecord> gpus;
    std::vector<AllReduceRecord> allreduce;
    std::vector<std::string> notes;
};

/// The document, measurements rounded to 3 decimals.
std::string probeJson(const ProbeRecord& record);

/// nvidia-smi's form of a GPU UUID: "GPU-" and the 16 bytes as 8-4-4-4-12 lowercase hex digits.
std::string uuidText(const std::array<unsigned char, 16>& bytes);

/// Seconds since the Unix epoch as UTC ISO 8601, "2026-11-30T08:15:00Z".
std::string utcText(std::int64_t unixSeconds);

/// "13.0" from CUDA's version number major·1000 + minor·10 (cudaRuntimeGetVersion, cudaDriverGetVersion).
std::string cudaVersionText(int version);

} // namespace gpuplan::probe
