// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Evidence grades and provenance. Every input figure says where it came from and how far it can
// be trusted; every output says the weakest grade it rests on and which inputs it depends on, so a
// report can state "this $/M tokens rests on two vendor claims and one estimate".

#include "core/shared_string.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

// Ordered best first: a larger value is weaker evidence.
enum class Grade { Verified, Measured, Vendor, ThirdParty, Estimate, User };
inline constexpr Grade kGrades[] = {Grade::Verified, Grade::Measured, Grade::Vendor,
                                    Grade::ThirdParty, Grade::Estimate, Grade::User}; // best first

std::string_view gradeName(Grade g);                       // "verified", "third-party", ...
std::optional<Grade> gradeFromName(std::string_view name); // inverse of gradeName
inline Grade weaker(Grade a, Grade b) { return std::max(a, b); }

// Copied into every resolved scenario's fields and every BOM line: the texts are shared, not copied.
struct Provenance {
    SharedString source; // citation, benchmark row id, or "user"
    SharedString date;   // ISO date of the source, may be empty when unknown
    Grade grade = Grade::User;

    bool operator==(const Provenance&) const = default;
};

// A figure together with its provenance.
template <class T>
struct Sourced {
    T value{};
    Provenance provenance;
};

// Counts of inputs per grade for "rests on two vendor claims and one estimate" sentences.
std::string describeGrades(const std::vector<Grade>& grades);

// What an output rests on: its weakest grade, how it was obtained, and the inputs behind it.
struct Evidence {
    Grade grade = Grade::Verified;
    std::string method;              // "input", "formula", "measured", "transferred", "analytic"...
    std::vector<SharedString> inputs; // scenario paths or catalog ids, sorted and unique
    std::vector<Grade> inputGrades;   // the grade of each input, same order

    // A SharedString input is shared as it is (scenario paths are permanent texts, see
    // scenario_schema.h sharedPath); any other text is copied once into a new one.
    void add(SharedString input, Grade g);
    void merge(const Evidence& other);
    bool empty() const { return inputs.empty(); }
    std::string restsOn() const { return describeGrades(inputGrades); } // "2 vendor, 1 estimate"
};


} // namespace planner
