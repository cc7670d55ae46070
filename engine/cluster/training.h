// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A training run: how long it takes on a given cluster and what its GPU-hours cost.
//
// Simplifications:
// - Compute is 6 x parameters x tokens FLOPs (forward and backward of a dense transformer);
//   attention FLOPs, activation recomputation and evaluation runs are left out. For a mixture of
//   experts pass the active parameters per token.
// - One model FLOPs utilisation (MFU) for the whole run, already net of communication, pipeline
//   bubbles and data loading.
// - Failures, checkpoints and stragglers enter through one goodput fraction (reliability.h).
// - Every GPU of the job and every spare is paid for the whole wall-clock, at one price per
//   GPU-hour; burn-in hours are paid at the same price.

#include "catalog/catalog.h"
#include "core/result.h"
#include "core/units.h"

namespace planner {

struct TrainingInput {
    double parameters = 0.0;      // active parameters per token (a count, not billions)
    units::Tokens tokens;         // training tokens
    int gpus = 0;                 // in the synchronous job
    FlopRate peakFlopsPerGpu;     // dense, at the training precision
    double mfu = 0.4;             // model FLOPs utilisation in (0, 1]
    double goodput = 1.0;         // useful share of wall-clock, from reliability.h, in (0, 1]
    units::MoneyRate gpuHourPrice; // per GPU
    int spareGpus = 0;            // held idle for the whole run
    units::Time burnInGpuTime;    // GPU-time of burn-in (reliability.h's burnInGpuTime)
};

struct TrainingResult {
    double flops = 0.0;           // 6 x parameters x tokens
    units::Time idealTime;        // flops / (GPUs x peak x MFU): no failures, no stragglers
    units::Time wallClock;        // idealTime / goodput
    units::Time jobGpuTime;       // GPUs x wall-clock; units::in_hours gives GPU-hours
    units::Time spareGpuTime;     // spares x wall-clock
    units::Time burnInGpuTime;
    units::Time totalGpuTime;     // the three together: what is paid for
    units::Money cost;            // totalGpuTime x price
    Warnings warnings;
};

// 6 x parameters x tokens: 2 FLOPs per parameter per token forward, 4 backward.
double trainingFlops(double parameters, units::Tokens tokens);

Result<TrainingResult> trainingRun(const TrainingInput& in);

} // namespace planner
