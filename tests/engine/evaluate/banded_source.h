// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A throughput source that answers like the measured-data model: a figure per GPU, its validated
// P10-P90 band, and the input's share of GPU time.

#include "evaluate/evaluate.h"

namespace evaluate_fixture {

inline planner::EvaluationContext bandedSource(double tokens, double p10, double p90, double prefillTimeShare)
{
    planner::EvaluationContext ctx;
    ctx.throughput = [=](const planner::Scenario&, const planner::Catalog&) -> planner::Result<planner::ThroughputAnswer> {
        planner::ThroughputAnswer a;
        a.totalPerGpu = planner::units::tokens_per_second(tokens);
        a.p10PerGpu = planner::units::tokens_per_second(p10);
        a.p90PerGpu = planner::units::tokens_per_second(p90);
        a.prefillTimeShare = prefillTimeShare;
        return a;
    };
    return ctx;
}

} // namespace evaluate_fixture
