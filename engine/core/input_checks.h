// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Range checks shared by the models' input validation. A model checks every field before it
// computes, so a NaN or a negative count comes back as an error naming the field (the scenario
// path where one exists) instead of a silently wrong number. The first failing check wins.

#include "core/result.h"

#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

namespace planner {

class InputCheck {
public:
    InputCheck() = default;
    // Field names are `prefix` + field ("storage.hot_tier" + ".usd_per_gb_month"), joined only
    // when a check fails: the checks run on every evaluation of a sweep.
    explicit InputCheck(std::string_view prefix) : prefix_(prefix) {}

    // value in [lo, hi]; `unit` is appended to numbers in the message ("min", "s", "GB/s").
    InputCheck& within(std::string_view field, double value, double lo, double hi,
                       std::string_view unit = {})
    {
        if (!error && finite(field, value, unit) && (value < lo || value > hi))
            fail(field, "must be between " + show(lo, unit) + " and " + show(hi, unit), value, unit);
        return *this;
    }
    InputCheck& atLeast(std::string_view field, double value, double lo, std::string_view unit = {})
    {
        if (!error && finite(field, value, unit) && value < lo)
            fail(field, "must be at least " + show(lo, unit), value, unit);
        return *this;
    }
    InputCheck& positive(std::string_view field, double value, std::string_view unit = {})
    {
        if (!error && finite(field, value, unit) && !(value > 0.0))
            fail(field, "must be greater than zero", value, unit);
        return *this;
    }

    std::optional<Error> error;

private:
    bool finite(std::string_view field, double value, std::string_view unit)
    {
        if (std::isfinite(value))
            return true;
        fail(field, "must be a finite number", value, unit);
        return false;
    }
    void fail(std::string_view field, const std::string& rule, double value, std::string_view unit)
    {
        const std::string name = std::string(prefix_) + std::string(field);
        error = badInput(name, name + " " + rule + ", got " + show(value, unit));
    }
    std::string_view prefix_;
    // Six significant digits, so "between 0 and 1, got 1.00001" does not read "got 1".
    static std::string show(double v, std::string_view unit)
    {
        std::ostringstream out;
        out.precision(6);
        out << v;
        if (!unit.empty())
            out << ' ' << unit;
        return out.str();
    }
};

} // namespace planner
