#include "registry.h"

#include "common.h"
#include "readers.h"

// Qt's lupdate collects the display names below into the app's translation (context "gpuplan::benchmarks"); no Qt
// is needed here.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace gpuplan::benchmarks {

namespace {

bool has(std::string_view head, std::string_view needle)
{
    return head.find(needle) != std::string_view::npos;
}

} // namespace

const std::vector<Format>& formats()
{
    static const std::vector<Format> all = [] {
        std::vector<Format> f;
        f.push_back({"vllm",
            QT_TRANSLATE_NOOP("gpuplan::benchmarks", "vLLM benchmark_serving / vllm bench serve result (JSON)"),
            {"*.json", "*.jsonl"},
            [](auto h, auto) {
                return has(h, "\"mean_tpot_ms\"") && !has(h, "\"mean_e2e_latency_ms\"")
                    && !has(h, "\"total_output_tokens_retokenized\"");
            },
            readVllm});
        f.push_back({"sglang", QT_TRANSLATE_NOOP("gpuplan::benchmarks", "SGLang bench_serving output (JSON Lines)"),
            {"*.jsonl", "*.json"},
            [](auto h, auto) {
                return has(h, "\"mean_e2e_latency_ms\"") || has(h, "\"total_output_tokens_retokenized\"");
            },
            readSglang});
        f.push_back({"aiperf",
            QT_TRANSLATE_NOOP(
                "gpuplan::benchmarks", "NVIDIA AIPerf profile export (profile_export_aiperf.json or .csv)"),
            {"profile_export_aiperf.json", "profile_export_aiperf.csv", "*.json", "*.csv"},
            [](auto h, auto) {
                return has(h, "\"aiperf_version\"") || h.rfind("Metric,avg,", 0) == 0
                    || h.rfind("\xEF\xBB\xBFMetric,avg,", 0) == 0;
            },
            readAiperf});
        return f;
    }();
    return all;
}

const Format* findFormat(std::string_view id)
{
    for (const auto& f : formats())
        if (f.id == id)
            return &f;
    return nullptr;
}

std::string formatIds(std::string_view separator)
{
    std::string s;
    for (const auto& f : formats())
        s += (s.empty() ? "" : std::string(separator)) + f.id;
    return s;
}

const Format* guessFormat(std::string_view head, std::string_view suffix)
{
    for (const auto& f : formats())
        if (f.recognizes(head, suffix))
            return &f;
    return nullptr;
}

core::Result<core::BenchmarkFile> readBenchmarkFile(
    std::string_view text, const std::string& fileName, std::string_view formatId)
{
    if (text.size() > maxResultFileBytes)
        return core::Error {core::ErrorCode::LimitExceeded,
            fileName + ": larger than " + std::to_string(maxResultFileBytes / (1024 * 1024))
                + " MiB, the most gpuplan reads of a benchmark result"};
    const Format* f = nullptr;
    if (formatId.empty()) {
        const auto dot = fileName.find_last_of('.');
        std::string suffix = dot == std::string::npos ? std::string() : fileName.substr(dot + 1);
        for (auto& c : suffix)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        f = guessFormat(text.substr(0, 65536), suffix);
        if (!f)
            return core::Error {core::ErrorCode::InvalidInput,
                fileName + ": not a result format gpuplan reads (" + formatIds(", ")
                    + "): no vLLM, SGLang or AIPerf key in its first 64 KiB; name the format"};
    } else {
        f = findFormat(formatId);
        if (!f)
            return core::Error {core::ErrorCode::InvalidInput,
                "format: must be one of " + formatIds(", ") + ", got \"" + std::string(formatId.substr(0, 60)) + '"'};
    }
    return f->read(text, fileName);
}

} // namespace gpuplan::benchmarks
