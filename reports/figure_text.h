// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one number style a person reads on screen and on paper: dashboard tiles, tables, charts,
// PDF. Large values move a thousands prefix into the unit ("1.47" "M USD") so a tile never shows
// ten digits; the digits themselves come from core/number_text.h, like warning messages.

#include <string>
#include <string_view>

namespace planner {

struct FigureText {
    std::string value; // "1.47", "14,952", "0.0435", "n/a"
    std::string unit;  // "M USD", "tokens/s/MW"
};

FigureText figureText(double value, std::string_view unit);
std::string figureLine(double value, std::string_view unit); // "1.47 M USD"

} // namespace planner
