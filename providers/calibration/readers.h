#pragma once
// Private to providers/calibration: one reader per result format; registry.h lists them.

#include "core/benchmark.h"
#include "core/result.h"

#include <string>
#include <string_view>

namespace gpuplan::benchmarks {

/// vLLM's serving benchmark: benchmarks/benchmark_serving.py --save-result and `vllm bench serve --save-result`, one
/// result or several appended as JSON Lines.
core::Result<core::BenchmarkFile> readVllm(std::string_view text, const std::string& fileName);
/// SGLang's `python -m sglang.bench_serving --output-file` (JSON Lines, `Infinity` for an unbounded request rate).
core::Result<core::BenchmarkFile> readSglang(std::string_view text, const std::string& fileName);
/// NVIDIA AIPerf's profile_export_aiperf.json or profile_export_aiperf.csv.
core::Result<core::BenchmarkFile> readAiperf(std::string_view text, const std::string& fileName);

} // namespace gpuplan::benchmarks
