// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Power and cooling: PUE from the cooling choice, average draw from utilization, cooling capex,
// and tokens per megawatt on both bases (IT and facility).
//
// Simplifications:
// - PUE is one annual average; no seasonal or partial-load curve.
// - Average IT draw = typical draw x (idle share + (1 - idle share) x utilization): an idle GPU
//   still draws a share of its typical power.
// - Cooling capex (CDUs, manifolds, rear doors) scales with kW of heat; facility-level plant is in
//   the facility's $/MW.

#include "catalog.h"
#include "evidence.h"
#include "units.h"

namespace planner {

Sourced<double> defaultPue(Cooling c);
Sourced<units::MoneyPerPower> defaultCoolingCapex(Cooling c);

units::Power averageItPower(units::Power typical, double idleShare, double utilization);

// Tokens per second per MW, the InferenceX definition: (tok/s per GPU) / (kW per GPU) x 1000.
double tokensPerSecondPerMegawatt(units::TokenRate perGpu, units::Power perGpu_);

} // namespace planner
