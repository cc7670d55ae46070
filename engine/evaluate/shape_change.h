// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// When an edit changes the cluster's shape, says so in words. A small change of demand, load or
// throughput moves the cost per token by the step of a whole rack or a whole network tier; the
// analyst sees the cost jump and needs the reason next to it: "racks 27 -> 31", "network 2 -> 3
// tiers: at 28 racks a plane's leaves no longer fit under the spines". The GUI compares each
// evaluation with the one before the edit; nothing here knows about edits.

#include "catalog/catalog.h"
#include "core/result.h"
#include "evaluate/evaluate.h"

namespace planner {

// The shape changes from `before` to `after`, one warning each (where: "shape"): racks and
// domains, GPUs needed before rounding, fabric tiers with the size at which the tier count
// changes, and switch counts. Empty when the shape is the same.
Warnings shapeChanges(const Evaluation& before, const Evaluation& after, const Catalog& catalog);

} // namespace planner
