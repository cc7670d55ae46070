// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_sensitivity.h"

#include "analysis_charts.h"

#include "scenario/field_labels.h"

#include "analysis/default_uncertainty.h"
#include "analysis/tornado.h"
#include "core/number_text.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace planner {

namespace {

const std::string kOutputKey = "results.cost_per_mtok_usd";

} // namespace

std::vector<SensitivityLine> reportSensitivity(const Scenario& s, const Evaluation& e, const Catalog& catalog,
                                               const EvaluationContext& ctx, std::string& note, ChartSpec& chart)
{
    const Metric* base = e.metric(kOutputKey);
    if (!base || !std::isfinite(base->value)) {
        note = "No sensitivity: the evaluation publishes no cost per million tokens.";
        return {};
    }
    // The engine's swings, the same the Uncertainty tab and `tornado` move (default_uncertainty.h).
    const std::vector<Swing> swings = uncertaintySwings(s, e);
    auto bars = tornado(s, catalog, ctx, swings, kOutputKey); // ranked widest first, failed ends last
    if (!bars) {
        note = "The sensitivity could not be computed: " + bars.error().message;
        return {};
    }
    chart = tornadoChart(bars.value(), base->label, base->unit);
    std::vector<SensitivityLine> out;
    for (const TornadoBar& b : bars.value()) {
        const FieldSpec* f = findField(b.swing.path);
        out.push_back({b.swing.path, labelOrPath(b.swing.path), f ? std::string(f->unit) : std::string(), b.swing.basis,
                       b.swing.low, b.swing.high, b.base, b.outputAtLow, b.outputAtHigh, b.problem});
    }
    if (out.empty())
        note = "No sensitivity: no cost driver has a value in this scenario.";
    return out;
}

} // namespace planner
