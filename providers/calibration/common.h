#pragma once
// Private to providers/calibration: what the result readers share. The result files are JSON written by Python
// (which writes the non-standard tokens Infinity and NaN), often several results appended as JSON Lines.

#include "core/benchmark.h"
#include "core/json_reader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::benchmarks::detail {

using core::detail::Bound;
using core::detail::JsonContext;
using core::detail::ObjectReader;

/// `text` with the bare tokens Infinity, -Infinity and NaN that Python's json module writes for non-finite floats
/// (SGLang's bench_serving writes `"request_rate": Infinity`) turned into the strings "Infinity", "-Infinity" and
/// "NaN", so that a strict JSON parser reads the document and the readers decide what each field may hold. Tokens
/// inside strings are left alone.
std::string quoteNonFinite(std::string_view text);

/// One result object of a file and where it is.
struct Document
{
    nlohmann::json value;
    JsonContext context; ///< its file name in messages: "results.json" for a whole file, "results.json:3" for line 3
};

/// The result objects of a file: one JSON document (an object, or an array of objects as `vllm bench sweep` writes
/// its summary.json), or JSON Lines (one object per line, as benchmark_serving.py and bench_serving append runs to
/// one file). A line that is not JSON (a truncated last line) is an error naming the file and line. Throws
/// core::detail::Failure.
std::vector<Document> documents(std::string_view text, const std::string& fileName);

/// Which benchmark client wrote a result object, from the keys only it writes: "vllm", "sglang", "aiperf", or "".
std::string_view clientOf(const nlohmann::json& object);

/// Fails unless `doc` was written by the client `expected` ("vllm" …), naming the one that did write it.
void requireClient(const Document& doc, std::string_view expected, std::string_view signatureKey);

/// Reads every result object of a file written by `client` ("vllm", "sglang", "aiperf"; `signatureKey` is the key
/// only that client writes): `readRun(reader, run, warnings)` fills a run whose `where`, `engine` (backend) and
/// `model` (model_id) are set. Errors are returned, never thrown.
template<typename ReadRun>
core::Result<core::BenchmarkFile> readRuns(std::string_view text, const std::string& fileName, std::string_view client,
    std::string_view signatureKey, ReadRun readRun)
{
    core::BenchmarkFile file;
    file.file = fileName;
    file.format = std::string(client);
    try {
        for (const Document& doc : documents(text, fileName)) {
            requireClient(doc, client, signatureKey);
            ObjectReader r(doc.value, "", doc.context);
            core::BenchmarkRun run;
            run.where = doc.context.file;
            run.engine = r.optString("backend").value_or("");
            run.model = r.optString("model_id").value_or("");
            readRun(r, run, file.warnings);
            file.runs.push_back(std::move(run));
        }
    } catch (const core::detail::Failure& f) {
        return f.error;
    }
    return file;
}

/// A request rate: a positive number, or "inf" / "Infinity" (every request at once) as +infinity.
double requestRate(ObjectReader& r, std::string_view key);

/// What vLLM's and SGLang's results share under the same keys: completed, num_prompts (the failed ones are the rest),
/// duration, request_rate, max_concurrency, and the token totals as means per completed request.
void readCountsAndTotals(ObjectReader& r, core::BenchmarkRun& run);

/// The mean and median of a latency written as mean_<name>_ms and median_<name>_ms (vLLM's and SGLang's keys); each
/// required or optional.
core::LatencyStat latency(ObjectReader& r, std::string_view name, bool meanRequired, bool medianRequired);

/// Unsets the latencies of 0 a run wrote beside a measured TTFT (a field it did not fill is not a measurement).
void dropZeroLatencies(core::BenchmarkRun& run);

/// The rules every run meets: at least one completed request, no more than maxFailedShare of them failed (a warning
/// when some did), and latencies that were measured (not the 0.0 a failed run writes). `latencyKey` names the field
/// checked for a measured latency. Throws core::detail::Failure.
void checkRun(const JsonContext& ctx, const core::BenchmarkRun& run, const std::string& completedPointer,
    const std::string& latencyPointer, std::vector<std::string>& warnings);

/// A run where more than this share of its requests failed measured a failing server, not its speed: the threshold
/// the InferenceX runs give AIPerf (--failed-request-threshold 0.1, tests/data/calibration/aiperf/).
inline constexpr double maxFailedShare = 0.1;

} // namespace gpuplan::benchmarks::detail
