// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark store: import then read back as engine points, re-import adds nothing, strict
// mode is all or nothing, migrations and versions, user aliases, grade filters, and the example
// database the build makes.
#include "benchmark_schema.h"
#include "benchmark_store.h"
#include "catalog/catalog.h"
#include "benchmark_test_util.h"
#include "measured_ratios.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using testsupport::testData;
using testutil::queryInt;
using testutil::referenceFile;

namespace {

BenchmarkStore mustOpen(const QString& path)
{
    auto store = BenchmarkStore::open(path);
    if (!store)
        qFatal("%s", store.error().message.c_str());
    return std::move(store.value());
}

ImportReport mustImport(BenchmarkStore& store, std::string_view importer, const QString& file,
                        const ImportOptions& options = {})
{
    auto report = store.import(*findImporter(importer), file, options);
    if (!report)
        qFatal("%s", report.error().message.c_str());
    return std::move(report.value());
}

const BenchmarkPoint* pointFrom(const std::vector<BenchmarkPoint>& points, std::string_view source)
{
    for (const auto& p : points)
        if (p.source == source)
            return &p;
    return nullptr;
}

// Designated initializers of PointFilter draw GCC's missing-initializer warning; this does not.
PointFilter where(std::string model, std::string gpu = {})
{
    PointFilter filter;
    filter.model = std::move(model);
    filter.gpu = std::move(gpu);
    return filter;
}

} // namespace

class TestBenchmarkStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(dir_.isValid()); }
    void roundTrip();
    void reimportAddsNothing();
    void strictModeIsAllOrNothing();
    void rowsTheSchemaRejectsAreSkipped();
    void newEmptyAndExistingFiles();
    void newerVersionRefused();
    void olderVersionMigrated();
    void version1StoreUpgradedKeepsRows();
    void resultsKeepTheirUnits();
    void userAliasResolvesStoredRows();
    void gradeAndPrecisionFilters();
    void vllmWithOptions();
    void exampleDatabase();
    void seedsNameCatalogIds();
    void checkpointPrecisionStoredAsExecuted();
    void missingPrecisionStoredAsExecuted();

private:
    QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }
    QTemporaryDir dir_;
};

void TestBenchmarkStore::roundTrip()
{
    const QString db = path("round.sqlite");
    {
        auto store = mustOpen(db);
        const auto report = mustImport(store, "mlperf", referenceFile("mlperf/inference_v5.1_summary_results.json"));
        QCOMPARE(report.imported, 311);
        QCOMPARE(report.records, 1448);
        QCOMPARE(int(report.skipped.size()), 1448 - 311);
        QVERIFY(std::is_sorted(report.skipped.begin(), report.skipped.end(),
                               [](const auto& a, const auto& b) { return a.record < b.record; }));
        // Kept with no id and reported: e.g. the H200 NVL (PCIe) card, not the SXM H200.
        const auto h200nvl = std::find_if(report.unknownNames.begin(), report.unknownNames.end(),
                                          [](const UnknownName& n) { return n.name == "NVIDIA H200-NVL-141GB"; });
        QVERIFY(h200nvl != report.unknownNames.end());
        QCOMPARE(h200nvl->kind, AliasKind::Accelerator);
        QCOMPARE(h200nvl->rows, 18);
    }
    auto db2 = openForReading(db);
    QVERIFY2(db2, db2 ? "" : db2.error().message.c_str());
    QCOMPARE(db2.value().runCount().value(), std::int64_t(311));
    auto points = db2.value().loadPoints(where("deepseek-r1", "gb200"));
    QVERIFY(points);
    const BenchmarkPoint* p = pointFrom(points.value(), "mlperf-inference-v5.1 5.1-0071/deepseek-r1/Server");
    QVERIFY(p);
    QCOMPARE(p->system, std::string("gb200-nvl72"));
    QCOMPARE(p->grade, Grade::Verified);
    QCOMPARE(p->precision, Precision::FP4);
    QCOMPARE(p->gpuCount, 72);
    QCOMPARE(p->date, std::string("2025-09-09"));
    QCOMPARE(units::in_tokens_per_second(p->outputPerGpu), 167578.0 / 72);
    QCOMPARE(units::in_tokens_per_second(p->perUser), 12.5);
    QCOMPARE(p->inputTokens, 803.8);
    QCOMPARE(p->outputTokens, 3886.23);
    for (const auto& point : points.value())
        QVERIFY(point.model == "deepseek-r1" && point.gpu == "gb200");
}

void TestBenchmarkStore::reimportAddsNothing()
{
    const QString db = path("twice.sqlite");
    auto store = mustOpen(db);
    QCOMPARE(mustImport(store, "inferencex", referenceFile("inferencemax.csv")).imported, 185);
    const auto again = mustImport(store, "inferencex", referenceFile("inferencemax.csv"));
    QCOMPARE(again.imported, 0);
    const auto present = std::count_if(again.skipped.begin(), again.skipped.end(),
                                       [](const SkippedRow& s) { return s.reason == "already in the database"; });
    QCOMPARE(int(present), 185);
    QCOMPARE(store.runCount().value(), std::int64_t(185));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM imports"), std::int64_t(2));
}

void TestBenchmarkStore::strictModeIsAllOrNothing()
{
    const QString db = path("strict.sqlite");
    {
        auto store = mustOpen(db);
        mustImport(store, "inferencex", referenceFile("inferencemax.csv"));
    }
    const QByteArray before = testsupport::fileHash(db);
    ImportOptions strict;
    strict.strict = true;
    auto failed = importInto("csv", testData("benchmarks/one_bad_row.csv"), db, strict);
    QVERIFY(!failed);
    QCOMPARE(failed.error().kind, ErrorKind::BadInput);
    QVERIFY2(failed.error().message.find("record 3") != std::string::npos, failed.error().message.c_str());
    QCOMPARE(testsupport::fileHash(db), before); // the two good rows were not written either
    QCOMPARE(queryInt(db, "SELECT count(*) FROM imports"), std::int64_t(1));

    auto lenient = importInto("csv", testData("benchmarks/one_bad_row.csv"), db);
    QVERIFY(lenient);
    QCOMPARE(lenient.value().imported, 2);
    QCOMPARE(lenient.value().skippedCount(SkipKind::Invalid), 1);
    QCOMPARE(lenient.value().skipped.front().reason, std::string("output_per_gpu \"not-a-number\" is not a number"));
}

void TestBenchmarkStore::rowsTheSchemaRejectsAreSkipped()
{
    // A zero GPU count or an MLPerf entry with neither ID nor Location would break a table
    // constraint; each costs its own row, not the import.
    const QString csv = path("zero_gpus.csv");
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("model,accelerator,gpu_count,output_throughput\nLlama 3.1 8B,H200,0,1000\nLlama 3.1 8B,H200,2,1000\n");
    file.close();
    auto report = importInto("csv", csv, path("zero.sqlite"));
    QVERIFY(report);
    QCOMPARE(report.value().imported, 1);
    QCOMPARE(report.value().skipped.front().record, 2);

    const QString json = path("no_id.json");
    QFile entries(json);
    QVERIFY(entries.open(QIODevice::WriteOnly));
    entries.write(R"([{"Model": "llama2-70b-99", "Scenario": "Offline", "Accelerator": "NVIDIA H100-SXM-80GB",
        "a#": 8, "Nodes": 1, "Performance_Result": 20000, "Performance_Units": "Tokens/s"}])");
    entries.close();
    auto mlperf = importInto("mlperf", json, path("zero.sqlite"));
    QVERIFY(mlperf);
    QCOMPARE(mlperf.value().imported, 0);
    QCOMPARE(mlperf.value().skipped.front().reason, std::string("the record has no source or row id"));
}

void TestBenchmarkStore::newEmptyAndExistingFiles()
{
    const QString fresh = path("fresh.sqlite");
    mustOpen(fresh);
    QCOMPARE(queryInt(fresh, "PRAGMA user_version"), std::int64_t(schema::kVersion));
    QCOMPARE(queryInt(fresh, "PRAGMA application_id"), std::int64_t(schema::kApplicationId));
    QVERIFY(queryInt(fresh, "SELECT count(*) FROM aliases WHERE origin = 'seed'") > 50);
    // Reopening migrates nothing and keeps the file as it is.
    const QByteArray before = testsupport::fileHash(fresh);
    mustOpen(fresh);
    QCOMPARE(testsupport::fileHash(fresh), before);
    // A zero-byte file (e.g. made by `touch`) is a new database, not a foreign one.
    const QString empty = path("empty.sqlite");
    QFile(empty).open(QIODevice::WriteOnly);
    mustOpen(empty);
    QCOMPARE(queryInt(empty, "PRAGMA user_version"), std::int64_t(schema::kVersion));
    // A missing directory is an I/O error, not a crash.
    auto nowhere = BenchmarkStore::open(path("no/such/dir/x.sqlite"));
    QVERIFY(!nowhere);
    QCOMPARE(nowhere.error().kind, ErrorKind::Io);
}

void TestBenchmarkStore::newerVersionRefused()
{
    const QString db = path("newer.sqlite");
    mustOpen(db);
    QCOMPARE(testutil::execSql(db, "PRAGMA user_version = 7"), std::string());
    const QByteArray before = testsupport::fileHash(db);
    auto store = BenchmarkStore::open(db);
    QVERIFY(!store);
    QVERIFY(store.error().message.find("newer Cluster Planner") != std::string::npos);
    QVERIFY(store.error().message.find("newer.sqlite: ") != std::string::npos); // starts with the path
    QCOMPARE(testsupport::fileHash(db), before);
}

void TestBenchmarkStore::olderVersionMigrated()
{
    // A file of ours at version 0 (its id written, nothing else yet) is brought to the current
    // version when opened for writing; reading refuses it until then.
    const QString db = path("v0.sqlite");
    QCOMPARE(testutil::execSql(db, "PRAGMA application_id = " + std::to_string(schema::kApplicationId)), std::string());
    QCOMPARE(queryInt(db, "PRAGMA user_version"), std::int64_t(0));
    auto reading = openForReading(db);
    QVERIFY(!reading);
    QVERIFY(reading.error().message.find("older") != std::string::npos);
    auto store = mustOpen(db);
    QCOMPARE(queryInt(db, "PRAGMA user_version"), std::int64_t(schema::kVersion));
    // The sample's 3 records: 2 rows, the third a -99.9 duplicate of the second (test_importers).
    QCOMPARE(mustImport(store, "mlperf", referenceFile("mlperf/summary_v6_format_sample.csv")).imported, 2);
    QVERIFY(openForReading(db));
}

void TestBenchmarkStore::version1StoreUpgradedKeepsRows()
{
    // A store as version 1 wrote it (its runs table, the DDL of that release, every row tokens/s)
    // opens for writing, gains the unit columns, keeps its row as a tokens/s row, and reads.
    const QString db = path("v1.sqlite");
    const std::string v1 = R"sql(
CREATE TABLE imports (id INTEGER PRIMARY KEY, file TEXT NOT NULL, importer TEXT NOT NULL,
    imported_at TEXT NOT NULL, records INTEGER NOT NULL DEFAULT 0, imported INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0, unknown_names INTEGER NOT NULL DEFAULT 0);
CREATE TABLE aliases (kind TEXT NOT NULL CHECK (kind IN ('accelerator', 'system', 'model')),
    raw_name TEXT NOT NULL COLLATE NOCASE, catalog_id TEXT NOT NULL,
    origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('seed', 'user')), PRIMARY KEY (kind, raw_name)) WITHOUT ROWID;
CREATE TABLE runs (id INTEGER PRIMARY KEY, import_id INTEGER REFERENCES imports (id), source TEXT NOT NULL,
    source_row_id TEXT NOT NULL, date TEXT, grade TEXT NOT NULL, division TEXT, system_raw TEXT,
    accelerator_raw TEXT, system_id TEXT, gpu_id TEXT, gpu_count INTEGER, nodes INTEGER, model_raw TEXT,
    model_id TEXT, precision TEXT, framework TEXT, framework_version TEXT,
    serving TEXT NOT NULL DEFAULT 'aggregated', prefill_gpus INTEGER, decode_gpus INTEGER, parallelism TEXT,
    isl REAL, osl REAL, concurrency REAL, scenario TEXT, total_per_gpu REAL, input_per_gpu REAL,
    output_per_gpu REAL, tok_s_per_user REAL, ttft_median_ms REAL, ttft_p99_ms REAL, tpot_median_ms REAL,
    tpot_p99_ms REAL, power_w REAL, preview INTEGER NOT NULL DEFAULT 0, raw TEXT NOT NULL);
CREATE INDEX runs_by_model ON runs (model_id, gpu_id);
INSERT INTO runs (source, source_row_id, grade, accelerator_raw, gpu_id, gpu_count, model_raw, model_id,
    precision, isl, osl, total_per_gpu, output_per_gpu, raw)
VALUES ('csv:old.csv', 'a1', 'measured', 'NVIDIA H200', 'h200', 8, 'llama2-70b', 'llama2-70b', 'fp8',
    1000, 1000, 2000, 1000, 'old row');
PRAGMA user_version = 1;
)sql";
    QCOMPARE(testutil::execSql(db, v1), std::string());
    QCOMPARE(testutil::execSql(db, "PRAGMA application_id = " + std::to_string(schema::kApplicationId)), std::string());
    auto reading = openForReading(db);
    QVERIFY(!reading);
    QVERIFY(reading.error().message.find("older") != std::string::npos);
    {
        auto store = mustOpen(db);
        QCOMPARE(queryInt(db, "PRAGMA user_version"), std::int64_t(schema::kVersion));
        const auto runs = store.loadRuns().value();
        QCOMPARE(int(runs.size()), 1);
        QCOMPARE(runs.front().unit, std::string("tokens/s"));
        QVERIFY(!runs.front().requestsPerGpu);
        QCOMPARE(*runs.front().totalPerGpu, 2000.0);
        // The migrated file takes rows in any unit.
        QCOMPARE(mustImport(store, "mlperf", testData("benchmarks/mlperf_v6_vlm_summary.csv")).imported, 5);
    }
    auto read = openForReading(db);
    QVERIFY(read);
    QCOMPARE(read.value().runCount().value(), std::int64_t(6));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE unit = 'tokens/s'"), std::int64_t(2));
}

void TestBenchmarkStore::resultsKeepTheirUnits()
{
    const QString db = path("units.sqlite");
    {
        auto store = mustOpen(db);
        QCOMPARE(mustImport(store, "mlperf", testData("benchmarks/mlperf_v6_vlm_summary.csv")).imported, 5);
    }
    auto read = openForReading(db);
    QVERIFY(read);
    // Stored in their own units; the throughput model sees only the tokens/s row.
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE unit = 'samples/s'"), std::int64_t(2));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE unit = 'queries/s'"), std::int64_t(2));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE unit <> 'tokens/s' AND total_per_gpu IS NOT NULL"),
             std::int64_t(0));
    QVERIFY(read.value().loadPoints(where("qwen3-vl-235b-a22b")).value().empty());
    QCOMPARE(int(read.value().loadPoints(where("llama3.1-8b")).value().size()), 1);

    // Ratios compare samples/s with samples/s only (MLPerf v6.0 rows): NVIDIA GB300 NVL72 at
    // 61.244 samples/s on 4 GPUs against Nebius 8x B300 at 78.278 samples/s is 61.244 / 78.278 =
    // 0.78239 per system and (61.244 / 4) / (78.278 / 8) = 15.311 / 9.78475 = 1.56478 per GPU.
    // B300's Server queries/s has no GB300 row: a scenario with one side only (the B200 Server row
    // belongs to neither side). v6.0 has no qwen3-vl Interactive, so two scenarios.
    RatioQuery q;
    q.benchmark = "qwen3-vl-235b-a22b";
    q.a = "NVIDIA GB300";
    q.b = "NVIDIA B300-SXM-270GB";
    auto r = measuredRatios(read.value(), builtinCatalog(), q);
    QVERIFY2(r, r ? "" : r.error().message.c_str());
    QCOMPARE(int(r.value().scenarios.size()), 2);
    const ScenarioRatio& offline = r.value().scenarios.front();
    QCOMPARE(offline.scenario, std::string("Offline"));
    QCOMPARE(offline.units, std::string("Samples/s"));
    QVERIFY(offline.a() && offline.b());
    QCOMPARE(offline.a()->result, 61.244);
    QCOMPARE(offline.b()->units, std::string("Samples/s"));
    VERIFY_CLOSE(*offline.ratio.perSystem, 61.244 / 78.278, 1e-12, 0);
    VERIFY_CLOSE(*offline.ratio.perGpu, (61.244 / 4) / (78.278 / 8), 1e-12, 0);
    for (std::size_t i = 1; i < r.value().scenarios.size(); ++i) {
        const ScenarioRatio& s = r.value().scenarios[i];
        QCOMPARE(s.units, std::string("Queries/s"));
        QVERIFY(!s.a() && s.b());
    }
}

void TestBenchmarkStore::userAliasResolvesStoredRows()
{
    const QString db = path("alias.sqlite");
    auto store = mustOpen(db);
    // The sample's RTX PRO 4500 is a catalog GPU now; a name nothing resolves stands in for it,
    // on both imported rows (HPE's llama3.1-8b and Dell's llama2-70b-99; the -99.9 is a duplicate).
    ImportOptions options;
    options.accelerator = "Team Green Workstation Card";
    const auto report = mustImport(store, "mlperf", referenceFile("mlperf/summary_v6_format_sample.csv"), options);
    QCOMPARE(report.imported, 2);
    QCOMPARE(int(report.unknownNames.size()), 1);
    QCOMPARE(report.unknownNames.front().name, std::string("Team Green Workstation Card"));
    QVERIFY(store.loadPoints(where({}, "rtx-pro-4500")).value().empty());
    QVERIFY(store.setAlias(AliasKind::Accelerator, "team green workstation card", "rtx-pro-4500"));
    const auto points = store.loadPoints(where({}, "rtx-pro-4500")).value();
    QCOMPARE(int(points.size()), 2); // in row order
    QCOMPARE(points.front().model, std::string("llama3.1-8b"));
    QCOMPARE(points.back().model, std::string("llama2-70b"));
    QVERIFY(!store.setAlias(AliasKind::Model, "", "x"));
}

void TestBenchmarkStore::gradeAndPrecisionFilters()
{
    auto store = mustOpen(path("filters.sqlite"));
    mustImport(store, "inferencex", referenceFile("inferencemax.csv"));
    const auto all = store.loadPoints(where("deepseek-r1")).value();
    PointFilter measuredOnly = where("deepseek-r1");
    measuredOnly.weakest = Grade::Measured;
    const auto measured = store.loadPoints(measuredOnly).value();
    QVERIFY(measured.size() < all.size());
    for (const auto& p : measured)
        QVERIFY(p.grade <= Grade::Measured);
    PointFilter fp8Only = where("deepseek-r1");
    fp8Only.precision = Precision::FP8;
    const auto fp8 = store.loadPoints(fp8Only).value();
    QVERIFY(!fp8.empty());
    for (const auto& p : fp8)
        QCOMPARE(p.precision, Precision::FP8);
}

void TestBenchmarkStore::vllmWithOptions()
{
    const QString db = path("vllm.sqlite");
    auto missing = importInto("vllm", testData("benchmarks/vllm_sweep.jsonl"), db);
    QVERIFY(!missing);
    ImportOptions options;
    options.accelerator = "NVIDIA H200";
    options.gpus = 8;
    options.precision = "fp8";
    auto report = importInto("vllm", testData("benchmarks/vllm_sweep.jsonl"), db, options);
    QVERIFY(report);
    QCOMPARE(report.value().imported, 2);
    auto points = openForReading(db).value().loadPoints(where("deepseek-r1", "h200")).value();
    QCOMPARE(int(points.size()), 2);
    QCOMPARE(points.front().system, std::string("hgx-h200"));
    QCOMPARE(units::in_tokens_per_second(points.front().totalPerGpu), 3495.2 / 8);
    QVERIFY(std::abs(units::in_seconds(points.front().tpotP99) - 0.014) < 1e-12);
    QVERIFY(!importInto("no-such-importer", testData("benchmarks/vllm_sweep.jsonl"), db));
}

void TestBenchmarkStore::exampleDatabase()
{
    // Built by the planner_example_db target: MLPerf v4.1 + v5.1, InferenceX, serving tables.
    const QString example = testsupport::buildFile("data/examples/benchmarks.sqlite");
    const QByteArray before = testsupport::fileHash(example);
    auto db = openForReading(example);
    QVERIFY2(db, db ? "" : db.error().message.c_str());
    QCOMPARE(db.value().runCount().value(), std::int64_t(198 + 311 + 185 + 487));
    QVERIFY(!db.value().loadPoints(where("deepseek-r1", "gb300")).value().empty());
    QCOMPARE(testsupport::fileHash(example), before);
}

void TestBenchmarkStore::seedsNameCatalogIds()
{
    // Every shipped alias points at an id the built-in catalog has, and every GPU's default
    // system is a catalog system built from that GPU.
    const Catalog& catalog = builtinCatalog();
    for (const AliasSeed& seed : seedAliases()) {
        const std::string id(seed.catalogId);
        const bool known = seed.kind == AliasKind::Accelerator ? catalog.gpu(id) != nullptr
            : seed.kind == AliasKind::System                   ? catalog.system(id) != nullptr
                                                               : catalog.model(id) != nullptr;
        QVERIFY2(known, (std::string(seed.rawName) + " -> " + id).c_str());
    }
    for (const GpuSpec& gpu : catalog.gpus) {
        const std::string_view system = defaultSystemFor(gpu.id);
        if (system.empty())
            continue; // a GPU sold in no system of the catalog (none today)
        QVERIFY2(catalog.system(system) && catalog.system(system)->gpu == gpu.id, gpu.id.c_str());
    }
}

void TestBenchmarkStore::checkpointPrecisionStoredAsExecuted()
{
    // MLPerf v4.1 labels NVIDIA's Llama 2 70B runs fp16, the checkpoint's type (mlperf_importer.h):
    // v4.1-0045 serves the model on one 141 GB H200, which 138 GB of 16-bit weights cannot, and
    // v4.1-0074 reaches 19,770 tok/s on one B200, above its 16-bit peak. Stored at the narrowest
    // format the GPU computes natively: fp8 on H200, fp4 on B200. Read as fp16 they formed a
    // separate bf16 curve, and a v5.1 fp8 query on Hopper fell to the one open-division fp8 row.
    const QString db = path("v41.sqlite");
    auto store = mustOpen(db);
    const auto report = mustImport(store, "mlperf", referenceFile("mlperf/inference_v4.1_summary_results.json"));
    const auto relabelled = std::count_if(report.warnings.begin(), report.warnings.end(), [](const RowWarning& w) {
        return w.message.find("names the checkpoint the run started from") != std::string::npos;
    });
    QCOMPARE(int(relabelled), 118); // 74 H100, 40 H200, 2 MI300X (Dell), 2 B200 rows, gptj included
    QVERIFY(std::is_sorted(report.warnings.begin(), report.warnings.end(),
                           [](const auto& a, const auto& b) { return a.record < b.record; }));
    const auto points = store.loadPoints(where("llama2-70b")).value();
    QCOMPARE(pointFrom(points, "mlperf-inference-v4.1 v4.1-0045/llama2-70b-99/Offline")->precision, Precision::FP8);
    QCOMPARE(pointFrom(points, "mlperf-inference-v4.1 v4.1-0074/llama2-70b-99/Offline")->precision, Precision::FP4);
    // AMD wrote what ran (fp8): kept. A GPU the catalog lacks (H100 NVL) keeps its label.
    QCOMPARE(pointFrom(points, "mlperf-inference-v4.1 v4.1-0001/llama2-70b-99/Offline")->precision, Precision::FP8);
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE accelerator_raw = 'NVIDIA H100-NVL-94GB' "
                          "AND precision <> 'fp16'"), std::int64_t(0));
    // v5.1 labels name what ran: nothing changes.
    const auto v51 = mustImport(store, "mlperf", referenceFile("mlperf/inference_v5.1_summary_results.json"));
    QVERIFY(std::none_of(v51.warnings.begin(), v51.warnings.end(), [](const RowWarning& w) {
        return w.message.find("names the checkpoint") != std::string::npos;
    }));
    // A precision given at import is what ran: no relabelling.
    auto other = mustOpen(path("given.sqlite"));
    ImportOptions given;
    given.precision = "fp16";
    const auto kept = mustImport(other, "mlperf", referenceFile("mlperf/inference_v4.1_summary_results.json"), given);
    QVERIFY(std::none_of(kept.warnings.begin(), kept.warnings.end(), [](const RowWarning& w) {
        return w.message.find("names the checkpoint") != std::string::npos;
    }));
    QCOMPARE(queryInt(path("given.sqlite"), "SELECT count(*) FROM runs WHERE precision <> 'fp16'"), std::int64_t(0));
}

void TestBenchmarkStore::missingPrecisionStoredAsExecuted()
{
    // MLPerf v5.0's results tables leave weight_data_types empty for 48 of 77 rows. Without a
    // precision the throughput model cannot use a row at all. Rounds before v5.1 ran LLMs at the
    // narrowest format the GPU computes natively (as with checkpoint labels above), and the
    // unlabelled rows sit with the labelled ones of their GPU: Supermicro's B200 Llama 2 70B
    // Offline run, v5.0-0111, reads 21,370 tok/s per GPU; the fp4-labelled B200 runs of that
    // benchmark 21,306 to 21,687.
    const QString db = path("v50.sqlite");
    auto store = mustOpen(db);
    const auto report = mustImport(store, "mlperf", referenceFile("mlperf/inference_v5.0_llm_results.json"));
    const auto stored = std::count_if(report.warnings.begin(), report.warnings.end(), [](const RowWarning& w) {
        return w.message.find("no precision given; stored as") != std::string::npos;
    });
    // 41 on catalog GPUs: 4 MI325X, 18 H200, 7 H100, 10 B200 and 2 GB200 rows.
    QCOMPARE(int(stored), 41);
    const auto points = store.loadPoints(where("llama2-70b")).value();
    const BenchmarkPoint* b200 = pointFrom(points, "mlperf-inference-v5.0 v5.0-0111/llama2-70b-99/Offline");
    QVERIFY(b200);
    QCOMPARE(b200->precision, Precision::FP4);
    QVERIFY(units::in_tokens_per_second(b200->totalPerGpu) > 21306 * 0.99
            && units::in_tokens_per_second(b200->totalPerGpu) < 21687 * 1.01);
    QCOMPARE(pointFrom(points, "mlperf-inference-v5.0 v5.0-0013/llama2-70b-99/Offline")->precision, Precision::FP8);
    QCOMPARE(pointFrom(points, "mlperf-inference-v5.0 v5.0-0001/llama2-70b-99/Offline")->precision, Precision::FP8);
    // A GPU the catalog lacks (GH200, H200 NVL) has no native format to read: the row keeps no precision.
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE precision IS NULL AND gpu_id IS NOT NULL"), std::int64_t(0));
    QCOMPARE(queryInt(db, "SELECT count(*) FROM runs WHERE precision IS NULL"), std::int64_t(7));
}

QTEST_GUILESS_MAIN(TestBenchmarkStore)
#include "test_benchmark_store.moc"
