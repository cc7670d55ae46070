// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The analyses as charts (plain ChartSpecs, drawn by the desktop and the PDF alike): the tornado
// of one-at-a-time swings, the Monte Carlo histogram of an output with its percentiles marked,
// and a sweep's Pareto frontier.

#include "analysis/montecarlo.h"
#include "analysis/sweep_spec.h"
#include "evaluate/evaluate.h"
#include "analysis/tornado.h"
#include "chart_spec.h"

#include <string_view>
#include <utility>
#include <vector>

namespace planner {

// One horizontal bar pair per swing, widest first: the output's change from its nominal value
// with the input at the low and at the high end of its swing. `unit` is the output's.
ChartSpec tornadoChart(const std::vector<TornadoBar>& bars, std::string_view outputLabel, std::string_view unit);

// The distribution of one output over the samples as a step outline over `bins` equal bins, with
// P5, P10, P50, P90, P95 and the mean as marked points. `samples` need not be sorted.
ChartSpec histogramChart(std::vector<double> samples, const OutputDistribution& d, int bins = 30);

// How a sweep's axis names its quantity: a field by its label, an output by the label the
// evaluation gives it (`e` may be null: the key stands), with its unit: "Capex (USD)"; a field
// label in brackets already says it ("Interactivity (tokens/s per user)"), an output's brackets
// say what it counts and the unit follows ("Cost per million tokens (input + output), USD/Mtok").
std::string sweepAxisTitle(const SweepQuantity& q, const Evaluation* e);

// A sweep's frontier: its rows as points and the frontier line through them, ordered by x.
ChartSpec frontierChart(std::vector<std::pair<double, double>> points, std::string_view xTitle, std::string_view yTitle);

} // namespace planner
