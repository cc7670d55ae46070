// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_evidence.h"

#include "scenario/scenario_schema.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace planner {

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method)
{
    Evidence e;
    e.method = std::move(method);
    // Added in sorted order, so each one is appended to the sorted list rather than inserted.
    std::vector<std::pair<const FieldSpec*, Grade>> graded;
    graded.reserve(paths.size());
    for (std::string_view path : paths) {
        const FieldSpec* f = findField(path);
        const Number* n = f ? numberOf(*f, s) : nullptr;
        // A cost line left at its zero default is an absence, not a claim to grade.
        if (n && n->isSet() && (n->given || n->value != 0))
            graded.emplace_back(f, n->provenance.grade);
    }
    std::sort(graded.begin(), graded.end(), [](const auto& a, const auto& b) { return a.first->path < b.first->path; });
    e.inputs.reserve(graded.size());
    e.inputGrades.reserve(graded.size());
    for (const auto& [field, grade] : graded)
        e.add(sharedPath(*field), grade); // the field's permanent text: shared, not copied
    return e;
}

} // namespace planner
