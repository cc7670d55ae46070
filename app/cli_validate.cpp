// SPDX-License-Identifier: GPL-3.0-or-later
// `validate --db DB [--against DB2] [--by-curve] [--json]`: how well the throughput model predicts
// measured points it did not see, by method and by hardware.
#include "cli_args.h"
#include "cli_common.h"
#include "cli_runner.h"

#include "json.h"
#include "measured_throughput.h"
#include "serving/validation.h"

#include <cstdio>

namespace planner::cli {

namespace {

const char* kHelp =
    "Usage: clusterplanner-cli validate --db DB [--against DB2] [--by-curve] [--json]\n"
    "\n"
    "Leave-one-out: predicts every measured point of DB from the others (--by-curve leaves out a\n"
    "whole curve and refits the calibration without it) and prints the relative error, overall, by\n"
    "method and by GPU. With --against, calibrates on DB and predicts every point of DB2 instead\n"
    "(for example: import MLPerf v4.1 into DB, v5.1 into DB2).\n"
    "Errors are predicted / measured - 1: median (signed), mean of absolute values, 90th percentile.\n"
    "  --details   also list every prediction (row, model, system, method, measured, predicted)\n";

std::string line(const std::string& name, const ErrorStats& s)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %-14s %6d  %+8.1f%%  %8.1f%%  %8.1f%%\n", name.c_str(), s.count,
                  100 * s.medianSigned, 100 * s.meanAbsolute, 100 * s.p90Absolute);
    return buf;
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
    out << "row      model                system          method        measured   predicted   error\n";
    for (const Prediction& p : r.predictions) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "%-8lld %-20s %-15s %-12s %10.1f  %10.1f  %+6.0f%%\n", (long long)p.rowId,
                      p.model.c_str(), p.system.c_str(), std::string(methodName(p.method)).c_str(), p.measured,
                      p.predicted, 100 * p.relativeError);
        out << buf;
    }
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
    out << "  group           points    median     mean|e|   p90|e|\n" << line("all", r.overall);
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
    auto parsed = parseArgs(argv, {{"help"}, {"json"}, {"by-curve"}, {"details"}, {"db", true}, {"against", true}});
    const Args& a = parsed.args;
    if (a.has("help")) {
        out << kHelp;
        return ExitOk;
    }
    if (!parsed.error.empty() || !a.value("db") || !a.positionals.empty()) {
        err << "validate: " << (parsed.error.empty() ? "missing --db DB" : parsed.error) << "\n" << kHelp;
        return ExitUsage;
    }
    const Catalog& catalog = builtinCatalog();
    auto data = loadMeasuredData(QString::fromStdString(*a.value("db")), catalog);
    if (!data) {
        err << data.error().message << "\n";
        return exitCodeFor(data.error());
    }
    ValidationReport report;
    if (auto against = a.value("against")) {
        auto target = loadMeasuredData(QString::fromStdString(*against), catalog);
        if (!target) {
            err << target.error().message << "\n";
            return exitCodeFor(target.error());
        }
        report = predictAcross(data.value()->points, target.value()->points, catalog, data.value()->calibration);
    } else {
        ValidationOptions options;
        options.mode = a.has("by-curve") ? LeaveOut::Curve : LeaveOut::Point;
        report = leaveOneOut(data.value()->points, catalog, data.value()->calibration, options);
    }
    print(report, a.has("json"), out);
    if (a.has("details") && !a.has("json"))
        printDetails(report, out);
    return ExitOk;
}

} // namespace planner::cli
