// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/sample_evaluator.h"

#include <limits>

namespace planner {

SampleEvaluator::SampleEvaluator(const Catalog& catalog, const EvaluationContext& shared,
                                 std::span<const std::string_view> keys)
    : catalog_(catalog), ctx_(shared)
{
    ctx_.cache = &cache_;
    headlines_.reserve(keys.size());
    for (std::string_view key : keys)
        headlines_.push_back(headlineFromKey(key));
}

Result<void> SampleEvaluator::evaluateSample(const Scenario& s, bool resolved, std::span<double> out)
{
    // The numbers-only path: the same figures as evaluate() (test_evaluate_numbers holds them to
    // 1e-12), without the evidence and report figures no sample needs.
    auto e = resolved ? evaluateResolvedNumbers(s, catalog_, ctx_) : evaluateNumbers(s, catalog_, ctx_);
    if (!e)
        return e.error();
    for (std::size_t i = 0; i < headlines_.size(); ++i)
        out[i] = headlines_[i] ? e.value()[*headlines_[i]] : std::numeric_limits<double>::quiet_NaN();
    return boost::outcome_v2::success();
}

} // namespace planner
