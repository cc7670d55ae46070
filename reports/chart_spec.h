// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A chart as plain data: what to draw, not how. Built once from engine results (see
// dashboard_data.h) and drawn by one renderer (chart_painter.h) on the desktop's panels, on the
// PDF's pages and in screenshots, so what the analyst sees is what the report prints.

#include <optional>
#include <string>
#include <vector>

namespace planner {

enum class SeriesKind {
    Bars,   // one value per category
    Line,   // a curve through (x, y) points
    Points, // scattered (x, y) markers
    Marker, // one highlighted point (the operating point)
};

struct ChartSeries {
    std::string name;
    SeriesKind kind = SeriesKind::Line;
    std::vector<double> values;             // Bars: one per category
    std::vector<std::pair<double, double>> points; // Line, Points, Marker

    bool operator==(const ChartSeries&) const = default;
};

struct ChartLimit {
    double value = 0;  // a horizontal line, like the site's power cap
    std::string label;

    bool operator==(const ChartLimit&) const = default;
};

struct ChartSpec {
    std::string title;
    std::string xTitle, yTitle; // axis titles with their unit: "tokens/s per user"
    std::vector<std::string> categories; // bar charts
    std::vector<ChartSeries> series;
    std::optional<ChartLimit> limit;
    bool horizontal = false; // bars grow to the right: for many or long category names
    bool stacked = false;    // bar series stack in one bar per category
    std::string emptyText; // what to say when there is nothing to draw, and why

    // Views redraw only what changed: an edit of the electricity price leaves the power chart be.
    bool operator==(const ChartSpec&) const = default;

    bool empty() const
    {
        for (const ChartSeries& s : series)
            if (!s.values.empty() || !s.points.empty())
                return false;
        return true;
    }
};

} // namespace planner
