// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Several scenarios side by side: every figure of their report models in one row per metric key,
// with each scenario's value and its ratio to the baseline scenario's. The comparison text, CSV,
// JSON and PDF all read this one table, so they agree on which rows exist and what a ratio is.
// Rows: the headline figures (the "results.*" keys) first, then every other key in the engine's
// order; a key only some scenarios publish still gets its row, empty where it is missing.

#include "differing_inputs.h"
#include "report_model.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace planner {

struct ComparisonRow {
    std::string key, label, unit;
    std::vector<std::optional<double>> values; // one per scenario; nullopt where it has no such figure
    // value / baseline value; nullopt where either is missing or not finite, or the baseline is 0
    std::vector<std::optional<double>> ratios;
    std::vector<std::string> grades; // one per scenario, empty where missing
};

struct ComparisonModel {
    std::vector<std::string> scenarioNames;
    std::size_t baseline = 0; // index into scenarioNames
    std::vector<DifferingInput> differingInputs; // printed before the outputs (differing_inputs.h)
    std::vector<std::string> warnings;           // differences that are not the hardware's
    std::vector<ComparisonRow> rows;

    const ComparisonRow* row(const std::string& key) const;
};

// value / baseline value; nullopt where either is missing or not finite, or the baseline is 0.
// The one rule every comparison (reports, the desktop's Compare view) uses.
std::optional<double> ratioOf(const std::optional<double>& value, const std::optional<double>& baseline);

// `baseline` must index `models`; an out-of-range baseline is taken as 0 (the caller checks it).
ComparisonModel buildComparison(const std::vector<ReportModel>& models, std::size_t baseline);

} // namespace planner
