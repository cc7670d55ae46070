// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Steps several subcommands share: loading a scenario with --set overrides, evaluating it with
// an optional benchmark database, and reporting errors as "file:line: message" with the exit code.

#include "evaluate/evaluate.h"

#include <QString>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace planner::cli {

// Value or exit code (the message has already been printed).
template <class T>
class Outcome {
public:
    Outcome(T value) : value_(std::move(value)) {}
    static Outcome failure(int code) { return Outcome(code); }
    explicit operator bool() const { return value_.has_value(); }
    T& value() { return *value_; }
    int error() const { return code_; }

private:
    explicit Outcome(int code) : code_(code) {}
    std::optional<T> value_;
    int code_ = 0;
};

Outcome<Scenario> loadScenarioWithOverrides(const std::string& file, const std::vector<std::string>& sets,
                                            std::ostream& err);
// The evaluation context for s: measured throughput from --db or the scenario's benchmark_db.
Outcome<EvaluationContext> contextWithData(const Scenario& s, const std::optional<std::string>& db,
                                           const std::string& file, std::ostream& err);
Outcome<Evaluation> evaluateWithData(const Scenario& s, const std::optional<std::string>& db,
                                     const std::string& file, std::ostream& err);

// "file:line: message" when the error names a field the file gave, else "file: message".
std::string located(const Error& e, const Scenario& s, const std::string& file);

} // namespace planner::cli
