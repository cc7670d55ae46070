// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A figure as reports show it: its value in the unit a person reads, and what it rests on.

#include "evidence.h"

#include <string>
#include <vector>

namespace planner {

struct Metric {
    std::string key;  // "results.cost_per_mtok_usd"
    std::string label;
    double value = 0;
    std::string unit; // "USD/Mtok"
    Evidence evidence;
};

inline void addMetric(std::vector<Metric>& list, std::string key, std::string label, double value, std::string unit,
                      Evidence e)
{
    list.push_back({std::move(key), std::move(label), value, std::move(unit), std::move(e)});
}

} // namespace planner
