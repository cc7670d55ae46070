// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The "nice numbers" scale of a chart axis (Heckbert's loose labelling, as Qt Charts'
// QValueAxis::applyNiceNumbers computes it), worked out before the axis is touched. Qt's own call
// moves the axis twice (to the raw range, then to the nice one) and every move re-lays out the
// chart's text; knowing the scale first lets a redraw skip an axis whose scale did not change,
// which on a keystroke is nearly every axis. Qt's version also starts from the axis's current tick
// count, which its previous call changed, so the same data could get a different scale on a
// redraw than on a fresh chart; this one always starts from the same target.

namespace planner {

struct AxisScale {
    double min = 0;
    double max = 1;
    int ticks = 5;
    bool operator==(const AxisScale&) const = default;
};

// lo <= hi; a span of zero (or NaN/infinite bounds) gives the scale of 0..1 around lo.
AxisScale niceAxisScale(double lo, double hi, int targetTicks = 5);

} // namespace planner
