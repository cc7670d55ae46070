// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/uncertain_inputs.h"

#include <cmath>
#include <string>

namespace planner {

Result<const FieldSpec*> numericField(std::string_view path)
{
    const FieldSpec* f = findField(path);
    const std::string where(path);
    if (!f)
        return badInput(where, "unknown field \"" + where + "\"");
    if (!f->isNumeric() || !f->number)
        return badInput(where, where + " is not a numeric field");
    return f;
}

Result<void> setDistribution(Scenario& s, std::string_view path, const Distribution& d, std::string_view source)
{
    auto f = numericField(path);
    if (!f)
        return f.error();
    if (auto ok = checkDistribution(*f.value(), d); !ok)
        return ok.error();
    Number* n = f.value()->number(s);
    *n = Number{nominalFor(*f.value(), d), Provenance{std::string(source), {}, Grade::User}, true};
    s.distributions.insert_or_assign(std::string(path), d);
    return boost::outcome_v2::success();
}

std::vector<UncertainInput> uncertainInputs(const Scenario& s)
{
    std::vector<UncertainInput> inputs;
    for (const FieldSpec& f : scenarioFields()) {
        auto it = s.distributions.find(f.path);
        if (it != s.distributions.end() && f.isNumeric() && f.number)
            inputs.push_back({&f, it->second, boundedBy(it->second, f)});
    }
    return inputs;
}

double fitToField(const FieldSpec& f, double v)
{
    if (f.kind != FieldKind::Integer)
        return v;
    v = std::round(v);
    // Rounding can step over a bound (0.4 racks -> 0 where 0 is excluded): step back inside.
    if (v < f.min)
        v = std::ceil(f.min);
    if (f.minExclusive && v <= f.min)
        v = std::floor(f.min) + 1;
    if (v > f.max)
        v = std::floor(f.max);
    return v;
}

double nominalFor(const FieldSpec& f, const Distribution& d) { return fitToField(f, nominalValue(d)); }

double inputValueAt(const UncertainInput& in, double p) { return fitToField(*in.field, quantile(in.sampled, p)); }

} // namespace planner
