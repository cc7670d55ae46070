// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The measured throughput-interactivity curve of one (model, system, precision, serving mode,
// input/output length) combination: total tokens/s per GPU against output tokens/s per user, and
// the reading of throughput at a required minimum interactivity.
//
// Simplifications:
// - Only the Pareto frontier counts. A run beaten on both axes by another run of the same curve is
//   a worse configuration, not another operating point. A point is dominated when another has
//   per-user >= and per-GPU >= with one of them strictly greater.
// - Between two frontier points throughput follows a power law of interactivity: a straight line
//   in log(per-GPU) against log(per-user). We chose this over a monotone cubic: on the usual
//   concave frontier the chord lies below the curve, so a reading never promises throughput that
//   no run has shown; it is monotone by construction and can be checked by hand.
// - The figure read is throughput, never cost: cost is TCO divided by throughput afterwards, and
//   interpolating cost would bend the curve differently.
// - Outside the measured interactivity range the reading is clamped to the end point and flagged.
//   Below the lowest measured interactivity the clamped figure is a lower bound (a bigger batch
//   might do better); above the highest it is an overestimate (no run reached that speed).
// - Offline rows (no latency bound, per-user unknown) answer only a query with no interactivity
//   requirement; they never enter the frontier.
// - Rows belong to the curve of a request when their mean input and output lengths are each
//   within a factor kShapeTolerance of the request's. Other lengths are other curves; the
//   throughput model transfers between them with the roofline instead of mixing them here.

#include "serving/benchmark.h"
#include "core/evidence.h"
#include "core/units.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace planner {

// Input and output lengths within this factor of the request's (1024 vs 1000 tokens, yes;
// 1024 vs 8192, no) count as the same workload shape.
inline constexpr double kShapeTolerance = 1.25;
bool sameShape(double inputA, double outputA, double inputB, double outputB);
// Distance between two shapes in log space, for choosing the closest of several curves.
double shapeDistance(double inputA, double outputA, double inputB, double outputB);
// 0 where sameShape holds, else shapeDistance: one pair of logarithms for both questions.
double shapeDistanceBeyondTolerance(double inputA, double outputA, double inputB, double outputB);

struct CurvePoint {
    units::TokenRate perUser;     // output tokens/s per user
    units::TokenRate totalPerGpu; // input + output tokens/s per GPU
    std::int64_t rowId = 0;       // 0 for model points (roofline sweep)
};

enum class CurveEnd { Inside, BelowMeasured, AboveMeasured };

struct CurveReading {
    units::TokenRate totalPerGpu;
    CurveEnd clamped = CurveEnd::Inside;
    std::int64_t rowLow = 0;  // rows the figure is read from; equal when a single row answers
    std::int64_t rowHigh = 0;
    Grade grade = Grade::Verified; // weaker grade of those rows
    bool offline = false;          // answered by an Offline row (query without interactivity bound)
    units::Time ttft;              // larger TTFT of those rows (p99, else median); zero when unknown
    // Disaggregated rows that state their pools: the prefill pool's share of their GPUs, between
    // two rows interpolated as the throughput is; < 0 when a row read does not state it.
    double prefillShare = -1;
};

class ThroughputCurve {
public:
    // Collect rows, then finish() once; rows without a positive, finite throughput (or with a
    // negative per-user rate) are ignored.
    void add(const BenchmarkPoint& row);
    void finish();

    bool empty() const { return nodes_.empty() && !offline_; }
    std::size_t frontierSize() const { return nodes_.size(); }
    std::vector<CurvePoint> frontier() const;
    std::optional<units::TokenRate> lowestPerUser() const;
    std::optional<units::TokenRate> highestPerUser() const;

    // Throughput at a required minimum per-user rate (zero or less: no requirement). Empty curve:
    // nullopt. Never allocates.
    std::optional<CurveReading> read(units::TokenRate minPerUser) const;

private:
    struct Node {
        double logUser = 0, logTotal = 0; // natural logs of tok/s
        double perUser = 0, total = 0;    // tok/s, exact values returned at the nodes
        std::int64_t row = 0;
        Grade grade = Grade::Verified;
        double ttft = 0; // seconds, p99 where known, else median, else 0
        double prefillShare = -1; // prefill GPUs / (prefill + decode GPUs); < 0 unknown
    };
    CurveReading readNode(const Node& n, CurveEnd clamped) const;
    CurveReading readBetween(const Node& a, const Node& b, double logUser) const;

    std::vector<Node> nodes_; // Pareto frontier, per-user ascending, total strictly descending
    std::optional<Node> offline_;
};

// "extrapolated beyond measured range (above the highest measured 286 tok/s/user); ..." or empty
// when the reading is inside the range.
std::string clampMessage(const ThroughputCurve& curve, const CurveReading& reading,
                         units::TokenRate minPerUser);

} // namespace planner
