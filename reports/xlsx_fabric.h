// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Fabric sheet: the scale-out fabric's plan (cluster/fabric.h) for every cluster size from one
// scale-up domain up to well past the sized one, one row per domain count, computed by the same
// model the engine sized the cluster with. The fabric is not a formula (its spine count divides
// the leaves' uplinks, each switch rounds its transceivers up), so the BOM's network counts look
// their row up by the Sizing sheet's domains: a re-sized cluster gets the engine's own plan. The
// table stops where the fabric would need a tier the sized plan has no BOM line for, or past
// twice the sized cluster; a size beyond it shows #N/A, and the sheet says to re-run the engine.

#include "report_model.h"
#include "xlsx_book.h"

#include <string>
#include <string_view>

namespace planner {

struct XlsxFabricTable {
    std::string range; // the table without its header, for VLOOKUP; empty when there is no fabric
    // The table column (1-based, for VLOOKUP) of a BOM line's count basis ("fabric.leaf_switches"); 0: none.
    int columnOf(std::string_view basis) const;
};

XlsxFabricTable writeFabricSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model);

} // namespace planner
