// SPDX-License-Identifier: GPL-3.0-or-later
// `sweep SCENARIO --vary PATH=lo:hi:steps|PATH=a,b,c ... [--objective KEY:min|max ...]
//  [--constraint KEY<=X ...] [--shard i/N] [--all] [--threads N] [--db FILE] [--set k=v ...] --out FILE`
#include "cli_common.h"
#include "cli_options.h"
#include "cli_runner.h"
#include "cli_signals.h"

#include "analysis/sweep.h"
#include "sweep_shard.h"
#include "sweep_table.h"

#include <QCryptographicHash>
#include <QFile>

#include <chrono>
#include <thread>

namespace planner::cli {

namespace {

CommandLine sweepCommandLine()
{
    CommandLine cl("sweep", "SCENARIO",
                   "Evaluates every combination of the varied fields (the last --vary fastest) and writes the\n"
                   "Pareto frontier on the objectives, or every row with --all: one column per varied field and\n"
                   "per objective, as CSV, or as a SQLite table `sweep` when FILE ends in .sqlite. Combinations\n"
                   "that cannot be evaluated are counted and skipped. Ctrl-C stops the run and writes nothing.\n"
                   "Default objectives: results.cost_per_mtok_usd:min and workload.min_tokens_per_s_per_user:max.\n"
                   "Exit codes: 0 written, 1 usage, 2 bad input, 3 I/O, 4 no combination could be evaluated,\n"
                   "130 cancelled.");
    cl.repeatable("vary", "PATH=SPEC", "a scenario field and its values: lo:hi:steps (inclusive) or a,b,c");
    cl.repeatable("objective", "KEY:min|max", "a headline figure (cost_per_mtok_usd) or numeric input path");
    cl.repeatable("constraint", "KEY<=X", "keep rows with KEY <= X (also >=, <, >); KEY as for --objective");
    cl.text("shard", "i/N", "evaluate only shard i of N (1 <= i <= N) of the combinations; merge the files after");
    cl.flag("all", "write every feasible row, not only the frontier");
    cl.number("threads", "N", "worker threads (default: all cores; at most 256)", Range::wholeBetween(1, 256));
    cl.text("db", "FILE", "benchmark database for measured throughput (overrides the scenario's benchmark_db)");
    cl.repeatable("set", "PATH=VALUE", "override one scenario field before sweeping");
    cl.text("out", "FILE", "output file (.csv, or .sqlite)", Required::Yes);
    return cl;
}

// Everything on the command line that describes the sweep, checked before any work.
Outcome<SweepSpec> specFrom(const CommandLine& cl, std::ostream& err)
{
    auto fail = [&](const Error& e) {
        err << "sweep: " << e.message << "\n";
        return Outcome<SweepSpec>::failure(ExitBadInput);
    };
    SweepSpec spec;
    for (const std::string& v : cl.values("vary")) {
        auto axis = parseAxis(v);
        if (!axis)
            return fail(axis.error());
        spec.axes.push_back(std::move(axis.value()));
    }
    if (auto count = combinationCount(spec.axes); !count)
        return fail(count.error());
    for (const std::string& o : cl.values("objective")) {
        auto objective = parseObjective(o);
        if (!objective)
            return fail(objective.error());
        spec.objectives.push_back(std::move(objective.value()));
    }
    if (spec.objectives.empty())
        spec.objectives = defaultObjectives();
    for (const std::string& c : cl.values("constraint")) {
        auto constraint = parseConstraint(c);
        if (!constraint)
            return fail(constraint.error());
        spec.constraints.push_back(std::move(constraint.value()));
    }
    if (auto shard = cl.value("shard")) {
        auto parsed = parseShard(*shard);
        if (!parsed)
            return fail(parsed.error());
        std::tie(spec.shard, spec.shards) = parsed.value();
    }
    spec.allRows = cl.has("all");
    spec.threads = cl.number("threads") ? int(*cl.number("threads"))
                                        : int(std::max(1u, std::thread::hardware_concurrency()));
    return spec;
}

SweepTable tableOf(const SweepSpec& spec, const SweepResult& r)
{
    SweepTable t;
    for (const SweepAxis& a : spec.axes)
        t.fields.emplace_back(a.field->path);
    for (const SweepObjective& o : spec.objectives) {
        t.objectives.push_back(o.quantity.name);
        t.directions.push_back(o.direction);
    }
    t.combinations = r.combinations;
    t.objectiveValues = r.values;
    std::vector<std::size_t> idx;
    t.fieldValues.reserve(r.combinations.size() * spec.axes.size());
    for (std::uint64_t c : r.combinations) {
        combinationIndices(spec.axes, c, idx);
        for (std::size_t a = 0; a < spec.axes.size(); ++a)
            t.fieldValues.push_back(spec.axes[a].valueText(idx[a]));
    }
    return t;
}

// Progress on stderr once the run has taken more than a second, then about once a second.
std::function<void(std::uint64_t, std::uint64_t)> progressPrinter(std::ostream& err)
{
    const auto start = std::chrono::steady_clock::now();
    auto last = std::make_shared<double>(0.0);
    return [&err, start, last](std::uint64_t done, std::uint64_t of) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (s < 1.0 || s - *last < 1.0 || of == 0)
            return;
        *last = s;
        err << "sweep: " << (100 * done / of) << "% (" << done << " of " << of << " combinations, " << int(s)
            << " s)\n";
        err.flush();
    };
}

// What makes two shard runs parts of one sweep: the scenario file's bytes and every option that
// shapes the rows (not --shard, --threads or --out).
std::string definitionOf(const CommandLine& cl, const std::string& scenarioFile)
{
    std::vector<std::string> parts;
    QFile f(QString::fromStdString(scenarioFile));
    parts.push_back(f.open(QIODevice::ReadOnly)
                        ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex().toStdString()
                        : scenarioFile);
    for (const char* option : {"vary", "objective", "constraint", "set"})
        for (const std::string& v : cl.values(option))
            parts.push_back(std::string(option) + "=" + v);
    parts.push_back(cl.has("all") ? "all" : "frontier");
    parts.push_back("db=" + cl.value("db").value_or(""));
    return sweepDefinitionChecksum(parts);
}

} // namespace

int runSweep(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = sweepCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (cl.positionals().size() != 1)
        return cl.usageError("expected exactly one SCENARIO file", err);
    const std::string file = cl.positionals().front();
    auto spec = specFrom(cl, err);
    if (!spec)
        return spec.error();
    auto scenario = loadScenarioWithOverrides(file, cl.values("set"), err);
    if (!scenario)
        return scenario.error();
    if (auto ok = checkSweepAxes(scenario.value(), builtinCatalog(), spec.value().axes); !ok) {
        err << "sweep: " << ok.error().message << "\n";
        return ExitBadInput;
    }
    auto ctx = contextWithData(scenario.value(), cl.value("db"), file, err);
    if (!ctx)
        return ctx.error();
    InterruptFlag interrupt; // Ctrl-C sets it; the workers stop at their next chunk
    SweepControl control;
    control.cancel = &interrupt.flag();
    control.progress = progressPrinter(err);
    const SweepResult result = planner::runSweep(scenario.value(), builtinCatalog(), spec.value(), ctx.value(), control);
    if (result.cancelled) {
        err << "sweep: cancelled; nothing written\n";
        return ExitCancelled;
    }
    err << "sweep: " << result.evaluated << " of " << result.total << " combinations evaluated, " << result.infeasible
        << " skipped as infeasible, " << result.rejected << " outside the constraints, "
        << result.combinations.size() << " rows written\n";
    if (result.infeasible > 0)
        err << "sweep: first skipped combination: " << result.firstInfeasible << "\n";
    if (result.infeasible == result.evaluated && result.evaluated > 0) {
        err << "sweep: no combination could be evaluated\n";
        return ExitInfeasible;
    }
    const std::string outFile = *cl.value("out");
    const bool sharded = cl.value("shard").has_value();
    // A shard's header goes first, so a header never describes another run's table: a crash
    // between the two leaves a table without one, which merge refuses.
    if (sharded)
        QFile::remove(QString::fromStdString(shardFileFor(outFile)));
    const SweepTable table = tableOf(spec.value(), result);
    if (auto ok = writeSweepTable(table, outFile); !ok) {
        err << ok.error().message << "\n";
        return exitCodeFor(ok.error());
    }
    if (sharded) {
        const SweepShard shard{spec.value().shard, spec.value().shards, table.rows(), definitionOf(cl, file)};
        if (auto ok = writeSweepShard(shard, outFile); !ok) {
            err << ok.error().message << "\n";
            return exitCodeFor(ok.error());
        }
    }
    return ExitOk;
}

} // namespace planner::cli
