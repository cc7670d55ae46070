// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/montecarlo.h"

#include "analysis/sample_evaluator.h"
#include "analysis/sample_stream.h"
#include "scenario/scenario_defaults.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <thread>

namespace planner {

namespace {

constexpr std::size_t kBlock = 64; // samples a worker claims at a time: balances without contention

bool isHeadline(const Metric& m) { return m.key == "finance.total_usd_per_year"; }

std::vector<const Metric*> headlineMetrics(const Evaluation& e)
{
    std::vector<const Metric*> out;
    for (const Metric& m : e.results)
        out.push_back(&m);
    for (const Metric& m : e.sizingMetrics)
        out.push_back(&m);
    for (const Metric& m : e.details)
        if (isHeadline(m))
            out.push_back(&m);
    return out;
}

struct Failure {
    std::size_t index = std::numeric_limits<std::size_t>::max();
    std::string message;
};

// What one worker brings back; the merge is by sample index, so the thread count cannot matter.
struct WorkerTally {
    std::size_t infeasible = 0, invalid = 0;
    Failure first;
};

struct Shared {
    const Scenario* base;
    const std::vector<UncertainInput>* inputs;
    std::vector<std::string_view> keys;
    bool resolveOnce = false; // no uncertain input is read by resolution: resolve the base once per worker
    const MonteCarloOptions* options;
    std::vector<double>* values; // samples x keys, row-major
    std::atomic<std::size_t> next{0};
};

void runWorker(Shared& sh, const Catalog& catalog, const EvaluationContext& ctx, WorkerTally& tally)
{
    SampleEvaluator evaluator(catalog, ctx, sh.keys);
    Scenario s = *sh.base; // this worker's copy; only the uncertain fields change between samples
    // Resolution fills defaults from the catalog; the uncertain inputs are numbers it does not
    // read, so resolving each sample would give the resolved base with the sample's values: the
    // base is resolved once and each sample patched in. A base that does not resolve is left to
    // fail per sample with evaluate()'s message.
    bool resolved = false;
    if (sh.resolveOnce)
        if (auto r = resolveScenario(s, catalog)) {
            s = std::move(r.value());
            resolved = true;
        }
    const std::size_t n = sh.options->samples, k = sh.keys.size();
    for (;;) {
        if (sh.options->cancel && sh.options->cancel->load(std::memory_order_relaxed))
            return;
        const std::size_t start = sh.next.fetch_add(kBlock);
        if (start >= n)
            return;
        const std::size_t end = std::min(n, start + kBlock);
        for (std::size_t i = start; i < end; ++i) {
            SampleStream stream(sh.options->seed, i);
            for (const UncertainInput& in : *sh.inputs)
                setInputValue(s, *in.field, inputValueAt(in, stream.uniform()));
            std::span<double> row(sh.values->data() + i * k, k);
            if (auto ok = evaluator.evaluateSample(s, resolved, row); !ok) {
                std::fill(row.begin(), row.end(), std::numeric_limits<double>::quiet_NaN());
                (ok.error().kind == ErrorKind::Infeasible ? tally.infeasible : tally.invalid) += 1;
                if (i < tally.first.index)
                    tally.first = {i, ok.error().message};
            }
        }
        if (sh.options->progress)
            sh.options->progress->fetch_add(end - start, std::memory_order_relaxed);
    }
}

OutputDistribution summarize(const Metric& m, const std::vector<double>& values, std::size_t column,
                             std::size_t columns, std::size_t samples)
{
    std::vector<double> v;
    v.reserve(samples);
    for (std::size_t i = 0; i < samples; ++i)
        if (const double x = values[i * columns + column]; !std::isnan(x))
            v.push_back(x);
    std::sort(v.begin(), v.end());
    OutputDistribution d{m.key, m.label, m.unit, m.value};
    d.samples = v.size();
    if (v.empty()) {
        d.p5 = d.p10 = d.p50 = d.p90 = d.p95 = d.mean = std::numeric_limits<double>::quiet_NaN();
        return d;
    }
    d.p5 = percentileOfSorted(v, 0.05);
    d.p10 = percentileOfSorted(v, 0.10);
    d.p50 = percentileOfSorted(v, 0.50);
    d.p90 = percentileOfSorted(v, 0.90);
    d.p95 = percentileOfSorted(v, 0.95);
    double sum = 0;
    for (double x : v)
        sum += x;
    d.mean = sum / double(v.size());
    return d;
}

} // namespace

double percentileOfSorted(const std::vector<double>& sorted, double p)
{
    if (sorted.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double h = (double(sorted.size()) - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

Result<MonteCarloResult> monteCarlo(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx,
                                    const MonteCarloOptions& options)
{
    MonteCarloResult r;
    r.inputs = uncertainInputs(scenario);
    if (r.inputs.empty())
        return badInput("", "no uncertain inputs: the throughput is given, not predicted with a band, and no field "
                            "has a distribution; give one in the scenario file ({\"dist\": \"triangular\", ...}) "
                            "or with --dist PATH=triangular:lo:mode:hi");
    if (options.samples == 0)
        return badInput("", "the number of samples must be at least 1");
    auto nominal = evaluate(scenario, catalog, ctx);
    if (!nominal)
        return nominal.error();
    const std::vector<const Metric*> metrics = headlineMetrics(nominal.value());

    Scenario base = scenario;
    // evaluate() copies the scenario it resolves, once per sample: leave out what no figure reads
    // (the notes are copied text; the line map is shared between copies, and empty costs nothing).
    base.distributions.clear();
    base.sourceLines.clear();
    base.notes.value.clear();
    std::vector<double> values(options.samples * metrics.size());
    Shared shared{&base, &r.inputs, {}, false, &options, &values};
    for (const Metric* m : metrics)
        shared.keys.push_back(m->key);
    shared.resolveOnce = std::none_of(r.inputs.begin(), r.inputs.end(),
                                      [](const UncertainInput& in) { return resolutionReads(in.field->path); });

    const unsigned threads = std::max(1u, std::min<unsigned>(options.threads, unsigned(options.samples)));
    std::vector<WorkerTally> tallies(threads);
    {
        std::vector<std::jthread> workers;
        for (unsigned t = 1; t < threads; ++t)
            workers.emplace_back([&, t] { runWorker(shared, catalog, ctx, tallies[t]); });
        runWorker(shared, catalog, ctx, tallies[0]);
    } // jthreads join here
    if (options.cancel && options.cancel->load())
        return badInput("", "Monte Carlo cancelled");

    r.samples = options.samples;
    Failure first;
    for (const WorkerTally& t : tallies) {
        r.infeasible += t.infeasible;
        r.invalid += t.invalid;
        if (t.first.index < first.index)
            first = t.first;
    }
    r.firstProblem = first.message;
    for (std::size_t c = 0; c < metrics.size(); ++c) {
        r.outputs.push_back(summarize(*metrics[c], values, c, metrics.size(), options.samples));
        if (metrics[c]->key == options.keep)
            for (std::size_t i = 0; i < options.samples; ++i)
                if (const double x = values[i * metrics.size() + c]; !std::isnan(x))
                    r.kept.push_back(x);
    }
    return r;
}

} // namespace planner
