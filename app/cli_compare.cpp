// SPDX-License-Identifier: GPL-3.0-or-later
// `compare A.json B.json [C.json ...] [--baseline N|NAME] [--db FILE] [--set k=v]... [--json]
//  [--csv FILE] [--xlsx FILE] [--pdf FILE] [--page-size a4|letter]`
#include "cli_common.h"
#include "cli_options.h"
#include "cli_pdf.h"
#include "cli_runner.h"

#include "atomic_file.h"
#include "comparison_model.h"
#include "comparison_writer.h"
#include "report_model.h"
#include "xlsx_comparison.h"

#include <charconv>

namespace planner::cli {

namespace {

CommandLine compareCommandLine()
{
    CommandLine cl("compare", "SCENARIO SCENARIO [SCENARIO...]",
                   "Evaluates several scenario files and shows every figure side by side, each with its ratio\n"
                   "to the baseline scenario (value / baseline value). The --set overrides apply to every\n"
                   "scenario.");
    cl.text("baseline", "N|NAME",
            "the baseline: its position among the SCENARIO arguments counting from 1, or its scenario name\n"
            "(default 1, the first)");
    cl.text("db", "FILE", "benchmark database for measured throughput (overrides each scenario's benchmark_db)");
    cl.repeatable("set", "PATH=VALUE", "override one field in every scenario, e.g. --set finance.utilization=0.6");
    cl.flag("json", "machine output on stdout: scenarios, baseline_index (from 0) and rows of values and ratios");
    cl.text("csv", "FILE", "also write the comparison as CSV: metric,label,unit, then value and ratio per scenario");
    cl.text("xlsx", "FILE", "also write the comparison workbook: values side by side, ratios as live formulas");
    addPdfOptions(cl);
    return cl;
}

// The baseline's index from "--baseline": a whole number from 1, else a scenario name.
std::optional<std::size_t> baselineIndex(const std::string& text, const std::vector<ReportModel>& models)
{
    std::size_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc() && ptr == text.data() + text.size())
        return n >= 1 && n <= models.size() ? std::optional<std::size_t>(n - 1) : std::nullopt;
    for (std::size_t i = 0; i < models.size(); ++i)
        if (models[i].scenarioName == text)
            return i;
    return std::nullopt;
}

int save(const QString& path, const QByteArray& bytes, std::ostream& err)
{
    if (auto ok = saveAtomically(path, bytes); !ok) {
        err << ok.error().message << "\n";
        return exitCodeFor(ok.error());
    }
    return ExitOk;
}

} // namespace

int runCompare(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = compareCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (cl.positionals().size() < 2)
        return cl.usageError("expected at least two SCENARIO files", err);
    const auto pageSize = pdfPageSize(cl, err);
    if (!pageSize)
        return ExitUsage;
    std::vector<ReportModel> models;
    for (const std::string& file : cl.positionals()) {
        auto scenario = loadScenarioWithOverrides(file, cl.values("set"), err);
        if (!scenario)
            return scenario.error();
        auto evaluation = evaluateWithData(scenario.value(), cl.value("db"), file, err);
        if (!evaluation)
            return evaluation.error();
        models.push_back(buildReportModel(evaluation.value()));
    }
    const auto baseline = baselineIndex(cl.value("baseline").value_or("1"), models);
    if (!baseline)
        return cl.usageError("--baseline " + cl.value("baseline").value_or("") + ": expected a number from 1 to "
                                 + std::to_string(models.size()) + " or one of the scenarios' names",
                             err);
    const ComparisonModel comparison = buildComparison(models, *baseline);
    if (auto csv = cl.value("csv"))
        if (int code = save(QString::fromStdString(*csv), renderComparisonCsv(comparison), err))
            return code;
    if (auto xlsx = cl.value("xlsx"))
        if (auto ok = writeComparisonXlsx(comparison, QString::fromStdString(*xlsx)); !ok) {
            err << ok.error().message << "\n";
            return exitCodeFor(ok.error());
        }
    if (auto pdf = cl.value("pdf"))
        if (int code = writeComparisonPdf(comparison, *pdf, *pageSize, err))
            return code;
    const QByteArray text = cl.has("json") ? renderComparisonJson(comparison) : renderComparisonText(comparison);
    out.write(text.constData(), text.size());
    return ExitOk;
}

} // namespace planner::cli
