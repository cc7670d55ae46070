// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Tornado sensitivity: one input at a time is moved to the low and then the high end of its swing,
// everything else held at the nominal scenario, and an output (cost per million tokens by
// default) is evaluated at both ends. Bars are ranked by how far the output moves.
//
// Simplifications: one at a time, so interactions between inputs are not seen (Monte Carlo sees
// them); each swing's ends are evaluated exactly, no linearization.

#include "core/result.h"
#include "evaluate/evaluate.h"
#include "scenario/scenario.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct Swing {
    std::string path; // any numeric scenario field, "finance.utilization"
    double low = 0, high = 0;
    std::string basis; // "P10-P90 of triangular(0.5, 0.7, 0.9)" or "±20% of 0.65"
};

struct TornadoBar {
    Swing swing;
    double base = 0;         // the output at the nominal scenario
    double outputAtLow = 0;  // NaN when that end cannot be evaluated (see problem)
    double outputAtHigh = 0;
    std::string problem;     // why an end could not be evaluated (infeasible there); empty otherwise

    double width() const; // |outputAtHigh - outputAtLow|; NaN when an end failed
};

// Bars ranked by width, widest first; bars with an end that failed come last, in input order.
// Errors: an unknown or non-numeric path, or a swing end outside the field's bounds (message names
// the path); the nominal scenario failing to evaluate; an outputKey evaluate() does not publish.
Result<std::vector<TornadoBar>> tornado(const Scenario& scenario, const Catalog& catalog,
                                        const EvaluationContext& ctx, std::span<const Swing> swings,
                                        std::string_view outputKey = "results.cost_per_mtok_usd");

// The swings a tornado shows when the analyst names none: every input with a distribution from
// its P10 to its P90, then +/-20% (clamped to the field's bounds) of the main cost drivers the
// distributions do not already cover: utilization, electricity price, system price (owned modes),
// GPU-hour price (rent), colocation rate (colocation), facility build cost (build) and the
// explicit throughput figure when the scenario gives one. Fields without a value are skipped, so
// pass the resolved scenario (Evaluation::resolved) to include catalog-derived figures such as the
// system price.
std::vector<Swing> defaultSwings(const Scenario& scenario);

} // namespace planner
