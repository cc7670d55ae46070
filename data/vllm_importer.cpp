// SPDX-License-Identifier: GPL-3.0-or-later
#include "vllm_importer.h"

#include "json_split.h"
#include "text_parse.h"
#include "throughput_text.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace planner {

namespace {

std::optional<double> number(const QJsonObject& o, const char* key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isDouble() && std::isfinite(v.toDouble()))
        return v.toDouble();
    if (v.isString())
        return text::parseNumber(v.toString().toStdString());
    return std::nullopt;
}

std::string string(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toString().toStdString();
}

// vLLM writes "20240812-141550"; an ISO date is kept as is.
std::string isoDate(std::string_view date)
{
    if (date.size() >= 8 && date.find('-') == 8 && text::parseCount(date.substr(0, 8)))
        return std::string(date.substr(0, 4)) + "-" + std::string(date.substr(4, 2)) + "-"
            + std::string(date.substr(6, 2));
    return std::string(date.substr(0, 10));
}

std::optional<double> perGpu(std::optional<double> value, int gpus)
{
    return value ? std::optional<double>(*value / gpus) : std::nullopt;
}

std::optional<double> meanTokens(std::optional<double> total, std::optional<double> completed)
{
    if (!total || !completed || *completed <= 0)
        return std::nullopt;
    return *total / *completed;
}

void fillFigures(BenchmarkRun& run, const QJsonObject& o, int gpus)
{
    run.totalPerGpu = perGpu(number(o, "total_token_throughput"), gpus);
    run.outputPerGpu = perGpu(number(o, "output_throughput"), gpus);
    run.inputPerGpu = perGpu(number(o, "input_throughput"), gpus);
    const auto completed = number(o, "completed");
    run.isl = meanTokens(number(o, "total_input_tokens"), completed);
    run.osl = meanTokens(number(o, "total_output_tokens"), completed);
    completeThroughput(run);
    run.concurrency = number(o, "max_concurrency");
    run.ttftMedianMs = number(o, "median_ttft_ms");
    run.ttftP99Ms = number(o, "p99_ttft_ms");
    run.tpotMedianMs = number(o, "median_tpot_ms");
    run.tpotP99Ms = number(o, "p99_tpot_ms");
    run.perUser = perUserFromTpotMs(run.tpotMedianMs);
}

std::nullopt_t fail(std::string& error, std::string message)
{
    error = std::move(message);
    return std::nullopt;
}

std::optional<BenchmarkRun> convert(const QJsonObject& o, std::string_view fileLabel,
                                    const ImportOptions& options, std::string& error)
{
    if (number(o, "completed").value_or(1) <= 0)
        return fail(error, "no completed requests");
    BenchmarkRun run;
    run.source = "vllm:" + std::string(fileLabel);
    run.grade = Grade::Measured;
    run.date = isoDate(string(o, "date"));
    run.modelRaw = options.model.empty() ? string(o, "model_id") : options.model;
    run.acceleratorRaw = options.accelerator;
    run.systemRaw = options.system;
    run.gpuCount = options.gpus;
    run.precision = text::lower(options.precision);
    run.framework = options.framework.empty() ? string(o, "backend") : options.framework;
    if (run.framework.empty())
        run.framework = "vllm";
    fillFigures(run, o, options.gpus);
    if (run.modelRaw.empty())
        return fail(error, "no model_id (pass --model)");
    if (!run.totalPerGpu && !run.outputPerGpu)
        return fail(error, "no throughput (total_token_throughput or output_throughput)");
    return run;
}

// An array of runs, one (possibly pretty-printed) object, or JSON Lines.
JsonSplit splitRuns(std::string_view content)
{
    const char first = firstSignificantChar(content);
    if (first == '[')
        return splitJsonArray(content);
    if (first == '{') {
        const auto whole = QJsonDocument::fromJson(
            QByteArray::fromRawData(content.data(), static_cast<qsizetype>(content.size())));
        if (whole.isObject())
            return JsonSplit{{text::trim(content)}, {}};
    }
    return splitJsonLines(content);
}

} // namespace

QString VllmImporter::fileFilter() const
{
    return QStringLiteral("vLLM / SGLang benchmark results (*.json *.jsonl)");
}

bool VllmImporter::supportsContent(std::string_view head) const
{
    const char c = firstSignificantChar(head);
    return (c == '{' || c == '[') && head.find("\"output_throughput\"") != std::string_view::npos
        && head.find("_ttft_ms\"") != std::string_view::npos;
}

Result<ReadReport> VllmImporter::parse(std::string_view content, std::string_view fileLabel,
                                       const ImportOptions& options, const RowSink& sink) const
{
    if (options.accelerator.empty() || options.gpus <= 0)
        return badInput({}, "vLLM results do not name the hardware: give the accelerator and the "
                            "number of GPUs (--accelerator NAME --gpus N)");
    const JsonSplit split = splitRuns(content);
    ReadReport report;
    for (std::string_view element : split.elements) {
        const int record = ++report.records;
        QJsonParseError parseError{};
        const auto doc = QJsonDocument::fromJson(
            QByteArray::fromRawData(element.data(), static_cast<qsizetype>(element.size())), &parseError);
        std::string error = doc.isObject() ? std::string() : "not a JSON object: " + parseError.errorString().toStdString();
        auto run = error.empty() ? convert(doc.object(), fileLabel, options, error) : std::nullopt;
        if (!run) {
            report.skipped.push_back({record, SkipKind::Invalid, std::move(error)});
            continue;
        }
        run->record = record;
        run->raw = std::string(element);
        run->sourceRowId = contentId(run->raw);
        if (!sink(std::move(*run)))
            return report;
    }
    if (!split.error.empty())
        report.skipped.push_back({report.records + 1, SkipKind::Invalid, split.error + "; the rest of the file was not read"});
    return report;
}

} // namespace planner
