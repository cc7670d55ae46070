// SPDX-License-Identifier: GPL-3.0-or-later
// `evaluate SCENARIO [--db FILE] [--set k=v]... [--json] [--csv FILE]`
#include "cli_args.h"
#include "cli_common.h"
#include "cli_runner.h"

#include "csv_writer.h"
#include "json_report.h"
#include "report_model.h"

#include <iomanip>

namespace planner::cli {

namespace {

const char* kHelp =
    "Usage: clusterplanner-cli evaluate SCENARIO [--db FILE] [--set PATH=VALUE]... [--json] [--csv FILE]\n"
    "\n"
    "Evaluates one scenario file: cost per million tokens (total, input, output), TCO per GPU-hour,\n"
    "tokens per MW, sizing and the bill of materials, each figure with its evidence grade.\n"
    "  --db FILE          benchmark database for measured throughput (overrides the scenario's benchmark_db)\n"
    "  --set PATH=VALUE   override one scenario field, e.g. --set facility.mode=rent (repeatable)\n"
    "  --json             machine output on stdout\n"
    "  --csv FILE         write the tidy CSV report (RFC 4180) to FILE\n";

void printHuman(const ReportModel& m, std::ostream& out)
{
    out << m.scenarioName << "  (" << m.system << ", " << m.model << ")\n\n";
    for (const ReportFigure& f : m.figures) {
        out << "  " << std::left << std::setw(44) << f.label << std::right << std::setw(16)
            << formatFigure(f.value) << " " << std::left << std::setw(14) << f.unit << f.grade << " (" << f.method
            << ")\n";
        if (f.key == "results.cost_per_mtok_usd")
            out << "  " << std::string(44, ' ') << "rests on: " << f.restsOn << "\n";
    }
    if (!m.warnings.empty()) {
        out << "\nWarnings:\n";
        for (const Warning& w : m.warnings)
            out << "  " << w.where << ": " << w.message << "\n";
    }
}

} // namespace

int runEvaluate(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    auto parsed = parseArgs(argv, {{"help"}, {"json"}, {"db", true}, {"set", true, true}, {"csv", true}});
    if (parsed.args.has("help")) {
        out << kHelp;
        return ExitOk;
    }
    if (!parsed.error.empty() || parsed.args.positionals.size() != 1) {
        err << "evaluate: " << (parsed.error.empty() ? "expected exactly one SCENARIO file" : parsed.error) << "\n"
            << kHelp;
        return ExitUsage;
    }
    const Args& args = parsed.args;
    const std::string file = args.positionals.front();
    auto scenario = loadScenarioWithOverrides(file, args.values("set"), err);
    if (!scenario)
        return scenario.error();
    auto evaluation = evaluateWithData(scenario.value(), args.value("db"), file, err);
    if (!evaluation)
        return evaluation.error();
    const ReportModel model = buildReportModel(evaluation.value());
    if (auto csv = args.value("csv")) {
        if (auto ok = CsvWriter().write(model, QString::fromStdString(*csv)); !ok) {
            err << ok.error().message << "\n";
            return ExitIo;
        }
    }
    if (args.has("json"))
        out << toJson(model);
    else
        printHuman(model, out);
    return ExitOk;
}

} // namespace planner::cli
