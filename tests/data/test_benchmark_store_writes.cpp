// SPDX-License-Identifier: GPL-3.0-or-later
// Writing into a store that already exists: a version-2 store (the release before the index was
// dropped) reads as it is and upgrades to the same rows; an import the database itself refuses
// part way names the record and leaves the file byte for byte as it was; the CHECKs the import
// evaluates in place of SQLite refuse what SQLite's refuse.
#include "benchmark_schema.h"
#include "benchmark_store.h"
#include "benchmark_test_util.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <map>
#include <thread>

#include <csignal>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace planner;
using testsupport::testData;
using testutil::queryInt;
using testutil::referenceFile;

namespace {

// Every column of every run, as SQLite quotes it, read with a plain connection: what the file
// holds, independent of the store's own reading code.
QStringList dumpRuns(const QString& db)
{
    QStringList rows;
    sqlite3* h = nullptr;
    sqlite3_open_v2(db.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* columns = nullptr;
    sqlite3_prepare_v2(h, "SELECT group_concat('quote(' || name || ')', ' || '','' || ') FROM pragma_table_info('runs')",
                       -1, &columns, nullptr);
    const bool ok = sqlite3_step(columns) == SQLITE_ROW;
    const std::string select = "SELECT " + std::string(ok ? reinterpret_cast<const char*>(sqlite3_column_text(columns, 0)) : "NULL")
        + " FROM runs ORDER BY id";
    sqlite3_finalize(columns);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(h, select.c_str(), -1, &stmt, nullptr);
    while (sqlite3_step(stmt) == SQLITE_ROW)
        rows << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
    sqlite3_finalize(stmt);
    sqlite3_close(h);
    return rows;
}

// What a reader hands on, one line per row: the browser's rows and the engine's points.
QStringList readThrough(const BenchmarkDatabase& db)
{
    QStringList lines;
    const std::vector<StoredRun> runs = db.loadRuns().value();
    const std::vector<BenchmarkPoint> points = db.loadPoints().value();
    for (const StoredRun& r : runs)
        lines << QStringLiteral("run %1 %2 %3 %4 %5 %6 %7 %8")
                     .arg(r.id)
                     .arg(QString::fromStdString(r.source), QString::fromStdString(r.sourceRowId),
                          QString::fromStdString(r.acceleratorRaw), QString::fromStdString(r.gpuId),
                          QString::fromStdString(r.modelId), QString::fromStdString(r.unit))
                     .arg(r.totalPerGpu.value_or(-1.0), 0, 'g', 17);
    for (const BenchmarkPoint& p : points)
        lines << QStringLiteral("point %1 %2 %3 %4 %5")
                     .arg(p.rowId)
                     .arg(QString::fromStdString(p.model), QString::fromStdString(p.gpu))
                     .arg(p.totalPerGpu.value(), 0, 'g', 17)
                     .arg(p.perUser.value(), 0, 'g', 17);
    for (const StoredRun& r : runs)
        lines << QString::fromStdString(db.rawRecord(r.id).value());
    return lines;
}

// Hands the store the records it was built with, whatever the file says: rows no shipped
// importer produces (they all normalise the scenario) reach the store's own checks.
class FixedRowsImporter : public Importer {
public:
    explicit FixedRowsImporter(std::vector<BenchmarkRun> runs) : runs_(std::move(runs)) {}
    std::string_view name() const override { return "fixed"; }
    QString fileFilter() const override { return {}; }
    bool supportsContent(std::string_view) const override { return true; }
    Result<ReadReport> parse(std::string_view, std::string_view, const ImportOptions&, const RowSink& sink) const override
    {
        ReadReport report;
        for (BenchmarkRun run : runs_) {
            ++report.records;
            if (!sink(std::move(run)))
                break;
        }
        return report;
    }

private:
    std::vector<BenchmarkRun> runs_;
};

BenchmarkRun fixedRun(int record, const std::string& scenario)
{
    BenchmarkRun run;
    run.record = record;
    run.source = "fixed";
    run.sourceRowId = "row-" + std::to_string(record);
    run.modelRaw = "Llama 3.1 8B";
    run.acceleratorRaw = "H200";
    run.gpuCount = 1;
    run.scenario = scenario;
    run.outputPerGpu = 1000.0 * record;
    run.raw = "record " + std::to_string(record);
    return run;
}

} // namespace

// An importer that, while it reads, lets another import run into the same database (as a second
// process would between this one's start and its end), then fails or reads its file as `rows` does.
class RacingImporter : public Importer {
public:
    RacingImporter(std::function<void()> meanwhile, const Importer* rows)
        : meanwhile_(std::move(meanwhile)), rows_(rows)
    {
    }
    std::string_view name() const override { return rows_ ? rows_->name() : "racing"; }
    QString fileFilter() const override { return QStringLiteral("*"); }
    bool supportsContent(std::string_view) const override { return true; }
    Result<ReadReport> parse(std::string_view content, std::string_view label, const ImportOptions& options,
                             const RowSink& sink) const override
    {
        meanwhile_();
        if (!rows_)
            return badInput({}, "this file cannot be read");
        return rows_->parse(content, label, options, sink);
    }

private:
    std::function<void()> meanwhile_;
    const Importer* rows_;
};

class TestBenchmarkStoreWrites : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(dir_.isValid()); }
    void version2StoreReadsAndUpgradesUnchanged();
    void refusedRowNamesRecordAndChangesNothing();
    void emptyCellsStayEmptyAfterFilledOnes();
    void importChecksAgreeWithTheTablesChecks_data();
    void importChecksAgreeWithTheTablesChecks();
    void rowFailingACheckNamesRecordAndChangesNothing();
    void aReaderWaitsForAWritersLock();
    void aReaderRollsBackAnInterruptedImport();
    void aFailedImportNeverRemovesAnotherImportsNewDatabase();
    void twoImportsCreatingOneDatabaseBothLand();
    void anEnormousFieldIsCutWithAWarning();

private:
    QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }
    QTemporaryDir dir_;
};

void TestBenchmarkStoreWrites::version2StoreReadsAndUpgradesUnchanged()
{
    // A version-2 store is today's tables plus the index runs_by_model that version 3 drops, so
    // one is made from a current store by putting both back: rows from two importers.
    const QString db = path("v2.sqlite");
    {
        auto store = BenchmarkStore::open(db);
        QVERIFY(store);
        QVERIFY(store.value().import(*findImporter("inferencex"), referenceFile("inferencemax.csv")));
        QVERIFY(store.value().import(*findImporter("mlperf"), testData("benchmarks/mlperf_v6_vlm_summary.csv")));
    }
    QCOMPARE(testutil::execSql(db, "CREATE INDEX runs_by_model ON runs (model_id, gpu_id); PRAGMA user_version = 2"),
             std::string());
    const QStringList stored = dumpRuns(db);
    QVERIFY(stored.size() > 5);

    // The previous release's file opens read-only as it is (same tables and columns) ...
    QStringList before;
    {
        auto reading = openForReading(db);
        QVERIFY2(reading, reading ? "" : reading.error().message.c_str());
        before = readThrough(reading.value());
    }
    QCOMPARE(queryInt(db, "PRAGMA user_version"), std::int64_t(2));
    QCOMPARE(before.size(), 2 * stored.size() + int(queryInt(db, "SELECT count(*) FROM runs WHERE model_id IS NOT NULL "
                                                                  "AND unit = 'tokens/s'")));

    // ... and opening it for writing upgrades it: version 3, no index, every row as it was.
    {
        auto store = BenchmarkStore::open(db);
        QVERIFY2(store, store ? "" : store.error().message.c_str());
    }
    QCOMPARE(queryInt(db, "PRAGMA user_version"), std::int64_t(schema::kVersion));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'runs_by_model'"),
             std::int64_t(0));
    QCOMPARE(dumpRuns(db), stored);
    auto after = openForReading(db);
    QVERIFY(after);
    QCOMPARE(readThrough(after.value()), before);
}

void TestBenchmarkStoreWrites::refusedRowNamesRecordAndChangesNothing()
{
    // A store another tool gave a UNIQUE index on the model name: the importers cannot foresee
    // it, so the database refuses the second row of one model at the insert. one_bad_row.csv:
    // line 2 stores, line 3 is skipped (not a number), line 4 has line 2's model.
    const QString db = path("altered.sqlite");
    {
        auto store = BenchmarkStore::open(db);
        QVERIFY(store);
    }
    QCOMPARE(testutil::execSql(db, "CREATE UNIQUE INDEX one_row_per_model ON runs (model_raw)"), std::string());
    const QByteArray before = testsupport::fileHash(db);
    auto report = importInto("csv", testData("benchmarks/one_bad_row.csv"), db);
    QVERIFY(!report);
    qInfo("%s", report.error().message.c_str()); // what an analyst would read
    QCOMPARE(report.error().kind, ErrorKind::BadInput);
    QVERIFY2(report.error().message.find("one_bad_row.csv: record 4: ") != std::string::npos,
             report.error().message.c_str());
    QVERIFY2(report.error().message.find("UNIQUE constraint failed") != std::string::npos, report.error().message.c_str());
    QVERIFY2(report.error().message.find("nothing was imported") != std::string::npos, report.error().message.c_str());
    QCOMPARE(testsupport::fileHash(db), before); // line 2's row and the imports row rolled back
    QVERIFY(!QFileInfo::exists(db + QStringLiteral("-journal")));
}

void TestBenchmarkStoreWrites::emptyCellsStayEmptyAfterFilledOnes()
{
    // The insert statement keeps its parameters from row to row and rebinds a NULL only where the
    // previous row had a value, and text that usually repeats (division, precision, framework
    // version) only when it changes. Each row must read back as written: row 2 leaves those cells
    // empty, row 3 fills them with new values, row 4 repeats row 3's.
    const QString csv = path("alternating.csv");
    {
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("model,accelerator,gpu_count,precision,isl,osl,division,framework_version,output_per_gpu,"
                   "ttft_median_ms,power_w\n"
                   "Llama 3.1 8B,H200,1,fp8,1000,1000,closed,0.9,3100,120,700\n"
                   "Llama 3.1 8B,H200,1,,1000,2000,,,3200,,\n"
                   "Llama 3.1 8B,H200,1,fp4,1000,3000,open,0.10,3300,140,720\n"
                   "Llama 3.1 8B,H200,1,fp4,1000,4000,open,0.10,3400,150,730\n");
    }
    const QString db = path("alternating.sqlite");
    auto report = importInto("csv", csv, db);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QCOMPARE(report.value().imported, 4);
    const QStringList expected{
        QStringLiteral("1000.0|'closed'|'0.9'|3100.0|120.0|700.0|'fp8'"),
        QStringLiteral("2000.0|NULL|NULL|3200.0|NULL|NULL|NULL"),
        QStringLiteral("3000.0|'open'|'0.10'|3300.0|140.0|720.0|'fp4'"),
        QStringLiteral("4000.0|'open'|'0.10'|3400.0|150.0|730.0|'fp4'"),
    };
    QStringList stored;
    sqlite3* h = nullptr;
    QCOMPARE(sqlite3_open_v2(db.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(h,
                       "SELECT quote(osl) || '|' || quote(division) || '|' || quote(framework_version) || '|' || "
                       "quote(output_per_gpu) || '|' || quote(ttft_median_ms) || '|' || quote(power_w) || '|' || quote(precision) "
                       "FROM runs ORDER BY id",
                       -1, &stmt, nullptr);
    while (sqlite3_step(stmt) == SQLITE_ROW)
        stored << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
    sqlite3_finalize(stmt);
    sqlite3_close(h);
    QCOMPARE(stored, expected);
}

void TestBenchmarkStoreWrites::importChecksAgreeWithTheTablesChecks_data()
{
    // One constrained column changed at a time from a row every CHECK accepts. SQLite's own
    // verdict on the runs table a store creates is the expectation: the import evaluates the
    // checks itself (schema::failedRunCheck) and must refuse exactly what SQLite refuses.
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("sqlValue");
    QTest::addColumn<QString>("value"); // as the import binds it; "" is NULL
    const char* cases[][3] = {
        {"grade", "'verified'", "verified"},  {"grade", "'third-party'", "third-party"},
        {"grade", "'Verified'", "Verified"},  {"grade", "'mlperf'", "mlperf"},
        {"gpu_count", "1", "1"},              {"gpu_count", "0", "0"},
        {"gpu_count", "-8", "-8"},            {"gpu_count", "NULL", ""},
        {"nodes", "0", "0"},                  {"nodes", "2", "2"},
        {"serving", "'disaggregated'", "disaggregated"}, {"serving", "'Aggregated'", "Aggregated"},
        {"scenario", "NULL", ""},             {"scenario", "'Interactive'", "Interactive"},
        {"scenario", "'offline'", "offline"}, {"scenario", "'SingleStream'", "SingleStream"},
        {"preview", "1", "1"},                {"preview", "2", "2"},
        {"unit", "'queries/s'", "queries/s"}, {"unit", "'tokens/s '", "tokens/s "},
    };
    for (const auto& c : cases)
        QTest::addRow("%s %s", c[0], c[1]) << QString::fromLatin1(c[0]) << QString::fromLatin1(c[1])
                                           << QString::fromLatin1(c[2]);
}

void TestBenchmarkStoreWrites::importChecksAgreeWithTheTablesChecks()
{
    QFETCH(QString, column);
    QFETCH(QString, sqlValue);
    QFETCH(QString, value);
    const QString db = path("checks.sqlite");
    QVERIFY(BenchmarkStore::open(db));
    std::map<QString, QString> row{{QStringLiteral("grade"), QStringLiteral("'measured'")},
                                   {QStringLiteral("gpu_count"), QStringLiteral("8")},
                                   {QStringLiteral("nodes"), QStringLiteral("1")},
                                   {QStringLiteral("serving"), QStringLiteral("'aggregated'")},
                                   {QStringLiteral("scenario"), QStringLiteral("'Offline'")},
                                   {QStringLiteral("preview"), QStringLiteral("0")},
                                   {QStringLiteral("unit"), QStringLiteral("'tokens/s'")}};
    row[column] = sqlValue;
    QString columns = QStringLiteral("source, source_row_id, raw"), values = QStringLiteral("'s', 'r', 'x'");
    for (const auto& [name, v] : row) {
        columns += QStringLiteral(", ") + name;
        values += QStringLiteral(", ") + v;
    }
    const std::string sqliteSays =
        testutil::execSql(db, QString(QStringLiteral("INSERT INTO runs (") + columns + QStringLiteral(") VALUES (") + values
                                      + QStringLiteral(")")).toStdString());

    schema::CheckedRunValues bound{"measured", "aggregated", "Offline", "tokens/s", 8, 1, 0};
    const std::string text = value.toStdString();
    const auto number = [&]() -> std::optional<std::int64_t> {
        return text.empty() ? std::nullopt : std::optional<std::int64_t>(std::stoll(text));
    };
    if (column == QLatin1String("grade")) bound.grade = text;
    if (column == QLatin1String("gpu_count")) bound.gpuCount = number();
    if (column == QLatin1String("nodes")) bound.nodes = number();
    if (column == QLatin1String("serving")) bound.serving = text;
    if (column == QLatin1String("scenario")) bound.scenario = text;
    if (column == QLatin1String("preview")) bound.preview = number();
    if (column == QLatin1String("unit")) bound.unit = text;
    const auto failed = schema::failedRunCheck(bound);

    if (sqliteSays.empty()) {
        QVERIFY2(!failed, failed ? std::string(*failed).c_str() : "");
    } else {
        // SQLite names an unnamed CHECK by its expression, which starts with the column.
        QVERIFY2(failed, sqliteSays.c_str());
        QVERIFY2(sqliteSays.rfind("CHECK constraint failed: " + std::string(*failed), 0) == 0, sqliteSays.c_str());
    }
}

void TestBenchmarkStoreWrites::rowFailingACheckNamesRecordAndChangesNothing()
{
    // Record 2 has a scenario the runs table's CHECK refuses (no shipped importer makes one):
    // the import fails naming it, like any row the database refuses, and record 1 is rolled back.
    const QString db = path("checked.sqlite");
    const QString file = path("fixed.txt"); // the importer reads nothing of it
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("rows are the importer's own\n");
    }
    QVERIFY(BenchmarkStore::open(db));
    const QByteArray before = testsupport::fileHash(db);
    {
        auto store = BenchmarkStore::open(db);
        QVERIFY(store);
        auto report = store.value().import(FixedRowsImporter({fixedRun(1, "Offline"), fixedRun(2, "SingleStream"),
                                                              fixedRun(3, "")}),
                                           file);
        QVERIFY(!report);
        QCOMPARE(report.error().kind, ErrorKind::BadInput);
        QVERIFY2(report.error().message.find("fixed.txt: record 2: CHECK constraint failed: scenario (nothing was imported)")
                     != std::string::npos,
                 report.error().message.c_str());
        QCOMPARE(store.value().runCount().value(), std::int64_t(0));
    }
    QCOMPARE(testsupport::fileHash(db), before);

    // Without the bad row the others store, record 3's scenario as NULL.
    auto store = BenchmarkStore::open(db);
    QVERIFY(store);
    auto report = store.value().import(FixedRowsImporter({fixedRun(1, "Offline"), fixedRun(3, "")}), file);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QCOMPARE(report.value().imported, 2);
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE scenario = 'Offline'"), std::int64_t(1));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE scenario IS NULL"), std::int64_t(1));
}

// A colleague's import holds the write lock for a while: a reader opened meanwhile waits for it
// (the busy timeout) instead of failing at once with "database is locked".
void TestBenchmarkStoreWrites::aReaderWaitsForAWritersLock()
{
    const QString db = path("shared.sqlite");
    {
        auto store = BenchmarkStore::open(db);
        QVERIFY(store);
        QVERIFY(store.value().import(*findImporter("inferencex"), referenceFile("inferencemax.csv")));
    }
    sqlite3* writer = nullptr;
    QCOMPARE(sqlite3_open(db.toUtf8().constData(), &writer), SQLITE_OK);
    QCOMPARE(sqlite3_exec(writer, "BEGIN EXCLUSIVE; DELETE FROM runs WHERE rowid = 1", nullptr, nullptr, nullptr), SQLITE_OK);
    std::thread release([writer] {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
    });
    QElapsedTimer clock;
    clock.start();
    auto reading = openForReading(db);
    const bool ok = reading && reading.value().runCount();
    const qint64 waited = clock.elapsed();
    release.join();
    sqlite3_close(writer);
    QVERIFY2(ok, reading ? "runCount failed" : reading.error().message.c_str());
    QVERIFY2(waited >= 300, qPrintable(QStringLiteral("read after %1 ms, before the lock was released").arg(waited)));
}

// An import killed after it changed the file leaves a hot journal. Reading the database rolls
// it back (the rows are as before that import) instead of failing with "attempt to write a
// readonly database".
void TestBenchmarkStoreWrites::aReaderRollsBackAnInterruptedImport()
{
    const QString db = path("interrupted.sqlite");
    {
        auto store = BenchmarkStore::open(db);
        QVERIFY(store);
        QVERIFY(store.value().import(*findImporter("inferencex"), referenceFile("inferencemax.csv")));
    }
    const std::int64_t rows = queryInt(db, "SELECT count(*) FROM runs");
    QVERIFY(rows > 100);
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // A ten-page cache spills the changed pages (every row's raw record grows) to the file,
        // journaled first; then the process dies in the middle of its transaction.
        sqlite3* h = nullptr;
        sqlite3_open(db.toUtf8().constData(), &h);
        sqlite3_exec(h, "PRAGMA cache_size=10; BEGIN; UPDATE runs SET raw = raw || 'x';", nullptr, nullptr, nullptr);
        ::kill(::getpid(), SIGKILL);
        _exit(1);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QVERIFY(QFileInfo(db + QStringLiteral("-journal")).size() > 0);
    auto reading = openForReading(db);
    QVERIFY2(reading, reading ? "" : reading.error().message.c_str());
    auto count = reading.value().runCount();
    QVERIFY(count);
    QCOMPARE(count.value(), rows);
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE raw LIKE '%x'"), std::int64_t(0)); // the update is undone
}

// Two imports start into one new database; the first to finish creates it, then the other fails.
// The failure leaves the first import's database whole (it must not remove the file it thought it
// had created, and the first import's rows with it), and no file of its own behind.
void TestBenchmarkStoreWrites::aFailedImportNeverRemovesAnotherImportsNewDatabase()
{
    const QString db = path("race-failed.sqlite");
    int firstImported = 0;
    RacingImporter failing(
        [&] {
            auto first = importInto("inferencex", referenceFile("inferencemax.csv"), db);
            if (first)
                firstImported = first.value().imported;
        },
        nullptr);
    auto second = importInto(failing, referenceFile("inferencemax.csv"), db);
    QVERIFY(!second);
    QVERIFY2(second.error().message.find("this file cannot be read") != std::string::npos,
             second.error().message.c_str());
    QVERIFY(firstImported > 100);
    QVERIFY(QFileInfo::exists(db));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs"), std::int64_t(firstImported));
    QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral("race-failed.sqlite*")}, QDir::Files),
             QStringList{QStringLiteral("race-failed.sqlite")});
}

// Both succeed: the later one finds the database the earlier one created and adds its rows to it,
// instead of replacing it with a database of its own rows alone.
void TestBenchmarkStoreWrites::twoImportsCreatingOneDatabaseBothLand()
{
    const QString db = path("race-both.sqlite");
    int firstImported = 0;
    RacingImporter second(
        [&] {
            if (QFileInfo::exists(db))
                return; // the second reading, into the database the first created
            auto first = importInto("inferencex", referenceFile("inferencemax.csv"), db);
            if (first)
                firstImported = first.value().imported;
        },
        findImporter("csv"));
    auto report = importInto(second, referenceFile("serving_benchmarks.csv"), db);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY(firstImported > 100);
    QVERIFY(report.value().imported > 10);
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs"), std::int64_t(firstImported + report.value().imported));
    QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral("race-both.sqlite*")}, QDir::Files),
             QStringList{QStringLiteral("race-both.sqlite")});
}

// One valid record with a 30 MB notes field (as one MLPerf record has) and a 10,000-byte
// framework name: imported, each cut with a warning (the raw record to its first 65,536 bytes, the
// name to its first 4,096), and the database stays small instead of growing by 30 MB. The record
// is 30,000,000 + 10,000 bytes plus its ~500 bytes of other fields: 30.01 MB to 4 digits.
void TestBenchmarkStoreWrites::anEnormousFieldIsCutWithAWarning()
{
    QFile source(testData("inferencex_gb200_dsr1.csv"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = source.readAll().split('\n');
    QList<QByteArray> header = lines[0].trimmed().split(','), row = lines[1].trimmed().split(','); // CRLF lines
    QCOMPARE(header.size(), row.size()); // a first record without quoted commas
    QCOMPARE(header.back(), QByteArray("notes"));
    QCOMPARE(header[6], QByteArray("framework"));
    row.back() = QByteArray(30'000'000, 'n');
    row[6] = QByteArray(10'000, 'f');
    const QString csv = path("enormous.csv");
    QFile out(csv);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(lines[0].trimmed() + '\n' + row.join(',') + '\n');
    out.close();

    const QString db = path("enormous.sqlite");
    auto report = importInto("inferencex", csv, db);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QCOMPARE(report.value().imported, 1);
    QStringList warnings;
    for (const RowWarning& w : report.value().warnings)
        warnings << QString::fromStdString(w.message);
    const QString all = warnings.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("the record is 30.01 MB long; its first 65,536 bytes are kept as its raw text")),
             qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("its framework is 10,000 bytes long; its first 4,096 bytes are stored")),
             qPrintable(all));
    QVERIFY(queryInt(db, "SELECT max(length(raw)) FROM runs") <= 65536 + 16);
    QVERIFY(queryInt(db, "SELECT max(length(framework)) FROM runs") <= 4096 + 16);
    QVERIFY2(QFileInfo(db).size() < 2'000'000, qPrintable(QString::number(QFileInfo(db).size())));
}

QTEST_GUILESS_MAIN(TestBenchmarkStoreWrites)
#include "test_benchmark_store_writes.moc"
