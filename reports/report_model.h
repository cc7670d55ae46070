// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The plain report model every writer reads: every metric of an Evaluation (results, sizing and
// details) with its unit, evidence grade, method and the inputs behind it, grouped by section;
// the bill of materials; warnings; and the assumptions (every input with value, unit, source and
// grade). Values are numbers in the engine's units; each writer formats them its own way (the
// text writer for people, CSV and JSON exactly). Writers never reach into the engine, so every
// format shows the same figures, and a metric the engine adds appears in all of them.

#include "evaluate/evaluate.h"

#include <optional>
#include <string>
#include <vector>

namespace planner {

struct ReportFigure {
    std::string section; // the key's first part: "results", "sizing", "finance", ...
    std::string key;     // "results.cost_per_mtok_usd"
    std::string label;
    double value = 0;
    std::string unit;
    std::string grade;
    std::string method;
    std::vector<std::string> inputs;
    std::string restsOn; // "1 measured, 3 vendor, 8 estimate"
    // P10 and P90 where the engine gives the figure a band (Metric::p10/p90); none otherwise.
    std::optional<double> p10{}, p90{};
};

struct ReportBomLine {
    std::string category, item;
    double count = 0;
    std::string unit;
    double unitCostUsd = 0, totalCostUsd = 0, unitPowerKw = 0, totalPowerKw = 0;
    std::string includedIn; // non-empty: its cost is counted in that line
    std::string grade, source;
    std::string capexClass; // "compute", "network", ...: how finance annualizes it (capex_class.h)
    std::string scalesWith; // "domains", "gpus", "it_kw", "fabric.leaf_switches" ..., "" for a plan of its own (bom.h)
    double perBasis = 0;    // count = perBasis x what it scales with
};

struct ReportAssumption {
    std::string path;
    std::optional<double> number; // numeric inputs
    std::string text;             // text inputs (choices, names)
    std::string unit, source, grade;
    bool given = false; // typed in the scenario, as opposed to a default
};

struct ReportModel {
    std::string scenarioName;
    std::string system, model;
    std::vector<ReportFigure> figures; // in the engine's order, each key once
    std::vector<ReportBomLine> bom;
    Warnings warnings;
    std::string throughputDerivation; // how the throughput was obtained (Evaluation); may be empty
    std::vector<ReportAssumption> assumptions;
    // Set when the report shows a scenario with edits its file does not hold: what to tell the
    // reader (the PDF's first page says it). Empty for a saved scenario and for the CLI.
    std::string unsavedChanges;
    // The finance model's inputs as the engine used them (GPU counts, throughput, goodput, capex by
    // class ...): the XLSX writer rebuilds the cost formulas over them.
    FinanceInput financeBasis;
    // How the cluster was sized (basis, domains, spares, its shape): the workbook re-sizes by it.
    SizingResult sizing;
    std::optional<FabricInput> fabricInput; // the scale-out fabric as sized (Evaluation::fabricInput)

    // Sections in order of first appearance ("results", "sizing", ...).
    std::vector<std::string> sections() const;
};

ReportModel buildReportModel(const Evaluation& e);

} // namespace planner
