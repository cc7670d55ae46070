// SPDX-License-Identifier: GPL-3.0-or-later
#include "axis_scale.h"

#include <cmath>

namespace planner {

namespace {

// The number of the form 1, 2 or 5 x 10^n nearest x: at or above it when ceiling, else rounded.
double niceNumber(double x, bool ceiling)
{
    const double z = std::pow(10.0, std::floor(std::log10(x)));
    const double q = x / z; // 1 <= q < 10
    double nice = 10;
    if (ceiling)
        nice = q <= 1.0 ? 1 : q <= 2.0 ? 2 : q <= 5.0 ? 5 : 10;
    else
        nice = q < 1.5 ? 1 : q < 3.0 ? 2 : q < 7.0 ? 5 : 10;
    return nice * z;
}

} // namespace

AxisScale niceAxisScale(double lo, double hi, int targetTicks)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) {
        lo = std::isfinite(lo) ? lo : 0;
        hi = lo + 1;
    }
    if (targetTicks < 2)
        targetTicks = 2;
    const double range = niceNumber(hi - lo, true);
    const double step = niceNumber(range / (targetTicks - 1), false);
    const double first = std::floor(lo / step);
    const double last = std::ceil(hi / step);
    return {first * step, last * step, int(last - first) + 1};
}

} // namespace planner
