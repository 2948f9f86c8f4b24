// NVIDIA AIPerf (GenAI-Perf's successor: "GenAI-Perf is being phased out … please use AIPerf instead", GenAI-Perf
// README, docs.nvidia.com/deeplearning/triton-inference-server) writes two summaries of a run:
// - profile_export_aiperf.json: one stats object per metric, {"unit", "avg", "p50", …} ("profile_export_aiperf.json
//   Schema", docs.nvidia.com/aiperf/reference/json-export-schema: record metrics carry avg, min, max, p1 … p99, std;
//   derived and aggregate metrics only avg), plus was_cancelled, error_summary and input_config (the CLI options:
//   loadgen.concurrency / request_rate in 0.8, phases[] in 0.11);
// - profile_export_aiperf.csv: the per-request metrics as rows "Metric,avg,min,max,sum,p1,…,p99,std", a blank line,
//   then the scalar metrics as "Metric,Value" (CRLF line ends; cells of statistics a metric lacks are empty).
// AIPerf's inter_token_latency is per request (request latency − TTFT) / (output tokens − 1) averaged over requests
// (AIPerf Metrics Reference), the TPOT of vLLM and SGLang.
#include "common.h"
#include "readers.h"

#include "core/csv.h"

#include <cmath>
#include <map>

namespace gpuplan::benchmarks {

using namespace detail;
using core::BenchmarkFile;
using core::BenchmarkRun;
using core::Message;
using core::detail::describe;
using core::detail::fail;
namespace msg = core::msg;

namespace {

/// A metric's stats object: avg (required), p50 when `median`.
core::LatencyStat stat(ObjectReader& r, std::string_view key, bool median)
{
    auto s = r.object(key);
    core::LatencyStat out;
    out.mean = s.number("avg", Bound::NonNegative);
    if (median)
        out.median = s.optNumber("p50", Bound::NonNegative);
    return out;
}

double scalar(ObjectReader& r, std::string_view key, Bound bound = Bound::NonNegative)
{
    auto s = r.object(key);
    return s.number("avg", bound);
}

std::optional<double> optScalar(ObjectReader& r, std::string_view key)
{
    if (!r.has(key))
        return std::nullopt;
    return scalar(r, key);
}

/// The load the run put on the server, from input_config: 0.8 writes loadgen.{concurrency, request_rate}, 0.11 a
/// list of phases each with a type ("concurrency", "request_rate") and its value.
void loadOf(ObjectReader& r, BenchmarkRun& run)
{
    auto config = r.optObject("input_config");
    if (!config)
        return;
    if (auto loadgen = config->optObject("loadgen")) {
        if (const auto c = loadgen->optInteger("concurrency", 1, 1000000000))
            run.maxConcurrency = static_cast<int>(*c);
        if (const auto rate = loadgen->optNumber("request_rate", Bound::Positive))
            run.requestRate = *rate;
    }
    if (config->has("phases")) {
        const auto& phases = config->raw("phases");
        for (std::size_t i = 0; phases.is_array() && i < phases.size(); ++i) {
            if (!phases[i].is_object() || phases[i].value("exclude_from_results", false))
                continue;
            ObjectReader p(phases[i], core::detail::appendPointer(config->pointer("phases"), i), r.context());
            if (const auto c = p.optInteger("concurrency", 1, 1000000000))
                run.maxConcurrency = static_cast<int>(*c);
            if (const auto rate = p.optNumber("request_rate", Bound::Positive))
                run.requestRate = *rate;
        }
    }
    // The dataset: a public or file dataset has lengths that vary; synthetic prompts are fixed unless a stddev is set.
    if (auto input = config->optObject("input")) {
        if (const auto name = input->optString("public_dataset"))
            run.dataset = *name;
        else if (input->has("file"))
            run.dataset = "file";
    }
    if (config->has("datasets")) {
        const auto& datasets = config->raw("datasets");
        if (datasets.is_array() && !datasets.empty() && datasets[0].is_object())
            run.dataset = datasets[0].value("type", std::string("file"));
    }
    if (auto endpoint = config->optObject("endpoint"))
        if (endpoint->has("model_names")) {
            const auto& names = endpoint->raw("model_names");
            if (names.is_array() && !names.empty() && names[0].is_string())
                run.model = names[0].get<std::string>();
        }
}

core::Result<BenchmarkFile> readJson(std::string_view text, const std::string& fileName)
{
    return readRuns(text, fileName, "aiperf", "aiperf_version", [](ObjectReader& r, BenchmarkRun& run, auto& warnings) {
        const JsonContext& ctx = r.context();
        if (r.optBool("was_cancelled").value_or(false)) {
            const auto errors = optScalar(r, "error_request_count");
            fail(ctx, "/was_cancelled",
                "true: the run was cancelled before its end"
                    + (errors ? " (" + std::to_string(static_cast<long long>(*errors)) + " requests failed)"
                              : std::string())
                    + "; its figures are not a measurement of the server");
        }
        run.completed = static_cast<int>(std::lround(scalar(r, "request_count")));
        if (const auto errors = optScalar(r, "error_request_count"))
            run.failed = static_cast<int>(std::lround(*errors));
        run.durationS = scalar(r, "benchmark_duration");
        run.ttftMs = stat(r, "time_to_first_token", true);
        run.tpotMs = stat(r, "inter_token_latency", true);
        run.e2eMs = stat(r, "request_latency", true);
        run.outputTokens = stat(r, "output_sequence_length", false).mean.value_or(0);
        if (r.has("input_sequence_length"))
            run.promptTokens = stat(r, "input_sequence_length", false).mean;
        run.outputTokensPerS = scalar(r, "output_token_throughput");
        run.requestsPerS = scalar(r, "request_throughput");
        loadOf(r, run);
        checkRun(ctx, run, "/request_count", "/time_to_first_token/avg", warnings);
    });
}

/// The CSV's rows by metric name: the section of per-request metrics (cells by statistic) and the scalar section.
BenchmarkFile readCsv(std::string_view text, const std::string& fileName)
{
    const JsonContext ctx {fileName, nullptr};
    auto table = core::parseCsv(text, fileName);
    if (!table)
        throw core::detail::Failure {table.error()};
    // parseCsv takes the first line as the header; blank lines end a section, and "Metric,Value" starts the next.
    if (table->header.empty() || table->header[0] != "Metric" || table->column("avg") < 0)
        fail(ctx, "",
            "not an AIPerf profile_export_aiperf.csv: its first line must be \"Metric,avg,min,max,…\", got \""
                + std::string(text.substr(0, std::min<std::size_t>(60, text.find_first_of("\r\n")))) + '"');
    const int avg = table->column("avg"), p50 = table->column("p50");
    struct Row
    {
        std::vector<std::string> cells;
        std::size_t line = 0;
    };
    std::map<std::string, Row> metrics, scalars;
    bool inScalars = false;
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
        const auto& cells = table->rows[i];
        if (cells.empty() || (cells.size() == 1 && cells[0].empty()))
            continue;
        if (cells[0] == "Metric" && cells.size() >= 2 && cells[1] == "Value") {
            inScalars = true;
            continue;
        }
        if (cells[0] == "Endpoint")
            break; // GPU telemetry
        (inScalars ? scalars : metrics)[cells[0]] = {cells, static_cast<std::size_t>(table->lines[i])};
    }
    const auto number = [&](const Row& row, int column, const std::string& name, const char* statName) {
        const std::string place = fileName + ":" + std::to_string(row.line) + ": " + name + ": " + statName;
        if (column < 0 || static_cast<std::size_t>(column) >= row.cells.size() || row.cells[column].empty())
            throw core::detail::Failure {core::Error {core::ErrorCode::InvalidInput, place + ": required"}};
        const std::string& s = row.cells[static_cast<std::size_t>(column)];
        const double v = core::parseNumberCell(s).value_or(-1);
        if (v < 0)
            throw core::detail::Failure {core::Error {
                core::ErrorCode::InvalidInput, place + ": must be a non-negative number, got \"" + s + '"'}};
        return v;
    };
    const auto metric = [&](const char* name, bool required) -> const Row* {
        auto it = metrics.find(name);
        if (it == metrics.end()) {
            if (required)
                throw core::detail::Failure {core::Error {core::ErrorCode::InvalidInput,
                    fileName + ": no \"" + std::string(name) + "\" row among the per-request metrics"}};
            return nullptr;
        }
        return &it->second;
    };
    const auto value = [&](const char* name, bool required) -> std::optional<double> {
        auto it = scalars.find(name);
        if (it == scalars.end()) {
            if (required)
                throw core::detail::Failure {core::Error {core::ErrorCode::InvalidInput,
                    fileName + ": no \"" + std::string(name) + "\" row among the scalar metrics (Metric,Value)"}};
            return std::nullopt;
        }
        return number(it->second, 1, name, "Value");
    };
    BenchmarkRun run;
    run.where = fileName;
    const Row* ttft = metric("Time to First Token (ms)", true);
    const Row* itl = metric("Inter Token Latency (ms)", true);
    const Row* latency = metric("Request Latency (ms)", true);
    const Row* osl = metric("Output Sequence Length (tokens)", true);
    run.ttftMs = {
        number(*ttft, avg, "Time to First Token (ms)", "avg"), number(*ttft, p50, "Time to First Token (ms)", "p50")};
    run.tpotMs
        = {number(*itl, avg, "Inter Token Latency (ms)", "avg"), number(*itl, p50, "Inter Token Latency (ms)", "p50")};
    run.e2eMs.mean = number(*latency, avg, "Request Latency (ms)", "avg");
    run.outputTokens = number(*osl, avg, "Output Sequence Length (tokens)", "avg");
    if (const Row* isl = metric("Input Sequence Length (tokens)", false))
        run.promptTokens = number(*isl, avg, "Input Sequence Length (tokens)", "avg");
    run.completed = static_cast<int>(std::lround(*value("Request Count", true)));
    run.failed = static_cast<int>(std::lround(value("Error Request Count", false).value_or(0)));
    run.durationS = *value("Benchmark Duration (sec)", true);
    run.outputTokensPerS = *value("Output Token Throughput (tokens/sec)", true);
    run.requestsPerS = value("Request Throughput (requests/sec)", true);
    BenchmarkFile file;
    file.file = fileName;
    file.format = "aiperf";
    checkRun(ctx, run, "/Request Count", "/Time to First Token (ms)/avg", file.warnings);
    file.runs.push_back(std::move(run));
    return file;
}

} // namespace

core::Result<BenchmarkFile> readAiperf(std::string_view text, const std::string& fileName)
{
    try {
        const auto first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
        if (first != std::string_view::npos && (text[first] == '{' || text[first] == '['))
            return readJson(text, fileName);
        if (first == std::string_view::npos)
            fail(JsonContext {fileName, nullptr}, "", Message(msg::jsonEmpty));
        return readCsv(text, fileName);
    } catch (const core::detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::benchmarks
