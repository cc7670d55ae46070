// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Disaggregated serving: prefill and decode run in separate GPU pools, each sized for its own
// work, and input and output tokens are costed per role.
//
// Simplifications:
// - Each pool runs at one steady rate: prefill input tokens/s per GPU, decode output tokens/s per
//   GPU at the required interactivity. Pools are sized in fractional GPUs (the P:D ratio);
//   rounding to whole groups and domains is the sizing model's job.
// - P:D GPU ratio for the request mix = (ISL / prefill rate) : (OSL / decode rate), the GPU-seconds
//   each role spends on one request.
// - Both pools cost the same per GPU-hour.
// - Cost per input token c_in = TCO per GPU-hour / prefill input tokens per GPU-hour; per output
//   token c_out = TCO / decode output tokens per GPU-hour; per request ISL x c_in + OSL x c_out.
//   These add up exactly: cost per hour of both pools / tokens per hour of both pools
//   = (ISL x c_in + OSL x c_out) / (ISL + OSL). Never bill the sum of the per-role rates,
//   c_in + c_out, against every token: each GPU-hour would be paid for twice over.
//   (Likewise the blended throughput per GPU is the harmonic mix (ISL + OSL) / (ISL/p + OSL/d),
//   not the sum p + d of the role rates, which would undercount GPUs.)
// - The prompt's KV cache, KV bytes per token x ISL, crosses the scale-out network once per
//   request, from a prefill GPU's NICs to a decode GPU's. Transfer time = size / NIC bandwidth per
//   GPU, not overlapped with prefill; the NIC load is that of a prefill GPU running flat out.
// - Rates read from a measured disaggregated run are its as-run rates (tokens the pool served
//   divided by its GPUs), not each pool's capacity: they reproduce the run's own cost exactly.

#include "serving/benchmark.h"
#include "core/result.h"
#include "serving/roofline.h"
#include "core/units.h"

namespace planner {

struct RoleRates {
    units::TokenRate prefillInputPerGpu; // input tokens/s per prefill GPU
    units::TokenRate decodeOutputPerGpu; // output tokens/s per decode GPU at the requirement
};

struct DisaggregatedInput {
    RoleRates rates;
    double inputTokens = 0, outputTokens = 0; // mean per request
    units::MoneyRate costPerGpu;              // TCO of one GPU per unit time, both pools
    units::DataSize kvPerToken;               // KV cache bytes per token at the serving precision
    units::Bandwidth nicPerGpu;               // scale-out bandwidth per GPU; zero: not assessed
};

struct DisaggregatedServing {
    double prefillGpuShare = 0, decodeGpuShare = 0; // of all GPUs, summing to 1
    double prefillPerDecode = 0;                    // the P:D ratio as P / D
    units::Frequency requestsPerGpu;                // requests/s per GPU over both pools
    units::TokenRate totalPerGpu, outputPerGpu;     // over both pools
    units::MoneyPerToken costPerInputToken, costPerOutputToken;
    units::MoneyPerToken costPerToken;              // blended over both pools
    units::Money costPerRequest;
    units::DataSize kvPerRequest;
    units::Time kvTransferTime;                     // one request's KV over one GPU's NICs
    units::Bandwidth kvLoadPerPrefillGpu;           // KV bytes/s a busy prefill GPU sends
    double nicUtilisation = 0;                      // of that GPU's NIC bandwidth; 0 when unknown
    Warnings warnings;
};

Result<DisaggregatedServing> disaggregatedServing(const DisaggregatedInput& in);

// As-run role rates of a measured disaggregated run with known prefill and decode GPU counts:
// requests/s = total tokens/s per GPU x (P + D) / (ISL + OSL); prefill = requests/s x ISL / P;
// decode = requests/s x OSL / D.
Result<RoleRates> roleRatesFromRun(const BenchmarkPoint& run);

// Role rates from the roofline: prefill compute-bound on the group, decode without chunked
// prefill at the required interactivity. The input's mode is ignored (decode-only is used).
Result<RoleRates> analyticRoleRates(RooflineInput in, units::TokenRate minPerUser);

} // namespace planner
