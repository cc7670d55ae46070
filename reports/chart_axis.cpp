// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart_axis.h"

#include "core/number_text.h"

#include <cmath>

namespace planner {

std::vector<double> ChartAxis::ticks() const
{
    std::vector<double> out;
    if (!(step > 0))
        return out;
    const int n = static_cast<int>(std::round((max - min) / step));
    for (int i = 0; i <= n && i <= 100; ++i)
        out.push_back(min + step * i);
    return out;
}

ChartAxis niceAxis(double lo, double hi, int targetTicks)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        return {};
    if (hi < lo)
        std::swap(lo, hi);
    if (hi == lo) {
        const double pad = lo == 0 ? 1 : std::abs(lo) * 0.25; // a lone value sits well inside its axis
        lo -= pad;
        hi += pad;
    }
    const double raw = (hi - lo) / std::max(targetTicks, 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double n = raw / magnitude;
    const double step = (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * magnitude;
    // The small tolerance keeps a bound that is already a tick from growing by a whole step.
    return {std::floor(lo / step + 1e-9) * step, std::ceil(hi / step - 1e-9) * step, step};
}

std::string tickText(double v, const ChartAxis& axis)
{
    if (std::abs(v) < axis.step * 1e-9)
        v = 0;
    return figureText(v);
}

} // namespace planner
