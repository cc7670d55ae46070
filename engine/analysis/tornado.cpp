// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/tornado.h"
#include "scenario/field_applies.h"

#include "analysis/uncertain_inputs.h"
#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace planner {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultSwingFraction = 0.20;

struct OutputAt {
    double value = kNaN;
    std::string problem;
};

Result<double> outputOf(const Evaluation& e, std::string_view key)
{
    if (const Metric* m = e.metric(key))
        return m->value;
    return badInput(std::string(key), "evaluate() publishes no output \"" + std::string(key) +
                                          "\" for this scenario (try results.cost_per_mtok_usd, or "
                                          "results.cost_per_1k_requests_usd where throughput is in requests)");
}

OutputAt evaluateWith(Scenario s, const FieldSpec& f, double value, const Catalog& catalog,
                      const EvaluationContext& ctx, std::string_view key)
{
    setInputValue(s, f, value);
    auto e = evaluate(s, catalog, ctx);
    if (!e)
        return {kNaN, std::string(f.path) + " = " + exactText(value) + ": " + e.error().message};
    auto v = outputOf(e.value(), key);
    if (!v)
        return {kNaN, v.error().message};
    return {v.value(), {}};
}

// The main cost drivers for the facility mode, in the order a reader expects them.
std::vector<std::string_view> costDrivers(const Scenario& s)
{
    const std::string& mode = s.facility.mode.value;
    // How full the cluster runs: its planned utilization, or for one sized from demand (where the
    // utilization follows from the demand and does not apply) the peak it is sized for.
    const bool demandSized = sizingBasisOf(s) == SizingBasis::Demand;
    std::vector<std::string_view> paths = {demandSized ? "workload.peak_to_average" : "finance.utilization"};
    if (mode == "rent") {
        paths.push_back("finance.gpu_hour_usd");
    } else {
        paths.push_back("facility.electricity_usd_per_kwh");
        paths.push_back("finance.system_price_usd");
        // A prefill pool on a system of its own is bought at its own price (set only when it applies).
        if (s.workload.serving.value == "disaggregated" && !s.workload.prefill_system.value.empty()
            && s.workload.prefill_system.value != s.system.value)
            paths.push_back("finance.prefill_system_price_usd");
        paths.push_back(mode == "colocation" ? "facility.colocation_usd_per_kw_month" : "facility.build_usd_per_mw");
    }
    // The throughput as the scenario states it: swinging a tokens/s figure into a requests-only
    // scenario would make up the tokens per request.
    const bool inRequests = s.workload.throughput_requests_per_s_per_gpu.isSet()
        && !s.workload.throughput_tokens_per_s_per_gpu.isSet();
    paths.push_back(inRequests ? "workload.throughput_requests_per_s_per_gpu" : "workload.throughput_tokens_per_s_per_gpu");
    return paths;
}

} // namespace

double TornadoBar::width() const { return std::abs(outputAtHigh - outputAtLow); }

Result<std::vector<TornadoBar>> tornado(const Scenario& scenario, const Catalog& catalog,
                                        const EvaluationContext& ctx, std::span<const Swing> swings,
                                        std::string_view outputKey)
{
    // Every swing is checked before anything is evaluated: a typo fails fast and names itself.
    std::vector<const FieldSpec*> fields;
    for (const Swing& sw : swings) {
        auto f = numericField(sw.path);
        if (!f)
            return f.error();
        for (double v : {sw.low, sw.high})
            if (auto ok = checkNumber(*f.value(), v); !ok)
                return badInput(sw.path, "swing of " + sw.path + ": " + ok.error().message);
        fields.push_back(f.value());
    }
    auto nominal = evaluate(scenario, catalog, ctx);
    if (!nominal)
        return nominal.error();
    auto base = outputOf(nominal.value(), outputKey);
    if (!base)
        return base.error();

    std::vector<TornadoBar> bars;
    for (std::size_t i = 0; i < swings.size(); ++i) {
        const OutputAt low = evaluateWith(scenario, *fields[i], swings[i].low, catalog, ctx, outputKey);
        const OutputAt high = evaluateWith(scenario, *fields[i], swings[i].high, catalog, ctx, outputKey);
        std::string problem = low.problem;
        if (!high.problem.empty())
            problem += (problem.empty() ? "" : "; ") + high.problem;
        bars.push_back({swings[i], base.value(), low.value, high.value, std::move(problem)});
    }
    // NaN widths sort last; stable, so equal bars keep the order they were given in.
    std::stable_sort(bars.begin(), bars.end(), [](const TornadoBar& a, const TornadoBar& b) {
        const double wa = a.width(), wb = b.width();
        if (std::isnan(wb))
            return !std::isnan(wa);
        return !std::isnan(wa) && wa > wb;
    });
    return bars;
}

std::vector<Swing> defaultSwings(const Scenario& scenario)
{
    std::vector<Swing> swings;
    for (const UncertainInput& in : uncertainInputs(scenario))
        swings.push_back({std::string(in.field->path), inputValueAt(in, 0.10), inputValueAt(in, 0.90),
                          "P10-P90 of " + describeDistribution(in.given)});
    for (std::string_view path : costDrivers(scenario)) {
        if (scenario.distributions.count(path))
            continue;
        const FieldSpec* f = findField(path);
        const Number* n = f ? numberOf(*f, scenario) : nullptr;
        if (!n || !n->isSet())
            continue;
        const double v = n->value;
        double low = std::max(v * (1 - kDefaultSwingFraction), f->min);
        double high = std::min(v * (1 + kDefaultSwingFraction), f->max);
        if (f->minExclusive && low <= f->min)
            low = v; // the bound itself is not allowed: swing up only
        swings.push_back({std::string(path), low, high, "±20% of " + figureText(v, f->unit)});
    }
    return swings;
}

} // namespace planner
