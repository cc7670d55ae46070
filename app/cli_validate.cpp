// SPDX-License-Identifier: GPL-3.0-or-later
// `validate --db DB [--against DB2] [--by-curve] [--json]`: how well the throughput model predicts
// measured points it did not see, by method and by hardware.
#include "cli_options.h"
#include "cli_runner.h"

#include "json.h"
#include "measured_throughput.h"
#include "serving/validation.h"

#include "core/number_text.h"

namespace planner::cli {

namespace {

CommandLine validateCommandLine()
{
    CommandLine cl("validate", "",
                   "Leave-one-out: predicts every measured point of DB from the others (--by-curve leaves out a\n"
                   "whole curve and refits the calibration without it) and prints the relative error, overall, by\n"
                   "method and by GPU. With --against, calibrates on DB and predicts every point of DB2 instead\n"
                   "(for example: import MLPerf v4.1 into DB, v5.1 into DB2).\n"
                   "Errors are predicted / measured - 1: median (signed), mean of absolute values, 90th percentile.");
    cl.text("db", "DB", "benchmark database to validate on", Required::Yes);
    cl.text("against", "DB2", "predict every point of DB2 from DB");
    cl.flag("by-curve", "leave out whole curves instead of single points");
    cl.flag("details", "also list every prediction (row, model, system, method, measured, predicted)");
    cl.flag("json", "machine output on stdout");
    return cl;
}

std::string left(const std::string& s, std::size_t width)
{
    return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string right(const std::string& s, std::size_t width)
{
    return s.size() >= width ? " " + s : std::string(width - s.size(), ' ') + s;
}

std::string percent(double fraction, bool signed_)
{
    return (signed_ && fraction > 0 ? "+" : "") + figureText(100 * fraction) + "%";
}

std::string line(const std::string& name, const ErrorStats& s)
{
    return "  " + left(name, 14) + right(figureText(s.count), 7) + right(percent(s.medianSigned, true), 11)
           + right(percent(s.meanAbsolute, false), 11) + right(percent(s.p90Absolute, false), 11) + "\n";
}

json::Value statsJson(const ErrorStats& s)
{
    json::Value v = json::makeObject();
    json::add(v, "count", json::makeNumber(s.count));
    json::add(v, "median_signed", json::makeNumber(s.medianSigned));
    json::add(v, "mean_absolute", json::makeNumber(s.meanAbsolute));
    json::add(v, "p90_absolute", json::makeNumber(s.p90Absolute));
    return v;
}

json::Value groupsJson(const std::vector<ErrorGroup>& groups)
{
    json::Value v = json::makeObject();
    for (const ErrorGroup& g : groups)
        json::add(v, g.name, statsJson(g.stats));
    return v;
}

void printDetails(const ValidationReport& r, std::ostream& out)
{
    out << left("row", 8) << left("model", 20) << left("system", 15) << left("method", 12) << right("measured", 11)
        << right("predicted", 11) << right("error", 9) << "\n";
    for (const Prediction& p : r.predictions)
        out << left(std::to_string(p.rowId), 8) << left(p.model, 20) << left(p.system, 15)
            << left(std::string(methodName(p.method)), 12) << right(figureText(p.measured), 11)
            << right(figureText(p.predicted), 11) << right(percent(p.relativeError, true), 9) << "\n";
}

void print(const ValidationReport& r, bool asJson, std::ostream& out)
{
    if (asJson) {
        json::Value v = json::makeObject();
        json::add(v, "overall", statsJson(r.overall));
        json::add(v, "by_method", groupsJson(r.byMethod));
        json::add(v, "by_gpu", groupsJson(r.byGpu));
        json::add(v, "skipped", json::makeNumber(r.skipped));
        out << json::write(v);
        return;
    }
    out << "  group           points     median    mean|e|     p90|e|\n" << line("all", r.overall);
    out << "by method\n";
    for (const ErrorGroup& g : r.byMethod)
        out << line(g.name, g.stats);
    out << "by GPU\n";
    for (const ErrorGroup& g : r.byGpu)
        out << line(g.name, g.stats);
    if (r.skipped)
        out << r.skipped << " points could not be predicted (no model fits them)\n";
}

} // namespace

int runValidate(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = validateCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (!cl.positionals().empty())
        return cl.usageError("unexpected argument \"" + cl.positionals().front() + "\"", err);
    const Catalog& catalog = builtinCatalog();
    auto data = loadMeasuredData(QString::fromStdString(*cl.value("db")), catalog);
    if (!data) {
        err << data.error().message << "\n";
        return exitCodeFor(data.error());
    }
    ValidationReport report;
    if (auto against = cl.value("against")) {
        auto target = loadMeasuredData(QString::fromStdString(*against), catalog);
        if (!target) {
            err << target.error().message << "\n";
            return exitCodeFor(target.error());
        }
        report = predictAcross(data.value()->points, target.value()->points, catalog, data.value()->calibration);
    } else {
        ValidationOptions options;
        options.mode = cl.has("by-curve") ? LeaveOut::Curve : LeaveOut::Point;
        report = leaveOneOut(data.value()->points, catalog, data.value()->calibration, options);
    }
    print(report, cl.has("json"), out);
    if (cl.has("details") && !cl.has("json"))
        printDetails(report, out);
    return ExitOk;
}

} // namespace planner::cli
