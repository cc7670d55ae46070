// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_choices.h"

namespace planner {

namespace {

Error unknownChoice(const char* path, const Text& word)
{
    return badInput(path, "unknown choice \"" + word.value + "\"");
}

} // namespace

Result<ScenarioChoices> resolveChoices(const Scenario& s)
{
    ScenarioChoices c;
    if (auto v = workloadKindFromName(s.workload.kind.value))
        c.kind = *v;
    else
        return unknownChoice("workload.kind", s.workload.kind);
    if (auto v = precisionFromName(s.workload.precision.value))
        c.precision = *v;
    else
        return unknownChoice("workload.precision", s.workload.precision);
    if (auto v = servingFromName(s.workload.serving.value))
        c.serving = *v;
    else
        return unknownChoice("workload.serving", s.workload.serving);
    if (auto v = facilityModeFromName(s.facility.mode.value))
        c.mode = *v;
    else
        return unknownChoice("facility.mode", s.facility.mode);
    if (auto v = coolingFromName(s.facility.cooling.value))
        c.cooling = *v;
    else
        return unknownChoice("facility.cooling", s.facility.cooling);
    if (auto v = replicationFromName(s.storage.replication_mode.value))
        c.replication = *v;
    else
        return unknownChoice("storage.replication_mode", s.storage.replication_mode);
    return c;
}

} // namespace planner
