#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace gpuplan::cli {

/// Exit codes, the same for every subcommand (DESIGN.md "Contracts").
enum ExitCode {
    ExitOk = 0,         ///< success
    ExitInfeasible = 1, ///< valid input, but nothing feasible (a pinned deployment that does not fit)
    ExitBadInput = 2,   ///< bad input or arguments
    ExitMissing = 3,    ///< something the machine lacks (GPU, driver, keychain)
    ExitRemote = 4,     ///< network or remote failure
};

/// The path of this program: `batch` plans each scenario in a process of its own with it, so that one input that
/// crashes or hangs the planner is reported in the summary and the rest complete. main() sets it; when it is empty
/// (the CLI run as a library, in tests) batch plans in this process.
void setSelfExecutable(std::string path);
const std::string& selfExecutable();

/// Runs gpuplan-cli with `args` (without the program name); data to `out`, messages to `err`.
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

} // namespace gpuplan::cli
