// SPDX-License-Identifier: GPL-3.0-or-later
// Transfers for the throughput model (throughput.h): which curves a system without matching rows
// of its own reads from, and the ratio that carries a reading from the source to the query (the
// roofline's, or the spec ratio's, with its length part as measured pairs of shapes say). A
// system whose own rows stop short of the requirement: throughput_beyond_own_rows.cpp.
#include "serving/throughput_detail.h"
#include "serving/generation_distance.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace planner::throughput_detail {

// Transfer candidates, best first (see the header for the order).
std::vector<const MeasuredCurve*> transferSources(const Context& c)
{
    std::vector<const MeasuredCurve*> out;
    for (const MeasuredCurve& m : c.curves)
        if (answers(m, c.q.minPerUser))
            out.push_back(&m);
    // A source with the target's scale-up domain size (NVL72 for NVL72) shares its parallelism
    // and communication pattern, so the roofline's ratio has less to get right. Among sources at
    // the query's precision, the nearest GPU generation first: Vera Rubin transfers from
    // GB300/B300, then GB200/B200, before Hopper (generation_distance.h).
    const SystemSpec* target = c.catalog.system(c.q.system);
    const GpuSpec* targetGpu = target ? c.catalog.gpu(target->gpu) : nullptr;
    struct SystemFacts {
        std::string_view system;
        bool otherDomain = true;
        int generationGap = 1000;
    };
    // Looked up once per run of one system's curves (they are grouped by model, then system):
    // each catalog look-up scans a list, and a query ranked a few hundred curves.
    std::optional<SystemFacts> last;
    auto factsOf = [&](const MeasuredCurve* m) -> const SystemFacts& {
        if (!last || last->system != m->system) {
            const SystemSpec* s = c.catalog.system(m->system);
            const GpuSpec* g = s ? c.catalog.gpu(s->gpu) : nullptr;
            last = SystemFacts{m->system, !target || !s || s->gpusPerDomain != target->gpusPerDomain,
                               targetGpu && g ? generationDistance(targetGpu->generation, g->generation) : 1000};
        }
        return *last;
    };
    // A curve measured up to the requirement ranks before a nearer generation's read past its
    // runs: a reading past the runs is held at the end run, which overstates a stricter
    // requirement (GB300's runs stop at 30 tok/s/user; held flat at 90 they would give Vera Rubin
    // 5x GB300's own estimate there). Runs that stop within the clamp tolerance of the requirement
    // count as reaching it, as a system's own rows do (throughput_read.cpp): a near miss at the
    // lengths asked is a better source than a curve that reaches at other lengths, whose change of
    // shape only the roofline carries. Among curves that all stop short, the one whose runs reach
    // nearest ranks first: its end run overstates least. Zero for a curve that reaches it.
    auto fallsShort = [&](const MeasuredCurve* m) {
        const auto high = m->curve.highestPerUser();
        if (!(c.q.minPerUser.value() > 0) || (high && tps(*high) * reachFactor(c) >= tps(c.q.minPerUser)))
            return 0.0;
        return high && tps(*high) > 0 ? std::log(tps(c.q.minPerUser) / tps(*high)) : HUGE_VAL;
    };
    auto rank = [&](const MeasuredCurve* m) {
        const ThroughputQuery& q = c.q;
        // Among other lengths the closest first: 1k/8k before 1k/1k for DeepSeek-R1's 0.8k/3.9k, so
        // the roofline carries the smallest step in length (v4.1 -> v5.1 with the extra rows: the
        // source with most frontier points, 1k/1k, overstated DeepSeek-R1 Offline 2.7x).
        const SystemFacts& facts = factsOf(m);
        return std::tuple{m->precision != q.precision, fallsShort(m), facts.generationGap, m->system != q.system,
            shapeDistanceBeyondTolerance(m->inputTokens, m->outputTokens, q.inputTokens, q.outputTokens),
            m->serving != q.serving,
            facts.otherDomain, m->grade, -static_cast<long>(m->curve.frontierSize()), std::string_view(m->system)};
    };
    // Each candidate's rank is worked out once: computed inside the comparison it cost two catalog
    // look-ups per side per comparison, three quarters of a prediction's time.
    using Rank = std::invoke_result_t<decltype(rank)&, const MeasuredCurve*>;
    // The sort moves positions, not ranks (a rank is ten fields): the same stable order.
    std::vector<Rank> ranks;
    ranks.reserve(out.size());
    for (const MeasuredCurve* m : out)
        ranks.push_back(rank(m));
    std::vector<std::uint32_t> order(out.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return ranks[a] < ranks[b]; });
    std::vector<const MeasuredCurve*> sorted;
    sorted.reserve(out.size());
    for (std::uint32_t i : order)
        sorted.push_back(out[i]);
    return sorted;
}

// A calibrated target's roofline ratio may go this far beyond the resource bounds below, either
// way: its own rows speak for more than the specs (a 72-GPU domain against 8 of the same GPU, a
// PCIe card at a strict latency), but not for any ratio at all. Calibrated on Hopper's FP4 rows of
// other systems, the roofline read H100 at 0.0132x HGX B200 on gpt-oss-120b at 66.7 tok/s/user,
// 11x below its measured 4,171 tok/s per GPU; the bounds are 0.22x (FP8 compute against FP4) to
// 0.42x (HBM).
constexpr double kCalibratedRatioSlack = 2.0;

// Per GPU, one system cannot outrun another by more than its larger resource advantage (HBM
// bandwidth or dense compute at the precision, or at the next wider one where a GPU has no figure
// for it, as the roofline computes), nor fall behind by more than its smaller one. A roofline read
// near its latency cliff can give any ratio at all; these bounds keep a transfer within what the
// hardware itself allows. nullopt when a figure is missing.
std::optional<std::pair<double, double>> resourceRatioBounds(const Context& c, std::string_view from,
                                                             std::string_view to, Precision p)
{
    const SystemSpec* a = c.catalog.system(from);
    const SystemSpec* b = c.catalog.system(to);
    const GpuSpec* ga = a ? c.catalog.gpu(a->gpu) : nullptr;
    const GpuSpec* gb = b ? c.catalog.gpu(b->gpu) : nullptr;
    const auto pa = ga ? computePrecision(*ga, p) : std::nullopt;
    const auto pb = gb ? computePrecision(*gb, p) : std::nullopt;
    if (!pa || !pb || !ga->hbmBandwidth.known() || !gb->hbmBandwidth.known())
        return std::nullopt;
    const double bw = gb->hbmBandwidth.value() / ga->hbmBandwidth.value();
    const double flops = gb->denseFlops[static_cast<std::size_t>(*pb)].value()
        / ga->denseFlops[static_cast<std::size_t>(*pa)].value();
    return std::pair{std::min(bw, flops), std::max(bw, flops)};
}

// The part of a transfer's roofline ratio that is the change of shape on the target itself:
// roofline(target, query shape) / roofline(target, source shape), and that ratio as the measured
// pairs of shapes say it moves (length_scaling.h). Without a change of shape, or when the target's
// roofline at the source's shape cannot be read, both are 1 and targetAtSource is the target's
// reading at the query.
struct LengthPart {
    double targetAtSource = 0;
    double roofline = 1, scaled = 1;
    bool atSourceShape = true; // targetAtSource is read at the source's lengths (or they are the query's)
};

LengthPart lengthPart(const Context& c, const MeasuredCurve& source, const AnalyticRead& target, const Efficiency* eff)
{
    LengthPart out{target.total, 1, 1};
    if (sameShape(source.inputTokens, source.outputTokens, c.q.inputTokens, c.q.outputTokens))
        return out;
    out.atSourceShape = false;
    if (c.calibration.lengthScaling.exponent == 1.0)
        return out;
    auto atSource = analyticRead(c, c.q.system, c.q.precision, source.inputTokens, source.outputTokens, c.q.serving, eff);
    if (!atSource || !(atSource.value().total > 0))
        return out;
    out.targetAtSource = atSource.value().total;
    out.atSourceShape = true;
    out.roofline = target.total / out.targetAtSource;
    out.scaled = c.calibration.lengthScaling.scaled(out.roofline);
    return out;
}

// A query without a requirement takes a source's best run. A sweep that never kept more than
// kLightLoadPerGpu requests per GPU in flight (InferenceX's early AMD runs of DeepSeek-R1 stopped
// at 64 on an 8-GPU node, 8 per GPU) has its best run far short of the full load an Offline figure is: each decode step reads
// the weights for a handful of tokens. The source's own roofline carries it from the per-user
// rate of that run to full load. Heavier sweeps are taken as full load, as they measure it: HGX
// B200's DeepSeek-R1 sweep to 10,860 requests peaks at 13,430 tok/s per GPU, TensorRT-LLM's
// max-load run at 12,926; where the roofline would have added x4 to GB200 NVL72's gpt-oss-120b
// sweep (646 requests per GPU at its best run), its max-load run measured the same as the sweep.
// (Applied to every served source, the step fixed ten leave-one-accelerator-out predictions of
// H200 from AMD's 64-request sweeps and broke four gpt-oss-120b ones.) 1 for a query with a
// requirement, a curve with an Offline run, or a sweep whose concurrency is unknown.
constexpr double kLightLoadPerGpu = 32;

double toFullLoad(const Context& c, const MeasuredCurve& m)
{
    const auto low = m.curve.lowestPerUser();
    if (tps(c.q.minPerUser) > 0 || !low || !(tps(*low) > 0) || !(m.concurrencyPerGpu > 0)
        || m.concurrencyPerGpu > kLightLoadPerGpu)
        return 1.0;
    ThroughputQuery atBestRun = c.q;
    atBestRun.minPerUser = *low;
    const Context loaded{c.catalog, c.calibration, c.curves, atBestRun};
    auto full = analyticRead(c, m.system, m.precision, m.inputTokens, m.outputTokens, m.serving);
    auto best = analyticRead(loaded, m.system, m.precision, m.inputTokens, m.outputTokens, m.serving);
    if (!full || !best || !(best.value().total > 0) || !(full.value().total > best.value().total))
        return 1.0;
    return full.value().total / best.value().total;
}

// What a transfer's sentence adds when its source was read past its fastest run ("" otherwise).
std::string pastRunsPhrase(const ThroughputEstimate& e)
{
    if (e.sourceTrend == 1.0)
        return {};
    return ", its fastest run (" + numberText(e.sourceReach) + " tok/s/user) x " + numberText(e.sourceTrend)
        + " by the measured interactivity trend";
}

// Another accelerator's rows at the query's precision, times the spec ratio with the exponents
// fitted on measured pairs of accelerators (spec_transfer.h), and the roofline's length part.
struct SpecTransfer {
    ThroughputEstimate estimate;
    std::string reading, basis; // estimate.derivation is "reading, basis"
};

std::optional<SpecTransfer> fromSpecRatio(const Context& c, const MeasuredCurve& m, const AnalyticRead& target,
                                                const LengthPart& length)
{
    const SystemSpec* from = c.catalog.system(m.system);
    const SystemSpec* to = c.catalog.system(c.q.system);
    // A per-user rate asks for decode at an SLO: bandwidth-bound. Without one, the target's own
    // roofline at full load decides: a step the batch cannot fill with compute (long outputs of a
    // large model, the batch held by the KV cache) is bandwidth-bound all the same. Read as
    // compute-bound, HGX H200's Qwen3-VL 235B at 128/2048 came to 1.09x H100's per GPU (bandwidth
    // 1.43x ^ 0.24), where TensorRT-LLM measured 2.18x.
    const bool atSlo = c.q.minPerUser.value() > 0;
    const SpecRegime regime = atSlo || !target.decode.computeBound ? SpecRegime::Bandwidth : SpecRegime::Compute;
    const SpecTransferFit& fit = c.calibration.specTransfer;
    if (!from || !to || from->gpu == to->gpu || m.precision != c.q.precision || !fit.fitted(regime))
        return std::nullopt;
    const auto spec = specRatios(c.catalog, from->gpu, to->gpu, c.q.precision);
    if (!spec)
        return std::nullopt;
    const GpuSpec* fromGpu = c.catalog.gpu(from->gpu);
    const GpuSpec* toGpu = c.catalog.gpu(to->gpu);
    const VendorStep* step = fromGpu && toGpu && fromGpu->vendor != toGpu->vendor
        ? fit.vendorStep(fromGpu->vendor, toGpu->vendor, regime) : nullptr;
    const double vendor = step ? step->factorFrom(fromGpu->vendor) : 1.0;
    const double hardware = fit.ratio(*spec, regime) * vendor;
    const double load = toFullLoad(c, m);
    ThroughputEstimate e = transferredFrom(c, m, hardware * length.scaled * load, &target);
    const SpecExponents& x = fit.of(regime);
    // The band new accelerators have shown (leave one accelerator out), else the pairs' own spread.
    e.ownBand = c.calibration.newAcceleratorBand.points > 0 ? c.calibration.newAcceleratorBand
                                                           : ErrorBand{x.logP10, x.logP90, x.pairs};
    e.evidence.add("model:spec-ratio", Grade::Estimate);
    if (length.scaled != 1.0)
        e.evidence.add("model:length-scaling", Grade::Estimate);
    const std::string precision(precisionName(c.q.precision));
    // The reading (this source, its multiplier and what it is made of), then its basis: a median
    // of several sources lists each reading and keeps one basis (fromRoofline).
    SpecTransfer out;
    out.reading = m.system + "'s measured rows x " + numberText(hardware) + ": HBM bandwidth " + numberText(spec->bandwidth)
        + "x ^ " + numberText(x.bandwidth) + " and " + precision + " dense compute " + numberText(spec->compute) + "x ^ "
        + numberText(x.compute);
    if (step) {
        out.reading += ", x " + numberText(vendor) + " from " + fromGpu->vendor + " to " + toGpu->vendor
            + " (the median of " + std::to_string(step->pairs)
            + " measured pairs across the two vendors beyond their specs)";
        e.evidence.add("model:vendor-step", Grade::Estimate);
    }
    if (length.scaled != 1.0)
        out.reading += ", x " + numberText(length.scaled) + " for the change of lengths";
    out.reading += pastRunsPhrase(e);
    if (load != 1.0) {
        out.reading += ", x " + numberText(load) + " from its best run (at most " + numberText(m.concurrencyPerGpu)
            + " requests per GPU) to full load by its own roofline";
        e.evidence.add("model:light-load-step", Grade::Estimate);
    }
    out.basis = "exponents fitted on " + std::to_string(x.pairs) + " measured pairs of accelerators ("
        + std::string(regimeName(regime))
        + (regime == SpecRegime::Bandwidth && !atSlo ? ": at full load the roofline's decode step is memory-bound here"
                                                     : "")
        + ")";
    if (const SpecPair* near = fit.nearestPair(*spec, regime))
        out.basis += "; nearest in specs: " + near->fromGpu + " -> " + near->toGpu + " on " + near->model + ", "
            + near->work + ", measured " + numberText(near->measured) + "x for specs " + numberText(near->spec.bandwidth)
            + "x / " + numberText(near->spec.compute) + "x";
    e.derivation = out.reading + ", " + out.basis;
    addAnalyticEvidence(e, c, target, c.q.system, c.q.precision);
    analyticWarnings(e, target, c.q.system, c.q);
    out.estimate = std::move(e);
    return out;
}

// One source's transfer: by spec ratio where the exponents are fitted (specRatio set), else by the
// calibrated roofline's ratio. nullopt when the roofline cannot read the source.
struct OneTransfer {
    ThroughputEstimate estimate;
    std::optional<SpecTransfer> spec; // a spec-ratio transfer's reading and basis
};

std::optional<OneTransfer> oneTransfer(const Context& c, const AnalyticRead& target, const MeasuredCurve* m)
{
    {
        auto source = analyticRead(c, m->system, m->precision, m->inputTokens, m->outputTokens, m->serving);
        if (!source || !(source.value().total > 0))
            return std::nullopt;
        // A target generation with nothing measured would run at the default efficiencies while
        // the source runs at its fitted ones, and the ratio would compare software assumptions,
        // not hardware. Then both sides use the source's fit, so its errors cancel as intended.
        const AnalyticRead* t = &target;
        std::optional<AnalyticRead> sameFit;
        std::optional<Efficiency> eff;
        if (!c.calibration.entry(target.generation, c.q.precision) &&
            c.calibration.entry(source.value().generation, m->precision)) {
            eff = c.calibration.efficiency(source.value().generation, m->precision);
            if (auto r = analyticRead(c, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, c.q.serving, &*eff);
                r && r.value().total > 0) {
                sameFit = std::move(r).value();
                t = &*sameFit;
            }
        }
        const LengthPart length = lengthPart(c, *m, *t, sameFit ? &*eff : nullptr);
        if (auto e = fromSpecRatio(c, *m, *t, length)) {
            ThroughputEstimate estimate = std::move(e->estimate);
            return OneTransfer{std::move(estimate), std::move(e)};
        }
        // The hardware part, both rooflines at the source's shape; the change of shape comes after.
        double ratio = length.targetAtSource / source.value().total;
        // Held within the hardware's ratios where only the source's fit speaks for both sides;
        // otherwise the roofline's ratio carries the target's own evidence, within
        // kCalibratedRatioSlack of them when it compares the same work: one precision, both
        // rooflines at the source's lengths (the change of lengths is applied after, by the
        // roofline). A change of precision is the roofline's to carry, not the specs'. Unbounded
        // across a change of lengths, H100's gpt-oss-120b figure at 25 tok/s/user was HGX B200's
        // 8k/1k rows x 0.06, under H100's own 1k/1k run at 66.7 tok/s/user.
        const bool sameWork = m->precision == c.q.precision && length.atSourceShape;
        const auto bounds = sameFit || sameWork ? resourceRatioBounds(c, m->system, c.q.system, c.q.precision)
                                                : std::nullopt;
        const double slack = sameFit ? 1.0 : kCalibratedRatioSlack;
        const double lo = bounds ? bounds->first / slack : 0, hi = bounds ? bounds->second * slack : HUGE_VAL;
        const bool bounded = ratio < lo || ratio > hi;
        const double raw = ratio;
        ratio = std::clamp(ratio, lo, hi) * length.scaled;
        ThroughputEstimate e = transferredFrom(c, *m, ratio, t);
        if (length.scaled != length.roofline)
            e.evidence.add("model:length-scaling", Grade::Estimate);
        e.evidence.add("model:roofline-ratio", Grade::Estimate);
        const std::string within = slack > 1 ? "within " + numberText(slack) + "x of the hardware's bandwidth and compute ratios"
                                             : "within the hardware's bandwidth and compute ratios";
        e.derivation = m->system + "'s measured rows (" + std::string(precisionName(m->precision)) + ") x "
            + numberText(ratio) + ": the calibrated roofline's ratio of " + c.q.system + " to " + m->system
            + (bounded ? ", held " + within : std::string())
            + (length.scaled != 1.0 ? ", with the change of lengths" : "") + pastRunsPhrase(e);
        if (bounded)
            e.warnings.push_back({"transfer",
                                  "the model's ratio between the two systems went beyond what their specs allow, so it "
                                  "was capped there: the figure is less certain than its band says",
                                  "the roofline's ratio " + numberText(raw) + "x lies outside " + numberText(lo) + "x to "
                                      + numberText(hi) + "x, " + within + " (" + numberText(bounds->first) + "x to "
                                      + numberText(bounds->second) + "x); held at " + numberText(ratio / length.scaled) + "x"});
        addAnalyticEvidence(e, c, *t, c.q.system, c.q.precision,
                            sameFit ? std::optional<std::string_view>(source.value().generation) : std::nullopt);
        analyticWarnings(e, *t, c.q.system, c.q);
        if (sameFit)
            e.warnings.push_back({"calibration",
                                  "nothing is measured on this GPU generation at this precision, so the model compares "
                                  "the hardware with the source's software efficiency on both sides",
                                  "nothing measured on " + t->generation + " at " + std::string(precisionName(c.q.precision))
                                      + ": the ratio uses " + source.value().generation + "'s fitted efficiencies on both sides",
                                  Severity::Info});
        return OneTransfer{std::move(e), std::nullopt};
    }
}

// The estimate's band (its own, else its method's) widened so that P10 reaches down to `low` and
// P90 up to `high`, both as multiples of the figure: where two pieces of evidence disagree, the
// band covers both.
void widenBandToCover(ThroughputEstimate& e, const Context& c, double low, double high)
{
    ErrorBand band = e.ownBand ? *e.ownBand : c.calibration.bands[static_cast<std::size_t>(e.method)];
    band.logP10 = std::min(band.logP10, std::log(low));
    band.logP90 = std::max(band.logP90, std::log(high));
    e.ownBand = band;
}

struct SourceReading {
    std::string system;
    double perGpu = 0;
};

// Sources whose spec transfers lie more than 2x apart: one of them carries what the spec ratio
// does not (an early software release, another serving stack, another scale-up domain), and the
// median cannot tell which. Before MI350X had rows, its DeepSeek-R1 figure at 20 tok/s/user was the
// median of MI325X's early SGLang run carried over (472 tok/s per GPU) and H200's TensorRT-LLM
// run (3,863), 8x apart, with a band of 0.7x-1.3x that covered neither end. The band widens to
// cover every source's reading, and a warning names the two ends.
void coverSourceSpread(ThroughputEstimate& e, const Context& c, double median, const SourceReading& low,
                       const SourceReading& high, std::string_view figureIs)
{
    if (!(low.perGpu > 0) || !(median > 0) || high.perGpu <= 2.0 * low.perGpu)
        return;
    widenBandToCover(e, c, low.perGpu / median, high.perGpu / median);
    e.warnings.push_back({"transfer",
                          "the accelerators this figure is transferred from disagree by more than 2x; the band is "
                          "widened to cover them all, so read it rather than the figure",
                          low.system + "'s rows give " + numberText(low.perGpu) + " tok/s per GPU and " + high.system
                              + "'s " + numberText(high.perGpu) + " (" + numberText(high.perGpu / low.perGpu)
                              + "x apart); the figure is " + std::string(figureIs),
                          Severity::Serious});
}

// How many accelerators a spec-ratio transfer is read from at most. One source's quirks (an
// early software release, a PCIe card without NVLink standing in for an NVLink system, another
// vendor's stack) carried half of the leave-one-accelerator-out predictions outside 0.5x-2x; the
// median of three distinct accelerators' transfers outvotes one such source.
constexpr std::size_t kSpecSources = 5;

// The first source the roofline can relate answers. A spec-ratio answer is the median of the spec
// transfers from up to kSpecSources distinct accelerators among the sources at the query's
// precision, lengths and serving, in rank order; with an even count, the geometric mean of the
// middle two, carried on the better ranked of them. Two readings more than 2x apart have no
// middle: their geometric mean is neither, so the better ranked stands (MI300X read from MI325X's
// and H200's DeepSeek-R1 runs, 7x apart, as 862 tok/s per GPU where MI325X alone gives 323 and
// 299 was measured); the band still reaches the other. The estimate names every source it weighed.
// A source votes whether or not its runs reach the requirement (one read past them follows the
// interactivity trend, throughput_read.cpp): voters that came and went with the requirement made
// the figure jump along the interactivity axis. Before MI350X had rows, its DeepSeek-R1 FP8 figure
// from the bundled rows was 472 tok/s per GPU at 22 tok/s/user, 1,294 at 23 and 3,863 from 30 on,
// as two AMD sources' single runs (19.5 and 22.4 tok/s/user) dropped out and left H200's.
std::optional<ThroughputEstimate> fromRoofline(
    const Context& c, const AnalyticRead& target, std::span<const MeasuredCurve* const> sources)
{
    std::vector<OneTransfer> spec;
    std::vector<std::string> gpus;
    auto gpuOf = [&](const MeasuredCurve* m) {
        const SystemSpec* s = c.catalog.system(m->system);
        return s ? s->gpu : m->system;
    };
    // A rack-scale target (NVL72) reads only from sources of its own domain size when the first
    // one is: expert parallelism across 72 GPUs is a gain that spec ratios do not carry, and an
    // 8-GPU node's reading would pull the median down by it (GB200 NVL72 and HGX B200 are 2-4x
    // apart on DeepSeek-R1 at the same interactivity).
    const SystemSpec* targetSystem = c.catalog.system(c.q.system);
    auto domainOf = [&](const MeasuredCurve* m) {
        const SystemSpec* s = c.catalog.system(m->system);
        return s ? s->gpusPerDomain : 0;
    };
    const bool rackTarget = targetSystem && targetSystem->domainIsRack();

    for (std::size_t i = 0; i < sources.size() && spec.size() < kSpecSources; ++i) {
        const MeasuredCurve* m = sources[i];
        if (!spec.empty()) {
            if (m->precision != c.q.precision || m->serving != c.q.serving
                || !sameShape(m->inputTokens, m->outputTokens, c.q.inputTokens, c.q.outputTokens)
                || (rackTarget && domainOf(sources[0]) == targetSystem->gpusPerDomain
                    && domainOf(m) != targetSystem->gpusPerDomain)
                || std::find(gpus.begin(), gpus.end(), gpuOf(m)) != gpus.end())
                continue;
        }
        auto one = oneTransfer(c, target, m);
        if (!one)
            continue;
        if (!one->spec) {
            if (spec.empty())
                return std::move(one->estimate);
            continue;
        }
        gpus.push_back(gpuOf(m));
        spec.push_back(std::move(*one));
    }
    if (spec.size() <= 1)
        return spec.empty() ? std::nullopt : std::optional(std::move(spec.front().estimate));
    auto value = [&](std::size_t i) { return tps(spec[i].estimate.totalPerGpu); };
    std::vector<std::size_t> byValue(spec.size());
    std::iota(byValue.begin(), byValue.end(), std::size_t{0});
    std::sort(byValue.begin(), byValue.end(), [&](std::size_t a, std::size_t b) { return value(a) < value(b); });
    std::size_t lo = byValue[(spec.size() - 1) / 2], hi = byValue[spec.size() / 2];
    const bool noMiddle = spec.size() == 2 && value(hi) > 2 * value(lo);
    if (noMiddle)
        lo = hi = 0;
    const double median = std::sqrt(value(lo) * value(hi));
    std::string readings;
    for (std::size_t i = 0; i < spec.size(); ++i)
        readings += (i ? "; " : "") + spec[i].spec->reading + " = " + numberText(value(i));
    const std::size_t carrier = std::min(lo, hi);
    const SourceReading low{spec[byValue.front()].estimate.transferredFrom, value(byValue.front())};
    const SourceReading high{spec[byValue.back()].estimate.transferredFrom, value(byValue.back())};
    ThroughputEstimate e = std::move(spec[carrier].estimate);
    if (const double f = median / tps(e.totalPerGpu); f != 1.0) {
        e.totalPerGpu *= f;
        e.outputPerGpu *= f;
        e.transferRatio *= f;
        for (CurvePoint& p : e.curve)
            p.totalPerGpu *= f;
    }
    const std::string middle = spec.size() % 2 ? ""
        : noMiddle ? "; more than 2x apart, so the first, the better ranked, stands"
                   : "; the geometric mean of the middle two";
    e.derivation = "the median of " + std::to_string(spec.size()) + " accelerators' spec transfers in tok/s per GPU ("
        + readings + middle + "), " + spec[carrier].spec->basis;
    coverSourceSpread(e, c, median, low, high,
                      noMiddle ? "the better ranked transfer's" : "the median of the transfers");
    return e;
}

// No curve of the model answers the requirement, but some have Offline rows (TensorRT-LLM's
// max-load tables, for one): the Offline transfer to the query (fromRoofline without a
// requirement), moved to the requirement by the target's own roofline, roofline(requirement) /
// roofline(none). Before this, a Server or Interactive query fell to the roofline alone while its
// Offline sibling transferred from measured rows (v5.1 Llama 3.1 8B Server read 26-37% low).
std::optional<ThroughputEstimate> fromOfflineRows(const Context& c, const AnalyticRead& target)
{
    if (!(tps(c.q.minPerUser) > 0) || !(target.total > 0))
        return std::nullopt;
    ThroughputQuery loose = c.q;
    loose.minPerUser = units::tokens_per_second(0);
    loose.maxTtft = units::seconds(0);
    const Context cl{c.catalog, c.calibration, c.curves, loose};
    auto atNone = analyticRead(cl, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, c.q.serving);
    if (!atNone || !(atNone.value().total > 0))
        return std::nullopt;
    auto e = fromRoofline(cl, atNone.value(), transferSources(cl));
    if (!e)
        return std::nullopt;
    const double step = std::min(1.0, target.total / atNone.value().total);
    e->totalPerGpu *= step;
    e->outputPerGpu *= step;
    for (CurvePoint& p : e->curve)
        p.totalPerGpu *= step;
    e->transferRatio *= step;
    e->groupSize = target.setup.groupSize;
    e->ttft = prefillTime(target.setup);
    e->evidence.add("model:roofline-shape", Grade::Estimate);
    e->warnings.push_back({"workload.min_tokens_per_s_per_user",
                           "no run of this model was measured under a latency limit: the figure is moved from "
                           "full-load (Offline) runs to the required interactivity by the model",
                           "no measured curve of this model reaches a per-user rate; the figure without a requirement, "
                           "transferred from " + e->transferredFrom + "'s Offline rows, is moved to the requirement along "
                           "this system's roofline, times " + numberText(step) + "x"});
    return e;
}

} // namespace planner::throughput_detail
