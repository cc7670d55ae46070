// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate/evaluation_cache.h"

#include "evaluate/evaluation_cache_internals.h"

namespace planner {

EvaluationCache::EvaluationCache() = default;
EvaluationCache::~EvaluationCache() = default;

EvaluationCache::Internals& EvaluationCache::internals()
{
    if (!internals_)
        internals_ = std::make_unique<Internals>();
    return *internals_;
}

void EvaluationCache::clear()
{
    prefillShares_.clear();
    last_ = nullptr;
    if (internals_ && !internals_->inUse)
        internals_.reset();
}

} // namespace planner
