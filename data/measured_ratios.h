// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Measured ratios between two sides of one benchmark, from a benchmark database: the rows each
// side has per scenario, the row chosen (best per GPU unless the caller picks one), and the
// ratios (engine/serving/measured_ratio.h does the arithmetic). Both the CLI's `ratio` command and
// the desktop Ratios view call this, so they agree.
//
//   auto db = openForReading(path);
//   RatioQuery q{.benchmark = "llama2-70b-99", .a = "NVIDIA B200-SXM-180GB", .b = "h200"};
//   auto r = measuredRatios(db.value(), builtinCatalog(), q);
//
// A side is named as the data spells it (system or accelerator, any case) or by a catalog id
// (GPU or system). An unknown benchmark or side is a BadInput error listing the nearest names.
// MLPerf results keep their own units: a Samples/s row is compared only with Samples/s rows.

#include "benchmark_store.h"
#include "catalog/catalog.h"
#include "serving/measured_ratio.h"
#include "serving/throughput_curve.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace planner {

struct RatioQuery {
    std::string benchmark; // MLPerf benchmark key: "llama2-70b-99", "deepseek-r1"
    std::string a, b;      // sides
    // Rows the caller picked instead of the default; each replaces the default of its scenario
    // and units on its side. An id that is not one of the side's rows is an error.
    std::vector<std::int64_t> pickA, pickB;
    std::optional<double> interactivity; // output tokens/s per user for the matched comparison
};

// One scenario (and units) of the comparison. A side without rows there has no chosen row.
struct ScenarioRatio {
    std::string scenario; // "Offline", "Server", "Interactive"
    std::string units;    // "Tokens/s", ...
    std::vector<RatioRow> rowsA, rowsB; // candidates, best per GPU first
    std::optional<std::size_t> chosenA, chosenB; // index into rowsA / rowsB
    RowRatio ratio;

    const RatioRow* a() const { return chosenA ? &rowsA[*chosenA] : nullptr; }
    const RatioRow* b() const { return chosenB ? &rowsB[*chosenB] : nullptr; }
};

// One side's throughput curve read at the matched interactivity.
struct MatchedReading {
    std::string system;    // catalog system id of the curve
    std::string precision;
    double inputTokens = 0, outputTokens = 0; // the curve's request shape
    CurveReading reading;
    std::string clampNote; // empty when the reading lies inside the measured range
    MatchedSide side;      // figures and power the ratio used
    std::vector<CurvePoint> frontier; // the curve's measured frontier, per-user ascending
};

struct MatchedComparison {
    double interactivity = 0; // output tokens/s per user asked
    MatchedReading a, b;
    MatchedRatio ratio;
};

struct RatioComparison {
    std::string benchmark;
    std::string modelId; // catalog model of the benchmark, empty when unknown
    std::vector<ScenarioRatio> scenarios; // Offline, Server, Interactive order; then others
    std::optional<MatchedComparison> matched;
};

Result<RatioComparison> measuredRatios(const BenchmarkDatabase& db, const Catalog& catalog, const RatioQuery& q);

// Benchmarks and side names the database holds, for pickers and "did you mean" lists.
struct RatioChoices {
    std::vector<std::string> benchmarks;
    std::vector<std::string> sides; // for the benchmark asked: system and accelerator names
};
Result<RatioChoices> ratioChoices(const BenchmarkDatabase& db, const std::string& benchmark = {});

// Up to `count` of `names` closest to `name` (case-insensitive edit distance), closest first.
std::vector<std::string> nearestNames(const std::string& name, const std::vector<std::string>& names,
                                      std::size_t count = 5);

} // namespace planner
