// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One measured benchmark point as the engine sees it: catalog ids already resolved, per-GPU
// figures, units attached. The SQLite store (data/) reads rows into these; the throughput model
// reads curves out of them. Raw names and the original record stay in the store.

#include "catalog/catalog.h"
#include "core/choices.h"
#include "core/evidence.h"
#include "core/units.h"

#include <cstdint>
#include <string>

namespace planner {

struct BenchmarkPoint {
    std::int64_t rowId = 0;  // id in the benchmark store, for "rows used"
    std::string source;      // "mlperf-v5.1 v5.1-0123", "inferencex", ...
    std::string date;        // ISO date
    Grade grade = Grade::Measured;

    std::string system; // SystemSpec id, empty when the raw name is unknown
    std::string gpu;    // GpuSpec id, empty when unknown
    std::string model;  // ModelSpec id
    Precision precision = Precision::FP8;
    Serving serving = Serving::Aggregated;
    int gpuCount = 0;        // GPUs in the measured system
    int prefillGpus = 0;     // disaggregated: GPUs in the prefill pool (0 = unknown or aggregated)
    int decodeGpus = 0;
    bool preview = false;    // MLPerf "preview": not shipping at submission time
    bool openDivision = false; // MLPerf open division: the model or accuracy target may be changed

    double inputTokens = 0;  // mean per request
    double outputTokens = 0;
    double concurrency = 0;  // 0 = unknown (Offline)

    units::TokenRate totalPerGpu;  // input + output tokens per second per GPU
    units::TokenRate outputPerGpu; // output tokens per second per GPU; zero when unknown
    units::TokenRate perUser;      // output tokens per second per user (1 / TPOT); zero = unbounded (Offline)
    units::Time ttftMedian, ttftP99, tpotMedian, tpotP99; // zero when unknown
    units::Power powerPerGpu;      // zero when not measured
};

} // namespace planner
