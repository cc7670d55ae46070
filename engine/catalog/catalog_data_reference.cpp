// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/reference_figures.h"

namespace planner {

const Sourced<units::Frequency>& llama3FailureRate()
{
    static const Sourced<units::Frequency> rate{
        units::per_hour(kLlama3FailuresPerGpuHour),
        Provenance{std::string(kLlama3FailureSource), std::string(kLlama3FailureDate), Grade::Vendor}};
    return rate;
}

const Sourced<double>& trainingCheckpointBytesPerParam()
{
    static const Sourced<double> figure{
        kTrainingCheckpointBytesPerParam,
        Provenance{"derived from Rajbhandari et al., \"ZeRO: Memory Optimizations Toward Training "
                   "Trillion Parameter Models\", arXiv:1910.02054: 16 bytes per parameter of "
                   "mixed-precision Adam state, less the 2 bytes of bf16 gradients a checkpoint "
                   "does not save",
                   "2019-10-04", Grade::Estimate}};
    return figure;
}

} // namespace planner
