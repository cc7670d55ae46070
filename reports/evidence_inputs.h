// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What an evidence input is, in words: the ids a figure rests on ("workload.pue", "row:654",
// "catalog:vr200-nvl72.power", "model:spec-ratio") as a reader wants them: a name, the value
// with its unit, the source and its date, and where to open it (a benchmark row, a catalog
// figure, a scenario field). The provenance panel lists these; the ids stay in its tooltips.

#include "catalog/catalog.h"
#include "catalog/catalog_fields.h"
#include "scenario/scenario.h"
#include "serving/benchmark.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

enum class InputKind { Field, BenchmarkRow, CatalogFigure, Model };

struct InputDetail {
    InputKind kind = InputKind::Model;
    std::string id;     // as the evidence lists it
    std::string name;   // "Electricity price", "MLPerf Inference v5.1 row: gb200-nvl72 ..."
    std::string value;  // "0.08 USD/kWh"; empty where the input has no single value
    std::string source; // where the value comes from; empty when not known
    std::string date;   // of the source; empty when not given
    std::int64_t row = 0;                          // BenchmarkRow: the store's row id
    std::string catalogKind, catalogId, catalogField; // CatalogFigure: as CatalogFigure names them
};

// Describes the inputs of one evaluation; holds references to its arguments, which must outlive it.
// `rows`: the benchmark rows the evaluation read (may be empty: a row is then named by its id).
class InputDescriber {
public:
    InputDescriber(const Scenario& resolved, const Catalog& catalog, std::span<const BenchmarkPoint> rows);
    InputDetail describe(std::string_view id) const;

private:
    const Scenario& resolved_;
    const Catalog& catalog_;
    std::span<const BenchmarkPoint> rows_;
    mutable std::vector<CatalogFigure> figures_; // the catalog's, listed on the first catalog id
};

// The inputs graded as weakly as the figure itself (the grade its chip shows), in words: the
// first by name, then how many more: "Building staff per MW and 14 more". Empty without inputs.
std::string weakestInputs(const Evidence& evidence, const InputDescriber& describer);

} // namespace planner
