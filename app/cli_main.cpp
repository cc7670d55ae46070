// SPDX-License-Identifier: GPL-3.0-or-later
// clusterplanner-cli: the batch engine. All work happens in cli::Runner so tests can call it.
#include "cli_runner.h"

#include <QCoreApplication>

#include <iostream>
#include <optional>

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    planner::cli::Runner runner(std::cout, std::cerr);
    // Help, version and usage errors answer before any set-up.
    if (planner::cli::Runner::answersWithoutSetUp(args))
        return runner.run(args);
    QCoreApplication app(argc, argv); // Qt file and SQL classes want one; it reads no settings
    return runner.run(args);
}
