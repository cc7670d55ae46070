// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark for issue 10: writing the XLSX workbook of a bundled example (Inputs, Results as live
// formulas, BOM, Assumptions), saved atomically to a temporary folder. The evaluation and the
// report model are built once, outside the timing: the figure is the workbook alone. Prints the
// mean wall-clock and CPU time per workbook and the file's size.
// Usage: bench_xlsx [SCENARIO...]   (defaults to the bundled examples)
#include "evaluate/evaluate.h"
#include "measured_throughput.h"
#include "report_model.h"
#include "scenario_io.h"
#include "xlsx_writer.h"

#include <QFileInfo>
#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<QString> files;
    for (int i = 1; i < argc; ++i)
        files.push_back(QString::fromLocal8Bit(argv[i]));
    if (files.empty())
        for (const char* f : {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json",
                              "vr200-nvl72-coreweave-deployment.json"})
            files.push_back(QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/") + QString::fromLatin1(f));
    auto data = planner::loadMeasuredData(QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"),
                                          planner::builtinCatalog());
    if (!data) {
        std::fprintf(stderr, "%s\n", data.error().message.c_str());
        return 3;
    }
    planner::EvaluationContext ctx;
    ctx.throughput = planner::measuredThroughput(data.value());
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("bench.xlsx"));
    for (const QString& file : files) {
        auto loaded = planner::loadScenario(file);
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.error().message.c_str());
            return 2;
        }
        auto e = planner::evaluate(loaded.value(), planner::builtinCatalog(), ctx);
        if (!e) {
            std::fprintf(stderr, "%s\n", e.error().message.c_str());
            return 2;
        }
        const planner::ReportModel model = planner::buildReportModel(e.value());
        const planner::XlsxWriter writer;
        constexpr int kRuns = 50;
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpuStart = std::clock(); // CPU time: fair when other work shares the cores
        for (int i = 0; i < kRuns; ++i)
            if (auto ok = writer.write(model, out); !ok) {
                std::fprintf(stderr, "%s\n", ok.error().message.c_str());
                return 3;
            }
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        const double cpuMs = 1e3 * double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        std::printf("%-40s %7.2f ms wall, %7.2f ms CPU per workbook (%d runs, %lld bytes)\n",
                    file.section(QLatin1Char('/'), -1).toLocal8Bit().constData(), ms / kRuns, cpuMs / kRuns, kRuns,
                    static_cast<long long>(QFileInfo(out).size()));
    }
    return 0;
}
