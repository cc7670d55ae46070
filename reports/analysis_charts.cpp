// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis_charts.h"

#include "scenario/field_labels.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace planner {

ChartSpec tornadoChart(const std::vector<TornadoBar>& bars, std::string_view outputLabel, std::string_view unit)
{
    ChartSpec c;
    c.title = "Tornado: " + std::string(outputLabel);
    c.yTitle = "change from the nominal value (" + std::string(unit) + ")"; // the value axis, drawn horizontally
    c.horizontal = true;
    c.emptyText = "No swing could be evaluated at both ends.";
    ChartSeries low{"input low", SeriesKind::Bars, {}, {}};
    ChartSeries high{"input high", SeriesKind::Bars, {}, {}};
    // The painter draws the first category at the top, where a tornado has its widest swing.
    for (auto it = bars.begin(); it != bars.end(); ++it) {
        if (!std::isfinite(it->width()))
            continue;
        // The field's label ("Electricity price"); a path the field table lacks stays a path.
        c.categories.push_back(labelOrPath(it->swing.path));
        low.values.push_back(it->outputAtLow - it->base);
        high.values.push_back(it->outputAtHigh - it->base);
    }
    if (!c.categories.empty()) {
        c.series.push_back(std::move(low));
        c.series.push_back(std::move(high));
    }
    return c;
}

ChartSpec histogramChart(std::vector<double> samples, const OutputDistribution& d, int bins)
{
    ChartSpec c;
    c.title = numberText(double(samples.size())) + " samples: P10 " + numberText(d.p10) + ", P50 " + numberText(d.p50) +
              ", P90 " + numberText(d.p90) + " " + std::string(d.unit);
    c.xTitle = std::string(d.label) + " (" + std::string(d.unit) + ")";
    c.yTitle = "samples per bin";
    c.emptyText = "No sample could be evaluated.";
    std::erase_if(samples, [](double v) { return !std::isfinite(v); });
    if (samples.empty() || bins < 1)
        return c;
    const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
    const double from = *lo, width = (*hi - *lo) / bins;
    std::vector<double> counts(std::size_t(bins), 0.0);
    for (double v : samples) {
        const int b = width > 0 ? std::min(bins - 1, int((v - from) / width)) : 0;
        counts[std::size_t(b)] += 1;
    }
    ChartSeries outline{"samples", SeriesKind::Line, {}, {}};
    outline.points.push_back({from, 0});
    for (int b = 0; b < bins; ++b) {
        const double x0 = from + b * width, x1 = from + (b + 1) * width;
        outline.points.push_back({x0, counts[std::size_t(b)]});
        outline.points.push_back({x1, counts[std::size_t(b)]});
    }
    outline.points.push_back({from + bins * width, 0});
    c.series.push_back(std::move(outline));
    // Each percentile marked on the axis and named in the legend (the title gives P10 to P90 exactly).
    const std::pair<const char*, double> marks[] = {{"P5", d.p5},   {"P10", d.p10}, {"P50", d.p50},
                                                    {"P90", d.p90}, {"P95", d.p95}, {"mean", d.mean}};
    for (const auto& [name, value] : marks)
        c.series.push_back({name, SeriesKind::Marker, {}, {{value, 0.0}}});
    return c;
}

std::string sweepAxisTitle(const SweepQuantity& q, const Evaluation* e)
{
    std::string label = q.name, unit;
    if (q.input) {
        label = labelOrPath(q.input->path);
        unit = std::string(q.input->unit);
    } else if (const Metric* m = e ? e->metric(q.name) : nullptr) {
        label = m->label;
        unit = m->unit;
    }
    if (unit.empty() || (q.input && label.ends_with(')')))
        return label;
    return label.ends_with(')') ? label + ", " + unit : label + " (" + unit + ")";
}

ChartSpec frontierChart(std::vector<std::pair<double, double>> points, std::string_view xTitle, std::string_view yTitle)
{
    ChartSpec c;
    c.title = "Pareto frontier";
    c.xTitle = std::string(xTitle);
    c.yTitle = std::string(yTitle);
    c.emptyText = "No configuration of the sweep could be evaluated under its constraints.";
    std::erase_if(points, [](const auto& p) { return !std::isfinite(p.first) || !std::isfinite(p.second); });
    if (points.empty())
        return c;
    std::sort(points.begin(), points.end());
    c.series.push_back({"frontier", SeriesKind::Line, {}, points});
    c.series.push_back({"configurations (click to open)", SeriesKind::Points, {}, std::move(points)});
    return c;
}

} // namespace planner
