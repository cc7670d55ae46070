// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_pdf.h"

#include "cli_runner.h"

#include "pdf_comparison.h"
#include "pdf_report_input.h"

namespace planner::cli {

namespace {

int failed(const Result<void>& r, std::ostream& err)
{
    if (r)
        return ExitOk;
    err << r.error().message << "\n";
    return exitCodeFor(r.error());
}

} // namespace

void addPdfOptions(CommandLine& cl)
{
    cl.text("pdf", "FILE", "also write the PDF report to FILE (replaced whole, or left as it was on failure)");
    cl.text("page-size", "a4|letter", "paper size of the PDF report (default a4)");
}

std::optional<PdfPageSize> pdfPageSize(const CommandLine& cl, std::ostream& err)
{
    const auto name = cl.value("page-size");
    if (!name)
        return PdfPageSize::A4;
    if (auto size = pdfPageSizeFromName(*name))
        return size;
    cl.usageError("--page-size " + *name + ": expected a4 or letter", err);
    return std::nullopt;
}

int writeScenarioPdf(const Scenario& s, const Evaluation& e, const EvaluationContext& ctx, const MeasuredData* data,
                     const std::vector<std::string>& dataSources, const std::string& path, PdfPageSize size,
                     std::ostream& err)
{
    EvaluationCache cache; // the curve and the sensitivity evaluate the scenario again, many times
    EvaluationContext cached = ctx;
    cached.cache = &cache;
    const PdfReportInput input = pdfReportInput(s, e, builtinCatalog(), cached, data, dataSources);
    return failed(writePdfReport(input, QString::fromStdString(path), size), err);
}

int writeComparisonPdf(const ComparisonModel& c, const std::string& path, PdfPageSize size, std::ostream& err)
{
    return failed(planner::writeComparisonPdf(c, QString::fromStdString(path), size), err);
}

bool needsGuiApplication(const std::vector<std::string>& argv)
{
    for (const std::string& a : argv) {
        if (a == "--")
            return false;
        if (a == "--pdf" || a.rfind("--pdf=", 0) == 0)
            return true;
    }
    return false;
}

} // namespace planner::cli
