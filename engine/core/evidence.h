// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Evidence grades and provenance. Every input figure says where it came from and how far it can
// be trusted; every output says the weakest grade it rests on and which inputs it depends on, so a
// report can state "this $/M tokens rests on two vendor claims and one estimate".

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

// Ordered best first: a larger value is weaker evidence.
enum class Grade { Verified, Measured, Vendor, ThirdParty, Estimate, User };

std::string_view gradeName(Grade g);                       // "verified", "third-party", ...
std::optional<Grade> gradeFromName(std::string_view name); // inverse of gradeName
inline Grade weaker(Grade a, Grade b) { return std::max(a, b); }

struct Provenance {
    std::string source; // citation, benchmark row id, or "user"
    std::string date;   // ISO date of the source, may be empty when unknown
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
    std::vector<std::string> inputs; // scenario paths or catalog ids, sorted and unique
    std::vector<Grade> inputGrades;  // the grade of each input, same order

    void add(std::string_view input, Grade g);
    void merge(const Evidence& other);
    bool empty() const { return inputs.empty(); }
    std::string restsOn() const { return describeGrades(inputGrades); } // "2 vendor, 1 estimate"
};


} // namespace planner
