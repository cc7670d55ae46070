// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Benchmark databases for the browser suites, imported from the bundled reference files into a
// temporary folder through the store's own import (the CLI does the same).

#include "benchmark_store.h"
#include "test_support.h"

#include <QString>
#include <QtTest>

namespace browsertest {

inline QString reference(const char* relative)
{
    return QStringLiteral(PLANNER_SOURCE_DIR "/data/reference/") + QString::fromLatin1(relative);
}

// Imports the MLPerf v5.1 results (and, with `curves`, the InferenceX CSV) into db; false on error.
inline bool makeDatabase(const QString& db, bool curves = false)
{
    auto r = planner::importInto("mlperf", reference("mlperf/inference_v5.1_summary_results.json"), db);
    if (!r) {
        qWarning("import failed: %s", r.error().message.c_str());
        return false;
    }
    if (curves) {
        auto c = planner::importInto("inferencex", reference("inferencemax.csv"), db);
        if (!c) {
            qWarning("import failed: %s", c.error().message.c_str());
            return false;
        }
    }
    return true;
}

} // namespace browsertest
