// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Sensitivity as the reports print it: each input moved to both ends of a stated swing, one at a
// time, and the engine's cost per million tokens at each end; and the tornado chart of it, the
// Uncertainty tab's own.
// The swings are the engine's (analysis/default_uncertainty.h: the inputs the Uncertainty tab
// and `tornado` move), and so are moving them and ranking the bars (analysis/tornado.h).

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

// The engine's swings (uncertaintySwings: distributions from P10 to P90, the main cost drivers
// +/-20%, a predicted throughput over its P10-P90 band), evaluated one at a time on copies of `s`
// through tornado(). Widest first; an end that cannot be evaluated is NaN with its reason. Empty,
// with `note` saying why, when nothing could be computed. `chart` gets the tornado as the
// Uncertainty tab draws it (analysis_charts.h tornadoChart of the same bars).
std::vector<SensitivityLine> reportSensitivity(const Scenario& s, const Evaluation& e, const Catalog& catalog,
                                               const EvaluationContext& ctx, std::string& note, ChartSpec& chart);

} // namespace planner
