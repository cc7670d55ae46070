// SPDX-License-Identifier: GPL-3.0-or-later
// Sizing: the IT power of one GPU (the system's own figure, plus the network's share later, or
// the analyst's all-in figure), then GPUs and racks from the first sizing basis the scenario gives.
#include "evaluate/evaluation_steps.h"

#include "core/number_text.h"
#include "scenario/field_applies.h"

#include <algorithm>
#include <cmath>

#include <utility>

namespace planner::steps {

using namespace units;


double averageLoad(const Work& w)
{
    if (w.out.sizing.basis != SizingBasis::Demand)
        return w.s.finance.utilization.value;
    const TokenRate capacity = w.throughput.totalPerGpu * w.out.sizing.capacityGpus * w.goodput;
    return capacity.value() > 0 ? std::min(1.0, double(averageDemand(w.s) / capacity)) : 0.0;
}

TokenRate averageDemand(const Scenario& s)
{
    if (s.workload.demand_tokens_per_day.isSet())
        return tokens(s.workload.demand_tokens_per_day.value) / days(1);
    const double perRequest = s.workload.input_tokens.value + s.workload.output_tokens.value;
    return tokens_per_second(s.workload.demand_requests_per_s.value * perRequest);
}

// Per-GPU IT power: the system's own figure plus the network and storage share, unless the
// analyst gave an all-in figure (the InferenceX convention). The typical draw is the system's
// measured one serving this model where MLPerf Power publishes it (the throughput's source
// finds it), else the catalog's; the nameplate, what the site provisions, stays the catalog's
// unless the measured draw exceeds it.
void resolvePower(Work& w)
{
    const Number& allIn = w.s.facility.it_kw_per_gpu_all_in;
    const double perDomain = w.system.gpusPerDomain;
    if (allIn.isSet()) {
        w.itPerGpuNameplate = w.itPerGpuTypical = kilowatts(allIn.value);
        if (!w.numbersOnly)
            w.powerEvidence = evidenceOf(w.s, {"facility.it_kw_per_gpu_all_in"}, "input");
        return;
    }
    w.itPerGpuNameplate = w.system.domainPower.value() / perDomain;
    w.itPerGpuTypical = (w.system.domainTypicalPower.known() ? w.system.domainTypicalPower.value()
                                                             : w.system.domainPower.value()) / perDomain;
    const Power measured = w.throughput.measuredPowerPerGpu;
    if (measured.value() > 0) {
        w.itPerGpuTypical = measured;
        w.itPerGpuNameplate = std::max(w.itPerGpuNameplate, measured);
    }
    if (w.numbersOnly)
        return;
    w.powerEvidence.method = "catalog";
    w.powerEvidence.add("catalog:" + w.system.id + ".power", w.system.domainPower.provenance().grade);
    if (measured.value() > 0)
        w.powerEvidence.add("measured power: " + w.throughput.measuredPowerSource, Grade::Measured);
    if (const PrefillPoolPlan* pool = w.prefillPool ? &*w.prefillPool : nullptr)
        w.powerEvidence.add("catalog:" + pool->system->id + ".power", pool->system->domainPower.provenance().grade);
}

Result<void> size(Work& w, Power overheadPerGpu)
{
    const Scenario& s = w.s;
    SizingInput in;
    in.gpusPerDomain = w.system.gpusPerDomain;
    in.domainsPerRack = w.system.domainsPerRack;
    in.domainNameplate = w.itPerGpuNameplate * double(w.system.gpusPerDomain);
    in.overheadPerGpu = overheadPerGpu;
    in.pue = s.facility.pue.value;
    in.spareFraction = s.cluster.spare_fraction.value;
    in.basis = sizingBasisOf(s);
    in.fixedGpus = s.cluster.gpus.isSet() ? s.cluster.gpus.value : 0;
    in.fixedRacks = s.cluster.racks.isSet() ? s.cluster.racks.value : 0;
    if (in.basis == SizingBasis::Demand)
        in.averageDemand = averageDemand(s);
    in.peakToAverage = s.workload.peak_to_average.value;
    in.throughputPerGpu = w.throughput.totalPerGpu;
    if (w.prefillPool) { // each pool at its own rate: total / (1 - input share) a decode GPU, / share a prefill GPU
        const PrefillPoolPlan& p = *w.prefillPool;
        const double share = w.throughput.prefillTimeShare;
        in.throughputPerGpu = w.throughput.totalPerGpu / (1 - share);
        SizingInput::PrefillPool pool;
        pool.gpusPerDomain = p.system->gpusPerDomain;
        pool.domainsPerRack = p.system->domainsPerRack;
        pool.domainNameplate = p.itPerGpuNameplate * double(p.system->gpusPerDomain);
        pool.throughputPerGpu = w.throughput.totalPerGpu / share;
        in.prefillPool = pool;
    }
    in.maxLoadAtPeak = s.cluster.max_load_at_peak.value;
    in.goodput = w.goodput;
    const double expertGroup = s.workload.expert_parallel_gpus.value; // at most 100,000 (the field's range)
    if (!w.training() && w.model.experts > 0 && expertGroup > in.gpusPerDomain)
        in.domainsPerGroup = static_cast<int>(std::ceil(expertGroup / in.gpusPerDomain));
    // Sized to the cap, the cap chooses the size. Any other cluster is checked against the cap once
    // its whole IT power is known, fabric and storage included (checkPowerCap): checked here, with
    // the network's share of a first guess at most, a cluster just over the cap was refused with a
    // need the fabric then exceeded.
    if (in.basis == SizingBasis::PowerCap)
        in.facilityPowerCap = megawatts(s.facility.power_cap_mw.value);
    auto sized = sizeCluster(in);
    if (!sized)
        return failed(sized);
    w.out.sizing = std::move(sized.value());
    return boost::outcome_v2::success();
}

Result<void> checkPowerCap(const Work& w)
{
    const Scenario& s = w.s;
    if (!s.facility.power_cap_mw.isSet() || w.out.sizing.basis == SizingBasis::PowerCap)
        return boost::outcome_v2::success();
    const double cap = s.facility.power_cap_mw.value, pue = s.facility.pue.value;
    const double it = in_megawatts(w.itNameplate), need = it * pue;
    if (need <= cap * (1 + 1e-12))
        return boost::outcome_v2::success();
    std::string message = "the cluster needs " + numberText(need) + " MW of facility power at its peak IT draw";
    if (!w.numbersOnly) { // the whole need, by what draws it (the BOM's IT lines)
        double compute = 0, network = 0, storage = 0;
        for (const BomLine& l : w.out.bom.lines)
            (l.category == "network" ? network : l.category == "storage" ? storage : compute) += in_megawatts(l.totalPower);
        message += " (" + numberText(it) + " MW of IT: " + numberText(compute) + " MW compute for "
            + std::to_string(w.out.sizing.racks) + " racks, spares included, " + numberText(network) + " MW network"
            + (storage > 0 ? ", " + numberText(storage) + " MW storage" : std::string()) + "; x PUE " + numberText(pue) + ")";
    }
    return infeasible("facility.power_cap_mw", message + ", " + numberText(need - cap) + " MW over the site's "
                                                   + numberText(cap) + " MW power cap");
}

} // namespace planner::steps
