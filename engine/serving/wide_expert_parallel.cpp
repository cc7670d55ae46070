// SPDX-License-Identifier: GPL-3.0-or-later
// Wide expert parallelism: a group of G GPUs serving one mixture-of-experts model, its routed
// experts spread over the group and, where G exceeds the scale-up domain, its dispatch and combine
// crossing the scale-out NICs (roofline.h). Measured rows come from groups inside one domain, so
// the figure found for one domain is moved to the wide group by the roofline's ratio of the two,
// both in the same wide expert-parallel model at the same requirement.
#include "serving/throughput_detail.h"

#include "core/number_text.h"

#include <cmath>

namespace planner::throughput_detail {

namespace {

Result<AnalyticRead> wideRead(const Context& c, int gpus)
{
    return analyticRead(c, c.q.system, c.q.precision, c.q.inputTokens, c.q.outputTokens, c.q.serving, nullptr, false,
                        gpus);
}

// The exchange's scale-out traffic per GPU: the share of the roofline's decode step the NICs spend
// on it, at their rate. A share, not the roofline's bytes per second times the figure's tokens:
// the figure rests on measured rows the roofline's absolute level does not match, and a traffic
// scaled by it could exceed what the NICs carry.
void publishTraffic(ThroughputEstimate& e, const AnalyticRead& wide)
{
    const RooflineSetup& s = wide.setup;
    const int batch = wide.decode.batch;
    e.scaleOutBusy = scaleOutBusyShare(s, batch);
    e.scaleOutPerGpu = s.scaleOutOneWay * e.scaleOutBusy;
    if (scaleOutSetsTheStep(s, batch))
        e.warnings.push_back({"network.nic_gbps",
            "the expert all-to-all across scale-up domains sets the decode step: faster NICs would raise throughput",
            "the dispatch and combine over the scale-out NICs take longer than the step's compute and memory "
            "traffic at the requirement (" + numberText(units::in_gigabits_per_second(s.scaleOutOneWay))
                + " Gb/s per GPU each way)"});
}

std::string groupText(int gpus, int domain)
{
    if (gpus < domain)
        return std::to_string(gpus) + " GPUs (inside one domain of " + std::to_string(domain) + ")";
    const int domains = (gpus + domain - 1) / domain;
    return std::to_string(gpus) + " GPUs (" + std::to_string(domains) + (domains == 1 ? " domain" : " domains")
        + " of " + std::to_string(domain) + ")";
}

// One domain cannot hold the model, so nothing was estimated for it: the wide group's roofline.
Result<ThroughputEstimate> wideAlone(const Context& c, const AnalyticRead& wide, const Error& inDomain, int domain)
{
    ThroughputEstimate e = analytic(c, wide);
    e.evidence.method = "analytic (wide expert parallelism)";
    e.wideExpertFactor = 1;
    const ErrorBand& band = c.calibration.bands[static_cast<std::size_t>(ThroughputMethod::Analytic)];
    e.p10PerGpu = e.totalPerGpu * std::exp(band.logP10);
    e.p90PerGpu = e.totalPerGpu * std::exp(band.logP90);
    e.derivation = "the roofline of expert parallelism over " + groupText(c.q.expertParallelGpus, domain)
        + ": one domain does not serve the model (" + inDomain.message + ")";
    publishTraffic(e, wide);
    return e;
}

} // namespace

Result<ThroughputEstimate> withWideExpertParallel(const Context& c, Result<ThroughputEstimate> inDomain)
{
    const int gpus = c.q.expertParallelGpus;
    const SystemSpec* system = c.catalog.system(c.q.system);
    if (gpus <= 0 || !system)
        return inDomain;
    auto wide = wideRead(c, gpus);
    if (!wide)
        return wide.error();
    if (!wide.value().setup.wideExpertParallel) { // not a mixture-of-experts model
        if (inDomain)
            for (const Warning& w : wide.value().setup.warnings)
                inDomain.value().warnings.push_back(w);
        return inDomain;
    }
    const int domain = std::max(1, system->gpusPerDomain);
    if (!inDomain)
        return gpus > domain ? wideAlone(c, wide.value(), inDomain.error(), domain) : std::move(inDomain);
    auto base = wideRead(c, domain);
    ThroughputEstimate& e = inDomain.value();
    if (!base || !(base.value().total > 0)) {
        e.warnings.push_back({"workload.expert_parallel_gpus",
            "expert parallelism over one domain cannot be modelled here, so the figure is not moved to the wider group",
            base ? std::string() : base.error().message});
        return inDomain;
    }
    e.groupSize = gpus;
    publishTraffic(e, wide.value());
    if (gpus == domain) { // the group the in-domain figure already stands for
        e.wideExpertFactor = 1;
        return inDomain;
    }
    const double f = wide.value().total / base.value().total;
    scaleRates(e, f);
    e.wideExpertFactor = f;
    e.evidence.add("model:wide-expert-parallel " + std::to_string(gpus) + " GPUs x" + numberText(f), Grade::Estimate);
    e.derivation += std::string(e.derivation.empty() ? "" : "; ") + "x " + numberText(f)
        + " for expert parallelism over " + groupText(gpus, domain) + " against one domain's "
        + std::to_string(domain) + ", the roofline's ratio at the requirement ("
        + numberText(wide.value().total) + " vs " + numberText(base.value().total) + " tok/s per GPU)";
    return inDomain;
}

} // namespace planner::throughput_detail
