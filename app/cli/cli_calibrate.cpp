// gpuplan-cli calibrate: run gpuplan-probe (a child process: a GPU fault never takes gpuplan down), import or
// export calibration profiles, and keep them in the store so every estimate for that GPU model uses them.
#include "app/report/format.h"
#include "app/report/plan_output.h"
#include "cli.h"
#include "cli_common.h"
#include "core/calibration.h"
#include "core/serving_calibration.h"
#include "providers/bundled.h"
#include "providers/calibration/registry.h"
#include "providers/clock.h"
#include "providers/probe_runner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <fstream>
#include <iostream>

namespace gpuplan::cli::detail {

namespace {

const char* const calibrateHelp
    = R"(Usage: gpuplan-cli calibrate [--probe PATH] [--quick] [--import FILE] [--export FILE] [--list]
                           [--db PATH]
       gpuplan-cli calibrate --import RESULT [--format vllm|sglang|aiperf] --gpu ID --gpus N [--tp N]
                           --model PRESET --engine vllm|sglang|trtllm [--engine-version V]
                           [--weight-precision P] [--kv-precision P] [--expert-precision P]
                           [--max-num-batched-tokens N] [--max-num-seqs N] [--prompt-tokens N] [--concurrency N]
                           [--arrivals waves|steady] [--runs LIST] [--fit-runs LIST] [--output-format table|json]
                           [--dry-run] [--db PATH]

Measures the local GPU with gpuplan-probe (cuBLASLt GEMMs, HBM and host bandwidth, NCCL all-reduce) and
stores the achieved ÷ datasheet factors per GPU model; from then on every estimate for that GPU model uses
them (JSON: "calibrated": true). A profile measured on a cloud VM can be exported and imported on a laptop.

  --probe PATH    the gpuplan-probe executable (default: next to gpuplan-cli, else on PATH)
  --quick         a shorter measurement (under 20 s on an H100)
  --import FILE   a probe report ("gpuplan.probe/1") or an exported profile ("gpuplan.calibration/1")
  --export FILE   write the stored profiles to FILE (a JSON array of "gpuplan.calibration/1")
  --list          show the stored profiles and serving calibrations

From the benchmark you ran (the second form): reads the result file of vLLM's benchmark_serving.py / vllm bench
serve (--save-result), SGLang's bench_serving (--output-file) or AIPerf (profile_export_aiperf.json or .csv), fits
the serving model's decode bandwidth and GEMM efficiency for the GPU's vendor and the engine's per-step cost to the
runs' TTFT, TPOT and output throughput (least squares), prints each run's residuals and stores the fit for that GPU,
the model's family (dense GQA, MoE with MLA, ...) and the engine: plans serving a model of that family on that GPU
with that engine use it, say so, and take their ranges from its held-out errors.
  --format F      the file's format (default: guessed from its content)
  --gpu ID        the GPU the benchmark ran on (gpuplan-cli gpus)
  --gpus N        how many; --tp N the tensor-parallel degree of one replica (default N: one replica)
  --model PRESET  the model preset it served (gpuplan-cli models)
  --engine E      the serving engine; --engine-version V for the record
  --weight-precision, --kv-precision, --expert-precision   as in a workload (default bf16)
  --max-num-batched-tokens, --max-num-seqs   when the server set them (default: the engine's defaults)
  --prompt-tokens N   the mean prompt length, for files that do not give it (an AIPerf CSV of a file dataset)
  --concurrency N     requests in flight, for files that do not give it (an AIPerf CSV)
  --arrivals A    closed-loop runs: waves (fixed lengths, started together; the default unless the file names a
                  dataset like sharegpt) or steady (lengths that vary)
  --runs LIST     the runs to use, e.g. 1-5 or 1,3 (default: all); --fit-runs LIST the runs to fit (default: every
                  usable one; the others are predicted)
  --output-format table (default) or json; --dry-run fits and prints without storing
Exit codes: 0 stored; 2 bad input; 3 no GPU, driver or cuBLASLt here (the probe's own exit code).
)";

/// "1-5", "1,3,4" or "2" as 0-based run indices; nullopt for anything else.
std::optional<std::vector<int>> runList(const std::string& text)
{
    std::vector<int> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        const std::string item = text.substr(pos, comma - pos);
        const auto dash = item.find('-');
        const auto first = positiveInt(item.substr(0, dash));
        const auto last = dash == std::string::npos ? first : positiveInt(item.substr(dash + 1));
        if (!first || !last || *last < *first || *last > 100000)
            return std::nullopt;
        for (long r = *first; r <= *last; ++r)
            out.push_back(static_cast<int>(r - 1));
        pos = comma + 1;
    }
    return out;
}

/// calibrate --import RESULT with a benchmark's options: read, fit, print, store.
int importBenchmark(const Args& a, const Catalogs& cats, providers::Store* db, std::ostream& out, std::ostream& err)
{
    const auto bad = [&](const std::string& what) {
        err << "gpuplan-cli calibrate: " << what << "\n";
        return ExitBadInput;
    };
    for (const char* required : {"gpu", "gpus", "model", "engine"})
        if (a.option(required).empty())
            return bad(std::string("--") + required
                + " is required with a benchmark result: say what the benchmark ran on (the file does not)");
    core::BenchmarkSetup setup;
    setup.gpu = a.option("gpu");
    setup.model = a.option("model");
    setup.engine = a.option("engine");
    setup.engineVersion = a.option("engine-version");
    setup.weightPrecision = a.option("weight-precision", "bf16");
    setup.kvPrecision = a.option("kv-precision", "bf16");
    setup.expertWeightPrecision = a.option("expert-precision");
    const auto count = [&](const char* name, std::optional<int>& into) {
        if (a.option(name).empty())
            return true;
        const auto n = positiveInt(a.option(name));
        if (!n || *n > 100000000) {
            err << "gpuplan-cli calibrate: --" << name << ": must be a whole number ≥ 1, got \"" << a.option(name)
                << "\"\n";
            return false;
        }
        into = static_cast<int>(*n);
        return true;
    };
    std::optional<int> gpus, tp;
    if (!count("gpus", gpus) || !count("tp", tp) || !count("max-num-batched-tokens", setup.maxBatchedTokens)
        || !count("max-num-seqs", setup.maxSequences) || !count("prompt-tokens", setup.promptTokens)
        || !count("concurrency", setup.concurrency))
        return ExitBadInput;
    setup.gpus = *gpus;
    setup.tp = tp.value_or(0);
    if (!a.option("arrivals").empty()) {
        if (a.option("arrivals") != "waves" && a.option("arrivals") != "steady")
            return bad("--arrivals: must be waves or steady, got \"" + a.option("arrivals") + "\"");
        setup.waves = a.option("arrivals") == "waves";
    }
    core::CalibrationOptions options;
    for (const char* name : {"runs", "fit-runs"}) {
        if (a.option(name).empty())
            continue;
        const auto list = runList(a.option(name));
        if (!list)
            return bad(
                std::string("--") + name + ": must be run numbers like 1-5 or 1,3, got \"" + a.option(name) + "\"");
        (std::string(name) == "runs" ? options.runs : options.fitRuns) = *list;
    }
    const std::string outputFormat = a.option("output-format", "table");
    if (outputFormat != "table" && outputFormat != "json")
        return bad("--output-format: must be table or json, got \"" + outputFormat + "\"");
    const std::string formatId = a.option("format");
    if (!formatId.empty() && !benchmarks::findFormat(formatId))
        return bad("--format: must be one of " + benchmarks::formatIds(", ") + ", got \"" + formatId + "\"");

    const std::string name = a.option("import");
    auto text = providers::readTextFile(name);
    if (!text)
        return bad(text.error().detail);
    auto file = benchmarks::readBenchmarkFile(*text, name, formatId);
    if (!file)
        return bad(file.error().detail);
    for (const auto& w : file->warnings)
        err << "warning: " << w << "\n";
    options.importedAt = providers::utcTimestamp();
    auto cal = core::calibrateServing(*file, setup, cats.gpus, cats.models, options);
    if (!cal) {
        // Setup errors name the field; the CLI's option for it is the same word with dashes.
        std::string detail = cal.error().detail;
        if (!cal.error().pointer.empty()) {
            std::string option
                = cal.error().pointer == "expert_weight_precision" ? "expert_precision" : cal.error().pointer;
            std::replace(option.begin(), option.end(), '_', '-');
            detail = "--" + option + detail.substr(cal.error().pointer.size());
        }
        return bad(detail);
    }
    if (outputFormat == "json")
        out << report::servingCalibrationJson(*cal);
    else
        out << report::servingCalibrationTable(*cal);
    if (a.options.count("dry-run"))
        return ExitOk;
    if (!db)
        return ExitBadInput;
    const std::string engine(core::toString(cal->engine));
    if (auto st = db->saveServingCalibration(cal->gpuId, cal->family, engine, core::serializeServingCalibration(*cal));
        !st)
        return bad(st.error().detail);
    err << "stored: plans serving " << cal->family << " models on " << cal->gpuId << " with " << engine
        << " now use this fit (" << db->path().string() << ")\n";
    return ExitOk;
}

int store(
    const std::vector<core::CalibrationProfile>& profiles, providers::Store& db, std::ostream& out, std::ostream& err)
{
    for (const auto& p : profiles) {
        if (auto st = db.saveCalibration(p.gpuId, core::serializeProfile(p)); !st) {
            err << "gpuplan-cli: " << st.error().detail << "\n";
            return ExitBadInput;
        }
        out << "calibrated " << p.gpuId << " (" << p.gpuName << ", " << p.measuredAt << "):";
        for (const auto& [prec, f] : p.gemmFraction)
            out << " " << core::toString(prec) << " GEMM " << report::withSeparators(f * 100, 1) << " %";
        out << ", memory " << report::withSeparators(p.memoryFraction * 100, 1) << " % of the datasheet\n";
    }
    return ExitOk;
}

} // namespace

int cmdCalibrate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1,
        {"probe", "import", "export", "db", "format", "gpu", "gpus", "tp", "model", "engine", "engine-version",
            "weight-precision", "kv-precision", "expert-precision", "max-num-batched-tokens", "max-num-seqs",
            "prompt-tokens", "concurrency", "arrivals", "runs", "fit-runs", "output-format"},
        err, "calibrate", {"quick", "list", "dry-run"});
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << calibrateHelp;
        return ExitOk;
    }
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    // A benchmark's result: the options that say what it ran on make the import one.
    const bool benchmark = a->options.count("import")
        && (a->options.count("format") || a->options.count("gpu") || a->options.count("model")
            || a->options.count("engine"));
    if (benchmark && a->options.count("dry-run"))
        return importBenchmark(*a, *cats, nullptr, out, err);
    auto db = openStore(*a, err);
    if (!db)
        return ExitBadInput;
    if (benchmark)
        return importBenchmark(*a, *cats, db.get(), out, err);

    if (a->options.count("list") || a->options.count("export")) {
        auto stored = db->calibrations();
        if (!stored) {
            err << "gpuplan-cli: " << stored.error().detail << "\n";
            return ExitBadInput;
        }
        if (a->options.count("export")) {
            std::string json = "[\n";
            bool first = true;
            for (const auto& [id, text] : *stored) {
                json += (first ? "" : ",\n") + text;
                first = false;
            }
            json += "\n]\n";
            std::ofstream f(a->option("export"), std::ios::binary | std::ios::trunc);
            if (!f || !(f << json)) {
                err << "gpuplan-cli: " << a->option("export") << ": cannot write file\n";
                return ExitBadInput;
            }
            out << "exported " << stored->size() << " profile(s) to " << a->option("export") << "\n";
            return ExitOk;
        }
        for (const auto& [id, text] : *stored) {
            auto p = core::parseProfile(text, id, &cats->gpus);
            out << id << ": " << (p ? p->source + ", " + p->measuredAt : p.error().detail) << "\n";
        }
        auto serving = db->servingCalibrations();
        if (!serving) {
            err << "gpuplan-cli: " << serving.error().detail << "\n";
            return ExitBadInput;
        }
        for (const auto& row : *serving) {
            auto c = core::parseServingCalibration(row.json, row.gpuId, &cats->gpus);
            out << row.gpuId << ", " << row.family << ", " << row.engine << ": "
                << (c ? "serving factors fitted to " + c->file + " (" + c->format + ", " + c->model + " on "
                               + std::to_string(c->gpus) + " GPUs, imported " + c->importedAt + ")"
                      : c.error().detail)
                << "\n";
        }
        if (stored->empty() && serving->empty())
            out << "no calibration profiles: estimates use the datasheet × measured-efficiency defaults\n";
        return ExitOk;
    }

    std::string text, name;
    if (a->options.count("import")) {
        name = a->option("import");
        auto t = providers::readTextFile(name);
        if (!t) {
            err << "gpuplan-cli: " << t.error().detail << "\n";
            return ExitBadInput;
        }
        text = std::move(*t);
        // An exported array of profiles, one profile, or a probe report.
        const auto firstChar = text.find_first_not_of(" \t\r\n");
        if (firstChar != std::string::npos && text[firstChar] == '[') {
            // Split the array's objects by parsing each with the profile parser through a small scan.
            std::vector<core::CalibrationProfile> profiles;
            int depth = 0;
            std::size_t start = 0;
            bool inString = false;
            for (std::size_t i = firstChar + 1; i < text.size(); ++i) {
                const char c = text[i];
                if (inString) {
                    if (c == '\\')
                        ++i;
                    else if (c == '"')
                        inString = false;
                    continue;
                }
                if (c == '"')
                    inString = true;
                else if (c == '{' && depth++ == 0)
                    start = i;
                else if (c == '}' && --depth == 0) {
                    auto p = core::parseProfile(text.substr(start, i - start + 1), name, &cats->gpus);
                    if (!p) {
                        err << "gpuplan-cli: " << p.error().detail << "\n";
                        return ExitBadInput;
                    }
                    profiles.push_back(std::move(*p));
                }
            }
            return store(profiles, *db, out, err);
        }
        if (text.find("gpuplan.calibration/1") != std::string::npos) {
            auto p = core::parseProfile(text, name, &cats->gpus);
            if (!p) {
                err << "gpuplan-cli: " << p.error().detail << "\n";
                return ExitBadInput;
            }
            return store({*p}, *db, out, err);
        }
    } else {
        // Run the probe as a child process, progress passed through to stderr.
        QString probe = QString::fromStdString(a->option("probe"));
        if (probe.isEmpty())
            probe = providers::findProbe();
        if (probe.isEmpty()) {
            err << "gpuplan-cli calibrate: gpuplan-probe was not found next to gpuplan-cli or on PATH (it is built "
                   "where CMake finds the CUDA toolkit); pass --probe PATH or --import a report measured elsewhere\n";
            return ExitMissing;
        }
        using Kind = providers::ProbeOutcome::Kind;
        const auto o = providers::ProbeRunner::run(
            probe, a->options.count("quick") > 0, [&](const QString& line) { err << line.toStdString() << "\n"; });
        switch (o.kind) {
        case Kind::NotStarted:
            err << "gpuplan-cli calibrate: cannot start " << probe.toStdString() << ": " << o.error.toStdString()
                << "\n";
            return ExitMissing;
        case Kind::Crashed:
        case Kind::Cancelled:
            err << "gpuplan-cli calibrate: gpuplan-probe crashed; nothing was stored\n";
            return ExitMissing;
        case Kind::NoGpu:
            return ExitMissing; // the probe said why on stderr
        case Kind::Failed:
            return ExitBadInput;
        case Kind::Measured:
            break;
        }
        text.assign(o.report.constData(), static_cast<std::size_t>(o.report.size()));
        name = "gpuplan-probe output";
    }
    auto report = core::parseProbeReport(text, name);
    if (!report) {
        err << "gpuplan-cli: " << report.error().detail << "\n";
        return ExitBadInput;
    }
    std::vector<std::string> warnings;
    auto profiles = core::calibrationProfiles(*report, cats->gpus, &warnings);
    for (const auto& w : warnings)
        err << "warning: " << w << "\n";
    if (!profiles) {
        err << "gpuplan-cli: " << profiles.error().detail << "\n";
        return ExitBadInput;
    }
    return store(*profiles, *db, out, err);
}

} // namespace gpuplan::cli::detail
