// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Errors are values with a human message. A model returns Result<Output>; callers test it and
// either use the value or pass the error up. Warnings do not stop a calculation: they are collected
// on the output (see Warnings) and never printed by the engine.

#include <boost/outcome/result.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace planner {

enum class ErrorKind {
    BadInput,   // a value is missing, out of range or inconsistent (CLI exit 2)
    Infeasible, // the inputs are valid but no configuration satisfies them (CLI exit 4)
    Io,         // a file could not be read or written (CLI exit 3)
};

struct Error {
    ErrorKind kind = ErrorKind::BadInput;
    std::string message; // says what is wrong and, where known, which field
    std::string where;   // scenario path, "file:line" or catalog id; may be empty
};

template <class T>
using Result = boost::outcome_v2::result<T, Error, boost::outcome_v2::policy::terminate>;

inline Error badInput(std::string where, std::string message)
{
    return Error{ErrorKind::BadInput, std::move(message), std::move(where)};
}
inline Error infeasible(std::string where, std::string message)
{
    return Error{ErrorKind::Infeasible, std::move(message), std::move(where)};
}

// How much a warning should weigh with the reader: a note on how a figure was made, a figure to
// handle with care, or one that may be far off.
enum class Severity { Info, Caution, Serious };
std::string_view severityName(Severity s); // "info", "caution", "serious"

struct Warning {
    std::string where;   // the field path or part of the model it concerns
    std::string message; // in plain words, what it means for the figures
    std::string detail;  // the engineering behind it (ratios, rates, rows); empty when the message says all
    Severity severity = Severity::Caution;
};
using Warnings = std::vector<Warning>;

} // namespace planner
