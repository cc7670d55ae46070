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

// The prefill pool's serving domains beside `decodeServing` decode domains: from demand like the
// decode pool, or else enough to feed them (decode GPUs x the decode rate over the prefill rate).
int prefillServingDomains(const SizingInput& in, int decodeServing)
{
    const SizingInput::PrefillPool& p = *in.prefillPool;
    const double gpus = in.basis == SizingBasis::Demand
        ? in.averageDemand * in.peakToAverage / (p.throughputPerGpu * in.maxLoadAtPeak * in.goodput)
        : double(decodeServing) * in.gpusPerDomain * (in.throughputPerGpu / p.throughputPerGpu);
    const double domains = std::ceil(std::ceil(gpus - 1e-9) / p.gpusPerDomain);
    return static_cast<int>(std::clamp(domains, 1.0, kMaxDomains)); // bounded before the conversion
}

Power prefillDomainPower(const SizingInput& in)
{
    return in.prefillPool->domainNameplate + in.overheadPerGpu * double(in.prefillPool->gpusPerDomain);
}

// The whole cluster's IT power with `decodeServing` serving domains: spares, and the prefill pool
// that goes with them, included.
Power clusterPower(const SizingInput& in, int decodeServing)
{
    Power it = itPowerOf(in, decodeServing + sparesFor(in, decodeServing));
    if (in.prefillPool) {
        const int prefill = prefillServingDomains(in, decodeServing);
        it += prefillDomainPower(in) * double(prefill + sparesFor(in, prefill));
    }
    return it;
}

// IT power per decode serving domain before rounding: the prefill pool's share counted as a
// fraction of its domain, so the cap's first guess is never below its answer.
Power powerPerServingDomain(const SizingInput& in)
{
    Power it = itPowerOf(in, 1);
    if (in.prefillPool) {
        const SizingInput::PrefillPool& p = *in.prefillPool;
        const double prefillGpus = in.gpusPerDomain * (in.throughputPerGpu / p.throughputPerGpu);
        it += prefillDomainPower(in) * (prefillGpus / p.gpusPerDomain);
    }
    return it;
}

PoolSizing poolOf(const SizingInput& in, int serving, int gpusPerDomain, int domainsPerRack)
{
    PoolSizing p;
    p.servingDomains = serving;
    p.spareDomains = sparesFor(in, serving);
    p.domains = serving + p.spareDomains;
    p.gpus = p.domains * gpusPerDomain;
    p.racks = (p.domains + domainsPerRack - 1) / domainsPerRack;
    p.gpusPerDomain = gpusPerDomain;
    p.domainsPerRack = domainsPerRack;
    return p;
}

// Both pools' capacity in GPUs at the rate over both (harmonic: 1 / (1/decode + 1/prefill)), so
// capacityGpus x that rate is what the smaller pool lets the cluster serve.
double capacityGpus(const SizingInput& in, const SizingResult& out)
{
    const double decodeGpus = double(out.servingDomains) * in.gpusPerDomain;
    if (!out.prefillPool)
        return decodeGpus;
    const double decode = units::in_tokens_per_second(in.throughputPerGpu);
    const double prefill = units::in_tokens_per_second(in.prefillPool->throughputPerGpu);
    const double both = 1 / (1 / decode + 1 / prefill);
    const double prefillGpus = double(out.prefillPool->servingDomains) * out.prefillPool->gpusPerDomain;
    return std::min(decodeGpus * decode, prefillGpus * prefill) / both;
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
        const double fits = itCap / powerPerServingDomain(in) / (1.0 + in.spareFraction);
        if (!(fits < kMaxDomains))
            return infeasible("facility.power_cap_mw", "the power cap fits more than 10 million scale-up domains");
        int n = static_cast<int>(std::floor(fits));
        while (n > 0 && clusterPower(in, n) > itCap)
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
    if (in.prefillPool) {
        const SizingInput::PrefillPool& p = *in.prefillPool;
        if (p.gpusPerDomain <= 0 || p.domainsPerRack <= 0)
            return badInput("workload.prefill_system", "the prefill system has no GPUs per scale-up domain");
        const double prefill = units::in_tokens_per_second(p.throughputPerGpu);
        const double decode = units::in_tokens_per_second(in.throughputPerGpu);
        if (!(prefill > 0) || !(decode > 0) || !std::isfinite(prefill) || !std::isfinite(decode))
            return badInput("workload.prefill_system", "a prefill pool on its own system needs both pools' throughput per GPU");
    }
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
    out.servingGpus = out.servingDomains * in.gpusPerDomain;
    out.racks = (out.domains + in.domainsPerRack - 1) / in.domainsPerRack;
    out.itNameplate = itPowerOf(in, out.domains);
    if (in.prefillPool) {
        const SizingInput::PrefillPool& p = *in.prefillPool;
        const int prefillServing = prefillServingDomains(in, out.servingDomains);
        if (prefillServing >= kMaxDomains)
            return infeasible("workload.prefill_system", "the prefill pool needs more than 10 million scale-up domains");
        const PoolSizing pool = poolOf(in, prefillServing, p.gpusPerDomain, p.domainsPerRack);
        out.gpus += pool.gpus;
        out.servingGpus += pool.servingDomains * pool.gpusPerDomain;
        out.racks += pool.racks;
        out.itNameplate += prefillDomainPower(in) * double(pool.domains);
        out.prefillPool = pool;
    }
    out.capacityGpus = capacityGpus(in, out);
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
