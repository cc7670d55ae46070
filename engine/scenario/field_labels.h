// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a person calls each scenario field: "Model FLOPs utilization", not "Mfu"; "Max time to
// first token", not "Max ttft s". The form, the sweep and tornado axes, the PDF's input appendix
// and the workbook's Inputs sheet print these; the path stays beside them for scripts. The unit is
// not part of the label (the field table has it).

#include <string>
#include <string_view>

namespace planner {

// The label of the field at `path`; empty for a path the scenario field table does not have.
std::string_view fieldLabelOf(std::string_view path);
// The label, or the path itself where the field table has none (an output key, a catalog figure).
std::string labelOrPath(std::string_view path);

} // namespace planner
