// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The PDF options evaluate and compare share (--pdf FILE, --page-size a4|letter) and the steps
// that write the reports. PDF text needs fonts, so main() creates a QGuiApplication on the
// offscreen platform when a command line asks for a PDF (needsGuiApplication).

#include "cli_options.h"

#include "comparison_model.h"
#include "evaluate/evaluate.h"
#include "pdf_document.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace planner {
struct MeasuredData;
}

namespace planner::cli {

void addPdfOptions(CommandLine& cl);
// The --page-size value (A4 when absent); nullopt after printing a usage error.
std::optional<PdfPageSize> pdfPageSize(const CommandLine& cl, std::ostream& err);

// Exit code; the message printed on failure.
int writeScenarioPdf(const Scenario& s, const Evaluation& e, const EvaluationContext& ctx, const MeasuredData* data,
                     const std::vector<std::string>& dataSources, const std::string& path, PdfPageSize size,
                     std::ostream& err);
int writeComparisonPdf(const ComparisonModel& c, const std::string& path, PdfPageSize size, std::ostream& err);

// True when argv (without the program name) asks for a PDF: main() then needs a QGuiApplication.
bool needsGuiApplication(const std::vector<std::string>& argv);

} // namespace planner::cli
