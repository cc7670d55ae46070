// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evidence.h"

#include "core/enum_names.h"

#include <algorithm>
#include <array>
#include <functional>

namespace planner {

namespace {
constexpr std::array kGradeNames{EnumName<Grade>{Grade::Verified, "verified"}, EnumName<Grade>{Grade::Measured, "measured"},
                                 EnumName<Grade>{Grade::Vendor, "vendor"}, EnumName<Grade>{Grade::ThirdParty, "third-party"},
                                 EnumName<Grade>{Grade::Estimate, "estimate"}, EnumName<Grade>{Grade::User, "user"}};
}

std::string_view gradeName(Grade g) { return enumName(kGradeNames, g); }
std::optional<Grade> gradeFromName(std::string_view name) { return enumFromName(kGradeNames, name); }

void Evidence::add(SharedString input, Grade g)
{
    grade = weaker(grade, g);
    if (inputs.empty() || inputs.back() < input) { // in order: appended, nothing moves
        inputs.push_back(std::move(input));
        inputGrades.push_back(g);
        return;
    }
    auto it = std::lower_bound(inputs.begin(), inputs.end(), input);
    const auto at = it - inputs.begin();
    if (it == inputs.end() || *it != input) {
        inputs.insert(it, std::move(input));
        inputGrades.insert(inputGrades.begin() + at, g);
    } else {
        inputGrades[at] = weaker(inputGrades[at], g);
    }
}

namespace {

bool strictlySorted(const std::vector<SharedString>& v)
{
    return std::adjacent_find(v.begin(), v.end(), std::greater_equal<>()) == v.end();
}

} // namespace

void Evidence::merge(const Evidence& other)
{
    grade = weaker(grade, other.grade);
    auto gradeOf = [&](std::size_t i) { return i < other.inputGrades.size() ? other.inputGrades[i] : other.grade; };
    // Both lists sorted and unique (as add() keeps them) and one grade per input: one linear merge
    // instead of an insertion per input. Anything else goes input by input.
    if (other.inputs.empty())
        return;
    if (inputs.empty() && inputGrades.empty() && other.inputs.size() == other.inputGrades.size() &&
        strictlySorted(other.inputs)) { // nothing to merge with: what the merge below gives, as a copy
        inputs = other.inputs;
        inputGrades = other.inputGrades;
        for (Grade g : inputGrades)
            grade = weaker(grade, g);
        return;
    }
    if (inputs.size() != inputGrades.size() || !strictlySorted(inputs) || !strictlySorted(other.inputs)) {
        for (std::size_t i = 0; i < other.inputs.size(); ++i)
            add(other.inputs[i], gradeOf(i));
        return;
    }
    std::vector<SharedString> mergedInputs;
    std::vector<Grade> mergedGrades;
    mergedInputs.reserve(inputs.size() + other.inputs.size());
    mergedGrades.reserve(inputs.size() + other.inputs.size());
    std::size_t i = 0, j = 0;
    while (i < inputs.size() || j < other.inputs.size()) {
        if (j == other.inputs.size() || (i < inputs.size() && inputs[i] < other.inputs[j])) {
            mergedInputs.push_back(std::move(inputs[i]));
            mergedGrades.push_back(inputGrades[i++]);
            continue;
        }
        const Grade g = gradeOf(j);
        grade = weaker(grade, g);
        if (i < inputs.size() && inputs[i] == other.inputs[j]) {
            mergedInputs.push_back(std::move(inputs[i]));
            mergedGrades.push_back(weaker(inputGrades[i++], g));
        } else {
            mergedInputs.push_back(other.inputs[j]);
            mergedGrades.push_back(g);
        }
        ++j;
    }
    inputs = std::move(mergedInputs);
    inputGrades = std::move(mergedGrades);
}

std::string describeGrades(const std::vector<Grade>& grades)
{
    std::array<int, kGradeNames.size()> counts{};
    for (Grade g : grades)
        ++counts[static_cast<std::size_t>(g)];
    std::string out;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] == 0)
            continue;
        if (!out.empty())
            out += ", ";
        out += std::to_string(counts[i]) + " " + std::string(kGradeNames[i].name);
    }
    return out.empty() ? "no inputs" : out;
}

} // namespace planner
