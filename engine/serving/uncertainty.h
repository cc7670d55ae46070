// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Uncertainty bands of throughput predictions: each method's P10 and P90 of measured / predicted,
// measured by validating the model on the points it is calibrated on, so every figure can carry
// the spread its method has shown (issue 11: "knows what it does not know").
//
// Simplifications:
// - Measured and extrapolated bands come from leave-one-point-out (validation.h, LeaveOut::Point):
//   each point predicted from its curve's neighbours.
// - The transferred band comes from leave-one-curve-out without refitting (LeaveOut::Curve): a
//   transfer answers a configuration with no rows of its own, which is what removing the whole
//   curve asks. Leave-one-point-out transfers only the single-point curves, the easy ones (the
//   band from them held 81% of v5.1's transfers, 77% of all points, from v4.1).
// - The analytic band comes from leave-one-benchmark-out without refitting (LeaveOut::Benchmark,
//   recalibrate off): the roofline on a model with no rows of its own, which is when it answers.
//   Not refitting makes it a little optimistic (the efficiencies saw the model's rows).
// - Quantiles of log(measured / predicted), linear between order statistics; a method with fewer
//   than kMinBandPoints errors keeps the default band of ErrorBand (calibration.h).
// - A figure carried across MLPerf rounds is further widened by the spread of the software gain
//   (software_gain.h) in throughput.cpp; within one store the band says nothing of drift between
//   rounds.

#include "serving/benchmark.h"
#include "serving/calibration.h"
#include "catalog/catalog.h"

#include <span>
#include <vector>

namespace planner {

inline constexpr int kMinBandPoints = 5;

// The q-quantile (0..1) of the values, linear between order statistics; 0 for none.
double quantile(std::vector<double> values, double q);
// The middle value, or the mean of the middle two; 0 for none.
double median(std::vector<double> values);

// The calibration with its bands measured on the points (see the header comment).
Calibration withBands(std::span<const BenchmarkPoint> points, const Catalog& catalog, Calibration calibration);

} // namespace planner
