// SPDX-License-Identifier: GPL-3.0-or-later
// `montecarlo SCENARIO --samples N [--seed S] [--dist PATH=SPEC]... [--threads N] [--json] [--db F] [--set k=v]...`
#include "cli_options.h"
#include "cli_runner.h"
#include "cli_uncertain.h"

#include "json.h"

#include "analysis/default_uncertainty.h"
#include "analysis/montecarlo.h"
#include "evaluate/evaluation_cache.h"
#include "core/number_text.h"
#include "text_layout.h"

#include <algorithm>
#include <iomanip>
#include <thread>

namespace planner::cli {

namespace {

CommandLine monteCarloCommandLine()
{
    CommandLine cl("montecarlo", "SCENARIO",
                   "Samples the scenario's uncertain inputs (distributions in the file or --dist) and gives P5, P10,\n"
                   "P50, P90, P95 and the mean of every headline output. A predicted throughput is log-normal through\n"
                   "its P10-P90 band unless a distribution is given for it; no other input is assumed uncertain.\n"
                   "Reproducible for a seed and the same on any\n"
                   "number of threads. Inputs are independent: correlations between inputs are not modelled.\n"
                   "Samples that cannot be evaluated (infeasible) are counted and left out of the percentiles.");
    // Each sample keeps every headline output (about 200 bytes): ten million is 2 GB at most.
    cl.number("samples", "N", "number of samples (at most 10,000,000)", Range::wholeBetween(1, 1e7), Required::Yes);
    cl.number("seed", "S", "random seed (default 1)", Range::wholeAtLeast(0));
    cl.number("threads", "N", "worker threads (default: the machine's cores; at most 256)", Range::wholeBetween(1, 256));
    declareUncertaintyOptions(cl);
    return cl;
}

constexpr std::pair<const char*, double OutputDistribution::*> kStats[] = {
    {"p5", &OutputDistribution::p5},   {"p10", &OutputDistribution::p10}, {"p50", &OutputDistribution::p50},
    {"p90", &OutputDistribution::p90}, {"p95", &OutputDistribution::p95}, {"mean", &OutputDistribution::mean},
};

void printJson(const MonteCarloResult& r, std::uint64_t seed, const std::vector<std::string>& assumed, std::ostream& out)
{
    json::Value v = json::makeObject();
    json::add(v, "samples", json::makeNumber(double(r.samples)));
    json::add(v, "seed", json::makeNumber(double(seed)));
    json::add(v, "infeasible_samples", json::makeNumber(double(r.infeasible)));
    json::add(v, "invalid_samples", json::makeNumber(double(r.invalid)));
    if (!r.firstProblem.empty())
        json::add(v, "first_problem", json::makeString(r.firstProblem));
    json::Value inputs = json::makeArray();
    for (const UncertainInput& in : r.inputs) {
        json::Value i = json::makeObject();
        json::add(i, "path", json::makeString(std::string(in.field->path)));
        json::add(i, "distribution", json::makeString(describeDistribution(in.given)));
        json::append(inputs, i);
    }
    json::add(v, "inputs", inputs);
    json::Value assumedList = json::makeArray();
    for (const std::string& a : assumed)
        json::append(assumedList, json::makeString(a));
    json::add(v, "assumed", assumedList);
    json::Value units = json::makeObject();
    for (const OutputDistribution& o : r.outputs) {
        const std::string key(o.key);
        json::add(v, key + ".nominal", json::makeNumber(o.nominal));
        for (const auto& [name, member] : kStats)
            json::add(v, key + "." + name, json::makeNumber(o.*member));
        json::add(units, key, json::makeString(std::string(o.unit)));
    }
    json::add(v, "units", units);
    out << json::write(v) << "\n";
}

void printText(const MonteCarloResult& r, std::uint64_t seed, std::ostream& out)
{
    out << "Monte Carlo: " << r.samples << " samples, seed " << seed << "\n";
    if (r.infeasible + r.invalid > 0)
        out << (r.infeasible + r.invalid) << " samples could not be evaluated and are left out (" << r.infeasible
            << " infeasible, " << r.invalid << " invalid); first: " << r.firstProblem << "\n";
    out << "\nUncertain inputs (independent):\n";
    for (const UncertainInput& in : r.inputs)
        out << "  " << padded(in.field->path, 44) << describeDistribution(in.given) << "\n";
    // One row per output in words, its figures in the scale its nominal value reads in (so a row
    // lines up: "$40.7M", "182.5" trillion tokens/year), the unit in the label where the figures
    // do not carry it. Labels wrap within their column so a row fits 120 columns.
    std::size_t number = 8;
    for (const OutputDistribution& o : r.outputs) {
        const FigureScale scale = figureScale(o.nominal, o.unit);
        number = std::max(number, columnsOf(scaledNumber(o.nominal, scale)));
        for (const auto& stat : kStats)
            number = std::max(number, columnsOf(scaledNumber(o.*stat.second, scale)));
    }
    const std::size_t numberWidth = number + 1, labelWidth = std::max<std::size_t>(30, kTextColumns - 7 * numberWidth - 2);
    out << "\n" << padded("Output", labelWidth + 2);
    for (const char* h : {"Nominal", "P5", "P10", "P50", "P90", "P95", "Mean"})
        out << rightAligned(h, numberWidth);
    out << "\n";
    for (const OutputDistribution& o : r.outputs) {
        const FigureScale scale = figureScale(o.nominal, o.unit);
        std::string label(o.label);
        // A count's label names what it counts ("GPUs", "Rack positions"); other units follow it.
        const bool plainCount = scale.unit.find('/') == std::string::npos && countUnit(1, scale.unit) != scale.unit;
        if (scale.prefix.empty() && !scale.unit.empty() && !plainCount)
            label += " (" + scale.unit + ")";
        std::string lines = wrapped(label, 0, 0, labelWidth);
        lines.pop_back();
        const std::size_t lastBreak = lines.rfind('\n');
        if (lastBreak != std::string::npos)
            out << lines.substr(0, lastBreak + 1);
        out << padded(lines.substr(lastBreak == std::string::npos ? 0 : lastBreak + 1), labelWidth + 2)
            << rightAligned(scaledNumber(o.nominal, scale), numberWidth);
        for (const auto& stat : kStats)
            out << rightAligned(scaledNumber(o.*stat.second, scale), numberWidth);
        out << "\n";
    }
}

} // namespace

int runMonteCarlo(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = monteCarloCommandLine();
    auto run = startUncertainRun(cl, argv, out, err);
    if (!run)
        return run.error();
    const std::string& file = run.value().file;
    const Scenario& s = run.value().scenario;

    // The one rule for what is uncertain beyond what the file declares (default_uncertainty.h),
    // from the nominal evaluation: a predicted throughput over its band.
    EvaluationCache cache;
    EvaluationContext nominalCtx = run.value().ctx;
    nominalCtx.cache = &cache;
    auto nominal = evaluate(s, builtinCatalog(), nominalCtx);
    if (!nominal) {
        err << located(nominal.error(), s, file) << "\n";
        return exitCodeFor(nominal.error());
    }
    std::vector<std::string> assumed;
    const Scenario sampled = withDefaultUncertainty(s, nominal.value(), &assumed);

    MonteCarloOptions options;
    options.samples = static_cast<std::size_t>(*cl.number("samples"));
    options.seed = static_cast<std::uint64_t>(cl.number("seed").value_or(1));
    options.threads = static_cast<unsigned>(
        cl.number("threads").value_or(std::max(1u, std::thread::hardware_concurrency())));
    auto result = monteCarlo(sampled, builtinCatalog(), run.value().ctx, options);
    if (!result) {
        err << located(result.error(), s, file) << "\n";
        return exitCodeFor(result.error());
    }
    const MonteCarloResult& r = result.value();
    if (r.infeasible + r.invalid == r.samples) {
        err << file << ": no sample could be evaluated; first: " << r.firstProblem << "\n";
        return r.infeasible > 0 ? ExitInfeasible : ExitBadInput;
    }
    if (cl.has("json")) {
        printJson(r, options.seed, assumed, out);
    } else {
        printText(r, options.seed, out);
        for (const std::string& a : assumed)
            out << wrapped("assumed: " + a, 0, 4);
    }
    return ExitOk;
}

} // namespace planner::cli
