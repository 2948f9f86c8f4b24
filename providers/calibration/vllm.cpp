// vLLM's serving benchmark result: benchmarks/benchmark_serving.py --save-result (vLLM up to 0.10) and
// `vllm bench serve --save-result` (the CLI since; same keys, `endpoint_type` beside or instead of `backend`, `failed`
// from 0.2x). One JSON object per run; run scripts append runs to one file as JSON Lines and merge --metadata keys
// into each object, so keys the reader does not know are expected and ignored.
// Keys read (vllm/benchmarks/serve.py, `result` dict of the benchmark function): completed, failed, num_prompts,
// duration, total_input_tokens, total_output_tokens, request_rate ("inf" as a string), max_concurrency,
// request_throughput, output_throughput, {mean,median}_{ttft,tpot,itl,e2el}_ms, backend, model_id.
#include "common.h"
#include "readers.h"

namespace gpuplan::benchmarks {

using namespace detail;
using core::BenchmarkFile;
using core::BenchmarkRun;

core::Result<BenchmarkFile> readVllm(std::string_view text, const std::string& fileName)
{
    return readRuns(text, fileName, "vllm", "mean_tpot_ms", [](ObjectReader& r, BenchmarkRun& run, auto& warnings) {
        const JsonContext& ctx = r.context();
        readCountsAndTotals(r, run);
        // vLLM 0.2x counts the failed requests itself.
        if (const auto failed = r.optInteger("failed", 0, 1000000000))
            run.failed = static_cast<int>(*failed);
        run.ttftMs = latency(r, "ttft", true, false);
        run.tpotMs = latency(r, "tpot", true, false);
        run.itlMs = latency(r, "itl", false, false);
        run.e2eMs = latency(r, "e2el", false, false);
        run.outputTokensPerS = r.number("output_throughput", Bound::NonNegative);
        run.requestsPerS = r.number("request_throughput", Bound::NonNegative);
        checkRun(ctx, run, "/completed", "/mean_ttft_ms", warnings);
        dropZeroLatencies(run);
    });
}

} // namespace gpuplan::benchmarks
