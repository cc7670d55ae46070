// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Machine output for `--json`: one object per section ("results", "sizing", "power", ...) mapping
// each figure's key to its value, an "evidence" object giving every figure's grade, method and
// inputs, the bill of materials, the assumptions and the warnings.

#include "report_model.h"

#include <string>

namespace planner {

std::string toJson(const ReportModel& model);

} // namespace planner
