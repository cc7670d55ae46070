// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one chart renderer: draws a ChartSpec with QPainter onto any paint device, the desktop's
// chart panels (ui/charts/chart_panel.h), a PDF page (vector output), an image for a screenshot or
// a test. So the report prints what the analyst saw, in the same palette, ticks and number style.
// Needs only QtGui: the CLI draws charts without widgets.
//
// Every length derives from the font's metrics on the painter's device, so one call looks the
// same on a 600 dpi PDF page and a 96 dpi image. Bar charts put the value axis title (yTitle)
// along the values, whichever way the bars grow; x-y charts (lines, points, the marker) get
// numeric axes on both sides. Ticks are "nice" numbers written in the shared number style.

#include "chart_spec.h"

#include <QColor>
#include <QFont>
#include <QRectF>

#include <cstddef>
#include <vector>

class QPainter;

namespace planner {

// Where one drawn bar or point sits on the device: what a screen needs to answer a hover with the
// figure under the pointer and a click with the point clicked.
struct ChartHit {
    QRectF area;            // the bar, or a square around the point's marker
    std::size_t series = 0; // index into ChartSpec::series
    std::size_t index = 0;  // the category (bars) or the point (x-y) in that series
    double x = 0, y = 0;    // the point's data, or the bar's category index and value
};

// `font` sets the size of every label; the title is drawn bold and a little larger. With `hits`,
// every bar and point drawn is listed there too.
void paintChart(QPainter& painter, const QRectF& area, const ChartSpec& spec, const QFont& font,
                std::vector<ChartHit>* hits = nullptr);

QColor chartSeriesColor(std::size_t index); // one palette for every chart in a report

} // namespace planner
