// SPDX-License-Identifier: GPL-3.0-or-later
// The scale-out fabric of a sized cluster: switch, transceiver and cable counts with their cost and
// power as BOM lines, and the time of the collectives the workload runs over it (the KV-cache
// hand-off of disaggregated serving, the gradient all-reduce of training).
#include "evaluate/evaluation_steps.h"

#include "core/joined_text.h"
#include "scenario/scale_out.h"

#include <algorithm>

namespace planner::steps {

using namespace units;

namespace {

template <class T>
T valueOr(const Figure<T>& f, T fallback)
{
    return f.known() ? f.value() : fallback;
}

// A named network line of the full path's BOM (the numbers-only path makes amounts instead).
BomLine networkLine(std::string item, double count, std::string unit, Money unitCost, Power unitPower,
                    const Provenance& p, CountBasis basis)
{
    BomLine l;
    l.scalesWith = basis;
    l.perBasis = 1;
    l.category = "network";
    l.capexClass = CapexClass::Network;
    l.item = std::move(item);
    l.count = count;
    l.unit = std::move(unit);
    l.unitCost = unitCost;
    l.unitPower = unitPower;
    l.provenance = p;
    return l;
}

} // namespace

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
    // An optical link takes its transceiver's fibre; a copper (DAC) link the price the scenario gives,
    // for the catalog has none (no public DAC price was found).
    const double copper = n.copper_cable_price_usd.isSet() ? n.copper_cable_price_usd.value : 0.0;
    in.cablePrice = optic ? valueOr(optic->cablePrice, usd(0)) : usd(copper);
    in.optical = optic != nullptr;
    return in;
}

namespace {

// The numbers-only path's lines: counts, unit costs and powers only, in the order fabricBom gives
// them (finance sums them in this order), without a name, unit or provenance to build.
void fabricBomNumbers(const FabricResult& f, NetworkPlan& out)
{
    const Money swPrice = f.switches() ? f.switchCost / double(f.switches()) : usd(0);
    const Power swPower = f.switches() ? f.switchPowerTotal / double(f.switches()) : watts(0);
    for (std::int64_t count : {f.leafSwitches, f.spineSwitches, f.coreSwitches})
        if (count > 0)
            out.amounts.add(CapexClass::Network, double(count), swPrice, swPower);
    if (f.transceivers > 0)
        out.amounts.add(CapexClass::Network, double(f.transceivers), f.transceiverCost / double(f.transceivers),
                        f.transceiverPowerTotal / double(f.transceivers));
    const Money cablePrice = f.cables() ? f.cableCost / double(f.cables()) : usd(0);
    out.amounts.add(CapexClass::Network, double(f.cables()), cablePrice, watts(0));
}

void fabricBom(const FabricResult& f, const SwitchSpec* sw, const OpticSpec* optic, const Number& copperPrice,
               NetworkPlan& out)
{
    // Texts made once (permanent): a provenance built from a literal allocated on every call.
    static const Provenance kNoSwitchPrice{SharedString::permanent("no price in the catalog"), {}, Grade::Estimate};
    static const Provenance kNoCablePrice{
        SharedString::permanent("counted by the fabric model; no cable price in the catalog"), {}, Grade::Estimate};
    const Provenance& swp = sw && sw->price.known() ? sw->price.provenance() : kNoSwitchPrice;
    const Money swPrice = f.switches() ? f.switchCost / double(f.switches()) : usd(0);
    const Power swPower = f.switches() ? f.switchPowerTotal / double(f.switches()) : watts(0);
    out.bom.reserve(5); // leaf, spine, core, transceivers, cables
    const std::string_view name = sw ? std::string_view(sw->name) : "switch";
    struct Tier {
        const char* name;
        std::int64_t count;
        CountBasis basis;
    };
    for (const Tier& t : {Tier{"leaf", f.leafSwitches, CountBasis::FabricLeaves},
                          Tier{"spine", f.spineSwitches, CountBasis::FabricSpines},
                          Tier{"core", f.coreSwitches, CountBasis::FabricCores}})
        if (t.count > 0)
            out.bom.push_back(networkLine(joinedText({name, " ", t.name, " switch"}), double(t.count), "switches",
                                          swPrice, swPower, swp, t.basis));
    if (f.transceivers > 0) {
        const Provenance op = optic && optic->price.known() ? optic->price.provenance() : Provenance{};
        out.bom.push_back(networkLine(optic ? optic->name : std::string("transceiver"), double(f.transceivers), "modules",
                                      f.transceiverCost / double(f.transceivers),
                                      f.transceiverPowerTotal / double(f.transceivers), op,
                                      CountBasis::FabricTransceivers));
    }
    const Provenance& cablep = optic ? (optic->cablePrice.known() ? optic->cablePrice.provenance() : kNoCablePrice)
        : copperPrice.isSet()        ? copperPrice.provenance
                                     : kNoCablePrice;
    out.bom.push_back(networkLine(optic ? "fabric fibre cables" : "fabric copper (DAC) cables", double(f.cables()), "cables",
                                  f.cables() ? f.cableCost / double(f.cables()) : usd(0), watts(0), cablep,
                                  CountBasis::FabricCables));
}

// A missing price or power figure counts as zero; say so rather than let the BOM look complete.
void unknownFiguresWarnings(const SwitchSpec* sw, const OpticSpec* optic, bool copperPriced, std::int64_t cables,
                            Warnings& warnings)
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
        check(optic->cablePrice.known(), "fibre cable price for " + optic->name);
    } else if (cables > 0 && !copperPriced) {
        check(false, "price for copper (DAC) cables: no public price was found for them (give network.copper_cable_price_usd)");
    }
}

// The full path's network lines, warnings and figures, out of line: the numbers-only path skips its code.
[[gnu::noinline]] void publishNetwork(const Scenario& s, const Catalog& c, NetworkPlan& out)
{
    const SwitchSpec* sw = c.switchSpec(s.network.switch_model.value);
    const OpticSpec* optic = s.network.optic.value.empty() ? nullptr : c.optic(s.network.optic.value);
    fabricBom(out.fabric, sw, optic, s.network.copper_cable_price_usd, out);
    for (Warning& warning : out.fabric.warnings)
        warning.where = "network: " + warning.where;
    unknownFiguresWarnings(sw, optic, s.network.copper_cable_price_usd.isSet(), out.fabric.cables(), out.fabric.warnings);
    const auto e = std::make_shared<const Evidence>(evidenceOf(s, {"network.nics_per_gpu", "network.nic_gbps", "network.switch_radix",
                                         "network.switch_port_gbps", "network.planes", "network.oversubscription"}, "model"));
    const FabricResult& f = out.fabric;
    out.details.reserve(9); // the figures below: grown one by one it was five allocations
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
}

} // namespace

Result<FabricResult> sizeScenarioFabric(Work& w, int gpus)
{
    const Scenario& s = w.s;
    const Catalog& c = w.catalog;
    const SwitchSpec* sw = c.switchSpec(s.network.switch_model.value);
    const OpticSpec* optic = s.network.optic.value.empty() ? nullptr : c.optic(s.network.optic.value);
    const FabricInput in = fabricInput(s, sw, optic, gpus);
    if (!w.memos)
        return sizeFabric(in);
    Work::Memos& memo = *w.memos;
    if (memo.fabricInput && *memo.fabricInput == in)
        return memo.fabric;
    auto sized = sizeFabric(in);
    if (!sized)
        return failed(sized);
    memo.fabricInput.reset(); // an exception in the copy below leaves no half-written answer
    memo.fabric = sized.value();
    memo.fabricInput = in;
    return sized;
}

Result<NetworkPlan> planNetwork(Work& w, int gpus, std::optional<FabricResult> sized)
{
    const Scenario& s = w.s;
    const Catalog& c = w.catalog;
    if (!sized) {
        auto fabric = sizeScenarioFabric(w, gpus);
        if (!fabric)
            return failed(fabric);
        sized = std::move(fabric.value());
    }
    NetworkPlan out;
    out.fabric = std::move(*sized);
    if (w.numbersOnly) { // amounts only: no names, so no switch or optic to look up
        fabricBomNumbers(out.fabric, out);
        return out;
    }
    publishNetwork(s, c, out);
    w.out.fabricInput = fabricInput(s, c.switchSpec(s.network.switch_model.value),
                                    s.network.optic.value.empty() ? nullptr : c.optic(s.network.optic.value), gpus);
    return out;
}

namespace {

// Wide expert parallelism: what each GPU can send across the fabric and the share of it the
// expert all-to-all uses on average.
void expertTrafficDetails(const Work& w, std::vector<Metric>& out)
{
    const NetworkInputs& n = w.s.network;
    const double provisioned = n.nic_gbps.value * n.nics_per_gpu.value;
    const double usable = in_gigabits_per_second(usableScaleOutPerGpu(n));
    const double traffic = in_gigabits_per_second(w.throughput.expertTrafficPerGpu);
    const auto e = std::make_shared<const Evidence>(evidenceOf(
        w.s, {"workload.expert_parallel_gpus", "network.nic_gbps", "network.nics_per_gpu", "network.oversubscription"},
        "model"));
    addMetric(out, "network.scale_out_gbps_per_gpu", "Scale-out bandwidth per GPU (NICs)", provisioned, "Gb/s", e);
    addMetric(out, "network.expert_traffic_gbps_per_gpu", "Expert all-to-all across domains per GPU (average)", traffic,
              "Gb/s", e);
    addMetric(out, "network.scale_out_load", "Scale-out load of the expert all-to-all",
              usable > 0 ? traffic / usable : 0.0, "fraction", e);
}

// A prefill pool on a system of its own: the KV cache a busy prefill GPU sends the decode pool,
// and the share of what its NICs can carry.
void kvHandOffDetails(const Work& w, std::vector<Metric>& out)
{
    const double usable = in_gigabits_per_second(usableScaleOutPerGpu(w.s.network));
    const double handOff = in_gigabits_per_second(w.prefillPool->kvHandOffPerGpu);
    const auto e = std::make_shared<const Evidence>(evidenceOf(
        w.s, {"workload.prefill_system", "network.nic_gbps", "network.nics_per_gpu", "network.oversubscription"},
        "model"));
    addMetric(out, "network.kv_handoff_gbps_per_gpu", "KV hand-off per busy prefill GPU", handOff, "Gb/s", e);
    addMetric(out, "network.kv_handoff_load", "KV hand-off's share of a prefill GPU's NICs",
              usable > 0 ? handOff / usable : 0.0, "fraction", e);
}

} // namespace

Result<void> collectiveDetails(const Work& w, std::vector<Metric>& out)
{
    if (!w.gpu)
        return boost::outcome_v2::success();
    const Scenario& s = w.s;
    const GpuSpec& gpu = *w.gpu;
    const ModelSpec& m = w.model;
    const int gpus = w.out.sizing.gpus;
    const Bandwidth perGpuOut = gigabits_per_second(s.network.nic_gbps.value * s.network.nics_per_gpu.value);
    const auto e = std::make_shared<const Evidence>(
        evidenceOf(s, {"network.nic_gbps", "network.nics_per_gpu", "workload.input_tokens"}, "model"));
    if (w.choices.serving == Serving::Disaggregated && m.kvBytesPerToken16.known()) {
        const DataSize perRequest = m.kvBytesPerToken16.value() * kvCacheScale(w.choices.precision) *
                                    s.workload.input_tokens.value;
        auto t = kvTransferTime(perRequest, perGpuOut);
        if (!t)
            return t.error();
        addMetric(out, "network.kv_transfer_mb_per_request", "KV cache per request (prefill to decode)",
                  in_bytes(perRequest) / 1e6, "MB", e);
        addMetric(out, "network.kv_transfer_ms_per_request", "KV hand-off time per request", in_seconds(t.value()) * 1e3,
                  "ms", e);
    }
    if (w.throughput.expertTrafficKnown)
        expertTrafficDetails(w, out);
    if (w.prefillPool)
        kvHandOffDetails(w, out);
    if (!w.training() || !gpu.scaleUpBandwidth.known())
        return boost::outcome_v2::success();
    HierarchicalAllReduceInput in;
    in.domainSize = std::min(w.system.gpusPerDomain, gpus);
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

} // namespace planner::steps
