// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evidence.h"

#include "core/enum_names.h"

#include <array>

namespace planner {

namespace {
constexpr std::array kGradeNames{EnumName<Grade>{Grade::Verified, "verified"}, EnumName<Grade>{Grade::Measured, "measured"},
                                 EnumName<Grade>{Grade::Vendor, "vendor"}, EnumName<Grade>{Grade::ThirdParty, "third-party"},
                                 EnumName<Grade>{Grade::Estimate, "estimate"}, EnumName<Grade>{Grade::User, "user"}};
}

std::string_view gradeName(Grade g) { return enumName(kGradeNames, g); }
std::optional<Grade> gradeFromName(std::string_view name) { return enumFromName(kGradeNames, name); }

void Evidence::add(std::string_view input, Grade g)
{
    grade = weaker(grade, g);
    auto it = std::lower_bound(inputs.begin(), inputs.end(), input);
    const auto at = it - inputs.begin();
    if (it == inputs.end() || *it != input) {
        inputs.insert(it, std::string(input));
        inputGrades.insert(inputGrades.begin() + at, g);
    } else {
        inputGrades[at] = weaker(inputGrades[at], g);
    }
}

void Evidence::merge(const Evidence& other)
{
    grade = weaker(grade, other.grade);
    for (std::size_t i = 0; i < other.inputs.size(); ++i)
        add(other.inputs[i], i < other.inputGrades.size() ? other.inputGrades[i] : other.grade);
    grade = weaker(grade, other.grade);
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
