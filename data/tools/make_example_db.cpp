// SPDX-License-Identifier: GPL-3.0-or-later
// planner-exampledb OUTPUT REFERENCE_DIR
// Builds the example benchmark database shipped with the program from the reference files
// (MLPerf Inference v4.1 and v5.1, InferenceX, the serving benchmark tables). Run by the build;
// the database is a build product, never a file in the repository.
#include "benchmark_store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace {

struct Input {
    const char* importer;
    const char* file; // relative to the reference directory
};

constexpr Input kInputs[] = {
    {"mlperf", "mlperf/inference_v4.1_summary_results.json"},
    {"mlperf", "mlperf/inference_v5.1_summary_results.json"},
    {"inferencex", "inferencemax.csv"},
    {"csv", "serving_benchmarks.csv"},
};

bool importAll(const QString& output, const QDir& reference)
{
    auto store = planner::BenchmarkStore::open(output);
    if (!store) {
        std::fprintf(stderr, "%s\n", store.error().message.c_str());
        return false;
    }
    for (const Input& input : kInputs) {
        const QString file = reference.filePath(QString::fromLatin1(input.file));
        const auto* importer = planner::findImporter(input.importer);
        auto report = store.value().import(*importer, file);
        if (!report) {
            std::fprintf(stderr, "%s: %s\n", report.error().where.c_str(), report.error().message.c_str());
            return false;
        }
        std::printf("%-45s %5d records, %5d imported, %5zu skipped, %3zu unknown names\n", input.file,
                    report.value().records, report.value().imported, report.value().skipped.size(),
                    report.value().unknownNames.size());
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: planner-exampledb OUTPUT REFERENCE_DIR\n");
        return 1;
    }
    const QString output = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(QFileInfo(output).absolutePath());
    QFile::remove(output); // rebuilt from scratch, never appended to
    if (!importAll(output, QDir(QString::fromLocal8Bit(argv[2])))) {
        QFile::remove(output); // no half-built database for the build to mistake as current
        return 2;
    }
    return 0;
}
