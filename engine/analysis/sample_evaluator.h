// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one place Monte Carlo evaluates a sample: a scenario in, the value of each requested output
// out, through the numbers-only path (evaluate/headline.h) with its own EvaluationCache (one
// evaluator per thread). An output the headline figures do not cover comes back NaN.

#include "core/result.h"
#include "evaluate/evaluate.h"
#include "evaluate/evaluation_cache.h"
#include "evaluate/headline.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace planner {

class SampleEvaluator {
public:
    // keys: the outputs every sample gives, in order; matched to headline figures once, here.
    SampleEvaluator(const Catalog& catalog, const EvaluationContext& shared, std::span<const std::string_view> keys);
    SampleEvaluator(const SampleEvaluator&) = delete; // ctx_ points at this object's own cache
    SampleEvaluator& operator=(const SampleEvaluator&) = delete;

    // out[i] = the value of output keys[i] (NaN when this scenario does not publish it).
    // `resolved`: s came from resolveScenario() and since then only numeric fields that resolution
    // does not read (resolutionReads) changed, so resolving again would give s back: skipped.
    Result<void> evaluateSample(const Scenario& s, bool resolved, std::span<double> out);

private:
    const Catalog& catalog_;
    EvaluationCache cache_;
    EvaluationContext ctx_;
    std::vector<std::optional<Headline>> headlines_; // per key
};

} // namespace planner
