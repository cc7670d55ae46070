// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The measured-benchmark database (SQLite, schema in SCHEMA.md). What the CLI and the GUI call:
//
//   // clusterplanner-cli import mlperf results.json --into bench.sqlite
//   auto report = planner::importInto("mlperf", file, db, options);
//   if (!report) -> report.error(): kind BadInput (exit 2) or Io (exit 3), message names the file
//                  and a database the failed import created is removed (all or nothing)
//   report.value().imported / .skipped (record + reason) / .warnings / .unknownNames
//
//   // throughput model input
//   auto db = planner::openForReading(path);          // untrusted file: never modified
//   planner::PointFilter filter;
//   filter.model = "deepseek-r1";
//   filter.gpu = "gb200";
//   auto points = db.value().loadPoints(filter);
//
// Reading treats the file as untrusted input (it may have been mailed, edited or damaged): it is
// opened read-only with SQLite's hardening and checked (header, application id, schema version,
// quick_check, tables and columns, no triggers or views) before anything is read; any failure is
// an Error naming the file and the file is left byte for byte as it was.
// Writing creates the file or migrates it, refuses any SQLite file that is not ours, and runs
// each import as one transaction: all of its rows or none.

#include "serving/benchmark.h"
#include "benchmark_aliases.h"
#include "stored_run.h"
#include "importer.h"
#include "core/result.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace planner {

struct ImportReport {
    std::string file;     // the file imported, as given
    std::string importer; // "mlperf", "inferencex", "csv", "vllm"
    int records = 0;      // records read from the file, usable or not
    int imported = 0;     // rows added to the database
    std::vector<SkippedRow> skipped;       // ordered by record; includes rows already present
    std::vector<RowWarning> warnings;      // e.g. corrected unit labels
    std::vector<UnknownName> unknownNames; // raw names kept with no catalog id

    int skippedCount(SkipKind kind) const;
};

struct PointFilter {
    std::string model, gpu, system;     // catalog ids; empty matches any
    std::optional<Precision> precision; // rows whose precision the catalog cannot name are left out
    Grade weakest = Grade::User;        // Grade::Measured gives the "verified and measured only" view
    bool includePreview = true;
};

// A database opened for reading. Only rows with a known model id become points.
class BenchmarkDatabase {
public:
    BenchmarkDatabase(BenchmarkDatabase&&) noexcept;
    BenchmarkDatabase& operator=(BenchmarkDatabase&&) noexcept;
    ~BenchmarkDatabase();

    Result<std::vector<BenchmarkPoint>> loadPoints(const PointFilter& filter = {}) const;
    Result<std::int64_t> runCount() const;
    // Every row as stored, raw names included (browser, measured ratios), and one row's original.
    Result<std::vector<StoredRun>> loadRuns() const;
    Result<std::string> rawRecord(std::int64_t rowId) const;
    // The database's alias table (seeds and the user's own) over the catalog.
    Result<AliasResolver> aliases() const;

private:
    friend Result<BenchmarkDatabase> openForReading(const QString& path);
    friend class BenchmarkStore;
    explicit BenchmarkDatabase(std::unique_ptr<sqlite::Connection> db);
    std::unique_ptr<sqlite::Connection> db_;
};

Result<BenchmarkDatabase> openForReading(const QString& path);

// A database opened (or created) for writing.
class BenchmarkStore {
public:
    static Result<BenchmarkStore> open(const QString& path);

    BenchmarkStore(BenchmarkStore&&) noexcept;
    BenchmarkStore& operator=(BenchmarkStore&&) noexcept;
    ~BenchmarkStore();

    // Reads file with importer and stores its rows in one transaction. Rows whose (source,
    // source_row_id) is already stored are skipped, so importing a file twice adds nothing.
    // In strict mode an invalid record fails the import and nothing is stored.
    Result<ImportReport> import(const Importer& importer, const QString& file, const ImportOptions& options = {});

    // Maps a raw name to a catalog id (a user alias) and updates the rows already stored.
    Result<void> setAlias(AliasKind kind, const std::string& rawName, const std::string& catalogId);

    Result<std::vector<BenchmarkPoint>> loadPoints(const PointFilter& filter = {}) const;
    Result<std::int64_t> runCount() const;
    Result<std::vector<StoredRun>> loadRuns() const;

private:
    explicit BenchmarkStore(std::unique_ptr<sqlite::Connection> db, std::string path);
    std::unique_ptr<sqlite::Connection> db_;
    std::string path_;
};

// Imports file into db, all rows or none. An existing db is extended (migrated first if older);
// a missing one is built under a name of its own beside it and linked into place only when the
// import succeeded, so a failed import leaves no file, and an import that finds db created by
// another meanwhile adds its rows there instead of replacing or removing it.
Result<ImportReport> importInto(const Importer& importer, const QString& file, const QString& db,
                                const ImportOptions& options = {});
// The same with the importer found by name ("mlperf", "inferencex", "csv", "vllm").
Result<ImportReport> importInto(std::string_view importer, const QString& file, const QString& db,
                                const ImportOptions& options = {});

} // namespace planner
