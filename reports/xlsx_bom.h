// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The BOM sheet (count x unit price and count x unit power as formulas, totals as sums, each
// line tagged with the capex class finance annualizes it as) and the Assumptions sheet (every
// input's source and grade, what each headline figure rests on, and the warnings).

#include "report_model.h"
#include "xlsx_book.h"

#include <string>

namespace planner {

struct XlsxSizingCells; // xlsx_sizing.h
struct XlsxFabricTable; // xlsx_fabric.h

struct XlsxBomCells {
    std::string classRange; // the capex class column of every line, for SUMIF
    std::string costRange;  // the total cost column of every line
    std::string itKw;       // the IT power: the sum of the compute, network and storage lines' kW
};

// Counts that follow the cluster's size are formulas over the Sizing sheet's cells, the fabric's a
// look-up of the Fabric sheet's plan for the Sizing sheet's domains (the count_basis column says
// which); the storage tiers' counts are the engine's plan, and say so.
XlsxBomCells writeBomSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model, const XlsxSizingCells& sizing,
                           const XlsxFabricTable& fabric);
void writeAssumptionsSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model);

} // namespace planner
