// SPDX-License-Identifier: GPL-3.0-or-later
// Bands of the headline figures that follow from the throughput's P10-P90 band. The measured-data
// model says how far its figure may be off (the spread of its method's validation errors,
// serving/uncertainty.h); the scenario is evaluated again, numbers only, at each end of that band
// with every other input held, and each published figure that moves gets the two results as its
// band, lower first. Throughput is the one uncertain input here and every headline figure is
// monotone in it (more tokens per GPU: fewer GPUs for a demand, more tokens from a fixed cluster),
// so the figure at throughput's P10 is the figure's own P10 or P90. Input uncertainty (prices,
// utilization) is Monte Carlo's job, not this band's.
#include "evaluate/evaluation_steps.h"

#include <algorithm>
#include <cmath>

namespace planner::steps {

using namespace units;

namespace {

// The headline at one end of the band: the same scenario, the same input/output split, the
// throughput replaced.
Result<HeadlineFigures> headlineAt(const Work& w, TokenRate perGpu)
{
    ThroughputAnswer end;
    end.totalPerGpu = perGpu;
    end.prefillTimeShare = w.throughput.prefillTimeShare;
    // No cache: the caller's holds the numbers-only path's resumable state (a sweep worker's), which
    // a call on another scenario must not overwrite; these two runs are cheap without its memos.
    EvaluationContext at;
    at.throughput = [&end](const Scenario&, const Catalog&) -> Result<ThroughputAnswer> { return end; };
    return evaluateResolvedNumbers(w.s, w.catalog, at);
}

// Figures that are ratios of cost to GPU-hours or of tokens to capacity (TCO per GPU-hour, the
// break-even price, realized utilization) move with throughput only as whole domains are added or
// dropped: a band on them would show rounding, not uncertainty, so they get none.
bool followsThroughput(Headline h)
{
    return h != Headline::TcoPerGpuHour && h != Headline::BreakevenGpuHour && h != Headline::UtilizationRealized;
}

void attach(std::vector<Metric>& list, const HeadlineFigures& low, const HeadlineFigures& high)
{
    for (Metric& m : list) {
        const auto which = headlineFromKey(m.key);
        if (!which || !followsThroughput(*which) || !low.has(*which) || !high.has(*which))
            continue;
        const double a = low[*which], b = high[*which];
        if (std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)))
            continue; // does not depend on throughput (capex of a fixed-size cluster)
        // Whole domains make sizing a step function of throughput, so the figure itself is kept
        // inside its band even where a step lands between it and one end.
        m.p10 = std::min({a, b, m.value});
        m.p90 = std::max({a, b, m.value});
    }
}

} // namespace

void publishThroughputBands(Work& w)
{
    const ThroughputAnswer& t = w.throughput;
    if (w.training() || !(t.p10PerGpu > tokens_per_second(0)) || !(t.p90PerGpu > tokens_per_second(0)))
        return;
    auto low = headlineAt(w, t.p10PerGpu);
    auto high = headlineAt(w, t.p90PerGpu);
    if (!low || !high) {
        // The figure itself was evaluated; a band end that cannot be (a demand no cluster under the
        // power cap serves at P10) leaves the figures without a band, and says why.
        const Error& why = !low ? low.error() : high.error();
        w.out.warnings.push_back({"throughput band",
                                  "no P10-P90 band: at the " + std::string(!low ? "P10" : "P90") +
                                      " throughput the scenario does not evaluate (" + why.where + ": " +
                                      why.message + ")"});
        return;
    }
    attach(w.out.results, low.value(), high.value());
    attach(w.out.sizingMetrics, low.value(), high.value());
}

} // namespace planner::steps
