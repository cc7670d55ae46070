// SPDX-License-Identifier: GPL-3.0-or-later
// Stored rows -> the engine's BenchmarkPoint. The file may be hostile, so every value read is
// checked as it is converted: a row with a grade or precision this build cannot name is left
// out rather than guessed, and an oversized value fails the read (the connection's length limit).
#include "benchmark_store_internal.h"
#include "text_parse.h"

#include <cmath>

namespace planner::detail {

namespace {

constexpr std::string_view kSelect = R"sql(
SELECT id, source, source_row_id, date, grade, system_id, gpu_id, model_id, precision, serving,
       gpu_count, prefill_gpus, decode_gpus, preview, isl, osl, concurrency, total_per_gpu,
       output_per_gpu, tok_s_per_user, ttft_median_ms, ttft_p99_ms, tpot_median_ms, tpot_p99_ms,
       power_w, division
FROM runs
WHERE model_id IS NOT NULL AND unit = 'tokens/s'
  AND (?1 IS NULL OR model_id = ?1) AND (?2 IS NULL OR gpu_id = ?2) AND (?3 IS NULL OR system_id = ?3)
ORDER BY id)sql";

// A stored number as the engine wants it: finite and non-negative, else zero ("unknown").
double positive(const sqlite::Statement& s, int column)
{
    const double v = s.columnDouble(column);
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

int count(const sqlite::Statement& s, int column)
{
    const std::int64_t v = s.columnInt(column);
    return v > 0 && v < 10'000'000 ? static_cast<int>(v) : 0;
}

units::Time milliseconds(const sqlite::Statement& s, int column)
{
    return units::seconds(positive(s, column) / 1000.0);
}

void readFigures(const sqlite::Statement& s, BenchmarkPoint& p)
{
    p.gpuCount = count(s, 10);
    p.prefillGpus = count(s, 11);
    p.decodeGpus = count(s, 12);
    p.preview = s.columnInt(13) != 0;
    p.inputTokens = positive(s, 14);
    p.outputTokens = positive(s, 15);
    p.concurrency = positive(s, 16);
    p.totalPerGpu = units::tokens_per_second(positive(s, 17));
    p.outputPerGpu = units::tokens_per_second(positive(s, 18));
    p.perUser = units::tokens_per_second(positive(s, 19));
    p.ttftMedian = milliseconds(s, 20);
    p.ttftP99 = milliseconds(s, 21);
    p.tpotMedian = milliseconds(s, 22);
    p.tpotP99 = milliseconds(s, 23);
    const double power = positive(s, 24);
    p.powerPerGpu = units::watts(power > 0 && p.gpuCount > 0 ? power / p.gpuCount : 0.0);
    p.openDivision = text::iequals(s.columnText(25), "open");
}

// nullopt when the row's grade or precision cannot be named or the filter excludes it.
std::optional<BenchmarkPoint> readPoint(const sqlite::Statement& s, const PointFilter& filter)
{
    const auto grade = gradeFromName(s.columnText(4));
    const auto precision = precisionFromName(s.columnText(8));
    const auto serving = servingFromName(s.columnText(9));
    if (!grade || !precision || !serving || *grade > filter.weakest)
        return std::nullopt;
    if (filter.precision && *filter.precision != *precision)
        return std::nullopt;
    BenchmarkPoint p;
    p.rowId = s.columnInt(0);
    p.source = s.columnText(1) + " " + s.columnText(2);
    p.date = s.columnText(3);
    p.grade = *grade;
    p.system = s.columnText(5);
    p.gpu = s.columnText(6);
    p.model = s.columnText(7);
    p.precision = *precision;
    p.serving = *serving;
    readFigures(s, p);
    if (p.preview && !filter.includePreview)
        return std::nullopt;
    return p;
}

} // namespace

Result<std::vector<BenchmarkPoint>> queryPoints(const sqlite::Connection& db, const PointFilter& filter)
{
    auto stmt = sqlite::Statement::prepare(db, kSelect);
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, std::string_view(filter.model));
    stmt.value().bind(2, std::string_view(filter.gpu));
    stmt.value().bind(3, std::string_view(filter.system));
    std::vector<BenchmarkPoint> points;
    for (;;) {
        auto step = stmt.value().step();
        if (!step)
            return step.error();
        if (step.value() == sqlite::Statement::Step::Done)
            return points;
        if (auto p = readPoint(stmt.value(), filter))
            points.push_back(std::move(*p));
    }
}

Result<std::int64_t> countRuns(const sqlite::Connection& db)
{
    return db.queryInt("SELECT count(*) FROM runs");
}

} // namespace planner::detail
