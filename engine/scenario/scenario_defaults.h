// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Fills the fields a scenario left out: first the static defaults of the field table, then the
// ones that depend on the catalog (the system's price, cooling and NIC; the PUE of that cooling;
// a switch matching the NIC speed). Each filled value keeps the provenance of its source.
// Unknown catalog ids are errors that name the field and list what the catalog has.

#include "catalog/catalog.h"
#include "core/result.h"
#include "scenario/scenario.h"

namespace planner {

Result<Scenario> resolveScenario(const Scenario& s, const Catalog& catalog);
// The same into `out` (replaced whole; on an error left partly filled): evaluate() resolves straight
// into the Evaluation it returns, without moving the hundred fields of a scenario twice.
Result<void> resolveScenarioInto(const Scenario& s, const Catalog& catalog, Scenario& out);

// True when resolveScenario() reads the value of this numeric field to fill another one (the NIC
// speed picks the switch, the port speed the transceiver). Any other numeric field the analyst
// gives passes through unchanged, so a sweep may patch it into an already resolved scenario.
// Text fields (system, cooling, precision ...) are always read.
bool resolutionReads(std::string_view numericPath);

} // namespace planner
