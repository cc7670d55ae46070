// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The bill of materials: what the cluster is made of, each line with its count, unit cost, total
// cost and power, and the grade of the figures behind it. Lines whose cost is inside another
// line (GPUs inside a rack's price) carry zero cost and say so in `includedIn`.

#include "core/capex_class.h"
#include "core/evidence.h"
#include "core/units.h"

#include <string>
#include <string_view>
#include <vector>

namespace planner {

// What a line's count follows when the cluster changes size: count = perBasis x the cluster's
// scale-up domains, GPUs or nameplate IT kW; or one count of the fabric's plan for the cluster's
// GPUs (fabric.h: leaf, spine and core switches, transceivers, cables). Fixed: a plan of its own
// (the storage tiers' capacity) that only the model that made it can redo.
enum class CountBasis { Fixed, Domains, Gpus, ItKw, FabricLeaves, FabricSpines, FabricCores, FabricTransceivers,
                        FabricCables };
inline std::string_view countBasisName(CountBasis b)
{
    switch (b) {
    case CountBasis::Domains: return "domains";
    case CountBasis::Gpus: return "gpus";
    case CountBasis::ItKw: return "it_kw";
    case CountBasis::FabricLeaves: return "fabric.leaf_switches";
    case CountBasis::FabricSpines: return "fabric.spine_switches";
    case CountBasis::FabricCores: return "fabric.core_switches";
    case CountBasis::FabricTransceivers: return "fabric.transceivers";
    case CountBasis::FabricCables: return "fabric.cables";
    case CountBasis::Fixed: break;
    }
    return "";
}

struct BomLine {
    std::string category; // "compute", "network", "storage", "facility": the report's grouping
    CapexClass capexClass = CapexClass::Compute; // how finance annualizes its cost
    std::string item;     // "GB300 NVL72 rack", "Quantum-2 QM9700 leaf switch"
    double count = 0;
    std::string unit;     // "racks", "switches", "TB"
    units::Money unitCost;
    units::Money totalCost;
    units::Power unitPower;
    units::Power totalPower;
    std::string includedIn; // non-empty: cost counted in that line
    Provenance provenance;
    CountBasis scalesWith = CountBasis::Fixed;
    double perBasis = 0; // count = perBasis x the basis (unused when Fixed)
};

struct Bom {
    std::vector<BomLine> lines;

    // Moved straight into place: a BomLine is six strings, and evaluate() adds a dozen per call.
    void add(BomLine&& line)
    {
        BomLine& l = lines.emplace_back(std::move(line));
        l.totalCost = l.unitCost * l.count;
        l.totalPower = l.unitPower * l.count;
    }
    void add(const BomLine& line) // copied straight into place
    {
        BomLine& l = lines.emplace_back(line);
        l.totalCost = l.unitCost * l.count;
        l.totalPower = l.unitPower * l.count;
    }
    units::Money totalCost() const
    {
        units::Money sum = units::usd(0);
        for (const BomLine& l : lines)
            sum += l.totalCost;
        return sum;
    }
    units::Power totalPower() const
    {
        units::Power sum = units::watts(0);
        for (const BomLine& l : lines)
            sum += l.totalPower;
        return sum;
    }
};

} // namespace planner
