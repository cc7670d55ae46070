// SPDX-License-Identifier: GPL-3.0-or-later
// Stored rows for browsing, and the raw original of one row. Values are read as stored: the
// browser shows what is in the file, including names and grades this build cannot resolve.
#include "benchmark_store_internal.h"
#include "stored_run.h"
#include "text_parse.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace planner {

namespace {

constexpr std::string_view kSelectRuns = R"sql(
SELECT id, source, source_row_id, date, grade, division, system_raw, accelerator_raw, model_raw,
       system_id, gpu_id, model_id, gpu_count, precision, framework, serving, parallelism, scenario,
       isl, osl, concurrency, total_per_gpu, output_per_gpu, tok_s_per_user, power_w, preview,
       unit, requests_per_gpu
FROM runs ORDER BY id)sql";

std::optional<double> finite(const sqlite::Statement& s, int column)
{
    const auto v = s.columnOptDouble(column);
    return v && std::isfinite(*v) ? v : std::nullopt;
}

StoredRun readRun(const sqlite::Statement& s)
{
    StoredRun r;
    r.id = s.columnInt(0);
    r.source = s.columnText(1);
    r.sourceRowId = s.columnText(2);
    r.date = s.columnText(3);
    r.grade = s.columnText(4);
    r.division = s.columnText(5);
    r.systemRaw = s.columnText(6);
    r.acceleratorRaw = s.columnText(7);
    r.modelRaw = s.columnText(8);
    r.systemId = s.columnText(9);
    r.gpuId = s.columnText(10);
    r.modelId = s.columnText(11);
    if (!s.isNull(12)) {
        const std::int64_t n = s.columnInt(12);
        if (n > 0 && n < 10'000'000)
            r.gpuCount = static_cast<int>(n);
    }
    r.precision = s.columnText(13);
    r.framework = s.columnText(14);
    r.serving = s.columnText(15);
    r.parallelism = s.columnText(16);
    r.scenario = s.columnText(17);
    r.isl = finite(s, 18);
    r.osl = finite(s, 19);
    r.concurrency = finite(s, 20);
    r.totalPerGpu = finite(s, 21);
    r.outputPerGpu = finite(s, 22);
    r.perUser = finite(s, 23);
    r.powerW = finite(s, 24);
    r.preview = s.columnInt(25) != 0;
    r.unit = s.columnText(26);
    r.requestsPerGpu = finite(s, 27);
    r.round = roundOfSource(r.source);
    r.benchmark = r.source.rfind("mlperf", 0) == 0 ? benchmarkOfRowId(r.sourceRowId, r.scenario) : std::string();
    return r;
}

} // namespace

std::string roundOfSource(std::string_view source)
{
    constexpr std::string_view prefix = "mlperf-inference-";
    if (source.substr(0, prefix.size()) == prefix)
        return std::string(source.substr(prefix.size()));
    return std::string(source);
}

std::string benchmarkOfRowId(std::string_view id, std::string_view scenario)
{
    if (scenario.empty())
        return {};
    // Walk the '/'-separated components; the one before the scenario's is the benchmark. Some
    // submitters name the scenario's folder in lower case ("offline", MLPerf v6.0 Nebius).
    std::string_view previous;
    while (!id.empty()) {
        const auto slash = id.find('/');
        const std::string_view part = id.substr(0, slash);
        if (text::iequals(part, scenario))
            return std::string(previous);
        previous = part;
        if (slash == std::string_view::npos)
            break;
        id.remove_prefix(slash + 1);
    }
    return {};
}

std::optional<PublishedResult> publishedResult(std::string_view raw)
{
    if (raw.empty() || raw.front() != '{')
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(raw.data(), static_cast<qsizetype>(raw.size())));
    if (!doc.isObject())
        return std::nullopt;
    const QJsonObject o = doc.object();
    const QJsonValue result = o.value(QLatin1String("Performance_Result"));
    if (!result.isDouble() || !std::isfinite(result.toDouble()))
        return std::nullopt;
    PublishedResult p;
    p.result = result.toDouble();
    p.units = o.value(QLatin1String("Performance_Units")).toString().toStdString();
    p.availability = o.value(QLatin1String("Availability")).toString().toStdString();
    return p;
}

namespace detail {

Result<std::vector<StoredRun>> queryRuns(const sqlite::Connection& db)
{
    auto stmt = sqlite::Statement::prepare(db, kSelectRuns);
    if (!stmt)
        return stmt.error();
    std::vector<StoredRun> runs;
    for (;;) {
        auto step = stmt.value().step();
        if (!step)
            return step.error();
        if (step.value() == sqlite::Statement::Step::Done)
            return runs;
        runs.push_back(readRun(stmt.value()));
    }
}

Result<std::string> queryRaw(const sqlite::Connection& db, std::int64_t rowId)
{
    auto stmt = sqlite::Statement::prepare(db, "SELECT raw FROM runs WHERE id = ?1");
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, rowId);
    auto step = stmt.value().step();
    if (!step)
        return step.error();
    if (step.value() == sqlite::Statement::Step::Done)
        return badInput("runs", "no stored row with id " + std::to_string(rowId));
    return stmt.value().columnText(0);
}

} // namespace detail

} // namespace planner
