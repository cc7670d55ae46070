// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The tables the PDF report's sections share, built from the report model: figures with their
// value, evidence grade and method; the bill of materials; the appendix of inputs. Every figure is
// printed by core/number_text.h's figureText(value, unit), the style of every other output.

#include "qt_string.h"
#include "pdf_layout.h"
#include "report_model.h"

#include <functional>
#include <map>
#include <string>

namespace planner {

QString figureCell(double value, const std::string& unit); // "$0.1357/Mtok", "3.951 MW"

const ReportFigure* findFigure(const ReportModel& m, std::string_view key);

// Figure | Value | Evidence | Method, one row per figure the filter keeps; `bold` keys are totals.
PdfTable figureTable(const ReportModel& m, const std::function<bool(const ReportFigure&)>& keep,
                     const std::vector<std::string>& bold = {});
PdfTable figureTable(const std::vector<const ReportFigure*>& figures, const std::vector<std::string>& bold = {});

PdfTable bomTable(const ReportModel& m);
PdfTable inputsTable(const ReportModel& m, const std::map<std::string, std::string>& dates);

bool hasPrefix(const std::string& key, std::string_view prefix);

} // namespace planner
