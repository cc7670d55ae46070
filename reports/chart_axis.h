// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A chart axis with "nice" ticks: steps of 1, 2, 2.5 or 5 times a power of ten that cover the
// data, so a reader can interpolate between gridlines in their head.

#include <string>
#include <vector>

namespace planner {

struct ChartAxis {
    double min = 0, max = 1, step = 0.2;

    std::vector<double> ticks() const;
    double fraction(double v) const { return max > min ? (v - min) / (max - min) : 0; } // 0 at min, 1 at max
};

// About `targetTicks` intervals covering [lo, hi]; a flat range is widened so it has a height.
ChartAxis niceAxis(double lo, double hi, int targetTicks = 5);

std::string tickText(double v, const ChartAxis& axis); // the shared number style, 0 without rounding noise

} // namespace planner
