// SPDX-License-Identifier: GPL-3.0-or-later
#include "import_record_cleaning.h"

#include "utf8_text.h"
#include "catalog/catalog.h"
#include "core/number_text.h"

#include <utility>

namespace planner {

// Invalid UTF-8 in a record's names and labels is replaced by U+FFFD, with a warning: stored as
// it was, it would reach the JSON, the CSV and the workbook's XML. The raw record is kept as read.
void replaceInvalidUtf8(BenchmarkRun& run, ImportReport& report)
{
    bool replaced = false;
    for (std::string* text : {&run.source, &run.sourceRowId, &run.date, &run.division, &run.systemRaw, &run.acceleratorRaw,
                              &run.modelRaw, &run.precision, &run.framework, &run.frameworkVersion, &run.parallelism,
                              &run.scenario})
        if (firstInvalidUtf8(*text) != std::string::npos) {
            *text = withInvalidUtf8Replaced(*text);
            replaced = true;
        }
    if (replaced)
        report.warnings.push_back({run.record, "invalid UTF-8 in its text replaced by U+FFFD (save the file as UTF-8)"});
}

// Text a record may hold, per field: a name or label longer than 4 KiB is no name (a field that
// swallowed a document, or a hostile file), and the raw record is kept for the reader, not in full
// when it runs to megabytes (one MLPerf record carries a 30 MB field). Longer text is cut at a
// character boundary with a warning, so one record never bloats the store.
constexpr std::size_t kMaxFieldBytes = 4096;
constexpr std::size_t kMaxRawBytes = 65536;

namespace {

void cutAt(std::string& text, std::size_t limit)
{
    text.resize(utf8CutPoint(text, limit));
    text += "\u2026 (cut)";
}

std::string bytesText(std::size_t bytes)
{
    const double b = static_cast<double>(bytes);
    return b >= 1e6 ? figureText(b / 1e6) + " MB" : figureText(b) + " bytes";
}

} // namespace

void boundRecordText(BenchmarkRun& run, ImportReport& report)
{
    const std::pair<const char*, std::string*> fields[] = {
        {"source", &run.source}, {"row id", &run.sourceRowId}, {"date", &run.date}, {"division", &run.division},
        {"system", &run.systemRaw}, {"accelerator", &run.acceleratorRaw}, {"model", &run.modelRaw},
        {"precision", &run.precision}, {"framework", &run.framework}, {"framework version", &run.frameworkVersion},
        {"parallelism", &run.parallelism}, {"scenario", &run.scenario}};
    for (auto [name, text] : fields)
        if (text->size() > kMaxFieldBytes) {
            report.warnings.push_back({run.record, std::string("its ") + name + " is " + bytesText(text->size())
                                                       + " long; its first " + bytesText(kMaxFieldBytes)
                                                       + " are stored"});
            cutAt(*text, kMaxFieldBytes);
        }
    if (run.raw.size() > kMaxRawBytes) {
        report.warnings.push_back({run.record, "the record is " + bytesText(run.raw.size()) + " long; its first "
                                                   + bytesText(kMaxRawBytes) + " are kept as its raw text"});
        cutAt(run.raw, kMaxRawBytes);
    }
}

// Whichever string overrides the options carry replace what the file said.
void applyOverrides(BenchmarkRun& run, const ImportOptions& options)
{
    for (auto [value, target] : {std::pair{&options.accelerator, &run.acceleratorRaw},
                                 std::pair{&options.system, &run.systemRaw}, std::pair{&options.model, &run.modelRaw},
                                 std::pair{&options.precision, &run.precision},
                                 std::pair{&options.framework, &run.framework}, std::pair{&options.source, &run.source}})
        if (!value->empty())
            *target = *value;
    if (options.grade)
        run.grade = *options.grade;
    if (!options.precision.empty())
        run.precisionIsCheckpoint = false; // the user said what ran
}

// BenchmarkRun::precisionIsCheckpoint: the label names the checkpoint's type (or is missing), so
// the row is stored at the narrowest format its GPU computes natively (a dense FLOPS figure in the
// catalog), which is what the rounds concerned ran. Unknown GPU, or nothing narrower than the label: unchanged.
void storeExecutedPrecision(BenchmarkRun& run, ImportReport& report)
{
    if (!run.precisionIsCheckpoint || run.gpuId.empty())
        return; // most rows: no catalog look-up at all
    const GpuSpec* gpu = builtinCatalog().gpu(run.gpuId);
    if (!gpu)
        return;
    const auto executed = narrowestNativePrecision(*gpu, precisionFromName(run.precision));
    if (!executed)
        return;
    const std::string stored = std::string(precisionName(*executed)) + ", the narrowest format " + gpu->id
        + " computes natively";
    report.warnings.push_back(
        {run.record, run.precision.empty()
             ? "no precision given; stored as " + stored + ", as the round's runs did"
             : "precision \"" + run.precision
                 + "\" names the checkpoint the run started from, not the format it ran; stored as " + stored});
    run.precision = std::string(precisionName(*executed));
}

} // namespace planner
