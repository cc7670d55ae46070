// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The BOM sheet (count x unit price and count x unit power as formulas, totals as sums, each
// line tagged with the capex class finance annualizes it as) and the Assumptions sheet (every
// input's source and grade, what each headline figure rests on, and the warnings).

#include "report_model.h"
#include "xlsx_book.h"

#include <string>

namespace planner {

struct XlsxBomCells {
    std::string classRange; // the capex class column of every line, for SUMIF
    std::string costRange;  // the total cost column of every line
};

XlsxBomCells writeBomSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model);
void writeAssumptionsSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model);

} // namespace planner
