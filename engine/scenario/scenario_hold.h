// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Holding sections of a comparison fixed: `compare --hold finance,facility` takes those sections
// of every scenario from the baseline, so what remains different is the hardware (and whatever
// else was not held). A held section is taken whole, with its distributions, but for the system's
// price (finance.system_price_usd), which belongs to the hardware and stays each scenario's own.
// Fields a section leaves to defaults (the cooling, the PUE) still follow each system. The
// baseline file's line numbers are not carried over (an error in a held field names the field).

#include "core/result.h"
#include "scenario/scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace planner {

// The section names --hold takes: workload, cluster, facility, finance, network, storage, reliability.
const std::vector<std::string_view>& holdableSections();

// Parses "finance,facility"; an unknown name is an error naming it and the known ones.
Result<std::vector<std::string>> parseHeldSections(std::string_view list);

// Copies each named section of `base` into `s`.
void holdSections(Scenario& s, const Scenario& base, const std::vector<std::string>& sections);

} // namespace planner
