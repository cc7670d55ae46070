// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The file a sweep writes and `merge` reads: one row per kept configuration, columns
//   combination, <one per varied field, its value as given>, <one per objective, "KEY:min|max">
// sorted by combination number. CSV (RFC 4180, CRLF) or, when the path ends in .sqlite, a SQLite
// database with one table `sweep` of the same columns. Numbers are written in the shortest form
// that reads back to the same double, so a merge of shard files reproduces the unsharded file
// byte for byte. Writes are atomic: a complete file or none.

#include "analysis/pareto.h"
#include "core/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace planner {

struct SweepTable {
    std::vector<std::string> fields;          // varied field paths, in --vary order
    std::vector<std::string> objectives;      // "results.cost_per_mtok_usd"
    std::vector<Direction> directions;        // one per objective
    std::vector<std::uint64_t> combinations;  // one per row
    std::vector<std::string> fieldValues;     // rows x fields, row-major
    std::vector<double> objectiveValues;      // rows x objectives, row-major

    std::size_t rows() const { return combinations.size(); }
    std::vector<std::string> header() const;
};

Result<void> writeSweepTable(const SweepTable& table, const std::string& path);
// Reads a file writeSweepTable wrote (CSV or .sqlite); the header says the fields and objectives.
Result<SweepTable> readSweepTable(const std::string& path);

// Keeps the rows on the Pareto frontier of the objectives (all rows when allRows), one row per
// combination number, sorted by it: what a sweep keeps, so merging shards gives the same table.
void keepSweepRows(SweepTable& table, bool allRows);

} // namespace planner
