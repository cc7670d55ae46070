// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Binds distributions to scenario fields: attaching one to a field (the field takes the nominal
// value), listing a scenario's uncertain inputs ready to sample, and writing a drawn value into a
// scenario. Monte Carlo and tornado both go through here, so a P10 means the same in both.

#include "analysis/distribution.h"
#include "core/result.h"
#include "scenario/scenario.h"
#include "scenario/scenario_schema.h"

#include <string_view>
#include <vector>

namespace planner {

struct UncertainInput {
    const FieldSpec* field = nullptr;
    Distribution given;   // as the analyst wrote it
    Distribution sampled; // truncated at the field's bounds too (boundedBy)
};

// The numeric field at `path`; an error naming the path when it is unknown or not numeric.
Result<const FieldSpec*> numericField(std::string_view path);

// Checks d against the field at `path`, records it in s.distributions and sets the field to the
// distribution's nominal value, marked given with `source`.
Result<void> setDistribution(Scenario& s, std::string_view path, const Distribution& d,
                             std::string_view source = "distribution given on the command line");

// The scenario's uncertain inputs in field-table order (a fixed order keeps sampling reproducible).
std::vector<UncertainInput> uncertainInputs(const Scenario& s);

// Whole-number fields take whole numbers: v rounded and kept inside the field's bounds.
double fitToField(const FieldSpec& f, double v);

// The value field f takes when d is attached to it: the distribution's nominal value, fitted.
double nominalFor(const FieldSpec& f, const Distribution& d);

// The input's value at probability p in (0, 1): the quantile, rounded for whole-number fields
// and kept inside the field's bounds.
double inputValueAt(const UncertainInput& in, double p);

// Writes v into field f of s and marks it given (so catalog defaults do not replace it).
inline void setInputValue(Scenario& s, const FieldSpec& f, double v)
{
    Number* n = f.number(s);
    n->value = v;
    n->given = true;
}

} // namespace planner
