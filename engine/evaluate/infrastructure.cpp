// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate/infrastructure.h"

#include "scenario/scenario_evidence.h"

#include <algorithm>
#include <cmath>

namespace planner {

using namespace units;

namespace {

Evidence fieldEvidence(const Scenario& s, std::initializer_list<std::string_view> paths)
{
    return evidenceOf(s, paths, "model");
}

template <class T>
T valueOr(const Figure<T>& f, T fallback)
{
    return f.known() ? f.value() : fallback;
}

BomLine networkLine(std::string item, double count, std::string unit, Money unitCost, Power unitPower,
                    const Provenance& p)
{
    BomLine l;
    l.category = "network";
    l.item = std::move(item);
    l.count = count;
    l.unit = std::move(unit);
    l.unitCost = unitCost;
    l.unitPower = unitPower;
    l.provenance = p;
    return l;
}

FabricInput fabricInput(const Scenario& s, const SwitchSpec* sw, const OpticSpec* optic, int gpus)
{
    const NetworkInputs& n = s.network;
    FabricInput in;
    in.gpus = gpus;
    in.nicsPerGpu = static_cast<int>(n.nics_per_gpu.value);
    in.nicBandwidth = gigabits_per_second(n.nic_gbps.value);
    in.switchRadix = static_cast<int>(n.switch_radix.value);
    in.switchPortBandwidth = gigabits_per_second(n.switch_port_gbps.value);
    in.planes = static_cast<int>(n.planes.value);
    in.oversubscription = n.oversubscription.value;
    in.switchPower = sw ? valueOr(sw->power, watts(0)) : watts(0);
    in.switchPrice = sw ? valueOr(sw->price, usd(0)) : usd(0);
    in.transceiverPower = optic ? valueOr(optic->power, watts(0)) : watts(0);
    in.transceiverPrice = optic ? valueOr(optic->price, usd(0)) : usd(0);
    in.cablePrice = usd(0);
    in.optical = optic != nullptr;
    return in;
}

void fabricBom(const FabricResult& f, const SwitchSpec* sw, const OpticSpec* optic, NetworkStep& out)
{
    const Provenance swp = sw && sw->price.known() ? sw->price.provenance() : Provenance{"no price in the catalog", {}, Grade::Estimate};
    const Money swPrice = f.switches() ? f.switchCost / double(f.switches()) : usd(0);
    const Power swPower = f.switches() ? f.switchPowerTotal / double(f.switches()) : watts(0);
    const std::string name = sw ? sw->name : "switch";
    for (auto [tier, count] : {std::pair{"leaf", f.leafSwitches}, std::pair{"spine", f.spineSwitches},
                               std::pair{"core", f.coreSwitches}})
        if (count > 0)
            out.bom.push_back(networkLine(name + " " + tier + " switch", double(count), "switches", swPrice, swPower, swp));
    if (f.transceivers > 0) {
        const Provenance op = optic && optic->price.known() ? optic->price.provenance() : Provenance{};
        out.bom.push_back(networkLine(optic ? optic->name : "transceiver", double(f.transceivers), "modules",
                                      f.transceiverCost / double(f.transceivers),
                                      f.transceiverPowerTotal / double(f.transceivers), op));
    }
    BomLine cables = networkLine("fabric cables", double(f.cables()), "cables", usd(0), watts(0),
                                 Provenance{"counted by the fabric model; no cable price in the catalog", {}, Grade::Estimate});
    out.bom.push_back(cables);
}

// A missing price or power figure counts as zero; say so rather than let the BOM look complete.
void unknownFiguresWarnings(const SwitchSpec* sw, const OpticSpec* optic, Warnings& warnings)
{
    auto check = [&](bool known, const std::string& what) {
        if (!known)
            warnings.push_back({"network", "the catalog has no " + what + "; counted as zero"});
    };
    if (sw) {
        check(sw->price.known(), "price for " + sw->name);
        check(sw->power.known(), "power figure for " + sw->name);
    }
    if (optic) {
        check(optic->price.known(), "price for " + optic->name);
        check(optic->power.known(), "power figure for " + optic->name);
    }
}

} // namespace

Result<FabricResult> sizeScenarioFabric(const Scenario& s, const Catalog& c, int gpus)
{
    const SwitchSpec* sw = c.switchSpec(s.network.switch_model.value);
    const OpticSpec* optic = s.network.optic.value.empty() ? nullptr : c.optic(s.network.optic.value);
    return sizeFabric(fabricInput(s, sw, optic, gpus));
}

Result<NetworkStep> planNetwork(const Scenario& s, const Catalog& c, int gpus)
{
    const SwitchSpec* sw = c.switchSpec(s.network.switch_model.value);
    const OpticSpec* optic = s.network.optic.value.empty() ? nullptr : c.optic(s.network.optic.value);
    auto fabric = sizeFabric(fabricInput(s, sw, optic, gpus));
    if (!fabric)
        return fabric.error();
    NetworkStep out;
    out.fabric = fabric.value();
    for (Warning& w : out.fabric.warnings)
        w.where = "network: " + w.where;
    fabricBom(out.fabric, sw, optic, out);
    unknownFiguresWarnings(sw, optic, out.fabric.warnings);
    const auto e = std::make_shared<const Evidence>(fieldEvidence(s, {"network.nics_per_gpu", "network.nic_gbps", "network.switch_radix",
                                         "network.switch_port_gbps", "network.planes", "network.oversubscription"}));
    const FabricResult& f = out.fabric;
    addMetric(out.details, "network.tiers", "Fabric tiers", f.tiers, "tiers", e);
    addMetric(out.details, "network.leaf_switches", "Leaf switches", double(f.leafSwitches), "switches", e);
    addMetric(out.details, "network.spine_switches", "Spine switches", double(f.spineSwitches), "switches", e);
    addMetric(out.details, "network.core_switches", "Core switches", double(f.coreSwitches), "switches", e);
    addMetric(out.details, "network.transceivers", "Transceivers", double(f.transceivers), "modules", e);
    addMetric(out.details, "network.cables", "Fabric cables", double(f.cables()), "cables", e);
    addMetric(out.details, "network.bisection_gbps_per_gpu", "Bisection bandwidth per GPU",
              in_gigabits_per_second(f.bisectionPerGpu), "Gb/s", e);
    addMetric(out.details, "network.power_kw", "Fabric power", in_kilowatts(f.power()), "kW", e);
    addMetric(out.details, "network.cost_usd", "Fabric cost", in_usd(f.cost()), "USD", e);
    return out;
}

Result<void> collectiveDetails(const Scenario& s, const SystemSpec& sys, const GpuSpec& gpu, const ModelSpec& m,
                               int gpus, std::vector<Metric>& out)
{
    const Bandwidth perGpuOut = gigabits_per_second(s.network.nic_gbps.value * s.network.nics_per_gpu.value);
    const auto e = std::make_shared<const Evidence>(
        fieldEvidence(s, {"network.nic_gbps", "network.nics_per_gpu", "workload.input_tokens"}));
    if (s.workload.serving.value == "disaggregated" && m.kvBytesPerToken16.known()) {
        // KV cache kept at 8 bits when the model runs at 8 or 4 bits, as serving stacks do.
        const double kvScale = s.workload.precision.value == "bf16" || s.workload.precision.value == "fp16" ? 1.0 : 0.5;
        const DataSize perRequest = m.kvBytesPerToken16.value() * kvScale * s.workload.input_tokens.value;
        auto t = kvTransferTime(perRequest, perGpuOut);
        if (!t)
            return t.error();
        addMetric(out, "network.kv_transfer_mb_per_request", "KV cache per request (prefill to decode)",
                  in_bytes(perRequest) / 1e6, "MB", e);
        addMetric(out, "network.kv_transfer_ms_per_request", "KV hand-off time per request", in_seconds(t.value()) * 1e3,
                  "ms", e);
    }
    if (s.workload.kind.value != "training" || !gpu.scaleUpBandwidth.known())
        return boost::outcome_v2::success();
    HierarchicalAllReduceInput in;
    in.domainSize = std::min(sys.gpusPerDomain, gpus);
    in.domains = std::max(1, gpus / in.domainSize);
    in.size = bytes(2.0 * m.activeParams.value()); // bf16 gradients
    in.scaleUpBandwidth = gpu.scaleUpBandwidth.value() / 2.0; // catalog figure is bidirectional
    in.scaleOutBandwidth = perGpuOut;
    auto t = hierarchicalAllReduceTime(in);
    if (!t)
        return t.error();
    addMetric(out, "network.gradient_allreduce_s", "Gradient all-reduce per step (hierarchical)", in_seconds(t.value()),
              "s", e);
    return boost::outcome_v2::success();
}

Result<ReliabilityResult> planReliability(const Scenario& s, const SystemSpec& sys, int gpus, Time checkpointWrite)
{
    const ReliabilityInputs& r = s.reliability;
    ReliabilityInput in;
    in.gpus = gpus;
    in.gpusPerDomain = sys.gpusPerDomain;
    in.failureRate = per_hour(r.failures_per_gpu_hour.value);
    in.recoveryTime = seconds(60 * r.recovery_minutes.value);
    in.checkpointWriteTime = checkpointWrite;
    in.stragglerProbability = r.straggler_probability.value;
    in.stragglerSlowdown = r.straggler_slowdown.value;
    in.burnInCatchFraction = r.burnin_catch_fraction.value;
    in.burnInPerGpu = hours(r.burnin_hours_per_gpu.value);
    in.spareFraction = s.cluster.spare_fraction.value;
    return s.workload.kind.value == "training" ? trainingReliability(in) : inferenceReliability(in);
}

void reliabilityDetails(const Scenario& s, const ReliabilityResult& r, std::vector<Metric>& out)
{
    const auto e = std::make_shared<const Evidence>(fieldEvidence(
        s, {"reliability.failures_per_gpu_hour", "reliability.recovery_minutes", "reliability.straggler_probability",
            "reliability.straggler_slowdown", "reliability.burnin_catch_fraction"}));
    addMetric(out, "reliability.interruptions_per_day", "Interruptions per day", r.interruptionsPerDay, "per day", e);
    addMetric(out, "reliability.mtbf_hours", "Cluster MTBF", in_hours(r.mtbf), "h", e);
    addMetric(out, "reliability.checkpoint_interval_s", "Checkpoint interval (Young/Daly)",
              in_seconds(r.checkpointInterval), "s", e);
    addMetric(out, "reliability.lost_fraction", "Time lost to checkpoints and failures", r.lostFraction, "fraction", e);
    addMetric(out, "reliability.straggler_factor", "Straggler slowdown factor", r.stragglerFactor, "x", e);
    addMetric(out, "reliability.availability", "Availability", r.availability, "fraction", e);
    addMetric(out, "reliability.goodput", "Goodput", r.goodput, "fraction", e);
    addMetric(out, "reliability.spares", "Spare GPUs (reliability)", r.spares, "GPUs", e);
    addMetric(out, "reliability.burnin_gpu_hours", "Burn-in GPU-hours", in_hours(r.burnInGpuTime), "GPU-hours", e);
}

namespace {

TierPrice priceOfTier(const StorageTierSpec& t)
{
    TierPrice p;
    p.storagePerMonth = valueOr(t.pricePerGbMonth, usd_per_gb(0));
    p.retrieval = valueOr(t.retrievalPerGb, usd_per_gb(0));
    p.egress = valueOr(t.egressPerGb, usd_per_gb(0));
    p.minimumRetention = valueOr(t.minimumRetention, seconds(0));
    return p;
}

Replication replicationOf(const std::string& mode)
{
    if (mode == "sync")
        return Replication::Sync;
    if (mode == "async-accelerated")
        return Replication::AsyncAccelerated;
    return Replication::None;
}

BomLine storageLine(std::string tier, DataSize size, Money perMonth, const Provenance& p)
{
    BomLine l;
    l.category = "storage";
    l.item = std::move(tier);
    l.count = in_terabytes(size);
    l.unit = "TB";
    l.unitCost = usd(0);
    l.unitPower = watts(0);
    l.includedIn = "storage services (opex, " + std::to_string(static_cast<long long>(in_usd(perMonth))) + " USD/month)";
    l.provenance = p;
    return l;
}

} // namespace

Result<StorageStep> planStorage(const Scenario& s, const Catalog& c, const ModelSpec& m, int gpus, Time interval)
{
    const StorageInputs& st = s.storage;
    StorageStep out;
    const double params = m.totalParams.value();
    out.checkpointSize = checkpointSize(params, st.checkpoint_bytes_per_param.value);
    CheckpointWriteInput w;
    w.size = out.checkpointSize;
    w.localWrite = gigabytes_per_second(st.write_gb_per_s.value);
    w.interRegion = gigabytes_per_second(st.inter_region_gb_per_s.value);
    w.mode = replicationOf(st.replication_mode.value);
    w.interval = interval;
    auto written = checkpointWrite(w);
    if (!written)
        return written.error();
    out.checkpoint = written.value();

    const StorageTierSpec* hot = c.storageTier(st.hot_tier.value);
    const StorageTierSpec* warm = c.storageTier(st.warm_tier.value);
    const StorageTierSpec* archive = c.storageTier(st.archive_tier.value);
    StorageInput in;
    in.checkpointSize = out.checkpointSize;
    const double perDay = st.checkpoints_per_day.isSet() ? st.checkpoints_per_day.value
                          : interval.value() > 0       ? 86400.0 / in_seconds(interval)
                                                       : 0.0;
    in.retention.checkpointRate = perDay / days(1);
    in.retention.keepHot = perDay > 0 ? static_cast<int>(st.checkpoints_kept_hot.value) : 1;
    in.retention.archiveAfter = days(st.archive_after_days.value);
    in.retention.deleteAfter = months(st.delete_after_months.value);
    in.regions = static_cast<int>(st.replication_regions.value);
    in.prices.hot = priceOfTier(*hot);
    in.prices.warm = priceOfTier(*warm);
    in.prices.archive = priceOfTier(*archive);
    in.dataset = terabytes(st.dataset_tb.value + st.hot_tb.value);
    in.datasetRemoteReadsPerMonth = st.dataset_remote_reads_per_month.value;
    in.cacheHitRatio = st.cache_hit_ratio.value;
    in.egressPerMonth = terabytes(st.egress_tb_per_month.value);
    in.months = 1; // evaluate() uses the steady month; the month-by-month table is for reports

    auto plan = storagePlan(in);
    if (!plan)
        return plan.error();
    out.plan = plan.value();
    const StorageMonth& steady = out.plan.steady;
    out.feesPerYear = steady.total / months(1);
    const auto& held = out.plan.steadyStored;
    out.bom.push_back(storageLine(hot->name + " (hot)", held.hot, steady.cost.hot.total(), hot->pricePerGbMonth.provenance()));
    out.bom.push_back(storageLine(warm->name + " (warm)", held.warm, steady.cost.warm.total(), warm->pricePerGbMonth.provenance()));
    out.bom.push_back(storageLine(archive->name + " (archive)", held.archive, steady.cost.archive.total(),
                                  archive->pricePerGbMonth.provenance()));
    const auto e = std::make_shared<const Evidence>(
        fieldEvidence(s, {"storage.checkpoint_bytes_per_param", "storage.write_gb_per_s", "storage.inter_region_gb_per_s",
                          "storage.dataset_tb", "storage.cache_hit_ratio"}));
    addMetric(out.details, "storage.checkpoint_tb", "Checkpoint size", in_terabytes(out.checkpointSize), "TB", e);
    addMetric(out.details, "storage.checkpoint_write_s", "Checkpoint blocking write time",
              in_seconds(out.checkpoint.blocking), "s", e);
    addMetric(out.details, "storage.replication_lag_s", "Replication lag", in_seconds(out.checkpoint.replicationLag), "s", e);
    addMetric(out.details, "storage.hot_tb", "Hot tier held", in_terabytes(held.hot), "TB", e);
    addMetric(out.details, "storage.warm_tb", "Warm tier held", in_terabytes(held.warm), "TB", e);
    addMetric(out.details, "storage.archive_tb", "Archive tier held", in_terabytes(held.archive), "TB", e);
    addMetric(out.details, "storage.monthly_cost_usd", "Storage cost per month", in_usd(steady.total), "USD/month", e);
    addMetric(out.details, "storage.cross_region_reads_tb_per_month", "Cross-region reads after the cache",
              in_terabytes(out.plan.crossRegionReadsPerMonth), "TB/month", e);
    (void)gpus;
    return out;
}

Result<TrainingResult> planTraining(const Scenario& s, const GpuSpec& gpu, const ModelSpec& m, int gpus,
                                    const ReliabilityResult& r, MoneyRate gpuHourCost)
{
    const Precision p = precisionFromName(s.workload.precision.value).value_or(Precision::BF16);
    const auto& flops = gpu.denseFlops[static_cast<int>(p)];
    if (!flops.known())
        return badInput("workload.precision", gpu.name + " has no dense " + std::string(precisionName(p)) +
                                                  " figure in the catalog");
    if (!s.workload.training_tokens.isSet())
        return badInput("workload.training_tokens", "a training workload needs workload.training_tokens");
    TrainingInput in;
    in.parameters = m.activeParams.value();
    in.tokens = tokens(s.workload.training_tokens.value);
    in.gpus = gpus;
    in.peakFlopsPerGpu = flops.value();
    in.mfu = s.workload.mfu.value;
    in.goodput = r.goodput;
    in.gpuHourPrice = gpuHourCost;
    in.spareGpus = r.spares;
    in.burnInGpuTime = r.burnInGpuTime;
    return trainingRun(in);
}

} // namespace planner
