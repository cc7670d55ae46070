// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark for DESIGN.md section 9: "Monte Carlo of 100,000 samples in under 1 s" (2 cores).
// Runs the Monte Carlo of a bundled example with three uncertain inputs (utilization, electricity
// price, throughput per GPU) on 1 thread and on 2, and prints the wall and CPU time of each run
// against the target. Each sample is one full evaluate() today (analysis/sample_evaluator.h).
// Usage: bench_montecarlo [SAMPLES] [SCENARIO]
#include "analysis/montecarlo.h"
#include "measured_throughput.h"
#include "scenario_io.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

using namespace planner;

namespace {

Distribution make(DistributionKind kind, double low, double center, double high, double spread = 0)
{
    Distribution d;
    d.kind = kind;
    d.low = low, d.center = center, d.high = high, d.spread = spread;
    return d;
}

} // namespace

int main(int argc, char** argv)
{
    const std::size_t samples = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
    const QString file = argc > 2 ? QString::fromLocal8Bit(argv[2])
                                  : QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/gb200-nvl72-deepseek-r1.json");
    auto loaded = loadScenario(file);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().message.c_str());
        return 2;
    }
    Scenario s = loaded.value();
    constexpr double inf = std::numeric_limits<double>::infinity();
    const double tput = s.workload.throughput_tokens_per_s_per_gpu.isSet() ? s.workload.throughput_tokens_per_s_per_gpu.value
                                                                             : 5000;
    for (const auto& [path, d] :
         {std::pair{"finance.utilization", make(DistributionKind::Triangular, 0.5, 0.7, 0.85)},
          std::pair{"facility.electricity_usd_per_kwh", make(DistributionKind::Lognormal, -inf, 0.08, inf, 0.3)},
          std::pair{"workload.throughput_tokens_per_s_per_gpu",
                    make(DistributionKind::Normal, 0.5 * tput, tput, 1.5 * tput, 0.15 * tput)}}) {
        if (auto ok = setDistribution(s, path, d); !ok) {
            std::fprintf(stderr, "%s\n", ok.error().message.c_str());
            return 2;
        }
    }
    for (unsigned threads : {1u, 2u}) {
        MonteCarloOptions o;
        o.samples = samples;
        o.seed = 1;
        o.threads = threads;
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpuStart = std::clock(); // CPU time: fair when other work shares the cores
        auto r = monteCarlo(s, builtinCatalog(), {}, o);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        if (!r) {
            std::fprintf(stderr, "%s\n", r.error().message.c_str());
            return 2;
        }
        const OutputDistribution& cost = r.value().outputs.front();
        std::printf("Monte Carlo %zu samples, %u thread%s: %.3f s wall, %.3f s CPU (%.1f us CPU per sample); "
                    "target < 1 s wall on 2 cores; %s P50 %.4g\n",
                    samples, threads, threads == 1 ? "" : "s", wall, cpu, 1e6 * cpu / double(samples),
                    std::string(cost.key).c_str(), cost.p50);
    }
    return 0;
}
