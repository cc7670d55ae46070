// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_evidence.h"

#include "scenario/scenario_schema.h"

namespace planner {

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method)
{
    Evidence e;
    e.method = std::move(method);
    for (std::string_view path : paths) {
        const FieldSpec* f = findField(path);
        const Number* n = f ? numberOf(*f, s) : nullptr;
        // A cost line left at its zero default is an absence, not a claim to grade.
        if (n && n->isSet() && (n->given || n->value != 0))
            e.add(path, n->provenance.grade);
    }
    return e;
}

} // namespace planner
