// SPDX-License-Identifier: GPL-3.0-or-later
// clusterplanner-cli: the batch engine. All work happens in cli::Runner so tests can call it.
#include "cli_runner.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv); // Qt file and SQL classes want one; it reads no settings
    std::vector<std::string> args(argv + 1, argv + argc);
    return planner::cli::Runner(std::cout, std::cerr).run(args);
}
