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
    if ((f.path == "workload.prefill_gpu_fraction" || f.path == "workload.prefill_system")
        && s.workload.serving.value != "disaggregated")
        return "not applicable: aggregated serving has no prefill pool; the roofline's time shares split the cost";
    if (f.path == "finance.prefill_system_price_usd"
        && (s.workload.serving.value != "disaggregated" || s.workload.prefill_system.value.empty()))
        return "not applicable: no prefill pool runs on a system of its own (workload.prefill_system)";
    if ((f.path == "storage.kv_tier" || f.path == "storage.kv_retention_hours")
        && !(s.workload.prefix_reuse_fraction.value > 0))
        return "not applicable: no context is reused (workload.prefix_reuse_fraction is 0)";
    if ((f.path == "workload.expert_parallel_gpus" || f.path == "workload.prefix_reuse_fraction")
        && s.workload.kind.value == "training")
        return "not applicable: it describes serving; a training job's parallelism and data are not modelled so";
    return std::nullopt;
}

} // namespace planner
