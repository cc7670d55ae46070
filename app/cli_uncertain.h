// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the montecarlo and tornado commands share: their common options (--dist, --set, --db,
// --json) and loading a scenario with --set overrides and then --dist distributions.

#include "cli_common.h"
#include "cli_options.h"

namespace planner::cli {

// --dist, --set, --db and --json, with the same help in both commands.
void declareUncertaintyOptions(CommandLine& cl);

// The scenario file with --set applied, then --dist PATH=SPEC applied (a --dist on a field
// replaces the file's distribution or value there). A bad --dist prints "--dist TEXT: problem"
// and fails with exit code 2.
Outcome<Scenario> loadUncertainScenario(const std::string& file, const CommandLine& cl, std::ostream& err);

// Where montecarlo and tornado start: `argv` parsed into `cl`, the one SCENARIO file loaded with
// --set and --dist (loadUncertainScenario), and the evaluation context with the benchmark
// database of --db or of the scenario (contextWithData). No value means stop with the exit code
// it carries, whatever was to print printed: 0 after --help, else a usage error or a bad input.
struct UncertainRun {
    std::string file;
    Scenario scenario;
    EvaluationContext ctx;
};
Outcome<UncertainRun> startUncertainRun(CommandLine& cl, const std::vector<std::string>& argv, std::ostream& out,
                                        std::ostream& err);

} // namespace planner::cli
