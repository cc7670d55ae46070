// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/field_applies.h"

namespace planner {

SizingBasis sizingBasisOf(const Scenario& s)
{
    if (s.cluster.gpus.isSet())
        return SizingBasis::FixedGpus;
    if (s.cluster.racks.isSet())
        return SizingBasis::FixedRacks;
    if (s.workload.demand_tokens_per_day.isSet() || s.workload.demand_requests_per_s.isSet())
        return SizingBasis::Demand;
    if (s.facility.power_cap_mw.isSet())
        return SizingBasis::PowerCap;
    return SizingBasis::SingleDomain;
}

std::optional<std::string> notApplicable(const FieldSpec& f, const Scenario& s)
{
    const bool demand = sizingBasisOf(s) == SizingBasis::Demand;
    if (f.path == "finance.utilization" && demand)
        return "not applicable: the cluster is sized from demand, so its utilization is the demand over its "
               "capacity (results.utilization_realized)";
    if (f.path == "cluster.max_load_at_peak" && !demand)
        return "not applicable: it sizes a cluster from demand, and this one's size is set otherwise";
    if (f.path == "facility.building_staff_usd_per_mw_year" && s.facility.mode.value != "build")
        return "not applicable: only an owned building needs its own staff; a colocation or rental price carries "
               "the provider's";
    if (f.path == "workload.prefill_gpu_fraction" && s.workload.serving.value != "disaggregated")
        return "not applicable: aggregated serving has no prefill pool; the roofline's time shares split the cost";
    if (f.path == "workload.expert_parallel_gpus" && s.workload.kind.value == "training")
        return "not applicable: it spreads a served model's experts; a training job's parallelism is not modelled";
    return std::nullopt;
}

} // namespace planner
