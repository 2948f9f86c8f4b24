#pragma once
// A workload file and the files it names: inference.length_csv, a CSV of (prompt, output) pairs, becomes the
// length_mix it stands for (core::lengthMixFromCsv) with a length_mix_source saying where it came from. Every front
// end that opens a workload file (the CLI's plan and tco, the app's Open) reads it through here, so the CSV is read
// once, when the file is opened, and a saved scenario keeps the mix, not a path that may not exist later.

#include "core/result.h"
#include "core/workload.h"

#include <filesystem>
#include <string>

namespace gpuplan::providers {

/// The members a CSV of request lengths becomes in a workload's "inference": {"length_mix": [...],
/// "length_mix_source": {"file", "requests", "prompt_column", "output_column"}}, as JSON text. The buckets'
/// lengths are rounded to whole tokens, as length_mix takes them (a mean moves by under half a token).
std::string lengthMixMembers(const core::LengthPairs& pairs, const std::string& fileName);

/// `text`, the workload read from `name`, with the files it names brought in; a relative CSV path is taken from
/// `folder` (the workload file's own). Text that is not a JSON object is returned as it is, for parseWorkload to
/// report. Errors name the workload file, the field and the CSV's file, line, column and value.
core::Result<std::string> inlineWorkloadFiles(
    const std::string& text, const std::string& name, const std::filesystem::path& folder);

/// Reads the workload file at `path` (providers::readTextFile) and inlines the files it names.
core::Result<std::string> readWorkloadFile(const std::filesystem::path& path);

} // namespace gpuplan::providers
