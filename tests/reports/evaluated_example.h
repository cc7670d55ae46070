// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The evaluation the CLI makes of a scenario file (the scenario, its benchmark database), for the
// report tests that check what a writer or a section shows against the engine's own figures.

#include "cli_common.h"

#include <QtTest>

#include <sstream>
#include <string>

namespace reporttest {

inline planner::Evaluation evaluated(const std::string& file)
{
    std::ostringstream err;
    auto s = planner::cli::loadScenarioWithOverrides(file, {}, err);
    if (!s)
        qFatal("%s", err.str().c_str());
    auto setUp = planner::cli::evaluationSetUp(s.value(), std::nullopt, file, err);
    if (!setUp)
        qFatal("%s", err.str().c_str());
    auto e = planner::cli::evaluateIn(s.value(), setUp.value(), file, err);
    if (!e)
        qFatal("%s", err.str().c_str());
    return std::move(e.value());
}

} // namespace reporttest
