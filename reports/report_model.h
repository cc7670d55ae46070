// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The plain report model every writer reads: rows of already-formatted figures with their unit,
// evidence grade, method and the inputs behind them; the bill of materials; warnings; and the
// assumptions (every input with value, unit, source and grade). Writers never reach into the
// engine, so CSV, PDF and XLSX print the same figures.

#include "evaluate/evaluate.h"

#include <string>
#include <vector>

namespace planner {

struct ReportFigure {
    std::string section; // "results", "sizing", "power", "network", "storage", "reliability"
    std::string key;     // "results.cost_per_mtok_usd"
    std::string label;
    double value = 0;
    std::string unit;
    std::string grade;
    std::string method;
    std::string inputs;  // "; "-separated
    std::string restsOn; // "1 measured, 3 vendor, 8 estimate"
};

struct ReportAssumption {
    std::string path, value, unit, source, grade;
    bool given = false; // typed in the scenario, as opposed to a default
};

struct ReportModel {
    std::string scenarioName;
    std::string system, model;
    std::vector<ReportFigure> figures;
    std::vector<BomLine> bom;
    Warnings warnings;
    std::vector<ReportAssumption> assumptions;
};

ReportModel buildReportModel(const Evaluation& e);

} // namespace planner
