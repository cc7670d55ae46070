// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The comparison workbook: one row per metric of buildComparison() (comparison_model.h), the
// scenarios' values side by side and, for each, its ratio to the baseline as a live formula
// (value / baseline value, stored with the model's ratio), so an analyst who edits a figure sees
// the ratios follow. A second sheet lists the scenarios and marks the baseline. Saved atomically.

#include "comparison_model.h"
#include "core/result.h"

#include <QByteArray>
#include <QString>

namespace planner {

Result<QByteArray> renderComparisonXlsx(const ComparisonModel& c);
Result<void> writeComparisonXlsx(const ComparisonModel& c, const QString& path);

} // namespace planner
