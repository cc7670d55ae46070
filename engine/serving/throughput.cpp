// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/throughput.h"
#include "serving/generation_distance.h"

#include "core/number_text.h"
#include "serving/roofline.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace planner {

std::string_view methodName(ThroughputMethod m)
{
    switch (m) {
    case ThroughputMethod::Measured: return "measured";
    case ThroughputMethod::Extrapolated: return "extrapolated";
    case ThroughputMethod::Transferred: return "transferred";
    case ThroughputMethod::Analytic: return "analytic";
    }
    return "?";
}

bool fromOwnRows(ThroughputMethod m)
{
    return m == ThroughputMethod::Measured || m == ThroughputMethod::Extrapolated;
}

CurveKey curveKeyOf(const BenchmarkPoint& p, const Catalog& catalog)
{
    const ModelSpec* spec = p.model.empty() ? nullptr : catalog.model(p.model);
    return {spec ? std::string_view(spec->id) : std::string_view(p.model), p.system, p.precision, p.serving,
            std::round(p.inputTokens), std::round(p.outputTokens)};
}

namespace {

struct Context {
    const Catalog& catalog;
    const Calibration& calibration;
    std::span<const MeasuredCurve> curves; // of the query's model
    const ThroughputQuery& q;
};

// A roofline prepared for one (system, precision, lengths, serving) and read at the requirement.
struct AnalyticRead {
    RooflineSetup setup;
    RooflinePoint decode;
    double total = 0;   // tokens/s per GPU, over both pools when disaggregated
    double prefill = 0; // disaggregated: input tokens/s per prefill GPU
    bool reached = true;
    std::string gpu, generation;
};

std::optional<Error> validate(const ThroughputQuery& q)
{
    if (q.model.empty())
        return badInput("workload.model", "no model given");
    if (q.system.empty())
        return badInput("system", "no system given");
    if (!(q.inputTokens > 0) || !(q.outputTokens > 0) || !std::isfinite(q.inputTokens + q.outputTokens))
        return badInput("workload.input_tokens", "input and output tokens per request must be positive");
    if (!(units::in_tokens_per_second(q.minPerUser) >= 0) || !std::isfinite(q.minPerUser.value()))
        return badInput("workload.min_tokens_per_s_per_user", "minimum tokens/s per user must be zero or more");
    return std::nullopt;
}

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
        e.warnings.push_back({"workload.min_tokens_per_s_per_user", std::move(m)});
    if (c.serving != q.serving)
        e.warnings.push_back({"workload.serving", "rows of " + c.system + " were measured with "
                              + std::string(servingName(c.serving)) + " serving; the query asks for "
                              + std::string(servingName(q.serving))});
    const double limit = units::in_seconds(q.maxTtft), ttft = units::in_seconds(r.ttft);
    if (limit > 0 && ttft > limit)
        e.warnings.push_back({"workload.max_ttft_s",
            "measured TTFT " + numberText(ttft) + " s at this interactivity on " + c.system + " exceeds the "
                + numberText(limit) + " s limit"});
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
                                  Serving serving, const Efficiency* efficiency = nullptr, bool byClass = false)
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
                         Precision p)
{
    const GpuSpec* gpu = c.catalog.gpu(a.gpu);
    const ModelSpec* model = c.catalog.model(c.q.model);
    e.evidence.add("catalog:" + std::string(system), gpu && model ? catalogGrade(*gpu, *model, p) : Grade::Estimate);
    e.evidence.add("catalog:" + model->id, model->totalParams.provenance().grade);
    e.evidence.add("calibration:" + a.generation + "/" + std::string(precisionName(p)), Grade::Estimate);
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
    if (std::string m = clampMessage(source.curve, r, c.q.minPerUser); !m.empty())
        e.warnings.push_back({"workload.min_tokens_per_s_per_user", source.system + " rows: " + m});
    finishFigures(e, c.q, units::in_tokens_per_second(r.totalPerGpu) * ratio);
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

// Transfer candidates, best first (see the header for the order).
std::vector<const MeasuredCurve*> transferSources(const Context& c)
{
    std::vector<const MeasuredCurve*> out;
    for (const MeasuredCurve& m : c.curves)
        if (answers(m, c.q.minPerUser))
            out.push_back(&m);
    // A source with the target's scale-up domain size (NVL72 for NVL72) shares its parallelism
    // and communication pattern, so the roofline's ratio has less to get right.
    const SystemSpec* target = c.catalog.system(c.q.system);
    auto otherDomain = [&](const MeasuredCurve* m) {
        const SystemSpec* s = c.catalog.system(m->system);
        return !target || !s || s->gpusPerDomain != target->gpusPerDomain;
    };
    // Among sources at the query's precision, the nearest GPU generation first: Vera Rubin
    // transfers from GB300/B300, then GB200/B200, before Hopper (generation_distance.h).
    const GpuSpec* targetGpu = target ? c.catalog.gpu(target->gpu) : nullptr;
    auto generationGap = [&](const MeasuredCurve* m) {
        const SystemSpec* s = c.catalog.system(m->system);
        const GpuSpec* g = s ? c.catalog.gpu(s->gpu) : nullptr;
        return targetGpu && g ? generationDistance(targetGpu->generation, g->generation) : 1000;
    };
    // A curve measured up to the requirement before a nearer generation's read past its runs:
    // GB300's runs stop at 30 tok/s/user, and held flat at 90 they gave Vera Rubin 5x GB300's own
    // estimate there. (Tried: counting a curve within 4x of the requirement as reaching it kept
    // the leave-one-point-out transfer errors as they were but left that answer wrong.)
    auto fallsShort = [&](const MeasuredCurve* m) {
        const auto high = m->curve.highestPerUser();
        return c.q.minPerUser.value() > 0 && (!high || *high < c.q.minPerUser);
    };
    auto rank = [&](const MeasuredCurve* m) {
        const ThroughputQuery& q = c.q;
        // Among other lengths the closest first: 1k/8k before 1k/1k for DeepSeek-R1's 0.8k/3.9k, so
        // the roofline carries the smallest step in length (v4.1 -> v5.1 with the extra rows: the
        // source with most frontier points, 1k/1k, overstated DeepSeek-R1 Offline 2.7x).
        const bool same = sameShape(m->inputTokens, m->outputTokens, q.inputTokens, q.outputTokens);
        return std::tuple{m->precision != q.precision, fallsShort(m), generationGap(m), m->system != q.system,
            same ? 0.0 : shapeDistance(m->inputTokens, m->outputTokens, q.inputTokens, q.outputTokens),
            m->serving != q.serving,
            otherDomain(m), m->grade, -static_cast<long>(m->curve.frontierSize()), std::string_view(m->system)};
    };
    std::stable_sort(out.begin(), out.end(), [&](auto* a, auto* b) { return rank(a) < rank(b); });
    return out;
}

// Per GPU, one system cannot outrun another by more than its larger resource advantage (HBM
// bandwidth or dense compute at the precision), nor fall behind by more than its smaller one. A
// roofline read near its latency cliff can give any ratio at all; these bounds keep a transfer
// within what the hardware itself allows. nullopt when a figure is missing.
std::optional<std::pair<double, double>> resourceRatioBounds(const Context& c, std::string_view from,
                                                             std::string_view to, Precision p)
{
    const SystemSpec* a = c.catalog.system(from);
    const SystemSpec* b = c.catalog.system(to);
    const GpuSpec* ga = a ? c.catalog.gpu(a->gpu) : nullptr;
    const GpuSpec* gb = b ? c.catalog.gpu(b->gpu) : nullptr;
    const auto i = static_cast<std::size_t>(p);
    if (!ga || !gb || !ga->hbmBandwidth.known() || !gb->hbmBandwidth.known() || !ga->denseFlops[i].known() ||
        !gb->denseFlops[i].known())
        return std::nullopt;
    const double bw = gb->hbmBandwidth.value() / ga->hbmBandwidth.value();
    const double flops = gb->denseFlops[i].value() / ga->denseFlops[i].value();
    return std::pair{std::min(bw, flops), std::max(bw, flops)};
}

std::optional<ThroughputEstimate> fromRoofline(
    const Context& c, const AnalyticRead& target, std::span<const MeasuredCurve* const> sources)
{
    for (const MeasuredCurve* m : sources) {
        auto source = analyticRead(c, m->system, m->precision, m->inputTokens, m->outputTokens, m->serving);
        if (!source || !(source.value().total > 0))
            continue;
        // A target generation with nothing measured would run at the default efficiencies while
        // the source runs at its fitted ones, and the ratio would compare software assumptions,
        // not hardware. Then both sides use the source's fit, so its errors cancel as intended.
        const AnalyticRead* t = &target;
        std::optional<AnalyticRead> sameFit;
        if (!c.calibration.entry(target.generation, c.q.precision) &&
            c.calibration.entry(source.value().generation, m->precision)) {
            const Efficiency eff = c.calibration.efficiency(source.value().generation, m->precision);
            if (auto r = analyticRead(c, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, c.q.serving, &eff);
                r && r.value().total > 0) {
                sameFit = std::move(r).value();
                t = &*sameFit;
            }
        }
        double ratio = t->total / source.value().total;
        // Only for a generation with nothing measured: where the target is calibrated on its own
        // rows, the roofline's ratio carries that evidence and stands.
        const auto bounds = sameFit ? resourceRatioBounds(c, m->system, c.q.system, c.q.precision) : std::nullopt;
        const bool bounded = bounds && (ratio < bounds->first || ratio > bounds->second);
        const double raw = ratio;
        if (bounded)
            ratio = std::clamp(ratio, bounds->first, bounds->second);
        ThroughputEstimate e = transferredFrom(c, *m, ratio, t);
        e.evidence.add("model:roofline-ratio", Grade::Estimate);
        if (bounded)
            e.warnings.push_back({"transfer", "the roofline's ratio " + numberText(raw) + "x lies outside the hardware's "
                                              "bandwidth and compute ratios (" + numberText(bounds->first) + "x to " +
                                              numberText(bounds->second) + "x); held at " + numberText(ratio) + "x"});
        addAnalyticEvidence(e, c, *t, c.q.system, c.q.precision);
        analyticWarnings(e, *t, c.q.system, c.q);
        if (sameFit)
            e.warnings.push_back({"calibration", "nothing measured on " + t->generation + " at " +
                                                     std::string(precisionName(c.q.precision)) + ": the ratio uses " +
                                                     source.value().generation + "'s fitted efficiencies on both sides"});
        return e;
    }
    return std::nullopt;
}

// Transfer sources for a system whose own rows stop short: curves that reach the requirement
// (the own curves do not, else they would have answered), in transferSources' order.
std::vector<const MeasuredCurve*> coveringSources(const Context& c)
{
    std::vector<const MeasuredCurve*> out = transferSources(c);
    const double slo = tps(c.q.minPerUser), factor = reachFactor(c);
    std::erase_if(out, [&](const MeasuredCurve* m) { return !reaches(m->curve, slo, factor); });
    return out;
}

// Both curves read at one per-user rate: where the ratio of two systems is measured.
struct Anchor {
    double perUser = 0;
    CurveReading own, source;
    double ratio() const { return tps(own.totalPerGpu) / tps(source.totalPerGpu); }
};

// The anchor sits on the own rows' end nearest the requirement, so the own side is a real run;
// none when the source does not reach back to it.
std::optional<Anchor> measuredAnchor(const Context& c, const MeasuredCurve& own, const MeasuredCurve& source)
{
    const auto low = own.curve.lowestPerUser(), high = own.curve.highestPerUser();
    if (!low || !high)
        return std::nullopt;
    const double at = std::clamp(tps(c.q.minPerUser), tps(*low), tps(*high));
    if (!reaches(source.curve, at, reachFactor(c)))
        return std::nullopt;
    const auto ownRead = own.curve.read(units::tokens_per_second(at));
    const auto sourceRead = source.curve.read(units::tokens_per_second(at));
    if (!ownRead || !sourceRead || !(tps(sourceRead->totalPerGpu) > 0))
        return std::nullopt;
    return Anchor{at, *ownRead, *sourceRead};
}

// "gb300-nvl72's own rows only reach 18.1 tok/s/user, more than 1.25x below the required 90".
std::string ownReach(const Context& c, const MeasuredCurve& own)
{
    const double slo = tps(c.q.minPerUser);
    const std::string factor = numberText(reachFactor(c)) + "x";
    if (const auto high = own.curve.highestPerUser(); high && slo > tps(*high))
        return own.system + "'s own rows only reach " + numberText(tps(*high)) + " tok/s/user, more than " + factor
            + " below the required " + numberText(slo);
    const auto low = own.curve.lowestPerUser();
    return own.system + "'s own rows only go down to " + numberText(low ? tps(*low) : 0) + " tok/s/user, more than "
        + factor + " above the required " + numberText(slo);
}

void ownReachWarning(ThroughputEstimate& e, const Context& c, const MeasuredCurve& own, const std::string& how)
{
    e.warnings.push_back({"workload.min_tokens_per_s_per_user", ownReach(c, own) + "; transferred from "
                          + e.transferredFrom + ", whose rows cover it, " + how});
}

// The measured ratio against the roofline's at the requirement: a large gap means the ratio drifts
// along the curve (different memory or scale-up domain) and the anchor says little at the SLO.
void compareWithRoofline(ThroughputEstimate& e, const Context& c, const MeasuredCurve& source,
                         const AnalyticRead* target)
{
    auto model = analyticRead(c, source.system, source.precision, source.inputTokens, source.outputTokens,
                              source.serving);
    if (!target || !model || !(model.value().total > 0))
        return;
    const double roofline = target->total / model.value().total, anchored = e.transferRatio;
    if (anchored > 2 * roofline || 2 * anchored < roofline)
        e.warnings.push_back({"workload.min_tokens_per_s_per_user", "measured ratio " + numberText(anchored)
                              + "x vs the roofline's " + numberText(roofline) + "x at the required interactivity"});
}

ThroughputEstimate anchoredTransfer(const Context& c, const MeasuredCurve& own, const MeasuredCurve& source,
                                    const Anchor& a, const AnalyticRead* target)
{
    ThroughputEstimate e = transferredFrom(c, source, a.ratio(), target);
    addReading(e, a.own);
    addReading(e, a.source);
    e.evidence.add("model:measured-ratio", Grade::Estimate);
    e.transferAnchor = units::tokens_per_second(a.perUser);
    std::string how = "times " + numberText(a.ratio()) + "x, the two systems' measured ratio at "
        + numberText(a.perUser) + " tok/s/user";
    if (own.serving != source.serving)
        how += " (" + std::string(servingName(own.serving)) + " vs " + std::string(servingName(source.serving))
            + " serving)";
    ownReachWarning(e, c, own, how + ", assumed to hold at the requirement");
    if (std::string m = clampMessage(source.curve, a.source, units::tokens_per_second(a.perUser)); !m.empty())
        e.warnings.push_back(
            {"workload.min_tokens_per_s_per_user", source.system + " rows at the ratio's anchor: " + m});
    compareWithRoofline(e, c, source, target);
    return e;
}

// The own reading, held at the end run, moved to the requirement: above the runs by the
// interactivity elasticity measured on frontiers (calibration.h) where it covers the way, else
// along the roofline's own curve, times roofline(requirement) / roofline(end run) for the same
// system, never up when the requirement is stricter than the end run (nor down when looser). Holding the end run flat
// overstated v5.1's Interactive Llama 2 70B results, read from v4.1 Server rows, by 40-160%.
bool rooflineShape(const Context& c, const MeasuredCurve& own, const AnalyticRead& target, ThroughputEstimate& e)
{
    const auto r = own.curve.read(c.q.minPerUser);
    const auto end = r && r->clamped == CurveEnd::AboveMeasured ? own.curve.highestPerUser()
        : r && r->clamped == CurveEnd::BelowMeasured            ? own.curve.lowestPerUser()
                                                                : std::nullopt;
    if (!end || !(target.total > 0))
        return false;
    ThroughputQuery atEnd = c.q;
    atEnd.minPerUser = *end;
    const Context ce{c.catalog, c.calibration, c.curves, atEnd};
    auto a = analyticRead(ce, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, c.q.serving);
    if (!a || !(a.value().total > 0))
        return false;
    double shape = target.total / a.value().total;
    shape = r->clamped == CurveEnd::AboveMeasured ? std::min(shape, 1.0) : std::max(shape, 1.0);
    // Above the runs, the elasticity measured on frontiers answers where it covers the way.
    const auto learned = r->clamped == CurveEnd::AboveMeasured
        ? c.calibration.interactivity.factor(tps(*end), tps(c.q.minPerUser)) : std::nullopt;
    if (learned) {
        e.totalPerGpu *= *learned;
        e.outputPerGpu *= *learned;
        e.evidence.add("model:interactivity-elasticity", Grade::Estimate);
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              ownReach(c, own) + "; the end reading is moved by the interactivity elasticity "
                                  "measured on frontiers, times " + numberText(*learned) + "x"});
        return true;
    }
    e.totalPerGpu *= shape;
    e.outputPerGpu *= shape;
    e.evidence.add("model:roofline-shape", Grade::Estimate);
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                          ownReach(c, own) + "; the end reading is moved along the roofline's curve of this system, "
                              "times " + numberText(shape) + "x"});
    return true;
}

// The system's own rows stop more than the tolerance short of the requirement: a transfer from a
// curve that covers it, measured ratio first, else the roofline's; failing both, the clamped reading.
ThroughputEstimate beyondOwnRows(const Context& c, const MeasuredCurve& own, const AnalyticRead* target)
{
    const std::vector<const MeasuredCurve*> sources = coveringSources(c);
    for (const MeasuredCurve* s : sources)
        if (auto anchor = measuredAnchor(c, own, *s))
            return anchoredTransfer(c, own, *s, *anchor, target);
    if (target)
        if (auto e = fromRoofline(c, *target, sources)) {
            ownReachWarning(*e, c, own, "times the roofline ratio " + numberText(e->transferRatio)
                                            + "x (no per-user rate that both systems' rows reach)");
            return std::move(*e);
        }
    ThroughputEstimate e = measured(c, own);
    if (target && rooflineShape(c, own, *target, e))
        return e;
    const std::string why = sources.empty()
        ? "no other curve of this model covers it to transfer from"
        : "the curves that cover it share no per-user rate with these rows, and the roofline cannot relate them";
    e.warnings.push_back({"workload.min_tokens_per_s_per_user", ownReach(c, own) + "; " + why
                          + ", so the clamped reading stands"});
    return e;
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

// The query answered from the rows and the roofline alone, by the first method that applies; own:
// the system's own curve for the query (findCurve), if any.
Result<ThroughputEstimate> ownEstimate(const Context& c, const MeasuredCurve* own)
{
    const ThroughputQuery& q = c.q;
    if (own && reaches(own->curve, tps(q.minPerUser), reachFactor(c)))
        return measured(c, *own);
    auto target = analyticRead(c, q.system, q.precision, q.inputTokens, q.outputTokens, q.serving);
    if (own) // rows of its own prove the model fits, even where the roofline disagrees
        return beyondOwnRows(c, *own, target ? &target.value() : nullptr);
    if (!target)
        return target.error();
    if (auto e = fromRoofline(c, target.value(), transferSources(c)))
        return std::move(*e);
    // A model with rows of its own shaped the generation's fit; one with none (the new-model case)
    // is closer to its class's.
    if (!c.curves.empty())
        return analytic(c, target.value());
    auto byClass = analyticRead(c, q.system, q.precision, q.inputTokens, q.outputTokens, q.serving, nullptr, true);
    return analytic(c, byClass ? byClass.value() : target.value());
}

// A row and its curve key, without copying the row: sorting these groups the curves, one per
// configuration and grade (see MeasuredCurve).
struct Keyed {
    CurveKey config;
    const BenchmarkPoint* row;
    auto key() const { return std::tuple{config, row->grade}; }
};

std::vector<Keyed> keyedRows(std::span<const BenchmarkPoint> points, const Catalog& catalog)
{
    std::vector<Keyed> rows;
    rows.reserve(points.size());
    for (const BenchmarkPoint& p : points)
        if (!p.model.empty() && !p.system.empty())
            rows.push_back({curveKeyOf(p, catalog), &p});
    std::sort(rows.begin(), rows.end(), [](const Keyed& a, const Keyed& b) { return a.key() < b.key(); });
    return rows;
}

// "throughput is hgx-h200's x 3.7 as claimed by: NVIDIA GTC 2026 keynote"
std::string claimWarning(const VendorClaim& claim)
{
    const std::string& source = claim.provenance.source.empty() ? claim.text : claim.provenance.source;
    return "throughput is " + claim.baselineSystem + "'s x " + numberText(claim.ratio)
        + " as claimed by: " + (source.empty() ? std::string("an unnamed source") : source);
}

// The claim applied to the baseline's estimate for the same query; the roofline's ratio for the
// same pair checks it.
Result<ThroughputEstimate> applyClaim(const Context& c, const ThroughputModel& model, const VendorClaim& claim)
{
    const std::string where = claim.where.empty() ? "claim:" + claim.text : claim.where;
    if (claim.baselineSystem.empty())
        return badInput(where, "a ratio claim needs a baseline system");
    if (!(claim.ratio > 0) || !std::isfinite(claim.ratio))
        return badInput(where, "a ratio claim needs a positive ratio, got " + numberText(claim.ratio));
    ThroughputQuery base = c.q;
    base.system = claim.baselineSystem;
    base.precision = claim.precision.value_or(c.q.precision);
    auto estimate = model.estimate(base);
    if (!estimate)
        return estimate.error();
    ThroughputEstimate e = std::move(estimate).value();
    const double r = claim.ratio;
    e.totalPerGpu = e.totalPerGpu * r;
    e.outputPerGpu = e.outputPerGpu * r;
    e.prefillPerGpu = e.prefillPerGpu * r;
    e.decodePerGpu = e.decodePerGpu * r;
    e.p10PerGpu = e.p10PerGpu * r;
    e.p90PerGpu = e.p90PerGpu * r;
    for (CurvePoint& p : e.curve)
        p.totalPerGpu = p.totalPerGpu * r;
    e.method = ThroughputMethod::Transferred;
    e.transferredFrom = claim.baselineSystem;
    e.transferRatio = r;
    e.evidence.method = "transferred (ratio claim)";
    e.evidence.add(where, claim.provenance.grade);
    e.warnings.push_back({where, claimWarning(claim)});
    const Serving serving = c.q.serving;
    auto target = analyticRead(c, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, serving);
    auto baseline = analyticRead(c, base.system, base.precision, c.q.inputTokens, c.q.outputTokens, serving);
    const double roofline = target && baseline && baseline.value().total > 0
        ? target.value().total / baseline.value().total : 0.0;
    if (roofline > 0 && (r > 2 * roofline || 2 * r < roofline))
        e.warnings.push_back({where, "vendor ratio " + numberText(r) + "x vs the roofline's " + numberText(roofline)
                                         + "x for the same pair"});
    return e;
}

// Whether the system has an Offline row of its own for the query's configuration.
bool offlineRowOf(const Context& c, const ThroughputQuery& q)
{
    for (const MeasuredCurve& m : c.curves)
        if (sameKey(m, q.system, q.precision, q.inputTokens, q.outputTokens))
            if (const auto r = m.curve.read(units::tokens_per_second(0)); r && r->offline)
                return true;
    return false;
}

// The software gain from the rows' round to the query's (never within one round), then the band
// of the method, widened by the spread of the gain for each round carried across.
void finishEstimate(const Calibration& cal, const ThroughputQuery& q, std::string_view model, ThroughputEstimate& e)
{
    const int steps = q.round > 0 && e.sourceRound > 0 ? q.round - e.sourceRound : 0;
    double widen = 0;
    if (steps > 0) {
        const MlperfScenario s = q.scenario != MlperfScenario::Unknown ? q.scenario
            : q.minPerUser.value() > 0                                ? MlperfScenario::Server
                                                                       : MlperfScenario::Offline;
        const double f = cal.softwareGain.factor(model, s, e.sourceRound, q.round);
        if (f != 1.0) {
            e.softwareGain = f;
            e.totalPerGpu *= f;
            e.outputPerGpu *= f;
            e.prefillPerGpu *= f;
            e.decodePerGpu *= f;
            for (CurvePoint& p : e.curve)
                p.totalPerGpu *= f;
            e.evidence.add("model:software-gain " + roundName(e.sourceRound) + "->" + roundName(q.round) + " x"
                               + numberText(f),
                           Grade::Estimate);
        }
        widen = 1.2816 * cal.softwareGain.residualSd * std::sqrt(static_cast<double>(steps));
    }
    const ErrorBand& band = cal.bands[static_cast<std::size_t>(e.method)];
    e.p10PerGpu = e.totalPerGpu * std::exp(band.logP10 - widen);
    e.p90PerGpu = e.totalPerGpu * std::exp(band.logP90 + widen);
}

} // namespace

ThroughputModel::ThroughputModel(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                                 const Calibration& calibration)
    : catalog_(&catalog), calibration_(&calibration)
{
    const std::vector<Keyed> rows = keyedRows(points, catalog);
    for (std::size_t i = 0; i < rows.size();) {
        const CurveKey& k = rows[i].config;
        MeasuredCurve c{std::string(k.model), std::string(k.system), k.precision, k.serving,
                        k.inputTokens, k.outputTokens, rows[i].row->grade, 0, {}};
        std::size_t j = i;
        for (; j < rows.size() && rows[j].key() == rows[i].key(); ++j) {
            c.curve.add(*rows[j].row);
            c.round = std::max(c.round, mlperfRoundIndex(rows[j].row->source).value_or(0));
        }
        c.curve.finish();
        curves_.push_back(std::move(c));
        i = j;
    }
}

std::span<const MeasuredCurve> ThroughputModel::curvesOf(std::string_view model) const
{
    auto lo = std::lower_bound(curves_.begin(), curves_.end(), model,
                               [](const MeasuredCurve& c, std::string_view m) { return c.model < m; });
    auto hi = std::upper_bound(lo, curves_.end(), model,
                               [](std::string_view m, const MeasuredCurve& c) { return m < c.model; });
    return {lo, hi};
}

Result<ThroughputEstimate> ThroughputModel::estimate(const ThroughputQuery& query, const VendorClaim* claim) const
{
    if (auto error = validate(query))
        return *error;
    const ModelSpec* spec = catalog_->model(query.model);
    const Context c{*catalog_, *calibration_, curvesOf(spec ? std::string_view(spec->id) : query.model), query};
    const MeasuredCurve* own
        = findCurve(c, query.system, query.precision, query.inputTokens, query.outputTokens, query.serving);
    // The system's own runs, even short of the requirement, say more about its level than a claim.
    auto e = !own && claim && claim->system == query.system && sameModel(c, claim->model)
        ? applyClaim(c, *this, *claim) : ownEstimate(c, own);
    if (e && !(claim && e.value().evidence.method == "transferred (ratio claim)"))
        finishEstimate(*calibration_, query, spec ? std::string_view(spec->id) : query.model, e.value());
    // A latency requirement never raises throughput: the figure without one bounds it (Offline >=
    // Server >= Interactive). Transfers and the roofline, answering each requirement alone, can
    // otherwise order them wrongly (v5.1 DeepSeek-R1 Server read 2.8x above its Offline figure).
    if (e && query.minPerUser.value() > 0) {
        ThroughputQuery loose = query;
        loose.minPerUser = units::tokens_per_second(0);
        loose.maxTtft = units::seconds(0);
        loose.scenario = MlperfScenario::Offline;
        // Unless the loose figure is only the best run of the system's own frontier: rows that stop
        // short of low interactivity bound Offline from below, not from above.
        auto l = estimate(loose, claim);
        const bool frontierEnd = l && fromOwnRows(l.value().method) && !offlineRowOf(c, query);
        if (l && !frontierEnd && l.value().totalPerGpu < e.value().totalPerGpu) {
            const double own = tps(e.value().totalPerGpu);
            std::vector<CurvePoint> curve = std::move(e.value().curve);
            e = std::move(l);
            e.value().curve = std::move(curve);
            e.value().warnings.push_back({"workload.min_tokens_per_s_per_user",
                "held at the figure without an interactivity requirement (" + numberText(tps(e.value().totalPerGpu))
                    + " tok/s per GPU, below this requirement's own " + numberText(own)
                    + "): a latency limit never raises throughput"});
        }
    }
    return e;
}

} // namespace planner
