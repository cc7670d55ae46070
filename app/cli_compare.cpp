// SPDX-License-Identifier: GPL-3.0-or-later
// `compare A.json B.json [C.json ...] [--baseline N|NAME] [--hold SECTION,...] [--db FILE] [--set k=v]...
//  [--json] [--csv FILE] [--xlsx FILE] [--pdf FILE] [--page-size a4|letter]`
#include "cli_common.h"
#include "cli_options.h"
#include "cli_pdf.h"
#include "cli_runner.h"

#include "atomic_file.h"
#include "comparison_model.h"
#include "comparison_writer.h"
#include "report_model.h"
#include "xlsx_comparison.h"

#include "scenario/scenario_hold.h"

#include <charconv>

namespace planner::cli {

namespace {

CommandLine compareCommandLine()
{
    CommandLine cl("compare", "SCENARIO SCENARIO [SCENARIO...]",
                   "Evaluates several scenario files and shows every input that differs among them, a warning for\n"
                   "each difference that is not the hardware's (ownership, sizing, utilization, cost of capital,\n"
                   "electricity, service levels), then every figure side by side, each with its ratio to the\n"
                   "baseline scenario (value / baseline value). The --set overrides apply to every scenario.");
    cl.text("baseline", "N|NAME",
            "the baseline: its position among the SCENARIO arguments counting from 1, or its scenario name\n"
            "(default 1, the first)");
    cl.text("hold", "SECTION,...",
            "take these sections of every scenario from the baseline (workload, cluster, facility, finance,\n"
            "network, storage, reliability), e.g. --hold finance,facility to compare the hardware alone");
    cl.text("db", "FILE", "benchmark database for measured throughput (overrides each scenario's benchmark_db)");
    cl.repeatable("set", "PATH=VALUE", "override one field in every scenario, e.g. --set finance.utilization=0.6");
    cl.flag("json", "machine output on stdout: scenarios, baseline_index (from 0), differing_inputs [{path, values}],\n"
                    "system_figures (each system's own catalog figures that differ, the same shape),\n"
                    "warnings and rows of values and ratios");
    cl.text("csv", "FILE", "also write the comparison as CSV: metric,label,unit, then value and ratio per scenario");
    cl.text("xlsx", "FILE", "also write the comparison workbook: values side by side, ratios as live formulas");
    addPdfOptions(cl);
    return cl;
}

// The name a scenario is shown and chosen by (ReportModel's).
std::string shownName(const Scenario& s) { return s.name.value.empty() ? "unnamed scenario" : s.name.value; }

// The baseline's index from "--baseline": a whole number from 1, else a scenario name.
std::optional<std::size_t> baselineIndex(const std::string& text, const std::vector<Scenario>& scenarios)
{
    std::size_t n = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc() && ptr == text.data() + text.size())
        return n >= 1 && n <= scenarios.size() ? std::optional<std::size_t>(n - 1) : std::nullopt;
    for (std::size_t i = 0; i < scenarios.size(); ++i)
        if (shownName(scenarios[i]) == text)
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
    std::vector<Scenario> scenarios;
    for (const std::string& file : cl.positionals()) {
        auto scenario = loadScenarioWithOverrides(file, cl.values("set"), err);
        if (!scenario)
            return scenario.error();
        scenarios.push_back(std::move(scenario.value()));
    }
    const auto baseline = baselineIndex(cl.value("baseline").value_or("1"), scenarios);
    if (!baseline)
        return cl.usageError("--baseline " + cl.value("baseline").value_or("") + ": expected a number from 1 to "
                                 + std::to_string(scenarios.size()) + " or one of the scenarios' names",
                             err);
    if (auto hold = cl.value("hold")) {
        auto sections = parseHeldSections(*hold);
        if (!sections)
            return cl.usageError(sections.error().message, err);
        const Scenario base = scenarios[*baseline];
        for (Scenario& s : scenarios)
            holdSections(s, base, sections.value());
    }
    std::vector<ReportModel> models;
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        auto evaluation = evaluateWithData(scenarios[i], cl.value("db"), cl.positionals()[i], err);
        if (!evaluation)
            return evaluation.error();
        models.push_back(buildReportModel(evaluation.value()));
    }
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
