// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/sample_evaluator.h"

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
    auto e = evaluate(s, catalog_, ctx_);
    if (!e)
        return e.error();
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const Metric* m = e.value().metric(keys[i]);
        out[i] = m ? m->value : std::numeric_limits<double>::quiet_NaN();
    }
    return boost::outcome_v2::success();
}

} // namespace planner
