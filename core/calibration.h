#pragma once

#include "efficiency.h"
#include "gpu.h"
#include "precision.h"
#include "result.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// One GEMM gpuplan-probe timed through cuBLASLt: D (m×n) = A (m×k) · B (k×n), 2·m·n·k FLOPs.
struct ProbeGemm
{
    Precision precision = Precision::BF16; ///< fp32, tf32, bf16, fp16 or fp8 (e4m3)
    long long m = 0;
    long long n = 0;
    long long k = 0;
    double tflops = 0; ///< TFLOP/s (10¹² FLOP/s) at the median of the repetitions
    int repetitions = 0;
    std::string label; ///< the model GEMM it stands for ("llama-3.1-70b qkv, tp 8, 256 tokens"); empty for squares
    std::string model; ///< that model ("llama-3.1-70b"), its linear layer ("qkv", "o", "gate_up", "down") and the
    std::string op;    ///< tensor-parallel degree whose per-GPU shard it is; "", "", 0 for squares and older probes
    int tp = 0;
};

/// One GPU as gpuplan-probe saw and measured it.
struct ProbedGpu
{
    int index = 0;                 ///< CUDA device index
    std::string name;              ///< as the driver reports it, e.g. "NVIDIA H100 80GB HBM3"
    std::string uuid;              ///< "GPU-…", as nvidia-smi prints it
    std::string computeCapability; ///< "9.0"
    double memoryBytes = 0;        ///< bytes the driver reports (an "80 GB" H100 reports 81 559 MiB)
    int smCount = 0;
    double clockMhz = 0;       ///< MHz, peak SM clock
    double memoryClockMhz = 0; ///< MHz
    int memoryBusWidthBits = 0;
    std::vector<ProbeGemm> gemm;
    double readGBps = 0;  ///< GB/s (10⁹ bytes/s), HBM streaming read
    double writeGBps = 0; ///< GB/s, HBM streaming write
    double copyGBps = 0;  ///< GB/s, bytes read + bytes written by a device-to-device copy kernel
    double hostToDevicePinnedGBps = 0;
    double hostToDevicePageableGBps = 0;
    double deviceToHostPinnedGBps = 0;
    double deviceToHostPageableGBps = 0;
    std::string pointer; ///< where it sits in the file ("/gpus/0"), for messages
};

/// NCCL all-reduce at one message size.
struct ProbeAllReduce
{
    double bytes = 0;            ///< message bytes
    double busBandwidthGBps = 0; ///< GB/s: algorithm bandwidth · 2(n−1)/n (nccl-tests' bus bandwidth)
};

/// A "gpuplan.probe/1" document: what gpuplan-probe writes to stdout.
struct ProbeReport
{
    std::string file; ///< the name used in messages
    std::string probeVersion;
    std::string createdAt; ///< UTC, ISO 8601 ("2026-11-30T08:15:00Z")
    std::string host;
    std::string driverVersion;  ///< the CUDA version the driver supports ("13.0")
    std::string runtimeVersion; ///< the CUDA runtime the probe was built with
    std::vector<ProbedGpu> gpus;
    std::vector<ProbeAllReduce> allreduce; ///< empty with fewer than 2 GPUs or no NCCL
    std::vector<std::string> notes;        ///< what the probe skipped and why
};

/// Parses a "gpuplan.probe/1" document. A missing or bad field is an error naming the file, the JSON pointer
/// and the value ("probe.json:/gpus/0/gemm/3/tflops: must be a positive number, got -790"); unknown fields
/// are warnings.
Result<ProbeReport> parseProbeReport(
    std::string_view text, const std::string& fileName, std::vector<std::string>* warnings = nullptr);

/// The catalog GPU a probed device is: the model in its name ("NVIDIA H100 80GB HBM3" → H100), then the
/// form factor named in it (SXM, PCIe, NVL), then the memory size (A100 40 vs 80 GB), and where SXM and
/// PCIe remain, the measured HBM bandwidth. No match is an UnknownGpu error naming the device's name.
Result<const GpuSpec*> matchProbedGpu(const ProbedGpu& gpu, const GpuCatalog& catalog, const std::string& file = {});

/// Measured efficiencies of one GPU model: what fraction of its datasheet figures this machine reached.
struct CalibrationProfile
{
    std::string gpuId;   ///< catalog id, e.g. "H100-SXM-80GB"
    std::string gpuName; ///< as the driver reported it, e.g. "NVIDIA H100 80GB HBM3"
    /// achieved ÷ dense datasheet peak, the best of the square GEMMs of 4096 and larger, per precision
    std::map<Precision, double> gemmFraction;
    double memoryFraction = 0; ///< the better of HBM read and copy ÷ datasheet bandwidth
    std::string measuredAt;    ///< UTC, ISO 8601
    std::string source;        ///< "gpuplan-probe 0.1.0 on <host> (<file>, GPU 0)"
};

/// One profile per catalog GPU model in the report (several GPUs of one model: the median of their
/// fractions). A GPU that matches no catalog GPU, a fraction above 1.1 (a wrong match or a broken
/// measurement) or a GPU without any usable square GEMM is an error; a precision the datasheet does not
/// list is skipped with a warning.
Result<std::vector<CalibrationProfile>> calibrationProfiles(
    const ProbeReport& report, const GpuCatalog& catalog, std::vector<std::string>* warnings = nullptr);

/// The defaults with the measured GEMM fraction (for `compute`, the precision the math runs in:
/// GpuSpec::computePrecision) and HBM fraction put in; calibrated = true and source = "measured on <GPU
/// name> <date>". A precision the profile did not measure keeps the default GEMM factor, and the source
/// says so. The caller makes sure the profile belongs to the GPU being estimated.
Efficiency applyCalibration(Efficiency defaults, const CalibrationProfile& profile, Precision compute);

/// The profile as a "gpuplan.calibration/1" JSON document (for export, and for the store).
std::string serializeProfile(const CalibrationProfile& profile);

/// Reads a "gpuplan.calibration/1" document. With a catalog, the GPU id must be one it knows.
Result<CalibrationProfile> parseProfile(std::string_view text, const std::string& fileName,
    const GpuCatalog* catalog = nullptr, std::vector<std::string>* warnings = nullptr);

/// What a calibration file holds, whatever its kind: an exported array of "gpuplan.calibration/1" profiles, one
/// such profile, or a "gpuplan.probe/1" report (turned into profiles with calibrationProfiles). The CLI's
/// `calibrate --import` and the desktop app's Calibrate page read files through this one function. Any bad
/// profile is an error naming the file, the array index and the JSON pointer; nothing is returned in part.
Result<std::vector<CalibrationProfile>> readCalibrationFile(std::string_view text, const std::string& fileName,
    const GpuCatalog& catalog, std::vector<std::string>* warnings = nullptr);

/// Stored profiles ("gpuplan.calibration/1" documents) as one exported file: a JSON array that
/// readCalibrationFile reads back.
std::string exportProfiles(const std::vector<std::string>& profileJsons);

/// Calibration profiles (gpuplan-probe) per canonical GPU id.
using CalibrationMap = std::map<std::string, CalibrationProfile>;

} // namespace gpuplan::core
