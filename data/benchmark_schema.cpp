// SPDX-License-Identifier: GPL-3.0-or-later
// Every statement that defines the benchmark database lives here; SCHEMA.md explains the columns.
#include "benchmark_schema.h"

#include "core/evidence.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

namespace planner::schema {

namespace outcome = boost::outcome_v2;

namespace {

// Version 1. A later version appends a step below; a step is never edited once released.
// Two choices made for import speed (a million rows in under 5 s), measured with SQLite 3.40:
// - CHECKs on runs compare with OR, not IN (...): an IN list builds a temporary table on every
//   insert and doubled the cost of an import.
// - (source, source_row_id) is unique by the importer's in-memory check, not a UNIQUE index: an
//   index over random hash keys took as long to maintain as the table itself.
constexpr std::string_view kCreateV1 = R"sql(
CREATE TABLE imports (
    id            INTEGER PRIMARY KEY,
    file          TEXT NOT NULL,
    importer      TEXT NOT NULL,
    imported_at   TEXT NOT NULL,
    records       INTEGER NOT NULL DEFAULT 0,
    imported      INTEGER NOT NULL DEFAULT 0,
    skipped       INTEGER NOT NULL DEFAULT 0,
    unknown_names INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE aliases (
    kind       TEXT NOT NULL CHECK (kind IN ('accelerator', 'system', 'model')),
    raw_name   TEXT NOT NULL COLLATE NOCASE,
    catalog_id TEXT NOT NULL,
    origin     TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('seed', 'user')),
    PRIMARY KEY (kind, raw_name)
) WITHOUT ROWID;
CREATE TABLE runs (
    id                INTEGER PRIMARY KEY,
    import_id         INTEGER REFERENCES imports (id),
    source            TEXT NOT NULL,
    source_row_id     TEXT NOT NULL,
    date              TEXT,
    grade             TEXT NOT NULL CHECK (grade = 'verified' OR grade = 'measured' OR grade = 'vendor'
                                           OR grade = 'third-party' OR grade = 'estimate' OR grade = 'user'),
    division          TEXT,
    system_raw        TEXT,
    accelerator_raw   TEXT,
    system_id         TEXT,
    gpu_id            TEXT,
    gpu_count         INTEGER CHECK (gpu_count > 0),
    nodes             INTEGER CHECK (nodes > 0),
    model_raw         TEXT,
    model_id          TEXT,
    precision         TEXT,
    framework         TEXT,
    framework_version TEXT,
    serving           TEXT NOT NULL DEFAULT 'aggregated' CHECK (serving = 'aggregated' OR serving = 'disaggregated'),
    prefill_gpus      INTEGER,
    decode_gpus       INTEGER,
    parallelism       TEXT,
    isl               REAL,
    osl               REAL,
    concurrency       REAL,
    scenario          TEXT CHECK (scenario = 'Offline' OR scenario = 'Server' OR scenario = 'Interactive'),
    total_per_gpu     REAL,
    input_per_gpu     REAL,
    output_per_gpu    REAL,
    tok_s_per_user    REAL,
    ttft_median_ms    REAL,
    ttft_p99_ms       REAL,
    tpot_median_ms    REAL,
    tpot_p99_ms       REAL,
    power_w           REAL,
    preview           INTEGER NOT NULL DEFAULT 0 CHECK (preview = 0 OR preview = 1),
    raw               TEXT NOT NULL
);
CREATE INDEX runs_by_model ON runs (model_id, gpu_id);
)sql";

// Version 2: every result keeps its unit. Version 1 stored every row as tokens/s (samples/s and
// queries/s results were relabelled or converted with the mean output tokens), so its rows are
// tokens/s rows, which is the default here; rows in samples/s or queries/s carry their result
// per GPU in requests_per_gpu and no token figures.
constexpr std::string_view kUnitsV2 = R"sql(
ALTER TABLE runs ADD COLUMN unit TEXT NOT NULL DEFAULT 'tokens/s'
    CHECK (unit = 'tokens/s' OR unit = 'samples/s' OR unit = 'queries/s');
ALTER TABLE runs ADD COLUMN requests_per_gpu REAL;
)sql";

// Version 3: no index on runs. runs_by_model was never used: loadPoints filters with
// "(?1 IS NULL OR model_id = ?1)", which SQLite answers with a scan of runs (EXPLAIN QUERY
// PLAN), so the index only cost its upkeep: a tenth of the file and about a third of the
// SQLite time of a million-row import, every entry a binary search among equal keys. A query
// that wants an index should come with one it is written to use. Tables and columns are those
// of version 2, which is why readers take version-2 files as they are (kOldestReadableVersion).
constexpr std::string_view kNoIndexV3 = R"sql(
DROP INDEX IF EXISTS runs_by_model;
)sql";

constexpr std::array<std::string_view, 3> kSteps{kCreateV1, kUnitsV2, kNoIndexV3}; // kSteps[v] takes version v to v + 1
static_assert(kSteps.size() == kVersion);

struct TableColumns {
    std::string_view table;
    std::vector<std::string_view> columns;
};

const std::array<TableColumns, 3>& expectedTables()
{
    static const std::array<TableColumns, 3> tables{{
        {"imports", {"id", "file", "importer", "imported_at", "records", "imported", "skipped", "unknown_names"}},
        {"aliases", {"kind", "raw_name", "catalog_id", "origin"}},
        {"runs", {"id", "import_id", "source", "source_row_id", "date", "grade", "division", "system_raw",
                  "accelerator_raw", "system_id", "gpu_id", "gpu_count", "nodes", "model_raw", "model_id",
                  "precision", "framework", "framework_version", "serving", "prefill_gpus", "decode_gpus",
                  "parallelism", "isl", "osl", "concurrency", "scenario", "total_per_gpu", "input_per_gpu",
                  "output_per_gpu", "tok_s_per_user", "ttft_median_ms", "ttft_p99_ms", "tpot_median_ms",
                  "tpot_p99_ms", "power_w", "preview", "raw", "unit", "requests_per_gpu"}},
    }};
    return tables;
}

Error schemaError(std::string message)
{
    return Error{ErrorKind::BadInput, "not a Cluster Planner benchmark database: " + std::move(message), {}};
}

sqlite::VoidResult noTriggersOrViews(const sqlite::Connection& db)
{
    auto stmt = sqlite::Statement::prepare(db, "SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view')");
    if (!stmt)
        return stmt.error();
    auto step = stmt.value().step();
    if (!step)
        return step.error();
    if (step.value() == sqlite::Statement::Step::Row)
        return schemaError("it contains a " + stmt.value().columnText(0) + " (\"" + stmt.value().columnText(1)
                           + "\"), which Cluster Planner never creates");
    return outcome::success();
}

sqlite::VoidResult tableHasColumns(const sqlite::Connection& db, const TableColumns& expected)
{
    auto type = sqlite::Statement::prepare(db, "SELECT type FROM sqlite_schema WHERE name = ?1");
    auto info = sqlite::Statement::prepare(db, "SELECT name FROM pragma_table_info(?1)");
    if (!type || !info)
        return !type ? type.error() : info.error();
    type.value().bind(1, expected.table);
    auto found = type.value().step();
    if (!found)
        return found.error();
    if (found.value() != sqlite::Statement::Step::Row || type.value().columnText(0) != "table")
        return schemaError("table " + std::string(expected.table) + " is missing");
    std::set<std::string, std::less<>> columns;
    info.value().bind(1, expected.table);
    for (auto step = info.value().step(); step && step.value() == sqlite::Statement::Step::Row; step = info.value().step())
        columns.insert(info.value().columnText(0));
    for (std::string_view column : expected.columns)
        if (!columns.count(column))
            return schemaError("table " + std::string(expected.table) + " has no column " + std::string(column));
    return outcome::success();
}

} // namespace

sqlite::VoidResult migrate(const sqlite::Connection& db, int fromVersion)
{
    if (fromVersion < 0 || fromVersion > kVersion)
        return schemaError("schema version " + std::to_string(fromVersion) + " is unknown");
    if (fromVersion == kVersion)
        return outcome::success(); // nothing to write: an up-to-date file stays byte for byte
    for (int v = fromVersion; v < kVersion; ++v)
        if (auto r = db.exec(kSteps[static_cast<std::size_t>(v)]); !r)
            return r.error();
    // PRAGMA arguments cannot be bound; both values are compile-time constants.
    if (auto r = db.exec("PRAGMA user_version = " + std::to_string(kVersion)); !r)
        return r.error();
    return db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
}

sqlite::VoidResult verify(const sqlite::Connection& db)
{
    if (auto r = noTriggersOrViews(db); !r)
        return r;
    for (const auto& table : expectedTables())
        if (auto r = tableHasColumns(db, table); !r)
            return r;
    return outcome::success();
}

std::optional<std::string_view> failedRunCheck(const CheckedRunValues& v)
{
    const auto oneOf = [](std::string_view value, std::initializer_list<std::string_view> allowed) {
        return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
    };
    // In the order of the columns; each line is the CHECK of kCreateV1 or kUnitsV2 written the
    // same way. Empty text is bound as NULL, which passes a CHECK (grade, serving and unit are
    // NOT NULL, which SQLite still enforces).
    if (!v.grade.empty() && !gradeFromName(v.grade))
        return "grade";
    if (v.gpuCount && *v.gpuCount <= 0)
        return "gpu_count";
    if (v.nodes && *v.nodes <= 0)
        return "nodes";
    if (!v.serving.empty() && !oneOf(v.serving, {"aggregated", "disaggregated"}))
        return "serving";
    if (!v.scenario.empty() && !oneOf(v.scenario, {"Offline", "Server", "Interactive"}))
        return "scenario";
    if (v.preview && *v.preview != 0 && *v.preview != 1)
        return "preview";
    if (!v.unit.empty() && !oneOf(v.unit, {"tokens/s", "samples/s", "queries/s"}))
        return "unit";
    return std::nullopt;
}

std::string_view insertRunSql()
{
    return R"sql(INSERT INTO runs (
        import_id, source, source_row_id, date, grade, division, system_raw, accelerator_raw,
        system_id, gpu_id, gpu_count, nodes, model_raw, model_id, precision, framework,
        framework_version, serving, prefill_gpus, decode_gpus, parallelism, isl, osl, concurrency,
        scenario, total_per_gpu, input_per_gpu, output_per_gpu, tok_s_per_user, ttft_median_ms,
        ttft_p99_ms, tpot_median_ms, tpot_p99_ms, power_w, preview, raw, unit, requests_per_gpu)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
            ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34, ?35, ?36, ?37, ?38))sql";
}

} // namespace planner::schema
