// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Sizing: how many scale-up domains (NVL72 racks, 8-GPU nodes) a cluster needs, from a fixed size,
// from demand, or from a facility power cap.
//
// Simplifications:
// - Demand is served by whole scale-up domains: GPUs = average demand x peak-to-average /
//   (tokens/s per GPU x goodput x maximum load at peak), rounded up to whole domains; spares are
//   extra whole domains. Headroom is counted once, at the peak: the planned utilization of a fixed
//   cluster does not enter (the cluster's realized utilization, demand / capacity, follows).
// - A cluster that does not fit under the site's power cap is infeasible, whatever sized it.
// - A power cap is checked against nameplate IT power (what the site must provision), plus a
//   per-GPU overhead for the scale-out network and storage, times PUE.
// - Rack positions: domains / domains per rack, rounded up; network racks are counted in the BOM.
// - Mixed-hardware disaggregation: a prefill pool on a system of its own feeds the decode pool.
//   The decode pool is sized as above, at the tokens one decode GPU serves with prefill done
//   elsewhere; the prefill pool is sized from demand the same way, or else to feed the decode pool
//   (its GPUs x the decode pool's rate over its own), in whole domains of its system with its own
//   spares. The cluster serves what the smaller pool allows: capacityGpus counts it in GPUs at
//   the rate over both pools, so a pool rounded up to whole domains adds cost but no tokens.

#include "core/result.h"
#include "core/units.h"

#include <optional>
#include <string>

namespace planner {

enum class SizingBasis { FixedGpus, FixedRacks, Demand, PowerCap, SingleDomain };
std::string_view sizingBasisName(SizingBasis b);

struct SizingInput {
    int gpusPerDomain = 0;
    int domainsPerRack = 1;
    units::Power domainNameplate;
    units::Power overheadPerGpu;  // network + storage nameplate share per GPU
    double pue = 1;
    double spareFraction = 0;

    SizingBasis basis = SizingBasis::SingleDomain;
    double fixedGpus = 0, fixedRacks = 0;
    units::TokenRate averageDemand;     // tokens/s
    double peakToAverage = 1;
    units::TokenRate throughputPerGpu;  // at the SLO
    double maxLoadAtPeak = 1, goodput = 1; // demand: the peak's share of serving capacity
    units::Power facilityPowerCap;      // zero = no cap
    // Domains one serving group spans (wide expert parallelism over several domains): a cluster
    // sized from demand, the power cap or nothing serves in whole groups; a fixed size is taken
    // as given, with a warning when it is not whole groups.
    int domainsPerGroup = 1;
    // Mixed-hardware disaggregation: the prefill pool's system. throughputPerGpu above is then the
    // tokens (input and output) one decode GPU serves while the prefill pool keeps up with it.
    struct PrefillPool {
        int gpusPerDomain = 0, domainsPerRack = 1;
        units::Power domainNameplate;
        units::TokenRate throughputPerGpu; // tokens (input and output) one prefill GPU serves
    };
    std::optional<PrefillPool> prefillPool;
};

// One pool's whole domains, spares and racks.
struct PoolSizing {
    int servingDomains = 0, spareDomains = 0, domains = 0;
    int gpus = 0, racks = 0;
    int gpusPerDomain = 0, domainsPerRack = 1;
};

struct SizingResult {
    SizingBasis basis = SizingBasis::SingleDomain;
    // With a prefill pool: domains are the decode pool's, GPUs, racks and power both pools'.
    int servingDomains = 0, spareDomains = 0, domains = 0;
    int gpus = 0, racks = 0;
    int servingGpus = 0;            // both pools, spares excluded
    double capacityGpus = 0;        // GPUs at the throughput per GPU that serve what the cluster serves
    std::optional<PoolSizing> prefillPool;
    int gpusRequired = 0;           // before rounding to domains (demand basis)
    int gpusPerDomain = 0, domainsPerRack = 1; // the shape it was sized in (SizingInput's)
    units::Power itNameplate;       // compute + overhead
    units::Power facilityPower;     // IT x PUE
    Warnings warnings;
};

Result<SizingResult> sizeCluster(const SizingInput& in);

} // namespace planner
