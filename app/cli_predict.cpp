// SPDX-License-Identifier: GPL-3.0-or-later
// `predict --db DB (--mlperf-benchmark NAME --scenario S | --model ID ...) (--accelerator NAME |
// --system ID) --gpus N [--json]`: throughput with its method, evidence and the rows used.
#include "cli_options.h"
#include "cli_runner.h"

#include "catalog_names.h"
#include "json.h"
#include "measured_throughput.h"

#include "core/number_text.h"

#include <optional>

namespace planner::cli {

using namespace units;

namespace {

CommandLine predictCommandLine()
{
    CommandLine cl("predict", "",
                   "Throughput at the service level: measured rows read at the interactivity required, transferred\n"
                   "from another system through the roofline model, or the calibrated roofline alone; with the\n"
                   "method, the evidence grade and the rows used. Names resolve through the database's alias table\n"
                   "as an import does: --accelerator takes names as MLPerf writes them (\"NVIDIA B200-SXM-180GB\").\n"
                   "Give the workload as --mlperf-benchmark with --scenario, or as --model with the token counts.");
    cl.text("db", "DB", "benchmark database", Required::Yes);
    cl.number("gpus", "N", "GPUs the figure is for", Range::wholeAtLeast(1), Required::Yes);
    cl.text("system", "ID", "catalog system (or a name the alias table maps to one)");
    cl.text("accelerator", "NAME", "accelerator as a benchmark names it; its catalog system is used");
    cl.text("mlperf-benchmark", "NAME", "an MLPerf benchmark, e.g. llama2-70b-99");
    cl.text("scenario", "S", "the MLPerf scenario: Offline, Server or Interactive");
    cl.text("model", "ID", "catalog model (or a name the alias table maps to one)");
    cl.text("precision", "P", "fp4, fp8, bf16 ...; default: the best-graded measured precision, else fp8");
    cl.number("input-tokens", "N", "mean input tokens per request", Range::atLeast(0));
    cl.number("output-tokens", "N", "mean output tokens per request", Range::above(0));
    cl.number("min-tokens-per-s-per-user", "X", "required output tokens/s per user", Range::atLeast(0));
    cl.number("max-ttft-s", "T", "time-to-first-token limit in seconds", Range::atLeast(0));
    cl.text("serving", "MODE", "aggregated (default) or disaggregated");
    cl.flag("json", "machine output on stdout");
    return cl;
}

// Fills the query from --mlperf-benchmark/--scenario or from the explicit workload options.
std::string workloadFrom(const CommandLine& cl, const CatalogNames& names, ThroughputQuery& q)
{
    if (auto bench = cl.value("mlperf-benchmark")) {
        const MlperfWorkload* w = builtinCatalog().mlperfWorkload(*bench);
        if (!w)
            return "unknown MLPerf benchmark \"" + *bench + "\"; see 'clusterplanner-cli catalog list'";
        const std::string scenario = cl.value("scenario").value_or("");
        q.model = w->model;
        q.inputTokens = w->meanInputTokens;
        q.outputTokens = w->meanOutputTokens;
        if (scenario == "Server" || scenario == "Interactive") {
            const bool server = scenario == "Server";
            const Time tpot = server ? w->serverTpot : w->interactiveTpot;
            if (!(tpot.value() > 0))
                return "benchmark " + *bench + " has no " + scenario + " scenario";
            q.minPerUser = tokens_per_second(1.0 / in_seconds(tpot));
            q.maxTtft = server ? w->serverTtft : w->interactiveTtft;
        } else if (scenario != "Offline") {
            return "--scenario must be Offline, Server or Interactive";
        }
        return {};
    }
    const auto model = cl.value("model");
    if (!model)
        return "give --mlperf-benchmark or --model";
    auto id = names.model(*model);
    if (!id)
        return id.error().message;
    q.model = id.value();
    const auto in = cl.number("input-tokens"), out = cl.number("output-tokens");
    const auto perUser = cl.number("min-tokens-per-s-per-user");
    if (!in || !out || !perUser)
        return "--model needs --input-tokens, --output-tokens and --min-tokens-per-s-per-user";
    q.inputTokens = *in;
    q.outputTokens = *out;
    q.minPerUser = tokens_per_second(*perUser);
    return {};
}

std::string hardwareFrom(const CommandLine& cl, const CatalogNames& names, ThroughputQuery& q)
{
    const auto sys = cl.value("system");
    const auto acc = cl.value("accelerator");
    if (!sys && !acc)
        return "give --accelerator NAME or --system ID";
    auto id = sys ? names.system(*sys) : names.systemForAccelerator(*acc);
    if (!id)
        return id.error().message;
    q.system = id.value();
    return {};
}

void print(const ThroughputEstimate& e, const ThroughputQuery& q, double gpus, bool asJson, std::ostream& out)
{
    const double perGpu = in_tokens_per_second(e.totalPerGpu);
    if (!asJson) {
        out << q.model << " on " << q.system << " (" << precisionName(q.precision) << "), "
            << figureText(in_tokens_per_second(q.minPerUser), "tok/s/user") << "\n"
            << "  tokens/s per GPU   " << figureText(perGpu) << "\n  tokens/s (" << figureText(gpus) << " GPUs) "
            << figureText(perGpu * gpus) << "\n  method             " << methodName(e.method)
            << "\n  evidence           " << gradeName(e.evidence.grade) << "\n  rows used          "
            << e.rowsUsed.size() << "\n";
        for (const Warning& w : e.warnings)
            out << "  warning: " << w.message << "\n";
        return;
    }
    json::Value v = json::makeObject();
    json::add(v, "model", json::makeString(q.model));
    json::add(v, "system", json::makeString(q.system));
    json::add(v, "precision", json::makeString(std::string(precisionName(q.precision))));
    json::add(v, "tokens_per_s", json::makeNumber(perGpu * gpus));
    json::add(v, "tokens_per_s_per_gpu", json::makeNumber(perGpu));
    json::add(v, "method", json::makeString(std::string(methodName(e.method))));
    json::add(v, "evidence", json::makeString(std::string(gradeName(e.evidence.grade))));
    json::Value rows = json::makeArray();
    for (auto id : e.rowsUsed)
        json::append(rows, json::makeNumber(double(id)));
    json::add(v, "rows_used", rows);
    json::Value warnings = json::makeArray();
    for (const Warning& w : e.warnings)
        json::append(warnings, json::makeString(w.message));
    json::add(v, "warnings", warnings);
    out << json::write(v);
}

} // namespace

int runPredict(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = predictCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (!cl.positionals().empty())
        return cl.usageError("unexpected argument \"" + cl.positionals().front() + "\"", err);
    const auto precision = cl.value("precision") ? precisionFromName(*cl.value("precision")) : std::nullopt;
    if (cl.value("precision") && !precision)
        return cl.usageError("unknown precision \"" + *cl.value("precision") + "\"", err);
    const auto serving = servingFromName(cl.value("serving").value_or("aggregated"));
    if (!serving)
        return cl.usageError("--serving must be aggregated or disaggregated", err);

    const QString db = QString::fromStdString(*cl.value("db"));
    auto names = CatalogNames::ofDatabase(db);
    if (!names) {
        err << names.error().message << "\n";
        return exitCodeFor(names.error());
    }
    ThroughputQuery q;
    q.withCurve = false;
    q.serving = *serving;
    if (precision)
        q.precision = *precision;
    std::string problem = workloadFrom(cl, names.value(), q);
    if (problem.empty())
        problem = hardwareFrom(cl, names.value(), q);
    if (!problem.empty())
        return cl.usageError(problem, err);
    if (auto ttft = cl.number("max-ttft-s")) // after the benchmark's own limit: the option wins
        q.maxTtft = seconds(*ttft);

    auto data = loadMeasuredData(db, builtinCatalog());
    if (!data) {
        err << data.error().message << "\n";
        return exitCodeFor(data.error());
    }
    auto estimate = estimateAtBestPrecision(*data.value()->model, q, precision.has_value());
    if (!estimate) {
        err << "predict: " << estimate.error().message << "\n";
        return exitCodeFor(estimate.error());
    }
    print(estimate.value(), q, *cl.number("gpus"), cl.has("json"), out);
    return ExitOk;
}

} // namespace planner::cli
