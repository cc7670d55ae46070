// SPDX-License-Identifier: GPL-3.0-or-later
#include "verified_only.h"

#include "scenario/scenario_schema.h"

namespace planner {

VerifiedOnlyScenario verifiedAndMeasuredOnly(const Scenario& s)
{
    VerifiedOnlyScenario out{s, {}};
    const Scenario defaults = defaultScenario();
    for (const FieldSpec& f : scenarioFields()) {
        if (!f.number)
            continue; // choices and ids say what is planned, not a figure someone claims
        Number* n = f.number(out.scenario);
        const Grade g = n->provenance.grade;
        if (!n->given || g <= Grade::Measured || g == Grade::User)
            continue;
        *n = *numberOf(f, defaults);
        out.resetPaths.emplace_back(f.path);
    }
    return out;
}

} // namespace planner
