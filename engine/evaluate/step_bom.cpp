// SPDX-License-Identifier: GPL-3.0-or-later
// The bill of materials: the compute domains and what their price includes, the network and
// storage lines their steps made, and the facility's cooling and (when building) the data hall.
// Each line carries its capex class, so finance never guesses a class from a name.
#include "evaluate/evaluation_steps.h"

#include <cmath>

namespace planner::steps {

using namespace units;

namespace {

void addComputeBom(Work& w)
{
    const SizingResult& z = w.out.sizing;
    if (w.numbersOnly) { // the one line with a cost and a power; the included lines have neither
        BomLine domain;
        domain.capexClass = CapexClass::Compute;
        domain.count = z.domains;
        domain.unitCost = usd(w.s.finance.system_price_usd.value);
        domain.unitPower = w.itPerGpuNameplate * double(w.system.gpusPerDomain);
        w.out.bom.add(std::move(domain));
        return;
    }
    const Figure<Money>& price = w.system.domainPrice;
    if (!std::isfinite(w.s.finance.system_price_usd.value)) // a catalog system no source prices
        w.out.warnings.push_back({"finance.system_price_usd",
                                  w.system.name + " has no price in the catalog: give finance.system_price_usd; "
                                                  "every cost figure stays n/a until then"});
    BomLine domain;
    domain.category = "compute";
    domain.capexClass = CapexClass::Compute;
    domain.item = w.system.name; // catalog names already say "rack", "node" or "platform"
    domain.count = z.domains;
    domain.unit = std::string(w.system.domainUnit());
    domain.unitCost = usd(w.s.finance.system_price_usd.value);
    domain.unitPower = w.itPerGpuNameplate * double(w.system.gpusPerDomain);
    domain.provenance = w.s.finance.system_price_usd.provenance;
    w.out.bom.add(domain);
    auto included = [&](std::string item, double count, std::string unit) {
        BomLine l;
        l.category = "compute";
        l.capexClass = CapexClass::Compute;
        l.item = std::move(item);
        l.count = count;
        l.unit = std::move(unit);
        l.unitCost = usd(0);
        l.unitPower = watts(0);
        l.includedIn = domain.item;
        l.provenance = price.known() ? price.provenance() : Provenance{};
        w.out.bom.add(std::move(l));
    };
    included(w.gpu ? w.gpu->name : w.system.gpu, z.gpus, "GPUs");
    included("CPUs", double(z.domains) * w.system.cpusPerDomain, "CPUs");
    included("scale-out NIC ports", double(z.gpus) * w.s.network.nics_per_gpu.value, "NICs");
}

void addFacilityBom(Work& w)
{
    const Power itNameplate = w.itNameplate;
    const Scenario& s = w.s;
    const bool named = !w.numbersOnly;
    BomLine cooling;
    cooling.capexClass = CapexClass::Cooling;
    cooling.count = in_kilowatts(itNameplate);
    cooling.unitCost = usd(s.facility.cooling_capex_usd_per_kw.value);
    cooling.unitPower = watts(0);
    if (named) {
        cooling.category = "facility";
        cooling.item = "rack and row cooling (" + s.facility.cooling.value + ")";
        cooling.unit = "kW of heat";
        cooling.provenance = s.facility.cooling_capex_usd_per_kw.provenance;
    }
    if (cooling.unitCost.value() > 0)
        w.out.bom.add(std::move(cooling));
    if (w.choices.mode != FacilityMode::Build)
        return;
    BomLine site;
    site.capexClass = CapexClass::Facility;
    site.count = in_megawatts(itNameplate);
    site.unitCost = usd(s.facility.build_usd_per_mw.value);
    site.unitPower = watts(0);
    if (named) {
        site.category = "facility";
        site.item = "data hall, power and cooling plant";
        site.unit = "MW of critical IT";
        site.provenance = s.facility.build_usd_per_mw.provenance;
    }
    w.out.bom.add(std::move(site));
}

} // namespace

void buildBom(Work& w)
{
    // Compute (up to 4 lines), network, storage, cooling and site: one allocation, no BomLine moves.
    w.out.bom.lines.reserve(w.out.bom.lines.size() + w.network.bom.size() + w.storage.bom.size() + 6);
    addComputeBom(w);
    // An all-in power figure per GPU already holds the network's and storage's share.
    const bool allIn = w.s.facility.it_kw_per_gpu_all_in.isSet();
    for (auto* lines : {&w.network.bom, &w.storage.bom})
        for (BomLine& line : *lines) {
            if (allIn)
                line.unitPower = watts(0);
            if (w.numbersOnly) // copied (no names to copy), so a resumed evaluation can build it again
                w.out.bom.add(line);
            else
                w.out.bom.add(std::move(line));
        }
    const double gpus = w.out.sizing.gpus;
    w.itNameplate = w.out.bom.totalPower();
    w.itTypical = w.itPerGpuTypical * gpus + (w.itNameplate - w.itPerGpuNameplate * gpus);
    addFacilityBom(w);
}

} // namespace planner::steps
