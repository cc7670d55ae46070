// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An uncertain input: the distribution an analyst gives for one numeric scenario field, as plain
// data. The scenario keeps it beside the field's nominal value (Scenario::distributions); sampling,
// quantiles, validation and the text form live in analysis/distribution.h.

#include <limits>

namespace planner {

enum class DistributionKind { Triangular, Uniform, Lognormal, Normal };

struct Distribution {
    DistributionKind kind = DistributionKind::Uniform;
    // Triangular and uniform: the support. Normal and lognormal: optional truncation bounds
    // (infinite = not given; the field's own bounds always truncate as well).
    double low = -std::numeric_limits<double>::infinity();
    double high = std::numeric_limits<double>::infinity();
    double center = std::numeric_limits<double>::quiet_NaN(); // triangular mode, lognormal median, normal mean
    double spread = std::numeric_limits<double>::quiet_NaN(); // lognormal sigma (of ln x), normal sd

    bool operator==(const Distribution&) const = default;
};

} // namespace planner
