// SPDX-License-Identifier: GPL-3.0-or-later
// Writing into the benchmark database: one import = one transaction, one prepared statement
// reused for every row.
#include "benchmark_store_internal.h"
#include "file_format.h"
#include "import_record_cleaning.h"
#include "run_inserter.h"
#include "seen_run_keys.h"

#include <QDateTime>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <unordered_map>
#include <utility>

namespace planner {

namespace outcome = boost::outcome_v2;

namespace {

// What the table's constraints would reject; found here, it costs one row instead of the import.
std::optional<std::string> unstorable(const BenchmarkRun& r)
{
    if (r.sourceRowId.empty() || r.source.empty())
        return "the record has no source or row id";
    if (r.raw.empty())
        return "the record is empty";
    if (r.gpuCount.value_or(1) <= 0 || r.nodes.value_or(1) <= 0)
        return "GPU or node count is not positive";
    return std::nullopt;
}

// What SQLite would have said of the row's CHECK constraints, had it evaluated them (it does not
// during an import: schema::kSkipChecksPragma). Only the scenario comes from the file as text;
// the grade, serving and unit are names of enum values and the counts were checked by unstorable.
std::optional<std::string> failedCheck(const BenchmarkRun& r)
{
    const auto count = [](std::optional<int> n) { return n ? std::optional<std::int64_t>(*n) : std::nullopt; };
    const auto failed = schema::failedRunCheck({gradeName(r.grade), servingName(r.serving), r.scenario,
                                                resultUnitName(r.unit), count(r.gpuCount), count(r.nodes),
                                                std::int64_t(r.preview ? 1 : 0)});
    if (!failed)
        return std::nullopt;
    return "CHECK constraint failed: " + std::string(*failed);
}

// Lets SQLite skip the runs table's CHECK constraints for the statements prepared while it
// lives (failedCheck evaluates them instead); switching back expires those statements.
class ChecksSkipped {
public:
    static Result<ChecksSkipped> start(const sqlite::Connection& db)
    {
        if (auto r = db.exec(schema::kSkipChecksPragma); !r)
            return r.error();
        return ChecksSkipped(db);
    }
    ChecksSkipped(ChecksSkipped&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}
    ChecksSkipped& operator=(ChecksSkipped&&) = delete;
    ~ChecksSkipped()
    {
        if (db_)
            (void)db_->exec(schema::kKeepChecksPragma);
    }

private:
    explicit ChecksSkipped(const sqlite::Connection& db) : db_(&db) {}
    const sqlite::Connection* db_;
};

std::string duplicateReason(int earlier)
{
    return earlier < 0 ? "already in the database"
                       : "same source and row id as record " + std::to_string(earlier);
}

Result<std::int64_t> startImport(const sqlite::Connection& db, const std::string& file, std::string_view importer)
{
    auto stmt = sqlite::Statement::prepare(db, "INSERT INTO imports (file, importer, imported_at) VALUES (?1, ?2, ?3)");
    if (!stmt)
        return stmt.error();
    const std::string now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    stmt.value().bind(1, std::string_view(file));
    stmt.value().bind(2, importer);
    stmt.value().bind(3, std::string_view(now));
    if (auto step = stmt.value().step(); !step)
        return step.error();
    return db.lastInsertRowId();
}

sqlite::VoidResult finishImport(const sqlite::Connection& db, std::int64_t id, const ImportReport& report)
{
    auto stmt = sqlite::Statement::prepare(
        db, "UPDATE imports SET records = ?2, imported = ?3, skipped = ?4, unknown_names = ?5 WHERE id = ?1");
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, id);
    stmt.value().bind(2, std::int64_t(report.records));
    stmt.value().bind(3, std::int64_t(report.imported));
    stmt.value().bind(4, std::int64_t(report.skipped.size()));
    stmt.value().bind(5, std::int64_t(report.unknownNames.size()));
    if (auto step = stmt.value().step(); !step)
        return step.error();
    return outcome::success();
}

std::optional<Error> strictFailure(const ImportReport& report)
{
    for (const auto& s : report.skipped)
        if (s.kind == SkipKind::Invalid)
            return Error{ErrorKind::BadInput,
                         "record " + std::to_string(s.record) + ": " + s.reason + " (strict mode: nothing was imported)",
                         report.file + ":" + std::to_string(s.record)};
    return std::nullopt;
}

void mergeReadReport(ImportReport& report, ReadReport&& read)
{
    report.records = read.records;
    report.skipped.insert(report.skipped.end(), read.skipped.begin(), read.skipped.end());
    report.warnings.insert(report.warnings.end(), read.warnings.begin(), read.warnings.end());
    const auto byRecord = [](const auto& a, const auto& b) { return a.record < b.record; };
    std::stable_sort(report.skipped.begin(), report.skipped.end(), byRecord);
    std::stable_sort(report.warnings.begin(), report.warnings.end(), byRecord);
}

// Progress as the fraction of the file's bytes handed over as records (each record's raw text plus
// its separator), reported at most once per percent so the callback costs nothing per row.
class ImportProgress {
public:
    ImportProgress(Feedback* feedback, const QString& file)
        : feedback_(feedback), bytes_(feedback ? static_cast<double>(QFileInfo(file).size()) : 0.0)
    {
        if (feedback_)
            feedback_->setProgress(0.0);
    }
    // False when the import should stop (cancelled).
    bool advance(std::size_t recordBytes)
    {
        if (!feedback_)
            return true;
        if (feedback_->isCancelled())
            return false;
        read_ += static_cast<double>(recordBytes + 1);
        const double fraction = bytes_ > 0 ? std::min(read_ / bytes_, 0.99) : 0.0;
        if (fraction >= reported_ + 0.01) {
            reported_ = fraction;
            feedback_->setProgress(fraction);
        }
        return true;
    }
    bool cancelled() const { return feedback_ && feedback_->isCancelled(); }
    void finish() const
    {
        if (feedback_)
            feedback_->setProgress(1.0);
    }

private:
    Feedback* feedback_;
    double bytes_;
    double read_ = 0;
    double reported_ = 0;
};

} // namespace

namespace detail {

Result<ImportReport> importFile(const sqlite::Connection& db, const Importer& importer, const QString& file,
                                const ImportOptions& options)
{
    ImportReport report;
    report.file = file.toStdString();
    report.importer = importer.name();
    // No importer reads a database, a PDF or a workbook: say what the file is before reading it
    // as thousands of broken records.
    const FileFormat format = sniffFileFormat(file);
    if (format.binary)
        return Error{ErrorKind::BadInput, report.file + ": is " + format.name + ", not a file the " + report.importer
                                              + " importer reads; nothing was imported", report.file};
    auto tx = sqlite::Transaction::begin(db); // rolls back on every early return below
    if (!tx)
        return tx.error();
    auto importId = startImport(db, report.file, importer.name());
    if (!importId)
        return importId.error();
    auto checksSkipped = ChecksSkipped::start(db); // outlives the inserter's statement
    if (!checksSkipped)
        return checksSkipped.error();
    auto inserter = RunInserter::prepare(db, importId.value());
    if (!inserter)
        return inserter.error();
    auto resolver = AliasResolver::load(db);
    if (!resolver)
        return resolver.error();
    SeenKeys seen(db, static_cast<double>(QFileInfo(file).size()));
    std::optional<Error> writeError;
    ImportProgress progress(options.feedback, file);
    // One thread parses and stores: rows handed to a second thread cross caches, which costs more
    // than parsing ahead saves unless cores sit idle (docs/performance.md).
    auto read = importer.read(file, options, [&](BenchmarkRun&& run) {
        if (!progress.advance(run.raw.size()))
            return false; // cancelled: the transaction rolls back below
        applyOverrides(run, options);
        replaceInvalidUtf8(run, report);
        boundRecordText(run, report);
        if (auto reason = unstorable(run)) {
            report.skipped.push_back({run.record, SkipKind::Invalid, std::move(*reason)});
            return true;
        }
        auto earlier = seen.check(run);
        if (earlier && earlier.value() != 0) {
            report.skipped.push_back({run.record, SkipKind::NotApplicable, duplicateReason(earlier.value())});
            return true;
        }
        resolver.value().resolve(run);
        storeExecutedPrecision(run, report);
        const auto failed = earlier ? failedCheck(run) : std::nullopt;
        auto stored = !earlier ? sqlite::VoidResult(earlier.error())
            : failed           ? sqlite::VoidResult(Error{ErrorKind::BadInput, *failed, {}})
                               : inserter.value().insert(run);
        if (!stored) {
            // The database refused this record (a constraint of a file another tool altered, a
            // full disk): the message names it, and the rollback below keeps every earlier row out.
            writeError = Error{stored.error().kind,
                               report.file + ": record " + std::to_string(run.record) + ": " + stored.error().message
                                   + " (nothing was imported)",
                               report.file + ":" + std::to_string(run.record)};
            return false;
        }
        ++report.imported;
        return true;
    });
    if (writeError)
        return *writeError;
    if (progress.cancelled())
        return Error{ErrorKind::Io, report.file + ": import cancelled; the database is unchanged", report.file};
    if (!read) {
        // The importer says what it expected; the message names the file and what it looks like.
        Error e = read.error();
        if (e.message.find(report.file) == std::string::npos)
            e.message = report.file + ": " + e.message;
        if (!format.name.empty() && format.importer != importer.name())
            e.message += "; the file looks like " + format.name
                + (format.importer.empty() ? "" : " (import it with: import " + format.importer + ")");
        return e;
    }
    mergeReadReport(report, std::move(read.value()));
    report.unknownNames = resolver.value().unknownNames();
    if (options.strict)
        if (auto failure = strictFailure(report))
            return *failure;
    if (auto r = finishImport(db, importId.value(), report); !r)
        return r.error();
    if (auto r = tx.value().commit(); !r)
        return r.error();
    progress.finish();
    return report;
}

} // namespace detail

Result<void> BenchmarkStore::setAlias(AliasKind kind, const std::string& rawName, const std::string& catalogId)
{
    if (rawName.empty() || catalogId.empty())
        return badInput({}, "an alias needs a raw name and a catalog id");
    static constexpr std::string_view kUpdates[3] = {
        "UPDATE runs SET gpu_id = ?2 WHERE accelerator_raw = ?1 COLLATE NOCASE",
        "UPDATE runs SET system_id = ?2 WHERE system_raw = ?1 COLLATE NOCASE",
        "UPDATE runs SET model_id = ?2 WHERE model_raw = ?1 COLLATE NOCASE",
    };
    auto tx = sqlite::Transaction::begin(*db_);
    if (!tx)
        return tx.error();
    auto upsert = sqlite::Statement::prepare(
        *db_, "INSERT OR REPLACE INTO aliases (kind, raw_name, catalog_id, origin) VALUES (?3, ?1, ?2, 'user')");
    auto update = sqlite::Statement::prepare(*db_, kUpdates[static_cast<int>(kind)]);
    if (!upsert || !update)
        return !upsert ? upsert.error() : update.error();
    for (sqlite::Statement* stmt : {&upsert.value(), &update.value()}) {
        stmt->bind(1, std::string_view(rawName));
        stmt->bind(2, std::string_view(catalogId));
    }
    upsert.value().bind(3, aliasKindName(kind));
    for (sqlite::Statement* stmt : {&upsert.value(), &update.value()})
        if (auto step = stmt->step(); !step)
            return step.error();
    return tx.value().commit();
}

} // namespace planner
