// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/validation.h"
#include "serving/software_gain.h"
#include "serving/uncertainty.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace planner {

ErrorStats errorStats(std::vector<double> errors)
{
    ErrorStats s;
    s.count = static_cast<int>(errors.size());
    if (errors.empty())
        return s;
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    s.medianSigned = n % 2 ? errors[n / 2] : 0.5 * (errors[n / 2 - 1] + errors[n / 2]);
    for (double e : errors)
        s.outsideHalfToDouble += outsideHalfToDouble(e) ? 1 : 0;
    for (double& e : errors)
        e = std::abs(e);
    std::sort(errors.begin(), errors.end());
    for (double e : errors) {
        s.meanAbsolute += e / n;
        s.within25 += e <= 0.25 ? 1.0 / n : 0.0;
    }
    s.medianAbsolute = n % 2 ? errors[n / 2] : 0.5 * (errors[n / 2 - 1] + errors[n / 2]);
    const auto rank = static_cast<std::size_t>(std::ceil(0.9 * n)); // nearest rank, 1-based
    s.p90Absolute = errors[std::max<std::size_t>(rank, 1) - 1];
    return s;
}

ErrorStats statsOf(const std::vector<const Prediction*>& predictions)
{
    std::vector<double> errors;
    double inside = 0;
    for (const Prediction* p : predictions) {
        errors.push_back(p->relativeError);
        inside += p->inBand() ? 1 : 0;
    }
    ErrorStats s = errorStats(std::move(errors));
    s.inBand = predictions.empty() ? 0.0 : inside / predictions.size();
    return s;
}

std::string gpuOf(const BenchmarkPoint& p, const Catalog& catalog)
{
    if (!p.gpu.empty())
        return p.gpu;
    const SystemSpec* s = catalog.system(p.system);
    return s ? s->gpu : std::string("unknown");
}

bool usable(const BenchmarkPoint& p)
{
    return !p.model.empty() && !p.system.empty() && p.totalPerGpu.value() > 0 && p.inputTokens > 0
        && p.outputTokens > 0;
}

namespace {

std::string modelId(const BenchmarkPoint& p, const Catalog& catalog)
{
    return std::string(curveKeyOf(p, catalog).model);
}


ThroughputQuery queryFor(const BenchmarkPoint& p, bool withRound = false)
{
    ThroughputQuery q;
    q.model = p.model;
    q.system = p.system;
    q.precision = p.precision;
    q.inputTokens = p.inputTokens;
    q.outputTokens = p.outputTokens;
    q.minPerUser = p.perUser;
    q.serving = p.serving;
    q.withCurve = false;
    q.scenario = scenarioOf(p);
    if (withRound)
        q.round = mlperfRoundIndex(p.source).value_or(0);
    return q;
}

} // namespace

void predictPoint(ValidationReport& r, const ThroughputModel& model, const BenchmarkPoint& p, const Catalog& catalog,
                  bool withRound)
{
    auto e = model.estimate(queryFor(p, withRound));
    if (!e) {
        ++r.skipped;
        return;
    }
    const double measured = units::in_tokens_per_second(p.totalPerGpu);
    const double predicted = units::in_tokens_per_second(e.value().totalPerGpu);
    const std::string benchmark = benchmarkOf(p);
    Prediction out{p.rowId, modelId(p, catalog), p.system, gpuOf(p, catalog),
                   benchmark.empty() ? modelId(p, catalog) : benchmark, std::string(scenarioName(scenarioOf(p))),
                   e.value().method, measured, predicted, units::in_tokens_per_second(e.value().p10PerGpu),
                   units::in_tokens_per_second(e.value().p90PerGpu), e.value().softwareGain,
                   predicted / measured - 1.0, e.value().transferredFrom};
    out.latencyBoundShare = e.value().latencyBoundShare;
    out.outputTokens = p.outputTokens;
    r.predictions.push_back(std::move(out));
}

namespace {

std::vector<ErrorGroup> grouped(const std::vector<Prediction>& predictions, std::string (*name)(const Prediction&))
{
    std::map<std::string, std::vector<const Prediction*>> groups;
    for (const Prediction& p : predictions)
        groups[name(p)].push_back(&p);
    std::vector<ErrorGroup> out;
    for (auto& [key, members] : groups)
        out.push_back({key, statsOf(members)});
    return out;
}

} // namespace

void summarise(ValidationReport& r)
{
    std::vector<const Prediction*> all;
    for (const Prediction& p : r.predictions)
        all.push_back(&p);
    r.overall = statsOf(all);
    r.byMethod = grouped(r.predictions, [](const Prediction& p) { return std::string(methodName(p.method)); });
    r.byGpu = grouped(r.predictions, [](const Prediction& p) { return p.gpu; });
    r.byBenchmark = grouped(r.predictions, [](const Prediction& p) { return p.benchmark; });
    r.byScenario = grouped(r.predictions, [](const Prediction& p) { return p.scenario; });
    r.byMaturity.clear();
    if (std::any_of(r.predictions.begin(), r.predictions.end(), [](const Prediction& p) { return !p.maturity.empty(); }))
        r.byMaturity = grouped(r.predictions, [](const Prediction& p) { return p.maturity; });
}

namespace {

bool stop(const Feedback* f, ValidationReport& r, std::size_t done, std::size_t total)
{
    if (f && f->isCancelled())
        return r.cancelled = true;
    if (f && total > 0)
        f->setProgress(static_cast<double>(done) / total);
    return false;
}

// The calibration refitted for one curve's (generation, precision) without that curve's points.
Calibration withoutCurve(std::span<const BenchmarkPoint> points, const CurveKey& key, const Catalog& catalog,
                         const Calibration& calibration, const BenchmarkPoint& sample)
{
    const SystemSpec* system = catalog.system(sample.system);
    const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
    if (!gpu)
        return calibration;
    std::vector<BenchmarkPoint> rest;
    for (const BenchmarkPoint& p : points) {
        const SystemSpec* s = catalog.system(p.system);
        const GpuSpec* g = s ? catalog.gpu(s->gpu) : nullptr;
        if (g && g->generation == gpu->generation && p.precision == sample.precision && curveKeyOf(p, catalog) != key)
            rest.push_back(p);
    }
    Calibration reset = calibration; // drop the old fits (class entries too), which saw the curve
    reset.forget(gpu->generation, sample.precision);
    return calibrate(rest, catalog, reset);
}

void leavePointsOut(ValidationReport& r, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                    const Calibration& calibration, const Feedback* feedback)
{
    // Only the point's own model matters to its prediction: group by model, swap the point out.
    std::map<std::string, std::vector<BenchmarkPoint>> byModel;
    for (const BenchmarkPoint& p : points)
        if (usable(p))
            byModel[modelId(p, catalog)].push_back(p);
    std::size_t done = 0;
    for (auto& [model, group] : byModel) {
        for (std::size_t i = 0; i < group.size(); ++i) {
            if (stop(feedback, r, done++, points.size()))
                return;
            std::swap(group[i], group.back());
            predictPoint(r, ThroughputModel({group.data(), group.size() - 1}, catalog, calibration), group.back(), catalog);
            std::swap(group[i], group.back());
        }
    }
}

void leaveCurvesOut(ValidationReport& r, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                    const Calibration& calibration, const ValidationOptions& options, const Feedback* feedback)
{
    // One configuration with all its grades (see the header); the keys view into `points`.
    std::map<CurveKey, std::vector<const BenchmarkPoint*>> curves;
    for (const BenchmarkPoint& p : points)
        if (usable(p))
            curves[curveKeyOf(p, catalog)].push_back(&p);
    std::size_t done = 0;
    for (const auto& [key, members] : curves) {
        if (stop(feedback, r, done, points.size()))
            return;
        std::vector<BenchmarkPoint> rest;
        const std::string model = modelId(*members.front(), catalog);
        for (const BenchmarkPoint& p : points)
            if (usable(p) && modelId(p, catalog) == model && curveKeyOf(p, catalog) != key)
                rest.push_back(p);
        const Calibration fitted = options.recalibrate
            ? withoutCurve(points, key, catalog, calibration, *members.front()) : calibration;
        const ThroughputModel tm(rest, catalog, fitted);
        for (const BenchmarkPoint* p : members)
            predictPoint(r, tm, *p, catalog);
        done += members.size();
    }
}

// Each group of points predicted from the points outside it, with the calibration `fit` gives
// for that rest.
void leaveGroupsOut(ValidationReport& r, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                    const PointKey& key, const std::function<Calibration(const std::vector<BenchmarkPoint>&)>& fit,
                    bool withRound, const Feedback* feedback)
{
    std::size_t done = 0;
    for (const auto& [group, members] : usablePointsBy(points, key)) {
        if (stop(feedback, r, done, points.size()))
            return;
        const std::vector<BenchmarkPoint> rest = pointsOutside(points, key, group);
        const Calibration fitted = fit(rest);
        const ThroughputModel tm(rest, catalog, fitted);
        for (const BenchmarkPoint* p : members)
            predictPoint(r, tm, *p, catalog, withRound);
        done += members.size();
    }
}

// Every point of a model predicted with all rows of that model removed (and, with recalibrate,
// the efficiencies refitted without them).
void leaveBenchmarksOut(ValidationReport& r, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                        const Calibration& calibration, const ValidationOptions& options, const Feedback* feedback)
{
    leaveGroupsOut(r, points, catalog, [&](const BenchmarkPoint& p) { return modelId(p, catalog); },
                   [&](const std::vector<BenchmarkPoint>& rest) {
                       return options.recalibrate ? calibrate(rest, catalog, calibration) : calibration;
                   },
                   false, feedback);
}

// Every point of an accelerator predicted with all rows of that GPU id removed, calibration kept.
void leaveAcceleratorsOut(ValidationReport& r, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                          const Calibration& calibration, const Feedback* feedback)
{
    leaveGroupsOut(r, points, catalog, [&](const BenchmarkPoint& p) { return gpuOf(p, catalog); },
                   [&](const std::vector<BenchmarkPoint>&) { return calibration; }, true, feedback);
}

} // namespace

std::map<std::string, std::vector<const BenchmarkPoint*>> usablePointsBy(std::span<const BenchmarkPoint> points,
                                                                       const PointKey& key)
{
    std::map<std::string, std::vector<const BenchmarkPoint*>> groups;
    for (const BenchmarkPoint& p : points)
        if (usable(p))
            groups[key(p)].push_back(&p);
    return groups;
}

std::vector<BenchmarkPoint> pointsOutside(std::span<const BenchmarkPoint> points, const PointKey& key,
                                          const std::string& group)
{
    std::vector<BenchmarkPoint> rest;
    for (const BenchmarkPoint& p : points)
        if (key(p) != group)
            rest.push_back(p);
    return rest;
}

ValidationReport leaveOneOut(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                             const Calibration& calibration, const ValidationOptions& options,
                             const Feedback* feedback)
{
    ValidationReport r;
    if (options.mode == LeaveOut::Point)
        leavePointsOut(r, points, catalog, calibration, feedback);
    else if (options.mode == LeaveOut::Benchmark)
        leaveBenchmarksOut(r, points, catalog, calibration, options, feedback);
    else if (options.mode == LeaveOut::Accelerator)
        leaveAcceleratorsOut(r, points, catalog, calibration, feedback);
    else
        leaveCurvesOut(r, points, catalog, calibration, options, feedback);
    summarise(r);
    return r;
}

ValidationReport predictAcross(std::span<const BenchmarkPoint> reference, std::span<const BenchmarkPoint> target,
                               const Catalog& catalog, const Calibration& calibration, bool calibrateOnReference,
                               const Feedback* feedback, bool softwareGain)
{
    ValidationReport r;
    const Calibration fitted = withBands(
        reference, catalog, calibrateOnReference ? calibrate(reference, catalog, calibration) : calibration);
    const ThroughputModel model(reference, catalog, fitted);
    for (std::size_t i = 0; i < target.size(); ++i) {
        if (stop(feedback, r, i, target.size()))
            break;
        if (usable(target[i]))
            predictPoint(r, model, target[i], catalog, softwareGain);
    }
    summarise(r);
    return r;
}

} // namespace planner
