// SPDX-License-Identifier: GPL-3.0-or-later
#include "generic_csv_importer.h"

#include "csv_reader.h"
#include "generic_csv_mapping.h"
#include "text_parse.h"
#include "throughput_text.h"

namespace planner {

namespace {

using Row = std::vector<std::string_view>;

// Converts one record at a time. The first problem found in a record becomes its skip reason;
// later checks of the same record are moot and record nothing.
class RowConverter {
public:
    RowConverter(const CsvFieldMap& map, std::string_view fileLabel) : map_(map), label_(fileLabel) {}
    bool convert(const Row& row, BenchmarkRun& run, std::string& error) const; // run: all defaults

private:
    void invalid(std::string reason) const
    {
        if (error_.empty())
            error_ = std::move(reason);
    }
    std::string_view get(const Row& row, CsvField f) const { return map_.get(row, f); }
    std::optional<double> number(const Row& row, CsvField f) const;
    std::optional<int> count(const Row& row, CsvField f) const;
    void identity(BenchmarkRun& run, const Row& row) const;
    void shape(BenchmarkRun& run, const Row& row) const;
    void throughput(BenchmarkRun& run, const Row& row) const;
    void latency(BenchmarkRun& run, const Row& row) const;

    const CsvFieldMap& map_;
    std::string label_;
    mutable std::string error_;
};

std::optional<double> RowConverter::number(const Row& row, CsvField f) const
{
    const std::string_view cell = get(row, f);
    if (cell.empty())
        return std::nullopt;
    const auto value = text::parseNumber(cell);
    if (!value)
        invalid(std::string(csvFieldName(f)) + " \"" + std::string(cell) + "\" is not a number");
    return value;
}

std::optional<int> RowConverter::count(const Row& row, CsvField f) const
{
    const std::string_view cell = get(row, f);
    if (cell.empty())
        return std::nullopt;
    const auto value = text::parseCount(cell);
    if (!value)
        invalid(std::string(csvFieldName(f)) + " \"" + std::string(cell) + "\" is not a whole number");
    return value;
}

void RowConverter::identity(BenchmarkRun& run, const Row& row) const
{
    run.modelRaw = get(row, CsvField::Model);
    run.acceleratorRaw = get(row, CsvField::Accelerator);
    if (run.modelRaw.empty() || run.acceleratorRaw.empty())
        return invalid("model or accelerator is empty");
    run.systemRaw = get(row, CsvField::System);
    const std::string_view source = get(row, CsvField::Source);
    run.source = source.empty() ? "csv:" + label_ : std::string(source);
    run.sourceRowId = get(row, CsvField::SourceRowId);
    run.date = get(row, CsvField::Date);
    run.division = text::lower(get(row, CsvField::Division));
    const std::string_view grade = get(row, CsvField::Grade);
    const auto parsed = grade.empty() ? std::optional<Grade>(Grade::Measured) : gradeFromName(text::lower(grade));
    if (!parsed)
        return invalid("grade \"" + std::string(grade) + "\" is not one of verified, measured, vendor, third-party, estimate, user");
    run.grade = *parsed;
    run.precision = text::lower(get(row, CsvField::Precision));
    run.framework = get(row, CsvField::Framework);
    run.frameworkVersion = get(row, CsvField::FrameworkVersion);
    const std::string preview = text::lower(get(row, CsvField::Preview));
    run.preview = preview == "1" || preview == "true" || preview == "yes" || preview == "preview";
}

void RowConverter::shape(BenchmarkRun& run, const Row& row) const
{
    run.gpuCount = count(row, CsvField::GpuCount);
    run.nodes = count(row, CsvField::Nodes);
    run.prefillGpus = count(row, CsvField::PrefillGpus);
    run.decodeGpus = count(row, CsvField::DecodeGpus);
    run.parallelism = get(row, CsvField::Parallelism);
    const auto serving = servingFromName(text::lower(get(row, CsvField::Serving)));
    run.serving = serving ? *serving
        : (run.prefillGpus && run.decodeGpus) ? Serving::Disaggregated : Serving::Aggregated;
    run.isl = number(row, CsvField::Isl);
    run.osl = number(row, CsvField::Osl);
    // "max load (offline)" is a scenario, not a number: the rate with no latency bound.
    const std::string_view concurrency = get(row, CsvField::Concurrency);
    run.concurrency = text::parseNumber(concurrency);
    for (std::string_view s : {"Offline", "Server", "Interactive"})
        if (text::iequals(get(row, CsvField::Scenario), s) || (s == "Offline" && text::icontains(concurrency, "offline")))
            run.scenario = s;
}

void RowConverter::throughput(BenchmarkRun& run, const Row& row) const
{
    run.totalPerGpu = number(row, CsvField::TotalPerGpu);
    run.outputPerGpu = number(row, CsvField::OutputPerGpu);
    run.inputPerGpu = number(row, CsvField::InputPerGpu);
    const auto wholeTotal = number(row, CsvField::TotalThroughput);
    const auto wholeOutput = number(row, CsvField::OutputThroughput);
    const auto value = number(row, CsvField::Value);
    const bool whole = wholeTotal || wholeOutput;
    if (!run.totalPerGpu && !run.outputPerGpu && !whole && value) {
        const auto unit = classifyThroughputUnit(get(row, CsvField::Unit), get(row, CsvField::Metric));
        if (unit.kind == TokenKind::Unknown)
            return invalid("unit \"" + std::string(get(row, CsvField::Unit))
                           + "\" does not say whether the tokens are output or input+output");
        const double perGpu = unit.perGpu ? *value : (run.gpuCount > 0 ? *value / *run.gpuCount : -1);
        if (perGpu < 0)
            return invalid("a whole-system throughput needs gpu_count");
        (unit.kind == TokenKind::Output ? run.outputPerGpu : run.totalPerGpu) = perGpu;
    } else if (whole) {
        if (!(run.gpuCount > 0))
            return invalid("a whole-system throughput needs gpu_count");
        if (wholeTotal)
            run.totalPerGpu = *wholeTotal / *run.gpuCount;
        if (wholeOutput)
            run.outputPerGpu = *wholeOutput / *run.gpuCount;
    }
    if (!run.totalPerGpu && !run.outputPerGpu)
        return invalid("no throughput: none of total_per_gpu, output_per_gpu, total_throughput, output_throughput, value");
    if (run.totalPerGpu.value_or(1) <= 0 || run.outputPerGpu.value_or(1) <= 0)
        return invalid("throughput is not positive");
    completeThroughput(run);
}

void RowConverter::latency(BenchmarkRun& run, const Row& row) const
{
    run.ttftMedianMs = number(row, CsvField::TtftMedianMs);
    run.ttftP99Ms = number(row, CsvField::TtftP99Ms);
    run.tpotMedianMs = number(row, CsvField::TpotMedianMs);
    run.tpotP99Ms = number(row, CsvField::TpotP99Ms);
    run.perUser = number(row, CsvField::TokSPerUser);
    if (!run.perUser)
        run.perUser = perUserFromTpotMs(run.tpotMedianMs);
    run.powerW = number(row, CsvField::PowerW);
}

bool RowConverter::convert(const Row& row, BenchmarkRun& run, std::string& error) const
{
    error_.clear();
    identity(run, row);
    shape(run, row);
    throughput(run, row);
    latency(run, row);
    if (error_.empty())
        return true;
    error = std::move(error_);
    return false;
}

Result<std::string> mappingText(const ImportOptions& options)
{
    if (options.mappingFile.isEmpty())
        return std::string();
    return readMappingFile(options.mappingFile);
}

} // namespace

QString GenericCsvImporter::fileFilter() const
{
    return QStringLiteral("Benchmark CSV (*.csv)");
}

bool GenericCsvImporter::supportsContent(std::string_view head) const
{
    // Any CSV whose header names a model and an accelerator by convention.
    CsvReader reader(head);
    std::vector<std::string> header;
    if (!reader.next(header))
        return false;
    auto map = CsvFieldMap::build(header, {});
    return map && map.value().has(CsvField::Model) && map.value().has(CsvField::Accelerator);
}

Result<ReadReport> GenericCsvImporter::parse(std::string_view content, std::string_view fileLabel,
                                             const ImportOptions& options, const RowSink& sink) const
{
    auto mapping = mappingText(options);
    if (!mapping)
        return mapping.error();
    CsvReader reader(content);
    std::vector<std::string> header;
    if (!reader.next(header))
        return badInput({}, "the CSV file is empty");
    auto map = CsvFieldMap::build(header, mapping.value());
    if (!map)
        return Error{map.error().kind, map.error().message, options.mappingFile.toStdString()};
    const RowConverter converter(map.value(), fileLabel);
    return readCsvRecords(
        reader,
        [&](const Row& row, BenchmarkRun& run, SkippedRow& skip) {
            std::string error;
            if (converter.convert(row, run, error))
                return true;
            skip = {0, SkipKind::Invalid, std::move(error)};
            return false;
        },
        sink);
}

} // namespace planner
