// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A figure as reports show it: its value in the unit a person reads, and what it rests on.

#include "core/evidence.h"

#include <cmath>
#include <limits>
#include <memory>
#include <string_view>
#include <vector>

namespace planner {

// Many figures rest on the same inputs (every cost figure on the TCO's), so they share one
// immutable Evidence instead of copying its list of inputs; a sweep evaluates millions of these.
using EvidencePtr = std::shared_ptr<const Evidence>;

struct Metric {
    std::string_view key;   // "results.cost_per_mtok_usd"; names are string literals
    std::string_view label;
    double value = 0;
    std::string_view unit;  // "USD/Mtok"
    EvidencePtr evidence;
    // The figure's P10 and P90 where the engine knows how uncertain it is (today: the figures that
    // follow from a measured-data throughput estimate and its validated band, throughput_band.cpp);
    // NaN where it does not. p10 <= value <= p90; the band need not be symmetric about the value
    // (throughput_band.cpp keeps the value inside where whole domains make a step).
    double p10 = std::numeric_limits<double>::quiet_NaN();
    double p90 = std::numeric_limits<double>::quiet_NaN();
    bool hasBand() const { return !std::isnan(p10) && !std::isnan(p90); }
};

inline void addMetric(std::vector<Metric>& list, std::string_view key, std::string_view label, double value,
                      std::string_view unit, EvidencePtr e)
{
    list.push_back({key, label, value, unit, std::move(e)});
}
inline void addMetric(std::vector<Metric>& list, std::string_view key, std::string_view label, double value,
                      std::string_view unit, Evidence e)
{
    addMetric(list, key, label, value, unit, std::make_shared<const Evidence>(std::move(e)));
}

} // namespace planner
