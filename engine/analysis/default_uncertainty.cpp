// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/default_uncertainty.h"

#include "scenario/field_labels.h"

#include "analysis/distribution.h"
#include "analysis/uncertain_inputs.h"
#include "core/number_text.h"

#include <cmath>

namespace planner {

namespace {

constexpr std::string_view kThroughput = "workload.throughput_tokens_per_s_per_gpu";
constexpr double kZ90 = 1.2815515655446004; // the standard normal's 90th percentile

bool hasDistribution(const Scenario& s, std::string_view path) { return s.distributions.find(path) != s.distributions.end(); }

// Log-normal through P10 and P90 of the band.
Distribution throughPercentiles(double p10, double p90)
{
    Distribution d;
    d.kind = DistributionKind::Lognormal;
    d.center = std::sqrt(p10 * p90);
    d.spread = std::log(p90 / p10) / (2 * kZ90);
    return d;
}

} // namespace

std::optional<Swing> throughputSwing(const Scenario& scenario, const Evaluation& nominal)
{
    if (scenario.workload.throughput_tokens_per_s_per_gpu.isSet() || hasDistribution(scenario, kThroughput))
        return std::nullopt;
    const Metric* t = nominal.metric("results.tokens_per_s_per_gpu");
    if (!t || !t->hasBand() || !(t->p10 > 0) || !(t->p90 > t->p10))
        return std::nullopt;
    return Swing{std::string(kThroughput), t->p10, t->p90,
                 "P10-P90 band of the predicted " + figureText(t->value) + " tokens/s per GPU"};
}

std::vector<Swing> uncertaintySwings(const Scenario& scenario, const Evaluation& nominal)
{
    std::vector<Swing> swings = defaultSwings(nominal.resolved);
    if (auto t = throughputSwing(scenario, nominal))
        swings.push_back(std::move(*t));
    return swings;
}

Scenario withDefaultUncertainty(Scenario s, const Evaluation& nominal, std::vector<std::string>* assumed)
{
    auto note = [&](std::string line) {
        if (assumed)
            assumed->push_back(std::move(line));
    };
    if (auto t = throughputSwing(s, nominal)) {
        const Distribution d = throughPercentiles(t->low, t->high);
        if (setDistribution(s, kThroughput, d, "assumed: log-normal through the predicted throughput's P10-P90 band"))
            note(labelOrPath(kThroughput) + " (" + std::string(kThroughput) + "): log-normal through P10 " + figureText(t->low) + " and P90 "
                 + figureText(t->high) + " tokens/s per GPU (median " + figureText(d.center) + ", sigma "
                 + figureText(d.spread) + "), the " + t->basis);
    }
    return s;
}

} // namespace planner
