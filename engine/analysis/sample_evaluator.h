// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one place Monte Carlo evaluates a sample: a scenario in, the value of each requested output
// out. It calls evaluate() today with its own EvaluationCache (one evaluator per thread); when the
// numbers-only evaluation path lands, only evaluateSample's body changes. Monte Carlo asks for
// exactly the headline keys (results.*, sizing.*, finance.total_usd_per_year), so with the sweep
// branch's evaluate/headline.h the body becomes: figures = evaluateNumbers(s, catalog_, ctx_);
// out[i] = figures[*headlineFromKey(keys[i])] (the key-to-index map computed once).

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
