// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Inputs sheet: one row per scenario input (path, label, value, unit, source, grade), then a
// section of engine-computed quantities the cost formulas need but a spreadsheet cannot derive
// from the inputs (GPU counts from sizing, tokens/s per GPU from the throughput model, goodput
// from the reliability model, storage fees ...), each labelled as such. Formulas elsewhere find
// a cell by its path or key, so the Results sheet never counts rows.

#include "report_model.h"
#include "xlsx_book.h"

#include <map>
#include <string>

namespace planner {

class XlsxInputs {
public:
    XlsxInputs(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model);

    // The cell holding input `path` ("finance.utilization"). An input the scenario leaves unset
    // gets an engine-computed row holding `engineValue` instead, so a formula always has a cell.
    std::string input(const std::string& path, double engineValue, std::string_view unit);
    // An engine-computed quantity (added once, on first use) under the key scripts know it by.
    std::string engine(const std::string& key, std::string_view label, double value, std::string_view unit,
                       std::string_view source);

private:
    void writeInputs(const ReportModel& model);

    XlsxBook& book_;
    XlsxSheet sheet_;
    std::map<std::string, std::string> cells_; // path or key -> absolute address
    bool engineSectionStarted_ = false;
};

} // namespace planner
