// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark for issue 11: "a prediction takes under 50 us". Loads the bundled benchmark database
// once (calibration and bands included) and times ThroughputModel::estimate for MLPerf-style
// questions that take each method: measured rows, a transfer, the roofline, each at Offline,
// Server and Interactive requirements and for a later round (the software gain). CPU time per
// prediction, the mean over all questions.
// Usage: bench_predict
#include "measured_throughput.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

int main()
{
    using namespace planner;
    auto data = loadMeasuredData(QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"), builtinCatalog());
    if (!data) {
        std::fprintf(stderr, "%s\n", data.error().message.c_str());
        return 3;
    }
    struct Question {
        const char* model;
        const char* system;
        Precision precision;
        double input, output;
    };
    const std::vector<Question> questions{
        {"llama2-70b", "hgx-h200", Precision::FP8, 294, 294},    // measured
        {"llama2-70b", "mi325x-8", Precision::FP8, 294, 294},    // transferred
        {"deepseek-r1", "hgx-b200", Precision::FP4, 804, 3886},  // transferred across lengths
        {"llama3.1-405b", "vr200-nvl72", Precision::FP4, 9429, 685}, // transferred / analytic
        {"mixtral-8x7b", "gb300-nvl72", Precision::FP4, 145, 145},
    };
    std::vector<ThroughputQuery> queries;
    for (const Question& q : questions)
        for (double perUser : {0.0, 5.0, 25.0}) {
            ThroughputQuery t;
            t.model = q.model;
            t.system = q.system;
            t.precision = q.precision;
            t.inputTokens = q.input;
            t.outputTokens = q.output;
            t.minPerUser = units::tokens_per_second(perUser);
            t.withCurve = false;
            t.round = 12; // v6.0: rows of older rounds carry the software gain
            queries.push_back(t);
        }
    constexpr int kRounds = 400;
    int answered = 0;
    double sink = 0;
    const std::clock_t cpuStart = std::clock();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRounds; ++i)
        for (const ThroughputQuery& q : queries)
            if (auto e = data.value()->model->estimate(q)) {
                sink += units::in_tokens_per_second(e.value().totalPerGpu);
                ++answered;
            }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    const double n = double(kRounds) * queries.size();
    std::printf("%zu questions x %d, %d answered (checksum %.0f)\n", queries.size(), kRounds, answered, sink);
    std::printf("%.2f us CPU per prediction (%.2f us wall), target < 50 us\n", cpu / n * 1e6, wall / n * 1e6);
    return 0;
}
