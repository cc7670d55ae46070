// SPDX-License-Identifier: GPL-3.0-or-later
// A loop of numbers-only evaluations from scratch and nothing else, for a profiler: bench_sweep
// and bench_evaluate run other loops in the same process, which would blur a cachegrind count of
// this path's instruction-cache misses. Each call varies finance.utilization (read by sizing, so
// every step runs again), on the scenario as given ("resolve": evaluateNumbers, as bench_evaluate's
// numbers-only line) or resolved once beforehand ("resolved": evaluateResolvedNumbers from the
// start, as bench_sweep's "from scratch" line). Throughput is the scenario's explicit figure.
// Usage: profile_numbers resolve|resolved RUNS [SCENARIO]   (default: the gb200 example)
// Then e.g. valgrind --tool=cachegrind --I1=32768,8,64 --cache-sim=yes profile_numbers resolved 20000
// and divide the I1 misses by RUNS (the one-off start-up is a few thousand misses).
#include "evaluate/evaluation_stage.h"
#include "evaluate/headline.h"
#include "scenario_io.h"
#include "scenario/scenario_defaults.h"
#include "scenario/scenario_schema.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

int main(int argc, char** argv)
{
    using namespace planner;
    if (argc < 3 || (std::string_view(argv[1]) != "resolve" && std::string_view(argv[1]) != "resolved")) {
        std::fprintf(stderr, "usage: profile_numbers resolve|resolved RUNS [SCENARIO]\n");
        return 2;
    }
    const bool resolveEachCall = std::string_view(argv[1]) == "resolve";
    const int runs = std::atoi(argv[2]);
    auto loaded = loadScenario(argc > 3 ? QString::fromLocal8Bit(argv[3])
                                        : QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/gb200-nvl72-deepseek-r1.json"));
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().message.c_str());
        return 3;
    }
    auto resolved = resolveScenario(loaded.value(), builtinCatalog());
    if (!resolved) {
        std::fprintf(stderr, "%s\n", resolved.error().message.c_str());
        return 3;
    }
    Scenario work = resolveEachCall ? loaded.value() : resolved.value();
    Number& utilization = *findField("finance.utilization")->number(work);
    EvaluationCache cache;
    EvaluationContext ctx;
    ctx.cache = &cache;
    double sink = 0;
    for (int i = 0; i < runs; ++i) {
        utilization.value = 0.5 + 0.4 * (i % 100) / 100.0;
        auto h = resolveEachCall ? evaluateNumbers(work, builtinCatalog(), ctx)
                                 : evaluateResolvedNumbers(work, builtinCatalog(), ctx, EvaluationStage::Start);
        if (!h) {
            std::fprintf(stderr, "%s\n", h.error().message.c_str());
            return 1;
        }
        sink += h.value()[Headline::CostPerMtok];
    }
    std::printf("%d numbers-only evaluations from scratch (%s), checksum %.6g\n", runs,
                resolveEachCall ? "resolving each" : "resolved once", sink);
    return 0;
}
