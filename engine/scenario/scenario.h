// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One scenario is everything needed to compute one answer. Field names are the stable contract of
// the scenario file (DESIGN.md section 3); units are in the names, and values are stored in those
// units. Models never read these fields raw: evaluate() converts them into typed quantities.
//
// Each field remembers whether the analyst gave it (`given`) and where its value came from, so a
// file that is read and written again comes back byte for byte, and defaults filled from the
// catalog keep the catalog's provenance.

#include "core/evidence.h"
#include "scenario/input_distribution.h"
#include "scenario/source_lines.h"

#include <cmath>
#include <limits>
#include <map>
#include <string>

namespace planner {

struct Number {
    double value = std::numeric_limits<double>::quiet_NaN(); // NaN = not set, no default
    Provenance provenance;
    bool given = false; // present in the file or set by --set; otherwise a default (or unset)

    bool isSet() const { return !std::isnan(value); }
};

struct Text {
    std::string value;
    bool given = false;
};

struct WorkloadInputs {
    Text kind;      // "inference" | "training"
    Text model;     // catalog id
    Text precision; // "fp4" | "fp8" | "bf16" or a named format (nvfp4, mxfp4 ...)
    Text serving;   // "aggregated" | "disaggregated"
    Text software;  // "measured" | "expected": throughput as measured, or with the next round's software gain
    Number input_tokens, output_tokens;
    Number min_tokens_per_s_per_user, max_ttft_s;
    Number accepted_tokens_per_step; // speculative decoding (MTP): output tokens a decode step yields per sequence
    Number expert_parallel_gpus;     // wide expert parallelism: GPUs of one serving group; 0 = within one domain
    Number prefix_reuse_fraction;    // share of input tokens whose KV cache is found, not computed
    Number throughput_tokens_per_s_per_gpu;   // optional explicit figure
    Number throughput_requests_per_s_per_gpu; // optional explicit figure in requests (VLM samples/queries)
    Number demand_tokens_per_day, demand_requests_per_s;
    Number peak_to_average;
    Number prefill_gpu_fraction;              // disaggregated: share of GPUs in the prefill pool
    Text prefill_system;                      // disaggregated: catalog system of the prefill pool; empty = system
    Number training_tokens, mfu;              // training workloads
    Number claim_ratio;                       // vendor claim: tokens/s per GPU vs claim_baseline_system
    Text claim_baseline_system;
};

struct ClusterInputs {
    Number gpus, racks;
    Number spare_fraction;
    Number max_load_at_peak; // share of serving capacity the demand's peak may use
};

struct FacilityInputs {
    Text mode;    // "build" | "colocation" | "rent"
    Text cooling; // "air" | "liquid-chilled" | "liquid-warm-45c"
    Number power_cap_mw, pue;
    Number electricity_usd_per_kwh, colocation_usd_per_kw_month, build_usd_per_mw;
    Number facility_life_years, cooling_capex_usd_per_kw;
    Number om_fraction_per_year, property_tax_fraction_per_year;
    Number building_staff_usd_per_mw_year; // build mode: the building's own staff, per MW of IT
    Number idle_power_fraction, it_kw_per_gpu_all_in;
};

struct FinanceInputs {
    Number gpu_hour_usd;
    Number system_price_usd;       // per scale-up domain; default from the catalog
    Number prefill_system_price_usd; // per domain of workload.prefill_system; default from the catalog
    Number depreciation_years, network_life_years, storage_life_years;
    Number cost_of_capital, utilization;
    Number maintenance_fraction_per_year, residual_fraction, installation_fraction, insurance_fraction_per_year;
    Number staff_usd_per_year, software_usd_per_gpu_year;
    Number transit_usd_per_month;
};

struct NetworkInputs {
    Text nic, switch_model, optic;
    Number nics_per_gpu, nic_gbps, switch_radix, switch_port_gbps, planes, oversubscription;
    Number copper_cable_price_usd; // a copper (DAC) link's cable, where no optic matches the port speed
};

struct StorageInputs {
    Text hot_tier, warm_tier, archive_tier;
    Number dataset_tb, hot_tb, egress_tb_per_month, dataset_remote_reads_per_month;
    Number checkpoint_bytes_per_param, checkpoints_kept_hot, archive_after_days, delete_after_months;
    Number checkpoints_per_day;
    Number write_gb_per_s, inter_region_gb_per_s, replication_regions;
    Text replication_mode; // "none" | "sync" | "async-accelerated"
    Number cache_hit_ratio;
    Text kv_tier;                // where reused KV cache lives: hbm | cpu-memory | local-nvme | object-storage
    Number kv_retention_hours;   // how long a request's new context is kept for reuse
};

struct ReliabilityInputs {
    Number failures_per_gpu_hour, recovery_minutes;
    Number straggler_probability, straggler_slowdown, burnin_catch_fraction, burnin_hours_per_gpu;
};

struct Scenario {
    Text schema;
    Text name, notes;
    Text system;       // catalog id
    Text benchmark_db; // optional path to a benchmark database
    WorkloadInputs workload;
    ClusterInputs cluster;
    FacilityInputs facility;
    FinanceInputs finance;
    NetworkInputs network;
    StorageInputs storage;
    ReliabilityInputs reliability;

    // Line in the scenario file each given field came from, so later errors can say file:line.
    SourceLines sourceLines; // shared between copies: evaluate() copies the scenario every call

    // Uncertain inputs by field path ("finance.utilization"). The field itself holds the nominal
    // value (mode, median, mean or midpoint) that an ordinary evaluation uses; Monte Carlo and
    // tornado read these. Setting the field to a plain value (--set) drops its distribution.
    std::map<std::string, Distribution, std::less<>> distributions;
};

inline constexpr const char* kScenarioSchema = "clusterplanner/scenario@1";

} // namespace planner
