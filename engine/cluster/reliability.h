// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reliability, stragglers and goodput: which share of the wall-clock a cluster spends on useful
// work, for a synchronous training job and for an inference fleet.
//
// Simplifications:
// - Failures are a Poisson process: every GPU fails independently at one constant rate per
//   GPU-hour (no infant mortality, no wear-out, no correlated loss of a rack or a switch). The rate
//   counts every unexpected interruption of the job, whatever component caused it.
// - Training is one synchronous job over all N GPUs: any failure stops all of them.
// - A failure costs the recovery time R (detect, swap in a spare, restart, read the checkpoint
//   back) plus the work done since the last completed checkpoint. Failures during recovery are not
//   counted again: the model is first order in (T + C + R) / MTBF, and warns when that is not small.
// - A checkpoint blocks training for its write time C. Asynchronous checkpointing is expressed by
//   passing only its blocking part as C (storage.h computes it).
// - Stragglers: each GPU is slow with probability p, independently, and a slow GPU runs s times
//   slower. A synchronous step waits for the slowest GPU, so it takes s times as long whenever any
//   GPU is slow. Burn-in removes a fraction c of would-be stragglers before production; it does not
//   change the failure rate.
// - Inference: each scale-up domain serves on its own. A failure takes its whole domain out for the
//   recovery time, with no rework; a straggler slows only its own domain.
// - Spares are whole GPUs held idle: they are counted and burned in, and their number is checked
//   against the GPUs waiting for repair, but they change neither the failure rate nor R.

#include "core/evidence.h"
#include "core/result.h"
#include "catalog/reference_figures.h"
#include "core/units.h"

namespace planner {

struct ReliabilityInput {
    int gpus = 0;           // N: GPUs in the synchronous job (training) or in the fleet (inference)
    int gpusPerDomain = 72; // inference: GPUs one failure takes out (an NVL72 rack, an 8-GPU node)
    units::Frequency failureRate = units::per_hour(kLlama3FailuresPerGpuHour); // per GPU
    units::Time recoveryTime;        // R
    units::Time checkpointWriteTime; // C: the part of a checkpoint that blocks training
    units::Time checkpointInterval;  // T: compute time between checkpoints; zero = Young's optimum
    double stragglerProbability = 0.0; // p, per GPU
    double stragglerSlowdown = 1.0;    // s >= 1: a straggler's step time over a healthy GPU's
    double burnInCatchFraction = 0.0;  // c in [0, 1]: share of would-be stragglers burn-in catches
    units::Time burnInPerGpu;          // burn-in time each GPU (spares included) spends before use
    double spareFraction = 0.0;        // spares held, as a share of N
    units::Time repairTime;            // a failed GPU out of the pool until fixed; zero = not checked

    bool operator==(const ReliabilityInput&) const = default; // every member: a memo's key
};

struct ReliabilityResult {
    units::Frequency clusterFailureRate; // N x rate: interruptions of the job (or fleet events)
    units::Time mtbf;                    // 1 / (N x rate)
    double interruptionsPerDay = 0.0;

    // Training only (zero for inference).
    units::Time checkpointInterval;  // the T used: given, or Young's
    units::Time youngInterval;       // sqrt(2 C MTBF)
    units::Time dalyInterval;        // Daly's higher-order optimum, for comparison
    double checkpointFraction = 0.0; // share of wall-clock spent writing checkpoints
    double failureFraction = 0.0;    // share of wall-clock spent on rework and recovery
    double lostFraction = 0.0;       // the two together

    double effectiveStragglerProbability = 0.0; // p (1 - c)
    double stragglerPresent = 0.0;    // chance a step (training) or a domain (inference) has a straggler
    double stragglerFactor = 1.0;     // mean time per unit of work over the straggler-free time
    units::Time burnInGpuTime;        // (N + spares) x burn-in time; in_hours() gives GPU-hours
    int spares = 0;                   // ceil(N x spare fraction)
    double gpusInRepair = 0.0;        // mean GPUs waiting for repair: N x rate x repair time
    double availability = 1.0;        // share of wall-clock the job (a domain) is up, not recovering
    double goodput = 1.0;             // useful share of wall-clock, stragglers included
    Warnings warnings;
};

// Young (1974): T = sqrt(2 C M), the compute time between checkpoints that minimises the first-
// order loss C / T + T / (2 M). Zero when C is zero (free checkpoints: take them continuously).
units::Time youngInterval(units::Time checkpointWrite, units::Time mtbf);

// Daly (2006), "A higher order estimate of the optimum checkpoint interval for restart dumps",
// Future Generation Computer Systems 22(3): with x = C / (2 M),
//   T = sqrt(2 C M) (1 + sqrt(x) / 3 + x / 9) - C   for C < 2 M,   T = M otherwise.
// It is shorter than Young's by about 2C/3 when C << M; Daly's figures 3-5 give 117, 57 and
// 9.1 minutes for C = 5 min and M = 24 h, 6 h and 15 min.
units::Time dalyInterval(units::Time checkpointWrite, units::Time mtbf);

// Share of wall-clock a training job loses to checkpoints, rework and recovery (see reliability.cpp).
struct CheckpointLoss {
    double checkpointFraction = 0.0;
    double failureFraction = 0.0;
    double lost() const { return checkpointFraction + failureFraction; }
};
CheckpointLoss checkpointLoss(units::Time interval, units::Time checkpointWrite,
                              units::Time recovery, units::Time mtbf);

// 1 - (1 - p)^n, accurate for tiny p and large n.
double probabilityAnyOf(double p, int n);

// A synchronous job over all N GPUs: checkpoints, rework, recovery and stragglers.
Result<ReliabilityResult> trainingReliability(const ReliabilityInput& in);

// An inference fleet of independent scale-up domains: downtime and slow domains, no rework.
Result<ReliabilityResult> inferenceReliability(const ReliabilityInput& in);

} // namespace planner
