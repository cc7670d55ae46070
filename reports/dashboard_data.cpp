// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard_data.h"

#include "measured_throughput.h"
#include "core/number_text.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace planner {

namespace {

constexpr std::array kHeadline{
    KpiSpec{"results.cost_per_mtok_usd", "Cost per Mtok"},
    KpiSpec{"results.cost_per_mtok_input_usd", "Input cost per Mtok"},
    KpiSpec{"results.cost_per_mtok_output_usd", "Output cost per Mtok"},
    KpiSpec{"results.tco_per_gpu_hour_usd", "TCO per GPU-hour"},
    KpiSpec{"results.tokens_per_s_per_mw_it", "Tokens/s per MW IT"},
    KpiSpec{"results.tokens_per_s_per_mw_facility", "Tokens/s per MW facility"},
    KpiSpec{"sizing.gpus", "GPUs"},
    KpiSpec{"sizing.racks", "Racks"},
    KpiSpec{"sizing.facility_kw", "Facility power"},
    KpiSpec{"results.capex_usd", "Capex"},
    KpiSpec{"results.tokens_per_s_per_gpu", "Throughput per GPU"},
    KpiSpec{"results.utilization_realized", "Realized utilization"},
    KpiSpec{"results.context_reuse_gpu_time_saved", "Context reuse saves", true},
};

// Interactivity bounds around the scenario's own: a person reads the curve's shape from a factor
// of four either side of the operating point.
constexpr std::array kSweepFactors{0.25, 0.4, 0.6, 0.8, 1.0, 1.25, 1.6, 2.0, 2.5, 3.2, 4.0};
constexpr double kSweepFallbackCentre = 50; // tokens/s per user, when the scenario sets no bound
constexpr std::size_t kMaxMeasuredPoints = 40;

std::optional<InteractivityPoint> costAt(Scenario copy, const Catalog& catalog, const EvaluationContext& ctx,
                                         double perUser, std::optional<double> throughput)
{
    const std::string source = "dashboard sweep";
    if (!setField(copy, "workload.min_tokens_per_s_per_user", exactText(perUser), source))
        return std::nullopt;
    if (throughput && !setField(copy, "workload.throughput_tokens_per_s_per_gpu", exactText(*throughput), source))
        return std::nullopt;
    auto e = evaluate(copy, catalog, ctx);
    if (!e)
        return std::nullopt; // infeasible at this bound: the curve simply stops there
    const Metric* m = e.value().metric("results.cost_per_mtok_usd");
    if (!m || !std::isfinite(m->value))
        return std::nullopt;
    return InteractivityPoint{perUser, m->value};
}

bool sameServingSetup(const BenchmarkPoint& p, const Scenario& s)
{
    const auto precision = precisionFromName(s.workload.precision.value);
    return p.system == s.system.value && p.model == s.workload.model.value && precision && p.precision == *precision
        && units::in_tokens_per_second(p.perUser) > 0;
}

} // namespace

std::span<const KpiSpec> headlineFigures() { return kHeadline; }

KpiFigure kpiFigure(const Evaluation& e, const KpiSpec& spec)
{
    KpiFigure k;
    k.key = spec.key;
    k.title = spec.title;
    if (const Metric* m = e.metric(spec.key)) {
        k.label = m->label;
        k.unit = m->unit;
        k.value = m->value;
        k.available = std::isfinite(m->value);
        k.evidence = m->evidence;
        if (m->hasBand()) {
            k.p10 = m->p10;
            k.p90 = m->p90;
        }
    }
    // The throughput's tile says how it was obtained: its method under the title, the whole
    // derivation where the figure's description is read (the tooltip).
    if (spec.key == "results.tokens_per_s_per_gpu" && k.evidence && !k.evidence->method.empty()) {
        k.method = k.evidence->method;
        if (!e.throughputDerivation.empty())
            k.label += ": " + e.throughputDerivation;
    }
    return k;
}

InteractivityCurve sweepInteractivity(const Scenario& s, const Evaluation& current, const Catalog& catalog,
                                      const EvaluationContext& ctx, const MeasuredData* data)
{
    InteractivityCurve c;
    const Number& bound = current.resolved.workload.min_tokens_per_s_per_user;
    const double centre = bound.isSet() && bound.value > 0 ? bound.value : kSweepFallbackCentre;
    if (const Metric* m = current.metric("results.cost_per_mtok_usd"); m && bound.isSet())
        c.operating.push_back({bound.value, m->value});
    // An explicit throughput figure would pin every point of the curve to one value.
    if (s.workload.throughput_tokens_per_s_per_gpu.isSet() || s.workload.throughput_requests_per_s_per_gpu.isSet())
        return c;
    for (double f : kSweepFactors)
        if (auto p = costAt(s, catalog, ctx, centre * f, std::nullopt))
            c.model.push_back(*p);
    if (data) {
        for (const BenchmarkPoint& p : data->points) {
            if (c.measured.size() >= kMaxMeasuredPoints)
                break;
            if (sameServingSetup(p, s))
                if (auto q = costAt(s, catalog, ctx, units::in_tokens_per_second(p.perUser),
                                    units::in_tokens_per_second(p.totalPerGpu)))
                    c.measured.push_back(*q);
        }
    }
    return c;
}

namespace {

// How many cost lines the breakdown shows as bars of their own; the rest share one "other" bar.
// Each category row of a horizontal bar chart gets its share of the plot's height, and the figure
// at a bar's end is left out of a row shorter than a line of text: on a dashboard at 1280x800 five
// rows keep their names and figures. The report's tables list every line.
constexpr std::size_t kBreakdownBars = 4;

ChartSpec costBreakdownChart(const Evaluation& e)
{
    ChartSpec c;
    c.title = "Cost breakdown per year";
    c.yTitle = "M USD/year";
    c.horizontal = true;
    c.stacked = true; // one bar per line, coloured by capital or operating
    ChartSeries capital{"capital (annualized)", SeriesKind::Bars, {}, {}};
    ChartSeries operating{"operating", SeriesKind::Bars, {}, {}};
    struct Line {
        const std::string* name;
        double value;
        bool capital;
    };
    std::vector<Line> lines;
    for (const auto* list : {&e.finance.capital, &e.finance.opex})
        for (const CostLine& l : *list)
            if (const double v = units::in_usd_per_year(l.perYear) / 1e6; v != 0)
                lines.push_back({&l.name, v, list == &e.finance.capital});
    // The largest lines by themselves, in the report's order; the rest stacked in one bar, its
    // capital and operating parts coloured as theirs. Five lines or fewer all show.
    std::vector<bool> own(lines.size(), lines.size() <= kBreakdownBars + 1);
    if (lines.size() > kBreakdownBars + 1) {
        std::vector<std::size_t> byValue(lines.size());
        std::iota(byValue.begin(), byValue.end(), std::size_t{0});
        std::stable_sort(byValue.begin(), byValue.end(),
                         [&](std::size_t a, std::size_t b) { return lines[a].value > lines[b].value; });
        for (std::size_t k = 0; k < kBreakdownBars; ++k)
            own[byValue[k]] = true;
    }
    double otherCapital = 0, otherOperating = 0;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        const Line& l = lines[k];
        if (!own[k]) {
            (l.capital ? otherCapital : otherOperating) += l.value;
            continue;
        }
        c.categories.push_back(*l.name);
        capital.values.push_back(l.capital ? l.value : 0);
        operating.values.push_back(l.capital ? 0 : l.value);
    }
    if (otherCapital != 0 || otherOperating != 0) {
        c.categories.push_back("other");
        capital.values.push_back(otherCapital);
        operating.values.push_back(otherOperating);
    }
    c.series.push_back(std::move(capital));
    c.series.push_back(std::move(operating));
    c.emptyText = "No cost lines: the evaluation produced no finance result.";
    return c;
}

ChartSpec interactivityChart(const InteractivityCurve& curve)
{
    ChartSpec c;
    c.title = "Cost per Mtok against interactivity";
    c.xTitle = "tokens/s per user";
    c.yTitle = "USD/Mtok";
    auto toPairs = [](const std::vector<InteractivityPoint>& v) {
        std::vector<std::pair<double, double>> out;
        for (const InteractivityPoint& p : v)
            out.emplace_back(p.tokensPerSPerUser, p.costPerMtok);
        return out;
    };
    c.series.push_back({"model", SeriesKind::Line, {}, toPairs(curve.model)});
    if (!curve.measured.empty())
        c.series.push_back({"measured", SeriesKind::Points, {}, toPairs(curve.measured)});
    // A lone operating point says nothing about the trade-off: show why there is no curve instead.
    if (!curve.model.empty() || !curve.measured.empty())
        c.series.push_back({"operating point", SeriesKind::Marker, {}, toPairs(curve.operating)});
    c.emptyText = "No curve: the scenario gives an explicit throughput per GPU, so the cost does not "
                  "depend on the interactivity bound here. Remove workload.throughput_tokens_per_s_per_gpu "
                  "(or .throughput_requests_per_s_per_gpu) and name a benchmark database to see the trade-off.";
    return c;
}

ChartSpec powerChart(const Evaluation& e)
{
    ChartSpec c;
    c.title = "Power against the site cap";
    c.yTitle = "MW";
    c.horizontal = true;
    ChartSeries bars{"power", SeriesKind::Bars, {}, {}};
    struct Row {
        std::string_view key, shortLabel;
        double toMw;
    };
    const std::array<Row, 4> rows{{{"power.it_kw_average", "IT average", 1e-3},
                                   {"power.it_kw_typical", "IT typical", 1e-3},
                                   {"sizing.it_kw", "IT nameplate", 1e-3},
                                   {"sizing.facility_kw", "facility", 1e-3}}};
    for (const Row& r : rows)
        if (const Metric* m = e.metric(r.key)) {
            c.categories.emplace_back(r.shortLabel);
            bars.values.push_back(m->value * r.toMw);
        }
    c.series.push_back(std::move(bars));
    if (const Metric* cap = e.metric("power.cap_mw"))
        c.limit = ChartLimit{cap->value, "site cap " + numberText(cap->value) + " MW"};
    return c;
}

ChartSpec cashFlowChart(const Evaluation& e)
{
    ChartSpec c;
    c.title = "Cash flow by year";
    c.xTitle = "year (0 = purchase)";
    c.yTitle = "M USD";
    ChartSeries bars{"cash flow (costs negative)", SeriesKind::Bars, {}, {}};
    for (std::size_t y = 0; y < e.finance.cashFlowByYear.size(); ++y) {
        c.categories.push_back(std::to_string(y));
        bars.values.push_back(units::in_usd(e.finance.cashFlowByYear[y]) / 1e6);
    }
    c.series.push_back(std::move(bars));
    return c;
}

} // namespace

DashboardData buildDashboardData(const Evaluation& e, const InteractivityCurve& curve, const InputDescriber* describer)
{
    DashboardData d;
    for (const KpiSpec& spec : headlineFigures()) {
        d.kpis.push_back(kpiFigure(e, spec));
        if (describer && d.kpis.back().evidence)
            d.kpis.back().weakest = weakestInputs(*d.kpis.back().evidence, *describer);
    }
    d.costBreakdown = costBreakdownChart(e);
    d.interactivity = interactivityChart(curve);
    d.power = powerChart(e);
    d.cashFlow = cashFlowChart(e);
    return d;
}

} // namespace planner
