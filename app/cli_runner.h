// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The batch front end: `clusterplanner-cli SUBCOMMAND ...`. main() only hands argv here, so tests
// can run any command in-process with their own streams. Exit codes: 0 success, 1 usage,
// 2 bad input data, 3 I/O error, 4 infeasible. Errors go to `err` as "file:line: message";
// machine output (--json) goes to `out`.

#include "core/result.h"

#include <ostream>
#include <string>
#include <vector>

namespace planner::cli {

// 130 = 128 + SIGINT, what a shell reports for a command stopped by Ctrl-C.
enum Exit { ExitOk = 0, ExitUsage = 1, ExitBadInput = 2, ExitIo = 3, ExitInfeasible = 4, ExitCancelled = 130 };

int exitCodeFor(const Error& e);

class Runner {
public:
    Runner(std::ostream& out, std::ostream& err) : out_(out), err_(err) {}
    int run(const std::vector<std::string>& argv); // argv without the program name

    // True when run() answers argv from its own tables (help, version, unknown command, usage
    // errors) with no data loaded: main() skips its set-up for these.
    static bool answersWithoutSetUp(const std::vector<std::string>& argv);

private:
    int usage(int code);
    std::ostream& out_;
    std::ostream& err_;
};

// Subcommands, one file each: argv holds the words after the subcommand's name.
int runEvaluate(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runCompare(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runCatalog(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runFabric(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runImport(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runPredict(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runRatio(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runSweep(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runMerge(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runMonteCarlo(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runTornado(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
int runValidate(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);

} // namespace planner::cli
