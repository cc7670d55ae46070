// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlperf_importer.h"

#include "core/number_text.h"
#include "csv_reader.h"
#include "json_split.h"
#include "mlperf_entry.h"
#include "text_parse.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace planner {

namespace {

// ---- summary_results.json (rounds up to v5.x) -------------------------------------------------

std::string jsonText(const QJsonObject& o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    if (v.isString())
        return std::string(text::trim(v.toString().toStdString()));
    if (v.isDouble())
        return exactText(v.toDouble());
    return {};
}

// Numbers arrive as numbers, as strings ("8"), or as "" for "none": all three are accepted.
std::optional<double> jsonNumber(const QJsonObject& o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    if (v.isDouble() && std::isfinite(v.toDouble()))
        return v.toDouble();
    if (v.isString())
        return text::parseNumber(v.toString().toStdString());
    return std::nullopt;
}

MlperfEntry entryFromJson(const QJsonObject& o)
{
    const auto str = [&](const char* key) { return jsonText(o, QLatin1String(key)); };
    const auto num = [&](const char* key) { return jsonNumber(o, QLatin1String(key)); };
    MlperfEntry e;
    e.id = str("ID");
    e.location = str("Location");
    e.version = str("version");
    e.submitter = str("Submitter");
    e.system = str("System");
    e.platform = str("Platform");
    e.accelerator = str("Accelerator");
    e.benchmark = str("Model");
    e.usedModel = str("UsedModel");
    e.scenario = str("Scenario");
    e.units = str("Performance_Units");
    e.availability = str("Availability");
    e.division = str("Category");
    e.software = str("Software");
    e.weightTypes = str("weight_data_types");
    e.result = num("Performance_Result");
    e.perNode = num("a#");
    e.nodes = num("Nodes");
    if (str("Power_Units") == "Watts")
        e.powerW = num("Power_Result");
    return e;
}

Result<std::vector<MlperfEntry>> readJson(std::string_view content, ReadReport& report)
{
    const JsonSplit split = splitJsonArray(content);
    if (split.elements.empty() && !split.error.empty())
        return badInput({}, "not an MLPerf summary_results.json: " + split.error);
    std::vector<MlperfEntry> entries;
    int record = 0;
    for (std::string_view element : split.elements) {
        ++record;
        QJsonParseError error{};
        const auto doc = QJsonDocument::fromJson(
            QByteArray::fromRawData(element.data(), static_cast<qsizetype>(element.size())), &error);
        if (!doc.isObject()) {
            ++report.records;
            report.skipped.push_back({record, SkipKind::Invalid, "entry is not a JSON object: "
                                                                     + error.errorString().toStdString()});
            continue;
        }
        MlperfEntry e = entryFromJson(doc.object());
        e.record = record;
        e.raw = std::string(element);
        entries.push_back(std::move(e));
    }
    if (!split.error.empty())
        report.skipped.push_back({record + 1, SkipKind::Invalid, split.error + "; the rest of the file was not read"});
    return entries;
}

// ---- summary.csv (rounds from v6.x) -----------------------------------------------------------

struct CsvColumns {
    int organization, availability, division, systemName, platform, model, scenario, result, nodes,
        accelerator, perNode, total, location, framework, version, units, weightTypes;

    explicit CsvColumns(const std::vector<std::string>& h)
        : organization(columnIndex(h, "Organization")), availability(columnIndex(h, "Availability")),
          division(columnIndex(h, "Division")), systemName(columnIndex(h, "SystemName")),
          platform(columnIndex(h, "Platform")), model(columnIndex(h, "Model")),
          scenario(columnIndex(h, "Scenario")), result(columnIndex(h, "Result")),
          nodes(columnIndex(h, "number_of_nodes")), accelerator(columnIndex(h, "accelerator_model_name")),
          perNode(columnIndex(h, "accelerators_per_node")), total(columnIndex(h, "total_accelerators")),
          location(columnIndex(h, "Location")), framework(columnIndex(h, "framework")),
          version(columnIndex(h, "version")), units(columnIndex(h, "Units")),
          weightTypes(columnIndex(h, "weight_data_types"))
    {
    }
    bool complete() const
    {
        return organization >= 0 && model >= 0 && scenario >= 0 && result >= 0 && units >= 0
            && accelerator >= 0 && (total >= 0 || perNode >= 0);
    }
};

std::string cell(const std::vector<std::string>& row, int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= row.size())
        return {};
    return std::string(text::trim(row[static_cast<std::size_t>(index)]));
}

MlperfEntry entryFromCsv(const std::vector<std::string>& row, const CsvColumns& c)
{
    MlperfEntry e;
    e.submitter = cell(row, c.organization);
    e.availability = cell(row, c.availability);
    e.division = cell(row, c.division);
    e.system = cell(row, c.systemName);
    e.platform = cell(row, c.platform);
    e.benchmark = cell(row, c.model);
    e.usedModel = e.benchmark;
    e.scenario = cell(row, c.scenario);
    e.result = text::parseNumber(cell(row, c.result));
    e.nodes = text::parseNumber(cell(row, c.nodes));
    e.accelerator = cell(row, c.accelerator);
    e.perNode = text::parseNumber(cell(row, c.perNode));
    e.totalAccelerators = text::parseNumber(cell(row, c.total));
    e.location = cell(row, c.location);
    if (e.location.rfind("./", 0) == 0)
        e.location.erase(0, 2);
    e.software = cell(row, c.framework);
    e.version = cell(row, c.version);
    e.units = cell(row, c.units);
    e.weightTypes = cell(row, c.weightTypes);
    return e;
}

Result<std::vector<MlperfEntry>> readCsv(std::string_view content, ReadReport& report)
{
    CsvReader reader(content);
    std::vector<std::string> header, row;
    if (!reader.next(header) || !CsvColumns(header).complete())
        return badInput({}, "not an MLPerf summary.csv: the header lacks Organization, Model, Scenario, "
                            "Result, Units, accelerator_model_name or total_accelerators");
    const CsvColumns columns(header);
    std::vector<MlperfEntry> entries;
    while (reader.next(row)) {
        MlperfEntry e = entryFromCsv(row, columns);
        e.record = reader.line();
        e.raw = std::string(reader.recordText());
        entries.push_back(std::move(e));
    }
    if (!reader.error().empty())
        report.skipped.push_back({reader.line(), SkipKind::Invalid, reader.error() + "; the rest of the file was not read"});
    return entries;
}

} // namespace

QString MlperfImporter::fileFilter() const
{
    return QStringLiteral("MLPerf Inference results (summary_results.json summary.csv *.json *.csv)");
}

bool MlperfImporter::supportsContent(std::string_view head) const
{
    if (firstSignificantChar(head) == '[')
        return head.find("\"Performance_Result\"") != std::string_view::npos
            || (head.find("\"Submitter\"") != std::string_view::npos && head.find("\"Scenario\"") != std::string_view::npos);
    const std::string_view firstLine = head.substr(0, head.find('\n'));
    return firstLine.find("Organization") != std::string_view::npos
        && firstLine.find("Scenario") != std::string_view::npos
        && firstLine.find("accelerator_model_name") != std::string_view::npos;
}

Result<ReadReport> MlperfImporter::parse(std::string_view content, std::string_view, const ImportOptions&,
                                         const RowSink& sink) const
{
    ReadReport report;
    auto entries = firstSignificantChar(content) == '[' ? readJson(content, report) : readCsv(content, report);
    if (!entries)
        return entries.error();
    for (auto& e : entries.value())
        if (!e.version.empty() && e.version.front() != 'v')
            e.version.insert(0, 1, 'v');
    convertMlperfEntries(entries.value(), MlperfWorkloadTable::bundled(), report, sink);
    return report;
}

} // namespace planner
