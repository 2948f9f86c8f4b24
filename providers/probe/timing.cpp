#include "timing.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace gpuplan::probe {

void check(cudaError_t status, const char* what)
{
    if (status != cudaSuccess)
        throw ProbeError(std::string(what) + ": " + cudaGetErrorString(status));
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

namespace {
class Event
{
public:
    Event() { check(cudaEventCreate(&m_event), "cudaEventCreate"); }
    ~Event() { cudaEventDestroy(m_event); }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    Event(Event&& other) noexcept
        : m_event(std::exchange(other.m_event, nullptr))
    { }
    cudaEvent_t get() const { return m_event; }

private:
    cudaEvent_t m_event = nullptr;
};
} // namespace

Timing timeOnStream(cudaStream_t stream, const std::function<void()>& enqueue, const Plan& plan)
{
    // One run to load the kernel (CUDA loads modules lazily), then one timed run that sizes the warm-up:
    // enough runs to fill plan.warmupS.
    enqueue();
    Event first, last;
    check(cudaEventRecord(first.get(), stream), "cudaEventRecord");
    enqueue();
    check(cudaEventRecord(last.get(), stream), "cudaEventRecord");
    check(cudaEventSynchronize(last.get()), "first run");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, first.get(), last.get()), "cudaEventElapsedTime");
    const double once = std::max(1e-6, ms / 1000.0);
    const int warmup = std::clamp(static_cast<int>(std::ceil(plan.warmupS / once)), plan.minWarmup, plan.maxWarmup);
    for (int i = 0; i < warmup; ++i)
        enqueue();

    // Timed runs back to back, so the GPU never idles between them.
    std::vector<Event> events;
    events.reserve(2 * static_cast<std::size_t>(plan.repetitions));
    for (int i = 0; i < 2 * plan.repetitions; ++i)
        events.emplace_back();
    for (int i = 0; i < plan.repetitions; ++i) {
        check(cudaEventRecord(events[2 * i].get(), stream), "cudaEventRecord");
        enqueue();
        check(cudaEventRecord(events[2 * i + 1].get(), stream), "cudaEventRecord");
    }
    check(cudaStreamSynchronize(stream), "timed runs");
    std::vector<double> seconds;
    for (int i = 0; i < plan.repetitions; ++i) {
        check(cudaEventElapsedTime(&ms, events[2 * i].get(), events[2 * i + 1].get()), "cudaEventElapsedTime");
        seconds.push_back(ms / 1000.0);
    }
    return {median(seconds), plan.repetitions};
}

DeviceBuffer::DeviceBuffer(std::size_t bytes)
    : m_bytes(bytes)
{
    check(cudaMalloc(&m_ptr, bytes), "cudaMalloc");
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : m_ptr(std::exchange(other.m_ptr, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
{ }

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept
{
    if (this != &other) {
        if (m_ptr)
            cudaFree(m_ptr);
        m_ptr = std::exchange(other.m_ptr, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

DeviceBuffer::~DeviceBuffer()
{
    if (m_ptr)
        cudaFree(m_ptr);
}

Stream::Stream()
{
    check(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking), "cudaStreamCreate");
}

Stream::~Stream()
{
    cudaStreamDestroy(m_stream);
}

} // namespace gpuplan::probe
