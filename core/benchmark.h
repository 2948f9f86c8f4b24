#pragma once
// What a serving benchmark's result file says, read by the result readers of providers/calibration/ (vLLM's
// benchmark_serving.py / `vllm bench serve`, SGLang's bench_serving, AIPerf) and fitted by core/serving_calibration.

#include <optional>
#include <string>
#include <vector>

namespace gpuplan::core {

/// A statistic a result file gives for one latency, over its completed requests (ms).
struct LatencyStat
{
    std::optional<double> mean;
    std::optional<double> median;
};

/// One benchmark run: one line of a JSON-Lines result file, one result object, one AIPerf export. Every figure is
/// as the file gives it (means over completed requests); absent figures stay unset, never 0.
struct BenchmarkRun
{
    std::string where;   ///< where in the file: "results.json:3" (a line) or "results.json" (the whole file)
    std::string engine;  ///< the backend the file names ("vllm", "sglang"); empty when it names none
    std::string model;   ///< the model id the file names; empty when none
    std::string dataset; ///< "random", "sharegpt", … when the file says
    /// Offered load in requests/s (open loop, Poisson unless the client says otherwise); +infinity: every request
    /// sent at once; unset: a closed loop that sends the next request when one ends.
    std::optional<double> requestRate;
    std::optional<int> maxConcurrency;  ///< the client's cap on requests in flight (closed loop); unset: none
    int completed = 0;                  ///< requests that finished
    int failed = 0;                     ///< requests that failed (errors, cancellations) where the file counts them
    double durationS = 0;               ///< s, the benchmark's wall time
    std::optional<double> promptTokens; ///< mean prompt tokens per completed request (AIPerf CSVs may lack it)
    double outputTokens = 0;            ///< mean output tokens per completed request
    LatencyStat ttftMs;                 ///< time to first token
    LatencyStat tpotMs;                 ///< time per output token after the first, per request
    LatencyStat itlMs;                  ///< inter-token latency
    LatencyStat e2eMs;                  ///< whole request
    double outputTokensPerS = 0;        ///< output tokens/s of the whole deployment
    std::optional<double> requestsPerS; ///< completed requests/s
};

/// A result file as read: its runs in file order.
struct BenchmarkFile
{
    std::string file;   ///< the name used in messages
    std::string format; ///< the reader's id: "vllm", "sglang", "aiperf"
    std::vector<BenchmarkRun> runs;
    std::vector<std::string> warnings; ///< what was odd but usable ("1 of 1045 requests failed")
};

} // namespace gpuplan::core
