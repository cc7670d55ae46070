// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the files that ship with the program are found: the example scenarios and the example
// benchmark database, installed (share/clusterplanner next to bin/) or in this build. The CLI and
// the desktop application resolve a scenario's benchmark_db the same way through this one place.

#include <QString>
#include <QStringList>

namespace planner {

// A scenario's benchmark_db: absolute, next to the scenario, or the example database of the
// installation or of the build, in that order. When none exists, the path next to the scenario
// (so the error message names it).
QString locateBenchmarkDb(const QString& name, const QString& scenarioFile);

// A bundled example scenario by file name ("gb200-nvl72-deepseek-r1.json"): installed, then the
// source tree of this build. Empty when not found.
QString locateExampleScenario(const QString& fileName);

// Whether `path` is one of the bundled example scenarios (installed or in the source tree): those
// open as untitled copies, so that a save never writes into the installation or the checkout.
bool isBundledExample(const QString& path);

// The user guide by task (user-guide.md): the installed documentation (share/doc/clusterplanner),
// then the source tree of this build. Empty when not found.
QString locateUserGuide();

} // namespace planner
