// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The batch CLI run in-process, the way main() runs it, with its output captured and its --json
// output parsed. Paths given to it are std::string, built from the compile-time source folder.

#include "cli_runner.h"
#include "json.h"
#include "test_support.h"

#include <QtGlobal>

#include <sstream>
#include <string>
#include <vector>

namespace clitest {

struct Run {
    int code = -1;
    std::string out, err;
};

inline Run runCli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    Run r;
    r.code = planner::cli::Runner(out, err).run(args);
    r.out = out.str();
    r.err = err.str();
    return r;
}

// The run's standard output as JSON; a Null value, and a warning in the test log, when it is not.
inline planner::json::Value parsed(const Run& r)
{
    planner::json::ParseError e;
    planner::json::Value v = planner::json::parse(r.out, &e);
    if (!e.message.empty())
        qWarning("not JSON: %s", e.message.c_str());
    return v;
}

inline std::string sourcePath(const std::string& relative)
{
    return testsupport::sourceFile(relative.c_str()).toStdString();
}

// A scenario shipped in data/examples.
inline std::string examplePath(const std::string& name) { return sourcePath("data/examples/" + name); }

} // namespace clitest
