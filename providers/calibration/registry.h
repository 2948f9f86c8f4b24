#pragma once
// Every serving-benchmark result format gpuplan calibrates from, in one list: the CLI's `calibrate --import --format`
// list and help, and the app's Import Benchmark Result dialog read it. Qt-free: the fuzz preset builds it with no Qt.

#include "core/benchmark.h"
#include "core/result.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::benchmarks {

struct Format
{
    std::string id;                    ///< "vllm", the --format value
    std::string displayName;           ///< English; the app translates it (context "gpuplan::benchmarks")
    std::vector<std::string> patterns; ///< file name patterns for a file dialog ("*.json")
    /// Whether a file's first 64 KiB (`head`) with this suffix (lower case, no dot) look like this format.
    std::function<bool(std::string_view head, std::string_view suffix)> recognizes;
    /// Reads the whole text; a truncated file, a missing or bad field, or a file of another format is an error naming
    /// the file (and line), the field and the value.
    std::function<core::Result<core::BenchmarkFile>(std::string_view text, const std::string& fileName)> read;
};

/// The formats, in the order help texts list them.
const std::vector<Format>& formats();
/// The format with this id, or null.
const Format* findFormat(std::string_view id);
/// "vllm|sglang|aiperf" for messages and usage lines.
std::string formatIds(std::string_view separator = "|");
/// The format a file's first bytes and suffix suggest, or null.
const Format* guessFormat(std::string_view head, std::string_view suffix);

/// Reads a result file in `formatId`, or in the format its content suggests when `formatId` is empty (an error
/// listing the formats when none fits).
core::Result<core::BenchmarkFile> readBenchmarkFile(
    std::string_view text, const std::string& fileName, std::string_view formatId = {});

/// The most text a result file may hold: 32 MiB, as much as the price files gpuplan reads whole
/// (importers::maxWholeFileBytes). A vLLM result with --save-detailed per-request arrays of 1,000 requests is 1.4 MB.
inline constexpr std::size_t maxResultFileBytes = 32u * 1024 * 1024;

} // namespace gpuplan::benchmarks
