// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_store.h"

#include "atomic_file.h"
#include "benchmark_schema.h"
#include "benchmark_store_internal.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

namespace planner {

namespace outcome = boost::outcome_v2;

namespace {

// Every error about a database file starts with the path as the user gave it.
Error aboutFile(const std::string& path, const Error& e)
{
    return Error{e.kind, path + ": " + e.message, path};
}

Error aboutFile(const std::string& path, ErrorKind kind, std::string message)
{
    return aboutFile(path, Error{kind, std::move(message), {}});
}

// What the 100-byte header says, checked before SQLite parses anything else of the file.
sqlite::VoidResult checkHeader(const std::string& path, bool forWriting)
{
    const std::string refusal = forWriting ? "; refusing to write into it" : "";
    const auto header = sqlite::readHeader(path);
    if (!header || !header->sqlite)
        return aboutFile(path, ErrorKind::BadInput, "not an SQLite database" + refusal);
    if (header->applicationId != schema::kApplicationId)
        return aboutFile(path, ErrorKind::BadInput,
                         "an SQLite database, but not a Cluster Planner benchmark database" + refusal);
    if (header->userVersion > schema::kVersion)
        return aboutFile(path, ErrorKind::BadInput,
                         "written by a newer Cluster Planner (schema version " + std::to_string(header->userVersion)
                             + "; this version reads up to " + std::to_string(schema::kVersion) + ")");
    if (!forWriting && header->userVersion < schema::kOldestReadableVersion)
        return aboutFile(path, ErrorKind::BadInput,
                         "schema version " + std::to_string(header->userVersion)
                             + " is older than this version reads; import into it once to upgrade it");
    if (!forWriting && header->wal)
        return aboutFile(path, ErrorKind::BadInput,
                         "in WAL journal mode, which cannot be read without writing beside it; run "
                         "\"PRAGMA journal_mode=DELETE\" on it with the sqlite3 tool first");
    return outcome::success();
}

// Paths reach SQLite absolute: Debian builds SQLite with URI names on, and a relative name such
// as "file:x?mode=rwc" would otherwise be read as options.
Result<std::string> existingFile(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error{ErrorKind::Io, path.toStdString() + ": no such file", path.toStdString()};
    if (!info.isFile())
        return Error{ErrorKind::Io, path.toStdString() + ": not a regular file", path.toStdString()};
    return info.absoluteFilePath().toStdString();
}

// Content checks shared by both handles, after the header checks passed.
sqlite::VoidResult checkContent(const sqlite::Connection& db)
{
    if (auto r = sqlite::quickCheck(db); !r)
        return r;
    return schema::verify(db);
}

sqlite::VoidResult migrateAndSeed(const sqlite::Connection& db)
{
    auto tx = sqlite::Transaction::begin(db);
    if (!tx)
        return tx.error();
    auto version = db.queryInt("PRAGMA user_version");
    if (!version)
        return version.error();
    if (auto r = schema::migrate(db, static_cast<int>(version.value())); !r)
        return r;
    auto seed = sqlite::Statement::prepare(
        db, "INSERT OR IGNORE INTO aliases (kind, raw_name, catalog_id, origin) VALUES (?1, ?2, ?3, 'seed')");
    if (!seed)
        return seed.error();
    for (const AliasSeed& s : seedAliases()) {
        seed.value().bind(1, aliasKindName(s.kind));
        seed.value().bind(2, s.rawName);
        seed.value().bind(3, s.catalogId);
        if (auto step = seed.value().step(); !step)
            return step.error();
        seed.value().reset();
    }
    return tx.value().commit();
}

} // namespace

int ImportReport::skippedCount(SkipKind kind) const
{
    int n = 0;
    for (const auto& s : skipped)
        n += s.kind == kind;
    return n;
}

// ---- reading ---------------------------------------------------------------------------------

BenchmarkDatabase::BenchmarkDatabase(std::unique_ptr<sqlite::Connection> db) : db_(std::move(db)) {}
BenchmarkDatabase::BenchmarkDatabase(BenchmarkDatabase&&) noexcept = default;
BenchmarkDatabase& BenchmarkDatabase::operator=(BenchmarkDatabase&&) noexcept = default;
BenchmarkDatabase::~BenchmarkDatabase() = default;

Result<AliasResolver> BenchmarkDatabase::aliases() const { return AliasResolver::load(*db_); }

namespace {

// An import killed mid-way leaves its rollback journal (DB-journal) beside the file: the file
// holds part of the import until SQLite rolls the journal back, which a read-only connection
// cannot do ("attempt to write a readonly database"). The first reader does it through a
// writable connection, restoring the file as it was before that import; without write access,
// the message says what is wrong and what to do.
Result<void> rollBackInterruptedImport(const std::string& abs)
{
    const QFileInfo journal(QString::fromStdString(abs + "-journal"));
    if (!journal.exists() || journal.size() == 0)
        return boost::outcome_v2::success();
    auto db = sqlite::openWritable(abs, false);
    auto read = db ? db.value().exec("SELECT count(*) FROM sqlite_schema") : sqlite::VoidResult(db.error());
    if (!read)
        return Error{ErrorKind::Io,
                     abs + ": an import into this database was interrupted and its journal " + abs
                         + "-journal must be rolled back first, which needs write access to the file and its "
                           "folder (" + read.error().message + "); run the command once as a user who may write there",
                     abs};
    return boost::outcome_v2::success();
}

} // namespace

Result<BenchmarkDatabase> openForReading(const QString& path)
{
    auto file = existingFile(path);
    if (!file)
        return file.error();
    const std::string& abs = file.value();
    if (auto r = checkHeader(abs, false); !r)
        return r.error();
    if (auto r = rollBackInterruptedImport(abs); !r)
        return r.error();
    auto db = sqlite::openUntrusted(abs);
    if (!db)
        return aboutFile(abs, db.error());
    if (auto r = checkContent(db.value()); !r)
        return aboutFile(abs, r.error());
    return BenchmarkDatabase(std::make_unique<sqlite::Connection>(std::move(db.value())));
}

Result<std::vector<BenchmarkPoint>> BenchmarkDatabase::loadPoints(const PointFilter& filter) const
{
    return detail::queryPoints(*db_, filter);
}

Result<std::int64_t> BenchmarkDatabase::runCount() const { return detail::countRuns(*db_); }

Result<std::vector<StoredRun>> BenchmarkDatabase::loadRuns() const { return detail::queryRuns(*db_); }

Result<std::string> BenchmarkDatabase::rawRecord(std::int64_t rowId) const { return detail::queryRaw(*db_, rowId); }

// ---- writing ---------------------------------------------------------------------------------

BenchmarkStore::BenchmarkStore(std::unique_ptr<sqlite::Connection> db, std::string path)
    : db_(std::move(db)), path_(std::move(path))
{
}
BenchmarkStore::BenchmarkStore(BenchmarkStore&&) noexcept = default;
BenchmarkStore& BenchmarkStore::operator=(BenchmarkStore&&) noexcept = default;
BenchmarkStore::~BenchmarkStore() = default;

Result<BenchmarkStore> BenchmarkStore::open(const QString& path)
{
    const QFileInfo info(path);
    const std::string abs = info.absoluteFilePath().toStdString();
    const bool existing = info.exists() && info.size() > 0;
    const auto header = existing ? sqlite::readHeader(abs) : std::nullopt;
    if (existing)
        if (auto r = checkHeader(abs, true); !r)
            return r.error();
    auto db = sqlite::openWritable(abs, !existing);
    if (!db)
        return aboutFile(abs, db.error());
    // A readable file is checked before anything is written to it; an older one can only be
    // checked once migrated (it lacks what later versions added), but its b-trees before.
    if (existing) {
        auto r = header->userVersion >= schema::kOldestReadableVersion ? checkContent(db.value())
                                                                       : sqlite::quickCheck(db.value());
        if (!r)
            return aboutFile(abs, r.error());
    }
    if (auto r = migrateAndSeed(db.value()); !r)
        return aboutFile(abs, r.error());
    if (auto r = schema::verify(db.value()); !r)
        return aboutFile(abs, r.error());
    return BenchmarkStore(std::make_unique<sqlite::Connection>(std::move(db.value())), abs);
}

Result<ImportReport> BenchmarkStore::import(const Importer& importer, const QString& file,
                                            const ImportOptions& options)
{
    return detail::importFile(*db_, importer, file, options);
}

Result<std::vector<BenchmarkPoint>> BenchmarkStore::loadPoints(const PointFilter& filter) const
{
    return detail::queryPoints(*db_, filter);
}

Result<std::int64_t> BenchmarkStore::runCount() const { return detail::countRuns(*db_); }

Result<std::vector<StoredRun>> BenchmarkStore::loadRuns() const { return detail::queryRuns(*db_); }

namespace {

const QString kSqliteCompanions[] = {QString(), QStringLiteral("-journal"), QStringLiteral("-wal"),
                                     QStringLiteral("-shm")};

void removeDatabaseFiles(const QString& db)
{
    for (const QString& suffix : kSqliteCompanions)
        QFile::remove(db + suffix);
}

// The store's connection is closed on return, before the file is moved or removed.
Result<ImportReport> importAt(const Importer& importer, const QString& file, const QString& db,
                              const ImportOptions& options)
{
    auto store = BenchmarkStore::open(db);
    if (!store)
        return store.error();
    return store.value().import(importer, file, options);
}

// A failed import's error names the database the user gave (not the name a new one was built
// under) and says what became of it.
Error aboutTarget(Error e, const QString& building, const QString& db, const QString& file, bool created)
{
    const std::string built = QFileInfo(building).absoluteFilePath().toStdString();
    const std::string target = db.toStdString();
    for (std::size_t at; !built.empty() && (at = e.message.find(built)) != std::string::npos;)
        e.message.replace(at, built.size(), target);
    if (e.where == built)
        e.where = target;
    // SQLite's own messages ("disk I/O error") do not say which file: a failed write names the store.
    if (e.message.find(target) == std::string::npos && e.message.find(file.toStdString()) == std::string::npos)
        e.message = target + ": " + e.message
            + (created ? "; nothing was imported" : "; nothing was imported and the database is as it was");
    return e;
}

} // namespace

Result<ImportReport> importInto(const Importer& importer, const QString& file, const QString& db,
                                const ImportOptions& options)
{
    // An existing database: the import is one transaction, all rows or none.
    const auto intoExisting = [&] {
        auto report = importAt(importer, file, db, options);
        return report ? report : Result<ImportReport>(aboutTarget(report.error(), QString(), db, file, false));
    };
    if (QFileInfo::exists(db))
        return intoExisting();
    // A new one is built under a name of its own and linked into place whole once the import has
    // succeeded: a failed import leaves nothing behind, and two imports creating the same new
    // database never remove or replace each other's file (the later one adds to the earlier's).
    const QString building = QStringLiteral("%1.importing-%2-%3")
                                 .arg(db)
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    auto report = importAt(importer, file, building, options);
    if (!report) {
        removeDatabaseFiles(building);
        return aboutTarget(report.error(), building, db, file, true);
    }
    auto placed = placeFinishedFileIfAbsent(building, db);
    if (placed && placed.value())
        return report;
    removeDatabaseFiles(building);
    if (!placed)
        return placed.error();
    return intoExisting(); // another import created it first
}

Result<ImportReport> importInto(std::string_view importerName, const QString& file, const QString& db,
                                const ImportOptions& options)
{
    const Importer* importer = findImporter(importerName);
    if (!importer)
        return badInput({}, "unknown importer \"" + std::string(importerName)
                                + "\" (known: mlperf, inferencex, csv, vllm)");
    return importInto(*importer, file, db, options);
}

} // namespace planner
