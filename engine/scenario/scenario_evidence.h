// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The evidence of a figure computed from scenario fields: each field's grade under its path, so a
// report can say what the figure rests on. Every model step builds its evidence through this one
// function, so "a default left at zero is not a claim" holds everywhere.

#include "core/evidence.h"
#include "scenario/scenario.h"

#include <initializer_list>
#include <string>
#include <string_view>

namespace planner {

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method);

} // namespace planner
