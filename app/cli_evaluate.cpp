// SPDX-License-Identifier: GPL-3.0-or-later
// `evaluate SCENARIO [--db FILE] [--set k=v]... [--json] [--csv FILE] [--xlsx FILE] [--pdf FILE]
//  [--page-size a4|letter]`
#include "cli_common.h"
#include "cli_options.h"
#include "cli_outputs.h"
#include "cli_pdf.h"
#include "cli_runner.h"

#include "csv_writer.h"
#include "report_model.h"
#include "report_writer.h"

namespace planner::cli {

namespace {

CommandLine evaluateCommandLine()
{
    CommandLine cl("evaluate", "SCENARIO",
                   "Evaluates one scenario file: cost per million tokens (total, input, output), TCO per GPU-hour,\n"
                   "tokens per MW, sizing, the cost breakdown and the bill of materials, each figure with its\n"
                   "evidence grade.");
    cl.text("db", "FILE", "benchmark database for measured throughput (overrides the scenario's benchmark_db)");
    cl.repeatable("set", "PATH=VALUE", "override one scenario field, e.g. --set facility.mode=rent");
    cl.flag("json", "machine output on stdout (every metric, evidence, BOM, inputs, warnings)");
    cl.text("csv", "FILE", "also write the tidy CSV report to FILE and its bill of materials to FILE.bom.csv");
    cl.text("xlsx", "FILE", "also write the workbook to FILE: inputs, results as live formulas over them, BOM, assumptions");
    addPdfOptions(cl);
    return cl;
}

// Writes bytes to stdout through the writer named `format`.
void print(const char* format, const ReportModel& model, std::ostream& out)
{
    const QByteArray text = reportWriter(QString::fromLatin1(format))->render(model);
    out.write(text.constData(), text.size());
}

} // namespace

int runEvaluate(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = evaluateCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (cl.positionals().size() != 1)
        return cl.usageError("expected exactly one SCENARIO file", err);
    const std::string file = cl.positionals().front();
    {
        const std::string csv = cl.value("csv").value_or("");
        const std::vector<NamedPath> outputs{
            {"--csv", csv},
            {"--csv's bill of materials", csv.empty() ? csv : CsvWriter::bomPathFor(QString::fromStdString(csv)).toStdString()},
            {"--xlsx", cl.value("xlsx").value_or("")},
            {"--pdf", cl.value("pdf").value_or("")}};
        if (auto clash = outputClash({{"the scenario", file}, {"--db", cl.value("db").value_or("")}}, outputs))
            return cl.usageError(*clash, err);
    }
    auto scenario = loadScenarioWithOverrides(file, cl.values("set"), err);
    if (!scenario)
        return scenario.error();
    const auto pageSize = pdfPageSize(cl, err);
    if (!pageSize)
        return ExitUsage;
    auto setUp = evaluationSetUp(scenario.value(), cl.value("db"), file, err);
    if (!setUp)
        return setUp.error();
    auto evaluation = evaluateIn(scenario.value(), setUp.value(), file, err);
    if (!evaluation)
        return evaluation.error();
    const ReportModel model = buildReportModel(evaluation.value());
    for (const char* format : {"csv", "xlsx"}) {
        const auto file = cl.value(format);
        if (!file)
            continue;
        if (auto ok = reportWriter(QString::fromLatin1(format))->write(model, QString::fromStdString(*file)); !ok) {
            err << ok.error().message << "\n";
            return exitCodeFor(ok.error());
        }
    }
    if (auto pdf = cl.value("pdf"))
        if (int code = writeScenarioPdf(scenario.value(), evaluation.value(), setUp.value().ctx, setUp.value().data.get(),
                                        setUp.value().sources, *pdf, *pageSize, err))
            return code;
    print(cl.has("json") ? "json" : "text", model, out);
    return ExitOk;
}

} // namespace planner::cli
