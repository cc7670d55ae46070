// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Monte Carlo over a scenario's uncertain inputs (Scenario::distributions): each sample draws
// every uncertain input from its distribution (inverse CDF of a uniform from the sample's own
// random stream), evaluates the scenario and records every headline output. The answer is the
// P5, P10, P50, P90, P95 and mean of each output over the samples that could be evaluated.
//
// Simplifications: inputs are independent (no correlations); a sample that cannot be evaluated
// (the drawn inputs are infeasible, e.g. demand above what a power cap allows) is counted and
// left out of the percentiles, so the percentiles are conditional on feasibility.
// Reproducible for a seed, and the same on any number of threads (sample_stream.h).

#include "analysis/uncertain_inputs.h"
#include "core/result.h"
#include "evaluate/evaluate.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct MonteCarloOptions {
    std::size_t samples = 10000;
    std::uint64_t seed = 1;
    unsigned threads = 1;
    const std::atomic<bool>* cancel = nullptr;    // set to stop early: the run returns an error
    std::atomic<std::size_t>* progress = nullptr; // samples done so far, for a progress bar
    std::string_view keep;                        // an output whose every sample to return (a histogram)
};

struct OutputDistribution {
    std::string_view key, label, unit; // the Metric's (literals)
    double nominal = 0;                // at the nominal scenario
    double p5 = 0, p10 = 0, p50 = 0, p90 = 0, p95 = 0, mean = 0;
    std::size_t samples = 0; // samples that published this output
};

struct MonteCarloResult {
    std::vector<UncertainInput> inputs;
    std::vector<OutputDistribution> outputs; // results.*, sizing.*, finance.total_usd_per_year
    std::size_t samples = 0;
    std::size_t infeasible = 0;  // samples evaluate() refused as infeasible
    std::size_t invalid = 0;     // samples refused as bad input (an input combination out of range)
    std::string firstProblem;    // the message of the lowest-numbered sample that failed
    std::vector<double> kept;    // options.keep's value of every evaluated sample, in sample order
};

// Errors: no uncertain inputs; samples == 0; the nominal scenario failing to evaluate; cancelled.
Result<MonteCarloResult> monteCarlo(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx,
                                    const MonteCarloOptions& options);

// The value below which a share p of the sorted values lies, interpolating linearly between
// order statistics (Hyndman and Fan type 7, the default of R and NumPy).
double percentileOfSorted(const std::vector<double>& sorted, double p);

} // namespace planner
