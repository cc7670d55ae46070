// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_defaults.h"

#include "catalog/facility_defaults.h"
#include "catalog/reference_figures.h"
#include "core/choices.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <cmath>

namespace planner {

using namespace units;

namespace {

template <class Spec>
std::string idList(const std::vector<Spec>& specs)
{
    std::string out;
    for (const Spec& s : specs)
        out += (out.empty() ? "" : ", ") + s.id;
    return out;
}

void fill(Number& n, double value, const Provenance& p)
{
    if (!n.given)
        n = Number{value, p, false};
}

template <class T>
void fillFigure(Number& n, const Figure<T>& f, double (*convert)(T))
{
    if (!n.given && f.known())
        n = Number{convert(f.value()), f.provenance(), false};
}

const SwitchSpec* switchFor(const Catalog& c, double nicGbps)
{
    // Prefer a switch whose port speed equals the NIC speed, else one twice as fast (breakout).
    for (double wanted : {nicGbps, nicGbps * 2})
        for (const SwitchSpec& s : c.switches)
            if (s.portBandwidth.known() && in_gigabits_per_second(s.portBandwidth.value()) == wanted)
                return &s;
    return c.switches.empty() ? nullptr : &c.switches.front();
}

const OpticSpec* opticFor(const Catalog& c, double portGbps)
{
    for (const OpticSpec& o : c.optics)
        if (o.bandwidth.known() && in_gigabits_per_second(o.bandwidth.value()) == portGbps)
            return &o;
    return nullptr;
}

// A NIC faster than every switch port in the catalog (ConnectX-9 at 1.6 Tb/s per GPU) is built
// as several links at the fastest port speed, as NVIDIA's Vera Rubin design uses 2 x 800G.
void splitFasterThanAnyPort(NetworkInputs& n, const Catalog& c)
{
    if (n.nic_gbps.given || n.nics_per_gpu.given || n.switch_model.given)
        return;
    double fastest = 0;
    for (const SwitchSpec& s : c.switches)
        if (s.portBandwidth.known())
            fastest = std::max(fastest, in_gigabits_per_second(s.portBandwidth.value()));
    if (fastest <= 0 || n.nic_gbps.value <= fastest || std::fmod(n.nic_gbps.value, fastest) != 0)
        return;
    const double links = n.nic_gbps.value / fastest;
    n.nics_per_gpu.value *= links;
    n.nics_per_gpu.provenance.source += "; split into " + std::to_string(int(links)) + " links at the fastest switch port";
    n.nic_gbps.value = fastest;
}

void resolveFacility(Scenario& s, const SystemSpec& sys)
{
    if (!s.facility.cooling.given)
        s.facility.cooling = Text{std::string(coolingName(sys.cooling)), false};
    const Cooling cooling = coolingFromName(s.facility.cooling.value).value_or(sys.cooling);
    const auto pue = defaultPue(cooling);
    fill(s.facility.pue, pue.value, pue.provenance);
    const auto capex = defaultCoolingCapex(cooling);
    fill(s.facility.cooling_capex_usd_per_kw, capex.value.value() * 1e3, capex.provenance);
    fillFigure(s.finance.system_price_usd, sys.domainPrice, &in_usd);
}

Result<void> resolveNetwork(Scenario& s, const SystemSpec& sys, const Catalog& c)
{
    NetworkInputs& n = s.network;
    if (!n.nic.given)
        n.nic = Text{sys.nic, false};
    const NicSpec* nic = c.nic(n.nic.value);
    if (!nic)
        return badInput("network.nic", "unknown NIC \"" + n.nic.value + "\"; the catalog has: " + idList(c.nics));
    fill(n.nics_per_gpu, sys.nicsPerGpu, Provenance{"catalog system " + sys.id, {}, Grade::Vendor});
    fillFigure(n.nic_gbps, nic->bandwidth, &in_gigabits_per_second);
    splitFasterThanAnyPort(n, c);
    if (!n.switch_model.given) {
        const SwitchSpec* sw = switchFor(c, n.nic_gbps.value);
        n.switch_model = Text{sw ? sw->id : std::string(), false};
    }
    const SwitchSpec* sw = c.switchSpec(n.switch_model.value);
    if (!sw)
        return badInput("network.switch_model",
                        "unknown switch \"" + n.switch_model.value + "\"; the catalog has: " + idList(c.switches));
    fill(n.switch_radix, sw->radix, sw->portBandwidth.known() ? sw->portBandwidth.provenance() : Provenance{});
    fillFigure(n.switch_port_gbps, sw->portBandwidth, &in_gigabits_per_second);
    if (!n.optic.given) {
        const OpticSpec* o = opticFor(c, n.switch_port_gbps.value);
        n.optic = Text{o ? o->id : std::string(), false};
    }
    if (!n.optic.value.empty() && !c.optic(n.optic.value))
        return badInput("network.optic", "unknown transceiver \"" + n.optic.value + "\"; the catalog has: " +
                                             idList(c.optics));
    return boost::outcome_v2::success();
}

Result<void> checkTier(const Catalog& c, const Text& tier, const char* path)
{
    if (!c.storageTier(tier.value))
        return badInput(path, std::string("unknown storage tier \"") + tier.value + "\"; the catalog has: " +
                                  idList(c.storageTiers));
    return boost::outcome_v2::success();
}

} // namespace

// A checkpoint holds the weights at the serving precision (inference) or the weights with the
// optimizer state (training).
void resolveCheckpointSize(Scenario& s)
{
    Number& bytes = s.storage.checkpoint_bytes_per_param;
    if (bytes.isSet())
        return;
    if (workloadKindFromName(s.workload.kind.value) == WorkloadKind::Training) {
        const Sourced<double>& zero = trainingCheckpointBytesPerParam();
        bytes = Number{zero.value, zero.provenance, false};
    } else if (auto p = precisionFromName(s.workload.precision.value)) {
        bytes = Number{bytesPerParameter(*p), {"weights only, at the workload precision", "", Grade::Estimate}, false};
    }
}

bool resolutionReads(std::string_view numericPath)
{
    // switchFor() reads nic_gbps, opticFor() switch_port_gbps, splitFasterThanAnyPort() both
    // NIC figures. tests/engine/analysis/test_sweep checks every other numeric field passes through.
    return numericPath == "network.nic_gbps" || numericPath == "network.switch_port_gbps" ||
           numericPath == "network.nics_per_gpu";
}

Result<Scenario> resolveScenario(const Scenario& in, const Catalog& catalog)
{
    Scenario s;
    if (auto ok = resolveScenarioInto(in, catalog, s); !ok)
        return ok.error();
    return s;
}

namespace {

// A scenario read from a file or edited with --set or in the GUI has each value checked as it comes
// in (checkNumber); one built in code has not, and a NaN or absurd figure would reach the steps
// (a NaN horizon sizes finance's cash-flow vector). Checked here with the field's name: a plain
// comparison per given number, the worded check only for the one that fails.
Result<void> checkGivenNumbers(const Scenario& s)
{
    for (const FieldSpec& f : scenarioFields()) {
        const Number* n = numberOf(f, s);
        if (!n || !n->given)
            continue;
        const double v = n->value;
        const bool inside = std::isfinite(v) && (f.minExclusive ? v > f.min : v >= f.min) && v <= f.max;
        if (!inside || (f.kind == FieldKind::Integer && v != std::floor(v)))
            if (auto ok = checkNumber(f, v); !ok)
                return ok.error();
    }
    return boost::outcome_v2::success();
}

} // namespace

Result<void> resolveScenarioInto(const Scenario& in, const Catalog& catalog, Scenario& s)
{
    if (auto ok = checkGivenNumbers(in); !ok)
        return ok.error();
    s = in;
    applyStaticDefaults(s);
    const SystemSpec* sys = catalog.system(s.system.value);
    if (!sys)
        return badInput("system", "unknown system \"" + s.system.value + "\"; the catalog has: " +
                                      idList(catalog.systems));
    if (!catalog.model(s.workload.model.value))
        return badInput("workload.model", "unknown model \"" + s.workload.model.value +
                                              "\"; the catalog has: " + idList(catalog.models));
    if (const std::string& prefill = s.workload.prefill_system.value; !prefill.empty()) {
        const SystemSpec* pool = catalog.system(prefill);
        if (!pool)
            return badInput("workload.prefill_system", "unknown prefill system \"" + prefill + "\"; the catalog has: " +
                                                           idList(catalog.systems));
        fillFigure(s.finance.prefill_system_price_usd, pool->domainPrice, &in_usd);
    }
    resolveFacility(s, *sys);
    resolveCheckpointSize(s);
    if (auto ok = resolveNetwork(s, *sys, catalog); !ok)
        return ok.error();
    for (auto [tier, path] : {std::pair{&s.storage.hot_tier, "storage.hot_tier"},
                              std::pair{&s.storage.warm_tier, "storage.warm_tier"},
                              std::pair{&s.storage.archive_tier, "storage.archive_tier"}})
        if (auto ok = checkTier(catalog, *tier, path); !ok)
            return ok.error();
    return boost::outcome_v2::success();
}

} // namespace planner
