// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Draws a ChartSpec with QPainter onto any paint device: a PDF page (vector output), an image
// for a test or a preview. The same specs the desktop's dashboard shows (dashboard_data.h), so
// the report prints what the analyst saw. Needs only QtGui: the CLI draws charts without widgets.
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

class QPainter;

namespace planner {

// `font` sets the size of every label; the title is drawn bold and a little larger.
void paintChart(QPainter& painter, const QRectF& area, const ChartSpec& spec, const QFont& font);

QColor chartSeriesColor(std::size_t index); // one palette for every chart in a report

} // namespace planner
