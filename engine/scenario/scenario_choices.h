// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scenario's words for its choices ("training", "nvfp4", "colocation") turned into enums once,
// so no model compares strings. Validation has already refused words outside each field's list;
// a word that still cannot be resolved is an error naming the field.

#include "catalog/catalog.h"
#include "core/choices.h"
#include "core/result.h"
#include "scenario/scenario.h"

namespace planner {

struct ScenarioChoices {
    WorkloadKind kind = WorkloadKind::Inference;
    Precision precision = Precision::FP8;
    Serving serving = Serving::Aggregated;
    FacilityMode mode = FacilityMode::Build;
    Cooling cooling = Cooling::Air;
    Replication replication = Replication::None;
};

// Reads the choices of a resolved scenario (resolveScenario has filled the defaults, including
// the cooling of the chosen system).
Result<ScenarioChoices> resolveChoices(const Scenario& s);

} // namespace planner
