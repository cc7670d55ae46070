// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a GPU-hour price buys at a throughput, for a quick answer without a whole scenario
// (predict --gpu-hour-usd): every paid GPU-hour serving at the rate given, nothing else counted
// (no idle time, spares, network or facility; evaluate() counts those).

namespace planner {

inline constexpr double kSecondsPerHour = 3600.0;

// USD per 1,000 requests: price per GPU-second / requests per GPU-second x 1,000.
inline double rentedCostPer1kRequestsUsd(double gpuHourUsd, double requestsPerSecondPerGpu)
{
    return gpuHourUsd / kSecondsPerHour / requestsPerSecondPerGpu * 1000.0;
}

// USD per million tokens: price per GPU-second / tokens per GPU-second x 1e6.
inline double rentedCostPerMtokUsd(double gpuHourUsd, double tokensPerSecondPerGpu)
{
    return gpuHourUsd / kSecondsPerHour / tokensPerSecondPerGpu * 1e6;
}

} // namespace planner
