// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Everything the PDF report prints about one evaluation, gathered in one place: the report model,
// the dashboard's charts, the benchmark rows behind the throughput, the inputs behind the
// headline with their grades, each input's source date. The CLI and the desktop call this, so
// both print the same report.

#include "pdf_report.h"

namespace planner {

struct MeasuredData;

// s: the scenario as given (the interactivity curve and the sensitivity evaluate copies of it),
// e: its evaluation under ctx; data: the benchmark database ctx answers from (may be null);
// dataSources: lines for the cover ("scenario file x.json", "benchmark database y.sqlite").
PdfReportInput pdfReportInput(const Scenario& s, const Evaluation& e, const Catalog& catalog,
                              const EvaluationContext& ctx, const MeasuredData* data,
                              std::vector<std::string> dataSources);

} // namespace planner
