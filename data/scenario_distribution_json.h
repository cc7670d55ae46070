// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The JSON form of a numeric scenario field that carries a distribution, and the provenance keys
// every numeric field's object form shares (scenario_io.cpp reads and writes the rest):
//   "utilization": {"dist": "triangular", "low": 0.5, "mode": 0.7, "high": 0.85, "source": "..."}
//   {"dist": "uniform", "low": .., "high": ..}
//   {"dist": "lognormal", "median": .., "sigma": .. [, "low": .., "high": ..]}
//   {"dist": "normal", "mean": .., "sd": .. [, "low": .., "high": ..]}
// The optional low/high of normal and lognormal truncate them; the field's bounds always do.

#include "core/evidence.h"
#include "json.h"
#include "scenario/input_distribution.h"
#include "scenario/scenario_schema.h"

#include <functional>
#include <optional>
#include <string>

namespace planner {

using ProblemSink = std::function<void(int line, const std::string& message)>;

// Reads `key` into `out` when it is a provenance key (source, date, grade) and says whether it was.
bool readProvenanceKey(const std::string& path, const std::string& key, const json::Value& member, Provenance& out,
                       const ProblemSink& problem);
// Adds the provenance keys a value object carries (grade always, source and date when given).
void addProvenance(json::Value& object, const Provenance& p);

// Reads an object that has a "dist" key; every problem goes to `problem` with its line, naming
// the field. Returns nothing when the object has problems.
std::optional<Distribution> readDistribution(const FieldSpec& f, const json::Value& v, Provenance& provenance,
                                             const ProblemSink& problem);
json::Value distributionValue(const Distribution& d, const Provenance& p);

} // namespace planner
