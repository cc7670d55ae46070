// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/throughput.h"
#include "serving/throughput_detail.h"

#include "core/number_text.h"

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

bool sameCurve(const BenchmarkPoint& a, const BenchmarkPoint& b, const Catalog& catalog)
{
    return a.grade == b.grade && curveKeyOf(a, catalog) == curveKeyOf(b, catalog);
}

using namespace throughput_detail;

namespace throughput_detail {

void scaleRates(ThroughputEstimate& e, double f)
{
    e.totalPerGpu *= f;
    e.outputPerGpu *= f;
    e.prefillPerGpu *= f;
    e.decodePerGpu *= f;
    e.p10PerGpu *= f;
    e.p90PerGpu *= f;
    for (CurvePoint& p : e.curve)
        p.totalPerGpu *= f;
}

} // namespace throughput_detail

namespace {

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
    if (auto e = fromOfflineRows(c, target.value()))
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
    const std::string& source = claim.provenance.source.empty() ? claim.text : claim.provenance.source.str();
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
    scaleRates(e, r);
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
        e.warnings.push_back({where,
                              "the vendor's claimed ratio and the model's differ by more than 2x: check the claim's "
                              "conditions (precision, interactivity, software)",
                              "vendor ratio " + numberText(r) + "x vs the roofline's " + numberText(roofline)
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
// of the method, widened by the spread of the gain for each round carried across. A query for an
// earlier round than the rows' (validation asks each row for its own round) loses the benchmark's
// measured gain between the two, where the store measures one (software_gain.h).
void finishEstimate(const Calibration& cal, const ThroughputQuery& q, std::string_view model, ThroughputEstimate& e)
{
    const int next = cal.softwareGain.nextRound;
    const bool expected = q.round == 0 && q.software == SoftwareMode::Expected;
    const int target = q.round > 0 ? q.round : next;
    const bool crossed = e.sourceRound > 0 && target > 0 && target != e.sourceRound;
    const MlperfScenario s = q.scenario != MlperfScenario::Unknown ? q.scenario
        : q.minPerUser.value() > 0                                 ? MlperfScenario::Server
                                                                   : MlperfScenario::Offline;
    double widen = 0;
    if (crossed && q.round == 0 && !expected) {
        // Measured: the figure stands, but the next round will differ from it by the gain's spread.
        widen = 1.2816 * cal.softwareGain.spread(model, s, e.sourceRound, target);
        e.derivation += std::string(e.derivation.empty() ? "" : "; ") + "software as measured in "
            + roundName(e.sourceRound) + " (workload.software = measured; expected would apply x"
            + numberText(cal.softwareGain.factor(model, s, e.sourceRound, target)) + " for " + roundName(target) + ")";
    } else if (e.sourceRound == 0 && q.round == 0 && !e.rowsUsed.empty() && !e.derivation.empty()) {
        e.derivation += expected ? "; no software gain applied (workload.software = expected): the rows come from no "
                                   "MLPerf round, so there is no round to carry them from"
                                 : "; software as measured (workload.software = measured)";
    } else if (crossed) {
        const double f = cal.softwareGain.factor(model, s, e.sourceRound, target);
        if (f != 1.0) {
            e.softwareGain = f;
            scaleRates(e, f); // the band is set again below, widened for the rounds crossed
            e.evidence.add("model:software-gain " + roundName(e.sourceRound) + "->" + roundName(target) + " x"
                               + numberText(f),
                           Grade::Estimate);
            if (expected)
                e.derivation += std::string(e.derivation.empty() ? "" : "; ") + "x " + numberText(f)
                    + " expected software gain from " + roundName(e.sourceRound) + " to " + roundName(target)
                    + " (fitted on past rounds; workload.software = expected)";
        }
        widen = 1.2816 * cal.softwareGain.spread(model, s, e.sourceRound, target);
    }
    const ErrorBand& band = e.ownBand ? *e.ownBand : cal.bands[static_cast<std::size_t>(e.method)];
    e.p10PerGpu = e.totalPerGpu * std::exp(band.logP10 - widen);
    e.p90PerGpu = e.totalPerGpu * std::exp(band.logP90 + widen);
}

// MLPerf's latency-bound scenarios keep only a share of the Offline figure that falls with the
// output length (latency_bound.h); a figure not read from the system's own rows is held to it.
void holdToLatencyBoundShare(const Calibration& cal, const ThroughputQuery& q, const ThroughputEstimate& offline,
                             ThroughputEstimate& e)
{
    if ((q.scenario != MlperfScenario::Server && q.scenario != MlperfScenario::Interactive) || fromOwnRows(e.method))
        return;
    const double share = cal.latencyBound.share(q.outputTokens, tps(q.minPerUser));
    const double bound = tps(offline.totalPerGpu) * share;
    const double own = tps(e.totalPerGpu);
    if (!(bound > 0) || own <= bound)
        return;
    const double f = bound / own;
    scaleRates(e, f);
    e.latencyBoundShare = share;
    e.evidence.add("model:latency-bound-share", Grade::Estimate);
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
        "capped at the share of full-load throughput that MLPerf's latency limits leave for outputs this long",
        "held at " + numberText(share) + "x the figure without a latency limit (" + numberText(tps(offline.totalPerGpu))
            + " tok/s per GPU): under MLPerf's p99 limits a system keeps less of it the longer its outputs ("
            + numberText(q.outputTokens) + " tokens here)"});
}

// The Server per-user limit (1 / p99 TPOT) of the MLPerf benchmark an Interactive query is for:
// the catalog's workload of the model with the query's mean lengths (within 1%); zero when none.
double serverPerUser(const Catalog& catalog, std::string_view model, const ThroughputQuery& q)
{
    auto near = [](double a, double b) { return std::abs(a - b) <= 0.01 * b; };
    for (const MlperfWorkload& w : catalog.mlperfWorkloads)
        if (w.model == model && w.serverTpot.value() > 0 && near(q.inputTokens, w.meanInputTokens)
            && near(q.outputTokens, w.meanOutputTokens))
            return 1.0 / units::in_seconds(w.serverTpot);
    return 0.0;
}

// Interactive never exceeds Server for the same system, model and precision: the Server
// question is the same one at a looser limit. From the Server figure to the Interactive per-user
// rate, throughput falls as the measured frontiers of the calibration data fall between the two
// rates (the interactivity elasticity, calibration.h): the roofline alone sees no cost where a
// step is compute-bound (its throughput is flat in the batch there), while served curves do. A
// figure read from the system's own Interactive rows stands (it is what was measured).
void holdToServer(const ThroughputModel& model, const Calibration& cal, const Catalog& catalog,
                  std::string_view modelId, const ThroughputQuery& q, const VendorClaim* claim, ThroughputEstimate& e)
{
    if (q.scenario != MlperfScenario::Interactive || fromOwnRows(e.method))
        return;
    const double server = serverPerUser(catalog, modelId, q);
    if (!(server > 0) || server >= tps(q.minPerUser))
        return;
    ThroughputQuery looser = q;
    looser.minPerUser = units::tokens_per_second(server);
    looser.maxTtft = units::seconds(0);
    looser.scenario = MlperfScenario::Server;
    looser.withCurve = false;
    auto s = model.estimate(looser, claim);
    const double slope = cal.interactivity.factor(server, tps(q.minPerUser)).value_or(1.0);
    const double bound = s ? tps(s.value().totalPerGpu) * std::min(1.0, slope) : 0.0;
    const double own = tps(e.totalPerGpu);
    if (!(bound > 0) || !(bound < own))
        return;
    scaleRates(e, bound / own);
    e.latencyBoundShare = s.value().latencyBoundShare;
    e.evidence.add("model:interactive-below-server", Grade::Estimate);
    e.warnings.push_back({"workload.min_tokens_per_s_per_user",
        "capped at the same benchmark's Server figure carried to this interactivity: a stricter latency limit "
        "never raises throughput",
        "held at the Server figure of the same benchmark moved by the interactivity elasticity measured on "
            "frontiers (" + numberText(tps(e.totalPerGpu)) + " tok/s per GPU from " + numberText(server)
            + " tok/s/user), below this requirement's own "
            + numberText(own) + ": a stricter latency limit never raises throughput"});
}

// Requests in flight per GPU during a served run, by Little's law: output tokens/s per GPU over
// output tokens/s per user. It needs neither the run's stated concurrency nor how many of the
// system's GPUs the run used (InferenceX states neither per GPU). 0 for an Offline run.
double requestsPerGpu(const BenchmarkPoint& r)
{
    const double perUser = tps(r.perUser);
    const double total = tps(r.totalPerGpu);
    const double output = tps(r.outputPerGpu) > 0 ? tps(r.outputPerGpu)
        : r.inputTokens + r.outputTokens > 0      ? total * r.outputTokens / (r.inputTokens + r.outputTokens)
                                                  : 0.0;
    return perUser > 0 && output > 0 ? output / perUser : 0.0;
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
                        k.inputTokens, k.outputTokens, rows[i].row->grade, 0, 0, {}};
        std::size_t j = i;
        for (; j < rows.size() && rows[j].key() == rows[i].key(); ++j) {
            c.curve.add(*rows[j].row);
            c.round = std::max(c.round, mlperfRoundIndex(rows[j].row->source).value_or(0));
            c.concurrencyPerGpu = std::max(c.concurrencyPerGpu, requestsPerGpu(*rows[j].row));
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
    if (query.expertParallelGpus <= 0)
        return estimateInDomain(query, claim);
    ThroughputQuery inDomain = query;
    inDomain.expertParallelGpus = 0;
    const ModelSpec* spec = catalog_->model(query.model);
    const Context c{*catalog_, *calibration_, curvesOf(spec ? std::string_view(spec->id) : query.model), query};
    return withWideExpertParallel(c, estimateInDomain(inDomain, claim));
}

Result<ThroughputEstimate> ThroughputModel::estimateInDomain(const ThroughputQuery& query, const VendorClaim* claim) const
{
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
        auto l = estimateInDomain(loose, claim);
        const bool frontierEnd = l && fromOwnRows(l.value().method) && !offlineRowOf(c, query);
        if (l && e)
            holdToLatencyBoundShare(*calibration_, query, l.value(), e.value());
        if (l && !frontierEnd && l.value().totalPerGpu < e.value().totalPerGpu) {
            const double own = tps(e.value().totalPerGpu);
            std::vector<CurvePoint> curve = std::move(e.value().curve);
            e = std::move(l);
            e.value().curve = std::move(curve);
            e.value().warnings.push_back({"workload.min_tokens_per_s_per_user",
                "capped at the full-load figure: a latency limit never raises throughput",
                "held at the figure without an interactivity requirement (" + numberText(tps(e.value().totalPerGpu))
                    + " tok/s per GPU, below this requirement's own " + numberText(own)
                    + "): a latency limit never raises throughput"});
        }
    }
    if (e)
        holdToServer(*this, *calibration_, *catalog_, spec ? std::string_view(spec->id) : query.model, query, claim, e.value());
    return e;
}

} // namespace planner
