// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Prefill and decode as two roles: their per-GPU rates, and the share of GPU time a request spends
// on its input tokens, from which finance splits the cost per token between input and output.
//
// Simplifications:
// - Each role runs at one steady rate: prefill input tokens/s per GPU, decode output tokens/s per
//   GPU at the required interactivity. A request costs ISL / prefill rate GPU-seconds of prefill
//   and OSL / decode rate of decode, in separate pools (disaggregated) or interleaved on one
//   (aggregated, where the roofline's role rates still say which tokens take the time).
// - The prefill time share = (ISL / prefill) / (ISL / prefill + OSL / decode): the P:D ratio of
//   disaggregated pools sized for the mix, as a share of all GPUs. Billing input tokens that share
//   of a request's cost and output tokens the rest adds up to the cost of both pools exactly;
//   billing every token at c_in + c_out would pay for each GPU-hour twice over.
// - Over both pools total/GPU = (ISL + OSL) / (ISL / prefill + OSL / decode), the harmonic mix,
//   not the sum of the role rates.
// - Role rates from the roofline: prefill compute-bound on the group, decode without chunked
//   prefill at the required interactivity; being a ratio of two roofline figures, the share's
//   efficiency errors largely cancel.

#include "core/result.h"
#include "serving/roofline.h"
#include "core/units.h"

namespace planner {

struct RoleRates {
    units::TokenRate prefillInputPerGpu; // input tokens/s per prefill GPU
    units::TokenRate decodeOutputPerGpu; // output tokens/s per decode GPU at the requirement
};

// Share of GPU time a request of inputTokens and outputTokens spends on its input tokens, from
// the per-GPU prefill (input tokens/s) and decode (output tokens/s) rates. < 0 when unknown: a
// rate that is not positive and finite, or token counts that give no share.
double prefillTimeShare(units::TokenRate prefillPerGpu, units::TokenRate decodePerGpu, double inputTokens,
                        double outputTokens);

// Role rates from the roofline: prefill compute-bound on the group, decode without chunked
// prefill at the required interactivity. The input's mode is ignored (decode-only is used).
Result<RoleRates> analyticRoleRates(RooflineInput in, units::TokenRate minPerUser);

} // namespace planner
