// SPDX-License-Identifier: GPL-3.0-or-later
// clusterplanner-cli: the batch engine. All work happens in cli::Runner so tests can call it.
#include "cli_pdf.h"
#include "cli_runner.h"
#include "printable_stream.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <iostream>
#include <memory>
#include <optional>

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    planner::cli::PrintableStreamBuf out(std::cout.rdbuf()), err(std::cerr.rdbuf());
    std::ostream printableOut(&out), printableErr(&err);
    planner::cli::markStandardError(printableErr);
    planner::cli::Runner runner(printableOut, printableErr);
    // Help, version and usage errors answer before any set-up.
    if (planner::cli::Runner::answersWithoutSetUp(args))
        return runner.run(args);
    // Qt file and SQL classes want an application object; it reads no settings. A PDF's text
    // needs fonts, which need a QGuiApplication: on the offscreen platform, so the CLI runs
    // without a display (an explicit QT_QPA_PLATFORM still wins).
    std::unique_ptr<QCoreApplication> app;
    if (planner::cli::needsGuiApplication(args)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    return runner.run(args);
}
