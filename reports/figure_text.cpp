// SPDX-License-Identifier: GPL-3.0-or-later
#include "figure_text.h"

#include "core/number_text.h"

#include <cmath>

namespace planner {

namespace {

// "14952" -> "14,952": digits grouped by three so a four- to six-digit figure reads at a glance.
std::string grouped(const std::string& digits)
{
    const std::size_t start = (!digits.empty() && digits[0] == '-') ? 1 : 0;
    const std::size_t dot = digits.find('.');
    const std::size_t intEnd = dot == std::string::npos ? digits.size() : dot;
    std::string out = digits.substr(0, start);
    for (std::size_t i = start; i < intEnd; ++i) {
        out += digits[i];
        const std::size_t left = intEnd - i - 1;
        if (left > 0 && left % 3 == 0)
            out += ',';
    }
    return out + digits.substr(intEnd);
}

} // namespace

FigureText figureText(double value, std::string_view unit)
{
    if (!std::isfinite(value))
        return {"n/a", std::string(unit)};
    const double a = std::abs(value);
    struct Prefix {
        double scale;
        const char* name;
    };
    for (const Prefix p : {Prefix{1e9, "B "}, Prefix{1e6, "M "}})
        if (a >= p.scale)
            return {numberText(value / p.scale), p.name + std::string(unit)};
    return {grouped(numberText(value)), std::string(unit)};
}

std::string figureLine(double value, std::string_view unit)
{
    const FigureText t = figureText(value, unit);
    return t.unit.empty() ? t.value : t.value + " " + t.unit;
}

} // namespace planner
