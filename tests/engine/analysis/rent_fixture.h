// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A rented scenario whose cost per million tokens has a closed form, for the analysis suites:
// in rent mode the GPU-hour price is all-in, nothing else costs anything (no spares, no storage,
// staff or transit by default), and with no failures goodput is 1 (rent counts goodput like every
// mode), so per year
//   cost   = price x GPUs x hours
//   tokens = throughput x GPUs x utilization x 3600 x hours
// and cost per million tokens = price x 1e6 / (3600 x throughput x utilization).

#include "scenario/scenario_schema.h"

#include <QtTest>

#include <string>

namespace analysis_fixture {

inline planner::Scenario rentedScenario(double gpuHourUsd, double tokensPerSPerGpu, double utilization)
{
    planner::Scenario s;
    auto set = [&](const char* path, const std::string& v) {
        if (auto ok = planner::setField(s, path, v); !ok)
            qFatal("%s", ok.error().message.c_str());
    };
    set("system", "gb200-nvl72");
    set("workload.model", "deepseek-r1");
    set("workload.precision", "fp4");
    set("workload.throughput_tokens_per_s_per_gpu", std::to_string(tokensPerSPerGpu));
    set("cluster.racks", "2");
    set("facility.mode", "rent");
    set("finance.gpu_hour_usd", std::to_string(gpuHourUsd));
    set("finance.utilization", std::to_string(utilization));
    set("reliability.failures_per_gpu_hour", "0");
    return s;
}

inline double rentedCostPerMtok(double gpuHourUsd, double tokensPerSPerGpu, double utilization)
{
    return gpuHourUsd * 1e6 / (3600.0 * tokensPerSPerGpu * utilization);
}

} // namespace analysis_fixture
