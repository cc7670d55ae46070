// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one place Monte Carlo evaluates a sample: a scenario in, the value of each requested output
// out, through the numbers-only path (evaluate/headline.h) with its own EvaluationCache (one
// evaluator per thread). An output the headline figures do not cover comes back NaN.

#include "core/result.h"
#include "evaluate/evaluate.h"
#include "evaluate/evaluation_cache.h"

#include <span>
#include <string_view>

namespace planner {

class SampleEvaluator {
public:
    SampleEvaluator(const Catalog& catalog, const EvaluationContext& shared);
    SampleEvaluator(const SampleEvaluator&) = delete; // ctx_ points at this object's own cache
    SampleEvaluator& operator=(const SampleEvaluator&) = delete;

    // out[i] = the value of output keys[i] (NaN when this scenario does not publish it).
    Result<void> evaluateSample(const Scenario& s, std::span<const std::string_view> keys, std::span<double> out);

private:
    const Catalog& catalog_;
    EvaluationCache cache_;
    EvaluationContext ctx_;
};

} // namespace planner
