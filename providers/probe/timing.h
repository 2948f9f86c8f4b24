#pragma once
// Timing with CUDA events and the error type every measurement throws.

#include <cuda_runtime.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuplan::probe {

/// A failure that ends the probe: main() prints it as one line on stderr and exits with `exitCode`
/// (3: something this machine lacks or a GPU that fails, as gpuplan-cli's exit codes in DESIGN.md).
struct ProbeError : std::runtime_error
{
    explicit ProbeError(const std::string& what, int code = 3)
        : std::runtime_error(what)
        , exitCode(code)
    { }
    int exitCode;
};

/// Throws ProbeError("<what>: <CUDA's message>") unless status is cudaSuccess.
void check(cudaError_t status, const char* what);

/// How long to warm up and how many timed repetitions to take.
struct Plan
{
    int minWarmup = 2;    ///< warm-up runs, at least
    double warmupS = 0.2; ///< and at least this long (clocks and power settle), capped at maxWarmup runs
    int maxWarmup = 1000; ///< runs
    int repetitions = 10; ///< timed runs; the median is reported
};

/// The median of the timed runs, seconds, and how many there were.
struct Timing
{
    double medianS = 0;
    int repetitions = 0;
};

/// Runs `enqueue` (which must only enqueue work on `stream`) for the warm-up, then `plan.repetitions`
/// times back to back, each between two CUDA events, and returns the median.
Timing timeOnStream(cudaStream_t stream, const std::function<void()>& enqueue, const Plan& plan);

/// Median of the values (the mean of the middle two for an even count); 0 for none.
double median(std::vector<double> values);

/// RAII for device memory.
class DeviceBuffer
{
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t bytes);
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer();

    void* get() const { return m_ptr; }
    std::size_t bytes() const { return m_bytes; }

private:
    void* m_ptr = nullptr;
    std::size_t m_bytes = 0;
};

/// RAII for a stream on the current device.
class Stream
{
public:
    Stream();
    ~Stream();
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    cudaStream_t get() const { return m_stream; }

private:
    cudaStream_t m_stream = nullptr;
};

constexpr double GiB = 1024.0 * 1024.0 * 1024.0; // bytes
constexpr double MiB = 1024.0 * 1024.0;          // bytes

} // namespace gpuplan::probe
