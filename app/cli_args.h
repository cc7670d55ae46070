// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Command-line arguments of one subcommand: positionals, single-valued options and repeatable
// options (--set, --vary). Parsing is strict: an unknown option is a usage error (exit 1).

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace planner::cli {

struct OptionSpec {
    std::string name;       // without the dashes: "json", "set"
    bool takesValue = false;
    bool repeatable = false;
};

struct Args {
    std::vector<std::string> positionals;
    std::map<std::string, std::vector<std::string>> options;
    std::set<std::string> flags;

    bool has(const std::string& name) const { return flags.count(name) || options.count(name); }
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
};

// Returns the parsed arguments, or an error message for stderr.
struct ParseOutcome {
    Args args;
    std::string error;
};
ParseOutcome parseArgs(const std::vector<std::string>& argv, const std::vector<OptionSpec>& specs);

} // namespace planner::cli
