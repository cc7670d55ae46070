// SPDX-License-Identifier: GPL-3.0-or-later
// `predict --db DB (--mlperf-benchmark NAME --scenario S | --model ID ...) (--accelerator NAME |
// --system ID) --gpus N [--json]`: throughput with its method, evidence and the rows used.
#include "cli_options.h"
#include "cli_predict_requests.h"
#include "cli_runner.h"

#include "catalog_names.h"
#include "json.h"
#include "measured_throughput.h"
#include "uncataloged_rows.h"

#include "core/number_text.h"
#include "finance/rented_cost.h"
#include "scenario/scenario_schema.h"

#include <optional>
#include <vector>

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
                   "Give the workload as --mlperf-benchmark with --scenario, or as --model. Options not given take the\n"
                   "defaults of the scenario file's fields (workload.precision, .serving, .input_tokens ...), so\n"
                   "predict answers as evaluate does for the same question.");
    cl.text("db", "DB", "benchmark database", Required::Yes);
    cl.number("gpus", "N", "GPUs the figure is for", Range::wholeAtLeast(1), Required::Yes);
    cl.text("system", "ID", "catalog system (or a name the alias table maps to one)");
    cl.text("accelerator", "NAME", "accelerator as a benchmark names it; its catalog system is used");
    cl.text("mlperf-benchmark", "NAME", "an MLPerf benchmark, e.g. llama2-70b-99");
    cl.text("scenario", "S", "the MLPerf scenario: Offline, Server or Interactive");
    cl.text("model", "ID", "catalog model (or a name the alias table maps to one)");
    cl.text("precision", "P", "fp4, fp8, bf16 ...; with --mlperf-benchmark the best-graded measured one by default");
    cl.number("input-tokens", "N", "mean input tokens per request", Range::atLeast(0));
    cl.number("output-tokens", "N", "mean output tokens per request", Range::above(0));
    cl.number("min-tokens-per-s-per-user", "X", "required output tokens/s per user", Range::atLeast(0));
    cl.number("max-ttft-s", "T", "time-to-first-token limit in seconds", Range::atLeast(0));
    cl.text("serving", "MODE", "aggregated or disaggregated (default: the scenario field's)");
    cl.number("gpu-hour-usd", "USD", "a GPU-hour price: adds the cost per million tokens and per 1,000 requests "
                                     "at full use of the hours paid for", Range::atLeast(0));
    cl.text("round", "vX.Y", "the MLPerf round the figure is for: rows of older rounds carry the software gain");
    cl.text("software", "measured|expected",
            "measured (default): the figure as measured; expected: with the software gain fitted on past rounds "
            "carried to the round after the newest in the database, stated as its own evidence line. Both widen "
            "the band by that gain's spread");
    cl.flag("json", "machine output on stdout");
    return cl;
}

// The workload fields predict asks about, at their scenario defaults: the same question evaluate
// asks when a scenario file leaves them out.
Scenario defaultQuestion()
{
    Scenario s;
    for (const char* path : {"workload.precision", "workload.serving", "workload.input_tokens",
                             "workload.output_tokens", "workload.min_tokens_per_s_per_user", "workload.max_ttft_s"}) {
        const FieldSpec* f = findField(path);
        if (f && f->isNumeric())
            f->number(s)->value = f->defaultNumber;
        else if (f)
            f->text(s)->value = std::string(f->defaultText);
    }
    return s;
}

// A numeric option given on the command line, set on the scenario through the field table (its
// checks and messages); empty when fine or not given.
std::string setOption(const CommandLine& cl, const char* option, const char* path, Scenario& s)
{
    const auto value = cl.number(option);
    if (!value)
        return {};
    auto ok = setField(s, path, exactText(*value), "command line");
    return ok ? std::string() : "--" + std::string(option) + ": " + ok.error().message;
}

// What stops a question: a usage problem (exit 1: an option missing or malformed) or a name
// that resolves to nothing the catalog holds (exit 2, with what it is and the nearest names).
struct Problem {
    std::string message;
    bool badInput = false;
    Problem() = default;
    Problem(std::string m) : message(std::move(m)) {} // NOLINT: a usage message converts
    Problem(const char* m) : message(m) {}            // NOLINT
    static Problem ofName(const Error& e)
    {
        Problem p(e.message);
        p.badInput = true;
        return p;
    }
    bool empty() const { return message.empty(); }
};

// Fills the question from --mlperf-benchmark/--scenario or from the workload options.
Problem workloadFrom(const CommandLine& cl, const CatalogNames& names, Scenario& s)
{
    if (auto bench = cl.value("mlperf-benchmark")) {
        const MlperfWorkload* w = builtinCatalog().mlperfWorkload(*bench);
        if (!w)
            return Problem::ofName(badInput({}, "unknown MLPerf benchmark \"" + *bench
                                                    + "\"; see 'clusterplanner-cli catalog list'"));
        const std::string scenario = cl.value("scenario").value_or("");
        s.workload.model.value = w->model;
        s.workload.input_tokens.value = w->meanInputTokens;
        s.workload.output_tokens.value = w->meanOutputTokens;
        if (scenario == "Server" || scenario == "Interactive") {
            const bool server = scenario == "Server";
            const Time tpot = server ? w->serverTpot : w->interactiveTpot;
            if (!(tpot.value() > 0))
                return "benchmark " + *bench + " has no " + scenario + " scenario";
            s.workload.min_tokens_per_s_per_user.value = 1.0 / in_seconds(tpot);
            s.workload.max_ttft_s.value = in_seconds(server ? w->serverTtft : w->interactiveTtft);
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
        return Problem::ofName(id.error());
    s.workload.model.value = id.value();
    Problem problem = setOption(cl, "input-tokens", "workload.input_tokens", s);
    if (problem.empty())
        problem = setOption(cl, "output-tokens", "workload.output_tokens", s);
    if (problem.empty())
        problem = setOption(cl, "min-tokens-per-s-per-user", "workload.min_tokens_per_s_per_user", s);
    return problem;
}

// Hardware the catalog does not hold but the store measured: its own rows, or none.
Result<UncatalogedRows> ownRowsOf(const QString& db, const std::string& name, HardwareNameKind kind)
{
    auto opened = openForReading(db);
    if (!opened)
        return opened.error();
    return uncatalogedRows(opened.value(), name, kind, builtinCatalog());
}

// The hardware asked about: a catalog system, else hardware with rows of its own in the store
// (set in `own`), else the name's problem (exit 2).
Problem hardwareFrom(const CommandLine& cl, const CatalogNames& names, const QString& db, Scenario& s,
                     std::optional<UncatalogedRows>& own)
{
    const auto sys = cl.value("system");
    const auto acc = cl.value("accelerator");
    if (!sys && !acc)
        return "give --accelerator NAME or --system ID";
    auto id = sys ? names.system(*sys) : names.systemForAccelerator(*acc);
    if (id) {
        s.system.value = id.value();
        return {};
    }
    auto rows = ownRowsOf(db, sys ? *sys : *acc, sys ? HardwareNameKind::System : HardwareNameKind::Accelerator);
    if (!rows)
        return Problem::ofName(rows.error());
    if (rows.value().rowIds.empty())
        return Problem::ofName(id.error());
    s.system.value = rows.value().system;
    own = std::move(rows).value();
    return {};
}

// The figure as MLPerf publishes it for the benchmark asked: Tokens/s of the whole system, which
// counts generated (output) tokens only.
struct MlperfTerms {
    double result = 0;
    std::string_view units;
};

// What a GPU-hour price buys at the predicted rate, every hour serving (--gpu-hour-usd).
struct RentedCost {
    double gpuHourUsd = 0, perMtok = 0, per1kRequests = 0;
};

RentedCost rentedCost(double gpuHourUsd, double tokensPerGpu, const ThroughputQuery& q)
{
    return {gpuHourUsd, rentedCostPerMtokUsd(gpuHourUsd, tokensPerGpu),
            rentedCostPer1kRequestsUsd(gpuHourUsd, tokensPerGpu / (q.inputTokens + q.outputTokens))};
}

void print(const ThroughputEstimate& e, const ThroughputQuery& q, double gpus, const std::optional<MlperfTerms>& mlperf,
           const std::optional<RentedCost>& cost, bool asJson, std::ostream& out)
{
    const double perGpu = in_tokens_per_second(e.totalPerGpu);
    const double outputPerGpu = in_tokens_per_second(e.outputPerGpu);
    if (!asJson) {
        out << q.model << " on " << q.system << " (" << precisionName(q.precision) << "), "
            << figureText(in_tokens_per_second(q.minPerUser), "tok/s/user") << "\n"
            << "  tokens/s per GPU   " << figureText(perGpu) << "\n  tokens/s (" << figureText(gpus) << " GPUs) "
            << figureText(perGpu * gpus) << "\n  output tokens/s    " << figureText(outputPerGpu * gpus);
        if (mlperf)
            out << "\n  MLPerf result      " << figureText(mlperf->result) << " " << mlperf->units;
        if (cost)
            out << "\n  cost per Mtok      " << figureText(cost->perMtok) << " USD\n  cost per 1k requests "
                << figureText(cost->per1kRequests) << " USD (at " << figureText(cost->gpuHourUsd)
                << " USD per GPU-hour, every hour serving)";
        out << "\n  P10-P90 tokens/s   " << figureText(in_tokens_per_second(e.p10PerGpu) * gpus) << " - "
            << figureText(in_tokens_per_second(e.p90PerGpu) * gpus);
        if (e.softwareGain != 1.0)
            out << "\n  software gain      x" << figureText(e.softwareGain) << " (estimate, rows of "
                << roundName(e.sourceRound) << " carried to "
                << (q.round > 0 ? roundName(q.round) : "the next round") << ")";
        if (!e.derivation.empty())
            out << "\n  how               " << e.derivation;
        out << "\n  method             " << methodName(e.method)
            << "\n  evidence           " << gradeName(e.evidence.grade) << "\n  rows used          "
            << e.rowsUsed.size() << "\n";
        for (const Warning& w : e.warnings) {
            out << "  warning: " << (w.severity == Severity::Serious ? "serious: " : "") << w.message << "\n";
            if (!w.detail.empty())
                out << "    detail: " << w.detail << "\n";
        }
        return;
    }
    json::Value v = json::makeObject();
    json::add(v, "model", json::makeString(q.model));
    json::add(v, "system", json::makeString(q.system));
    json::add(v, "precision", json::makeString(std::string(precisionName(q.precision))));
    json::add(v, "tokens_per_s", json::makeNumber(perGpu * gpus));
    json::add(v, "tokens_per_s_per_gpu", json::makeNumber(perGpu));
    json::add(v, "input_tokens_per_s", json::makeNumber((perGpu - outputPerGpu) * gpus));
    json::add(v, "output_tokens_per_s", json::makeNumber(outputPerGpu * gpus));
    if (mlperf) {
        json::add(v, "mlperf_result", json::makeNumber(mlperf->result));
        json::add(v, "mlperf_units", json::makeString(std::string(mlperf->units)));
    }
    if (cost) {
        json::add(v, "cost_per_mtok_usd", json::makeNumber(cost->perMtok));
        json::add(v, "cost_per_1k_requests_usd", json::makeNumber(cost->per1kRequests));
    }
    json::add(v, "p10_tokens_per_s", json::makeNumber(in_tokens_per_second(e.p10PerGpu) * gpus));
    json::add(v, "p90_tokens_per_s", json::makeNumber(in_tokens_per_second(e.p90PerGpu) * gpus));
    json::add(v, "software_gain", json::makeNumber(e.softwareGain));
    json::add(v, "method", json::makeString(std::string(methodName(e.method))));
    json::add(v, "evidence", json::makeString(std::string(gradeName(e.evidence.grade))));
    if (!e.transferredFrom.empty())
        json::add(v, "transferred_from", json::makeString(e.transferredFrom));
    json::add(v, "software", json::makeString(std::string(softwareModeName(q.software))));
    if (!e.derivation.empty())
        json::add(v, "derivation", json::makeString(e.derivation));
    json::Value rows = json::makeArray();
    for (auto id : e.rowsUsed)
        json::append(rows, json::makeNumber(double(id)));
    json::add(v, "rows_used", rows);
    json::Value warnings = json::makeArray();
    // Each warning as one string, its plain message first and the detail after (the text's two lines).
    for (const Warning& w : e.warnings)
        json::append(warnings, json::makeString(w.detail.empty() ? w.message : w.message + " (detail: " + w.detail + ")"));
    json::add(v, "warnings", warnings);
    out << json::write(v);
}

// Offline >= Server >= Interactive for one system, model and precision: a configuration that
// meets a scenario's latency limits meets every looser scenario's, so the stricter scenarios'
// figures are lower bounds on the looser one's. Where one of them is higher, it answers, with a
// warning; the transfer and roofline paths, answering each scenario alone, can otherwise order them
// the wrong way round (issue 11: Vera Rubin's Offline below its Server).
void holdScenarioOrder(const ThroughputModel& model, const MlperfWorkload& w, const std::string& scenario,
                       const ThroughputQuery& q, ThroughputEstimate& e)
{
    struct Stricter {
        const char* name;
        Time ttft, tpot;
    };
    std::vector<Stricter> stricter;
    if (scenario == "Offline")
        stricter.push_back({"Server", w.serverTtft, w.serverTpot});
    if (scenario == "Offline" || scenario == "Server")
        stricter.push_back({"Interactive", w.interactiveTtft, w.interactiveTpot});
    for (const Stricter& t : stricter) {
        if (!(t.tpot.value() > 0))
            continue;
        ThroughputQuery qt = q;
        qt.minPerUser = tokens_per_second(1.0 / in_seconds(t.tpot));
        qt.maxTtft = t.ttft;
        qt.scenario = std::string_view(t.name) == "Server" ? MlperfScenario::Server : MlperfScenario::Interactive;
        auto et = model.estimate(qt);
        if (!et || !(et.value().totalPerGpu > e.totalPerGpu))
            continue;
        // The stricter scenario's figure answers, with its own method, evidence and warnings.
        const double own = in_tokens_per_second(e.totalPerGpu);
        e = std::move(et).value();
        e.warnings.push_back({"scenario", scenario + " held at the " + t.name + " figure ("
                                              + figureText(in_tokens_per_second(e.totalPerGpu)) + " tok/s per GPU, "
                                              + std::string(methodName(e.method)) + ", above " + scenario + "'s own "
                                              + figureText(own) + "): what meets " + t.name
                                              + "'s latency limits serves " + scenario + " too"});
    }
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
    Scenario s = defaultQuestion();
    if (precision) // any name the catalog reads (int8, mxfp8 ...), as the canonical one
        s.workload.precision.value = std::string(precisionName(*precision));
    if (auto serving = cl.value("serving")) {
        if (!servingFromName(*serving))
            return cl.usageError("--serving must be aggregated or disaggregated", err);
        s.workload.serving.value = *serving;
    }
    const QString db = QString::fromStdString(*cl.value("db"));
    if (auto done = predictInRequests(cl, db, out, err)) // a benchmark measured in samples or queries
        return *done;
    auto names = CatalogNames::ofDatabase(db);
    if (!names) {
        err << names.error().message << "\n";
        return exitCodeFor(names.error());
    }
    Problem problem = workloadFrom(cl, names.value(), s);
    std::optional<UncatalogedRows> own;
    if (problem.empty())
        problem = hardwareFrom(cl, names.value(), db, s, own);
    if (problem.empty()) // after the benchmark's own limit: the option wins
        problem = setOption(cl, "max-ttft-s", "workload.max_ttft_s", s);
    if (problem.badInput) {
        err << "predict: " << problem.message << "\n";
        return ExitBadInput;
    }
    if (!problem.empty())
        return cl.usageError(problem.message, err);

    auto data = loadMeasuredData(db, builtinCatalog(), own ? &*own : nullptr);
    if (!data) {
        err << data.error().message << "\n";
        return exitCodeFor(data.error());
    }
    // The question is the scenario's, asked through the query evaluate's throughput source builds.
    auto query = throughputQueryFor(s, builtinCatalog());
    if (!query) {
        err << "predict: " << query.error().message << "\n";
        return exitCodeFor(query.error());
    }
    ThroughputQuery q = query.value();
    if (auto round = cl.value("round")) {
        const auto index = mlperfRoundIndex("mlperf-inference-" + *round);
        if (!index)
            return cl.usageError("--round must name an MLPerf round such as v5.1", err);
        q.round = *index;
    }
    if (auto software = cl.value("software")) {
        const auto mode = softwareModeFromName(*software);
        if (!mode)
            return cl.usageError("--software must be measured or expected", err);
        q.software = *mode;
    }
    if (const std::string scenario = cl.value("scenario").value_or(""); !scenario.empty())
        for (MlperfScenario ms : {MlperfScenario::Offline, MlperfScenario::Server, MlperfScenario::Interactive})
            if (scenario == scenarioName(ms))
                q.scenario = ms;
        // Hardware outside the catalog answers only at a precision it was measured at.
    const bool choosePrecision = !precision && (cl.value("mlperf-benchmark") || own);
    auto estimate = estimateAtBestPrecision(*data.value()->model, q, !choosePrecision);
    const std::string hardwareName = cl.value("system").value_or(cl.value("accelerator").value_or(""));
    if (!estimate) {
        err << "predict: ";
        if (own) // what failed is a path that needs the specifications the catalog lacks
            err << "\"" << hardwareName << "\" is not in the catalog and its own " << own->rowIds.size()
                << " measured rows do not answer this question: ";
        err << estimate.error().message << "\n";
        return exitCodeFor(estimate.error());
    }
    if (const auto bench = cl.value("mlperf-benchmark"))
        holdScenarioOrder(*data.value()->model, *builtinCatalog().mlperfWorkload(*bench),
                          cl.value("scenario").value_or("Offline"), q, estimate.value());
    if (own)
        estimate.value().warnings.push_back({"system", uncatalogedWarning(hardwareName, *own)});
    const double gpus = *cl.number("gpus");
    std::optional<MlperfTerms> mlperf;
    if (cl.value("mlperf-benchmark")) // every MLPerf benchmark predict answers is a Tokens/s one
        mlperf = MlperfTerms{in_tokens_per_second(estimate.value().outputPerGpu) * gpus, "Tokens/s"};
    std::optional<RentedCost> cost;
    if (const auto price = cl.number("gpu-hour-usd"))
        cost = rentedCost(*price, in_tokens_per_second(estimate.value().totalPerGpu), q);
    print(estimate.value(), q, gpus, mlperf, cost, cl.has("json"), out);
    return ExitOk;
}

} // namespace planner::cli
