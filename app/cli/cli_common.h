#pragma once
// Shared by the gpuplan-cli commands: argument parsing, output, catalogs and the store.

#include "core/gpu.h"
#include "core/model.h"
#include "providers/planinputs.h"
#include "providers/store.h"

#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuplan::cli::detail {

struct Args
{
    std::vector<std::string> positional;
    std::map<std::string, std::string> options;
    bool help = false;
    std::string option(const std::string& name, const std::string& fallback = {}) const
    {
        auto it = options.find(name);
        return it == options.end() ? fallback : it->second;
    }
};

/// Parses "--name value", "--name=value" and flags; unknown options are errors.
/// `flags` take no value (stored as "1").
std::optional<Args> parseArgs(const std::vector<std::string>& args, std::size_t from,
    const std::vector<std::string>& valued, std::ostream& err, const std::string& command,
    const std::vector<std::string>& flags = {});
/// The --format value if it is one of `allowed` (else a message and ok = false); the first by default.
std::string formatOption(
    const Args& a, const std::vector<std::string>& allowed, std::ostream& err, const std::string& command, bool& ok);
/// A whole number ≥ 1 written in decimal, or nullopt.
std::optional<long> positiveInt(const std::string& s);
/// Writes to --output (a temporary file renamed over the target) or stdout.
bool emit(const Args& a, const std::string& text, std::ostream& out, std::ostream& err);

struct Catalogs
{
    core::GpuCatalog gpus;
    core::ModelCatalog models;
};
std::optional<Catalogs> loadCatalogs(std::ostream& err);

/// Everything a plan reads (providers::loadPlanInputs) with the command's options applied: --currency,
/// --no-prices, and the plan defaults --headroom, --pue, --max-instances over the store's. Warnings go to `err`;
/// nullopt with a message naming the option or the file on error.
std::optional<providers::LoadedInputs> loadPlanInputs(const Args& a, const providers::Store* store, std::ostream& err);
/// The options loadPlanInputs reads, for a command's list of valued options.
const std::vector<std::string>& planInputOptions();

/// The store at --db, else $GPUPLAN_DB, else the platform's app-data location. Null with a message on error.
std::unique_ptr<providers::Store> openStore(const Args& a, std::ostream& err);

/// `gpuplan-cli tco …` (cli_tco.cpp).
int cmdTco(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// `gpuplan-cli simulate …` and `gpuplan-cli pack …` (cli_pool.cpp): the GPU pool simulator.
int cmdSimulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int cmdPack(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `gpuplan-cli calibrate …` (cli_calibrate.cpp).
int cmdCalibrate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `gpuplan-cli catalog …` (cli_catalog.cpp).
int cmdCatalog(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
/// `gpuplan-cli catalog update …` (cli_update.cpp): fresh prices from the providers' APIs.
int catalogUpdate(const Args& a, std::ostream& out, std::ostream& err);
/// After an import or a refresh: the catalog check's findings on the rows of `providers` (against the whole
/// planned catalog, so the medians span every provider), on stderr: the first 10, then a count. Errors are the
/// rows the planner will not use.
void checkImported(const Args& a, const std::vector<std::string>& providers, std::ostream& err);

} // namespace gpuplan::cli::detail
