// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The pieces of the benchmark store shared by the read-only and the read-write handle.

#include "benchmark_store.h"
#include "sqlite_db.h"

namespace planner::detail {

Result<std::vector<BenchmarkPoint>> queryPoints(const sqlite::Connection& db, const PointFilter& filter);
Result<std::int64_t> countRuns(const sqlite::Connection& db);
Result<std::vector<StoredRun>> queryRuns(const sqlite::Connection& db);
Result<std::string> queryRaw(const sqlite::Connection& db, std::int64_t rowId);
Result<ImportReport> importFile(const sqlite::Connection& db, const Importer& importer, const QString& file,
                                const ImportOptions& options);

} // namespace planner::detail
