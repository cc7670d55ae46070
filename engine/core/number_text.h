// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Numbers inside warning and error messages, written the way a person reads them: "14952",
// "286", "3.49", "0.0435". Not for reports (they format with units and locale in reports/).

#include <charconv>
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

// The shortest text that reads back to the same double ("0.1", "1e+18"): for files and machine
// output (scenario files, JSON, CSV), where a value must survive a round trip exactly.
inline std::string exactText(double v)
{
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

} // namespace planner
