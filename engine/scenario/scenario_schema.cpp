// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_schema.h"

#include "catalog/reference_figures.h"

#include "core/number_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

namespace planner {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// The accessors are spelled once, through these macros, so a path string can never drift from the
// member it names.
#define PLANNER_NUM(sec, fld) #sec "." #fld, [](Scenario& s) -> Number* { return &s.sec.fld; }, nullptr
#define PLANNER_TXT(sec, fld) #sec "." #fld, nullptr, [](Scenario& s) -> Text* { return &s.sec.fld; }
#define PLANNER_TOP(fld) #fld, nullptr, [](Scenario& s) -> Text* { return &s.fld; }

struct Row {
    std::string_view path;
    Number* (*number)(Scenario&);
    Text* (*text)(Scenario&);
    FieldKind kind;
    std::string_view unit;
    double min, max;
    double defaultNumber;
    std::string_view defaultText;
    std::string_view defaultSource;
    Grade defaultGrade;
    std::string_view help;
    std::string_view choices = {};
    bool required = false;
    bool minExclusive = false;
};

constexpr std::string_view kBuiltin = "built-in default (no published figure; change it to yours)";

// clang-format off
const Row kRows[] = {
    {PLANNER_TOP(schema), FieldKind::Text, "", -inf, inf, nan, kScenarioSchema, "file format", Grade::User,
     "File format and version.", {}, true},
    {PLANNER_TOP(name), FieldKind::Text, "", -inf, inf, nan, "", "", Grade::User, "Scenario name shown in reports."},
    {PLANNER_TOP(notes), FieldKind::Text, "", -inf, inf, nan, "", "", Grade::User, "Free notes."},
    {PLANNER_TOP(system), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "Catalog system id: a scale-up domain such as gb300-nvl72 or hgx-h200.", {}, true},
    {PLANNER_TOP(benchmark_db), FieldKind::Text, "", -inf, inf, nan, "", "", Grade::User,
     "Benchmark database (SQLite) whose measured rows give the throughput."},

    {PLANNER_TXT(workload, kind), FieldKind::Choice, "", -inf, inf, nan, "inference", kBuiltin, Grade::Estimate,
     "Inference serves tokens; training runs a job of workload.training_tokens.", "inference|training"},
    {PLANNER_TXT(workload, model), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "Catalog model id, e.g. deepseek-r1.", {}, true},
    {PLANNER_TXT(workload, precision), FieldKind::Choice, "", -inf, inf, nan, "fp8", kBuiltin, Grade::Estimate,
     "Weight and activation precision.", "fp4|nvfp4|mxfp4|fp8|bf16|fp16"},
    {PLANNER_TXT(workload, serving), FieldKind::Choice, "", -inf, inf, nan, "aggregated", kBuiltin, Grade::Estimate,
     "Aggregated: every GPU prefills and decodes. Disaggregated: separate prefill and decode pools.",
     "aggregated|disaggregated"},
    {PLANNER_TXT(workload, software), FieldKind::Choice, "", -inf, inf, nan, "measured", kBuiltin, Grade::Estimate,
     "Measured: throughput as the benchmark rows measured it. Expected: with the software gain the next "
     "benchmark round is expected to show, fitted on past rounds (its own evidence line).",
     "measured|expected"},
    {PLANNER_NUM(workload, input_tokens), FieldKind::Number, "tokens", 0, 1e7, 1024, {},
     "InferenceX 1k/1k workload (SemiAnalysis InferenceX)", Grade::ThirdParty, "Mean input tokens per request."},
    {PLANNER_NUM(workload, output_tokens), FieldKind::Number, "tokens", 0, 1e7, 1024, {},
     "InferenceX 1k/1k workload (SemiAnalysis InferenceX)", Grade::ThirdParty,
     "Mean output tokens per request.", {}, false, true},
    {PLANNER_NUM(workload, min_tokens_per_s_per_user), FieldKind::Number, "tokens/s/user", 0, 1e5, 0, {}, kBuiltin,
     Grade::Estimate, "Interactivity SLO = 1 / TPOT; 0 = no bound."},
    {PLANNER_NUM(workload, max_ttft_s), FieldKind::Number, "s", 0, 3600, 0, {}, kBuiltin, Grade::Estimate,
     "Time-to-first-token SLO; 0 = no bound."},
    {PLANNER_NUM(workload, accepted_tokens_per_step), FieldKind::Number, "tokens/step", 1, 16, 1, {}, kBuiltin,
     Grade::Estimate,
     "Speculative decoding (MTP): output tokens one decode step yields per sequence, accepted drafts plus the "
     "one it always makes; 1 = none. The roofline verifies ceil(x - 1) drafts a step (their compute, the same "
     "weight and KV reads) and serves x tokens per step, so per-user speed and decode throughput scale by x over "
     "the longer step. Applies to modelled throughput only: measured rows already carry the speculative decoding "
     "their runs used."},
    {PLANNER_NUM(workload, prefix_reuse_fraction), FieldKind::Number, "fraction", 0, 0.99, 0, {}, kBuiltin,
     Grade::Estimate,
     "Context reuse (agentic and multi-turn traffic): the share of input tokens whose KV cache is found in "
     "storage.kv_tier instead of computed. Prefill computes the rest and loads the found KV at the tier's read rate, "
     "the two overlapped: the input tokens' GPU time falls to max((1 - r) / prefill rate, r x KV bytes / read rate) a "
     "token, throughput and the input cost follow. Applies to an estimated throughput: a given one is taken as "
     "measured with its reuse. DeepSeek's service found 56.3% of its input tokens in its on-disk KV cache "
     "(inference system overview, March 2025)."},
    {PLANNER_NUM(workload, expert_parallel_gpus), FieldKind::Integer, "GPUs", 0, 1e5, 0, {}, kBuiltin, Grade::Estimate,
     "Wide expert parallelism for a mixture-of-experts model: the GPUs of one serving group, which may span several "
     "scale-up domains (288 = four NVL72 racks); 0 = a group inside one domain. Each GPU runs attention for its own "
     "sequences and holds its share of the routed experts; every token's hidden vector goes to its experts and back, "
     "and the share bound for other domains crosses the scale-out NICs (network.nic_gbps x network.nics_per_gpu), "
     "overlapped with compute. The throughput found for one domain moves by the roofline's ratio of the wide group "
     "to one domain's."},
    {PLANNER_NUM(workload, throughput_tokens_per_s_per_gpu), FieldKind::Number, "tokens/s/GPU", 0, 1e8, nan, {}, "",
     Grade::User, "Explicit throughput (input + output tokens per second per GPU); overrides every model.",
     {}, false, true},
    {PLANNER_NUM(workload, throughput_requests_per_s_per_gpu), FieldKind::Number, "requests/s/GPU", 0, 1e8, nan, {}, "",
     Grade::User, "Explicit throughput in requests (samples, queries) per second per GPU, for results measured in "
     "requests (the VLM benchmark): cost per 1,000 requests. Costs per token are published only when "
     "workload.input_tokens and .output_tokens are given too. The tokens/s figure wins when both are given.",
     {}, false, true},
    {PLANNER_NUM(workload, demand_tokens_per_day), FieldKind::Number, "tokens/day", 0, 1e18, nan, {}, "", Grade::User,
     "Average demand; sizes the cluster: serving GPUs = demand x peak / (tokens/s per GPU x 86,400 x goodput x "
     "cluster.max_load_at_peak), in whole scale-up domains."},
    {PLANNER_NUM(workload, demand_requests_per_s), FieldKind::Number, "requests/s", 0, 1e9, nan, {}, "", Grade::User,
     "Average demand in requests; tokens/day = requests/s x (input + output) x 86,400."},
    {PLANNER_NUM(workload, peak_to_average), FieldKind::Number, "ratio", 1, 100, 1, {}, kBuiltin, Grade::Estimate,
     "Peak demand over average; the cluster is sized for the peak."},
    {PLANNER_NUM(workload, prefill_gpu_fraction), FieldKind::Number, "fraction", 0, 1, nan, {}, "", Grade::User,
     "Disaggregated serving: the share of GPUs in the prefill pool, as the measured configuration ran them "
     "(InferenceX's GB200 NVL72 run at 91 tok/s/user: 12 prefill of 44 GPUs = 0.273). Input tokens pay that share of "
     "the cost and output tokens the rest; unset, the pools of the measured disaggregated rows the throughput is "
     "read from give it where they state them, else the roofline's prefill and decode rates."},
    {PLANNER_TXT(workload, prefill_system), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "Disaggregated serving: the catalog system the prefill pool runs on, while decode runs on system (the pattern of "
     "NVIDIA's Rubin CPX and of Splitwise). Each pool is sized, powered, spared and priced with its own hardware; the "
     "prefill pool's rate per GPU moves by the roofline's prefill rate on its system over decode's system, and the KV "
     "cache it hands over crosses the scale-out fabric. Empty: both pools on system."},
    {PLANNER_NUM(workload, training_tokens), FieldKind::Number, "tokens", 0, 1e16, nan, {}, "", Grade::User,
     "Tokens to train on (training workloads): FLOPs = 6 x parameters x tokens."},
    {PLANNER_NUM(workload, mfu), FieldKind::Number, "fraction", 0, 1, 0.40, {},
     "Llama 3 405B: 38-43% MFU on 16k H100 (SemiAnalysis, Aug 2025, citing Meta)", Grade::ThirdParty,
     "Model FLOPs utilization of a training run.", {}, false, true},

    {PLANNER_NUM(workload, claim_ratio), FieldKind::Number, "x", 0, 1000, nan, {}, "", Grade::User,
     "A published ratio claim: this system's tokens/s per GPU over claim_baseline_system's on this model. "
     "Used as a transfer (graded by its source, normally vendor) when the system has no measured rows.",
     {}, false, true},
    {PLANNER_TXT(workload, claim_baseline_system), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "The system a ratio claim compares with."},

    {PLANNER_NUM(cluster, gpus), FieldKind::Integer, "GPUs", 0, 1e7, nan, {}, "", Grade::User,
     "Fixed cluster size in GPUs (rounded up to whole scale-up domains). With a prefill pool on its own system, the "
     "decode pool's size: the prefill pool is added to feed it.", {}, false, true},
    {PLANNER_NUM(cluster, racks), FieldKind::Integer, "racks", 0, 1e6, nan, {}, "", Grade::User,
     "Fixed cluster size in rack positions. With a prefill pool on its own system, the decode pool's racks: the prefill "
     "pool is added to feed them.", {}, false, true},
    {PLANNER_NUM(cluster, spare_fraction), FieldKind::Number, "fraction", 0, 1, 0, {}, kBuiltin, Grade::Estimate,
     "Spare scale-up domains as a fraction of the serving ones."},
    {PLANNER_NUM(cluster, max_load_at_peak), FieldKind::Number, "fraction", 0, 1, 0.85, {},
     "planning rule: the demand's peak at 85% of serving capacity, the rest headroom for bursts and a failed "
     "domain's load (a common capacity-planning target; no measured source)",
     Grade::Estimate,
     "Sizing from demand: the share of serving capacity the peak may use (headroom, counted once).", {}, false, true},

    {PLANNER_TXT(facility, mode), FieldKind::Choice, "", -inf, inf, nan, "build", kBuiltin, Grade::Estimate,
     "Build and own the site, colocate owned racks, or rent GPU-hours.", "build|colocation|rent"},
    {PLANNER_TXT(facility, cooling), FieldKind::Choice, "", -inf, inf, nan, "", "", Grade::User,
     "Cooling; sets the default PUE. Default: the system's own cooling.", "air|liquid-chilled|liquid-warm-45c"},
    {PLANNER_NUM(facility, power_cap_mw), FieldKind::Number, "MW", 0, 1e5, nan, {}, "", Grade::User,
     "Site limit on facility power (after PUE).", {}, false, true},
    {PLANNER_NUM(facility, pue), FieldKind::Number, "ratio", 1, 3, nan, {}, "", Grade::User,
     "Facility power / IT power. Default from the cooling choice."},
    {PLANNER_NUM(facility, electricity_usd_per_kwh), FieldKind::Number, "USD/kWh", 0, 10, 0.08, {},
     "EIA Electric Power Monthly, industrial prices April 2025 (6-9 cents/kWh in most Midwest states)",
     Grade::Vendor, "Energy opex = average IT kW x PUE x 8,760 h x price."},
    {PLANNER_NUM(facility, colocation_usd_per_kw_month), FieldKind::Number, "USD/kW-month", 0, 1e4, 184.06, {},
     "CBRE North America Data Center Trends H2 2024: 250-500 kW asking rate", Grade::ThirdParty,
     "Colocation opex = rate x provisioned IT kW x 12."},
    {PLANNER_NUM(facility, build_usd_per_mw), FieldKind::Number, "USD/MW", 0, 1e9, 11.7e6, {},
     "Cushman & Wakefield Data Center Development Cost Guide 2025: average of 19 US markets", Grade::ThirdParty,
     "Facility capex per MW of critical IT (build mode)."},
    {PLANNER_NUM(facility, facility_life_years), FieldKind::Number, "years", 0, 100, 20, {}, kBuiltin,
     Grade::Estimate, "Facility depreciation life.", {}, false, true},
    {PLANNER_NUM(facility, cooling_capex_usd_per_kw), FieldKind::Number, "USD/kW", 0, 1e5, nan, {}, "", Grade::User,
     "In-rack and row cooling capex (CDUs, manifolds) per kW of heat. Default from the cooling choice."},

    {PLANNER_NUM(facility, om_fraction_per_year), FieldKind::Number, "fraction/year", 0, 1, 0.02, {},
     "estimate: 1-3% of plant replacement value a year is the usual planning range for electrical and mechanical "
     "maintenance; no published figure retrieved", Grade::Estimate,
     "Build mode: facility O&M per year = fraction x (data hall + cooling capex)."},
    {PLANNER_NUM(facility, building_staff_usd_per_mw_year), FieldKind::Number, "USD/MW-year", 0, 1e8, 195000, {},
     "estimate: about 30 permanent staff run a 2-5 MW data center and about 50 a hyperscale building (industry "
     "figures summarised at unanswered.io/guide/how-many-jobs-do-data-centers-really-create); taken as 1.5 "
     "facility staff (electrical, mechanical, security) per MW of critical IT at 130,000 USD a year each",
     Grade::Estimate,
     "Build mode: the building's own staff per year = this x MW of IT nameplate. A colocation or rental price "
     "carries the provider's; the IT operations staff are finance.staff_usd_per_year."},
    {PLANNER_NUM(facility, property_tax_fraction_per_year), FieldKind::Number, "fraction/year", 0, 1, 0.01, {},
     "estimate: about 1% of assessed value a year in US markets before the abatements many states grant data "
     "centers; no published figure retrieved", Grade::Estimate,
     "Owned modes (build, colocation): property tax per year = fraction x the capex of what you own."},
    {PLANNER_NUM(facility, idle_power_fraction), FieldKind::Number, "fraction", 0, 1, 0.3, {},
     "built-in estimate: an idle GPU server draws about 30% of its typical power", Grade::Estimate,
     "Average IT draw = typical x (idle + (1 - idle) x utilization)."},
    {PLANNER_NUM(facility, it_kw_per_gpu_all_in), FieldKind::Number, "kW/GPU", 0, 100, nan, {}, "", Grade::User,
     "All-in IT power per GPU (InferenceX convention); replaces the bottom-up sum of racks, network and storage.",
     {}, false, true},

    {PLANNER_NUM(finance, gpu_hour_usd), FieldKind::Number, "USD/GPU-hour", 0, 1e4, nan, {}, "", Grade::User,
     "Rent mode: price per GPU-hour."},
    {PLANNER_NUM(finance, system_price_usd), FieldKind::Number, "USD", 0, 1e9, nan, {}, "", Grade::User,
     "Price of one scale-up domain (NVL72 rack or 8-GPU node). Default from the catalog."},
    {PLANNER_NUM(finance, prefill_system_price_usd), FieldKind::Number, "USD", 0, 1e9, nan, {}, "", Grade::User,
     "Price of one scale-up domain of workload.prefill_system. Default from the catalog."},
    {PLANNER_NUM(finance, depreciation_years), FieldKind::Number, "years", 0, 30, 5, {},
     "Amazon 10-K: server life back to 5 years for AI equipment (Jan 2025)", Grade::Vendor,
     "Compute hardware life.", {}, false, true},
    {PLANNER_NUM(finance, network_life_years), FieldKind::Number, "years", 0, 30, 6, {},
     "Microsoft 10-Q FY2023: servers and network equipment 6 years", Grade::Vendor,
     "Network equipment life.", {}, false, true},
    {PLANNER_NUM(finance, storage_life_years), FieldKind::Number, "years", 0, 30, 5, {}, kBuiltin, Grade::Estimate,
     "Storage hardware life.", {}, false, true},
    {PLANNER_NUM(finance, cost_of_capital), FieldKind::Number, "per year", 0, 1, 0.10, {},
     "no published figure found; 8-10% is typical of hyperscaler WACC, 12-15% of neoclouds", Grade::Estimate,
     "WACC r: annualized capital = (capex - residual/(1+r)^n) x r(1+r)^n/((1+r)^n-1); 0 = straight line."},
    {PLANNER_NUM(finance, utilization), FieldKind::Number, "fraction", 0, 1, 0.70, {}, kBuiltin, Grade::Estimate,
     "Fraction of hours the capacity serves paid tokens.", {}, false, true},
    {PLANNER_NUM(finance, maintenance_fraction_per_year), FieldKind::Number, "fraction/year", 0, 1, 0.03, {},
     kBuiltin, Grade::Estimate, "Maintenance and support per year as a fraction of IT capex."},
    {PLANNER_NUM(finance, residual_fraction), FieldKind::Number, "fraction", 0, 1, 0.10, {}, kBuiltin,
     Grade::Estimate, "Resale value at end of life as a fraction of capex (compute, network and storage hardware only)."},
    {PLANNER_NUM(finance, installation_fraction), FieldKind::Number, "fraction", 0, 1, 0.03, {}, kBuiltin,
     Grade::Estimate, "Installation and integration as a fraction of IT capex (depreciated with compute)."},
    {PLANNER_NUM(finance, insurance_fraction_per_year), FieldKind::Number, "fraction/year", 0, 1, 0.005, {},
     "estimate: property insurance of 0.25-0.75% of insured value a year; no published figure retrieved",
     Grade::Estimate, "Owned modes (build, colocation): insurance per year = fraction x the capex of what you own."},
    {PLANNER_NUM(finance, staff_usd_per_year), FieldKind::Number, "USD/year", 0, 1e10, 0, {}, kBuiltin, Grade::Estimate,
     "Operations staff cost per year."},
    {PLANNER_NUM(finance, software_usd_per_gpu_year), FieldKind::Number, "USD/GPU-year", 0, 1e6, 0, {}, kBuiltin,
     Grade::Estimate, "Software licences per GPU per year."},
    {PLANNER_NUM(finance, transit_usd_per_month), FieldKind::Number, "USD/month", 0, 1e9, 0, {}, kBuiltin,
     Grade::Estimate, "Network transit and cross-connects per month."},

    {PLANNER_TXT(network, nic), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "Catalog NIC id. Default: the system's own NIC."},
    {PLANNER_TXT(network, switch_model), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "Catalog switch id. Default: a switch matching the NIC speed."},
    {PLANNER_TXT(network, optic), FieldKind::Id, "", -inf, inf, nan, "", "", Grade::User,
     "Catalog transceiver id; each link is priced with the fibre cable the catalog gives it. Default: the one matching the switch port speed; where none matches, the links are copper (DAC), priced by network.copper_cable_price_usd."},
    {PLANNER_NUM(network, nics_per_gpu), FieldKind::Integer, "NICs/GPU", 0, 16, nan, {}, "", Grade::User,
     "Scale-out NIC ports per GPU. Default from the system."},
    {PLANNER_NUM(network, nic_gbps), FieldKind::Number, "Gb/s", 0, 1e5, nan, {}, "", Grade::User,
     "Speed of one NIC port. Default from the NIC.", {}, false, true},
    {PLANNER_NUM(network, switch_radix), FieldKind::Integer, "ports", 2, 4096, nan, {}, "", Grade::User,
     "Switch ports at switch_port_gbps. Default from the switch."},
    {PLANNER_NUM(network, switch_port_gbps), FieldKind::Number, "Gb/s", 0, 1e5, nan, {}, "", Grade::User,
     "Switch port speed; faster than the NIC means breakout cables.", {}, false, true},
    {PLANNER_NUM(network, planes), FieldKind::Integer, "planes", 1, 64, 1, {}, kBuiltin, Grade::Estimate,
     "Independent fabric planes the NIC ports are spread over."},
    {PLANNER_NUM(network, oversubscription), FieldKind::Number, "ratio", 1, 64, 1, {}, kBuiltin, Grade::Estimate,
     "Leaf downlink to uplink bandwidth ratio; 1 = non-blocking."},
    {PLANNER_NUM(network, copper_cable_price_usd), FieldKind::Number, "USD", 0, 1e5, nan, {}, "", Grade::User,
     "Price of one copper (DAC) cable, for a fabric whose links are copper because no transceiver matches the switch port speed. No default: no public DAC price was found, so without it the cables count at zero, with a warning. Optical links take the transceiver's fibre price instead."},

    {PLANNER_TXT(storage, hot_tier), FieldKind::Id, "", -inf, inf, nan, "coreweave-hot", kBuiltin, Grade::Estimate,
     "Catalog storage tier for datasets and recent checkpoints."},
    {PLANNER_TXT(storage, warm_tier), FieldKind::Id, "", -inf, inf, nan, "coreweave-warm", kBuiltin, Grade::Estimate,
     "Catalog storage tier for older checkpoints."},
    {PLANNER_TXT(storage, archive_tier), FieldKind::Id, "", -inf, inf, nan, "archive-no-fees", kBuiltin, Grade::Estimate,
     "Catalog archive tier."},
    {PLANNER_NUM(storage, dataset_tb), FieldKind::Number, "TB", 0, 1e7, 0, {}, kBuiltin, Grade::Estimate,
     "Datasets kept in the hot tier."},
    {PLANNER_NUM(storage, hot_tb), FieldKind::Number, "TB", 0, 1e7, 0, {}, kBuiltin, Grade::Estimate,
     "Other data kept hot (logs, model zoo)."},
    {PLANNER_NUM(storage, egress_tb_per_month), FieldKind::Number, "TB/month", 0, 1e7, 0, {}, kBuiltin, Grade::Estimate,
     "Data read across regions or out per month, before the cache."},
    {PLANNER_NUM(storage, dataset_remote_reads_per_month), FieldKind::Number, "reads/month", 0, 1e6, 0, {}, kBuiltin,
     Grade::Estimate, "Full reads of the dataset per month from other regions, before the read-through cache."},
    {PLANNER_NUM(storage, checkpoint_bytes_per_param), FieldKind::Number, "bytes/parameter", 0, 64, nan, {}, "",
     Grade::User, "Default: weights at the precision (inference) or 14 with optimizer state (training)."},
    {PLANNER_NUM(storage, checkpoints_kept_hot), FieldKind::Integer, "checkpoints", 0, 1e6, 4, {}, kBuiltin,
     Grade::Estimate, "Newest checkpoints kept in the hot tier."},
    {PLANNER_NUM(storage, archive_after_days), FieldKind::Number, "days", 0, 1e5, 7, {}, kBuiltin, Grade::Estimate,
     "Checkpoints older than this move to the archive."},
    {PLANNER_NUM(storage, delete_after_months), FieldKind::Number, "months", 0, 1200, 12, {}, kBuiltin,
     Grade::Estimate, "Checkpoints older than this are deleted."},
    {PLANNER_NUM(storage, checkpoints_per_day), FieldKind::Number, "per day", 0, 1e5, nan, {}, "", Grade::User,
     "Default: training from the optimal checkpoint interval; inference 0."},
    {PLANNER_NUM(storage, write_gb_per_s), FieldKind::Number, "GB/s", 0, 1e7, 125, {},
     "NVIDIA DGX SuperPOD RA: 'best' storage tier per scalable unit, 125 GB/s read / 62 GB/s write", Grade::Vendor,
     "Aggregate checkpoint write bandwidth.", {}, false, true},
    {PLANNER_NUM(storage, inter_region_gb_per_s), FieldKind::Number, "GB/s", 0, 1e7, 10, {}, kBuiltin,
     Grade::Estimate, "Replication bandwidth between regions.", {}, false, true},
    {PLANNER_NUM(storage, replication_regions), FieldKind::Integer, "regions", 1, 16, 1, {}, kBuiltin, Grade::Estimate,
     "Copies of each object across regions."},
    {PLANNER_TXT(storage, replication_mode), FieldKind::Choice, "", -inf, inf, nan, "none", kBuiltin, Grade::Estimate,
     "sync: the job waits for every region; async-accelerated: only for the local write.",
     "none|sync|async-accelerated"},
    {PLANNER_NUM(storage, cache_hit_ratio), FieldKind::Number, "fraction", 0, 1, 0, {}, kBuiltin, Grade::Estimate,
     "Read-through local cache: cross-region reads are cut to (1 - hit ratio)."},
    {PLANNER_TXT(storage, kv_tier), FieldKind::Choice, "", -inf, inf, nan, "local-nvme", kBuiltin, Grade::Estimate,
     "Where reused KV cache lives (workload.prefix_reuse_fraction): the GPUs' HBM, the CPU memory beside them "
     "(Grace/Vera LPDDR5X over NVLink-C2C, a host's DDR5 over PCIe), the nodes' local NVMe, or object storage read "
     "over the scale-out NICs (billed at storage.hot_tier's price). Capacity and read rate from the catalog.",
     "hbm|cpu-memory|local-nvme|object-storage"},
    {PLANNER_NUM(storage, kv_retention_hours), FieldKind::Number, "hours", 0, 8760, 1, {},
     "built-in estimate: an agentic or multi-turn session returns within the hour; no published retention retrieved",
     Grade::Estimate,
     "How long a request's new context (its uncached input and its reply) is kept for reuse: the KV cache held is "
     "requests a second x this x new tokens x KV bytes a token (storage.kv_cache_tb)."},

    {PLANNER_NUM(reliability, failures_per_gpu_hour), FieldKind::Number, "per GPU-hour", 0, 1, kLlama3FailuresPerGpuHour, {},
     kLlama3FailureSource, Grade::Vendor, "Interruption rate; cluster MTBF = 1 / (GPUs x rate)."},
    {PLANNER_NUM(reliability, recovery_minutes), FieldKind::Number, "minutes", 0, 1e5, 10, {},
     "estimate consistent with Meta's >90% effective training time at 7.8 interruptions a day (Llama 3 report)",
     Grade::Estimate, "Time from a failure to serving or training again."},
    {PLANNER_NUM(reliability, straggler_probability), FieldKind::Number, "per GPU", 0, 1, 0, {}, kBuiltin,
     Grade::Estimate, "Chance a GPU runs slow; a synchronous step over N GPUs slows by (s-1)(1-(1-p)^N)."},
    {PLANNER_NUM(reliability, straggler_slowdown), FieldKind::Number, "x", 1, 100, 1, {}, kBuiltin, Grade::Estimate,
     "How many times slower a straggler runs."},
    {PLANNER_NUM(reliability, burnin_catch_fraction), FieldKind::Number, "fraction", 0, 1, 0, {}, kBuiltin,
     Grade::Estimate, "Share of stragglers a validation and burn-in pipeline catches."},
    {PLANNER_NUM(reliability, burnin_hours_per_gpu), FieldKind::Number, "hours", 0, 1e4, 0, {}, kBuiltin,
     Grade::Estimate, "Burn-in time per GPU, charged once."},
};
// clang-format on

#undef PLANNER_NUM
#undef PLANNER_TXT
#undef PLANNER_TOP

std::vector<FieldSpec> buildSpecs()
{
    std::vector<FieldSpec> specs;
    specs.reserve(std::size(kRows));
    for (const Row& r : kRows) {
        FieldSpec f;
        f.path = r.path;
        f.kind = r.kind;
        f.unit = r.unit;
        f.min = r.min;
        f.max = r.max;
        f.minExclusive = r.minExclusive;
        f.choices = r.choices;
        f.required = r.required;
        f.defaultNumber = r.defaultNumber;
        f.defaultText = r.defaultText;
        f.defaultSource = r.defaultSource;
        f.defaultGrade = r.defaultGrade;
        f.help = r.help;
        f.number = r.number;
        f.text = r.text;
        specs.push_back(f);
    }
    return specs;
}

bool choiceAllowed(std::string_view choices, std::string_view value)
{
    std::size_t start = 0;
    while (start <= choices.size()) {
        std::size_t end = choices.find('|', start);
        if (end == std::string_view::npos)
            end = choices.size();
        if (choices.substr(start, end - start) == value)
            return true;
        start = end + 1;
    }
    return false;
}

} // namespace

std::span<const FieldSpec> scenarioFields()
{
    static const std::vector<FieldSpec> specs = buildSpecs();
    return specs;
}

const FieldSpec* findField(std::string_view path)
{
    // Evidence gathering looks fields up by path hundreds of times per evaluation: hash them once.
    static const std::unordered_map<std::string_view, const FieldSpec*> index = [] {
        std::unordered_map<std::string_view, const FieldSpec*> map;
        for (const FieldSpec& f : scenarioFields())
            map.emplace(f.path, &f);
        return map;
    }();
    auto it = index.find(path);
    return it == index.end() ? nullptr : it->second;
}

Result<void> checkNumber(const FieldSpec& f, double value)
{
    const std::string where(f.path);
    if (!f.isNumeric())
        return badInput(where, where + " takes text, not a number");
    if (!std::isfinite(value))
        return badInput(where, where + " must be a finite number");
    const bool belowMin = f.minExclusive ? value <= f.min : value < f.min;
    if (belowMin || value > f.max) {
        std::string range = std::string(f.minExclusive ? "(" : "[") + exactText(f.min) + ", " +
                            exactText(f.max) + "]";
        return badInput(where, where + " = " + exactText(value) + " is outside " + range +
                                   (f.unit.empty() ? "" : " " + std::string(f.unit)));
    }
    if (f.kind == FieldKind::Integer && value != std::floor(value))
        return badInput(where, where + " must be a whole number, got " + exactText(value));
    return boost::outcome_v2::success();
}

Result<void> checkText(const FieldSpec& f, std::string_view value)
{
    const std::string where(f.path);
    if (f.isNumeric())
        return badInput(where, where + " takes a number, not text");
    if (f.kind == FieldKind::Choice && !choiceAllowed(f.choices, value)) {
        std::string choices(f.choices);
        std::replace(choices.begin(), choices.end(), '|', ' ');
        return badInput(where, where + " = \"" + std::string(value) + "\" is not one of: " + choices);
    }
    if (f.kind == FieldKind::Id && value.empty())
        return badInput(where, where + " must name a catalog entry");
    return boost::outcome_v2::success();
}

Result<void> setField(Scenario& s, std::string_view path, std::string_view value, std::string_view source)
{
    const FieldSpec* f = findField(path);
    if (!f)
        return badInput(std::string(path), "unknown field \"" + std::string(path) + "\"");
    if (f->isNumeric()) {
        double v = 0;
        auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || ptr != value.data() + value.size())
            return badInput(std::string(path),
                            std::string(path) + " takes a number, got \"" + std::string(value) + "\"");
        if (auto ok = checkNumber(*f, v); !ok)
            return ok.error();
        Number* n = f->number(s);
        *n = Number{v, Provenance{std::string(source), {}, Grade::User}, true};
        if (auto d = s.distributions.find(path); d != s.distributions.end())
            s.distributions.erase(d); // a plain value replaces an uncertain one
        return boost::outcome_v2::success();
    }
    if (auto ok = checkText(*f, value); !ok)
        return ok.error();
    *f->text(s) = Text{std::string(value), true};
    return boost::outcome_v2::success();
}

namespace {

// Each field's path and default source as permanent shared texts, made once, in table order.
struct SharedFieldTexts {
    std::vector<SharedString> paths, defaultSources;
};

const SharedFieldTexts& sharedFieldTexts()
{
    static const SharedFieldTexts texts = [] {
        SharedFieldTexts t;
        for (const FieldSpec& f : scenarioFields()) {
            t.paths.push_back(SharedString::permanent(f.path));
            t.defaultSources.push_back(SharedString::permanent(f.defaultSource));
        }
        return t;
    }();
    return texts;
}

std::size_t rowOf(const FieldSpec& f) { return static_cast<std::size_t>(&f - scenarioFields().data()); }

} // namespace

const SharedString& sharedPath(const FieldSpec& f) { return sharedFieldTexts().paths[rowOf(f)]; }

void applyStaticDefaults(Scenario& s)
{
    const SharedFieldTexts& texts = sharedFieldTexts();
    for (const FieldSpec& f : scenarioFields()) {
        if (f.number) {
            Number* n = f.number(s);
            if (!n->given && !std::isnan(f.defaultNumber))
                *n = Number{f.defaultNumber, Provenance{texts.defaultSources[rowOf(f)], {}, f.defaultGrade}, false};
        } else if (Text* t = f.text(s); !t->given && !f.defaultText.empty()) {
            *t = Text{std::string(f.defaultText), false};
        }
    }
}

Scenario defaultScenario()
{
    Scenario s;
    applyStaticDefaults(s);
    return s;
}

bool throughputReads(std::string_view path)
{
    return path == "system" || path.substr(0, 9) == "workload." || path == "network.nic_gbps"
        || path == "network.nics_per_gpu" || path == "network.oversubscription";
}

} // namespace planner
