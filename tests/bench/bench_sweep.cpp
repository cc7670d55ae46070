// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark for DESIGN.md section 9: "a sweep of 1,000,000 configurations with its Pareto frontier
// in under 2 s on 2 cores". Sweeps a bundled example over three fields of 100 values each, with
// the default objectives (cost per million tokens against tokens/s per user), and prints the wall
// time of the whole run (evaluation, constraints, frontier). Also prints the time of one
// numbers-only evaluation of an already resolved scenario on one core, from scratch and resumed
// from the previous configuration as the sweep's inner loop does (evaluation_stage.h).
// Usage: bench_sweep [THREADS [inner]]   (default 2 threads; "inner": the one-core loops only)
#include "analysis/sweep.h"
#include "evaluate/evaluation_stage.h"
#include "evaluate/headline.h"
#include "measured_throughput.h"
#include "scenario_io.h"
#include "scenario/scenario_defaults.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>

namespace {

using namespace planner;

SweepSpec specOf(std::initializer_list<const char*> vary, int threads)
{
    SweepSpec spec;
    for (const char* v : vary)
        spec.axes.push_back(parseAxis(v).value());
    spec.objectives = defaultObjectives();
    spec.threads = threads;
    return spec;
}

int sweep(const char* title, const Scenario& s, const SweepSpec& spec, const EvaluationContext& ctx)
{
    // CPU time too: on a machine other work shares, wall time says more about the neighbours.
    const std::clock_t cpuStart = std::clock();
    const auto start = std::chrono::steady_clock::now();
    const SweepResult r = runSweep(s, builtinCatalog(), spec, ctx);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    std::printf("%-58s %9llu configurations, %d threads: %6.3f s wall (target 2 s), %6.3f s CPU, %llu skipped, "
                "%zu on the frontier\n",
                title, static_cast<unsigned long long>(r.evaluated), spec.threads, seconds, cpu,
                static_cast<unsigned long long>(r.infeasible), r.combinations.size());
    return r.evaluated == 1'000'000 ? 0 : 1;
}

// One field varied on an already resolved scenario, on one core. `from`: Start evaluates every
// configuration from scratch (utilization is read by sizing); Cost resumes the previous one, as a
// sweep does when its fastest axis is a price.
void innerLoop(const Scenario& s, const EvaluationContext& base, const char* path, double lo, double hi,
               EvaluationStage from, const char* title)
{
    auto resolved = resolveScenario(s, builtinCatalog());
    EvaluationCache cache;
    EvaluationContext ctx = base;
    ctx.cache = &cache;
    Scenario work = resolved.value();
    Number& varied = *findField(path)->number(work);
    constexpr int kRuns = 200000;
    double sink = 0;
    const std::clock_t cpuStart = std::clock();
    for (int i = 0; i < kRuns; ++i) {
        varied.value = lo + (hi - lo) * (i % 100) / 100.0;
        sink += evaluateResolvedNumbers(work, builtinCatalog(), ctx, from).value()[Headline::CostPerMtok];
    }
    const double us = 1e6 * double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    std::printf("%-58s %8.3f us CPU per evaluation on one core (target 2 us; checksum %.6g)\n", title, us / kRuns, sink);
}

} // namespace

int main(int argc, char** argv)
{
    const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
    auto loaded = loadScenario(QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/gb200-nvl72-deepseek-r1.json"));
    auto data = loadMeasuredData(QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"), builtinCatalog());
    if (!loaded || !data) {
        std::fprintf(stderr, "cannot load the example scenario or the benchmark database\n");
        return 3;
    }
    const Scenario explicitThroughput = loaded.value();
    innerLoop(explicitThroughput, {}, "finance.utilization", 0.5, 0.9, EvaluationStage::Start,
              "numbers-only, resolved scenario, from scratch");
    innerLoop(explicitThroughput, {}, "facility.electricity_usd_per_kwh", 0.03, 0.15,
              firstStageReading("facility.electricity_usd_per_kwh"), "numbers-only, resumed (a sweep's fastest axis)");
    if (argc > 2 && std::string_view(argv[2]) == "inner") // the inner loops only (for a profiler)
        return 0;
    int failed = sweep("gb200 example: electricity x utilization x cost of capital", explicitThroughput,
                       specOf({"facility.electricity_usd_per_kwh=0.03:0.15:100", "finance.utilization=0.3:0.95:100",
                               "finance.cost_of_capital=0.04:0.16:100"},
                              threads),
                       {});
    // The same example with throughput from the measured database, so interactivity matters.
    Scenario measured = loaded.value();
    measured.workload.throughput_tokens_per_s_per_gpu = Number{};
    EvaluationContext ctx;
    ctx.throughput = measuredThroughput(data.value());
    failed += sweep("gb200 measured: tokens/s/user x utilization x electricity", measured,
                    specOf({"workload.min_tokens_per_s_per_user=20:200:100", "finance.utilization=0.3:0.95:100",
                            "facility.electricity_usd_per_kwh=0.03:0.15:100"},
                           threads),
                    ctx);
    return failed;
}
