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
#include <initializer_list>
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
// 1.058e9 USD/year, {"31.23", "%"} for a fraction 0.3123, {"182.5", "trillion tokens/year"} for
// 1.825e14 tokens/year. Units other than power, data size, money, fractions and token or request
// counts are kept as given.
struct ScaledFigure {
    std::string number;
    std::string unit;
};


// A count of one in the singular ("1 domain", "1 rack", "1 NIC/GPU"), for the plain plural units
// the engine counts in, alone or before a "/"; any other unit as it is.
inline std::string countUnit(double v, std::string_view unit)
{
    static constexpr std::string_view kCounts[] = {"GPUs",     "racks",   "domains", "switches",  "modules", "cables",
                                                   "positions", "tiers",  "years",   "NICs",      "CPUs",    "planes",
                                                   "checkpoints", "regions", "tokens", "requests", "reads", "nodes"};
    if (v != 1)
        return std::string(unit);
    const std::size_t slash = unit.find('/');
    const std::string_view counted = unit.substr(0, slash);
    for (std::string_view c : kCounts)
        if (counted == c)
            return std::string(counted.substr(0, counted.size() - (counted == "switches" ? 2 : 1)))
                + std::string(slash == std::string_view::npos ? std::string_view() : unit.substr(slash));
    return std::string(unit);
}

// The scale a figure reads in: divide by `factor`, write `prefix`, the number and `step`, then
// the unit. One scale serves a row of figures of one kind (a distribution's percentiles), so they
// line up in the same unit: {1e12, "", "", "trillion tokens/year"}, {1e6, "$", "M", "/year"}.
struct FigureScale {
    double factor = 1;
    std::string prefix, step, unit;
};

inline FigureScale figureScale(double v, std::string_view unit)
{
    struct Step {
        double factor;
        std::string_view name;
    };
    auto pick = [&](double x, std::initializer_list<Step> steps) {
        Step chosen = *steps.begin();
        for (const Step& s : steps)
            if (std::abs(x) >= s.factor)
                chosen = s;
        return chosen;
    };
    if (unit == "W" || unit == "kW" || unit == "MW") {
        const double toWatts = unit == "W" ? 1 : unit == "kW" ? 1e3 : 1e6;
        const Step s = pick(v * toWatts, {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}});
        return {s.factor / toWatts, "", "", std::string(s.name)};
    }
    if (unit == "GB" || unit == "TB" || unit == "PB") {
        const double toGb = unit == "GB" ? 1 : unit == "TB" ? 1e3 : 1e6;
        const Step s = pick(v * toGb, {{1, "GB"}, {1e3, "TB"}, {1e6, "PB"}});
        return {s.factor / toGb, "", "", std::string(s.name)};
    }
    if (unit.substr(0, 3) == "USD") {
        // "$1.058M" with the rest of the unit ("/year") after it.
        const Step s = pick(v, {{1, ""}, {1e3, "k"}, {1e6, "M"}, {1e9, "B"}});
        return {s.factor, "$", std::string(s.name), std::string(unit.substr(3))};
    }
    if (unit == "fraction" || unit.substr(0, 9) == "fraction/") // "30 %", "2 %/year"
        return {0.01, "", "", "%" + std::string(unit.substr(8))};
    // Token and request counts reach 15 digits; from a billion they read in words ("182.5 trillion
    // tokens/year"), as a person says them.
    if (std::abs(v) >= 1e9 && (unit.substr(0, 6) == "tokens" || unit.substr(0, 8) == "requests")) {
        const Step s = pick(v, {{1e9, "billion "}, {1e12, "trillion "}});
        return {s.factor, "", "", std::string(s.name) + std::string(unit)};
    }
    return {1, "", "", countUnit(v, unit)};
}

// `v` written in a scale: "$37.85M", "182.5", "3.44" (the unit apart). The sign comes before the
// dollar ("-$320M").
inline std::string scaledNumber(double v, const FigureScale& s)
{
    const bool negativeMoney = v < 0 && !s.prefix.empty();
    const double x = negativeMoney ? -v : v;
    // A scale below one (a fraction in percent) multiplies, so 0.3123 reads 31.23 as x 100 gives it.
    return (negativeMoney ? "-" : "") + s.prefix + figureText(s.factor < 1 ? x * (1 / s.factor) : x / s.factor) + s.step;
}

inline ScaledFigure scaledFigure(double v, std::string_view unit)
{
    const FigureScale s = figureScale(v, unit);
    return {scaledNumber(v, s), s.unit};
}

// "3.951 MW", "$1.058B/year", "16,384 GPUs", "1 GPU".
inline std::string figureText(double v, std::string_view unit)
{
    const ScaledFigure f = scaledFigure(v, unit);
    if (f.unit.empty() || f.unit.front() == '/')
        return f.number + f.unit;
    return f.number + " " + countUnit(v, f.unit);
}

} // namespace planner
