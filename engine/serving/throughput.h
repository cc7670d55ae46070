// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Throughput at the service level: tokens/s per GPU for a (model, system, precision, input and
// output tokens, minimum interactivity) query, with its method, evidence grade and the rows it
// rests on. The first method that applies answers:
// 1. measured: rows of this model, system and precision with matching lengths form a curve
//    (throughput_curve.h), read at the required interactivity. Grade: the weakest row read.
//    Unless the requirement lies more than Calibration::clampTolerance (default 1.25x) beyond the
//    runs of every such curve: then (c) below answers when it can, else the clamped reading
//    stands, flagged, moved from the end run to the requirement: above the runs by the
//    interactivity elasticity measured on frontiers (calibration.h) where it covers the way, else
//    by the ratio of the system's own roofline at the requirement and at the end run, no lower
//    than the elasticity measured at slower rates carried on. A reading outside the curve's measured interactivity range (held at its
//    end run) is method extrapolated, graded no better than Estimate, with a warning that says
//    how far outside the range the requirement lies.
// 2. transferred: (a) a vendor claim "this system is r times system Y on this model", given with
//    the query: r x Y's estimate, graded no better than the claim (vendor); else (b) rows of the
//    same model on another system, precision or length, times the roofline ratio
//    analytic(query) / analytic(source) at the same interactivity, where the roofline's errors
//    largely cancel; graded no better than Estimate. Between two accelerators at one precision the
//    ratio is the spec ratio with exponents fitted on measured pairs (spec_transfer.h) instead of
//    the roofline's, and the answer is the median of such transfers from up to five accelerators
//    measured at the query's lengths, serving mode and precision (a rack-scale target whose best
//    source is rack-scale takes only rack-scale ones). (c) The system's own rows stop short of the
//    requirement (see 1) and another curve of the model covers it: that curve's reading times the
//    measured ratio own(a) / source(a), both curves read at the per-user rate a where the own
//    rows end nearest the requirement, when the source reaches a; else times the roofline ratio
//    as in (b). Graded no better than Estimate; a warning says how far the own rows reach.
//    Where such a transfer and the system's own rows extrapolated to the requirement (1's moved
//    reading) differ by more than 2x, a warning says so and the band widens to cover both.
//    (d) No curve of the model reaches any per-user rate but some have Offline rows: the transfer
//    without a requirement, as in (b), moved to the requirement by the target's own roofline,
//    roofline(requirement) / roofline(none). Graded no better than Estimate.
// 3. analytic: the calibrated roofline (roofline.h, calibration.h); grade Estimate.
//
// Simplifications:
// - Measured rows of the requested serving mode are preferred; rows of the other mode are used
//   with a warning rather than ignored (a disaggregated run still shows what the system does at
//   that interactivity). Among several matching curves: one whose runs come within
//   clampTolerance of the requirement, then serving mode, then the better evidence grade, then
//   closest lengths.
// - Rows of one configuration but different grades form separate curves. A frontier keeps the best
//   throughput at every interactivity, so one weaker row mixed in (an MLPerf open-division run of
//   a pruned model or an unoptimised stack, graded measured; a figure read off a chart, graded
//   estimate) would replace the audited runs wherever it is higher, or fill a frontier with an
//   outlier where it is the only row at its precision. Kept apart, the better-graded curve answers
//   whenever it covers the requirement, and the weaker one still answers where nothing else does.
// - Transfer source: same precision, then rows that reach the requirement, then the nearest GPU
//   generation, then same system (other lengths), then lengths within tolerance, else the closest
//   lengths (shapeDistance), then same serving mode, then the same scale-up domain size (an NVL72 rack from an
//   NVL72 rack), then the better grade, then most frontier points, then system id. When the
//   target's GPU generation has no calibration of its own, both rooflines of the ratio use the
//   source's fitted efficiencies, so the ratio compares hardware, not fitted against default
//   software efficiency. For such an uncalibrated target the roofline ratio is also held within
//   the hardware's own ratios of HBM bandwidth and dense compute (a roofline read near its latency
//   cliff can give any ratio). The roofline ratio carries every difference between source and query, serving mode
//   included. Both rooflines are read at the requirement even when the source's rows stop short
//   of it: the source's reading is then its end run, moved past a fastest run by the interactivity
//   trend measured on frontiers (calibration.h). The source's roofline is not read at
//   that end run instead (which would let the ratio carry the step in interactivity): the
//   roofline's shape along the interactivity axis is its weakest part, and at a common rate its
//   errors cancel.
// - A vendor ratio applies at every interactivity (claims rarely say at which), to Y's estimate by
//   whatever method answers for Y, whenever the system has no rows of its own for the query (a
//   roofline transfer or the roofline alone is weaker evidence than a published ratio). When the
//   roofline ratio for the same pair differs by more than 2x, a warning says so.
// - Own rows far from the requirement (2c): a curve "covers" a rate within clampTolerance of its
//   runs, for the source at the requirement and at the anchor alike (reading it clamped there).
//   The anchor sits on the own rows' end, so the ratio rests on real runs of both systems rather
//   than on the roofline; with peak-throughput rows alone, it compares the two peaks. The ratio
//   measured there is assumed to hold at the requirement: close for two systems with the same
//   memory bandwidth and scale-up domain, less so otherwise, so a warning compares it with the
//   roofline's ratio at the requirement when the two differ by more than 2x. Sources ranked as in
//   (b), but any with a measured anchor before any without. Vendor claims are not consulted here:
//   the system's own runs say more about its level than a claim does. When the roofline cannot
//   set the system up (it finds the model too big, which the rows disprove), group size and TTFT
//   stay unknown.
// - A latency requirement never raises throughput: an answer above the same query's answer without
//   one is held at it (Offline >= Server >= Interactive), unless that answer is only the best run
//   of the system's own frontier (rows that stop short of low interactivity bound Offline from
//   below). The figure is per GPU and independent of the GPU count, so more GPUs never give fewer
//   tokens/s in total.
// - Software gain and bands: see ThroughputQuery::round, software_gain.h and uncertainty.h.
// - A roofline ratio between two shapes (input, output lengths) is split into its hardware part
//   (both systems at the source's shape) and its length part (the target at both shapes); the
//   length part is raised to the exponent fitted on measured pairs of shapes (length_scaling.h).
// - MLPerf's latency-bound scenarios (ThroughputQuery::scenario Server or Interactive): a figure
//   not read from the system's own rows is held at or below the share of the same query's
//   Offline figure that the rounds in the store show (latency_bound.h).
// - Output tokens/s per GPU = total x OSL / (ISL + OSL) of the query; input share ISL / (ISL + OSL).
// - TTFT: measured rows are checked where they carry TTFT (p99, else median) and flagged, not
//   dropped. Transferred and analytic estimates grow the group until the roofline's prefill of one
//   request meets the limit, else the query is infeasible.
// - Analytic disaggregated serving: prefill and decode pools each at their own rate, so over both
//   pools total/GPU = (ISL + OSL) / (ISL / prefill rate + OSL / decode rate).
// - A model that does not fit on the system is infeasible for transferred and analytic estimates;
//   measured rows prove that it fits.
// - Speed: ThroughputModel indexes the rows once; a query then costs a few curve reads and roofline
//   evaluations (microseconds), allocating only for its result's lists.

#include "serving/benchmark.h"
#include "serving/calibration.h"
#include "serving/software_gain.h"
#include "catalog/catalog.h"
#include "core/evidence.h"
#include "core/result.h"
#include "serving/throughput_curve.h"
#include "core/units.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace planner {

// "3.7x GB300 NVL72 vs HGX H200 on Qwen3-VL-235B": a manufacturer's throughput ratio.
struct VendorClaim {
    std::string model;          // ModelSpec id
    std::string system;         // the system the claim is about
    std::string baselineSystem; // the system it is compared with
    std::optional<Precision> precision; // when the claim names one; else the query's
    double ratio = 1.0;         // tokens/s per GPU, system / baseline
    std::string text;           // the claim as published
    Provenance provenance;      // normally grade Vendor
    // The input the claim came from, named in the evidence and warnings: a scenario path
    // ("workload.claim_ratio"); empty: "claim:" + text.
    std::string where;
};

struct ThroughputQuery {
    std::string model;  // ModelSpec id
    std::string system; // SystemSpec id
    Precision precision = Precision::FP8;
    double inputTokens = 1024;  // mean per request
    double outputTokens = 1024;
    units::TokenRate minPerUser; // output tokens/s per user; zero: no requirement
    units::Time maxTtft;         // zero: no limit
    Serving serving = Serving::Aggregated;
    // Speculative decoding (MTP): output tokens a decode step yields per sequence. Read by the
    // roofline alone (ThroughputMethod::Analytic): measured rows carry their runs' own.
    double acceptedTokensPerStep = 1;
    // Wide expert parallelism over this many GPUs (0: off), which may span scale-up domains, and
    // the scale-out bandwidth per GPU (all its NICs over the leaf's oversubscription, one
    // direction) its exchange across domains uses. Any figure is moved by the roofline's ratio of that group to one domain's (see
    // ThroughputModel::estimate).
    int expertParallelGpus = 0;
    units::Bandwidth scaleOutPerGpu;
    bool withCurve = true;       // fill ThroughputEstimate::curve (sweeps turn it off)
    // The MLPerf round the figure is for (index as mlperfRoundIndex: 11 = v5.1); 0: none. A figure
    // read from rows of an earlier round is then multiplied by the software gain between the two
    // (software_gain.h), stated as its own factor; never one read from rows of this round.
    int round = 0;
    MlperfScenario scenario = MlperfScenario::Unknown; // for the gain; Unknown: Offline without a requirement, else Server
    // With no round: a figure read from MLPerf rows stands as measured, or (Expected) carries the
    // gain to the round after the newest in the store. Either way its band widens by the spread
    // of that gain, since the next round will differ from what was measured.
    SoftwareMode software = SoftwareMode::Measured;
};

// Extrapolated: read from the system's own rows, but at an interactivity outside their measured
// range (the reading is held at the nearest end run); graded no better than Estimate.
enum class ThroughputMethod { Measured, Extrapolated, Transferred, Analytic };
std::string_view methodName(ThroughputMethod m); // "measured", "extrapolated", "transferred", "analytic"
// Read from the system's own rows (measured or extrapolated), not transferred or modelled.
bool fromOwnRows(ThroughputMethod m);

struct ThroughputEstimate {
    units::TokenRate totalPerGpu;  // input + output tokens/s per GPU
    units::TokenRate outputPerGpu;
    double inputShare = 0;         // of all tokens
    ThroughputMethod method = ThroughputMethod::Analytic;
    Evidence evidence;             // grade, method, inputs ("row:123", "claim:...", "catalog:...")
    std::vector<std::int64_t> rowsUsed; // the rows the figure is read from
    std::vector<CurvePoint> curve; // for charts: measured frontier, source frontier x ratio, or roofline sweep
    Warnings warnings;
    int groupSize = 0;             // GPUs per model instance (the roofline's choice); 0 when unknown
    int batch = 0;                 // analytic: sequences per group at the requirement
    units::Time ttft;              // analytic: prefill of one request; measured: rows' TTFT; zero when unknown
    std::string transferredFrom;   // transferred: source system id
    double transferRatio = 0;      // transferred: multiplier applied to the source reading
    // Transferred, read past the source's fastest run: the measured interactivity trend's factor
    // on that run (1: none), and the per-user rate the run reached.
    double sourceTrend = 1;
    double sourceReach = 0;
    units::TokenRate prefillPerGpu, decodePerGpu; // analytic disaggregated: role rates
    // Read from disaggregated rows that state their pools: the prefill pool's share of the GPUs
    // (CurveReading::prefillShare), which is the share of GPU time input tokens take; < 0 unknown.
    double prefillPoolShare = -1;
    // Wide expert parallelism (ThroughputQuery::expertParallelGpus): the factor applied for the
    // group over one domain's (1 when the wide group's roofline alone answers; 0 when not applied),
    // the share of the roofline's decode step the exchange keeps the scale-out NICs busy, and
    // the average traffic per GPU that makes (the share times their usable rate).
    double wideExpertFactor = 0;
    units::Bandwidth scaleOutPerGpu;
    double scaleOutBusy = 0;
    units::TokenRate transferAnchor; // transferred with a measured ratio: the per-user rate it was read at
    int sourceRound = 0;          // newest MLPerf round of the rows read (0: none is an MLPerf row)
    double softwareGain = 1;      // factor applied for the rounds between sourceRound and the query's round
    // MLPerf's latency-bound scenarios: the share of the Offline figure the estimate was held to
    // (latency_bound.h), directly or through the Server figure an Interactive one was held to;
    // 1 when no such hold set the figure.
    double latencyBoundShare = 1;
    // P10 and P90 of the figure: the figure times the 10th and 90th percentiles of measured /
    // predicted of its method in validation (uncertainty.h), widened when carried across rounds.
    units::TokenRate p10PerGpu, p90PerGpu;
    // A band of the estimate's own, which replaces its method's: a spec transfer's is the spread
    // of measured pairs of accelerators around the fitted spec ratio (spec_transfer.h).
    std::optional<ErrorBand> ownBand;
    // How the figure was obtained, in one sentence a reader can check: the source, the ratio and
    // what it rests on ("gb300-nvl72's rows x 2.41: HBM bandwidth 2.75x^0.61 ..."). Empty when
    // the method says it all (measured).
    std::string derivation;
};

// The configuration a benchmark row belongs to: model (the catalog id when the catalog knows the
// name, so aliases meet), system, precision, serving mode and lengths rounded to whole tokens. The
// views point into the row and the catalog, which must outlive the key. The throughput model
// splits a configuration further by evidence grade (see MeasuredCurve); leave-one-out validation
// leaves out whole configurations.
struct CurveKey {
    std::string_view model, system;
    Precision precision = Precision::FP8;
    Serving serving = Serving::Aggregated;
    double inputTokens = 0, outputTokens = 0;
    auto operator<=>(const CurveKey&) const = default;
};
CurveKey curveKeyOf(const BenchmarkPoint& p, const Catalog& catalog);
// Whether two rows lie on one measured curve: the same key and the same evidence grade. The one
// rule for what a curve is: the throughput model groups its rows by it, and the benchmark browser
// plots the selected row's curve by it.
bool sameCurve(const BenchmarkPoint& a, const BenchmarkPoint& b, const Catalog& catalog);

// One measured curve and its key. Rows are grouped by exact mean input and output lengths, and by
// evidence grade: rows of one configuration with different grades are different curves (see the
// header comment), never one frontier.
struct MeasuredCurve {
    std::string model, system;
    Precision precision = Precision::FP8;
    Serving serving = Serving::Aggregated;
    double inputTokens = 0, outputTokens = 0;
    Grade grade = Grade::Verified; // of every row of the curve
    int round = 0;                 // newest MLPerf round among its rows; 0: none is an MLPerf row
    double concurrencyPerGpu = 0;  // the most requests per GPU its served runs kept in flight; 0: none served
    ThroughputCurve curve;
};

class ThroughputModel {
public:
    // Keeps pointers to catalog and calibration: both must outlive the model.
    ThroughputModel(std::span<const BenchmarkPoint> points, const Catalog& catalog, const Calibration& calibration);

    // The query answered by the first method that applies (see the header comment). With a claim
    // about the query's system and model, the claim answers whenever the system has no rows of its
    // own for the query: the baseline system's estimate for the same query (by any method) times
    // the claimed ratio, method transferred, graded no better than the claim or that estimate.
    // When the roofline's ratio for the same pair differs from the claim by more than 2x, a
    // warning says so; the claim still applies.
    // With wide expert parallelism (the query's expertParallelGpus), the figure so found, which
    // the rows or the roofline give for a group inside one domain, is multiplied by the roofline's
    // ratio of the wide group to expert parallelism over one domain (roofline.h), both at the
    // requirement: the model's own errors largely cancel in the ratio. Where one domain cannot
    // hold the model, the wide group's roofline alone answers (method analytic).
    Result<ThroughputEstimate> estimate(const ThroughputQuery& query, const VendorClaim* claim = nullptr) const;
    const std::vector<MeasuredCurve>& curves() const { return curves_; }

private:
    std::span<const MeasuredCurve> curvesOf(std::string_view model) const;
    // The estimate for a group inside one domain, before wide expert parallelism.
    Result<ThroughputEstimate> estimateInDomain(const ThroughputQuery& query, const VendorClaim* claim) const;

    const Catalog* catalog_;
    const Calibration* calibration_;
    std::vector<MeasuredCurve> curves_; // sorted by model, system, precision, serving, lengths
};

} // namespace planner
