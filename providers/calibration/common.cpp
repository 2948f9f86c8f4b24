#include "common.h"

#include <cmath>
#include <limits>

namespace gpuplan::benchmarks::detail {

using core::Message;
using core::detail::describe;
using core::detail::fail;
namespace msg = core::msg;

std::string quoteNonFinite(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 16);
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        bool replaced = false;
        for (std::string_view token : {"-Infinity", "Infinity", "NaN"}) {
            if (text.substr(i, token.size()) == token) {
                out += '"';
                out += token;
                out += '"';
                i += token.size() - 1;
                replaced = true;
                break;
            }
        }
        if (!replaced)
            out += c;
    }
    return out;
}

std::vector<Document> documents(std::string_view text, const std::string& fileName)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    const std::string quoted = quoteNonFinite(text);
    std::vector<Document> out;
    // More than one line holding a value: JSON Lines, each line read on its own (a pretty-printed document spans
    // lines too, so the whole text is tried first).
    std::size_t valueLines = 0;
    for (std::size_t pos = 0; pos <= quoted.size();) {
        const std::size_t end = std::min(quoted.find('\n', pos), quoted.size());
        if (quoted.find_first_not_of(" \t\r", pos) < end)
            ++valueLines;
        pos = end + 1;
    }
    const JsonContext whole {fileName, nullptr};
    std::optional<core::detail::Failure> wholeFailure;
    try {
        nlohmann::json root = core::detail::parseJson(quoted, whole);
        if (root.is_array()) {
            if (root.empty())
                fail(whole, "", Message(msg::mustBeNonEmptyArray, {"[]"}));
            for (std::size_t i = 0; i < root.size(); ++i) {
                Document d;
                d.value = std::move(root[i]);
                d.context.file = fileName + "[" + std::to_string(i + 1) + "]";
                out.push_back(std::move(d));
            }
            return out;
        }
        out.push_back({std::move(root), whole});
        return out;
    } catch (const core::detail::Failure& f) {
        if (valueLines < 2)
            throw;
        wholeFailure = f;
    }
    // JSON Lines only when the first line holding a value is a document of its own; otherwise the text is one
    // document that breaks somewhere (a truncated pretty-printed file), and the whole-text error says where.
    std::size_t line = 0;
    bool first = true;
    for (std::size_t pos = 0; pos <= quoted.size();) {
        const std::size_t end = std::min(quoted.find('\n', pos), quoted.size());
        ++line;
        const std::string_view l = std::string_view(quoted).substr(pos, end - pos);
        pos = end + 1;
        if (l.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        Document d;
        d.context.file = fileName + ":" + std::to_string(line);
        if (first) {
            first = false;
            try {
                d.value = core::detail::parseJson(l, d.context);
            } catch (const core::detail::Failure&) {
                throw *wholeFailure;
            }
        } else {
            d.value = core::detail::parseJson(l, d.context);
        }
        out.push_back(std::move(d));
    }
    return out;
}

std::string_view clientOf(const nlohmann::json& o)
{
    if (!o.is_object())
        return "";
    // AIPerf: its version in every export. SGLang's bench_serving: the end-to-end latency under its own name and the
    // retokenized output count (vLLM's writes e2el and neither). vLLM's: TPOT statistics with its key names.
    if (o.contains("aiperf_version") || o.contains("time_to_first_token"))
        return "aiperf";
    if (o.contains("mean_e2e_latency_ms") || o.contains("total_output_tokens_retokenized"))
        return "sglang";
    if (o.contains("mean_tpot_ms") || o.contains("mean_ttft_ms"))
        return "vllm";
    return "";
}

void requireClient(const Document& doc, std::string_view expected, std::string_view signatureKey)
{
    const std::string_view found = clientOf(doc.value);
    if (found == expected)
        return;
    const std::string names = expected == "vllm" ? "a vLLM benchmark result"
        : expected == "sglang"                   ? "an SGLang bench_serving result"
                                                 : "an AIPerf export";
    std::string hint;
    if (found == "vllm")
        hint = ": it looks like vLLM's benchmark_serving / vllm bench serve output (format vllm)";
    else if (found == "sglang")
        hint = ": it looks like SGLang's bench_serving output (format sglang)";
    else if (found == "aiperf")
        hint = ": it looks like an AIPerf export (format aiperf)";
    if (!doc.value.is_object())
        fail(doc.context, "", Message(msg::mustBeObject, {describe(doc.value)}));
    fail(doc.context, "/" + std::string(signatureKey),
        "required: not " + names + " (it has no \"" + std::string(signatureKey) + "\")" + hint);
}

double requestRate(ObjectReader& r, std::string_view key)
{
    const auto& v = r.raw(key);
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s == "inf" || s == "Infinity" || s == "INF" || s == "infinity")
            return std::numeric_limits<double>::infinity();
        fail(r.context(), r.pointer(key), "must be a request rate (a positive number or \"inf\"), got " + describe(v));
    }
    return r.number(key, Bound::Positive);
}

void readCountsAndTotals(ObjectReader& r, core::BenchmarkRun& run)
{
    run.completed = static_cast<int>(r.integer("completed", 0, 1000000000));
    if (const auto prompts = r.optInteger("num_prompts", 0, 1000000000))
        run.failed = static_cast<int>(std::max<long long>(0, *prompts - run.completed));
    run.durationS = r.number("duration", Bound::NonNegative);
    run.requestRate = requestRate(r, "request_rate");
    if (const auto c = r.optInteger("max_concurrency", 1, 1000000000))
        run.maxConcurrency = static_cast<int>(*c);
    const double input = r.number("total_input_tokens", Bound::NonNegative);
    const double output = r.number("total_output_tokens", Bound::NonNegative);
    if (run.completed > 0) {
        run.promptTokens = input / run.completed;
        run.outputTokens = output / run.completed;
    }
}

core::LatencyStat latency(ObjectReader& r, std::string_view name, bool meanRequired, bool medianRequired)
{
    const std::string mean = "mean_" + std::string(name) + "_ms", median = "median_" + std::string(name) + "_ms";
    core::LatencyStat s;
    s.mean = meanRequired ? r.number(mean, Bound::NonNegative) : r.optNumber(mean, Bound::NonNegative);
    s.median = medianRequired ? r.number(median, Bound::NonNegative) : r.optNumber(median, Bound::NonNegative);
    return s;
}

void dropZeroLatencies(core::BenchmarkRun& run)
{
    for (auto* stat : {&run.tpotMs, &run.itlMs, &run.e2eMs})
        for (auto* v : {&stat->mean, &stat->median})
            if (*v && !(**v > 0))
                v->reset();
}

void checkRun(const JsonContext& ctx, const core::BenchmarkRun& run, const std::string& completedPointer,
    const std::string& latencyPointer, std::vector<std::string>& warnings)
{
    const int attempted = run.completed + run.failed;
    if (run.completed == 0)
        fail(ctx, completedPointer,
            "no request completed (" + std::to_string(run.failed) + " of " + std::to_string(attempted)
                + " failed): the run measured nothing");
    if (run.failed > maxFailedShare * attempted)
        fail(ctx, completedPointer,
            std::to_string(run.failed) + " of " + std::to_string(attempted)
                + " requests failed: the run measured a failing server, not its speed");
    const double ttft = run.ttftMs.mean.value_or(run.ttftMs.median.value_or(0));
    if (!(ttft > 0) || !(run.outputTokens > 0) || !(run.outputTokensPerS > 0))
        fail(ctx, latencyPointer,
            "0 with " + std::to_string(run.completed) + " requests completed: not a measurement (the run failed: "
                + std::to_string(run.failed) + " of " + std::to_string(attempted) + " requests failed, "
                + std::to_string(static_cast<long long>(std::llround(run.outputTokens * run.completed)))
                + " output tokens)");
    if (run.failed > 0)
        warnings.push_back(ctx.file + ": " + std::to_string(run.failed) + " of " + std::to_string(attempted)
            + " requests failed; the figures are those of the " + std::to_string(run.completed) + " that completed");
}

} // namespace gpuplan::benchmarks::detail
