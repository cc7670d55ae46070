// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Scenario files: strict JSON with the field names of DESIGN.md section 3. Unknown keys, wrong
// types, missing required fields and out-of-range values are refused with "file:line: message",
// every problem in the file at once. A numeric field is either a bare number (typed by the analyst)
// or an object {"value": 2.31, "source": "...", "date": "...", "grade": "vendor"} that carries its
// provenance, or an uncertain input {"dist": "triangular", "low": .., "mode": .., "high": ..}
// (scenario_distribution_json.h) whose nominal value the field takes. Writing emits only the fields the file gave, in a fixed order, so files diff well
// and read back to the same scenario.

#include "core/result.h"
#include "scenario/scenario.h"

#include <QString>

#include <string>
#include <string_view>

namespace planner {

// Parses scenario text; `fileName` only labels messages.
Result<Scenario> parseScenario(std::string_view text, const std::string& fileName);
std::string serializeScenario(const Scenario& s);

// File I/O. Saving is atomic (saveAtomically): the whole new file appears, or the old one stays.
Result<Scenario> loadScenario(const QString& path);
Result<void> saveScenario(const Scenario& s, const QString& path);

} // namespace planner
