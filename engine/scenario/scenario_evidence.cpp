// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_evidence.h"

#include "scenario/scenario_schema.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace planner {

namespace {

// The schema rows of a list of paths, in path order (the order Evidence keeps its inputs in).
std::vector<const FieldSpec*> sortedFields(std::initializer_list<std::string_view> paths)
{
    std::vector<const FieldSpec*> fields;
    fields.reserve(paths.size());
    for (std::string_view path : paths)
        if (const FieldSpec* f = findField(path); f && f->number)
            fields.push_back(f);
    std::sort(fields.begin(), fields.end(), [](const FieldSpec* a, const FieldSpec* b) { return a->path < b->path; });
    fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
    return fields;
}

// The same few dozen lists of paths (each step's literal list) are asked about in every
// evaluation; looking each path up in the schema and sorting them again was a fifth of a full
// evaluation. Remembered per thread by the list's texts (so one thread never waits for another);
// the schema is constant, so an entry never goes stale.
const std::vector<const FieldSpec*>& fieldsOf(std::initializer_list<std::string_view> paths)
{
    struct Entry {
        std::vector<std::string_view> paths; // views of the caller's texts: compared, never kept as keys alone
        std::vector<std::string> owned;      // the texts themselves, so the entry does not depend on the caller's
        std::vector<const FieldSpec*> fields;
    };
    thread_local std::vector<Entry> memo;
    for (const Entry& e : memo)
        if (std::equal(e.paths.begin(), e.paths.end(), paths.begin(), paths.end()))
            return e.fields;
    Entry e;
    e.owned.assign(paths.begin(), paths.end());
    e.paths.assign(e.owned.begin(), e.owned.end());
    e.fields = sortedFields(paths);
    if (memo.size() >= 256) // lists built at run time could otherwise grow it without bound
        memo.clear();
    memo.push_back(std::move(e));
    return memo.back().fields;
}

} // namespace

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method)
{
    Evidence e;
    e.method = std::move(method);
    const std::vector<const FieldSpec*>& fields = fieldsOf(paths);
    e.inputs.reserve(fields.size());
    e.inputGrades.reserve(fields.size());
    for (const FieldSpec* f : fields) {
        const Number& n = *numberOf(*f, s);
        // A cost line left at its zero default is an absence, not a claim to grade.
        if (n.isSet() && (n.given || n.value != 0))
            e.add(sharedPath(*f), n.provenance.grade); // in path order: appended; the permanent text is shared
    }
    return e;
}

} // namespace planner
