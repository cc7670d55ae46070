// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Benchmark importers: one per source format behind one interface, found by name from both the
// GUI's file dialog and `clusterplanner-cli import NAME FILE --into DB`.
//
//   mlperf      MLCommons MLPerf Inference results: summary_results.json (rounds up to v5.x) or
//               summary.csv (v6.x), told apart by content
//   inferencex  InferenceX-style CSV (row_type, model, isl, osl, gpu, throughput_per_gpu, ...)
//   csv         any CSV, columns found by header conventions or a mapping file (see
//               generic_csv_importer.h)
//   vllm        vLLM / SGLang benchmark_serving result JSON (one object, an array, or JSON
//               Lines); the hardware comes from ImportOptions because the JSON does not say
//
// Importers stream rows to a sink instead of returning a vector: a million-row file would
// otherwise hold every row in memory before the first one reaches the database.

#include "benchmark_run.h"
#include "core/feedback.h"
#include "core/result.h"

#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct ImportOptions {
    // Hardware and workload facts the file does not carry. Required by vllm; for every importer
    // a non-empty value replaces what the file says when the rows are stored.
    std::string accelerator; // raw accelerator name, mapped through the alias table: "NVIDIA B200"
    int gpus = 0;            // GPUs the measured server used
    std::string system;      // raw system name, optional
    std::string model;       // raw model name
    std::string precision;   // "fp8", "fp4", ...
    std::string framework;
    std::optional<Grade> grade; // overrides the importer's default grade
    std::string source;         // overrides the source label stored with each row
    QString mappingFile;        // csv importer: a column mapping (JSON), see generic_csv_importer.h
    bool strict = false;        // any invalid row fails the whole import
    // Progress (fraction of the file's bytes read) and cancel, for imports off the GUI thread and
    // the CLI's progress line. Not owned; a cancelled import fails and stores nothing.
    Feedback* feedback = nullptr;
};

enum class SkipKind {
    NotApplicable, // a valid record this planner does not use: non-LLM, CPU-only, duplicate ...
    Invalid,       // a record that should have been usable but is malformed; fails strict mode
};

struct SkippedRow {
    int record = 0; // 1-based CSV line or JSON entry number; 0 = the file as a whole
    SkipKind kind = SkipKind::NotApplicable;
    std::string reason;
};

struct RowWarning {
    int record = 0;
    std::string message; // e.g. a unit label corrected from the magnitude of the value
};

// What reading a file produced besides the rows it handed to the sink.
struct ReadReport {
    int records = 0; // records seen, usable or not
    std::vector<SkippedRow> skipped;
    std::vector<RowWarning> warnings;
};

class Importer {
public:
    using RowSink = std::function<bool(BenchmarkRun&&)>; // return false to stop reading

    virtual ~Importer() = default;
    virtual std::string_view name() const = 0;   // "mlperf"
    virtual QString fileFilter() const = 0;      // "MLPerf results (*.json *.csv)"
    virtual bool supportsContent(std::string_view head) const = 0; // first few KiB of a file

    // Parses a whole file's bytes. fileLabel (the file name) goes into source labels. Returns an
    // Error only when nothing of the file can be read; bad records are skipped and reported.
    virtual Result<ReadReport> parse(std::string_view content, std::string_view fileLabel,
                                     const ImportOptions& options, const RowSink& sink) const = 0;

    bool supportsFile(const QString& path) const;
    Result<ReadReport> read(const QString& path, const ImportOptions& options,
                            const RowSink& sink) const;
};

class CsvReader;

// The record loop of the CSV importers, once they have read the header. convert fills in a run
// (every field at its default) from one record, or returns false having said in skip why (the
// record number is filled in here). One run is reused for every record (resetForReuse).
// Each run gets its line, its raw text and, when the file gives it none, a content id as its row
// id. Reading ends at the end of the file, when the sink says stop, or at a malformed record,
// reported as one invalid skip for the rest of the file. The record's views are valid during the
// call only (CsvReader::next).
using CsvRecordConverter
    = std::function<bool(const std::vector<std::string_view>& record, BenchmarkRun& run, SkippedRow& skip)>;
ReadReport readCsvRecords(CsvReader& reader, const CsvRecordConverter& convert, const Importer::RowSink& sink);

// Every row and the report, for tests and small files.
struct ParsedFile {
    std::vector<BenchmarkRun> rows;
    ReadReport report;
};
Result<ParsedFile> readAll(const Importer& importer, const QString& path,
                           const ImportOptions& options = {});

const Importer* findImporter(std::string_view name);  // nullptr when unknown
std::vector<const Importer*> allImporters();          // most specific first
const Importer* importerForFile(const QString& path); // first whose supportsFile is true
QString importerFileFilters();                        // for QFileDialog: all filters, ";;"-joined

} // namespace planner
