// SPDX-License-Identifier: GPL-3.0-or-later
// Reliability: failures, recovery, checkpoints, stragglers and burn-in turned into goodput. For
// training it is planned together with storage, since the checkpoint write time sets the interval.
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"

#include <array>
#include <optional>

namespace planner::steps {

using namespace units;

namespace {

// The reliability model's answer, from the caller's cache when it is one of the last two asked
// (EvaluationCache::Internals): an inference evaluation asks it twice (one domain for goodput, then
// the sized fleet), and a sweep or Monte Carlo that does not vary reliability inputs asks the same
// two questions every time. The model is a pure function of the values in the key (and of
// training or not), so a hit is the answer computing would give.
Result<ReliabilityResult> rememberedReliability(const ReliabilityInput& in, bool training, EvaluationCache* cache)
{
    auto compute = [](const std::pair<ReliabilityInput, bool>& q) {
        return q.second ? trainingReliability(q.first) : inferenceReliability(q.first);
    };
    if (!cache)
        return compute({in, training});
    return cache->internals().reliability.answer({in, training}, compute);
}

} // namespace

Result<ReliabilityResult> planReliability(const Work& w, int gpus, Time checkpointWrite)
{
    const Scenario& s = w.s;
    const ReliabilityInputs& r = s.reliability;
    ReliabilityInput in;
    in.gpus = gpus;
    in.gpusPerDomain = w.system.gpusPerDomain;
    in.failureRate = per_hour(r.failures_per_gpu_hour.value);
    in.recoveryTime = seconds(60 * r.recovery_minutes.value);
    in.checkpointWriteTime = checkpointWrite;
    in.stragglerProbability = r.straggler_probability.value;
    in.stragglerSlowdown = r.straggler_slowdown.value;
    in.burnInCatchFraction = r.burnin_catch_fraction.value;
    in.burnInPerGpu = hours(r.burnin_hours_per_gpu.value);
    in.spareFraction = s.cluster.spare_fraction.value;
    return rememberedReliability(in, w.training(), w.cache);
}

void reliabilityDetails(const Work& w, std::vector<Metric>& out)
{
    const Scenario& s = w.s;
    const ReliabilityResult& r = w.reliability;
    const auto e = std::make_shared<const Evidence>(evidenceOf(
        s, {"reliability.failures_per_gpu_hour", "reliability.recovery_minutes", "reliability.straggler_probability",
            "reliability.straggler_slowdown", "reliability.burnin_catch_fraction"}, "model"));
    addMetric(out, "reliability.interruptions_per_day", "Interruptions per day", r.interruptionsPerDay, "per day", e);
    addMetric(out, "reliability.mtbf_hours", "Cluster MTBF", in_hours(r.mtbf), "h", e);
    // Checkpoints and the stall of a synchronous step belong to training; burn-in only when planned.
    if (w.training()) {
        addMetric(out, "reliability.checkpoint_interval_s", "Checkpoint interval (Young/Daly)",
                  in_seconds(r.checkpointInterval), "s", e);
        addMetric(out, "reliability.lost_fraction", "Time lost to checkpoints and failures", r.lostFraction,
                  "fraction", e);
        addMetric(out, "reliability.straggler_factor", "Straggler slowdown factor", r.stragglerFactor, "x", e);
    }
    addMetric(out, "reliability.availability", "Availability", r.availability, "fraction", e);
    addMetric(out, "reliability.goodput", "Goodput", r.goodput, "fraction", e);
    addMetric(out, "reliability.spares", "Spare GPUs (reliability)", r.spares, "GPUs", e);
    if (r.burnInGpuTime.value() > 0)
        addMetric(out, "reliability.burnin_gpu_hours", "Burn-in GPU-hours", in_hours(r.burnInGpuTime), "GPU-hours", e);
}

Result<void> planReliabilityAndStorage(Work& w)
{
    const bool training = w.training();
    const int gpus = w.out.sizing.gpus;
    // Training: the checkpoint's blocking write time sets Young's interval, which sets the
    // checkpoint rate, so storage is planned once to learn the write time and again with the rate.
    Time blocking = seconds(0);
    if (training) {
        StoragePlan probe;
        if (auto ok = planStorage(w, seconds(0), probe); !ok)
            return failed(ok);
        blocking = probe.checkpoint.blocking;
    }
    auto rel = planReliability(w, gpus, blocking);
    if (!rel)
        return failed(rel);
    w.reliability = rel.value();
    if (training)
        w.goodput = w.reliability.goodput;
    if (auto ok = planStorage(w, training ? w.reliability.checkpointInterval : seconds(0), w.storage); !ok)
        return failed(ok);
    if (w.numbersOnly)
        return boost::outcome_v2::success();
    for (const auto* list : {&w.network.fabric.warnings, &w.reliability.warnings, &w.storage.plan.warnings,
                             &w.storage.checkpoint.warnings, &w.storage.kvWarnings})
        appendWarnings(w.out.warnings, *list);
    return boost::outcome_v2::success();
}

} // namespace planner::steps
