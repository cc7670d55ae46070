// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Results sheet: every headline figure as a live formula over the Inputs sheet, reproducing
// the engine's finance model (engine/finance/finance.cpp, engine/evaluate/step_finance.cpp), on the
// Sizing sheet's GPUs and IT power (a demand-sized cluster re-sizes there):
// capex by class summed from the BOM, capital recovered as an annuity per class, each operating
// cost line, cost per year, TCO per GPU-hour, tokens served, cost per million tokens (total,
// input, output), cost per request, tokens per dollar and per MW, break-even rental price. Each
// row: the key as `evaluate --json` spells it inside its section, label, value, unit, section.
// Each formula is stored with the engine's value, so a reader that does not recalculate still
// shows the engine's figures, and one that does reproduces them.

#include "report_model.h"
#include "xlsx_bom.h"
#include "xlsx_book.h"
#include "xlsx_inputs.h"
#include "xlsx_sizing.h"

namespace planner {

void writeResultsSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model, XlsxInputs& inputs,
                       const XlsxBomCells& bom, const XlsxSizingCells& sizing);

} // namespace planner
