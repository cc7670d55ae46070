// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_runner.h"

#include <new>
#include <system_error>

#include <algorithm>
#include <functional>
#include <map>

namespace planner::cli {

namespace {

using Command = std::function<int(const std::vector<std::string>&, std::ostream&, std::ostream&)>;

struct CommandEntry {
    Command run;
    const char* summary;
};

const std::map<std::string, CommandEntry>& commands()
{
    static const std::map<std::string, CommandEntry> table = {
        {"evaluate", {runEvaluate, "cost per million tokens, TCO, sizing and BOM for one scenario"}},
        {"compare", {runCompare, "several scenarios side by side with ratios to a baseline"}},
        {"catalog", {runCatalog, "list or show the built-in hardware and model catalog"}},
        {"fabric", {runFabric, "size a scale-out fat tree: switches, cables, transceivers"}},
        {"import", {runImport, "import benchmark results (MLPerf, InferenceX, CSV, vLLM) into a database"}},
        {"predict", {runPredict, "throughput at the service level, with method and evidence"}},
        {"ratio", {runRatio, "measured ratios of two accelerators or systems on one benchmark"}},
        {"sweep", {runSweep, "every combination of varied fields; the Pareto frontier or every row (CSV or SQLite)"}},
        {"merge", {runMerge, "merge sweep shard files into the frontier (or every row) an unsharded run gives"}},
        {"montecarlo", {runMonteCarlo, "percentiles of every headline output over uncertain inputs"}},
        {"tornado", {runTornado, "rank uncertain inputs by their effect on cost per million tokens"}},
        {"validate", {runValidate, "leave-one-out and cross-set errors of the throughput model"}},
    };
    return table;
}

bool isHelp(const std::string& word) { return word == "--help" || word == "-h" || word == "help"; }

bool asksForHelp(const std::vector<std::string>& argv)
{
    // A subcommand's help: any "-h"/"--help" before a "--".
    const auto end = std::find(argv.begin(), argv.end(), std::string("--"));
    return std::any_of(argv.begin(), end, [](const std::string& w) { return w == "--help" || w == "-h"; });
}

} // namespace

int exitCodeFor(const Error& e)
{
    switch (e.kind) {
    case ErrorKind::BadInput: return ExitBadInput;
    case ErrorKind::Infeasible: return ExitInfeasible;
    case ErrorKind::Io: return ExitIo;
    }
    return ExitBadInput;
}

bool Runner::answersWithoutSetUp(const std::vector<std::string>& argv)
{
    if (argv.empty() || isHelp(argv.front()) || argv.front() == "--version")
        return true;
    return !commands().count(argv.front()) || asksForHelp(argv);
}

int Runner::usage(int code)
{
    std::ostream& s = code == ExitOk ? out_ : err_;
    s << "Usage: clusterplanner-cli COMMAND [OPTIONS]\n\nCommands:\n";
    for (const auto& [name, entry] : commands())
        s << "  " << name << std::string(12 - std::min<std::size_t>(name.size(), 11), ' ') << entry.summary << "\n";
    s << "\nRun 'clusterplanner-cli COMMAND --help' for a command's options.\n"
         "  -h, --help    this help\n"
         "  --version     the program's version\n"
         "Exit codes: 0 success, 1 usage, 2 bad input data, 3 I/O error, 4 infeasible, 130 interrupted (import,\n"
         "sweep: Ctrl-C or SIGTERM stopped it, no file left half-written).\n";
    return code;
}

int Runner::run(const std::vector<std::string>& argv)
{
    if (argv.empty())
        return usage(ExitUsage);
    const std::string& cmd = argv.front();
    if (cmd == "help" && argv.size() == 2 && commands().count(argv[1]))
        return commands().at(argv[1]).run({"--help"}, out_, err_);
    if (isHelp(cmd))
        return usage(argv.size() == 1 ? ExitOk : ExitUsage);
    if (cmd == "--version") {
        out_ << "clusterplanner-cli " << PLANNER_VERSION << "\n";
        return ExitOk;
    }
    auto it = commands().find(cmd);
    if (it == commands().end()) {
        err_ << "clusterplanner-cli: unknown command \"" << cmd << "\"\n";
        return usage(ExitUsage);
    }
    // Running out of memory or threads (a huge --samples on a small machine, a container's
    // thread limit) ends the command with a message and exit 3, never an abort.
    try {
        return it->second.run(std::vector<std::string>(argv.begin() + 1, argv.end()), out_, err_);
    } catch (const std::bad_alloc&) {
        err_ << cmd << ": out of memory; nothing was written (ask for less work: fewer samples, rows or threads)\n";
    } catch (const std::system_error& e) {
        err_ << cmd << ": the system refused a resource (" << e.what() << "); nothing was written\n";
    }
    return ExitIo;
}

} // namespace planner::cli
