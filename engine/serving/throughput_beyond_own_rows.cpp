// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput model (throughput.h) for a system whose own rows stop more than the clamp
// tolerance short of the requirement: a transfer from a curve that covers it (the two systems'
// measured ratio first, else the spec or roofline ratio), bounded by the system's own end run and
// compared with those rows extrapolated; failing both, the own end run moved along the measured
// trend or the roofline's curve.
#include "serving/throughput_detail.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace planner::throughput_detail {

// Transfer sources for a system whose own rows stop short: curves at the query's precision that
// reach the requirement (the own curves do not, else they would have answered), in
// transferSources' order. Another precision's rows would reach the requirement only through the
// roofline's ratio between precisions, read near a latency cliff: HGX H200's Llama 3.3 70B FP8
// figure at 50 tok/s/user came from HGX B200's FP4 rows x 0.081, 855 tok/s per GPU, where its own
// FP8 runs (5,312 at 21.8) moved by the measured trend give 3,962 and the figure at 70 was 2,538.
// The own rows, moved along the trend, answer instead.
std::vector<const MeasuredCurve*> coveringSources(const Context& c)
{
    std::vector<const MeasuredCurve*> out = transferSources(c);
    const double slo = tps(c.q.minPerUser), factor = reachFactor(c);
    std::erase_if(out, [&](const MeasuredCurve* m) {
        return m->precision != c.q.precision || !reaches(m->curve, slo, factor);
    });
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
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                          "this system was not measured at the required interactivity, so the figure is "
                              + e.transferredFrom + "'s, which was, scaled to this system",
                          ownReach(c, own) + "; transferred from " + e.transferredFrom + ", whose rows cover it, " + how});
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
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              "the two systems' measured ratio and the model's ratio differ by more than 2x at the "
                              "required interactivity: the transfer may be off by that much",
                              "measured ratio " + numberText(anchored) + "x vs the roofline's " + numberText(roofline)
                                  + "x at the required interactivity"});
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
    e.derivation = source.system + "'s measured rows " + how + " (where " + c.q.system
        + "'s own rows end), assumed to hold at the requirement";
    if (std::string m = clampMessage(source.curve, a.source, units::tokens_per_second(a.perUser)); !m.empty())
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              source.system + "'s runs do not reach the point the ratio is read at; its nearest run stands in",
                              source.system + " rows at the ratio's anchor: " + m});
    compareWithRoofline(e, c, source, target);
    return e;
}

// The own reading, held at the end run, moved to the requirement: above the runs by the
// interactivity elasticity measured on frontiers (calibration.h) where it covers the way, else
// along the roofline's own curve, times roofline(requirement) / roofline(end run) for the same
// system, never up when the requirement is stricter than the end run (nor down when looser). Holding the end run flat
// overstated v5.1's Interactive Llama 2 70B results, read from v4.1 Server rows, by 40-160%.
// Above the runs the roofline's curve falls no further than the trend measured at slower rates,
// carried on: read near its latency cliff it can fall any distance (x0.03 from 12.5 to 66.7
// tok/s/user for DeepSeek-R1 on GB200 NVL72 from its v5.1 rows: 98 tok/s per GPU, where v6.0
// measured 4,028). Below the runs it rises no further than the roofline's own figure at the
// requirement, the hardware's bound: a run measured past the roofline's cliff makes the ratio any
// size (MI355X's gpt-oss-120b run at 70.4 tok/s/user, 17,577 tok/s per GPU, read 883,380 at 5
// with every round in the store; the roofline's own figure there is 134,904). Not the measured
// trend: that is fitted on frontiers, and a light-load run (InferenceX's early AMD sweeps kept 8
// requests per GPU in flight) sits far below its frontier, where the roofline's rise guides better.
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
    const bool above = r->clamped == CurveEnd::AboveMeasured;
    shape = above ? std::min(shape, 1.0) : std::max(shape, 1.0);
    // Above the runs, the elasticity measured on frontiers answers where it covers the way.
    const auto learned = above ? c.calibration.interactivity.factor(tps(*end), tps(c.q.minPerUser)) : std::nullopt;
    if (learned) {
        e.totalPerGpu *= *learned;
        e.outputPerGpu *= *learned;
        e.evidence.add("model:interactivity-elasticity", Grade::Estimate);
        e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                              "the measured runs stop short of the required interactivity: the figure follows the "
                              "trend measured on other systems' curves beyond them",
                              ownReach(c, own) + "; the end reading is moved by the interactivity elasticity "
                                  "measured on frontiers, times " + numberText(*learned) + "x"});
        return true;
    }
    if (above) { // the roofline's cliff bounded by the trend measured at slower rates, carried on
        if (const auto trend = c.calibration.interactivity.factor(tps(*end), tps(c.q.minPerUser),
                                                                  InteractivityElasticity::Bands::CarryTrend))
            shape = std::max(shape, *trend);
    } else if (const double run = tps(e.totalPerGpu); run > 0) {
        shape = std::min(shape, std::max(1.0, target.total / run));
    }
    e.totalPerGpu *= shape;
    e.outputPerGpu *= shape;
    e.evidence.add("model:roofline-shape", Grade::Estimate);
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                          "the measured runs stop short of the required interactivity: the figure follows this "
                          "system's modelled curve beyond them",
                          ownReach(c, own) + "; the end reading is moved along the roofline's curve of this system, "
                              "times " + numberText(shape) + "x"});
    return true;
}

// A transfer that answers for a system whose own rows stop short, against those rows extrapolated
// (their end reading moved by the measured trend or the roofline): where the two differ by more
// than 2x, a warning says so and the band widens to cover both readings.
void coverExtrapolation(ThroughputEstimate& e, const Context& c, const MeasuredCurve& own, const AnalyticRead* target)
{
    ThroughputEstimate x = measured(c, own);
    if (!target || !rooflineShape(c, own, *target, x) || !(tps(x.totalPerGpu) > 0) || !(tps(e.totalPerGpu) > 0))
        return;
    const double gap = tps(x.totalPerGpu) / tps(e.totalPerGpu);
    if (gap <= 2.0 && gap >= 0.5)
        return;
    widenBandToCover(e, c, gap, gap);
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                          "two ways of reaching the required interactivity disagree by more than 2x; the band is "
                          "widened to cover both, so read it rather than the figure",
                          "the transfer and " + own.system + "'s own rows extrapolated to the requirement ("
                              + numberText(tps(x.totalPerGpu)) + " tok/s per GPU) differ by "
                              + numberText(gap > 1 ? gap : 1 / gap) + "x: the band covers both",
                          Severity::Serious});
}

// A frontier never rises with interactivity, so the system's own end run bounds a transfer made
// for a requirement beyond it: from below when the requirement is looser than every run (the
// system did at least that much at a stricter one), from above when it is stricter. Rows served
// another way than the query bound it too, as they answer for it within their range. Without it
// HGX B200's DeepSeek-R1 FP4 figure at 10 tok/s/user, transferred from its own MLPerf rows at
// other lengths, was 3,369 tok/s per GPU where its 1k/1k runs measured 13,067 at 21.6 and the
// figure at 5 and at 15 was 13,067; the GB300 NVL72 decode pool of the mixed-hardware example read
// 3,487 tok/s per GPU at 10 tok/s/user, 21,110 at 5 and 17,742 at 15.
void holdToOwnEndRun(ThroughputEstimate& e, const Context& c, const MeasuredCurve& own)
{
    const auto r = own.curve.read(c.q.minPerUser);
    if (!r || !(tps(e.totalPerGpu) > 0))
        return;
    const double end = tps(r->totalPerGpu), figure = tps(e.totalPerGpu);
    const bool looser = r->clamped == CurveEnd::BelowMeasured && figure < end;
    const bool stricter = r->clamped == CurveEnd::AboveMeasured && figure > end;
    if (!looser && !stricter)
        return;
    scaleRates(e, end / figure);
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                          looser ? "held up to this system's own run at a stricter interactivity: a looser "
                                   "requirement never lowers throughput"
                                 : "held down to this system's own run at a looser interactivity: a stricter "
                                   "requirement never raises throughput",
                          "the transfer gave " + numberText(figure) + " tok/s per GPU; " + own.system
                              + "'s own end run measured " + numberText(end)});
}

// The system's own rows stop more than the tolerance short of the requirement: a transfer from a
// curve that covers it, measured ratio first, else the roofline's; failing both, the clamped reading.
ThroughputEstimate beyondOwnRows(const Context& c, const MeasuredCurve& own, const AnalyticRead* target)
{
    const std::vector<const MeasuredCurve*> sources = coveringSources(c);
    for (const MeasuredCurve* s : sources)
        if (auto anchor = measuredAnchor(c, own, *s)) {
            ThroughputEstimate e = anchoredTransfer(c, own, *s, *anchor, target);
            coverExtrapolation(e, c, own, target);
            holdToOwnEndRun(e, c, own);
            return e;
        }
    if (target)
        if (auto e = fromRoofline(c, *target, sources)) {
            const char* ratio = e->ownBand ? "times the spec ratio " : "times the roofline ratio "; // spec: its own band
            ownReachWarning(*e, c, own, ratio + numberText(e->transferRatio)
                                            + "x (no per-user rate that both systems' rows reach)");
            coverExtrapolation(*e, c, own, target);
            holdToOwnEndRun(*e, c, own);
            return std::move(*e);
        }
    ThroughputEstimate e = measured(c, own);
    if (target && rooflineShape(c, own, *target, e))
        return e;
    const std::string why = sources.empty()
        ? "no other curve of this model covers it to transfer from"
        : "the curves that cover it share no per-user rate with these rows, and the roofline cannot relate them";
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
                          "the measured runs stop short of the required interactivity and nothing else covers it: "
                          "the figure is the nearest measured run, held flat",
                          ownReach(c, own) + "; " + why + ", so the clamped reading stands", Severity::Serious});
    return e;
}

} // namespace planner::throughput_detail
