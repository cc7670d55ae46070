// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/outlier_reason.h"

#include "core/number_text.h"

namespace planner {

namespace {

// The first way the source system differs from the target that a spec ratio does not carry.
std::string transferReason(const Prediction& p, const Catalog& catalog)
{
    const SystemSpec* to = catalog.system(p.system);
    const SystemSpec* from = catalog.system(p.transferredFrom);
    const GpuSpec* toGpu = to ? catalog.gpu(to->gpu) : nullptr;
    const GpuSpec* fromGpu = from ? catalog.gpu(from->gpu) : nullptr;
    const std::string source = p.transferredFrom + "'s rows";
    if (!to || !from || !toGpu || !fromGpu)
        return source + ", a system the catalog does not describe";
    if (!toGpu->vendor.empty() && !fromGpu->vendor.empty() && toGpu->vendor != fromGpu->vendor)
        return "another vendor's hardware and software stack: " + source + " (" + fromGpu->vendor + ") for an "
            + toGpu->vendor + " GPU";
    if (from->gpusPerDomain != to->gpusPerDomain)
        return "another scale-up domain: " + source + " (" + std::to_string(from->gpusPerDomain)
            + " GPUs a domain) for " + std::to_string(to->gpusPerDomain)
            + " GPUs a domain, a gain or loss of parallelism that spec ratios do not carry";
    if (toGpu->scaleUpBandwidth.known() && fromGpu->scaleUpBandwidth.known()) {
        const double ratio = toGpu->scaleUpBandwidth.value().value() / fromGpu->scaleUpBandwidth.value().value();
        if (ratio >= 4 || ratio <= 0.25)
            return "another scale-up link: " + source + " for a GPU whose link is " + numberText(ratio)
                + "x as fast";
    }
    return "a spec-ratio transfer from " + source + " within one vendor and one kind of system";
}

} // namespace

std::string outlierReason(const Prediction& p, const Catalog& catalog)
{
    // Held down to the share and still below what was measured: the share set the figure,
    // whatever gave it before. Above what was measured, the hold only narrowed the miss.
    if (p.latencyBoundShare < 1.0 && p.predicted < p.measured)
        return "held at the latency-bound share x" + numberText(p.latencyBoundShare)
            + " of the figure without a latency limit, the share fitted across benchmarks for outputs of "
            + numberText(p.outputTokens) + " tokens: this benchmark's limits cost another share";
    switch (p.method) {
    case ThroughputMethod::Analytic:
        return "no row of this model was measured before: the roofline alone, with the efficiencies fitted on "
               "other models";
    case ThroughputMethod::Extrapolated:
        return "this system's own rows, read past the interactivity they were measured at";
    case ThroughputMethod::Measured:
        return p.softwareGain != 1.0
            ? "this system's own rows of an older round, carried by the fitted software gain x" + numberText(p.softwareGain)
                + ": the benchmark's software moved by another factor"
            : "this system's own rows at the same settings: the runs themselves differ";
    case ThroughputMethod::Transferred:
        return transferReason(p, catalog);
    }
    return {};
}

} // namespace planner
