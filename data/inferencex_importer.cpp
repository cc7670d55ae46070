// SPDX-License-Identifier: GPL-3.0-or-later
#include "inferencex_importer.h"

#include "csv_reader.h"
#include "text_parse.h"
#include "throughput_text.h"

namespace planner {

namespace {

struct Columns {
    int rowType, model, isl, osl, gpu, precision, framework, config, concurrency, throughput, unit,
        interactivity, ttft, tpot, measuredDate, postDate;

    explicit Columns(const std::vector<std::string>& h)
        : rowType(columnIndex(h, "row_type")), model(columnIndex(h, "model")), isl(columnIndex(h, "isl")),
          osl(columnIndex(h, "osl")), gpu(columnIndex(h, "gpu")), precision(columnIndex(h, "precision")),
          framework(columnIndex(h, "framework")), config(columnIndex(h, "config")),
          concurrency(columnIndex(h, "concurrency")), throughput(columnIndex(h, "throughput_per_gpu")),
          unit(columnIndex(h, "throughput_unit")), interactivity(columnIndex(h, "interactivity_tok_s_user")),
          ttft(columnIndex(h, "median_ttft_ms")), tpot(columnIndex(h, "median_tpot_ms")),
          measuredDate(columnIndex(h, "measured_date")), postDate(columnIndex(h, "post_date"))
    {
    }
    bool complete() const { return model >= 0 && gpu >= 0 && throughput >= 0; }
};

using Record = std::vector<std::string_view>;

std::string_view cell(const Record& row, int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= row.size())
        return {};
    return text::trim(row[static_cast<std::size_t>(index)]);
}

// Grade for a row_type, or nullopt with the reason the row is skipped.
std::optional<Grade> gradeFor(std::string_view rowType, SkippedRow& skip)
{
    if (rowType.empty() || rowType == "measured_point" || rowType == "peak_throughput_config")
        return Grade::Measured;
    if (rowType == "interpolated_iso_interactivity")
        return Grade::Estimate;
    if (rowType == "interpolated_iso_interactivity_cost")
        skip = {0, SkipKind::NotApplicable, "cost-only row (no throughput)"};
    else
        skip = {0, SkipKind::Invalid, "unknown row_type \"" + std::string(rowType) + "\""};
    return std::nullopt;
}

void fillShape(BenchmarkRun& run, const Record& row, const Columns& c)
{
    run.isl = text::parseNumber(cell(row, c.isl));
    run.osl = text::parseNumber(cell(row, c.osl));
    run.concurrency = text::parseNumber(cell(row, c.concurrency));
    run.parallelism.assign(cell(row, c.config));
    const auto split = parseDisaggregatedConfig(run.parallelism);
    if (split) {
        run.prefillGpus = split->prefillGpus;
        run.decodeGpus = split->decodeGpus;
        run.gpuCount = split->prefillGpus + split->decodeGpus;
    }
    if (split || text::icontains(run.framework, "disagg"))
        run.serving = Serving::Disaggregated;
}

// Most files use one or two unit texts; classifying each again for every row showed in profiles.
class UnitCache {
public:
    TokenKind kind(std::string_view unit)
    {
        if (!valid_ || unit != unit_) {
            unit_ = unit;
            kind_ = classifyThroughputUnit(unit).kind;
            valid_ = true;
        }
        return kind_;
    }

private:
    std::string unit_;
    TokenKind kind_ = TokenKind::Unknown;
    bool valid_ = false;
};

void fillThroughput(BenchmarkRun& run, double value, const Record& row, const Columns& c,
                    UnitCache& units)
{
    if (units.kind(cell(row, c.unit)) == TokenKind::Output)
        run.outputPerGpu = value;
    else
        run.totalPerGpu = value;
    completeThroughput(run);
    run.ttftMedianMs = text::parseNumber(cell(row, c.ttft));
    run.tpotMedianMs = text::parseNumber(cell(row, c.tpot));
    run.perUser = text::parseNumber(cell(row, c.interactivity));
    if (!run.perUser)
        run.perUser = perUserFromTpotMs(run.tpotMedianMs);
}

// One record to a row (run comes with every field at its default), or false and a skip reason.
bool convert(const Record& row, const Columns& c, UnitCache& units, BenchmarkRun& run, SkippedRow& skip)
{
    const auto grade = gradeFor(cell(row, c.rowType), skip);
    if (!grade)
        return false;
    const auto throughput = text::parseNumber(cell(row, c.throughput));
    if (!throughput || *throughput <= 0) {
        skip = {0, SkipKind::Invalid, "throughput_per_gpu is not a positive number"};
        return false;
    }
    if (cell(row, c.model).empty() || cell(row, c.gpu).empty()) {
        skip = {0, SkipKind::Invalid, "model or gpu is empty"};
        return false;
    }
    run.grade = *grade;
    // assign() rather than a temporary std::string: the reused run's buffers take the text.
    run.modelRaw.assign(cell(row, c.model));
    run.acceleratorRaw.assign(cell(row, c.gpu));
    run.systemRaw.assign(run.acceleratorRaw);
    run.precision = text::lower(cell(row, c.precision)); // short: no allocation either way
    run.framework.assign(cell(row, c.framework));
    run.date.assign(cell(row, c.measuredDate).empty() ? cell(row, c.postDate) : cell(row, c.measuredDate));
    fillShape(run, row, c);
    fillThroughput(run, *throughput, row, c, units);
    return true;
}

} // namespace

QString InferenceXImporter::fileFilter() const
{
    return QStringLiteral("InferenceX CSV (*.csv)");
}

bool InferenceXImporter::supportsContent(std::string_view head) const
{
    const std::string_view firstLine = head.substr(0, head.find('\n'));
    return firstLine.find("throughput_per_gpu") != std::string_view::npos
        && firstLine.find("interactivity_tok_s_user") != std::string_view::npos;
}

Result<ReadReport> InferenceXImporter::parse(std::string_view content, std::string_view, const ImportOptions&,
                                             const RowSink& sink) const
{
    CsvReader reader(content);
    std::vector<std::string> header;
    if (!reader.next(header) || !Columns(header).complete())
        return badInput({}, "not an InferenceX CSV: the header needs model, gpu and throughput_per_gpu");
    const Columns columns(header);
    UnitCache units;
    return readCsvRecords(
        reader,
        [&](const Record& row, BenchmarkRun& run, SkippedRow& skip) {
            run.source.assign("inferencex"); // the file carries no row ids: each gets a content id
            return convert(row, columns, units, run, skip);
        },
        sink);
}

} // namespace planner
