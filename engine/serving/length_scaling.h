// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How throughput changes with the request's input and output lengths, learned from the data: the
// roofline says how a system's tokens/s per GPU moves from one (input, output) shape to another,
// and measured pairs of shapes say by how much more or less it really moves (issue 11: "transfer
// across workloads ... with the length and latency scaling learned from the data").
//
// Simplifications:
// - One exponent b for every model and system: the measured log ratio between two shapes is
//   b x the roofline's log ratio for the same system, model and precision. b > 1: the roofline
//   underrates how much a change of shape costs (DeepSeek-R1 on HGX B200: 1k/1k to 1k/8k loses
//   two thirds of the tokens/s in TensorRT-LLM's own table, attention over long contexts being
//   several times the roofline's one multiply-add per cached element for MLA and GQA).
// - A pair is two curves of one model, system, precision, serving mode and evidence grade (one
//   source's method) at shapes that are not the same (throughput_curve.h), each represented by
//   its best run; the roofline of each is read without a latency requirement, with the
//   calibrated efficiencies of the generation. Pairs whose roofline ratio is within 5% of 1 carry
//   no information about b and are skipped.
// - b by least squares through the origin of the measured log ratios on the roofline's;
//   held within [kMinExponent, kMaxExponent]; without pairs b = 1 (the roofline as it is).
// - Applied by the throughput model (throughput.h) to the length part of a transfer's roofline
//   ratio only: ratio = [roofline(target, query shape) / roofline(target, source shape)]^b x
//   roofline(target, source shape) / roofline(source, source shape). The hardware part stays as
//   the roofline gives it.

#include "serving/benchmark.h"
#include "catalog/catalog.h"

#include <span>

namespace planner {

class Calibration;

struct LengthScaling {
    static constexpr double kMinExponent = 0.5, kMaxExponent = 3.0;
    double exponent = 1.0;
    int pairs = 0;
    double rmsLogBefore = 0, rmsLogAfter = 0; // of the pairs' log ratios, roofline as is and scaled

    // The roofline's length ratio (query shape over source shape, same system) as measured pairs say it moves.
    double scaled(double rooflineLengthRatio) const;
};

// Fits the exponent on the points, reading rooflines with `calibration`'s efficiencies.
LengthScaling fitLengthScaling(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                               const Calibration& calibration);

} // namespace planner
