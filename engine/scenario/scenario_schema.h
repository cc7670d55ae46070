// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scenario's field table: one row per field with its path, kind, unit, bounds, default and
// the formula a tooltip shows. Everything generic about a scenario goes through this table: the
// file reader and writer, `--set path=value`, validation, sweeps and Monte Carlo over any field,
// the GUI forms and the report's assumptions appendix. Adding a field is one row here plus the
// member in scenario.h.

#include "core/result.h"
#include "scenario/scenario.h"

#include <limits>
#include <span>
#include <string_view>

namespace planner {

enum class FieldKind {
    Number,  // any finite value within [min, max]
    Integer, // whole number within [min, max]
    Choice,  // one of `choices` ("build|colocation|rent")
    Id,      // a catalog id (checked against the catalog when the scenario is resolved: scenario_defaults.h)
    Text,    // free text
};

struct FieldSpec {
    std::string_view path; // "facility.pue"
    FieldKind kind = FieldKind::Number;
    std::string_view unit; // what a person reads next to the value: "USD/kWh", "tokens"
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool minExclusive = false;
    std::string_view choices; // for Choice: "a|b|c"
    bool required = false;
    // Static default, used when the file omits the field and no catalog-derived default applies.
    // NaN = no static default (optional field, or derived from the catalog at evaluation).
    double defaultNumber = std::numeric_limits<double>::quiet_NaN();
    std::string_view defaultText;
    std::string_view defaultSource; // where the default comes from
    Grade defaultGrade = Grade::Estimate;
    std::string_view help;          // what it means and the formula it feeds
    Number* (*number)(Scenario&) = nullptr;
    Text* (*text)(Scenario&) = nullptr;

    bool isNumeric() const { return kind == FieldKind::Number || kind == FieldKind::Integer; }
};

std::span<const FieldSpec> scenarioFields();
const FieldSpec* findField(std::string_view path);
// The fields a throughput estimate reads: the system, every workload field, and the scale-out
// bandwidth per GPU (NIC ports, their speed, the leaf's oversubscription) that wide expert
// parallelism exchanges over. A sweep re-asks the throughput
// source only along these, and an answer is remembered by them.
bool throughputReads(std::string_view path);
// The field's path as a permanent shared text (made once per field), so evidence naming the field
// shares it instead of copying its characters. `f` must be a row of scenarioFields().
const SharedString& sharedPath(const FieldSpec& f);

inline const Number* numberOf(const FieldSpec& f, const Scenario& s)
{
    return f.number ? f.number(const_cast<Scenario&>(s)) : nullptr;
}
inline const Text* textOf(const FieldSpec& f, const Scenario& s)
{
    return f.text ? f.text(const_cast<Scenario&>(s)) : nullptr;
}

// Checks one value against the field's kind and bounds. The message names the field and says why.
Result<void> checkNumber(const FieldSpec& f, double value);
Result<void> checkText(const FieldSpec& f, std::string_view value);

// Sets a field from its textual form, as `--set path=value` and sweeps do. The value is marked
// given, graded `user` with source "set on the command line" unless the caller overrides it.
Result<void> setField(Scenario& s, std::string_view path, std::string_view value,
                      std::string_view source = "set on the command line");

// Fills every field the file did not give with its static default and provenance.
void applyStaticDefaults(Scenario& s);

// A new scenario with every static default applied and nothing marked given.
Scenario defaultScenario();

} // namespace planner
