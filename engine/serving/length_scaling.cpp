// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/length_scaling.h"

#include "serving/calibration.h"
#include "serving/roofline.h"
#include "serving/throughput_curve.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace planner {

double LengthScaling::scaled(double rooflineLengthRatio) const
{
    return rooflineLengthRatio > 0 ? std::pow(rooflineLengthRatio, exponent) : rooflineLengthRatio;
}

namespace {

// One curve's best run and its shape.
struct Shape {
    double input = 0, output = 0, best = 0;
};

// Tokens/s per GPU of the roofline without a latency requirement, or 0 when it cannot be set up.
double rooflinePeak(const BenchmarkPoint& p, double input, double output, const Catalog& catalog,
                    const Calibration& calibration)
{
    const SystemSpec* system = catalog.system(p.system);
    const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
    const ModelSpec* model = catalog.model(p.model);
    if (!gpu || !model)
        return 0;
    RooflineInput in{model, gpu, system->gpusPerDomain, p.precision, input, output,
                     calibration.efficiency(gpu->generation, p.precision), calibration.options,
                     DecodeMode::WithChunkedPrefill, units::tokens_per_second(0)};
    in.options.maxTtft = units::seconds(0);
    auto setup = prepareRoofline(in);
    if (!setup)
        return 0;
    return units::in_tokens_per_second(rooflineAtSlo(setup.value(), units::tokens_per_second(0)).totalPerGpu);
}

} // namespace

LengthScaling fitLengthScaling(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                               const Calibration& calibration)
{
    // Best run per (model, system, precision, serving, grade, shape); the first row of each group
    // stands for it when the roofline is read.
    using Group = std::tuple<std::string, std::string, Precision, Serving, Grade>;
    std::map<Group, std::map<std::pair<long, long>, std::pair<Shape, const BenchmarkPoint*>>> groups;
    for (const BenchmarkPoint& p : points) {
        const double v = units::in_tokens_per_second(p.totalPerGpu);
        const ModelSpec* model = p.model.empty() ? nullptr : catalog.model(p.model);
        if (!model || p.system.empty() || !(v > 0) || !(p.inputTokens > 0) || !(p.outputTokens > 0))
            continue;
        auto& slot = groups[{model->id, p.system, p.precision, p.serving, p.grade}]
                           [{std::lround(p.inputTokens), std::lround(p.outputTokens)}];
        if (!slot.second)
            slot = {{p.inputTokens, p.outputTokens, v}, &p};
        slot.first.best = std::max(slot.first.best, v);
    }
    std::vector<std::pair<double, double>> pairs; // (roofline log ratio, measured log ratio)
    for (const auto& [group, shapes] : groups) {
        if (shapes.size() < 2)
            continue;
        std::vector<std::pair<Shape, double>> read; // shape and its roofline peak
        for (const auto& [key, slot] : shapes)
            if (const double r = rooflinePeak(*slot.second, slot.first.input, slot.first.output, catalog, calibration);
                r > 0)
                read.push_back({slot.first, r});
        for (std::size_t i = 0; i < read.size(); ++i)
            for (std::size_t j = i + 1; j < read.size(); ++j) {
                const Shape& a = read[i].first;
                const Shape& b = read[j].first;
                if (sameShape(a.input, a.output, b.input, b.output))
                    continue;
                const double roofline = std::log(read[j].second / read[i].second);
                if (std::abs(roofline) < std::log(1.05))
                    continue;
                pairs.push_back({roofline, std::log(b.best / a.best)});
            }
    }
    LengthScaling out;
    out.pairs = static_cast<int>(pairs.size());
    if (pairs.empty())
        return out;
    double xy = 0, xx = 0;
    for (const auto& [x, y] : pairs)
        xy += x * y, xx += x * x;
    out.exponent = std::clamp(xy / xx, LengthScaling::kMinExponent, LengthScaling::kMaxExponent);
    double before = 0, after = 0;
    for (const auto& [x, y] : pairs) {
        before += (y - x) * (y - x);
        after += (y - out.exponent * x) * (y - out.exponent * x);
    }
    out.rmsLogBefore = std::sqrt(before / pairs.size());
    out.rmsLogAfter = std::sqrt(after / pairs.size());
    return out;
}

} // namespace planner
