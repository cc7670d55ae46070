// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The comparison as text for a terminal, RFC 4180 CSV and JSON. The PDF is pdf_comparison.h.
// - Text: one line per metric, each scenario's figure in the shared number style and its ratio
//   to the baseline ("x1.23"); the scenarios are listed by number above the table.
// - CSV: metric,label,unit then per scenario "<name> value" and "<name> ratio" (exact values,
//   empty where missing or undefined); CRLF, UTF-8, '.' decimals, like csv_writer.h.
// - JSON: {"scenarios": [...], "baseline_index": i (0-based), "rows": [{"key","label","unit","values","ratios",
//   "grades"}]}, null where a value or ratio is missing.

#include "comparison_model.h"

#include <QByteArray>

namespace planner {

QByteArray renderComparisonText(const ComparisonModel& c);
QByteArray renderComparisonCsv(const ComparisonModel& c);
QByteArray renderComparisonJson(const ComparisonModel& c);

std::string ratioText(double ratio); // "x1.234", the style every comparison output shares

} // namespace planner
