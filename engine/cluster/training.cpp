// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/training.h"

#include "core/input_checks.h"
#include "core/number_text.h"

namespace planner {

namespace {

// The best MFU published for a frontier-scale run is 55.2% (MegaScale, NSDI'24, 12,288 GPUs);
// Llama 3 405B ran at 38-43%. Above this the figure is probably a peak, not a run.
constexpr double kHighMfu = 0.6;

std::optional<Error> validate(const TrainingInput& in)
{
    InputCheck check;
    check.positive("training.parameters", in.parameters)
        .positive("workload.training_tokens", units::in_tokens(in.tokens))
        .atLeast("cluster.gpus", in.gpus, 1)
        .positive("system.peak_flops_per_gpu", in.peakFlopsPerGpu.value(), "FLOP/s")
        .within("workload.mfu", in.mfu, 0.0, 1.0)
        .positive("workload.mfu", in.mfu)
        .within("reliability.goodput", in.goodput, 0.0, 1.0)
        .atLeast("finance.gpu_hour_usd", units::in_usd_per_hour(in.gpuHourPrice), 0.0, "USD/h")
        .atLeast("cluster.spare_gpus", in.spareGpus, 0)
        .atLeast("reliability.burnin_gpu_hours", units::in_hours(in.burnInGpuTime), 0.0, "h");
    return check.error;
}

} // namespace

double trainingFlops(double parameters, units::Tokens tokens)
{
    return 6.0 * parameters * units::in_tokens(tokens);
}

Result<TrainingResult> trainingRun(const TrainingInput& in)
{
    if (auto error = validate(in))
        return *error;
    if (!(in.goodput > 0.0))
        return infeasible("reliability.goodput",
                          "goodput is zero: the job loses all its time to failures and never ends");
    TrainingResult out;
    out.flops = trainingFlops(in.parameters, in.tokens);
    out.idealTime = out.flops / (static_cast<double>(in.gpus) * in.mfu * in.peakFlopsPerGpu);
    out.wallClock = out.idealTime / in.goodput;
    out.jobGpuTime = static_cast<double>(in.gpus) * out.wallClock;
    out.spareGpuTime = static_cast<double>(in.spareGpus) * out.wallClock;
    out.burnInGpuTime = in.burnInGpuTime;
    out.totalGpuTime = out.jobGpuTime + out.spareGpuTime + out.burnInGpuTime;
    out.cost = in.gpuHourPrice * out.totalGpuTime;
    if (in.mfu > kHighMfu)
        out.warnings.push_back({"workload.mfu", "MFU of " + numberText(100.0 * in.mfu)
                                                    + "% is above any published frontier-scale "
                                                      "run (MegaScale: 55.2%)"});
    return out;
}

} // namespace planner
