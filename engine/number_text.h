// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Numbers inside warning and error messages, written the way a person reads them: "14952",
// "286", "3.49", "0.0435". Not for reports (they format with units and locale in reports/).

#include <cmath>
#include <cstdio>
#include <string>

namespace planner {

inline std::string numberText(double v)
{
    char buf[32];
    if (std::abs(v) >= 100.0 || v == 0.0)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

} // namespace planner
