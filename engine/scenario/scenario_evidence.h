// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The evidence of a figure computed from scenario fields: each field's grade under its path, so a
// report can say what the figure rests on. Every model step builds its evidence through this one
// function, so "a default left at zero is not a claim" holds everywhere.

#include "core/evidence.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method);

// Everything evidenceOf reads of the scenario, a byte per numeric field (whether it counts as
// evidence, and its grade): two scenarios with the same key give the same evidence for any list
// of paths, so a memo of evidence can be keyed on it. Written into `key` (reused between calls).
void scenarioEvidenceKey(const Scenario& s, std::vector<std::uint8_t>& key);

} // namespace planner
