#include "cli_common.h"

#include "providers/bundled.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace gpuplan::cli::detail {

/// Parses "--name value", "--name=value" and flags; unknown options are errors.
std::optional<Args> parseArgs(const std::vector<std::string>& args, std::size_t from,
    const std::vector<std::string>& valued, std::ostream& err, const std::string& command,
    const std::vector<std::string>& flags)
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
            if (!inlineValue && std::find(flags.begin(), flags.end(), name) != flags.end()) {
                a.options[name] = "1";
                continue;
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

const std::vector<std::string>& planInputOptions()
{
    static const std::vector<std::string> v = {"currency", "headroom", "pue", "max-instances", "today"};
    return v;
}

std::optional<providers::LoadedInputs> loadPlanInputs(const Args& a, const providers::Store* store, std::ostream& err)
{
    auto loaded = providers::loadPlanInputs(store);
    if (!loaded) {
        err << "gpuplan-cli: " << loaded.error().detail << "\n";
        return std::nullopt;
    }
    for (const auto& w : loaded->warnings)
        err << "warning: " << w << "\n";
    core::PlanInputs& in = loaded->inputs;
    in.priced = !a.options.count("no-prices");
    if (a.options.count("today")) {
        in.today = a.option("today");
        if (!core::isIsoDate(in.today)) {
            err << "gpuplan-cli: --today must be a date YYYY-MM-DD, got \"" << in.today << "\"\n";
            return std::nullopt;
        }
    }
    in.currency = a.option("currency", "USD");
    if (in.currency != "USD" && !in.fx.find(in.currency)) {
        err << "gpuplan-cli: --currency: no exchange rate for \"" << in.currency << "\" in fx.json (known: USD";
        for (const auto& r : in.fx.rates())
            err << ", " << r.currency;
        err << ")\n";
        return std::nullopt;
    }
    auto number = [&](const char* name, double min, double max) -> std::optional<std::optional<double>> {
        if (!a.options.count(name))
            return std::optional<double>();
        const std::string t = a.option(name);
        char* end = nullptr;
        const double v = std::strtod(t.c_str(), &end);
        if (t.empty() || *end != '\0' || !std::isfinite(v) || v < min || v > max) {
            err << "gpuplan-cli: --" << name << " must be a number from " << min << " to " << max << ", got \"" << t
                << "\"\n";
            return std::nullopt;
        }
        return std::optional<double>(v);
    };
    auto headroom = number("headroom", 0, 10);
    auto pue = number("pue", 1, 3);
    auto maxInstances = number("max-instances", 1, 1'000'000);
    if (!headroom || !pue || !maxInstances)
        return std::nullopt;
    if (*headroom)
        in.defaults.servingHeadroom = **headroom;
    if (*pue)
        in.defaults.pue = **pue;
    if (*maxInstances) {
        if (**maxInstances != std::floor(**maxInstances)) {
            err << "gpuplan-cli: --max-instances must be a whole number, got \"" << a.option("max-instances") << "\"\n";
            return std::nullopt;
        }
        in.defaults.maxInstances = static_cast<int>(**maxInstances);
    }
    return std::move(*loaded);
}

std::unique_ptr<providers::Store> openStore(const Args& a, std::ostream& err)
{
    std::filesystem::path path = a.option("db");
    if (path.empty()) {
        if (const char* env = std::getenv("GPUPLAN_DB"); env && *env)
            path = env;
        else
            path = providers::Store::defaultPath();
    }
    auto s = providers::Store::open(path);
    if (!s) {
        err << "gpuplan-cli: " << s.error().detail << "\n";
        return nullptr;
    }
    return std::move(*s);
}

std::optional<long> positiveInt(const std::string& s)
{
    char* end = nullptr;
    const long n = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0' || n < 1)
        return std::nullopt;
    return n;
}

} // namespace gpuplan::cli::detail
