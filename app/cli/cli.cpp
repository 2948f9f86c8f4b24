#include "cli.h"

#include "cli_common.h"
#include "cli_reports.h"
#include "core/accuracy.h"
#include "core/json_reader.h"

#include "app/report/format.h"
#include "app/report/plan_output.h"
#include "core/planner.h"
#include "core/workload.h"
#include "providers/bundled.h"
#include "providers/store.h"
#include "providers/workloadfile.h"

#include "gpuplan_config.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

namespace gpuplan::cli {

namespace {

using namespace detail;

/// Rows of the plan table without --top (issue "What users see": 472 rows for the 8B example were too many to read).
constexpr std::size_t defaultTableRows = 20;

const char* const mainHelp = R"(gpuplan-cli — what a GPU workload needs, where it should run, and what it costs

Usage: gpuplan-cli <command> [options]

Commands:
  plan FILE|-     estimate a workload (JSON, "gpuplan.workload/1"); "-" reads standard input
  batch FILES|DIR plan many workloads: a report each (JSON, PDF, CSV) and a summary.csv
  catalog …       list, import, validate the price catalog; snapshots, price history, discounts
  tco TCO WORKLOAD  rent vs buy: cost per useful GPU-hour on premises and the break-even utilization
  calibrate       measure the local GPU (gpuplan-probe) or import/export a calibration profile
  pack TRACE      shared GPUs: pack fractional-GPU tasks onto the fewest GPUs (fractional and MIG)
  simulate NODES TASKS  a GPU cluster running a task trace under placement policies (FGD, best fit, …)
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

const char* const planHelp
    = R"(Usage: gpuplan-cli plan FILE|- [--format table|json|csv] [--output PATH] [--currency CUR]
                        [--headroom F] [--pue X] [--max-instances N] [--today YYYY-MM-DD]
                        [--top N] [--db PATH] [--no-prices] [--pdf PATH] [--csv PATH] [--csv-bom]
                        [--page a4|letter] [--lang en|zh_CN] [--emit skypilot|k8s] [--emit-output PATH]

Estimates compute, memory per GPU, time and throughput for the workload in FILE.
With "hardware" pinned in the workload, prints that deployment's estimate (JSON: "estimate");
otherwise ranks the smallest fitting GPU count of every known GPU (JSON: "candidates").

Prices every feasible deployment across the catalog (offering × instance count × layout × pricing
model), ranks by the workload's objective, marks the Pareto front and lists why the best excluded
candidates were excluded.

Options:
  --format FORMAT   table (default), json or csv
  --output PATH     write the result to PATH instead of standard output
  --currency CUR    totals in CUR (USD default; rates: pricing-data/fx.json, or newer ones fetched by
                    `catalog update --provider fx`); cost_usd is always given
  --today DATE      the plan's date, for each price's and rate's age (default: today, UTC)
  --headroom F      serving headroom above the peak when the workload gives none (fraction; default the
                    store's setting from the app's Settings, else 0.2)
  --pue X           PUE when the workload's energy section gives none (default the store's setting)
  --max-instances N instances of one offering when constraints.max_instances names no quota (default 512)
  --top N           keep the N best candidates (the table shows 20 unless --top says otherwise; --top 0: all;
                    JSON and CSV keep every candidate unless --top is given)
  --db PATH         the SQLite store with imported catalog snapshots and negotiated discounts
  --no-prices       estimates only: the smallest fitting count of every GPU model, no catalog
  --pdf PATH        also write the comparison report as a PDF (recommendation and why, ranked table,
                    charts, sensitivity to ±20 % in each main assumption, assumptions, provenance)
  --page SIZE       PDF page size: a4 (default) or letter
  --lang LANG       PDF language: en (default) or zh_CN
  --csv PATH        also write the CSV (one row per candidate, every JSON field; RFC 4180, UTF-8)
  --csv-bom         start CSV output with a UTF-8 byte order mark (for Excel)
  --emit KIND       skypilot or k8s: a deployment file for the recommended candidate, on standard
                    output in place of the plan unless --emit-output PATH is given
  --mig PROFILE     with --emit k8s: request a MIG slice (1g.10gb, …) of the GPU instead of whole GPUs
  --help            this help

Exit codes: 0 feasible; 1 valid but nothing fits (a pinned deployment still prints its result with
"fits": false); 2 bad input.
)";

const char* const gpusHelp = R"(Usage: gpuplan-cli gpus [--format table|json]

Lists the GPU models in pricing-data/gpus.json: dense peak TFLOPS, memory, bandwidth, links, power.
Set GPUPLAN_DATA_DIR to read an edited copy of pricing-data/.
)";

const char* const accuracyHelp = R"(Usage: gpuplan-cli accuracy [--format table|json|csv] [--output PATH]
       gpuplan-cli accuracy --fit-serving
       gpuplan-cli accuracy --out-of-fold

Runs the bundled table of published results (Megatron-LM, MosaicML llm-foundry, Llama 2 and 3,
TensorRT-LLM, MLPerf, ZeRO, vLLM, Korthikanti et al.) through the estimator and prints, per row,
published vs estimated and the error, then the median and worst error per group (and per serving
engine, dense/MoE and GPU vendor) against the limits this project promises. The holdout rows
(tests/data/validation/holdout/: publishers set aside before any factor was fitted) are reported in
groups of their own. Exit code 1 when a group exceeds its limit.

--fit-serving   fits the serving model's factors (core/engine.h ServingParams) to the serving rows
                (never the holdout) and prints them: how the shipped defaults were made.
--out-of-fold   leaves each publisher out in turn, fits the factors to the others and prints the
                left-out rows' errors per group (the accuracy a new publisher's runs can expect),
                training (the GEMM factor and the MoE host overhead) and serving (the engine factors).
)";

const char* const modelsHelp = R"(Usage: gpuplan-cli models [--format table|json]

Lists the model presets in pricing-data/models.json with parameter counts computed from the
architecture next to the published count.
)";

int cmdPlan(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> valued = {"format", "output", "db", "top"}, flags = {"no-prices"};
    valued.insert(valued.end(), planInputOptions().begin(), planInputOptions().end());
    valued.insert(valued.end(), reportOptions().begin(), reportOptions().end());
    flags.insert(flags.end(), reportFlags().begin(), reportFlags().end());
    auto a = parseArgs(args, 1, valued, err, "plan", flags);
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
    if (!ok || !checkReportOptions(*a, err))
        return ExitBadInput;

    const std::string& file = a->positional.front();
    std::string text, name;
    if (file == "-") {
        std::ostringstream buf;
        buf << in.rdbuf();
        auto t = providers::inlineWorkloadFiles(buf.str(), "<stdin>", std::filesystem::current_path());
        if (!t) {
            err << "gpuplan-cli: " << t.error().detail << "\n";
            return ExitBadInput;
        }
        text = std::move(*t);
        name = "<stdin>";
    } else {
        auto t = providers::readWorkloadFile(file);
        if (!t) {
            err << "gpuplan-cli: " << t.error().detail << "\n";
            return ExitBadInput;
        }
        text = std::move(*t);
        name = file;
    }
    auto store = openStore(*a, err);
    if (!store)
        return ExitBadInput;
    auto loaded = loadPlanInputs(*a, store.get(), err);
    if (!loaded)
        return ExitBadInput;
    core::PlanInputs& inputs = loaded->inputs;
    std::vector<std::string> warnings;
    auto w = core::parseWorkload(text, name, *inputs.models, *inputs.gpus, &warnings);
    if (!w) {
        err << "gpuplan-cli: " << w.error().detail << "\n";
        return ExitBadInput;
    }
    for (const auto& warning : warnings)
        err << "warning: " << warning << "\n";
    if (inputs.hasPrices() && !loaded->catalogWarnings.empty())
        err << "warning: " << loaded->catalogWarnings.size()
            << " catalog rows were skipped (see `gpuplan-cli catalog validate`)\n";
    auto planned = core::planWorkload(*w, inputs);
    if (!planned) {
        err << "gpuplan-cli plan: " << planned.error().detail << "\n";
        return ExitBadInput;
    }
    core::Plan& plan = *planned;
    // --top N (0: all) keeps the N best everywhere. Without it only the table is cut, to defaultTableRows: JSON, CSV
    // and the PDF and CSV files written beside the table (--pdf, --csv) keep every candidate.
    const std::size_t total = plan.candidates.size();
    const bool explicitTop = a->options.count("top") > 0;
    if (explicitTop) {
        const std::string t = a->option("top");
        char* end = nullptr;
        const long n = std::strtol(t.c_str(), &end, 10);
        if (t.empty() || *end != '\0' || n < 0) {
            err << "gpuplan-cli plan: --top must be a whole number (0: all), got \"" << t << "\"\n";
            return ExitBadInput;
        }
        if (n > 0 && plan.candidates.size() > static_cast<std::size_t>(n))
            plan.candidates.resize(static_cast<std::size_t>(n));
    }
    // Ranges come from the estimator's residuals on the bundled published results.
    const core::AccuracyReport* acc = loaded->accuracy.get(); // computed once, with the inputs

    std::string result;
    if (format == "json")
        result = report::planToJson(*w, plan, warnings, acc);
    else if (format == "csv")
        result = csvWithBom(*a, report::planToCsv(*w, plan, acc));
    else {
        std::optional<core::Plan> head; // the defaultTableRows best, when --top does not say
        if (!explicitTop && plan.candidates.size() > defaultTableRows) {
            head = plan;
            head->candidates.resize(defaultTableRows);
        }
        const core::Plan& table = head ? *head : plan;
        result = report::planToTable(*w, table, {}, acc)
            + (table.candidates.size() < total ? "\n" + std::to_string(total - table.candidates.size())
                        + " more candidates (--top 0 lists them all, --format json or csv keeps them all).\n"
                                               : std::string());
    }
    std::ostringstream replacedByYaml; // --emit without --emit-output: the YAML takes standard output
    if (!emit(*a, result, emitsToStdout(*a) ? replacedByYaml : out, err))
        return ExitBadInput;
    if (const int rc = writePlanReports(*a, *w, plan, warnings, acc, inputs, name, out, err); rc != ExitOk)
        return rc;
    const bool feasible = plan.pinned ? plan.pinned->fits : !plan.candidates.empty();
    if (!feasible)
        err << "gpuplan-cli: nothing feasible for " << name
            << (plan.pinned ? ": the pinned deployment is not feasible (see why above)"
                            : ": every offering was excluded (see \"Excluded\")")
            << "\n";
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
        return emit(*a, core::detail::jsonDocument(j), out, err) ? ExitOk : ExitBadInput;
    }
    report::TextTable t({"id", "memory GiB", "HBM TB/s", "FP64 TF", "FP32 TF", "FP16 TF", "BF16 TF", "FP8 TF", "link",
        "link GB/s", "TDP W", "MIG"});
    for (const auto& g : cats->gpus.all())
        t.addRow({g.id, withSeparators(g.memoryBytes / (1024.0 * 1024 * 1024), 0),
            withSeparators(g.memoryBandwidth / 1e12, 2), tf(g, core::Precision::FP64), tf(g, core::Precision::FP32),
            tf(g, core::Precision::FP16), tf(g, core::Precision::BF16), tf(g, core::Precision::FP8), g.intraLink,
            withSeparators(g.intraBandwidth / 1e9, 0), withSeparators(g.tdpW, 0),
            g.migProfiles.empty() ? "-" : std::to_string(g.migProfiles.size()) + " profiles"});
    return emit(*a,
               t.render()
                   + "\nTensor TFLOPS are dense (no 2:4 sparsity); \"-\": the GPU has no such math (T4 and V100 "
                     "run BF16 work at their FP16 rate, A100 FP8 at BF16); FP64 is the vector rate; link GB/s is "
                     "per GPU, one direction; memory in GiB (2^30 bytes).\n",
               out, err)
        ? ExitOk
        : ExitBadInput;
}

int cmdAccuracy(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1, {"format", "output"}, err, "accuracy", {"fit-serving", "out-of-fold"});
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << accuracyHelp;
        return ExitOk;
    }
    if (a->options.count("fit-serving") || a->options.count("out-of-fold")) {
        auto cats = loadCatalogs(err);
        if (!cats)
            return ExitBadInput;
        auto text = providers::readValidationFile("serving.csv");
        auto cases = text ? core::readServingCases(*text, "validation/serving.csv", cats->models, cats->gpus)
                          : core::Result<std::vector<core::ServingCase>>(text.error());
        if (!cases) {
            err << "gpuplan-cli: " << cases.error().detail << "\n";
            return ExitBadInput;
        }
        std::string report;
        char line[256];
        if (a->options.count("fit-serving")) {
            const core::ServingFit fit = core::fitServingParams(*cases);
            const auto names = core::ServingParams::names();
            const auto values = fit.params.values();
            std::snprintf(line, sizeof line, "%zu serving rows, objective %.6g after %d evaluations\n", cases->size(),
                fit.cost, fit.evaluations);
            report += line;
            for (std::size_t i = 0; i < names.size(); ++i) {
                std::snprintf(line, sizeof line, "%-24s %.6g\n", names[i].c_str(), values[i]);
                report += line;
            }
        } else {
            // Training and serving alike: each publisher's rows estimated with the factors fitted without them.
            auto trainingText = providers::readValidationFile("training.csv");
            auto trainingCases = trainingText
                ? core::parseTrainingCases(*trainingText, "validation/training.csv", cats->models, cats->gpus)
                : core::Result<std::vector<core::TrainingCase>>(trainingText.error());
            if (!trainingCases) {
                err << "gpuplan-cli: " << trainingCases.error().detail << "\n";
                return ExitBadInput;
            }
            auto rows = core::leaveOnePublisherOut(*trainingCases);
            const auto serving = core::servingOutOfFold(*cases);
            rows.insert(rows.end(), serving.begin(), serving.end());
            report::TextTable t({"id", "publisher", "metric", "published", "estimated out of fold", "error %"});
            for (const auto& r : rows)
                t.addRow({r.id, r.publisher, r.metric, report::withSeparators(r.published, 1),
                    report::withSeparators(r.estimated, 1), report::withSeparators(r.error * 100, 1)});
            report += t.render();
            std::map<std::string, std::vector<double>> groups;
            for (const auto& r : rows) {
                groups[r.group].push_back(std::abs(r.error));
                for (const auto& g : r.alsoIn)
                    groups[g].push_back(std::abs(r.error));
            }
            report::TextTable g({"group (leave one publisher out)", "rows", "median |error| %", "worst |error| %"});
            for (const auto& [name, errs] : groups)
                g.addRow({name, std::to_string(errs.size()), report::withSeparators(core::quantile(errs, 0.5) * 100, 1),
                    report::withSeparators(*std::max_element(errs.begin(), errs.end()) * 100, 1)});
            report += "\n" + g.render();
        }
        return emit(*a, report, out, err) ? ExitOk : ExitBadInput;
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
        withinLimits &= !g.promised() || (g.medianAbsError <= g.limitMedian && g.worstAbsError <= g.limitWorst);
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
                {"range_rate_low", g.rateLow}, {"range_rate_high", g.rateHigh}, {"time_like", g.timeLike},
                {"range_true_over_estimate_low", g.trueOverEstimate().first},
                {"range_true_over_estimate_high", g.trueOverEstimate().second},
                {"range_held_out_coverage", g.heldOutCoverage}});
        text = core::detail::jsonDocument(j);
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
            "80% range of true ÷ estimate", "held-out coverage %"});
        for (const auto& grp : rep->groups)
            g.addRow({grp.name, std::to_string(grp.rows), withSeparators(grp.medianAbsError * 100, 1),
                withSeparators(grp.worstAbsError * 100, 1),
                grp.promised()
                    ? withSeparators(grp.limitMedian * 100, 0) + " / " + withSeparators(grp.limitWorst * 100, 0)
                    : std::string("not promised"),
                withSeparators(grp.trueOverEstimate().first, 2) + " – "
                    + withSeparators(grp.trueOverEstimate().second, 2),
                withSeparators(grp.heldOutCoverage * 100, 0)});
        text = t.render() + "\n" + g.render()
            + "\nSources: tests/data/validation/*.csv (one per row). Errors are (estimated − published) / published.\n"
              "Held-out coverage: the share of a group's rows inside the 80 % range when the range is fitted without "
              "them (5-fold cross-validation).\nThe range is of the latency for the latency groups (true latency = "
              "estimate × range) and of the rate for the others (true throughput = estimate × range).\n";
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
        return emit(*a, core::detail::jsonDocument(j), out, err) ? ExitOk : ExitBadInput;
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

namespace {
std::string& selfPath()
{
    static std::string path;
    return path;
}
} // namespace

void setSelfExecutable(std::string path)
{
    selfPath() = std::move(path);
}

const std::string& selfExecutable()
{
    return selfPath();
}

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
        else if (topic == "tco")
            return cmdTco({"tco", "--help"}, out, err);
        else if (topic == "calibrate")
            return cmdCalibrate({"calibrate", "--help"}, out, err);
        else if (topic == "pack")
            return cmdPack({"pack", "--help"}, out, err);
        else if (topic == "simulate")
            return cmdSimulate({"simulate", "--help"}, out, err);
        else if (topic == "batch")
            out << batchHelp();
        else if (topic == "catalog")
            return cmdCatalog({"catalog", "--help"}, out, err);
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
    if (cmd == "batch")
        return cmdBatch(args, out, err);
    if (cmd == "catalog")
        return cmdCatalog(args, out, err);
    if (cmd == "tco")
        return cmdTco(args, out, err);
    if (cmd == "calibrate")
        return cmdCalibrate(args, out, err);
    if (cmd == "pack")
        return cmdPack(args, out, err);
    if (cmd == "simulate")
        return cmdSimulate(args, out, err);
    err << "gpuplan-cli: unknown command \"" << cmd << "\"\n" << mainHelp;
    return ExitBadInput;
}

} // namespace gpuplan::cli
