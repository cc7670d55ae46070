// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How well does the throughput model predict what was measured? Leave-one-out within one set of
// benchmark points, and prediction of one set from another ("import v4.1, predict v5.1").
//
// Simplifications:
// - Two leave-one-out flavours. LeaveOut::Point removes only the point: it is predicted from its
//   curve's neighbours (method measured) when the curve has others, else by transfer or the
//   roofline. LeaveOut::Curve removes the point's whole curve: every point is then predicted by
//   transfer or the roofline, as a system nobody has measured would be. A curve here is one
//   configuration (model, system, precision, serving, lengths) with all its grades, which the
//   throughput model keeps as separate curves: leaving out only the point's own grade would let
//   rows of the same runs read at another grade (InferenceX's interpolations) predict it.
// - With recalibrate on, Curve mode refits the efficiencies of the curve's (generation, precision)
//   without the curve, so a point never helps predict itself. Point mode keeps the calibration
//   given: one point barely moves a fit, and refitting per point would cost a fit per point.
// - Each prediction is made at the point's own interactivity, lengths, precision and serving mode;
//   relative error = predicted / measured - 1.
// - Statistics: median of the signed error (bias), mean absolute error, and the 90th percentile
//   of the absolute error (nearest rank); overall, by method and by GPU id.
// - LeaveOut::Benchmark removes every row of the point's model (all sources): the "new model" case,
//   answered by the roofline alone; with recalibrate on, the efficiencies are refitted without
//   the model's rows too.
// - Groups: by method, GPU id, benchmark (the MLPerf benchmark family of an MLPerf point, else the
//   model id) and scenario (MLPerf's Offline / Server / Interactive; "other" for curves of other
//   sources). Beside the statistics above: the median absolute error, the share within 25%, and
//   the share of points whose measured figure lies inside the prediction's P10-P90 band.
// - Across rounds (predictAcross), each target point is asked for its own MLPerf round and
//   scenario, so figures read from an older round's rows carry the software gain
//   (software_gain.h); `softwareGain = false` asks without a round, to show what the gain buys.
// - LeaveOut::Accelerator removes every row of the point's GPU id, in every system: the new-chip
//   case. Recalibrate has no effect there: the forward protocol (forward_validation.h) refits.
// - A point the model cannot predict (model or system unknown to the catalog, infeasible) counts
//   as skipped, not as an error.

#include "serving/benchmark.h"
#include "serving/calibration.h"
#include "catalog/catalog.h"
#include "core/feedback.h"
#include "serving/throughput.h"

#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace planner {

enum class LeaveOut { Point, Curve, Benchmark, Accelerator };

struct ValidationOptions {
    LeaveOut mode = LeaveOut::Point;
    bool recalibrate = true; // Curve mode: refit without the left-out curve
};

// The acceptance's outlier rule: predicted below half or above twice what was measured, from the
// relative error predicted / measured - 1.
inline bool outsideHalfToDouble(double relativeError) { return 1 + relativeError < 0.5 || 1 + relativeError > 2; }

struct Prediction {
    std::int64_t rowId = 0;
    std::string model, system, gpu;
    std::string benchmark, scenario; // see the header's groups
    ThroughputMethod method = ThroughputMethod::Analytic;
    double measured = 0, predicted = 0; // total tokens/s per GPU
    double p10 = 0, p90 = 0;            // the prediction's band
    double softwareGain = 1;            // factor applied for rounds between the rows and the point
    double relativeError = 0;           // predicted / measured - 1
    std::string transferredFrom;        // transferred: the source system
    std::string maturity;               // forward protocols: the benchmark's age (forward_validation.h)
    double latencyBoundShare = 1;       // the share of the Offline figure it was held to (< 1), or 1
    double outputTokens = 0;            // mean output tokens of the point's requests
    bool inBand() const { return measured >= p10 && measured <= p90; }
    bool outsideHalfToDouble() const { return planner::outsideHalfToDouble(relativeError); }
};

struct ErrorStats {
    int count = 0;
    double medianSigned = 0;
    double meanAbsolute = 0;
    double p90Absolute = 0;
    double medianAbsolute = 0;
    double within25 = 0; // share of points with |error| <= 25%
    double inBand = 0;   // share of points inside their P10-P90 band (statsOf only)
    int outsideHalfToDouble = 0; // points predicted below half or above twice what was measured
};

struct ErrorGroup {
    std::string name; // method name or GPU id
    ErrorStats stats;
};

struct ValidationReport {
    std::vector<Prediction> predictions;
    ErrorStats overall;
    std::vector<ErrorGroup> byMethod, byGpu, byBenchmark, byScenario; // sorted by name
    std::vector<ErrorGroup> byMaturity; // when predictions carry one
    int skipped = 0;
    bool cancelled = false; // the statistics cover the points done before the cancel
};

ErrorStats errorStats(std::vector<double> relativeErrors);
// errorStats of the predictions' errors, with their share inside the band.
ErrorStats statsOf(const std::vector<const Prediction*>& predictions);

// The GPU id of a point (its own, else its system's); "unknown" when neither is known.
std::string gpuOf(const BenchmarkPoint& p, const Catalog& catalog);
// Whether a point can be validated: model, system, throughput and lengths are known.
bool usable(const BenchmarkPoint& p);

// The usable points grouped by a key (a model id, a GPU id), and the points outside one group:
// every leave-a-group-out protocol predicts each group from the rest.
using PointKey = std::function<std::string(const BenchmarkPoint&)>;
std::map<std::string, std::vector<const BenchmarkPoint*>> usablePointsBy(std::span<const BenchmarkPoint> points,
                                                                       const PointKey& key);
std::vector<BenchmarkPoint> pointsOutside(std::span<const BenchmarkPoint> points, const PointKey& key,
                                          const std::string& group);

// Predicts one point with the model and files the prediction (a point it cannot predict counts
// as skipped); withRound asks for the point's own MLPerf round. summarise fills the statistics.
void predictPoint(ValidationReport& r, const ThroughputModel& model, const BenchmarkPoint& p, const Catalog& catalog,
                  bool withRound = false);
void summarise(ValidationReport& r);

ValidationReport leaveOneOut(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                             const Calibration& calibration, const ValidationOptions& options = {},
                             const Feedback* feedback = nullptr);

// Predicts every point of `target` from the rows of `reference` alone, after calibrating on the
// reference when `calibrateOnReference` (else with `calibration` as given).
ValidationReport predictAcross(std::span<const BenchmarkPoint> reference, std::span<const BenchmarkPoint> target,
                               const Catalog& catalog, const Calibration& calibration,
                               bool calibrateOnReference = true, const Feedback* feedback = nullptr,
                               bool softwareGain = true);

} // namespace planner
