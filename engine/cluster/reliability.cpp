// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/reliability.h"

#include "core/input_checks.h"
#include "core/number_text.h"

#include <algorithm>
#include <cmath>

namespace planner {

using units::in_hours;
using units::in_seconds;

namespace {

std::optional<Error> validate(const ReliabilityInput& in)
{
    InputCheck check;
    check.atLeast("cluster.gpus", in.gpus, 1)
        .atLeast("system.gpus_per_domain", in.gpusPerDomain, 1)
        .atLeast("reliability.failures_per_gpu_hour", units::in_per_hour(in.failureRate), 0.0)
        .atLeast("reliability.recovery_minutes", in_hours(in.recoveryTime) * 60.0, 0.0, "min")
        .atLeast("reliability.checkpoint_write_s", in_seconds(in.checkpointWriteTime), 0.0, "s")
        .atLeast("reliability.checkpoint_interval_s", in_seconds(in.checkpointInterval), 0.0, "s")
        .within("reliability.straggler_probability", in.stragglerProbability, 0.0, 1.0)
        .atLeast("reliability.straggler_slowdown", in.stragglerSlowdown, 1.0)
        .within("reliability.burnin_catch_fraction", in.burnInCatchFraction, 0.0, 1.0)
        .atLeast("reliability.burnin_hours_per_gpu", in_hours(in.burnInPerGpu), 0.0, "h")
        .within("cluster.spare_fraction", in.spareFraction, 0.0, 1.0)
        .atLeast("reliability.repair_hours", in_hours(in.repairTime), 0.0, "h");
    return check.error;
}

// Share of time a unit failing at `rate` spends down for `recovery` each time: up periods average
// 1 / rate, down periods R, so down / (up + down) = rate R / (1 + rate R).
double downtimeFraction(units::Frequency rate, units::Time recovery)
{
    const double x = rate * recovery;
    return x / (1.0 + x);
}

int spareCount(int gpus, double spareFraction)
{
    // Shave a rounding hair so 100 x 0.07 = 7.000000000000001 asks for 7 spares, not 8.
    const double exact = gpus * spareFraction;
    return static_cast<int>(std::ceil(exact * (1.0 - 1e-12)));
}

// What training and inference share: failure counts, spares, burn-in, the thinned straggler chance.
ReliabilityResult commonFigures(const ReliabilityInput& in)
{
    ReliabilityResult out;
    out.clusterFailureRate = static_cast<double>(in.gpus) * in.failureRate;
    out.mtbf = 1.0 / out.clusterFailureRate; // infinite when the rate is zero
    out.interruptionsPerDay = out.clusterFailureRate * units::days(1.0);
    out.spares = spareCount(in.gpus, in.spareFraction);
    out.burnInGpuTime = static_cast<double>(in.gpus + out.spares) * in.burnInPerGpu;
    const double repairsPerGpu = in.failureRate * in.repairTime;
    out.gpusInRepair = in.gpus * repairsPerGpu; // Little's law: arrival rate x time in the queue
    out.effectiveStragglerProbability = in.stragglerProbability * (1.0 - in.burnInCatchFraction);
    return out;
}

void warnSpares(ReliabilityResult& out)
{
    if (out.spares < out.gpusInRepair)
        out.warnings.push_back({"cluster.spare_fraction",
                                numberText(out.spares) + " spares are fewer than the "
                                    + numberText(out.gpusInRepair)
                                    + " GPUs waiting for repair on average; recovery will often "
                                      "wait for a repair, longer than the recovery time assumed"});
}

void warnTraining(ReliabilityResult& out)
{
    const char* where = "reliability.failures_per_gpu_hour";
    if (out.failureFraction >= 1.0)
        out.warnings.push_back({where, "rework and recovery per failure exceed the MTBF of "
                                           + numberText(in_hours(out.mtbf))
                                           + " h: the job makes no progress"});
    else if (out.failureFraction > 0.25)
        out.warnings.push_back({where, numberText(100.0 * out.failureFraction)
                                           + "% of wall-clock goes to failures; the first-order "
                                             "model understates losses this large"});
    if (out.stragglerPresent > 0.5)
        out.warnings.push_back({"reliability.straggler_probability",
                                "a straggler slows " + numberText(100.0 * out.stragglerPresent)
                                    + "% of steps; burn-in or straggler eviction pays here"});
    warnSpares(out);
}

} // namespace

units::Time youngInterval(units::Time checkpointWrite, units::Time mtbf)
{
    if (!(checkpointWrite.value() > 0.0))
        return units::seconds(0.0);
    return units::seconds(std::sqrt(2.0 * in_seconds(checkpointWrite) * in_seconds(mtbf)));
}

units::Time dalyInterval(units::Time checkpointWrite, units::Time mtbf)
{
    if (!(checkpointWrite.value() > 0.0))
        return units::seconds(0.0);
    if (checkpointWrite >= 2.0 * mtbf)
        return mtbf;
    const double x = checkpointWrite / (2.0 * mtbf);
    const units::Time young = youngInterval(checkpointWrite, mtbf);
    return young * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - checkpointWrite;
}

// The wall-clock of a training job, under the simplifications in the header:
// - Failures arrive at 1 / M per second of wall-clock. Each costs R plus the time since the last
//   completed checkpoint. A failure lands uniformly within a segment of T computing and C writing,
//   so the rework averages (T + C) / 2 (a checkpoint being written when the failure hits is lost
//   too). The share of wall-clock spent on failures is
//       f = ((T + C) / 2 + R) / M,   capped at 1 (the job no longer progresses).
// - The rest, 1 - f, runs through segments of T + C of which T is useful:
//       checkpoint share = (1 - f) C / (T + C),   useful share = (1 - f) T / (T + C).
// - lost = f + (1 - f) C / (T + C). To first order in C/T and T/M this is C/T + T/(2M) + R/M, whose
//   minimum over T is Young's T = sqrt(2 C M). The product form keeps every share in [0, 1] even
//   where the first-order sum would pass 1.
CheckpointLoss checkpointLoss(units::Time interval, units::Time checkpointWrite,
                              units::Time recovery, units::Time mtbf)
{
    const units::Time segment = interval + checkpointWrite;
    CheckpointLoss loss;
    if (std::isfinite(mtbf.value())) {
        const double f = (0.5 * segment + recovery) / mtbf;
        loss.failureFraction = std::min(1.0, f);
    }
    if (segment.value() > 0.0 && std::isfinite(segment.value()))
        loss.checkpointFraction = (1.0 - loss.failureFraction) * (checkpointWrite / segment);
    return loss;
}

double probabilityAnyOf(double p, int n)
{
    // 1 - (1 - p)^n loses every digit for p = 1e-9; the log1p / expm1 pair keeps them.
    return -std::expm1(n * std::log1p(-p));
}

Result<ReliabilityResult> trainingReliability(const ReliabilityInput& in)
{
    if (auto error = validate(in))
        return *error;
    ReliabilityResult out = commonFigures(in);
    out.youngInterval = youngInterval(in.checkpointWriteTime, out.mtbf);
    out.dalyInterval = dalyInterval(in.checkpointWriteTime, out.mtbf);
    out.checkpointInterval =
        in.checkpointInterval.value() > 0.0 ? in.checkpointInterval : out.youngInterval;
    const CheckpointLoss loss =
        checkpointLoss(out.checkpointInterval, in.checkpointWriteTime, in.recoveryTime, out.mtbf);
    out.checkpointFraction = loss.checkpointFraction;
    out.failureFraction = loss.failureFraction;
    out.lostFraction = loss.lost();
    // One slow GPU holds back the whole synchronous step: mean step time 1 + (s - 1) P(any slow).
    out.stragglerPresent = probabilityAnyOf(out.effectiveStragglerProbability, in.gpus);
    out.stragglerFactor = 1.0 + (in.stragglerSlowdown - 1.0) * out.stragglerPresent;
    out.availability = 1.0 - downtimeFraction(out.clusterFailureRate, in.recoveryTime);
    out.goodput = (1.0 - out.lostFraction) / out.stragglerFactor;
    warnTraining(out);
    return out;
}

Result<ReliabilityResult> inferenceReliability(const ReliabilityInput& in)
{
    if (auto error = validate(in))
        return *error;
    ReliabilityResult out = commonFigures(in);
    const units::Frequency domainRate = static_cast<double>(in.gpusPerDomain) * in.failureRate;
    out.availability = 1.0 - downtimeFraction(domainRate, in.recoveryTime);
    // Domains serve independently, so fleet throughput is the mean of their rates: a domain with a
    // straggler (chance q) serves at 1/s, the others at 1. The factor is the inverse of that mean,
    // so that goodput = availability / factor reads as it does for training.
    out.stragglerPresent = probabilityAnyOf(out.effectiveStragglerProbability, in.gpusPerDomain);
    const double throughputShare = 1.0 - out.stragglerPresent * (1.0 - 1.0 / in.stragglerSlowdown);
    out.stragglerFactor = 1.0 / throughputShare;
    out.goodput = out.availability * throughputShare;
    if (in.gpusPerDomain > in.gpus)
        out.warnings.push_back({"system.gpus_per_domain",
                                "the fleet is smaller than one scale-up domain; a failure takes "
                                "out all of it"});
    warnSpares(out);
    return out;
}

} // namespace planner
