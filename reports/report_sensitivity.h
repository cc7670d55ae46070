// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Sensitivity as the reports print it: each input moved to both ends of a stated swing, one at a
// time, and the engine's cost per million tokens at each end; and the tornado chart of it (bars
// left and right of the base cost), a ChartSpec like the dashboard's.
//
// Interim: the swings are evaluated here, through setField and evaluate() the way the dashboard's
// interactivity sweep is; engine/analysis/tornado.h (branch montecarlo) does the same in the
// engine, and reportSensitivity should call it once that branch is merged.

#include "chart_spec.h"
#include "evaluate/evaluate.h"

#include <string>
#include <vector>

namespace planner {

struct SensitivityLine {
    std::string path, label, unit, basis; // basis: how the swing was chosen, "±20% of 0.7"
    double low = 0, high = 0;
    double base = 0, atLow = 0, atHigh = 0; // USD/Mtok; NaN where an end could not be evaluated
    std::string problem;                    // why an end failed
};

// The four swings every report states: utilization, electricity price, the GPU price (system
// price when bought, GPU-hour price when rented) and throughput per GPU, each ±20% of its value in
// this evaluation (kept inside the field's bounds), evaluated one at a time by the engine on
// copies of `s`. Widest first; an end that cannot be evaluated is NaN with its reason. Empty, with
// `note` saying why, when nothing could be computed.
std::vector<SensitivityLine> reportSensitivity(const Scenario& s, const Evaluation& e, const Catalog& catalog,
                                               const EvaluationContext& ctx, std::string& note);

// Horizontal stacked bars: per input, the change in cost per Mtok at the low end and at the high
// end of its swing, widest first as given.
ChartSpec sensitivityChart(const std::vector<SensitivityLine>& lines);

} // namespace planner
