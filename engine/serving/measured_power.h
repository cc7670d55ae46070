// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The power a system drew while it was measured serving a model: MLPerf Power's wall-plug readings
// of the whole system (GPUs, CPUs, fans, NICs) over the timed run, per GPU.
//
// Simplifications:
// - The draw under load is the median over the system's rows with power for the model and
//   precision: Offline and Server runs both keep the system near its throughput limit, so their
//   readings differ by a few percent (Lenovo's 8x B200 on Llama 2 70B: 10.40 kW Offline,
//   10.43-10.44 kW Server).
// - A reading is the system as submitted: a power-capped submission (MLPerf's "MaxQ" systems)
//   draws less than the same hardware tuned for speed.

#include "core/units.h"
#include "catalog/catalog.h"
#include "serving/benchmark.h"

#include <map>
#include <span>
#include <string>
#include <tuple>

namespace planner {

struct MeasuredPower {
    units::Power perGpu;
    int rows = 0;
    std::string source; // the rows' sources, as stored ("mlperf-inference-v5.1")
};

// Every (system, model, precision) with measured power, keyed by catalog ids.
using MeasuredPowerKey = std::tuple<std::string, std::string, Precision>;
std::map<MeasuredPowerKey, MeasuredPower> measuredPowerBySystem(std::span<const BenchmarkPoint> points);

} // namespace planner
