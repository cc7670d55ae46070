// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Outputs never overwrite inputs: before a command writes anything, each file it will write is
// compared with the files it reads and with the other outputs, as the file system resolves them
// (a symbolic link or "./" names the same file), so `evaluate s.json --pdf s.json` is refused
// instead of replacing the scenario with a report.

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace planner::cli {

struct NamedPath {
    std::string option; // "--pdf", "the scenario", "--db"
    std::string path;
};

// A sentence naming the clash ("--pdf s.json is the scenario s.json: nothing was written"), or
// nullopt when every output is a file of its own. Empty paths are ignored.
std::optional<std::string> outputClash(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

} // namespace planner::cli
