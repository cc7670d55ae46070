// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_sensitivity.h"

#include "core/number_text.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace planner {

namespace {

struct Swing {
    std::string path;
    double low = 0, high = 0;
    std::string basis;
};

constexpr double kSwing = 0.20; // ±20%: a plausible planning error on each of the four drivers

struct Driver {
    std::string_view path, label;
};

// The price of the GPUs: the system price when the cluster is bought, the hourly price when rented.
Driver gpuPrice(const Scenario& resolved)
{
    if (resolved.facility.mode.value == "rent")
        return {"finance.gpu_hour_usd", "GPU-hour price"};
    return {"finance.system_price_usd", "System (GPU) price"};
}

// ±20% of `value`, kept inside the field's bounds (utilization cannot pass 100%).
std::optional<Swing> swingAround(std::string_view path, double value, const std::string& basisPrefix)
{
    const FieldSpec* f = findField(path);
    if (!f || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    double low = std::max(value * (1 - kSwing), f->min), high = std::min(value * (1 + kSwing), f->max);
    if (f->minExclusive && low <= f->min)
        low = value;
    return Swing{std::string(path), low, high, basisPrefix + figureText(value, f->unit)};
}

std::optional<double> resolvedNumber(const Scenario& s, std::string_view path)
{
    const FieldSpec* f = findField(path);
    const Number* n = f ? numberOf(*f, s) : nullptr;
    return n && n->isSet() ? std::optional<double>(n->value) : std::nullopt;
}

const std::string kOutputKey = "results.cost_per_mtok_usd";

// The cost per Mtok with one field changed; NaN and the reason when that scenario fails.
double costWith(Scenario copy, const Swing& sw, double value, const Catalog& catalog, const EvaluationContext& ctx,
                std::string& problem)
{
    if (auto ok = setField(copy, sw.path, exactText(value), "sensitivity swing"); !ok) {
        problem = ok.error().message;
        return std::nan("");
    }
    auto e = evaluate(copy, catalog, ctx);
    const Metric* m = e ? e.value().metric(kOutputKey) : nullptr;
    if (!m) {
        problem = sw.path + " = " + figureText(value) + ": " + (e ? "no cost per Mtok" : e.error().message);
        return std::nan("");
    }
    return m->value;
}

double widthOf(const SensitivityLine& l) { return std::abs(l.atHigh - l.atLow); }

} // namespace

std::vector<SensitivityLine> reportSensitivity(const Scenario& s, const Evaluation& e, const Catalog& catalog,
                                               const EvaluationContext& ctx, std::string& note)
{
    const Metric* base = e.metric(kOutputKey);
    if (!base || !std::isfinite(base->value)) {
        note = "No sensitivity: the evaluation publishes no cost per million tokens.";
        return {};
    }
    std::vector<std::pair<Swing, std::string_view>> swings;
    const Driver drivers[] = {{"finance.utilization", "Utilization"},
                              {"facility.electricity_usd_per_kwh", "Electricity price"},
                              gpuPrice(e.resolved)};
    for (const Driver& d : drivers)
        if (auto v = resolvedNumber(e.resolved, d.path))
            if (auto sw = swingAround(d.path, *v, "±20% of "))
                swings.emplace_back(*sw, d.label);
    // Throughput: ±20% of what the engine found, set as an explicit figure at both ends.
    if (const Metric* t = e.metric("results.tokens_per_s_per_gpu"))
        if (auto sw = swingAround("workload.throughput_tokens_per_s_per_gpu", t->value, "±20% of the engine's "))
            swings.emplace_back(*sw, "Throughput per GPU");
    std::vector<SensitivityLine> out;
    for (const auto& [sw, label] : swings) {
        const FieldSpec* f = findField(sw.path);
        SensitivityLine l{sw.path, std::string(label), f ? std::string(f->unit) : std::string(), sw.basis, sw.low, sw.high,
                          base->value, 0, 0, {}};
        std::string lowProblem, highProblem;
        l.atLow = costWith(s, sw, sw.low, catalog, ctx, lowProblem);
        l.atHigh = costWith(s, sw, sw.high, catalog, ctx, highProblem);
        l.problem = lowProblem + (lowProblem.empty() || highProblem.empty() ? "" : "; ") + highProblem;
        out.push_back(std::move(l));
    }
    // Widest first; a swing with a failed end last (NaN widths).
    std::stable_sort(out.begin(), out.end(), [](const SensitivityLine& a, const SensitivityLine& b) {
        const double wa = widthOf(a), wb = widthOf(b);
        return std::isnan(wb) ? !std::isnan(wa) : !std::isnan(wa) && wa > wb;
    });
    if (out.empty())
        note = "No sensitivity: none of the four drivers has a value in this scenario.";
    return out;
}

ChartSpec sensitivityChart(const std::vector<SensitivityLine>& lines)
{
    ChartSpec c;
    c.title = "Change in cost per Mtok over each swing";
    c.yTitle = "change in USD/Mtok from the base";
    c.horizontal = true;
    c.stacked = true; // the low end's bar and the high end's bar share a row, on either side of zero
    ChartSeries low{"input at the low end", SeriesKind::Bars, {}, {}};
    ChartSeries high{"input at the high end", SeriesKind::Bars, {}, {}};
    for (const SensitivityLine& l : lines) {
        c.categories.push_back(l.label.empty() ? l.path : l.label);
        low.values.push_back(std::isfinite(l.atLow) ? l.atLow - l.base : 0);
        high.values.push_back(std::isfinite(l.atHigh) ? l.atHigh - l.base : 0);
    }
    c.series.push_back(std::move(low));
    c.series.push_back(std::move(high));
    c.emptyText = "No sensitivity was computed.";
    return c;
}

} // namespace planner
