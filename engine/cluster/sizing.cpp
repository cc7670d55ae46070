// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/sizing.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>

namespace planner {

using namespace units;

std::string_view sizingBasisName(SizingBasis b)
{
    switch (b) {
    case SizingBasis::FixedGpus: return "fixed GPUs";
    case SizingBasis::FixedRacks: return "fixed racks";
    case SizingBasis::Demand: return "demand";
    case SizingBasis::PowerCap: return "power cap";
    case SizingBasis::SingleDomain: return "one scale-up domain";
    }
    return "?";
}

namespace {

constexpr double kMaxDomains = 1e7;

Power itPowerOf(const SizingInput& in, int domains)
{
    return (in.domainNameplate + in.overheadPerGpu * double(in.gpusPerDomain)) * double(domains);
}

// Domains rounded up to whole serving groups.
int wholeGroups(const SizingInput& in, int domains)
{
    const int g = std::max(1, in.domainsPerGroup);
    return (domains + g - 1) / g * g;
}

int sparesFor(const SizingInput& in, int serving)
{
    return static_cast<int>(std::ceil(serving * in.spareFraction - 1e-9));
}

Result<int> servingDomainsFor(const SizingInput& in, SizingResult& out)
{
    const double perDomain = in.gpusPerDomain;
    switch (in.basis) {
    case SizingBasis::FixedGpus:
        out.gpusRequired = static_cast<int>(in.fixedGpus);
        return static_cast<int>(std::ceil(in.fixedGpus / perDomain));
    case SizingBasis::FixedRacks:
        return static_cast<int>(in.fixedRacks) * in.domainsPerRack;
    case SizingBasis::Demand: {
        // Headroom is counted once: the peak (average x peak-to-average) at the maximum load.
        // Planned utilization does not enter: it is what a fixed cluster is expected to sell.
        const TokenRate perGpu = in.throughputPerGpu * in.maxLoadAtPeak * in.goodput;
        if (!(perGpu.value() > 0))
            return badInput("workload.demand_tokens_per_day", "sizing from demand needs a throughput per GPU");
        const double gpus = in.averageDemand * in.peakToAverage / perGpu;
        if (!(gpus < kMaxDomains * perDomain))
            return infeasible("workload.demand_tokens_per_day", "demand needs more than 10 million scale-up domains");
        out.gpusRequired = static_cast<int>(std::ceil(gpus - 1e-9));
        return wholeGroups(in, static_cast<int>(std::ceil(out.gpusRequired / perDomain)));
    }
    case SizingBasis::PowerCap: {
        // Largest serving count whose serving + spare domains fit under the cap.
        const Power itCap = in.facilityPowerCap / in.pue;
        // Bounded before the conversion: a tiny power per GPU (facility.it_kw_per_gpu_all_in
        // near zero) fits more domains under the cap than an int holds.
        const double fits = itCap / itPowerOf(in, 1) / (1.0 + in.spareFraction);
        if (!(fits < kMaxDomains))
            return infeasible("facility.power_cap_mw", "the power cap fits more than 10 million scale-up domains");
        int n = static_cast<int>(std::floor(fits));
        while (n > 0 && itPowerOf(in, n + sparesFor(in, n)) > itCap)
            --n;
        if (n <= 0)
            return infeasible("facility.power_cap_mw", "the power cap does not fit a single scale-up domain");
        const int group = std::max(1, in.domainsPerGroup);
        if (n < group)
            return infeasible("facility.power_cap_mw", "the power cap fits " + std::to_string(n)
                                  + " scale-up domains, short of one expert-parallel group of " + std::to_string(group));
        return n / group * group;
    }
    case SizingBasis::SingleDomain:
        return std::max(1, in.domainsPerGroup);
    }
    return 1;
}

} // namespace

Result<SizingResult> sizeCluster(const SizingInput& in)
{
    if (in.gpusPerDomain <= 0 || in.domainsPerRack <= 0)
        return badInput("system", "the system has no GPUs per scale-up domain");
    if (!(in.pue >= 1.0))
        return badInput("facility.pue", "facility.pue must be at least 1");
    SizingResult out;
    out.basis = in.basis;
    out.gpusPerDomain = in.gpusPerDomain;
    out.domainsPerRack = in.domainsPerRack;
    auto serving = servingDomainsFor(in, out);
    if (!serving)
        return serving.error();
    out.servingDomains = serving.value();
    const int group = std::max(1, in.domainsPerGroup);
    if (out.servingDomains % group != 0)
        out.warnings.push_back({"cluster.gpus", "the cluster's " + std::to_string(out.servingDomains)
                                    + " serving domains are not whole expert-parallel groups of " + std::to_string(group)
                                    + ": " + std::to_string(out.servingDomains % group)
                                    + " of them cannot form a group and are counted as serving anyway"});
    out.spareDomains = sparesFor(in, out.servingDomains);
    out.domains = out.servingDomains + out.spareDomains;
    out.gpus = out.domains * in.gpusPerDomain;
    out.racks = (out.domains + in.domainsPerRack - 1) / in.domainsPerRack;
    out.itNameplate = itPowerOf(in, out.domains);
    out.facilityPower = out.itNameplate * in.pue;
    // A cluster sized from the cap fits by construction; any other cluster must fit, or it cannot
    // be built on this site.
    if (in.facilityPowerCap.value() > 0 && out.facilityPower > in.facilityPowerCap * (1 + 1e-12)) {
        const double need = in_megawatts(out.facilityPower), cap = in_megawatts(in.facilityPowerCap);
        return infeasible("facility.power_cap_mw", "the cluster needs " + numberText(need) + " MW of facility power, " +
                                                       numberText(need - cap) + " MW over the site's " + numberText(cap) +
                                                       " MW power cap");
    }
    return out;
}

} // namespace planner
