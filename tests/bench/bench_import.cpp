// SPDX-License-Identifier: GPL-3.0-or-later
// bench_import [ROWS]  (default 1,000,000)
// Target (DESIGN.md section 9): importing 1,000,000 benchmark rows in under 5 s. Writes ROWS
// distinct InferenceX-style rows to a temporary CSV, parses them once without storing (the
// parser's share), then imports them into a new database with the inferencex importer (one
// transaction, one prepared statement) and prints wall-clock and CPU times: on a shared machine
// the CPU time is the figure that does not depend on the neighbours.
#include "benchmark_store.h"

#include <QElapsedTimer>
#include <sys/resource.h>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

namespace {

constexpr const char* kHeader =
    "row_type,model,isl,osl,gpu,precision,framework,config,concurrency,throughput_per_gpu,"
    "throughput_unit,interactivity_tok_s_user,median_ttft_ms,median_tpot_ms,cost_usd_per_mtok,"
    "cost_basis,measured_date,post_date,source_repo,source_path,source_commit,notes\n";

// Rows vary in every numeric column, so each is distinct and none is deduplicated away.
bool writeCsv(const QString& path, long rows)
{
    static const char* gpus[] = {"NVIDIA B200", "NVIDIA GB200 NVL72", "NVIDIA H200", "AMD MI355X"};
    static const char* models[] = {"DeepSeek-R1-0528", "gpt-oss-120b", "Llama-3.3-70B-Instruct"};
    std::FILE* out = std::fopen(path.toLocal8Bit().constData(), "wb");
    if (!out)
        return false;
    std::fputs(kHeader, out);
    for (long i = 0; i < rows; ++i) {
        const double concurrency = 4 << (i % 9);
        const double tput = 100.0 + (i % 100000) * 0.37;
        std::fprintf(out,
                     "measured_point,%s,1024,1024,%s,FP8,vllm,\"TP=8, EP=1, run %ld\",%.0f,%.1f,"
                     "tok/s/GPU (total),%.2f,%.1f,%.2f,,,2026-03-%02ld,2026-04-06,"
                     "SemiAnalysisAI/InferenceX-app,bench,0000000,synthetic row %ld\n",
                     models[i % 3], gpus[i % 4], i, concurrency, tput, 1000.0 / (10 + i % 50),
                     200.0 + i % 700, 10.0 + i % 50, 1 + i % 28, i);
    }
    return std::fclose(out) == 0;
}

struct CpuSeconds {
    double user = 0, system = 0; // the kernel's share is mostly writing the database's pages
};

CpuSeconds cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return double(t.tv_sec) + t.tv_usec / 1e6; };
    return {seconds(usage.ru_utime), seconds(usage.ru_stime)};
}

struct Timing {
    QElapsedTimer wall;
    CpuSeconds cpu0 = cpuSeconds();
    Timing() { wall.start(); }
    void print(const char* what, long rows) const
    {
        const CpuSeconds now = cpuSeconds();
        const double w = wall.elapsed() / 1000.0, user = now.user - cpu0.user, system = now.system - cpu0.system;
        const double c = user + system;
        std::printf("%-28s %8.2f s wall %8.2f s CPU %10.0f rows/s (CPU; %.2f s user, %.2f s system)\n", what, w, c,
                    rows / c, user, system);
    }
};

long parseOnly(const QString& csv)
{
    long rows = 0;
    auto report = planner::findImporter("inferencex")->read(csv, {}, [&](planner::BenchmarkRun&&) {
        ++rows;
        return true;
    });
    return report ? rows : -1;
}

} // namespace

int main(int argc, char** argv)
{
    const long rows = argc > 1 ? std::atol(argv[1]) : 1'000'000;
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("rows.csv"));
    const QString db = dir.filePath(QStringLiteral("bench.sqlite"));
    QElapsedTimer timer;
    timer.start();
    if (rows <= 0 || !writeCsv(csv, rows)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(csv));
        return 3;
    }
    std::printf("generated %ld rows (%.0f MB) in %.2f s\n", rows, QFileInfo(csv).size() / 1e6,
                timer.elapsed() / 1000.0);
    const Timing parsing;
    if (parseOnly(csv) != rows)
        return 2;
    parsing.print("parse only", rows);
    const Timing importing;
    auto report = planner::importInto("inferencex", csv, db);
    if (!report) {
        std::fprintf(stderr, "%s\n", report.error().message.c_str());
        return 2;
    }
    importing.print("import (parse + store)", report.value().imported);
    std::printf("database %.0f MB; target: 1,000,000 rows in under 5 s\n", QFileInfo(db).size() / 1e6);
    return report.value().imported == rows ? 0 : 1;
}
