// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/throughput_curve.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>

namespace planner {

namespace {

// How far apart two lengths are, as |log| of their ratio: the measure both shape tests use.
struct LengthGaps {
    double input = HUGE_VAL, output = HUGE_VAL; // HUGE_VAL where a length is zero or negative
    LengthGaps(double inputA, double outputA, double inputB, double outputB)
    {
        if (inputA <= 0 || outputA <= 0 || inputB <= 0 || outputB <= 0)
            return;
        input = std::abs(std::log(inputA / inputB)); // NaN for a NaN length: never within tolerance
        output = std::abs(std::log(outputA / outputB));
    }
    bool withinTolerance() const
    {
        static const double limit = std::log(kShapeTolerance) + 1e-12;
        return input <= limit && output <= limit;
    }
    double sum() const { return input + output; }
};

} // namespace

bool sameShape(double inputA, double outputA, double inputB, double outputB)
{
    return LengthGaps(inputA, outputA, inputB, outputB).withinTolerance();
}

double shapeDistance(double inputA, double outputA, double inputB, double outputB)
{
    return LengthGaps(inputA, outputA, inputB, outputB).sum();
}

double shapeDistanceBeyondTolerance(double inputA, double outputA, double inputB, double outputB)
{
    const LengthGaps gaps(inputA, outputA, inputB, outputB);
    return gaps.withinTolerance() ? 0.0 : gaps.sum();
}

void ThroughputCurve::add(const BenchmarkPoint& row)
{
    const double total = units::in_tokens_per_second(row.totalPerGpu);
    const double perUser = units::in_tokens_per_second(row.perUser);
    if (!(total > 0) || !(perUser >= 0) || !std::isfinite(total) || !std::isfinite(perUser))
        return; // no usable figure: neither a frontier point nor an Offline run
    const double ttft = units::in_seconds(row.ttftP99.value() > 0 ? row.ttftP99 : row.ttftMedian);
    const double pools = double(row.prefillGpus) + row.decodeGpus;
    const double prefillShare = row.prefillGpus > 0 && row.decodeGpus > 0 ? row.prefillGpus / pools : -1.0;
    Node n{0, std::log(total), perUser, total, row.rowId, row.grade, ttft, prefillShare};
    if (perUser > 0) {
        n.logUser = std::log(perUser);
        nodes_.push_back(n);
    } else if (!offline_ || total > offline_->total) {
        offline_ = n; // the best Offline run is the no-bound answer
    }
}

void ThroughputCurve::finish()
{
    // Fastest per user first, then highest throughput: a node is on the frontier exactly when
    // its throughput beats every node at least as fast per user (equal pairs keep one).
    std::sort(nodes_.begin(), nodes_.end(), [](const Node& a, const Node& b) {
        return a.perUser != b.perUser ? a.perUser > b.perUser : a.total > b.total;
    });
    std::vector<Node> kept;
    double best = -1.0;
    for (const Node& n : nodes_) {
        if (n.total > best) {
            kept.push_back(n);
            best = n.total;
        }
    }
    std::reverse(kept.begin(), kept.end());
    nodes_ = std::move(kept);
}

std::vector<CurvePoint> ThroughputCurve::frontier() const
{
    std::vector<CurvePoint> out;
    out.reserve(nodes_.size());
    for (const Node& n : nodes_)
        out.push_back({units::tokens_per_second(n.perUser), units::tokens_per_second(n.total), n.row});
    return out;
}

std::optional<units::TokenRate> ThroughputCurve::lowestPerUser() const
{
    if (nodes_.empty())
        return std::nullopt;
    return units::tokens_per_second(nodes_.front().perUser);
}

std::optional<units::TokenRate> ThroughputCurve::highestPerUser() const
{
    if (nodes_.empty())
        return std::nullopt;
    return units::tokens_per_second(nodes_.back().perUser);
}

CurveReading ThroughputCurve::readNode(const Node& n, CurveEnd clamped) const
{
    return {units::tokens_per_second(n.total), clamped, n.row, n.row, n.grade, false, units::seconds(n.ttft),
            n.prefillShare};
}

CurveReading ThroughputCurve::readBetween(const Node& a, const Node& b, double logUser) const
{
    // Straight line in log-log: the power law through the two neighbours.
    const double t = (logUser - a.logUser) / (b.logUser - a.logUser);
    const double logTotal = a.logTotal + t * (b.logTotal - a.logTotal);
    const bool pools = a.prefillShare >= 0 && b.prefillShare >= 0;
    return {units::tokens_per_second(std::exp(logTotal)), CurveEnd::Inside, a.row, b.row,
            weaker(a.grade, b.grade), false, units::seconds(std::max(a.ttft, b.ttft)),
            pools ? a.prefillShare + t * (b.prefillShare - a.prefillShare) : -1.0};
}

std::optional<CurveReading> ThroughputCurve::read(units::TokenRate minPerUser) const
{
    const double slo = units::in_tokens_per_second(minPerUser);
    if (slo <= 0 && offline_) {
        // No bound and an Offline run: the best measured figure is the answer, unflagged (a
        // bounded run faster than the Offline one is a valid no-bound operating point too).
        if (!nodes_.empty() && nodes_.front().total > offline_->total)
            return readNode(nodes_.front(), CurveEnd::Inside);
        CurveReading r = readNode(*offline_, CurveEnd::Inside);
        r.offline = true;
        return r;
    }
    if (nodes_.empty())
        return std::nullopt;
    if (slo < nodes_.front().perUser)
        return readNode(nodes_.front(), CurveEnd::BelowMeasured);
    if (slo > nodes_.back().perUser)
        return readNode(nodes_.back(), CurveEnd::AboveMeasured);
    // First node strictly faster than the requirement; its left neighbour is at or below it.
    auto hi = std::upper_bound(nodes_.begin(), nodes_.end(), slo,
                               [](double v, const Node& n) { return v < n.perUser; });
    if (hi == nodes_.end() || (hi - 1)->perUser == slo)
        return readNode(*(hi - 1), CurveEnd::Inside);
    return readBetween(*(hi - 1), *hi, std::log(slo));
}

std::string clampMessage(const ThroughputCurve& curve, const CurveReading& reading,
                         units::TokenRate minPerUser)
{
    const double slo = units::in_tokens_per_second(minPerUser);
    // How far outside: the factor between the requirement and the end run, when both are positive.
    auto by = [](double outer, double inner) {
        return outer > 0 && inner > 0 ? " by " + numberText(outer / inner) + "x" : std::string();
    };
    if (reading.clamped == CurveEnd::BelowMeasured && curve.lowestPerUser()) {
        const double low = units::in_tokens_per_second(*curve.lowestPerUser());
        return "extrapolated beyond measured range: " + numberText(slo)
            + " tok/s/user is below the lowest measured interactivity (" + numberText(low)
            + " tok/s/user)" + by(low, slo) + "; throughput held at the value measured there, a lower bound";
    }
    if (reading.clamped == CurveEnd::AboveMeasured && curve.highestPerUser()) {
        const double high = units::in_tokens_per_second(*curve.highestPerUser());
        return "extrapolated beyond measured range: " + numberText(slo)
            + " tok/s/user is above the highest measured interactivity (" + numberText(high)
            + " tok/s/user)" + by(slo, high) + "; throughput held at the value measured there, an overestimate";
    }
    return {};
}

} // namespace planner
