// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark for DESIGN.md section 9: "one scenario evaluated in under 20 microseconds".
// Evaluates each bundled example many times (defaults resolved from the catalog, sizing, fabric,
// reliability, storage, finance, report figures) and prints the mean time per evaluation.
// Usage: bench_evaluate [SCENARIO...]   (defaults to the bundled examples)
#include "evaluate.h"
#include "scenario_io.h"

#include <chrono>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<QString> files;
    for (int i = 1; i < argc; ++i)
        files.push_back(QString::fromLocal8Bit(argv[i]));
    if (files.empty())
        for (const char* f : {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json", "vr200-nvl72-deepseek-r1.json"})
            files.push_back(QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/") + QString::fromLatin1(f));
    for (const QString& file : files) {
        auto s = planner::loadScenario(file);
        if (!s) {
            std::fprintf(stderr, "%s\n", s.error().message.c_str());
            return 2;
        }
        const planner::Catalog& catalog = planner::builtinCatalog();
        constexpr int kRuns = 20000;
        double sink = 0;
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < kRuns; ++i) {
            auto e = planner::evaluate(s.value(), catalog);
            if (!e) {
                std::fprintf(stderr, "%s\n", e.error().message.c_str());
                return 2;
            }
            sink += e.value().results.front().value;
        }
        const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
        std::printf("%-40s %8.2f us per evaluation (%d runs, checksum %.3g)\n",
                    file.section(QLatin1Char('/'), -1).toLocal8Bit().constData(), us / kRuns, kRuns, sink);
    }
    return 0;
}
