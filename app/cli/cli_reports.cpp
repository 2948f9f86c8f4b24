// gpuplan-cli: report files (PDF, CSV, deployment YAML) for `plan`, and `batch`.
#include "cli_reports.h"

#include "cli.h"

#include "app/report/deploy.h"
#include "app/report/format.h"
#include "app/report/pdf_report.h"
#include "app/report/plan_output.h"

#include "gpuplan_config.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace gpuplan::cli::detail {

namespace {

const char* const utf8Bom = "\xEF\xBB\xBF";

/// Whether `err` is this process's standard error and that is a terminal (a progress bar then, else lines).
bool isTerminal(const std::ostream& err)
{
    if (&err != &std::cerr)
        return false;
#ifdef _WIN32
    return _isatty(_fileno(stderr)) != 0;
#else
    return isatty(fileno(stderr)) != 0;
#endif
}

/// Writes `text` to a temporary file next to `path` and renames it over `path`.
bool writeFile(const std::string& path, const std::string& text, std::ostream& err)
{
    const std::filesystem::path target(path);
    const std::filesystem::path tmp = target.string() + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f || !(f << text) || !f.flush()) {
            err << "gpuplan-cli: " << path << ": cannot write file\n";
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        err << "gpuplan-cli: " << path << ": cannot write file: " << ec.message() << "\n";
        std::filesystem::remove(tmp, ec);
        return false;
    }
    return true;
}

/// The candidate a report recommends and a deployment file describes: the best priced one, else the pinned
/// estimate (even when it does not fit: the report explains why).
const core::Candidate* recommended(const core::Plan& plan)
{
    if (!plan.candidates.empty())
        return &plan.candidates.front();
    if (plan.pinned)
        return &*plan.pinned;
    return nullptr;
}

std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", std::isfinite(v) ? v : 0.0);
    return buf;
}

} // namespace

std::string generator()
{
    return std::string("gpuplan ") + GPUPLAN_VERSION;
}

const std::vector<std::string>& reportOptions()
{
    static const std::vector<std::string> v = {"pdf", "csv", "page", "lang", "emit", "emit-output", "mig"};
    return v;
}

const std::vector<std::string>& reportFlags()
{
    static const std::vector<std::string> v = {"csv-bom"};
    return v;
}

bool checkReportOptions(const Args& a, std::ostream& err)
{
    const std::string page = a.option("page", "a4");
    if (page != "a4" && page != "letter") {
        err << "gpuplan-cli: --page must be a4 or letter, got \"" << page << "\"\n";
        return false;
    }
    const std::string lang = a.option("lang", "en");
    if (!report::reportLanguages().contains(QString::fromStdString(lang))) {
        err << "gpuplan-cli: --lang must be one of en|zh_CN, got \"" << lang << "\"\n";
        return false;
    }
    if (a.options.count("emit")) {
        const std::string kind = a.option("emit");
        if (kind != "skypilot" && kind != "k8s") {
            err << "gpuplan-cli: --emit must be skypilot or k8s, got \"" << kind << "\"\n";
            return false;
        }
    } else if (a.options.count("emit-output") || a.options.count("mig")) {
        err << "gpuplan-cli: --emit-output and --mig need --emit\n";
        return false;
    }
    for (const char* o : {"pdf", "csv", "emit-output"})
        if (a.options.count(o) && a.option(o).empty()) {
            err << "gpuplan-cli: --" << o << " needs a file name\n";
            return false;
        }
    return true;
}

bool emitsToStdout(const Args& a)
{
    return a.options.count("emit") && !a.options.count("emit-output");
}

std::string csvWithBom(const Args& a, std::string csv)
{
    if (a.options.count("csv-bom"))
        csv.insert(0, utf8Bom);
    return csv;
}

int writePlanReports(const Args& a, const core::Workload& w, const core::Plan& plan,
    const std::vector<std::string>& warnings, const core::AccuracyReport* accuracy, const core::PlanInputs& inputs,
    const std::string& sourceFile, std::ostream& out, std::ostream& err)
{
    if (a.options.count("csv") && !writeFile(a.option("csv"), csvWithBom(a, report::planToCsv(w, plan, accuracy)), err))
        return ExitBadInput;

    const core::Candidate* rec = recommended(plan);
    if (a.options.count("emit")) {
        if (!rec || !rec->fits) {
            err << "gpuplan-cli: --emit: nothing feasible to deploy\n";
        } else {
            report::DeployOptions o;
            o.migProfile = a.option("mig");
            o.generator = generator();
            auto yaml
                = a.option("emit") == "k8s" ? report::kubernetesManifest(w, *rec, o) : report::skyPilotTask(w, *rec, o);
            if (!yaml) {
                err << "gpuplan-cli: --emit: " << yaml.error().detail << "\n";
                return ExitBadInput;
            }
            if (a.options.count("emit-output")) {
                if (!writeFile(a.option("emit-output"), *yaml, err))
                    return ExitBadInput;
            } else {
                out << *yaml;
            }
        }
    }

    if (a.options.count("pdf")) {
        report::GuiSession gui; // no-op when an application exists (the GUI, or `batch`)
        QString problem;
        if (!gui.ok() || !report::installReportTranslation(QString::fromStdString(a.option("lang", "en")), &problem)) {
            err << "gpuplan-cli: --pdf: "
                << (gui.ok() ? problem.toStdString() : std::string("no GUI application to render with")) << "\n";
            return ExitBadInput;
        }
        report::ReportInput in;
        in.workload = &w;
        in.plan = &plan;
        in.warnings = warnings;
        in.accuracy = accuracy;
        in.sourceFile = sourceFile;
        in.inputs = &inputs;
        if (rec && rec->fits) // moving an assumption of a deployment that does not fit tells nothing
            in.sensitivity = report::computeSensitivity(w, *rec, inputs);
        report::PdfOptions opt;
        opt.page = a.option("page", "a4") == "letter" ? report::PageFormat::Letter : report::PageFormat::A4;
        if (auto top = positiveInt(a.option("top")))
            opt.topN = static_cast<int>(std::min(*top, 200L));
        opt.generator = QString::fromStdString(generator());
        opt.language = QString::fromStdString(a.option("lang", "en"));
        if (!report::writePdfReport(in, opt, QString::fromStdString(a.option("pdf")), &problem)) {
            err << "gpuplan-cli: --pdf: " << problem.toStdString() << "\n";
            return ExitBadInput;
        }
    }
    return ExitOk;
}

// ---- batch ------------------------------------------------------------------------------------------------

const char* batchHelp()
{
    return R"(Usage: gpuplan-cli batch FILES|DIR… --out DIR [--pdf] [--csv] [--csv-bom] [--jobs N]
                         [--page a4|letter] [--lang en|zh_CN] [--currency CUR] [--top N] [--db PATH]
                         [--no-prices]

Plans many workloads (a sweep of model sizes, token budgets, regions) exactly as `plan` does, several at
a time, and writes for each input <name>.json (always), <name>.pdf (--pdf) and <name>.csv (--csv) into
the --out folder, plus summary.csv: one row per input with its status (ok, infeasible, bad_input, or
failed: the planner crashed or ran past --timeout), the best provider, instance and pricing, cost_usd,
wall_hours and the error message. A folder stands for every *.json file in it. Each scenario is planned
in a process of its own, so a bad file does not stop the batch: the failures are listed at the end.
Output names come from the file names, made safe for every platform and unique (a, a-2, a-3).

Options:
  --out DIR     where the reports go (created when missing)
  --jobs N      scenarios planned at the same time (default: the number of CPU cores)
  --timeout S   a scenario still planning after S seconds is stopped and reported as failed (default 300)
  --pdf, --csv, --csv-bom, --page, --lang, --currency, --top, --db, --no-prices,
  --headroom, --pue, --max-instances                                             as for `plan`

Progress goes to standard error: a bar on a terminal, one line per scenario otherwise.
Exit codes: 2 if any input was bad or failed, else 1 if any scenario had no feasible plan, else 0.
)";
}

namespace {

struct Scenario
{
    std::string file; ///< as given (or found in a folder)
    std::string name; ///< output base name, unique in the batch
    std::string inputError;
    // Results
    std::string status; ///< ok | infeasible | bad_input
    std::string kind, provider, region, instanceType, gpu, pricingModel, currency, error;
    int gpus = 0;
    std::optional<double> totalCost, costUsd, wallHours;
};

Scenario input(const std::string& file, const std::string& problem = {})
{
    Scenario s;
    s.file = file;
    s.inputError = problem;
    return s;
}

/// The first "gpuplan-cli: …" message in a scenario's standard error.
std::string firstError(const std::string& text)
{
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const std::string prefix = "gpuplan-cli: ";
        if (line.rfind(prefix, 0) == 0)
            return line.substr(prefix.size());
        if (line.rfind("gpuplan-cli ", 0) == 0)
            return line.substr(std::string("gpuplan-cli ").size());
    }
    return {};
}

/// Fills the summary columns from the plan JSON a scenario wrote.
void readResult(Scenario& s, const std::filesystem::path& jsonPath)
{
    std::ifstream f(jsonPath, std::ios::binary);
    if (!f)
        return;
    const auto j = nlohmann::json::parse(f, nullptr, false);
    if (j.is_discarded())
        return;
    if (j.contains("workload") && j["workload"].contains("kind") && j["workload"]["kind"].is_string())
        s.kind = j["workload"]["kind"].get<std::string>();
    const nlohmann::json* best = nullptr;
    if (j.contains("candidates") && j["candidates"].is_array() && !j["candidates"].empty())
        best = &j["candidates"][0];
    else if (j.contains("estimate"))
        best = &j["estimate"];
    if (!best)
        return;
    auto str = [&](const char* k) {
        return best->contains(k) && (*best)[k].is_string() ? (*best)[k].get<std::string>() : "";
    };
    auto number = [&](const char* k) -> std::optional<double> {
        if (best->contains(k) && (*best)[k].is_number())
            return (*best)[k].get<double>();
        return std::nullopt;
    };
    s.provider = str("provider");
    s.region = str("region");
    s.instanceType = str("instance_type");
    s.gpu = str("gpu");
    s.gpus = static_cast<int>(number("gpus").value_or(0));
    s.pricingModel = str("pricing_model");
    s.currency = str("currency");
    s.totalCost = number("total_cost");
    s.costUsd = number("cost_usd");
    s.wallHours = number("wall_hours");
    if (!s.wallHours && s.kind == "inference")
        s.wallHours = 730.0; // serving: costs are per 730-hour month
}

std::string lowerAscii(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

/// A file name stem that stays inside the output folder on every platform: letters, digits, '.', '-', '_' and
/// UTF-8 (other bytes, separators and controls become '_'), no leading or trailing dot or space, at most 100 bytes,
/// and never a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1-9, LPT1-9; with any extension).
std::string outputStem(const std::string& raw)
{
    std::string s;
    for (char ch : raw) {
        const auto c = static_cast<unsigned char>(ch);
        const bool keep = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-'
            || c == '_' || c == '.' || c >= 0x80;
        s += keep ? ch : '_';
    }
    if (s.size() > 100) {
        s.resize(100);
        while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) // a cut UTF-8 sequence
            s.pop_back();
        if (!s.empty() && static_cast<unsigned char>(s.back()) >= 0xC0)
            s.pop_back();
    }
    while (!s.empty() && (s.front() == '.' || s.front() == ' '))
        s.erase(s.begin());
    while (!s.empty() && (s.back() == '.' || s.back() == ' '))
        s.pop_back();
    if (s.empty())
        return "scenario";
    const std::string base = lowerAscii(s.substr(0, s.find('.')));
    static const std::set<std::string> reserved = {"con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5",
        "com6", "com7", "com8", "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9"};
    return reserved.count(base) ? "_" + s : s;
}

std::string summaryCsv(const std::vector<Scenario>& all)
{
    // Units are in the names (cost_usd, wall_hours); total_cost is in the `currency` column's currency.
    std::string out = "file,name,kind,status,provider,region,instance_type,gpu,gpus,pricing_model,currency,"
                      "total_cost,cost_usd,wall_hours,error\r\n";
    auto opt = [](const std::optional<double>& v) { return v ? num(*v) : std::string(); };
    for (const auto& s : all) {
        const std::vector<std::string> cells = {s.file, s.name, s.kind, s.status, s.provider, s.region, s.instanceType,
            s.gpu, s.gpus ? std::to_string(s.gpus) : std::string(), s.pricingModel, s.currency, opt(s.totalCost),
            opt(s.costUsd), opt(s.wallHours), s.error};
        for (std::size_t i = 0; i < cells.size(); ++i)
            out += (i ? "," : "") + report::csvField(cells[i]);
        out += "\r\n";
    }
    return out;
}

} // namespace

int cmdBatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    namespace fs = std::filesystem;
    std::vector<std::string> valued = {"out", "jobs", "page", "lang", "top", "db", "timeout"};
    valued.insert(valued.end(), planInputOptions().begin(), planInputOptions().end());
    auto a = parseArgs(args, 1, valued, err, "batch", {"pdf", "csv", "csv-bom", "no-prices"});
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << batchHelp();
        return ExitOk;
    }
    if (a->positional.empty() || a->option("out").empty()) {
        err << "gpuplan-cli batch: expected workload files or folders and --out DIR\n" << batchHelp();
        return ExitBadInput;
    }
    if (!checkReportOptions(*a, err))
        return ExitBadInput;
    long jobs = std::max(1u, std::thread::hardware_concurrency());
    if (a->options.count("jobs")) {
        auto n = positiveInt(a->option("jobs"));
        if (!n || *n > 256) {
            err << "gpuplan-cli batch: --jobs must be a whole number from 1 to 256, got \"" << a->option("jobs")
                << "\"\n";
            return ExitBadInput;
        }
        jobs = *n;
    }
    int timeoutMs = 300 * 1000;
    if (a->options.count("timeout")) {
        auto n = positiveInt(a->option("timeout"));
        if (!n || *n > 86400) {
            err << "gpuplan-cli batch: --timeout must be a whole number of seconds from 1 to 86400, got \""
                << a->option("timeout") << "\"\n";
            return ExitBadInput;
        }
        timeoutMs = static_cast<int>(*n) * 1000;
    }
    if (a->options.count("top") && !positiveInt(a->option("top"))) {
        err << "gpuplan-cli batch: --top must be a positive whole number, got \"" << a->option("top") << "\"\n";
        return ExitBadInput;
    }

    // Inputs: files as given, folders as their *.json files (sorted); a missing path is a bad input row.
    std::vector<Scenario> all;
    for (const auto& p : a->positional) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            std::vector<std::string> files;
            for (const auto& e : fs::directory_iterator(p, ec))
                if (e.is_regular_file() && e.path().extension() == ".json")
                    files.push_back(e.path().string());
            std::sort(files.begin(), files.end());
            if (files.empty())
                all.push_back(input(p, "no *.json workload files in this folder"));
            for (auto& f : files)
                all.push_back(input(f));
        } else if (fs::exists(p, ec)) {
            all.push_back(input(p));
        } else {
            all.push_back(input(p, "no such file or folder"));
        }
    }
    // Output names from the file names: safe on every platform, unique in the batch (case-insensitively, as on
    // Windows and macOS file systems) and never the name of another input's output.
    {
        std::set<std::string> taken;
        for (auto& s : all) {
            const std::string stem = outputStem(fs::path(s.file).stem().string());
            std::string name = stem;
            for (int n = 2; taken.count(lowerAscii(name)); ++n)
                name = stem + "-" + std::to_string(n);
            taken.insert(lowerAscii(name));
            s.name = name;
        }
    }
    const fs::path outDir(a->option("out"));
    {
        std::error_code ec;
        fs::create_directories(outDir, ec);
        if (ec || !fs::is_directory(outDir)) {
            err << "gpuplan-cli batch: --out " << outDir.string() << ": cannot create the folder"
                << (ec ? ": " + ec.message() : std::string()) << "\n";
            return ExitBadInput;
        }
    }
    // Create and migrate the store once, before scenarios open it side by side.
    if (!a->options.count("no-prices") && !openStore(*a, err))
        return ExitBadInput;
    // Fonts need a QGuiApplication, created here in the main thread for every scenario.
    std::optional<report::GuiSession> gui;
    if (a->options.count("pdf")) {
        gui.emplace();
        QString problem;
        if (!gui->ok()
            || !report::installReportTranslation(QString::fromStdString(a->option("lang", "en")), &problem)) {
            err << "gpuplan-cli batch: --pdf: " << (gui->ok() ? problem.toStdString() : "no GUI application") << "\n";
            return ExitBadInput;
        }
    }

    const bool bar = isTerminal(err);
    std::mutex progress;
    std::size_t done = 0;
    auto progressLine = [&](const Scenario& s) {
        std::lock_guard<std::mutex> lock(progress);
        ++done;
        if (bar) {
            const int width = 30;
            const int filled = static_cast<int>(width * done / all.size());
            std::string name = fs::path(s.file).filename().string();
            if (name.size() > 40)
                name = name.substr(0, 37) + "...";
            err << "\r[" << std::string(filled, '#') << std::string(width - filled, '-') << "] " << done << "/"
                << all.size() << "  " << name << std::string(42 - name.size(), ' ');
            if (done == all.size())
                err << "\n";
        } else {
            err << "[" << done << "/" << all.size() << "] " << s.status << " " << s.file;
            if (s.costUsd)
                err << " (" << report::withSeparators(*s.costUsd, 0) << " USD)";
            err << "\n";
        }
        err.flush();
    };

    // Each scenario runs `plan` itself, in this process: one pipeline, so batch can never drift from plan.
    auto runOne = [&](Scenario& s) {
        if (!s.inputError.empty()) {
            s.status = "bad_input";
            s.error = s.file + ": " + s.inputError;
            return;
        }
        const fs::path base = outDir / s.name;
        std::vector<std::string> planArgs = {"plan", s.file, "--format", "json", "--output", base.string() + ".json"};
        if (a->options.count("csv"))
            planArgs.insert(planArgs.end(), {"--csv", base.string() + ".csv"});
        if (a->options.count("csv-bom"))
            planArgs.push_back("--csv-bom");
        if (a->options.count("pdf"))
            planArgs.insert(planArgs.end(), {"--pdf", base.string() + ".pdf"});
        for (const char* o : {"page", "lang", "currency", "top", "db", "headroom", "pue", "max-instances"})
            if (a->options.count(o))
                planArgs.insert(planArgs.end(), {std::string("--") + o, a->option(o)});
        if (a->options.count("no-prices"))
            planArgs.push_back("--no-prices");
        int rc = ExitOk;
        std::string planErr;
        if (selfExecutable().empty()) {
            std::istringstream noInput;
            std::ostringstream planOut, errText;
            rc = run(planArgs, noInput, planOut, errText);
            planErr = errText.str();
        } else {
            // A process of its own: a crash or a hang is this scenario's failure, not the batch's.
            QProcess p;
            QStringList qargs;
            for (const auto& x : planArgs)
                qargs << QString::fromStdString(x);
            p.setStandardInputFile(QProcess::nullDevice());
            p.setStandardOutputFile(QProcess::nullDevice());
            p.start(QString::fromStdString(selfExecutable()), qargs);
            const bool finished = p.waitForStarted(30000) && p.waitForFinished(timeoutMs);
            if (!finished) {
                p.kill();
                p.waitForFinished(5000);
                s.status = "failed";
                s.error = s.file + ": no result after " + std::to_string(timeoutMs / 1000) + " s (stopped; --timeout)";
                return;
            }
            planErr = p.readAllStandardError().toStdString();
            if (p.exitStatus() == QProcess::CrashExit) {
                s.status = "failed";
                s.error = s.file + ": gpuplan-cli plan crashed on this input (a bug: please report it with the file)";
                return;
            }
            rc = p.exitCode();
        }
        s.status = rc == ExitOk ? "ok" : rc == ExitInfeasible ? "infeasible" : "bad_input";
        if (rc == ExitOk || rc == ExitInfeasible)
            readResult(s, base.string() + ".json");
        if (rc != ExitOk) {
            s.error = firstError(planErr);
            if (s.error.empty())
                s.error = "exit code " + std::to_string(rc);
        }
    };

    std::atomic<std::size_t> next {0};
    auto worker = [&] {
        for (std::size_t i = next++; i < all.size(); i = next++) {
            runOne(all[i]);
            progressLine(all[i]);
        }
    };
    std::vector<std::thread> threads;
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(jobs), all.size());
    for (std::size_t i = 1; i < n; ++i)
        threads.emplace_back(worker);
    worker();
    for (auto& t : threads)
        t.join();

    const std::string summaryPath = (outDir / "summary.csv").string();
    if (!writeFile(summaryPath, csvWithBom(*a, summaryCsv(all)), err))
        return ExitBadInput;

    int ok = 0, infeasible = 0, bad = 0;
    for (const auto& s : all)
        (s.status == "ok" ? ok : s.status == "infeasible" ? infeasible : bad)++;
    err << "batch: " << all.size() << " scenario(s): " << ok << " ok, " << infeasible << " infeasible, " << bad
        << " bad input; summary in " << summaryPath << "\n";
    if (infeasible + bad > 0) {
        err << "failures:\n";
        for (const auto& s : all)
            if (s.status != "ok")
                err << "  " << s.file << ": " << s.status << ": " << s.error << "\n";
    }
    return bad ? ExitBadInput : infeasible ? ExitInfeasible : ExitOk;
}

} // namespace gpuplan::cli::detail
