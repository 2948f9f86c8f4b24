#include "cli.h"

#include "app/report/format.h"
#include "app/report/plan_output.h"
#include "core/planner.h"
#include "core/workload.h"
#include "providers/bundled.h"

#include "gpuplan_config.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

namespace gpuplan::cli {

namespace {

const char* const mainHelp = R"(gpuplan-cli — what a GPU workload needs, where it should run, and what it costs

Usage: gpuplan-cli <command> [options]

Commands:
  plan FILE|-     estimate a workload (JSON, "gpuplan.workload/1"); "-" reads standard input
  accuracy        run the bundled published results through the estimator and show the errors
  gpus            list the GPU models gpuplan knows (datasheet figures, dense)
  models          list the model presets
  help COMMAND    help on a command

Options:
  --version       print the version
  --help          this help

Exit codes: 0 success; 1 valid input but nothing feasible; 2 bad input or arguments;
3 something this machine lacks; 4 a network or remote failure.
)";

const char* const planHelp = R"(Usage: gpuplan-cli plan FILE|- [--format table|json|csv] [--output PATH]

Estimates compute, memory per GPU, time and throughput for the workload in FILE.
With "hardware" pinned in the workload, prints that deployment's estimate (JSON: "estimate");
otherwise ranks the smallest fitting GPU count of every known GPU (JSON: "candidates").

Options:
  --format FORMAT   table (default), json or csv
  --output PATH     write the result to PATH instead of standard output
  --help            this help

Exit codes: 0 feasible; 1 valid but nothing fits (a pinned deployment still prints its result with
"fits": false); 2 bad input.
)";

const char* const gpusHelp = R"(Usage: gpuplan-cli gpus [--format table|json]

Lists the GPU models in pricing-data/gpus.json: dense peak TFLOPS, memory, bandwidth, links, power.
Set GPUPLAN_DATA_DIR to read an edited copy of pricing-data/.
)";

const char* const accuracyHelp = R"(Usage: gpuplan-cli accuracy [--format table|json|csv] [--output PATH]

Runs the bundled table of published results (Megatron-LM, MosaicML llm-foundry, Llama 2 and 3,
TensorRT-LLM, MLPerf, ZeRO, vLLM, Korthikanti et al.) through the estimator and prints, per row,
published vs estimated and the error, then the median and worst error per group against the limits
this project promises. Exit code 1 when a group exceeds its limit.
)";

const char* const modelsHelp = R"(Usage: gpuplan-cli models [--format table|json]

Lists the model presets in pricing-data/models.json with parameter counts computed from the
architecture next to the published count.
)";

struct Args
{
    std::vector<std::string> positional;
    std::map<std::string, std::string> options;
    bool help = false;
};

/// Parses "--name value", "--name=value" and flags; unknown options are errors.
std::optional<Args> parseArgs(const std::vector<std::string>& args, std::size_t from,
    const std::vector<std::string>& valued, std::ostream& err, const std::string& command)
{
    Args a;
    for (std::size_t i = from; i < args.size(); ++i) {
        const std::string& s = args[i];
        if (s == "--help" || s == "-h") {
            a.help = true;
            continue;
        }
        if (s.size() > 2 && s.rfind("--", 0) == 0) {
            std::string name = s.substr(2), value;
            const auto eq = name.find('=');
            const bool inlineValue = eq != std::string::npos;
            if (inlineValue) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            if (std::find(valued.begin(), valued.end(), name) == valued.end()) {
                err << "gpuplan-cli " << command << ": unknown option --" << name << " (see --help)\n";
                return std::nullopt;
            }
            if (!inlineValue) {
                if (i + 1 >= args.size()) {
                    err << "gpuplan-cli " << command << ": option --" << name << " needs a value\n";
                    return std::nullopt;
                }
                value = args[++i];
            }
            a.options[name] = value;
            continue;
        }
        a.positional.push_back(s);
    }
    return a;
}

std::string formatOption(
    const Args& a, const std::vector<std::string>& allowed, std::ostream& err, const std::string& command, bool& ok)
{
    ok = true;
    auto it = a.options.find("format");
    if (it == a.options.end())
        return allowed.front();
    if (std::find(allowed.begin(), allowed.end(), it->second) == allowed.end()) {
        std::string list;
        for (const auto& f : allowed)
            list += (list.empty() ? "" : "|") + f;
        err << "gpuplan-cli " << command << ": --format must be one of " << list << ", got \"" << it->second << "\"\n";
        ok = false;
    }
    return it->second;
}

/// Writes to --output (atomically enough for a CLI: a temporary file renamed over the target) or stdout.
bool emit(const Args& a, const std::string& text, std::ostream& out, std::ostream& err)
{
    auto it = a.options.find("output");
    if (it == a.options.end()) {
        out << text;
        return true;
    }
    const std::filesystem::path target(it->second);
    const std::filesystem::path tmp = target.string() + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f || !(f << text) || !f.flush()) {
            err << "gpuplan-cli: " << it->second << ": cannot write file\n";
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        err << "gpuplan-cli: " << it->second << ": cannot write file: " << ec.message() << "\n";
        std::filesystem::remove(tmp, ec);
        return false;
    }
    return true;
}

struct Catalogs
{
    core::GpuCatalog gpus;
    core::ModelCatalog models;
};

std::optional<Catalogs> loadCatalogs(std::ostream& err)
{
    std::vector<std::string> warnings;
    auto gpus = providers::loadGpuCatalog(&warnings);
    if (!gpus) {
        err << "gpuplan-cli: " << gpus.error().detail << "\n";
        return std::nullopt;
    }
    auto models = providers::loadModelCatalog(&warnings);
    if (!models) {
        err << "gpuplan-cli: " << models.error().detail << "\n";
        return std::nullopt;
    }
    for (const auto& w : warnings)
        err << "warning: " << w << "\n";
    return Catalogs {std::move(*gpus), std::move(*models)};
}

int cmdPlan(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1, {"format", "output"}, err, "plan");
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << planHelp;
        return ExitOk;
    }
    if (a->positional.size() != 1) {
        err << "gpuplan-cli plan: expected one workload file (or - for standard input), got " << a->positional.size()
            << "\n"
            << planHelp;
        return ExitBadInput;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json", "csv"}, err, "plan", ok);
    if (!ok)
        return ExitBadInput;

    const std::string& file = a->positional.front();
    std::string text, name;
    if (file == "-") {
        std::ostringstream buf;
        buf << in.rdbuf();
        text = buf.str();
        name = "<stdin>";
    } else {
        auto t = providers::readTextFile(file);
        if (!t) {
            err << "gpuplan-cli: " << t.error().detail << "\n";
            return ExitBadInput;
        }
        text = std::move(*t);
        name = file;
    }
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    std::vector<std::string> warnings;
    auto w = core::parseWorkload(text, name, cats->models, cats->gpus, &warnings);
    if (!w) {
        err << "gpuplan-cli: " << w.error().detail << "\n";
        return ExitBadInput;
    }
    for (const auto& warning : warnings)
        err << "warning: " << warning << "\n";

    const core::Plan plan = core::makePlan(*w, cats->gpus);
    // Ranges come from the estimator's residuals on the bundled published results.
    auto accuracy = providers::bundledAccuracy(cats->models, cats->gpus);
    if (!accuracy)
        err << "warning: no estimate ranges: " << accuracy.error().detail << "\n";
    const core::AccuracyReport* acc = accuracy ? &*accuracy : nullptr;
    std::string result;
    if (format == "json")
        result = report::planToJson(*w, plan, warnings, acc);
    else if (format == "csv")
        result = report::planToCsv(*w, plan, acc);
    else
        result = report::planToTable(*w, plan, {}, acc);
    if (!emit(*a, result, out, err))
        return ExitBadInput;
    const bool feasible = plan.pinned ? plan.pinned->fits : !plan.candidates.empty();
    if (!feasible)
        err << "gpuplan-cli: nothing feasible for " << name
            << (plan.pinned ? ": the pinned deployment does not fit (see the suggestions)" : "") << "\n";
    return feasible ? ExitOk : ExitInfeasible;
}

int cmdGpus(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1, {"format", "output"}, err, "gpus");
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << gpusHelp;
        return ExitOk;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json"}, err, "gpus", ok);
    if (!ok)
        return ExitBadInput;
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    using report::withSeparators;
    auto tf = [](const core::GpuSpec& g, core::Precision p) {
        auto v = g.peak(p);
        return v ? withSeparators(*v / 1e12, 1) : std::string("-");
    };
    if (format == "json") {
        nlohmann::ordered_json j = nlohmann::ordered_json::array();
        for (const auto& g : cats->gpus.all()) {
            nlohmann::ordered_json peaks;
            for (auto& [p, v] : g.peakFlops)
                peaks[std::string(core::toString(p))] = v / 1e12;
            j.push_back({{"id", g.id}, {"name", g.name}, {"memory_bytes", g.memoryBytes},
                {"memory_bandwidth_bytes_per_s", g.memoryBandwidth}, {"dense_tflops", peaks},
                {"intra_node_link", g.intraLink}, {"intra_node_bytes_per_s", g.intraBandwidth},
                {"inter_node_bytes_per_s", g.interBandwidth}, {"tdp_w", g.tdpW}, {"mig_profiles", g.migProfiles.size()},
                {"source", g.source}});
        }
        return emit(*a, j.dump(2) + "\n", out, err) ? ExitOk : ExitBadInput;
    }
    report::TextTable t(
        {"id", "memory GiB", "HBM TB/s", "FP32 TF", "BF16 TF", "FP8 TF", "link", "link GB/s", "TDP W", "MIG"});
    for (const auto& g : cats->gpus.all())
        t.addRow({g.id, withSeparators(g.memoryBytes / (1024.0 * 1024 * 1024), 0),
            withSeparators(g.memoryBandwidth / 1e12, 2), tf(g, core::Precision::FP32),
            tf(g, g.computePrecision(core::Precision::BF16)), tf(g, core::Precision::FP8), g.intraLink,
            withSeparators(g.intraBandwidth / 1e9, 0), withSeparators(g.tdpW, 0),
            g.migProfiles.empty() ? "-" : std::to_string(g.migProfiles.size()) + " profiles"});
    return emit(*a,
               t.render()
                   + "\nTensor TFLOPS are dense (no 2:4 sparsity); link GB/s is per GPU, one direction; "
                     "memory in GiB (2^30 bytes).\n",
               out, err)
        ? ExitOk
        : ExitBadInput;
}

int cmdAccuracy(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1, {"format", "output"}, err, "accuracy");
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << accuracyHelp;
        return ExitOk;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json", "csv"}, err, "accuracy", ok);
    if (!ok)
        return ExitBadInput;
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    auto rep = providers::bundledAccuracy(cats->models, cats->gpus);
    if (!rep) {
        err << "gpuplan-cli: " << rep.error().detail << "\n";
        return ExitBadInput;
    }
    bool withinLimits = true;
    for (const auto& g : rep->groups)
        withinLimits &= g.medianAbsError <= g.limitMedian && g.worstAbsError <= g.limitWorst;
    std::string text;
    if (format == "json") {
        nlohmann::ordered_json j;
        j["schema"] = "gpuplan.accuracy/1";
        for (const auto& r : rep->rows)
            j["rows"].push_back({{"id", r.id}, {"group", r.group}, {"description", r.description}, {"metric", r.metric},
                {"published", r.published}, {"estimated", r.estimated}, {"error", r.error}, {"source", r.source}});
        for (const auto& g : rep->groups)
            j["groups"].push_back({{"name", g.name}, {"rows", g.rows}, {"median_abs_error", g.medianAbsError},
                {"worst_abs_error", g.worstAbsError}, {"limit_median", g.limitMedian}, {"limit_worst", g.limitWorst},
                {"range_rate_low", g.rateLow}, {"range_rate_high", g.rateHigh}});
        text = j.dump(2) + "\n";
    } else if (format == "csv") {
        text = "id,group,description,metric,published,estimated,error_pct,source\r\n";
        for (const auto& r : rep->rows) {
            char nums[128];
            std::snprintf(nums, sizeof nums, "%.6g,%.6g,%.2f", r.published, r.estimated, r.error * 100);
            text += report::csvField(r.id) + "," + report::csvField(r.group) + "," + report::csvField(r.description)
                + "," + report::csvField(r.metric) + "," + nums + "," + report::csvField(r.source) + "\r\n";
        }
    } else {
        using report::withSeparators;
        report::TextTable t({"id", "group", "run", "metric", "published", "estimated", "error %"});
        for (const auto& r : rep->rows) {
            const int decimals = std::abs(r.published) >= 1000 ? 0 : (std::abs(r.published) >= 10 ? 1 : 3);
            t.addRow({r.id, r.group, r.description, r.metric, withSeparators(r.published, decimals),
                withSeparators(r.estimated, decimals), withSeparators(r.error * 100, 1)});
        }
        report::TextTable g({"group", "rows", "median |error| %", "worst |error| %", "limit (median / worst) %",
            "80% range of true ÷ estimate"});
        for (const auto& grp : rep->groups)
            g.addRow({grp.name, std::to_string(grp.rows), withSeparators(grp.medianAbsError * 100, 1),
                withSeparators(grp.worstAbsError * 100, 1),
                withSeparators(grp.limitMedian * 100, 0) + " / " + withSeparators(grp.limitWorst * 100, 0),
                withSeparators(1 / grp.rateHigh, 2) + " – " + withSeparators(1 / grp.rateLow, 2)});
        text = t.render() + "\n" + g.render()
            + "\nSources: tests/data/validation/*.csv (one per row). Errors are (estimated − published) / published.\n";
    }
    if (!emit(*a, text, out, err))
        return ExitBadInput;
    return withinLimits ? ExitOk : ExitInfeasible;
}

int cmdModels(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1, {"format", "output"}, err, "models");
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << modelsHelp;
        return ExitOk;
    }
    bool ok = true;
    const std::string format = formatOption(*a, {"table", "json"}, err, "models", ok);
    if (!ok)
        return ExitBadInput;
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    using report::withSeparators;
    if (format == "json") {
        nlohmann::ordered_json j = nlohmann::ordered_json::array();
        for (const auto& m : cats->models.all()) {
            const auto pc = core::countParams(m);
            j.push_back({{"id", m.id}, {"name", m.name}, {"params", pc.total}, {"active_params", pc.active},
                {"published_params", m.publishedParams},
                {"kv_cache_bytes_per_token_bf16", core::kvBytesPerToken(m, core::Precision::BF16)},
                {"source", m.source}});
        }
        return emit(*a, j.dump(2) + "\n", out, err) ? ExitOk : ExitBadInput;
    }
    report::TextTable t({"id", "params (computed) B", "published B", "active B", "layers", "hidden", "KV KiB/token"});
    for (const auto& m : cats->models.all()) {
        const auto pc = core::countParams(m);
        t.addRow({m.id, withSeparators(pc.total / 1e9, 2),
            m.publishedParams > 0 ? withSeparators(m.publishedParams / 1e9, 2) : "-",
            withSeparators(pc.active / 1e9, 2), std::to_string(m.layers), std::to_string(m.hidden),
            withSeparators(core::kvBytesPerToken(m, core::Precision::BF16) / 1024.0, 1)});
    }
    return emit(*a, t.render() + "\nKV cache at 16 bits per value; B = 10^9 parameters.\n", out, err) ? ExitOk
                                                                                                      : ExitBadInput;
}

} // namespace

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
    if (args.empty()) {
        err << mainHelp;
        return ExitBadInput;
    }
    const std::string& cmd = args.front();
    if (cmd == "--version" || cmd == "version") {
        out << "gpuplan-cli " << GPUPLAN_VERSION << "\n";
        return ExitOk;
    }
    if (cmd == "--help" || cmd == "-h") {
        out << mainHelp;
        return ExitOk;
    }
    if (cmd == "help") {
        const std::string topic = args.size() > 1 ? args[1] : "";
        if (topic == "plan")
            out << planHelp;
        else if (topic == "gpus")
            out << gpusHelp;
        else if (topic == "models")
            out << modelsHelp;
        else if (topic == "accuracy")
            out << accuracyHelp;
        else if (topic.empty())
            out << mainHelp;
        else {
            err << "gpuplan-cli help: unknown command \"" << topic << "\"\n";
            return ExitBadInput;
        }
        return ExitOk;
    }
    if (cmd == "plan")
        return cmdPlan(args, in, out, err);
    if (cmd == "gpus")
        return cmdGpus(args, out, err);
    if (cmd == "models")
        return cmdModels(args, out, err);
    if (cmd == "accuracy")
        return cmdAccuracy(args, out, err);
    err << "gpuplan-cli: unknown command \"" << cmd << "\"\n" << mainHelp;
    return ExitBadInput;
}

} // namespace gpuplan::cli
