// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Facility figures that follow from the cooling choice, with their sources: the PUE a hall of that
// kind reaches and the cooling hardware bought per kW of heat. Catalog knowledge, so the scenario's
// defaults and the cluster models read the same figures.
//
// Simplifications:
// - PUE is one annual average; no seasonal or partial-load curve.
// - Cooling capex (CDUs, manifolds, rear doors) scales with kW of heat; facility-level plant is in
//   the facility's $/MW.

#include "catalog/catalog.h"
#include "core/evidence.h"
#include "core/units.h"

namespace planner {

Sourced<double> defaultPue(Cooling c);
Sourced<units::MoneyPerPower> defaultCoolingCapex(Cooling c);

} // namespace planner
