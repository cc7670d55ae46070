// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The comparison report as PDF: the scenarios named and numbered, a chart of the headline cost per
// million tokens by scenario, and one table of every figure side by side, each with its ratio to
// the baseline ("x0.87"). The table repeats its header on every page it runs over.

#include "comparison_model.h"
#include "pdf_document.h"

#include <string>

namespace planner {

// Cost per Mtok by scenario, horizontal bars named "1. <scenario>".
ChartSpec comparisonChart(const ComparisonModel& c, const std::string& key = "results.cost_per_mtok_usd");

PdfDocumentPlan comparisonPdfPlan(ComparisonModel c); // for renderPdfDocument and previewPdfDocument
Result<QByteArray> renderComparisonPdf(const ComparisonModel& c, PdfPageSize size = PdfPageSize::A4);
Result<void> writeComparisonPdf(const ComparisonModel& c, const QString& path, PdfPageSize size = PdfPageSize::A4);

} // namespace planner
