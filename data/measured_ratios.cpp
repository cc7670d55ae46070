// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_ratios.h"

#include "catalog/facility_defaults.h"
#include "text_parse.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace planner {

namespace {

bool sideMatches(const StoredRun& r, const std::string& side)
{
    return text::iequals(r.systemRaw, side) || text::iequals(r.acceleratorRaw, side)
        || (!r.systemId.empty() && text::iequals(r.systemId, side))
        || (!r.gpuId.empty() && text::iequals(r.gpuId, side));
}

int scenarioOrder(const std::string& s)
{
    if (s == "Offline")
        return 0;
    if (s == "Server")
        return 1;
    if (s == "Interactive")
        return 2;
    return 3;
}

std::size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string joined(const std::vector<std::string>& names)
{
    std::string s;
    for (const std::string& n : names)
        s += (s.empty() ? "\"" : ", \"") + n + "\"";
    return s;
}

// A stored MLPerf row as one side of a comparison: the published result and units where the raw
// record gives them, else the stored result per GPU times GPUs in the stored unit (tokens/s rows:
// output tokens, which MLPerf counts).
RatioRow ratioRowOf(const BenchmarkDatabase& db, const Catalog& catalog, const StoredRun& r)
{
    RatioRow row;
    row.rowId = r.id;
    row.system = r.systemRaw;
    row.accelerator = r.acceleratorRaw;
    row.gpuId = r.gpuId;
    row.gpus = r.gpuCount.value_or(0);
    row.division = r.division;
    row.round = r.round;
    row.grade = gradeFromName(r.grade).value_or(Grade::User);
    // The stored unit: a samples/s or queries/s row holds its result in requests_per_gpu.
    const auto unit = resultUnitFromName(r.unit).value_or(ResultUnit::Tokens);
    row.result = (unit == ResultUnit::Tokens ? r.outputPerGpu : r.requestsPerGpu).value_or(0.0) * row.gpus;
    row.units = std::string(mlperfUnitsName(unit));
    row.availability = r.preview ? "preview" : "available";
    if (auto raw = db.rawRecord(r.id))
        if (auto published = publishedResult(raw.value())) {
            row.result = published->result;
            row.units = published->units.empty() ? row.units : published->units;
            row.availability = published->availability.empty() ? row.availability : published->availability;
        }
    if (const GpuSpec* gpu = catalog.gpu(r.gpuId); gpu && gpu->tdp.known())
        row.gpuPowerW = gpu->tdp.value().value();
    return row;
}

// Sorted best per GPU first (the order bestPerGpu chooses by), so index 0 is the default.
void sortBestFirst(std::vector<RatioRow>& rows)
{
    std::vector<RatioRow> sorted;
    while (!rows.empty()) {
        const std::size_t best = *bestPerGpu(rows);
        sorted.push_back(std::move(rows[best]));
        rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(best));
    }
    rows = std::move(sorted);
}

// The chosen index: the picked row when one of `picks` is among the rows, else the best.
std::optional<std::size_t> choose(const std::vector<RatioRow>& rows, const std::vector<std::int64_t>& picks,
                                  std::set<std::int64_t>& used)
{
    if (rows.empty())
        return std::nullopt;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (std::find(picks.begin(), picks.end(), rows[i].rowId) != picks.end()) {
            used.insert(rows[i].rowId);
            return i;
        }
    return 0;
}

Error unknownSide(const char* which, const std::string& name, const std::string& benchmark,
                  const std::vector<std::string>& names)
{
    return badInput(which, std::string(which) + ": no " + benchmark + " rows for \"" + name
                               + "\"; nearest names in the data: " + joined(nearestNames(name, names)));
}

// ---- matched interactivity ----------------------------------------------------------------

struct CurveKey {
    std::string system, precision, serving;
    long input = 0, output = 0;
    auto operator<=>(const CurveKey&) const = default;
};

struct SideCurves {
    std::map<CurveKey, ThroughputCurve> curves;
};

// The side's catalog GPUs: the name itself when it is a GPU or system id, and the GPUs of the
// rows whose names match it in any benchmark.
std::set<std::string> sideGpus(const std::vector<StoredRun>& runs, const Catalog& catalog, const std::string& side)
{
    std::set<std::string> gpus;
    if (const GpuSpec* g = catalog.gpu(text::lower(side)))
        gpus.insert(g->id);
    if (const SystemSpec* s = catalog.system(text::lower(side)))
        gpus.insert(s->gpu);
    for (const StoredRun& r : runs)
        if (!r.gpuId.empty() && sideMatches(r, side))
            gpus.insert(r.gpuId);
    return gpus;
}

// Curves of measured rows that describe a throughput-interactivity trade-off (InferenceX-style
// sweeps): MLPerf rows state a latency limit, not an operating point, so they are left out.
SideCurves curvesOf(const std::vector<BenchmarkPoint>& points, const std::set<std::string>& gpus)
{
    SideCurves side;
    for (const BenchmarkPoint& p : points) {
        if (!gpus.count(p.gpu) || p.source.rfind("mlperf", 0) == 0 || p.perUser.value() <= 0)
            continue;
        CurveKey key{p.system.empty() ? p.gpu : p.system, std::string(precisionName(p.precision)),
                     std::string(servingName(p.serving)), std::lround(p.inputTokens), std::lround(p.outputTokens)};
        side.curves[key].add(p);
    }
    for (auto& [key, curve] : side.curves)
        curve.finish();
    return side;
}

// How far a reading at perUser lies outside the curve's measured range, in log space; 0 inside.
double extrapolation(const ThroughputCurve& curve, double perUser)
{
    const auto low = curve.lowestPerUser(), high = curve.highestPerUser();
    if (!low || !high || perUser <= 0)
        return 0;
    if (perUser > high->value())
        return std::log(perUser / high->value());
    if (perUser < low->value())
        return std::log(low->value() / perUser);
    return 0;
}

std::optional<MatchedReading> readBest(const SideCurves& side, const Catalog& catalog, double input, double output,
                                       double perUser)
{
    std::optional<MatchedReading> best;
    double bestDistance = 0;
    for (const auto& [key, curve] : side.curves) {
        if (!sameShape(static_cast<double>(key.input), static_cast<double>(key.output), input, output))
            continue;
        const auto reading = curve.read(units::tokens_per_second(perUser));
        if (!reading)
            continue;
        // The curve that reaches the interactivity asked, else the one that comes closest (least
        // extrapolation); among equals the higher throughput.
        const double distance = extrapolation(curve, perUser);
        if (best && (distance > bestDistance || (distance == bestDistance && reading->totalPerGpu <= best->reading.totalPerGpu)))
            continue;
        bestDistance = distance;
        MatchedReading m;
        m.system = key.system;
        m.precision = key.precision;
        m.inputTokens = static_cast<double>(key.input);
        m.outputTokens = static_cast<double>(key.output);
        m.reading = *reading;
        m.clampNote = clampMessage(curve, *reading, units::tokens_per_second(perUser));
        m.frontier = curve.frontier();
        m.side.tokensPerGpu = reading->totalPerGpu.value();
        if (const SystemSpec* s = catalog.system(key.system)) {
            if (s->allInPowerPerGpu.known())
                m.side.itPowerPerGpuW = s->allInPowerPerGpu.value().value();
            else if (s->domainPower.known() && s->gpusPerDomain > 0)
                m.side.itPowerPerGpuW = s->domainPower.value().value() / s->gpusPerDomain;
            m.side.pue = defaultPue(s->cooling).value;
        }
        best = std::move(m);
    }
    return best;
}

// The request shape both sides measured, closest to the benchmark's own when it is known.
std::optional<std::pair<double, double>> commonShape(const SideCurves& a, const SideCurves& b,
                                                     const MlperfWorkload* workload)
{
    std::optional<std::pair<double, double>> best;
    double bestDistance = 0;
    for (const auto& [ka, ca] : a.curves)
        for (const auto& [kb, cb] : b.curves) {
            const double ia = static_cast<double>(ka.input), oa = static_cast<double>(ka.output);
            if (!sameShape(ia, oa, static_cast<double>(kb.input), static_cast<double>(kb.output)))
                continue;
            const double d = workload ? shapeDistance(ia, oa, workload->meanInputTokens, workload->meanOutputTokens) : 0;
            if (!best || d < bestDistance) {
                best = std::pair{ia, oa};
                bestDistance = d;
            }
        }
    return best;
}

Result<MatchedComparison> matchedComparison(const BenchmarkDatabase& db, const Catalog& catalog,
                                            const std::vector<StoredRun>& runs, const RatioQuery& q,
                                            const std::string& modelId)
{
    if (!(*q.interactivity > 0))
        return badInput("--interactivity", "--interactivity must be a positive number of tokens/s per user");
    if (modelId.empty())
        return badInput("--benchmark", "the catalog does not know the model of " + q.benchmark
                                           + ", so its throughput curves cannot be found");
    PointFilter filter;
    filter.model = modelId;
    auto points = db.loadPoints(filter);
    if (!points)
        return points.error();
    const SideCurves a = curvesOf(points.value(), sideGpus(runs, catalog, q.a));
    const SideCurves b = curvesOf(points.value(), sideGpus(runs, catalog, q.b));
    const auto shape = commonShape(a, b, catalog.mlperfWorkload(q.benchmark));
    if (!shape)
        return badInput("--interactivity", "no throughput-interactivity curves of " + modelId
                                               + " with the same input/output lengths on both sides ("
                                               + std::to_string(a.curves.size()) + " curves for \"" + q.a + "\", "
                                               + std::to_string(b.curves.size()) + " for \"" + q.b + "\")");
    MatchedComparison m;
    m.interactivity = *q.interactivity;
    auto readA = readBest(a, catalog, shape->first, shape->second, m.interactivity);
    auto readB = readBest(b, catalog, shape->first, shape->second, m.interactivity);
    if (!readA || !readB)
        return badInput("--interactivity", "a side's curve gives no reading at this interactivity");
    m.a = std::move(*readA);
    m.b = std::move(*readB);
    m.ratio = matchedRatio(m.a.side, m.b.side);
    return m;
}

} // namespace

std::vector<std::string> nearestNames(const std::string& name, const std::vector<std::string>& names,
                                      std::size_t count)
{
    const std::string key = text::lower(name);
    std::vector<std::pair<std::size_t, std::string>> scored;
    for (const std::string& n : names) {
        const std::string lower = text::lower(n);
        // A name containing what was typed ("b200" in "NVIDIA B200-SXM-180GB") comes first.
        const std::size_t d = lower.find(key) != std::string::npos && !key.empty() ? 0 : editDistance(key, lower);
        scored.emplace_back(d, n);
    }
    std::sort(scored.begin(), scored.end());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < scored.size() && out.size() < count; ++i)
        out.push_back(scored[i].second);
    return out;
}

Result<RatioChoices> ratioChoices(const BenchmarkDatabase& db, const std::string& benchmark)
{
    auto runs = db.loadRuns();
    if (!runs)
        return runs.error();
    std::set<std::string> benchmarks, sides;
    for (const StoredRun& r : runs.value()) {
        if (r.benchmark.empty())
            continue;
        benchmarks.insert(r.benchmark);
        if (benchmark.empty() || text::iequals(r.benchmark, benchmark)) {
            if (!r.systemRaw.empty())
                sides.insert(r.systemRaw);
            if (!r.acceleratorRaw.empty())
                sides.insert(r.acceleratorRaw);
        }
    }
    return RatioChoices{{benchmarks.begin(), benchmarks.end()}, {sides.begin(), sides.end()}};
}

Result<RatioComparison> measuredRatios(const BenchmarkDatabase& db, const Catalog& catalog, const RatioQuery& q)
{
    auto loaded = db.loadRuns();
    if (!loaded)
        return loaded.error();
    const std::vector<StoredRun>& runs = loaded.value();
    RatioComparison out;
    out.benchmark = q.benchmark;
    std::vector<const StoredRun*> rows;
    for (const StoredRun& r : runs)
        if (!r.benchmark.empty() && text::iequals(r.benchmark, q.benchmark))
            rows.push_back(&r);
    if (rows.empty()) {
        auto choices = ratioChoices(db);
        return badInput("--benchmark", "--benchmark: no rows of \"" + q.benchmark + "\"; nearest benchmarks: "
                                           + joined(nearestNames(q.benchmark, choices ? choices.value().benchmarks
                                                                                      : std::vector<std::string>{})));
    }
    out.benchmark = rows.front()->benchmark;
    if (const MlperfWorkload* w = catalog.mlperfWorkload(out.benchmark))
        out.modelId = w->model;
    else
        out.modelId = rows.front()->modelId;

    // (scenario order, scenario, units) -> candidates per side
    std::map<std::tuple<int, std::string, std::string>, ScenarioRatio> byScenario;
    bool anyA = false, anyB = false;
    for (const StoredRun* r : rows) {
        const bool isA = sideMatches(*r, q.a), isB = sideMatches(*r, q.b);
        if (!isA && !isB)
            continue;
        RatioRow row = ratioRowOf(db, catalog, *r);
        ScenarioRatio& s = byScenario[{scenarioOrder(r->scenario), r->scenario, row.units}];
        s.scenario = r->scenario;
        s.units = row.units;
        // A row can belong to both sides (comparing a system with its own accelerator).
        if (isA)
            s.rowsA.push_back(row);
        if (isB)
            s.rowsB.push_back(std::move(row));
        anyA = anyA || isA;
        anyB = anyB || isB;
    }
    if (!anyA || !anyB) {
        auto choices = ratioChoices(db, out.benchmark);
        const auto& names = choices ? choices.value().sides : std::vector<std::string>{};
        return !anyA ? unknownSide("--a", q.a, out.benchmark, names) : unknownSide("--b", q.b, out.benchmark, names);
    }
    std::set<std::int64_t> usedA, usedB;
    for (auto& [key, s] : byScenario) {
        sortBestFirst(s.rowsA);
        sortBestFirst(s.rowsB);
        s.chosenA = choose(s.rowsA, q.pickA, usedA);
        s.chosenB = choose(s.rowsB, q.pickB, usedB);
        if (s.a() && s.b())
            s.ratio = rowRatio(*s.a(), *s.b());
        out.scenarios.push_back(std::move(s));
    }
    for (const auto& [picks, used, which] : {std::tuple{&q.pickA, &usedA, "a"}, std::tuple{&q.pickB, &usedB, "b"}})
        for (std::int64_t id : *picks)
            if (!used->count(id))
                return badInput(which, "row " + std::to_string(id) + " is not a " + out.benchmark + " row of side "
                                           + which);
    if (q.interactivity) {
        auto m = matchedComparison(db, catalog, runs, q, out.modelId);
        if (!m)
            return m.error();
        out.matched = std::move(m.value());
    }
    return out;
}

} // namespace planner
