// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The axes of a throughput-against-interactivity chart, shared by the benchmark browser's curve
// and the ratio view's matched curves so both read the same way: per-user output rate across,
// throughput per GPU up, both from zero with 10% headroom over the largest value drawn.

#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

// Adds the two axes to `chart` and attaches every series already in it. `maxX` and `maxY` are the
// largest values drawn (zero gives an empty axis); `yTitle` names the throughput and its unit.
void addInteractivityAxes(QChart* chart, double maxX, double maxY, const QString& yTitle);
