// SPDX-License-Identifier: GPL-3.0-or-later
// A training workload's run: wall-clock, GPU-hours and cost at the cluster's TCO per GPU-hour.
#include "evaluate/evaluation_steps.h"

namespace planner::steps {

using namespace units;

namespace {

Result<TrainingResult> planTraining(const Work& w)
{
    const Scenario& s = w.s;
    const GpuSpec& gpu = *w.gpu;
    const ReliabilityResult& r = w.reliability;
    const Precision p = w.choices.precision;
    const auto& flops = gpu.denseFlops[static_cast<int>(p)];
    if (!flops.known())
        return badInput("workload.precision", gpu.name + " has no dense " + std::string(precisionName(p)) +
                                                  " figure in the catalog");
    if (!s.workload.training_tokens.isSet())
        return badInput("workload.training_tokens", "a training workload needs workload.training_tokens");
    TrainingInput in;
    in.parameters = w.model.activeParams.value();
    in.tokens = tokens(s.workload.training_tokens.value);
    in.gpus = w.out.sizing.gpus;
    in.peakFlopsPerGpu = flops.value();
    in.mfu = s.workload.mfu.value;
    in.goodput = r.goodput;
    in.gpuHourPrice = w.out.finance.tcoPerGpuHour;
    in.spareGpus = r.spares;
    in.burnInGpuTime = r.burnInGpuTime;
    return trainingRun(in);
}

} // namespace

Result<void> planTrainingRun(Work& w)
{
    if (!w.training())
        return boost::outcome_v2::success();
    auto run = planTraining(w);
    if (!run)
        return run.error();
    w.trainingRun = run.value();
    if (!w.numbersOnly)
        w.out.warnings.insert(w.out.warnings.end(), run.value().warnings.begin(), run.value().warnings.end());
    return boost::outcome_v2::success();
}

} // namespace planner::steps
