// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one number style a person reads on screen and on paper (dashboard tiles, tables, charts,
// PDF), split into number and unit for widgets that set them apart: core/number_text.h's
// scaledFigure, so a tile and a text report print the same "$1.058M" and "3.951 MW".

#include <string>
#include <string_view>

namespace planner {

struct FigureText {
    std::string value; // "1.47", "14,952", "0.0435", "n/a"
    std::string unit;  // "M USD", "tokens/s/MW"
};

FigureText figureParts(double value, std::string_view unit);
std::string figureLine(double value, std::string_view unit); // "1.47 M USD"
// A band's ends in the same style, "$0.118 to $0.162", each with its unit where their scales differ
// ("950 kW to 1.2 MW"); bandLine adds the label and the shared unit: "P10-P90 $0.118 to $0.162/Mtok".
std::string bandRange(double p10, double p90, std::string_view unit);
std::string bandLine(double p10, double p90, std::string_view unit);
// For a small tile: both ends to two significant digits, without the unit the tile shows above:
// "P10-P90 $0.17 to $0.38".
std::string compactBand(double p10, double p90, std::string_view unit);
// The same range without its name, "$0.12 to $0.21": for a place too narrow for the name.
std::string compactRange(double p10, double p90, std::string_view unit);

} // namespace planner
