// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one family of number-to-text functions. Three jobs, three functions:
// - numberText: numbers inside warning and error messages ("14952", "286", "3.49", "0.0435");
// - exactText: the shortest text that reads back to the same double ("0.1", "1e+18"), for files
//   and machine output (scenario files, JSON, CSV), where a value must survive a round trip;
// - figureText / scaledFigure: figures a person reads in a report: 4 significant digits, thousands
//   separators, units scaled (W/kW/MW, GB/TB/PB, $/$k/$M/$B) and never scientific notation.
// Nothing else in the program turns a figure into text, so every output shares one style.

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace planner {

// Whole numbers from 100 up ("%.0f"), else 3 significant digits ("%.3g"). Written with
// std::to_chars, which the standard defines as printf's text for the same format and precision,
// at a fraction of printf's cost: a throughput prediction writes a dozen of these into warnings.
inline std::string numberText(double v)
{
    char buf[320]; // %.0f of the largest double has 309 digits
    const bool whole = std::abs(v) >= 100.0 || v == 0.0;
    const auto written = whole ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 0)
                               : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 3);
    return std::string(buf, written.ptr);
}

inline std::string exactText(double v)
{
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

// 4 significant digits, but the digits left of the point are never replaced by zeros: a count
// of 16,384 GPUs stays 16,384 (a rounded count would read as a different count). Trailing
// zeros after the point are dropped ("1.5", not "1.500"); thousands are separated by commas.
inline std::string figureText(double v)
{
    if (!std::isfinite(v))
        return std::isnan(v) ? "n/a" : (v > 0 ? "infinite" : "-infinite");
    const double a = std::abs(v);
    int decimals = 0;
    if (a > 0 && a < 1000) // digits before the point: 1 for [1,10), 0 below 1
        decimals = 3 - static_cast<int>(std::floor(std::log10(a)));
    if (decimals > 15)
        decimals = 15; // below 1e-12 the figure reads as 0
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        s.erase(s.find_last_not_of('0') + 1);
        if (s.back() == '.')
            s.pop_back();
    }
    if (s == "-0")
        s = "0";
    const std::size_t start = (s.front() == '-') ? 1 : 0;
    std::size_t point = s.find('.');
    if (point == std::string::npos)
        point = s.size();
    for (std::size_t i = point; i > start + 3; i -= 3)
        s.insert(i - 3, ",");
    return s;
}

// A figure in the unit a person reads: {"3.951", "MW"} for 3951 kW, {"$1.058B", "/year"} for
// 1.058e9 USD/year, {"31.23", "%"} for a fraction 0.3123. Units other than power, data size,
// money and fractions are kept as given.
struct ScaledFigure {
    std::string number;
    std::string unit;
};

namespace number_text_detail {
struct Step {
    double factor;
    std::string_view name;
};
template <std::size_t N>
inline ScaledFigure scaled(double v, const Step (&steps)[N], std::string_view suffix)
{
    std::size_t i = 0;
    while (i + 1 < N && std::abs(v) >= steps[i + 1].factor)
        ++i;
    return {figureText(v / steps[i].factor), std::string(steps[i].name) + std::string(suffix)};
}
} // namespace number_text_detail

// A count of one in the singular ("1 domain", "1 rack"), for the plain plural units the engine
// counts in; any other unit as it is.
inline std::string_view countUnit(double v, std::string_view unit)
{
    static constexpr std::string_view kCounts[] = {"GPUs",     "racks",   "domains", "switches",  "modules", "cables",
                                                   "positions", "tiers",  "years",   "NICs",      "CPUs",    "planes",
                                                   "checkpoints", "regions", "tokens", "requests"};
    if (v != 1)
        return unit;
    for (std::string_view c : kCounts)
        if (unit == c)
            return unit.substr(0, unit.size() - (unit == "switches" ? 2 : 1));
    return unit;
}

inline ScaledFigure scaledFigure(double v, std::string_view unit)
{
    using number_text_detail::Step;
    static constexpr Step kPower[] = {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}};
    static constexpr Step kData[] = {{1, "GB"}, {1e3, "TB"}, {1e6, "PB"}};
    static constexpr Step kMoney[] = {{1, ""}, {1e3, "k"}, {1e6, "M"}, {1e9, "B"}};
    if (unit == "W" || unit == "kW" || unit == "MW") {
        const double watts = v * (unit == "W" ? 1 : unit == "kW" ? 1e3 : 1e6);
        return number_text_detail::scaled(watts, kPower, "");
    }
    if (unit == "GB" || unit == "TB" || unit == "PB") {
        const double gb = v * (unit == "GB" ? 1 : unit == "TB" ? 1e3 : 1e6);
        return number_text_detail::scaled(gb, kData, "");
    }
    if (unit.substr(0, 3) == "USD") {
        // "$1.058M" with the rest of the unit ("/year") after it; the sign before the dollar.
        ScaledFigure f = number_text_detail::scaled(std::abs(v), kMoney, "");
        f.number = (v < 0 ? "-$" : "$") + f.number + f.unit;
        f.unit = std::string(unit.substr(3));
        return f;
    }
    if (unit == "fraction")
        return {figureText(v * 100), "%"};
    return {figureText(v), std::string(countUnit(v, unit))};
}

// "3.951 MW", "$1.058B/year", "16,384 GPUs".
inline std::string figureText(double v, std::string_view unit)
{
    const ScaledFigure f = scaledFigure(v, unit);
    if (f.unit.empty() || f.unit.front() == '/')
        return f.number + f.unit;
    return f.number + " " + f.unit;
}

} // namespace planner
