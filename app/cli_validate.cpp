// SPDX-License-Identifier: GPL-3.0-or-later
// `validate --db DB [--db DB ...] [--against DB2 | --by-curve | --leave-benchmark-out |
// --leave-accelerator-out | --round-forward | --young-benchmark] [--json]`: how well the throughput
// model predicts measured points it did not see, by method, hardware, benchmark, scenario and,
// for the forward protocols, the benchmark's maturity.
#include "cli_options.h"
#include "cli_runner.h"

#include "benchmark_store.h"
#include "json.h"
#include "serving/forward_validation.h"
#include "serving/outlier_reason.h"
#include "serving/uncertainty.h"
#include "serving/validation.h"

#include "core/number_text.h"

#include <algorithm>

namespace planner::cli {

namespace {

CommandLine validateCommandLine()
{
    CommandLine cl("validate", "",
                   "Leave-one-out: predicts every measured point of DB from the others (--by-curve leaves out a\n"
                   "whole curve and refits the calibration without it; --leave-benchmark-out leaves out every row\n"
                   "of the point's model: the new-model case) and prints the relative error, overall, by method,\n"
                   "GPU, benchmark and scenario. With --against, calibrates on DB and predicts every point of DB2\n"
                   "instead (for example: import MLPerf v4.1 into DB, v5.1 into DB2), each for its own MLPerf round\n"
                   "so that the software gain between rounds applies, and shows what that gain does to the points\n"
                   "read from the same system's older rows. --db may be given several times: their rows are used\n"
                   "together (MLPerf v4.1 plus the InferenceX and serving-benchmark rows, for one).\n"
                   "The forward protocols test what an analyst buys: --leave-accelerator-out predicts every\n"
                   "accelerator's rows with none of its rows in any system (a new chip); --round-forward predicts\n"
                   "each MLPerf round from the earlier rounds (and other rows dated before it); --young-benchmark\n"
                   "keeps the round-forward rows of benchmarks in their second round. Each fold refits everything,\n"
                   "and every prediction outside 0.5x-2x of what was measured is listed with its reason.\n"
                   "Errors are predicted / measured - 1: median (signed), mean and median of absolute values, 90th\n"
                   "percentile, share within 25%, and the share of measured figures inside their P10-P90 band.");
    cl.repeatable("db", "DB", "benchmark database to validate on (required; repeat to combine databases)");
    cl.text("against", "DB2", "predict every point of DB2 from DB");
    cl.flag("by-curve", "leave out whole curves instead of single points");
    cl.flag("leave-benchmark-out", "leave out every row of the point's model (the new-model case)");
    cl.flag("leave-accelerator-out", "forward: predict each accelerator's rows without any of them (a new chip)");
    cl.flag("round-forward", "forward: predict each MLPerf round from the earlier ones");
    cl.flag("young-benchmark", "forward: predict each benchmark's second round from its first");
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
    return "  " + left(name, 16) + right(figureText(s.count), 7) + right(percent(s.medianSigned, true), 10)
           + right(percent(s.medianAbsolute, false), 10) + right(percent(s.meanAbsolute, false), 10)
           + right(percent(s.p90Absolute, false), 10) + right(percent(s.within25, false), 10)
           + right(percent(s.inBand, false), 10) + "\n";
}

json::Value statsJson(const ErrorStats& s)
{
    json::Value v = json::makeObject();
    json::add(v, "count", json::makeNumber(s.count));
    json::add(v, "median_signed", json::makeNumber(s.medianSigned));
    json::add(v, "mean_absolute", json::makeNumber(s.meanAbsolute));
    json::add(v, "p90_absolute", json::makeNumber(s.p90Absolute));
    json::add(v, "median_absolute", json::makeNumber(s.medianAbsolute));
    json::add(v, "within_25pct", json::makeNumber(s.within25));
    json::add(v, "in_p10_p90_band", json::makeNumber(s.inBand));
    json::add(v, "outside_half_to_double", json::makeNumber(s.outsideHalfToDouble));
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
    out << left("row", 8) << left("model", 16) << left("system", 15) << left("scenario", 12) << left("method", 13)
        << left("maturity", 12)
        << right("measured", 10) << right("predicted", 10) << right("P10", 9) << right("P90", 9) << right("gain", 7)
        << right("error", 9) << "\n";
    for (const Prediction& p : r.predictions)
        out << left(std::to_string(p.rowId), 8) << left(p.model, 16) << left(p.system, 15) << left(p.scenario, 12)
            << left(std::string(methodName(p.method)), 13) << left(p.maturity, 12) << right(figureText(p.measured), 10)
            << right(figureText(p.predicted), 10) << right(figureText(p.p10), 9) << right(figureText(p.p90), 9)
            << right(figureText(p.softwareGain), 7) << right(percent(p.relativeError, true), 9) << "\n";
}

// Points read from the same system's older rows inside their measured range (method measured),
// with and without the software gain: what the factor buys across rounds. (Extrapolated points are
// left out: their error is the interactivity step, which the gain does not address.)
struct GainEffect {
    ErrorStats with, without;
};

std::optional<GainEffect> gainEffect(const ValidationReport& with, const ValidationReport& without)
{
    std::vector<const Prediction*> a, b;
    for (const Prediction& p : with.predictions)
        if (p.method == ThroughputMethod::Measured)
            a.push_back(&p);
    for (const Prediction& p : without.predictions)
        if (p.method == ThroughputMethod::Measured)
            b.push_back(&p);
    if (a.empty())
        return std::nullopt;
    return GainEffect{statsOf(a), statsOf(b)};
}

void printGroups(const char* title, const std::vector<ErrorGroup>& groups, std::ostream& out)
{
    out << title << "\n";
    for (const ErrorGroup& g : groups)
        out << line(g.name, g.stats);
}

json::Value reportJson(const ValidationReport& r)
{
    json::Value v = json::makeObject();
    json::add(v, "overall", statsJson(r.overall));
    json::add(v, "by_method", groupsJson(r.byMethod));
    json::add(v, "by_gpu", groupsJson(r.byGpu));
    json::add(v, "by_benchmark", groupsJson(r.byBenchmark));
    json::add(v, "by_scenario", groupsJson(r.byScenario));
    if (!r.byMaturity.empty())
        json::add(v, "by_maturity", groupsJson(r.byMaturity));
    json::add(v, "skipped", json::makeNumber(r.skipped));
    return v;
}

void printTable(const ValidationReport& r, std::ostream& out)
{
    out << "  group             points    median    med|e|   mean|e|    p90|e|    in 25%   in band\n"
        << line("all", r.overall);
    printGroups("by method", r.byMethod, out);
    printGroups("by GPU", r.byGpu, out);
    printGroups("by benchmark", r.byBenchmark, out);
    printGroups("by scenario", r.byScenario, out);
    if (!r.byMaturity.empty())
        printGroups("by benchmark maturity", r.byMaturity, out);
}

void print(const ValidationReport& r, const std::optional<GainEffect>& gain, bool asJson, std::ostream& out)
{
    if (asJson) {
        json::Value v = reportJson(r);
        if (gain) {
            json::Value g = json::makeObject();
            json::add(g, "with_gain", statsJson(gain->with));
            json::add(g, "without_gain", statsJson(gain->without));
            json::add(v, "software_gain_own_rows", g);
        }
        out << json::write(v);
        return;
    }
    printTable(r, out);
    if (gain) {
        out << "software gain between rounds, on points measured on the same system in an older round\n";
        out << line("with gain", gain->with) << line("without gain", gain->without);
    }
    if (r.skipped)
        out << r.skipped << " points could not be predicted (no model fits them)\n";
}

// Predictions outside 0.5x-2x of what was measured, each with what answered it and why that may
// have missed (outlier_reason.h).
void printOutliers(const ValidationReport& r, const Catalog& catalog, std::ostream& out)
{
    for (const Prediction& p : r.predictions)
        if (p.outsideHalfToDouble())
            out << "  outside 0.5x-2x: row " << p.rowId << " " << p.benchmark << " " << p.scenario << " on "
                << p.system << ": " << figureText(p.predicted) << " predicted, " << figureText(p.measured)
                << " measured (" << methodName(p.method)
                << (p.transferredFrom.empty() ? "" : " from " + p.transferredFrom) << ", " << p.maturity << ")\n"
                << "    reason: " << outlierReason(p, catalog) << "\n";
}

json::Value outliersJson(const ValidationReport& r, const Catalog& catalog)
{
    json::Value rows = json::makeArray();
    for (const Prediction& p : r.predictions) {
        if (!p.outsideHalfToDouble())
            continue;
        json::Value v = json::makeObject();
        json::add(v, "row", json::makeNumber(double(p.rowId)));
        json::add(v, "benchmark", json::makeString(p.benchmark));
        json::add(v, "scenario", json::makeString(p.scenario));
        json::add(v, "system", json::makeString(p.system));
        json::add(v, "predicted_tokens_per_s_per_gpu", json::makeNumber(p.predicted));
        json::add(v, "measured_tokens_per_s_per_gpu", json::makeNumber(p.measured));
        json::add(v, "method", json::makeString(std::string(methodName(p.method))));
        json::add(v, "transferred_from", json::makeString(p.transferredFrom));
        json::add(v, "maturity", json::makeString(p.maturity));
        json::add(v, "reason", json::makeString(outlierReason(p, catalog)));
        json::append(rows, std::move(v));
    }
    return rows;
}

void printForward(const ForwardReport& f, ForwardProtocol protocol, const Catalog& catalog, bool asJson,
                  std::ostream& out)
{
    if (asJson) {
        json::Value v = reportJson(f.report);
        json::add(v, "outside_half_to_double_rows", outliersJson(f.report, catalog));
        json::add(v, "protocol", json::makeString(std::string(protocolName(protocol))));
        json::Value folds = json::makeArray(), notes = json::makeArray();
        for (const std::string& s : f.folds)
            json::append(folds, json::makeString(s));
        for (const std::string& s : f.notes)
            json::append(notes, json::makeString(s));
        json::add(v, "folds", folds);
        json::add(v, "notes", notes);
        out << json::write(v);
        return;
    }
    out << protocolName(protocol) << "\n";
    for (const std::string& s : f.folds)
        out << "  " << s << "\n";
    for (const std::string& s : f.notes)
        out << "  note: " << s << "\n";
    printTable(f.report, out);
    printOutliers(f.report, catalog, out);
    if (f.report.skipped)
        out << f.report.skipped << " points could not be predicted (no model fits them)\n";
}

std::optional<ForwardProtocol> forwardProtocol(const CommandLine& cl)
{
    if (cl.has("leave-accelerator-out"))
        return ForwardProtocol::LeaveAcceleratorOut;
    if (cl.has("round-forward"))
        return ForwardProtocol::RoundForward;
    if (cl.has("young-benchmark"))
        return ForwardProtocol::YoungBenchmark;
    return std::nullopt;
}

// The rows of every database given, together.
Result<std::vector<BenchmarkPoint>> loadAll(const std::vector<std::string>& paths)
{
    std::vector<BenchmarkPoint> all;
    for (const std::string& path : paths) {
        auto db = openForReading(QString::fromStdString(path));
        if (!db)
            return db.error();
        auto points = db.value().loadPoints();
        if (!points)
            return points.error();
        all.insert(all.end(), std::make_move_iterator(points.value().begin()),
                   std::make_move_iterator(points.value().end()));
    }
    return all;
}

} // namespace

int runValidate(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = validateCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (!cl.positionals().empty())
        return cl.usageError("unexpected argument \"" + cl.positionals().front() + "\"", err);
    if (cl.values("db").empty())
        return cl.usageError("give --db DB", err);
    const std::vector<std::string> modes{"against", "by-curve", "leave-benchmark-out", "leave-accelerator-out",
                                         "round-forward", "young-benchmark"};
    if (std::count_if(modes.begin(), modes.end(), [&](const std::string& m) { return cl.has(m); }) > 1)
        return cl.usageError("--against, --by-curve, --leave-benchmark-out, --leave-accelerator-out, --round-forward "
                             "and --young-benchmark exclude each other",
                             err);
    const Catalog& catalog = builtinCatalog();
    auto data = loadAll(cl.values("db"));
    if (!data) {
        err << data.error().message << "\n";
        return exitCodeFor(data.error());
    }
    if (auto protocol = forwardProtocol(cl)) {
        const ForwardReport forward = validateForward(*protocol, data.value(), catalog);
        printForward(forward, *protocol, catalog, cl.has("json"), out);
        if (cl.has("details") && !cl.has("json"))
            printDetails(forward.report, out);
        return ExitOk;
    }
    ValidationReport report;
    std::optional<GainEffect> gain;
    if (auto against = cl.value("against")) {
        auto target = loadAll({*against});
        if (!target) {
            err << target.error().message << "\n";
            return exitCodeFor(target.error());
        }
        report = predictAcross(data.value(), target.value(), catalog, {});
        gain = gainEffect(report, predictAcross(data.value(), target.value(), catalog, {}, true, nullptr, false));
    } else {
        ValidationOptions options;
        options.mode = cl.has("by-curve")           ? LeaveOut::Curve
            : cl.has("leave-benchmark-out")         ? LeaveOut::Benchmark
                                                    : LeaveOut::Point;
        report = leaveOneOut(data.value(), catalog, calibrate(data.value(), catalog), options);
    }
    print(report, gain, cl.has("json"), out);
    if (cl.has("details") && !cl.has("json"))
        printDetails(report, out);
    return ExitOk;
}

} // namespace planner::cli
