// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/sample_evaluator.h"

#include "evaluate/headline.h"

#include <limits>

namespace planner {

SampleEvaluator::SampleEvaluator(const Catalog& catalog, const EvaluationContext& shared)
    : catalog_(catalog), ctx_(shared)
{
    ctx_.cache = &cache_;
}

Result<void> SampleEvaluator::evaluateSample(const Scenario& s, std::span<const std::string_view> keys,
                                             std::span<double> out)
{
    // The numbers-only path: the same figures as evaluate() (test_evaluate_numbers holds them to
    // 1e-12), without the evidence and report figures no sample needs.
    auto e = evaluateNumbers(s, catalog_, ctx_);
    if (!e)
        return e.error();
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const std::optional<Headline> h = headlineFromKey(keys[i]);
        out[i] = h ? e.value()[*h] : std::numeric_limits<double>::quiet_NaN();
    }
    return boost::outcome_v2::success();
}

} // namespace planner
