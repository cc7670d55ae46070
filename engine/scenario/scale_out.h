// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What one GPU can send across the scale-out fabric: its NIC ports times their speed, less the
// leaf's oversubscription. Zero when the fields are unset (a scenario not yet resolved). The one
// rule wide expert parallelism, object-storage KV reads and the network details read.

#include "core/units.h"
#include "scenario/scenario.h"

#include <algorithm>

namespace planner {

inline units::Bandwidth usableScaleOutPerGpu(const NetworkInputs& n)
{
    const double gbps = n.nic_gbps.value * n.nics_per_gpu.value / std::max(1.0, n.oversubscription.value);
    return units::gigabits_per_second(gbps > 0 ? gbps : 0.0);
}

} // namespace planner
