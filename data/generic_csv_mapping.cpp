// SPDX-License-Identifier: GPL-3.0-or-later
#include "generic_csv_mapping.h"
#include "input_file.h"

#include "core/number_text.h"
#include "csv_reader.h"
#include "text_parse.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>


namespace planner {

namespace {

struct FieldNames {
    std::string_view name;
    std::array<std::string_view, 3> synonyms; // unused slots are empty
};

// Indexed by CsvField.
const std::array<FieldNames, kCsvFieldCount>& fieldNames()
{
    static const std::array<FieldNames, kCsvFieldCount> names{{
        {"source", {}}, {"source_row_id", {}}, {"date", {}}, {"grade", {}}, {"division", {}},
        {"system", {}}, {"accelerator", {"gpu", "hardware"}}, {"gpu_count", {"num_gpus", "gpus"}},
        {"nodes", {}}, {"model", {}}, {"precision", {}}, {"framework", {}}, {"framework_version", {}},
        {"serving", {}}, {"prefill_gpus", {}}, {"decode_gpus", {}}, {"parallelism", {}},
        {"isl", {"input_tokens"}}, {"osl", {"output_tokens"}}, {"concurrency", {"max_concurrency"}},
        {"scenario", {}}, {"total_per_gpu", {}}, {"input_per_gpu", {}}, {"output_per_gpu", {}},
        {"total_throughput", {}}, {"output_throughput", {}}, {"value", {}}, {"unit", {}}, {"metric", {}},
        {"tok_s_per_user", {"interactivity_tok_s_user"}},
        {"ttft_median_ms", {"ttft_ms", "median_ttft_ms"}}, {"ttft_p99_ms", {"p99_ttft_ms"}},
        {"tpot_median_ms", {"tpot_ms", "median_tpot_ms", "itl_or_tpot_ms"}}, {"tpot_p99_ms", {"p99_tpot_ms"}},
        {"power_w", {}}, {"preview", {}},
    }};
    return names;
}

std::optional<CsvField> fieldByName(std::string_view name)
{
    for (std::size_t i = 0; i < kCsvFieldCount; ++i)
        if (text::iequals(fieldNames()[i].name, name))
            return static_cast<CsvField>(i);
    return std::nullopt;
}

int conventionalColumn(const std::vector<std::string>& header, const FieldNames& names)
{
    if (const int c = columnIndex(header, names.name); c >= 0)
        return c;
    for (std::string_view synonym : names.synonyms)
        if (const int c = synonym.empty() ? -1 : columnIndex(header, synonym); c >= 0)
            return c;
    return -1;
}

Result<QJsonObject> parseMapping(std::string_view json)
{
    QJsonParseError error{};
    const auto doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(json.data(), static_cast<qsizetype>(json.size())), &error);
    if (!doc.isObject())
        return badInput({}, "the column mapping is not a JSON object: " + error.errorString().toStdString());
    return doc.object();
}

} // namespace

std::string_view csvFieldName(CsvField f) { return fieldNames()[static_cast<std::size_t>(f)].name; }

Result<CsvFieldMap> CsvFieldMap::build(const std::vector<std::string>& header, std::string_view mappingJson)
{
    CsvFieldMap map;
    for (std::size_t i = 0; i < kCsvFieldCount; ++i)
        map.column_[i] = conventionalColumn(header, fieldNames()[i]);
    if (mappingJson.empty())
        return map;
    auto mapping = parseMapping(mappingJson);
    if (!mapping)
        return mapping.error();
    const QJsonObject columns = mapping.value().value(QLatin1String("columns")).toObject();
    const QJsonObject defaults = mapping.value().value(QLatin1String("defaults")).toObject();
    for (auto it = columns.begin(); it != columns.end(); ++it) {
        const auto field = fieldByName(it.key().toStdString());
        const int column = columnIndex(header, it.value().toString().toStdString());
        if (!field)
            return badInput({}, "the column mapping names an unknown field \"" + it.key().toStdString() + "\"");
        if (column < 0)
            return badInput({}, "the CSV has no column \"" + it.value().toString().toStdString() + "\" (mapped to "
                                    + it.key().toStdString() + ")");
        map.column_[static_cast<std::size_t>(*field)] = column;
    }
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        const auto field = fieldByName(it.key().toStdString());
        if (!field)
            return badInput({}, "the column mapping has a default for an unknown field \"" + it.key().toStdString() + "\"");
        const QJsonValue v = it.value();
        map.default_[static_cast<std::size_t>(*field)] =
            v.isDouble() ? exactText(v.toDouble()) : v.toString().toStdString();
    }
    return map;
}

std::string_view CsvFieldMap::get(const std::vector<std::string_view>& row, CsvField f) const
{
    const auto i = static_cast<std::size_t>(f);
    const int c = column_[i];
    if (c >= 0 && static_cast<std::size_t>(c) < row.size()) {
        const std::string_view cell = text::trim(row[static_cast<std::size_t>(c)]);
        if (!cell.empty())
            return cell;
    }
    return default_[i];
}

bool CsvFieldMap::has(CsvField f) const
{
    const auto i = static_cast<std::size_t>(f);
    return column_[i] >= 0 || !default_[i].empty();
}

Result<std::string> readMappingFile(const QString& path)
{
    auto read = readInputFile(path, 1 << 20, "a column mapping"); // a mapping is a few hundred bytes
    if (!read)
        return read.error();
    return read.value().toStdString();
}

} // namespace planner
