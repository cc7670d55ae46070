// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark for issue 10: "one PDF report of a bundled example in under 2 s". Times the whole
// report as `evaluate --pdf` makes it: the evaluation, the interactivity curve and the
// sensitivity (which evaluate the scenario again), the layout and the PDF with its fonts, and
// prints the best and mean wall-clock time over a few runs. The file is written to a temporary
// folder. Usage: bench_report [SCENARIO]   (defaults to the GB200 example)
#include "cli_common.h"
#include "pdf_report_input.h"

#include <QGuiApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const std::string file = argc > 1 ? argv[1] : PLANNER_SOURCE_DIR "/data/examples/gb200-nvl72-deepseek-r1.json";
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("bench.pdf"));
    constexpr int kRuns = 5;
    std::vector<double> seconds;
    for (int run = 0; run < kRuns; ++run) {
        const auto start = std::chrono::steady_clock::now();
        auto s = planner::cli::loadScenarioWithOverrides(file, {}, std::cerr);
        if (!s)
            return s.error();
        // The database is loaded once per run too: `evaluate --pdf` loads it every time.
        auto setUp = planner::cli::evaluationSetUp(s.value(), std::nullopt, file, std::cerr);
        if (!setUp)
            return setUp.error();
        auto e = planner::cli::evaluateIn(s.value(), setUp.value(), file, std::cerr);
        if (!e)
            return e.error();
        planner::EvaluationCache cache;
        planner::EvaluationContext ctx = setUp.value().ctx;
        ctx.cache = &cache;
        const planner::PdfReportInput input = planner::pdfReportInput(
            s.value(), e.value(), planner::builtinCatalog(), ctx, setUp.value().data.get(), setUp.value().sources);
        if (auto ok = planner::writePdfReport(input, pdf); !ok) {
            std::fprintf(stderr, "%s\n", ok.error().message.c_str());
            return 3;
        }
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    const double best = *std::min_element(seconds.begin(), seconds.end());
    double mean = 0;
    for (double t : seconds)
        mean += t / kRuns;
    std::printf("PDF report of %s: best %.3f s, mean %.3f s over %d runs (target < 2 s), %lld bytes\n", file.c_str(), best, mean,
                kRuns, static_cast<long long>(QFileInfo(pdf).size()));
    return 0;
}
