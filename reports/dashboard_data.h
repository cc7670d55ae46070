// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The dashboard as plain structs: the headline figures (KPI tiles) and the four charts, built
// once per evaluation and drawn by the desktop's tiles and charts, and later by the PDF report.
// "The interface between the engine and the plotting code" (Subsurface stats/statsstate.h).

#include "chart_spec.h"
#include "evaluate/evaluate.h"
#include "evidence_inputs.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace planner {

struct MeasuredData;

// A headline figure, by its metric key in Evaluation.
struct KpiSpec {
    std::string_view key;
    std::string_view title; // short, for a tile: "Cost per Mtok"
    bool onlyWhereItApplies = false; // shown only when the evaluation has the figure
};
std::span<const KpiSpec> headlineFigures();

struct KpiFigure {
    std::string key, title, label, unit;
    std::string method; // how the figure was obtained, where the tile says so ("transferred"); may be empty
    double value = 0;
    bool available = false; // the evaluation did not produce this figure
    EvidencePtr evidence;
    std::optional<double> p10{}, p90{}; // the figure's band, where the engine gives one
    std::string weakest; // the inputs graded as the figure is, in words (weakestInputs); may be empty
};

// The scenario evaluated at one interactivity bound; `measured` when the throughput was read
// from a benchmark row rather than the model.
struct InteractivityPoint {
    double tokensPerSPerUser = 0;
    double costPerMtok = 0;
};

struct InteractivityCurve {
    std::vector<InteractivityPoint> model;    // the scenario at several workload.min_tokens_per_s_per_user
    std::vector<InteractivityPoint> measured; // the scenario with the throughput of each measured row
    std::vector<InteractivityPoint> operating;
};

// Evaluations of copies of `s` (through setField) at interactivity bounds around its own, and at
// each measured row of the same system, model and precision in `data` (may be null).
InteractivityCurve sweepInteractivity(const Scenario& s, const Evaluation& current, const Catalog& catalog,
                                      const EvaluationContext& ctx, const MeasuredData* data);

struct DashboardData {
    std::vector<KpiFigure> kpis;
    ChartSpec costBreakdown, interactivity, power, cashFlow;
};

// `describer` names each figure's weakest inputs (KpiFigure::weakest); null leaves them unnamed.
DashboardData buildDashboardData(const Evaluation& e, const InteractivityCurve& curve,
                                 const InputDescriber* describer = nullptr);

KpiFigure kpiFigure(const Evaluation& e, const KpiSpec& spec);

} // namespace planner
