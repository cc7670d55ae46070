// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the numbers-only pipeline can resume. A sweep evaluates neighbouring configurations that
// differ in one or two fields; when those fields are read only by the late steps (a price, the
// cost of capital), the early steps' answers (throughput, sizing, fabric, storage, reliability)
// are the previous configuration's, so only the steps from the first one reading a changed field
// run again. Each step declares the scenario fields it reads (step_reads.cpp); a field no step
// declares counts as read by the first, so an undeclared field can only cost speed, never
// correctness. tests/engine/analysis/test_incremental_numbers holds the resumed figures to a full
// evaluation's on random sweeps over every kind of field.

#include "scenario/scenario_schema.h"

#include <string_view>

namespace planner {

// In pipeline order: a later stage reuses everything before it.
enum class EvaluationStage {
    Start, // throughput, per-GPU power, goodput, sizing and fabric, storage and reliability
    Bom,   // the bill of materials: prices of the system, cooling and site
    Cost,  // capex by class, opex, TCO and cost per token; the training run; the headline
};

// The first stage whose steps read the field at `path` ("finance.cost_of_capital" -> Cost).
EvaluationStage firstStageReading(std::string_view path);
inline EvaluationStage firstStageReading(const FieldSpec& f) { return firstStageReading(f.path); }

} // namespace planner
