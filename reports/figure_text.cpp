// SPDX-License-Identifier: GPL-3.0-or-later
#include "figure_text.h"

#include "core/number_text.h"

#include <cmath>

namespace planner {

FigureText figureParts(double value, std::string_view unit)
{
    if (!std::isfinite(value))
        return {"n/a", std::string(unit)};
    // Units the shared style does not scale (tokens/s/MW) take a million prefix on a tile, so a
    // figure never needs more than five digits.
    if (std::abs(value) >= 1e6 && scaledFigure(1, unit).unit == unit)
        return {figureText(value / 1e6), "M " + std::string(unit)};
    ScaledFigure f = scaledFigure(value, unit); // the one number style, shared with text reports
    return {std::move(f.number), std::move(f.unit)};
}

std::string figureLine(double value, std::string_view unit)
{
    if (!std::isfinite(value))
        return "n/a " + std::string(unit);
    return figureText(value, unit);
}

} // namespace planner
