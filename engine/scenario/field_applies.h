// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which inputs a scenario's evaluation reads, for the form to say which do not apply (rather than
// let an analyst tune a number that moves nothing): finance.utilization is the planned use of a
// fixed-size cluster and does not apply to one sized from demand (its realized utilization
// follows from the demand); cluster.max_load_at_peak applies only there.

#include "cluster/sizing.h"
#include "scenario/scenario.h"
#include "scenario/scenario_schema.h"

#include <optional>
#include <string>

namespace planner {

// How the cluster's size is set: the first of cluster.gpus, cluster.racks, a demand, a power cap.
SizingBasis sizingBasisOf(const Scenario& s);

// Why the field does not enter this scenario's evaluation; nullopt when it does.
std::optional<std::string> notApplicable(const FieldSpec& f, const Scenario& s);

} // namespace planner
