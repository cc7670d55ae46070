// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/forward_validation.h"

#include "serving/software_gain.h"
#include "serving/uncertainty.h"

#include <algorithm>
#include <map>
#include <set>

namespace planner {

namespace {

// MLPerf's family, and the Interactive scenario as a benchmark of its own (see the header).
std::string benchmarkKey(const BenchmarkPoint& p)
{
    std::string key = benchmarkOf(p);
    if (!key.empty() && scenarioOf(p) == MlperfScenario::Interactive)
        key += " Interactive";
    return key;
}

std::string roundList(const std::set<int>& rounds)
{
    std::string out;
    for (int r : rounds)
        out += (out.empty() ? "" : ", ") + roundName(r);
    return out;
}

bool stopped(const Feedback* f, ValidationReport& r, double progress)
{
    if (f && f->isCancelled())
        return r.cancelled = true;
    if (f)
        f->setProgress(progress);
    return false;
}

// Why a fold's rows go unscored: the open division's rows are not the benchmark's workload (it
// may change the model or its accuracy target: v4.1's open H200 Llama 2 70B ran a pruned model at
// 2.7x the closed results), and a row graded estimate is no measurement (InferenceX's points at
// round interactivities are its interpolation between the measured points of the same sweep, so
// scoring them scores one measurement two or three times). Both are counted and left unscored;
// every fold still learns from them.
struct Unscored {
    std::size_t open = 0, estimates = 0;
};

std::vector<const BenchmarkPoint*> scoredTargets(const std::vector<const BenchmarkPoint*>& rows, Unscored& unscored)
{
    std::vector<const BenchmarkPoint*> out;
    for (const BenchmarkPoint* p : rows)
        if (p->openDivision)
            ++unscored.open;
        else if (p->grade == Grade::Estimate)
            ++unscored.estimates;
        else
            out.push_back(p);
    return out;
}

void noteUnscored(ForwardReport& out, const Unscored& unscored)
{
    if (const std::size_t n = unscored.open; n > 0)
        out.notes.push_back(std::to_string(n) + (n == 1 ? " MLPerf open-division row" : " MLPerf open-division rows")
                            + " not predicted: the open division may change the model or its accuracy target");
    if (const std::size_t n = unscored.estimates; n > 0)
        out.notes.push_back(std::to_string(n) + (n == 1 ? " row" : " rows")
                            + " graded estimate not predicted: an interpolation or a modelled figure is no "
                              "measurement to score against");
}

void predictFold(ValidationReport& r, std::span<const BenchmarkPoint> reference,
                 const std::vector<const BenchmarkPoint*>& targets, const Catalog& catalog, const BenchmarkAges& ages)
{
    const Calibration fitted = calibrateFold(reference, catalog);
    const ThroughputModel model(reference, catalog, fitted);
    for (const BenchmarkPoint* p : targets) {
        const std::size_t before = r.predictions.size();
        predictPoint(r, model, *p, catalog, true);
        if (r.predictions.size() > before)
            r.predictions.back().maturity = ages.maturity(*p);
    }
}

ForwardReport leaveAcceleratorsOut(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                                   const Feedback* feedback)
{
    ForwardReport out;
    const BenchmarkAges ages = BenchmarkAges::of(points);
    const PointKey gpuKey = [&](const BenchmarkPoint& p) { return gpuOf(p, catalog); };
    const auto byGpu = usablePointsBy(points, gpuKey);
    std::size_t done = 0;
    Unscored unscored;
    for (const auto& [gpu, rows] : byGpu) {
        if (stopped(feedback, out.report, double(done++) / byGpu.size()))
            break;
        const auto targets = scoredTargets(rows, unscored);
        if (targets.empty())
            continue;
        predictFold(out.report, pointsOutside(points, gpuKey, gpu), targets, catalog, ages);
        out.folds.push_back(gpu + ": " + std::to_string(targets.size()) + " rows predicted without any row of it");
    }
    noteUnscored(out, unscored);
    return out;
}

// The date a round's results were published: the earliest date of its rows (the importer dates
// every row of a round alike); empty when none carries one.
std::string roundDate(std::span<const BenchmarkPoint> points, int round)
{
    std::string date;
    for (const BenchmarkPoint& p : points)
        if (mlperfRoundIndex(p.source) == round && !p.date.empty() && (date.empty() || p.date < date))
            date = p.date;
    return date;
}

// What was known before a round: earlier rounds, and other rows dated before its publication.
std::vector<BenchmarkPoint> knownBefore(std::span<const BenchmarkPoint> points, int round, const std::string& date)
{
    std::vector<BenchmarkPoint> out;
    for (const BenchmarkPoint& p : points) {
        const auto r = mlperfRoundIndex(p.source);
        if (r ? *r < round : (!date.empty() && !p.date.empty() && p.date < date))
            out.push_back(p);
    }
    return out;
}

ForwardReport roundsForward(std::span<const BenchmarkPoint> points, const Catalog& catalog, bool youngOnly,
                            const Feedback* feedback)
{
    ForwardReport out;
    const BenchmarkAges ages = BenchmarkAges::of(points);
    std::set<int> rounds;
    for (const BenchmarkPoint& p : points)
        if (auto r = mlperfRoundIndex(p.source))
            rounds.insert(*r);
    if (!rounds.empty())
        for (int r = *rounds.begin() + 1; r < *rounds.rbegin(); ++r)
            if (!rounds.count(r))
                out.notes.push_back(roundName(r) + ": no rows in the data; rounds after it are predicted without it");
    std::set<int> earlier;
    std::size_t done = 0;
    Unscored unscored;
    for (int round : rounds) {
        if (stopped(feedback, out.report, double(done++) / rounds.size()))
            break;
        std::vector<const BenchmarkPoint*> rows;
        for (const BenchmarkPoint& p : points)
            if (usable(p) && mlperfRoundIndex(p.source) == round && (!youngOnly || ages.age(p) == 1))
                rows.push_back(&p);
        const auto targets = earlier.empty() ? rows : scoredTargets(rows, unscored);
        if (earlier.empty()) {
            out.notes.push_back(roundName(round) + ": the first round in the data, nothing before it to predict from");
        } else if (!targets.empty()) {
            const std::vector<BenchmarkPoint> reference = knownBefore(points, round, roundDate(points, round));
            predictFold(out.report, reference, targets, catalog, ages);
            out.folds.push_back(roundName(round) + " from " + roundList(earlier) + " and "
                                + std::to_string(reference.size()) + " rows in all: " + std::to_string(targets.size())
                                + " rows predicted");
        }
        earlier.insert(round);
    }
    noteUnscored(out, unscored);
    return out;
}

} // namespace

std::string_view protocolName(ForwardProtocol p)
{
    switch (p) {
    case ForwardProtocol::LeaveAcceleratorOut: return "leave-accelerator-out";
    case ForwardProtocol::RoundForward: return "round-forward";
    case ForwardProtocol::YoungBenchmark: return "young-benchmark";
    }
    return "";
}

BenchmarkAges BenchmarkAges::of(std::span<const BenchmarkPoint> points)
{
    BenchmarkAges ages;
    for (const BenchmarkPoint& p : points) {
        const auto round = mlperfRoundIndex(p.source);
        const std::string key = benchmarkKey(p);
        if (!round || key.empty())
            continue;
        auto [it, fresh] = ages.firstRound.emplace(key, *round);
        if (!fresh)
            it->second = std::min(it->second, *round);
    }
    return ages;
}

std::optional<int> BenchmarkAges::age(const BenchmarkPoint& p) const
{
    const auto round = mlperfRoundIndex(p.source);
    const auto first = firstRound.find(benchmarkKey(p));
    if (!round || first == firstRound.end())
        return std::nullopt;
    return *round - first->second;
}

std::string BenchmarkAges::maturity(const BenchmarkPoint& p) const
{
    const auto a = age(p);
    return !a ? "other" : *a == 0 ? "new" : *a == 1 ? "young" : "established";
}

Calibration calibrateFold(std::span<const BenchmarkPoint> reference, const Catalog& catalog)
{
    return withBands(reference, catalog, calibrate(reference, catalog));
}

ForwardReport validateForward(ForwardProtocol protocol, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                              const Feedback* feedback)
{
    ForwardReport out = protocol == ForwardProtocol::LeaveAcceleratorOut
        ? leaveAcceleratorsOut(points, catalog, feedback)
        : roundsForward(points, catalog, protocol == ForwardProtocol::YoungBenchmark, feedback);
    summarise(out.report);
    return out;
}

} // namespace planner
