// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlperf_workloads.h"

#include "csv_reader.h"
#include "text_parse.h"

#include <QFile>

#include <map>

namespace planner {

namespace {

struct Limit {
    std::optional<double> ttftMs, tpotMs;
};

// mlperf.conf names benchmarks "llama3_1-405b" and the interactive variant "<name>-interactive".
std::string confKey(std::string_view key)
{
    std::string out(mlperfBenchmarkFamily(key));
    if (const auto at = out.find("llama3.1"); at != std::string::npos)
        out.replace(at, 8, "llama3_1");
    return out;
}

std::string field(const std::vector<std::string>& row, int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= row.size())
        return {};
    return row[static_cast<std::size_t>(index)];
}

std::map<std::string, Limit> readConstraints(std::string_view csv)
{
    std::map<std::string, Limit> limits;
    CsvReader reader(csv);
    std::vector<std::string> header, row;
    if (!reader.next(header))
        return limits;
    const int key = columnIndex(header, "benchmark_key");
    const int ttft = columnIndex(header, "ttft_latency_ms_p99");
    const int tpot = columnIndex(header, "tpot_latency_ms_p99");
    while (reader.next(row))
        limits[field(row, key)] = {text::parseNumber(field(row, ttft)), text::parseNumber(field(row, tpot))};
    return limits;
}

QByteArray readResource(const char* path)
{
    QFile file(QString::fromLatin1(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::string_view view(const QByteArray& bytes)
{
    return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
}

} // namespace

std::string_view mlperfBenchmarkFamily(std::string_view key)
{
    for (std::string_view suffix : {"-99.9", "-99"})
        if (key.size() > suffix.size() && key.substr(key.size() - suffix.size()) == suffix)
            return key.substr(0, key.size() - suffix.size());
    return key;
}

MlperfWorkloadTable MlperfWorkloadTable::parse(std::string_view workloadsCsv, std::string_view constraintsCsv)
{
    const auto limits = readConstraints(constraintsCsv);
    MlperfWorkloadTable table;
    CsvReader reader(workloadsCsv);
    std::vector<std::string> header, row;
    if (!reader.next(header))
        return table;
    const auto cellText = [&](const char* column) { return field(row, columnIndex(header, column)); };
    const auto number = [&](const char* column) { return text::parseNumber(cellText(column)); };
    while (reader.next(row)) {
        MlperfWorkloadInfo w;
        w.key = cellText("benchmark_key");
        w.modelHf = cellText("model_hf_name");
        w.meanInputTokens = number("mean_input_tokens");
        w.meanOutputTokens = number("mean_output_tokens");
        // The constraints file quotes mlperf.conf directly, so it wins; the workloads file's own
        // columns cover benchmarks the constraints file does not list.
        const auto server = limits.find(confKey(w.key));
        const auto interactive = limits.find(confKey(w.key) + "-interactive");
        const Limit none;
        const Limit& s = server != limits.end() ? server->second : none;
        const Limit& i = interactive != limits.end() ? interactive->second : none;
        w.serverTtftMs = s.ttftMs ? s.ttftMs : number("ttft_p99_ms_server");
        w.serverTpotMs = s.tpotMs ? s.tpotMs : number("tpot_p99_ms_server");
        w.interactiveTtftMs = i.ttftMs ? i.ttftMs : number("ttft_p99_ms_interactive");
        w.interactiveTpotMs = i.tpotMs ? i.tpotMs : number("tpot_p99_ms_interactive");
        if (!w.key.empty())
            table.workloads_.push_back(std::move(w));
    }
    return table;
}

const MlperfWorkloadTable& MlperfWorkloadTable::bundled()
{
    static const MlperfWorkloadTable table = [] {
        const QByteArray workloads = readResource(":/planner/mlperf/mlperf_workloads.csv");
        const QByteArray constraints = readResource(":/planner/mlperf/mlperf_latency_constraints.csv");
        return parse(view(workloads), view(constraints));
    }();
    return table;
}

const MlperfWorkloadInfo* MlperfWorkloadTable::find(std::string_view benchmarkKey) const
{
    for (const auto& w : workloads_)
        if (w.key == benchmarkKey)
            return &w;
    return nullptr;
}

} // namespace planner
