// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The benchmark database schema: its version, every migration, and the check that a file holds
// what this build expects. The DDL itself and the column-by-column description are in
// benchmark_schema.cpp and SCHEMA.md; change them together and add a migration step, never
// edit an old one.

#include "sqlite_db.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace planner::schema {

// PRAGMA user_version of a database this build writes. Files with a larger version come from a
// newer Cluster Planner and are refused; smaller ones are migrated when opened for writing.
inline constexpr int kVersion = 3;

// The oldest version a reader takes without an upgrade: every version from it to kVersion has the
// same tables and columns (version 3 only dropped an index no query used), so a file written by
// the previous release still opens read-only. Older files must be imported into once.
inline constexpr int kOldestReadableVersion = 2;

// PRAGMA application_id, "CPBD" (Cluster Planner Benchmark Database): tells our files apart from
// every other SQLite file, before any of their content is trusted.
inline constexpr std::int32_t kApplicationId = 0x43504244;

// Brings a database at fromVersion (0 = empty) to kVersion. Run inside a transaction.
sqlite::VoidResult migrate(const sqlite::Connection& db, int fromVersion);

// Checks that every table exists as a table with every expected column, and that the file has
// no triggers or views (ours has none; a file with them was altered by someone else).
sqlite::VoidResult verify(const sqlite::Connection& db);

// Columns of the runs table that an import writes, in order; the insert statement binds them.
std::string_view insertRunSql();

// The values of a runs row that its table's CHECK constraints look at, as they are bound.
struct CheckedRunValues {
    std::string_view grade, serving, scenario, unit; // empty scenario: NULL
    std::optional<std::int64_t> gpuCount, nodes, preview;
};

// The CHECK constraint of the runs table (kCreateV1, kUnitsV2) these values fail, named by its
// column, or nullopt when SQLite would accept them. An import evaluates this instead of SQLite
// (insertChecksSkipped) and test_benchmark_store_writes holds it to SQLite's own verdict.
std::optional<std::string_view> failedRunCheck(const CheckedRunValues& values);

// The pragma under which the import prepares its insert: SQLite then leaves the CHECK
// constraints to failedRunCheck (NOT NULL and UNIQUE stay SQLite's). Evaluated by SQLite, they
// were a seventh of its instructions per row (1.5k of 10.6k, callgrind): six string comparisons
// for the grade, three each for scenario and unit, two for serving, in the VDBE.
inline constexpr std::string_view kSkipChecksPragma = "PRAGMA ignore_check_constraints = ON";
inline constexpr std::string_view kKeepChecksPragma = "PRAGMA ignore_check_constraints = OFF";

} // namespace planner::schema
