// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/field_labels.h"

#include <array>
#include <utility>

namespace planner {

namespace {

// In the field table's order; test_field_labels checks that every field has exactly one.
constexpr auto kLabels = std::to_array<std::pair<std::string_view, std::string_view>>({
    {"schema", "File format"},
    {"name", "Scenario name"},
    {"notes", "Notes"},
    {"system", "System"},
    {"benchmark_db", "Benchmark database"},
    {"workload.kind", "Workload"},
    {"workload.model", "Model"},
    {"workload.precision", "Precision"},
    {"workload.serving", "Serving"},
    {"workload.software", "Software maturity"},
    {"workload.input_tokens", "Input tokens per request"},
    {"workload.output_tokens", "Output tokens per request"},
    {"workload.min_tokens_per_s_per_user", "Interactivity (tokens/s per user)"},
    {"workload.max_ttft_s", "Max time to first token"},
    {"workload.accepted_tokens_per_step", "Accepted tokens per decode step (MTP)"},
    {"workload.expert_parallel_gpus", "Expert-parallel GPUs"},
    {"workload.prefix_reuse_fraction", "Reused context (share of input)"},
    {"workload.throughput_tokens_per_s_per_gpu", "Throughput per GPU"},
    {"workload.throughput_requests_per_s_per_gpu", "Requests per GPU a second"},
    {"workload.demand_tokens_per_day", "Demand (tokens a day)"},
    {"workload.demand_requests_per_s", "Demand (requests a second)"},
    {"workload.peak_to_average", "Peak over average demand"},
    {"workload.prefill_gpu_fraction", "Prefill pool share of GPUs"},
    {"workload.training_tokens", "Training tokens"},
    {"workload.mfu", "Model FLOPs utilization"},
    {"workload.claim_ratio", "Vendor claim (x the baseline)"},
    {"workload.claim_baseline_system", "Vendor claim's baseline system"},
    {"workload.prefill_system", "Prefill pool's system"},
    {"cluster.gpus", "GPUs (fixed)"},
    {"cluster.racks", "Racks (fixed)"},
    {"cluster.spare_fraction", "Spare capacity"},
    {"cluster.max_load_at_peak", "Max load at the peak"},
    {"facility.mode", "Ownership"},
    {"facility.cooling", "Cooling"},
    {"facility.power_cap_mw", "Site power cap"},
    {"facility.pue", "PUE"},
    {"facility.electricity_usd_per_kwh", "Electricity price"},
    {"facility.colocation_usd_per_kw_month", "Colocation price"},
    {"facility.build_usd_per_mw", "Building cost per MW"},
    {"facility.facility_life_years", "Building life"},
    {"facility.cooling_capex_usd_per_kw", "Cooling equipment per kW"},
    {"facility.om_fraction_per_year", "Plant O&M a year"},
    {"facility.building_staff_usd_per_mw_year", "Building staff per MW"},
    {"facility.property_tax_fraction_per_year", "Property tax a year"},
    {"facility.idle_power_fraction", "Idle power share"},
    {"facility.it_kw_per_gpu_all_in", "IT power per GPU, all in"},
    {"finance.gpu_hour_usd", "GPU-hour rental price"},
    {"finance.system_price_usd", "System price"},
    {"finance.prefill_system_price_usd", "Prefill system price"},
    {"finance.depreciation_years", "Compute hardware life"},
    {"finance.network_life_years", "Network hardware life"},
    {"finance.storage_life_years", "Storage hardware life"},
    {"finance.cost_of_capital", "Cost of capital"},
    {"finance.utilization", "Planned utilization"},
    {"finance.maintenance_fraction_per_year", "Hardware maintenance a year"},
    {"finance.residual_fraction", "Resale value at end of life"},
    {"finance.installation_fraction", "Installation and integration"},
    {"finance.insurance_fraction_per_year", "Insurance a year"},
    {"finance.staff_usd_per_year", "Operations staff a year"},
    {"finance.software_usd_per_gpu_year", "Software per GPU a year"},
    {"finance.transit_usd_per_month", "Network transit a month"},
    {"network.nic", "Network card"},
    {"network.switch_model", "Switch"},
    {"network.optic", "Transceiver"},
    {"network.nics_per_gpu", "Network cards per GPU"},
    {"network.nic_gbps", "Network card speed"},
    {"network.switch_radix", "Switch ports"},
    {"network.switch_port_gbps", "Switch port speed"},
    {"network.planes", "Network planes"},
    {"network.oversubscription", "Oversubscription"},
    {"network.copper_cable_price_usd", "Copper (DAC) cable price"},
    {"storage.hot_tier", "Hot storage tier"},
    {"storage.warm_tier", "Warm storage tier"},
    {"storage.archive_tier", "Archive storage tier"},
    {"storage.dataset_tb", "Dataset size"},
    {"storage.hot_tb", "Hot storage size"},
    {"storage.egress_tb_per_month", "Egress a month"},
    {"storage.dataset_remote_reads_per_month", "Remote dataset reads a month"},
    {"storage.checkpoint_bytes_per_param", "Checkpoint bytes per parameter"},
    {"storage.checkpoints_kept_hot", "Checkpoints kept hot"},
    {"storage.archive_after_days", "Archive after"},
    {"storage.delete_after_months", "Delete after"},
    {"storage.checkpoints_per_day", "Checkpoints a day"},
    {"storage.write_gb_per_s", "Checkpoint write speed"},
    {"storage.inter_region_gb_per_s", "Replication link speed"},
    {"storage.replication_regions", "Replica regions"},
    {"storage.replication_mode", "Replication"},
    {"storage.cache_hit_ratio", "Read cache hit ratio"},
    {"storage.kv_tier", "KV cache tier for reuse"},
    {"storage.kv_retention_hours", "KV cache retention"},
    {"reliability.failures_per_gpu_hour", "GPU failure rate"},
    {"reliability.recovery_minutes", "Recovery time"},
    {"reliability.straggler_probability", "Straggler chance"},
    {"reliability.straggler_slowdown", "Straggler slowdown"},
    {"reliability.burnin_catch_fraction", "Faults caught by burn-in"},
    {"reliability.burnin_hours_per_gpu", "Burn-in per GPU"},
});

} // namespace

std::string_view fieldLabelOf(std::string_view path)
{
    for (const auto& [p, label] : kLabels)
        if (p == path)
            return label;
    return {};
}

std::string labelOrPath(std::string_view path)
{
    const std::string_view label = fieldLabelOf(path);
    return std::string(label.empty() ? path : label);
}

} // namespace planner
