// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Published figures that are not a part's specification but feed defaults: the failure rate of a
// large GPU fleet and the size of a training checkpoint per parameter. Each lives here once, with
// its source, so the scenario's defaults and the cluster models cannot disagree on value or grade.

#include "core/evidence.h"
#include "core/units.h"

#include <string_view>

namespace planner {

// Meta, "The Llama 3 Herd of Models" (arXiv 2407.21783), Table 5: 419 unexpected interruptions
// in a 54-day snapshot of Llama 3 405B pre-training on 16,384 H100 GPUs.
inline constexpr double kLlama3UnexpectedInterruptions = 419.0;
inline constexpr double kLlama3Gpus = 16384.0;
inline constexpr double kLlama3Days = 54.0;
// 419 / (16,384 x 54 x 24) = 1.97e-5 per GPU-hour, an MTBF of about 50,700 hours per GPU.
inline constexpr double kLlama3FailuresPerGpuHour =
    kLlama3UnexpectedInterruptions / (kLlama3Gpus * kLlama3Days * 24.0);
inline constexpr std::string_view kLlama3FailureSource =
    "Meta, \"The Llama 3 Herd of Models\", arXiv:2407.21783, Table 5: 419 unexpected interruptions in 54 days "
    "of Llama 3 405B pre-training on 16,384 H100 GPUs; 419 / (16,384 x 54 x 24) per GPU-hour";
inline constexpr std::string_view kLlama3FailureDate = "2024-07-31";

// The default failure rate per GPU with its provenance (Grade::Vendor: the operator's own report).
const Sourced<units::Frequency>& llama3FailureRate();

// Mixed-precision Adam holds 16 bytes per parameter: bf16 weights (2) + bf16 gradients (2) + fp32
// master weights, momentum and variance (12) (Rajbhandari et al., "ZeRO", 2019: "16 Psi").
inline constexpr double kTrainingStateBytesPerParam = 16.0;
// A full checkpoint saves all of it except the gradients: 14 bytes per parameter. Derived by us
// from the paper's figure, so graded estimate.
inline constexpr double kTrainingCheckpointBytesPerParam = 14.0;
const Sourced<double>& trainingCheckpointBytesPerParam(); // 14, with its provenance

} // namespace planner
