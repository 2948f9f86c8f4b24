// SGLang's `python -m sglang.bench_serving --output-file`: one JSON object per run appended as a line. Versions of
// late 2024 (sglang 0.3–0.4) write a short key set — backend, dataset_name, request_rate (the bare token Infinity
// when unbounded), max_concurrency, total_input_tokens, total_output_tokens, total_output_tokens_retokenized,
// mean_e2e_latency_ms, median_e2e_latency_ms, median_ttft_ms, median_itl_ms, output_throughput, random_input_len,
// random_output_len, random_range_ratio, duration, completed — later ones add mean_ttft_ms, mean_tpot_ms,
// request_throughput and more, read when present.
#include "common.h"
#include "readers.h"

namespace gpuplan::benchmarks {

using namespace detail;
using core::BenchmarkFile;
using core::BenchmarkRun;

core::Result<BenchmarkFile> readSglang(std::string_view text, const std::string& fileName)
{
    return readRuns(
        text, fileName, "sglang", "mean_e2e_latency_ms", [](ObjectReader& r, BenchmarkRun& run, auto& warnings) {
            const JsonContext& ctx = r.context();
            run.dataset = r.optString("dataset_name").value_or("");
            // The random dataset draws each length uniformly from [range_ratio × len, len] (bench_serving.py,
            // sample_random_requests): the lengths vary unless range_ratio is 1.
            if (run.dataset == "random") {
                const auto ratio = r.optNumber("random_range_ratio", Bound::Fraction);
                if (ratio && *ratio < 1)
                    run.dataset = "random (lengths vary)";
            }
            readCountsAndTotals(r, run);
            run.e2eMs = latency(r, "e2e_latency", true, false);
            run.ttftMs = latency(r, "ttft", false, true);
            run.tpotMs = latency(r, "tpot", false, false);
            run.itlMs = latency(r, "itl", false, false);
            run.outputTokensPerS = r.number("output_throughput", Bound::NonNegative);
            run.requestsPerS = r.optNumber("request_throughput", Bound::NonNegative);
            checkRun(ctx, run, "/completed", "/median_ttft_ms", warnings);
            dropZeroLatencies(run);
        });
}

} // namespace gpuplan::benchmarks
