// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/uncertainty.h"

#include "serving/validation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>

namespace planner {

double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const double at = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(at));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (at - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

Calibration withBands(std::span<const BenchmarkPoint> points, const Catalog& catalog, Calibration calibration)
{
    std::array<std::vector<double>, 4> logErrors; // log(measured / predicted) per method
    // Each method's errors from the leave-out that matches when it answers (see the header).
    auto file = [&](const ValidationReport& r, std::initializer_list<ThroughputMethod> methods) {
        for (const Prediction& p : r.predictions)
            if (p.predicted > 0 && p.measured > 0 && std::find(methods.begin(), methods.end(), p.method) != methods.end())
                logErrors[static_cast<std::size_t>(p.method)].push_back(std::log(p.measured / p.predicted));
    };
    file(leaveOneOut(points, catalog, calibration, {LeaveOut::Point, false}),
         {ThroughputMethod::Measured, ThroughputMethod::Extrapolated});
    file(leaveOneOut(points, catalog, calibration, {LeaveOut::Curve, false}), {ThroughputMethod::Transferred});
    file(leaveOneOut(points, catalog, calibration, {LeaveOut::Benchmark, false}), {ThroughputMethod::Analytic});
    // Transfers to an accelerator by spec ratio: what leaving each accelerator out has shown.
    std::vector<double> newAccelerator;
    for (const Prediction& p : leaveOneOut(points, catalog, calibration, {LeaveOut::Accelerator, false}).predictions)
        if (p.method == ThroughputMethod::Transferred && p.predicted > 0 && p.measured > 0)
            newAccelerator.push_back(std::log(p.measured / p.predicted));
    if (static_cast<int>(newAccelerator.size()) >= kMinBandPoints)
        calibration.newAcceleratorBand = {quantile(newAccelerator, 0.1), quantile(newAccelerator, 0.9),
                                          static_cast<int>(newAccelerator.size())};
    for (std::size_t m = 0; m < logErrors.size(); ++m)
        if (static_cast<int>(logErrors[m].size()) >= kMinBandPoints)
            calibration.bands[m] = {quantile(logErrors[m], 0.1), quantile(logErrors[m], 0.9),
                                    static_cast<int>(logErrors[m].size())};
    return calibration;
}

} // namespace planner
