// gpuplan-cli calibrate: run gpuplan-probe (a child process: a GPU fault never takes gpuplan down), import or
// export calibration profiles, and keep them in the store so every estimate for that GPU model uses them.
#include "app/report/format.h"
#include "cli.h"
#include "cli_common.h"
#include "core/calibration.h"
#include "providers/bundled.h"
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

Measures the local GPU with gpuplan-probe (cuBLASLt GEMMs, HBM and host bandwidth, NCCL all-reduce) and
stores the achieved ÷ datasheet factors per GPU model; from then on every estimate for that GPU model uses
them (JSON: "calibrated": true). A profile measured on a cloud VM can be exported and imported on a laptop.

  --probe PATH    the gpuplan-probe executable (default: next to gpuplan-cli, else on PATH)
  --quick         a shorter measurement (under 20 s on an H100)
  --import FILE   a probe report ("gpuplan.probe/1") or an exported profile ("gpuplan.calibration/1")
  --export FILE   write the stored profiles to FILE (a JSON array of "gpuplan.calibration/1")
  --list          show the stored profiles
Exit codes: 0 stored; 2 bad input; 3 no GPU, driver or cuBLASLt here (the probe's own exit code).
)";

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
    auto a = parseArgs(args, 1, {"probe", "import", "export", "db"}, err, "calibrate", {"quick", "list"});
    if (!a)
        return ExitBadInput;
    if (a->help) {
        out << calibrateHelp;
        return ExitOk;
    }
    auto cats = loadCatalogs(err);
    if (!cats)
        return ExitBadInput;
    auto db = openStore(*a, err);
    if (!db)
        return ExitBadInput;

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
        if (stored->empty())
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
