// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Power: average draw from utilization, and tokens per megawatt on both bases (IT and facility).
// PUE and cooling capex by cooling choice are catalog figures (catalog/facility_defaults.h).
//
// Simplifications:
// - Average IT draw = typical draw x (idle share + (1 - idle share) x utilization): an idle GPU
//   still draws a share of its typical power.

#include "core/units.h"

namespace planner {

units::Power averageItPower(units::Power typical, double idleShare, double utilization);

// Tokens per second per MW, the InferenceX definition: (tok/s per GPU) / (kW per GPU) x 1000.
double tokensPerSecondPerMegawatt(units::TokenRate perGpu, units::Power perGpu_);

} // namespace planner
