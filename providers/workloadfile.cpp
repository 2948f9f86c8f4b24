#include "workloadfile.h"

#include "bundled.h"
#include "core/json_reader.h"
#include "core/workload.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace gpuplan::providers {

namespace {

/// The error `inner` (about the CSV) placed at the workload's field.
core::Error atField(const std::string& name, const std::string& pointer, const core::Error& inner)
{
    core::Error e = inner;
    e.detail = name + ":" + pointer + ": " + inner.detail;
    e.file = name;
    e.pointer = pointer;
    return e;
}

} // namespace

std::string lengthMixMembers(const core::LengthPairs& pairs, const std::string& fileName)
{
    nlohmann::ordered_json mix = nlohmann::ordered_json::array();
    for (const auto& b : pairs.buckets)
        mix.push_back({{"prompt_tokens", std::max(1.0, std::round(b.promptTokens))},
            {"output_tokens", std::max(1.0, std::round(b.outputTokens))}, {"share", b.share}});
    nlohmann::ordered_json j;
    j["length_mix"] = std::move(mix);
    j["length_mix_source"] = {{"file", std::filesystem::path(fileName).filename().string()},
        {"requests", pairs.requests}, {"prompt_column", pairs.promptColumn}, {"output_column", pairs.outputColumn}};
    return j.dump();
}

core::Result<std::string> inlineWorkloadFiles(
    const std::string& text, const std::string& name, const std::filesystem::path& folder)
{
    if (text.find("length_csv") == std::string::npos)
        return text;
    // Within core's limits (nesting, string length, duplicate keys) first: past them parseWorkload says what is wrong.
    try {
        core::detail::parseJson(text, core::detail::JsonContext {name});
    } catch (const core::detail::Failure&) {
        return text;
    }
    auto root = nlohmann::ordered_json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object())
        return text;
    auto inference = root.find("inference");
    if (inference == root.end() || !inference->is_object() || !inference->contains("length_csv"))
        return text;
    const std::string pointer = "/inference/length_csv";
    const auto& value = (*inference)["length_csv"];
    if (!value.is_string() || value.get<std::string>().empty())
        return core::Error {core::ErrorCode::InvalidInput,
            name + ":" + pointer + ": must be the path of a CSV of (prompt, output) token counts, got " + value.dump()};
    const std::string written = value.get<std::string>();
    std::filesystem::path csvPath(written);
    if (csvPath.is_relative())
        csvPath = folder / csvPath;
    auto csv = readTextFile(csvPath);
    if (!csv)
        return atField(name, pointer, csv.error());
    auto pairs = core::lengthMixFromCsv(*csv, written);
    if (!pairs)
        return atField(name, pointer, pairs.error());
    const auto members = nlohmann::ordered_json::parse(lengthMixMembers(*pairs, written));
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (auto it = inference->begin(); it != inference->end(); ++it) {
        if (it.key() == "length_csv")
            out.update(members);
        else
            out[it.key()] = it.value();
    }
    *inference = std::move(out);
    return root.dump(2) + "\n";
}

core::Result<std::string> readWorkloadFile(const std::filesystem::path& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text;
    return inlineWorkloadFiles(*text, path.string(), path.parent_path());
}

} // namespace gpuplan::providers
