// SPDX-License-Identifier: GPL-3.0-or-later
// The bill of materials: the compute domains and what their price includes, the network and
// storage lines their steps made, and the facility's cooling and (when building) the data hall.
// Each line carries its capex class, so finance never guesses a class from a name.
#include "evaluate/evaluation_steps.h"

#include <cmath>

namespace planner::steps {

using namespace units;

namespace {

// One pool's compute: its domains, and the GPUs, CPUs and NIC ports their price includes.
struct PoolLines {
    const SystemSpec& system;
    const GpuSpec* gpu;
    int domains;
    const Number& price;
    const std::string& priceField;
    Power itPerGpuNameplate;
    std::string_view role; // "" for the one pool, else "decode pool" or "prefill pool"
    CountBasis domainsBasis; // what the workbook re-sizes its count by (Fixed: the engine's plan)
};

void addPoolBom(Work& w, const PoolLines& pool)
{
    const SystemSpec& sys = pool.system;
    if (!std::isfinite(pool.price.value)) // a catalog system no source prices
        w.out.warnings.push_back({pool.priceField, sys.name + " has no price in the catalog: give " + pool.priceField
                                                       + "; every cost figure stays n/a until then"});
    BomLine domain;
    domain.category = "compute";
    domain.capexClass = CapexClass::Compute;
    // Catalog names already say "rack", "node" or "platform".
    domain.item = pool.role.empty() ? sys.name : sys.name + " (" + std::string(pool.role) + ")";
    domain.count = pool.domains;
    domain.unit = std::string(sys.domainUnit());
    domain.unitCost = usd(pool.price.value);
    domain.unitPower = pool.itPerGpuNameplate * double(sys.gpusPerDomain);
    domain.provenance = pool.price.provenance;
    domain.scalesWith = pool.domainsBasis;
    domain.perBasis = 1;
    w.out.bom.add(domain);
    const Figure<Money>& catalogPrice = sys.domainPrice;
    auto included = [&](std::string item, double perDomain, std::string unit) {
        BomLine l;
        l.category = "compute";
        l.capexClass = CapexClass::Compute;
        l.item = std::move(item);
        l.count = double(pool.domains) * perDomain;
        l.unit = std::move(unit);
        l.unitCost = usd(0);
        l.unitPower = watts(0);
        l.includedIn = domain.item;
        l.provenance = catalogPrice.known() ? catalogPrice.provenance() : Provenance{};
        l.scalesWith = pool.domainsBasis;
        l.perBasis = perDomain;
        w.out.bom.add(std::move(l));
    };
    const double gpus = sys.gpusPerDomain, cpus = sys.cpusPerDomain, nics = w.s.network.nics_per_gpu.value;
    included(pool.gpu ? pool.gpu->name : sys.gpu, gpus, "GPUs");
    included("CPUs", cpus, "CPUs");
    included("scale-out NIC ports", gpus * nics, "NICs");
}

void addComputeBom(Work& w)
{
    const SizingResult& z = w.out.sizing;
    const FinanceInputs& f = w.s.finance;
    static const std::string systemPrice = "finance.system_price_usd", prefillPrice = "finance.prefill_system_price_usd";
    const bool mixed = w.prefillPool && z.prefillPool;
    addPoolBom(w, {w.system, w.gpu, z.domains, f.system_price_usd, systemPrice, w.itPerGpuNameplate,
                   mixed ? "decode pool" : "", CountBasis::Domains});
    if (!mixed)
        return;
    const PrefillPoolPlan& p = *w.prefillPool;
    addPoolBom(w, {*p.system, w.catalog.gpu(p.system->gpu), z.prefillPool->domains, f.prefill_system_price_usd,
                   prefillPrice, p.itPerGpuNameplate, "prefill pool", CountBasis::Fixed});
}

enum class FacilityLine { Cooling, Site };

// The facility's lines, for both paths: rack and row cooling per kW of IT when it costs anything,
// and the data hall per MW when building. emit(line, class, count, unit cost).
template <class Emit>
void facilityLines(const Work& w, Emit emit)
{
    const Scenario& s = w.s;
    const Money cooling = usd(s.facility.cooling_capex_usd_per_kw.value);
    if (cooling.value() > 0)
        emit(FacilityLine::Cooling, CapexClass::Cooling, in_kilowatts(w.itNameplate), cooling);
    if (w.choices.mode == FacilityMode::Build)
        emit(FacilityLine::Site, CapexClass::Facility, in_megawatts(w.itNameplate), usd(s.facility.build_usd_per_mw.value));
}

void addFacilityBom(Work& w)
{
    const Scenario& s = w.s;
    facilityLines(w, [&](FacilityLine which, CapexClass c, double count, Money unitCost) {
        BomLine l;
        l.category = "facility";
        l.capexClass = c;
        l.count = count;
        l.unitCost = unitCost;
        l.unitPower = watts(0);
        l.scalesWith = CountBasis::ItKw;
        l.perBasis = which == FacilityLine::Cooling ? 1.0 : 1e-3;
        if (which == FacilityLine::Cooling) {
            l.item = "rack and row cooling (" + s.facility.cooling.value + ")";
            l.unit = "kW of heat";
            l.provenance = s.facility.cooling_capex_usd_per_kw.provenance;
        } else {
            l.item = "data hall, power and cooling plant";
            l.unit = "MW of critical IT";
            l.provenance = s.facility.build_usd_per_mw.provenance;
        }
        w.out.bom.add(std::move(l));
    });
}

// Every figure of the IT power that both paths derive from the BOM's lines so far.
template <class Lines>
void itPowerFrom(Work& w, const Lines& lines)
{
    Power total = watts(0); // summed in line order, as Bom::totalPower does
    for (const auto& l : lines)
        total += l.totalPower;
    // The compute lines' typical draw in place of their nameplate; the rest draws its nameplate.
    const SizingResult& z = w.out.sizing;
    const double decodeGpus = double(z.domains) * w.system.gpusPerDomain;
    Power nameplate = w.itPerGpuNameplate * decodeGpus, typical = w.itPerGpuTypical * decodeGpus;
    if (w.prefillPool && z.prefillPool) {
        nameplate += w.prefillPool->itPerGpuNameplate * double(z.prefillPool->gpus);
        typical += w.prefillPool->itPerGpuTypical * double(z.prefillPool->gpus);
    }
    w.itNameplate = total;
    w.itTypical = typical + (total - nameplate);
}

// The numbers-only BOM: the full path's lines as amounts, in its order (the compute domains,
// network, storage, cooling, site), less the lines included in the domain's price (no cost, no
// power, no class of their own). Copied from the network and storage plans, so a resumed
// evaluation can build it again.
void buildBomAmounts(Work& w)
{
    auto& out = w.bomAmounts;
    out.clear();
    out.add(CapexClass::Compute, w.out.sizing.domains, usd(w.s.finance.system_price_usd.value),
            w.itPerGpuNameplate * double(w.system.gpusPerDomain));
    if (w.prefillPool && w.out.sizing.prefillPool)
        out.add(CapexClass::Compute, w.out.sizing.prefillPool->domains, usd(w.s.finance.prefill_system_price_usd.value),
                w.prefillPool->itPerGpuNameplate * double(w.prefillPool->system->gpusPerDomain));
    // An all-in power figure per GPU already holds the network's and storage's share.
    const bool allIn = w.s.facility.it_kw_per_gpu_all_in.isSet();
    for (const BomAmount& a : w.network.amounts)
        out.add(a.capexClass, a.count, a.unitCost, allIn ? watts(0) : a.unitPower);
    for (const BomAmount& a : w.storage.amounts)
        out.add(a.capexClass, a.count, a.unitCost, allIn ? watts(0) : a.unitPower);
    itPowerFrom(w, out);
    facilityLines(w, [&](FacilityLine, CapexClass c, double count, Money unitCost) {
        out.add(c, count, unitCost, watts(0));
    });
}

} // namespace

void buildBom(Work& w)
{
    if (w.numbersOnly)
        return buildBomAmounts(w);
    // Compute (up to 4 lines), network, storage, cooling and site: one allocation, no BomLine moves.
    w.out.bom.lines.reserve(w.out.bom.lines.size() + w.network.bom.size() + w.storage.bom.size() + 6);
    addComputeBom(w);
    // An all-in power figure per GPU already holds the network's and storage's share.
    const bool allIn = w.s.facility.it_kw_per_gpu_all_in.isSet();
    for (auto* lines : {&w.network.bom, &w.storage.bom})
        for (BomLine& line : *lines) {
            if (allIn)
                line.unitPower = watts(0);
            w.out.bom.add(std::move(line));
        }
    itPowerFrom(w, w.out.bom.lines);
    addFacilityBom(w);
}

} // namespace planner::steps
