// SPDX-License-Identifier: GPL-3.0-or-later
// Reading one curve or one roofline for the throughput model (throughput.h): the measured
// method, a source curve times a ratio, and the calibrated roofline alone.
#include "serving/throughput_detail.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace planner::throughput_detail {

// Offline-only curves answer only a query without an interactivity requirement.
bool answers(const MeasuredCurve& c, units::TokenRate minPerUser)
{
    return !c.curve.empty() && (c.curve.frontierSize() > 0 || minPerUser.value() <= 0);
}

bool sameKey(const MeasuredCurve& c, std::string_view system, Precision p, double in, double out)
{
    return c.precision == p && c.system == system && sameShape(c.inputTokens, c.outputTokens, in, out);
}

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

// Calibration::clampTolerance, at least 1 (a NaN counts as 1 too).
double reachFactor(const Context& c)
{
    const double f = c.calibration.clampTolerance;
    return f >= 1 ? f : 1.0;
}

// Whether a curve's runs come within the factor of a per-user rate. No requirement is always
// reached: the highest-throughput run answers it.
bool reaches(const ThroughputCurve& curve, double perUser, double factor)
{
    if (perUser <= 0)
        return true;
    const auto low = curve.lowestPerUser(), high = curve.highestPerUser();
    return low && high && perUser * factor >= tps(*low) && perUser <= tps(*high) * factor;
}

// The matching curve: one that reaches the requirement first, then the requested serving mode,
// then the closest lengths.
const MeasuredCurve* findCurve(const Context& c, std::string_view system, Precision p, double in, double out,
                               Serving serving)
{
    const MeasuredCurve* best = nullptr;
    const double slo = tps(c.q.minPerUser), factor = reachFactor(c);
    auto rank = [&](const MeasuredCurve& m) {
        return std::tuple{!reaches(m.curve, slo, factor), m.serving != serving, m.grade,
                          shapeDistance(m.inputTokens, m.outputTokens, in, out)};
    };
    for (const MeasuredCurve& m : c.curves)
        if (answers(m, c.q.minPerUser) && sameKey(m, system, p, in, out) && (!best || rank(m) < rank(*best)))
            best = &m;
    return best;
}

void finishFigures(ThroughputEstimate& e, const ThroughputQuery& q, double total)
{
    const double share = q.outputTokens / (q.inputTokens + q.outputTokens);
    e.totalPerGpu = units::tokens_per_second(total);
    e.outputPerGpu = units::tokens_per_second(total * share);
    e.inputShare = 1.0 - share;
    e.evidence.method = std::string(methodName(e.method));
}

void addReading(ThroughputEstimate& e, const CurveReading& r)
{
    for (std::int64_t row : {r.rowLow, r.rowHigh}) {
        if (std::find(e.rowsUsed.begin(), e.rowsUsed.end(), row) != e.rowsUsed.end())
            continue;
        e.rowsUsed.push_back(row);
        e.evidence.add("row:" + std::to_string(row), r.grade);
    }
}

void readingWarnings(ThroughputEstimate& e, const MeasuredCurve& c, const CurveReading& r, const ThroughputQuery& q)
{
    if (std::string m = clampMessage(c.curve, r, q.minPerUser); !m.empty())
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              "the required interactivity lies outside the measured runs: the figure is the nearest "
                              "run's, held flat",
                              std::move(m)});
    if (c.serving != q.serving)
        e.warnings.push_back({"workload.serving",
                              "the runs read were served another way than the scenario asks (" + std::string(servingName(c.serving))
                                  + ", not " + std::string(servingName(q.serving)) + ")",
                              "rows of " + c.system + " were measured with " + std::string(servingName(c.serving))
                                  + " serving; the query asks for " + std::string(servingName(q.serving))});
    const double limit = units::in_seconds(q.maxTtft), ttft = units::in_seconds(r.ttft);
    if (limit > 0 && ttft > limit)
        e.warnings.push_back({"workload.max_ttft_s",
                              "the runs read waited longer for their first token than the scenario allows",
                              "measured TTFT " + numberText(ttft) + " s at this interactivity on " + c.system
                                  + " exceeds the " + numberText(limit) + " s limit",
                              Severity::Serious});
}

Grade catalogGrade(const GpuSpec& gpu, const ModelSpec& model, Precision p)
{
    Grade g = weaker(gpu.hbmCapacity.provenance().grade, gpu.hbmBandwidth.provenance().grade);
    if (const auto& f = gpu.denseFlops[static_cast<std::size_t>(p)]; f.known())
        g = weaker(g, f.provenance().grade);
    g = weaker(g, model.totalParams.provenance().grade);
    return weaker(g, model.kvBytesPerToken16.provenance().grade);
}

// Tokens/s per GPU over both pools when each role runs at its own rate.
double blended(double in, double out, double prefill, double decodeOutput)
{
    return (in + out) / (in / prefill + out / decodeOutput);
}

// byClass: the efficiencies of the model's architecture class (calibration.h), for the roofline
// alone on a model with no rows at all; a ratio of two rooflines uses the generation's fits, which rest on the same mix of models
// in every generation (class fits on few rows of one model skewed transfers: v5.1 Mixtral on
// MI325X read 10x low through an MoE fit made on DeepSeek-R1 rows alone).
Result<AnalyticRead> analyticRead(const Context& c, std::string_view systemId, Precision p, double in, double out,
                                  Serving serving, const Efficiency* efficiency, bool byClass, int expertParallel)
{
    const SystemSpec* system = c.catalog.system(systemId);
    const GpuSpec* gpu = system ? c.catalog.gpu(system->gpu) : nullptr;
    const ModelSpec* model = c.catalog.model(c.q.model);
    if (!gpu)
        return badInput("system", "system '" + std::string(systemId) + "' or its GPU is not in the catalog");
    if (!model)
        return badInput("workload.model", "model '" + c.q.model + "' is not in the catalog");
    const bool disaggregated = serving == Serving::Disaggregated;
    RooflineInput input{model, gpu, system->gpusPerDomain, p, in, out,
                        efficiency ? *efficiency
                        : byClass  ? c.calibration.efficiency(gpu->generation, p, *model)
                                   : c.calibration.efficiency(gpu->generation, p),
                        c.calibration.options, disaggregated ? DecodeMode::DecodeOnly : DecodeMode::WithChunkedPrefill,
                        c.q.minPerUser};
    input.options.maxTtft = c.q.maxTtft;
    input.acceptedPerStep = c.q.acceptedTokensPerStep;
    input.options.expertParallel = expertParallel;
    input.options.scaleOutOneWay = c.q.scaleOutPerGpu;
    auto setup = prepareRoofline(input);
    if (!setup)
        return setup.error();
    AnalyticRead a{std::move(setup).value(), {}, 0, 0, true, gpu->id, gpu->generation};
    a.decode = rooflineAtSlo(a.setup, c.q.minPerUser);
    a.reached = a.decode.perUser.value() >= c.q.minPerUser.value();
    a.total = units::in_tokens_per_second(a.decode.totalPerGpu);
    if (disaggregated) {
        a.prefill = units::in_tokens_per_second(prefillRatePerGpu(a.setup));
        a.total = blended(in, out, a.prefill, units::in_tokens_per_second(a.decode.outputPerGpu));
    }
    return a;
}

void analyticWarnings(ThroughputEstimate& e, const AnalyticRead& a, std::string_view system, const ThroughputQuery& q)
{
    for (const Warning& w : a.setup.warnings)
        e.warnings.push_back(w);
    if (!a.reached)
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
            "the roofline gives at most " + numberText(units::in_tokens_per_second(a.decode.perUser))
                + " tok/s/user on " + std::string(system) + " (one sequence per group of "
                + std::to_string(a.setup.groupSize) + "), below the required "
                + numberText(units::in_tokens_per_second(q.minPerUser)) + "; figure taken at batch 1"});
}

void addAnalyticEvidence(ThroughputEstimate& e, const Context& c, const AnalyticRead& a, std::string_view system,
                         Precision p, std::optional<std::string_view> fittedOn)
{
    const GpuSpec* gpu = c.catalog.gpu(a.gpu);
    const ModelSpec* model = c.catalog.model(c.q.model);
    e.evidence.add("catalog:" + std::string(system), gpu && model ? catalogGrade(*gpu, *model, p) : Grade::Estimate);
    e.evidence.add("catalog:" + model->id, model->totalParams.provenance().grade);
    // Efficiencies fitted on this generation's rows, or the defaults where none were measured:
    // the provenance must not claim a fit that does not exist (Vera Rubin has no rows).
    const bool fitted = fittedOn || c.calibration.entry(a.generation, p);
    const std::string generation = fittedOn ? std::string(*fittedOn) : a.generation;
    e.evidence.add((fitted ? "calibration:" : "calibration-default:") + generation + "/" + std::string(precisionName(p)),
                   Grade::Estimate);
}

// Outside the curve's measured interactivity range the figure is held at an end run: not what
// any run showed at the requirement. Without a requirement (zero) the best run is the answer.
bool outsideMeasuredRange(const CurveReading& r, units::TokenRate minPerUser)
{
    return r.clamped != CurveEnd::Inside && tps(minPerUser) > 0;
}

ThroughputEstimate measured(const Context& c, const MeasuredCurve& m)
{
    const CurveReading r = *m.curve.read(c.q.minPerUser);
    ThroughputEstimate e;
    const bool extrapolated = outsideMeasuredRange(r, c.q.minPerUser);
    e.method = extrapolated ? ThroughputMethod::Extrapolated : ThroughputMethod::Measured;
    e.evidence.grade = extrapolated ? weaker(r.grade, Grade::Estimate) : r.grade;
    addReading(e, r);
    readingWarnings(e, m, r, c.q);
    finishFigures(e, c.q, units::in_tokens_per_second(r.totalPerGpu));
    e.ttft = r.ttft;
    e.sourceRound = m.round;
    if (c.q.withCurve)
        e.curve = m.curve.frontier();
    if (auto a = analyticRead(c, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, c.q.serving))
        e.groupSize = a.value().setup.groupSize;
    if (m.serving == Serving::Disaggregated && r.prefillShare >= 0) {
        e.prefillPoolShare = r.prefillShare;
        e.derivation = "input tokens take the prefill pool's share of the GPUs in the rows read, "
            + numberText(r.prefillShare) + " of GPU time";
    }
    return e;
}

std::vector<CurvePoint> scaled(const ThroughputCurve& curve, double ratio)
{
    std::vector<CurvePoint> out = curve.frontier();
    for (CurvePoint& p : out)
        p.totalPerGpu *= ratio;
    return out;
}

// target: the roofline of the query, for group size and TTFT; null when it cannot be set up.
ThroughputEstimate transferredFrom(
    const Context& c, const MeasuredCurve& source, double ratio, const AnalyticRead* target)
{
    const CurveReading r = *source.curve.read(c.q.minPerUser);
    ThroughputEstimate e;
    e.method = ThroughputMethod::Transferred;
    e.evidence.grade = r.grade;
    addReading(e, r);
    // Read past the source's fastest run, its end reading follows the interactivity trend measured
    // on frontiers, as a system's own end reading does (rooflineShape): held flat, a source whose
    // runs stop at 31 tok/s/user gave the same figure at 100.
    const auto end = r.clamped == CurveEnd::AboveMeasured ? source.curve.highestPerUser() : std::nullopt;
    const double trend = end ? c.calibration.interactivity
                                   .factor(tps(*end), tps(c.q.minPerUser), InteractivityElasticity::Bands::CarryTrend)
                                   .value_or(1.0)
                             : 1.0;
    if (trend != 1.0) {
        e.sourceTrend = trend;
        e.sourceReach = tps(*end);
        e.evidence.add("model:interactivity-elasticity", Grade::Estimate);
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              "the source system's runs stop short of the required interactivity: its fastest run "
                              "follows the trend measured on other systems' curves beyond them",
                              source.system + " rows reach " + numberText(tps(*end))
                                  + " tok/s/user, below the required " + numberText(tps(c.q.minPerUser))
                                  + "; the end reading is moved by the interactivity elasticity measured on "
                                    "frontiers, times " + numberText(trend) + "x"});
    } else if (std::string m = clampMessage(source.curve, r, c.q.minPerUser); !m.empty())
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              "the source system's runs do not reach the required interactivity: its nearest run stands in",
                              source.system + " rows: " + m});
    finishFigures(e, c.q, units::in_tokens_per_second(r.totalPerGpu) * ratio * trend);
    e.transferredFrom = source.system;
    e.transferRatio = ratio;
    e.sourceRound = source.round;
    if (target) {
        e.groupSize = target->setup.groupSize;
        e.ttft = prefillTime(target->setup);
    }
    if (c.q.withCurve)
        e.curve = scaled(source.curve, ratio);
    return e;
}

bool sameModel(const Context& c, std::string_view model)
{
    if (model == c.q.model)
        return true;
    const ModelSpec* a = c.catalog.model(model);
    return a && a == c.catalog.model(c.q.model);
}

// The roofline sweep for charts; disaggregated, each decode point blended with the prefill pool.
std::vector<CurvePoint> analyticCurve(const ThroughputQuery& q, const AnalyticRead& a)
{
    std::vector<CurvePoint> curve = toCurve(rooflineSweep(a.setup));
    if (q.serving == Serving::Disaggregated)
        for (CurvePoint& p : curve)
            p.totalPerGpu = units::tokens_per_second(
                blended(q.inputTokens, q.outputTokens, a.prefill, units::in_tokens_per_second(p.totalPerGpu)));
    return curve;
}

ThroughputEstimate analytic(const Context& c, const AnalyticRead& a)
{
    ThroughputEstimate e;
    e.method = ThroughputMethod::Analytic;
    e.evidence.grade = Grade::Estimate;
    addAnalyticEvidence(e, c, a, c.q.system, c.q.precision);
    analyticWarnings(e, a, c.q.system, c.q);
    finishFigures(e, c.q, a.total);
    e.groupSize = a.setup.groupSize;
    e.batch = a.decode.batch;
    e.ttft = prefillTime(a.setup);
    if (c.q.serving == Serving::Disaggregated) {
        e.prefillPerGpu = units::tokens_per_second(a.prefill);
        e.decodePerGpu = a.decode.outputPerGpu;
    }
    if (c.q.withCurve)
        e.curve = analyticCurve(c.q, a);
    return e;
}

} // namespace planner::throughput_detail
