// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The "verified and measured only" view of a scenario: every number the scenario file gave that
// rests on someone's claim or guess (vendor, third-party, estimate) goes back to its default, as
// if nobody had claimed it. Figures graded `user` stay: they are the analyst's own question (the
// required interactivity, the site's power cap), not evidence about the hardware. Defaults the catalog fills in at evaluation keep their own grades, so the figures
// evaluated from this scenario still say what they rest on. Shared by the desktop's provenance
// panel and the reports.

#include "scenario/scenario.h"

#include <string>
#include <vector>

namespace planner {

struct VerifiedOnlyScenario {
    Scenario scenario;
    std::vector<std::string> resetPaths; // fields put back to their default
};

VerifiedOnlyScenario verifiedAndMeasuredOnly(const Scenario& s);

} // namespace planner
