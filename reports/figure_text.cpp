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

namespace {

std::string withUnit(const FigureText& f)
{
    return f.unit.empty() || f.unit.front() == '/' ? f.value + f.unit : f.value + " " + f.unit;
}

} // namespace

std::string bandRange(double p10, double p90, std::string_view unit)
{
    const FigureText low = figureParts(p10, unit), high = figureParts(p90, unit);
    if (low.unit == high.unit)
        return low.value + " to " + high.value;
    return withUnit(low) + " to " + withUnit(high);
}

std::string bandLine(double p10, double p90, std::string_view unit)
{
    const FigureText low = figureParts(p10, unit), high = figureParts(p90, unit);
    if (low.unit == high.unit)
        return "P10-P90 " + withUnit({low.value + " to " + high.value, high.unit});
    return "P10-P90 " + bandRange(p10, p90, unit);
}

std::string compactBand(double p10, double p90, std::string_view unit)
{
    return "P10-P90 " + compactRange(p10, p90, unit);
}

std::string compactRange(double p10, double p90, std::string_view unit)
{
    auto twoDigits = [](double v) {
        if (!std::isfinite(v) || v == 0)
            return v;
        const double scale = std::pow(10.0, std::floor(std::log10(std::abs(v))) - 1);
        return std::round(v / scale) * scale;
    };
    // Seven digits do not fit a tile: a million and up reads "3.3M" (money already does, "$330M").
    auto end = [&](double v) {
        const FigureText f = figureParts(twoDigits(v), unit);
        if (std::abs(v) >= 1e6 && f.value.find('M') == std::string::npos && !f.unit.starts_with("M "))
            return figureText(twoDigits(v) / 1e6) + "M";
        return f.value;
    };
    return end(p10) + " to " + end(p90);
}

} // namespace planner
