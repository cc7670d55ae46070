// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The PDF report of one scenario, for a reader who never opens the tool: a cover, the executive
// summary with the reconciliation of the headline, the cost breakdown, throughput and its
// provenance, the bill of materials, sizing/power/cooling, the network fabric, storage and
// reliability, sensitivity, warnings, and an appendix of every input. Everything it prints comes
// from the report model and the chart specs the desktop draws; it computes no figure itself.
//
// The writer registered as "pdf" renders from the report model alone (the charts and the
// sensitivity need the evaluation: those sections then say so); the CLI and the desktop fill a
// PdfReportInput with pdfReportInput() (pdf_report_input.h) for the whole report.

#include "dashboard_data.h"
#include "report_sensitivity.h"
#include "pdf_document.h"
#include "report_writer.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace planner {

struct PdfReportInput {
    ReportModel model;
    DashboardData dashboard;                 // charts; an empty DashboardData prints their emptyText
    std::vector<SensitivityLine> sensitivity;
    std::string sensitivityNote;             // why there is no sensitivity, when there is none
    ChartSpec sensitivityChart;              // the tornado of `sensitivity`, as the Uncertainty tab draws it
    std::vector<std::string> measuredRows;   // the benchmark rows the throughput rests on, described
    std::vector<std::pair<std::string, std::string>> headlineInputs; // (input by name, grade) of the cost per Mtok
    std::map<std::string, std::string> inputDates; // scenario path -> ISO date of its source, where known
    std::vector<std::string> dataSources;    // scenario file, benchmark database, catalog
    std::string date;                        // ISO date of the report
};

PdfDocumentPlan pdfReportPlan(PdfReportInput input); // for renderPdfDocument and previewPdfDocument
Result<QByteArray> renderPdfReport(const PdfReportInput& input, PdfPageSize size = PdfPageSize::A4);
Result<void> writePdfReport(const PdfReportInput& input, const QString& path, PdfPageSize size = PdfPageSize::A4);

// The section titles in order, as printed (the tests look for each).
std::vector<QString> pdfReportSectionTitles();

class PdfReportWriter final : public ReportWriter {
public:
    QString shortName() const override { return QStringLiteral("pdf"); }
    QString nameFilter() const override { return QStringLiteral("PDF files (*.pdf)"); }
    QByteArray render(const ReportModel& model) const override; // empty when the PDF cannot be made
    Result<void> write(const ReportModel& model, const QString& path) const override;
};

} // namespace planner
