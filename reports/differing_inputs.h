// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What differs among scenarios before what they produce: every input whose value is not the same
// in all of them (name and notes aside), the set-up apart from each system's own default figures,
// and a warning for each difference that moves cost per
// token without being the hardware: ownership (facility.mode), how the cluster is sized (a fixed
// size, from demand, to a power cap), planned utilization, cost of capital, electricity price and
// the service levels. A comparison of GB200 and GB300 that also changes colocation for a build
// compares business plans, and says so.

#include "report_model.h"

#include <string>
#include <vector>

namespace planner {

struct DifferingInput {
    std::string path;
    std::vector<std::string> values; // one per scenario, as the reports print inputs; "" where unset
    // No scenario typed it in: each took its own system's figure (price, cooling and PUE, network
    // gear), so it differs with the hardware and is not part of the set-up. Listed apart.
    bool systemOwn = false;
};

// The inputs of the resolved scenarios (ReportModel::assumptions) that differ, in field-table order:
// those typed into at least one scenario first, then the systems' own figures.
std::vector<DifferingInput> differingInputs(const std::vector<ReportModel>& models);

// One sentence per difference that is not the hardware's (see the header comment).
// How a person-facing list names an input: its field label, and for an input of the systems'
// own, "System price (each system's own)". Machine outputs (JSON, CSV) keep the path.
std::string differingInputLabel(const DifferingInput& d);

std::vector<std::string> comparisonWarnings(const std::vector<ReportModel>& models,
                                            const std::vector<DifferingInput>& differing);

} // namespace planner
