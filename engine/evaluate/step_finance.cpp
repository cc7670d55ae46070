// SPDX-License-Identifier: GPL-3.0-or-later
// Cost: capex by class from the BOM (each class over its own life), the operating cost lines and
// the tokens served, handed to the finance model; and the evidence every cost figure shares.
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"

#include "cluster/power.h"

#include <algorithm>

namespace planner::steps {

using namespace units;

namespace {

// From the BOM's lines (BomLine) or, on the numbers-only path, its amounts (BomAmount).
template <class Lines>
void capexFromBom(const Work& w, const Lines& lines, std::vector<CapexItem>& items)
{
    const Scenario& s = w.s;
    auto lifeOf = [&](CapexClass c) {
        switch (c) {
        case CapexClass::Network: return years(s.finance.network_life_years.value);
        case CapexClass::Storage: return years(s.finance.storage_life_years.value);
        case CapexClass::Facility: return years(s.facility.facility_life_years.value);
        default: return years(s.finance.depreciation_years.value);
        }
    };
    items.clear();
    items.reserve(lines.size() + 1); // at most one per class, and installation
    Money compute = usd(0);
    for (const auto& line : lines) {
        const CapexClass c = line.capexClass;
        if (c == CapexClass::Compute)
            compute += line.totalCost;
        auto it = std::find_if(items.begin(), items.end(), [&](const CapexItem& i) { return i.cls == c; });
        if (it == items.end())
            items.push_back({c, line.totalCost, lifeOf(c),
                             hasResidualValue(c) ? s.finance.residual_fraction.value : 0.0});
        else
            it->amount += line.totalCost;
    }
    items.push_back({CapexClass::Installation, compute * s.finance.installation_fraction.value,
                     years(s.finance.depreciation_years.value), 0.0});
}

// Into `in`, which keeps its capex list's capacity from one call to the next (Work::financeInput).
void fillFinanceInput(const Work& w, FinanceInput& in)
{
    const Power itNameplate = w.itNameplate;
    const Scenario& s = w.s;
    in.mode = w.choices.mode;
    in.gpus = w.out.sizing.gpus;
    if (w.choices.mode == FacilityMode::Rent)
        in.capex.clear();
    else if (w.numbersOnly)
        capexFromBom(w, w.bomAmounts, in.capex);
    else
        capexFromBom(w, w.out.bom.lines, in.capex);
    in.costOfCapital = s.finance.cost_of_capital.value;
    in.averageItPower = averageItPower(w.itTypical, s.facility.idle_power_fraction.value, averageLoad(w));
    in.provisionedItPower = itNameplate;
    in.pue = s.facility.pue.value;
    in.electricity = usd_per_kwh(s.facility.electricity_usd_per_kwh.value);
    in.colocation = usd_per_kw_month(s.facility.colocation_usd_per_kw_month.value);
    in.maintenanceFractionPerYear = s.finance.maintenance_fraction_per_year.value;
    in.staff = usd_per_year(s.finance.staff_usd_per_year.value);
    in.softwarePerGpu = usd_per_year(s.finance.software_usd_per_gpu_year.value);
    in.storageFees = w.storage.feesPerYear;
    in.transit = usd_per_year(12 * s.finance.transit_usd_per_month.value);
    in.facilityOmFractionPerYear = s.facility.om_fraction_per_year.value;
    in.buildingStaff = usd_per_year(s.facility.building_staff_usd_per_mw_year.value * in_megawatts(w.itNameplate));
    in.insuranceFractionPerYear = s.finance.insurance_fraction_per_year.value;
    in.propertyTaxFractionPerYear = s.facility.property_tax_fraction_per_year.value;
    in.gpuHourPrice = usd_per_hour(s.finance.gpu_hour_usd.isSet() ? s.finance.gpu_hour_usd.value : 0);
    in.tokensPerGpu = w.throughput.totalPerGpu;
    in.inputTokens = s.workload.input_tokens.value;
    in.outputTokens = s.workload.output_tokens.value;
    in.prefillTimeShare = inputCostShare(w);
    in.utilization = averageLoad(w); // a demand-sized cluster's realized utilization, else the planned one
    in.goodput = w.goodput; // every mode alike: time lost to failures and stragglers serves no tokens
    in.servingGpus = w.out.sizing.capacityGpus;
    in.demand = w.out.sizing.basis == SizingBasis::Demand ? averageDemand(s) : tokens_per_second(0);
    in.horizon = years(s.finance.depreciation_years.value);
    in.cashFlow = !w.numbersOnly;
    in.costLines = !w.numbersOnly;
}

Evidence tcoEvidence(const Work& w)
{
    const Scenario& s = w.s;
    if (w.choices.mode == FacilityMode::Rent)
        return evidenceOf(s, {"finance.gpu_hour_usd", "finance.transit_usd_per_month"}, "formula");
    Evidence e = evidenceOf(s, {"finance.system_price_usd", "finance.depreciation_years", "finance.cost_of_capital",
                                "finance.residual_fraction", "finance.installation_fraction",
                                "finance.maintenance_fraction_per_year", "facility.electricity_usd_per_kwh", "facility.pue", "facility.idle_power_fraction",
                                "facility.cooling_capex_usd_per_kw", "finance.staff_usd_per_year",
                                "finance.software_usd_per_gpu_year", "finance.transit_usd_per_month"},
                            "formula");
    e.merge(w.powerEvidence);
    // The year's energy follows the planned utilization of a fixed cluster; one sized from demand
    // draws what its demand makes it draw.
    if (w.out.sizing.basis != SizingBasis::Demand)
        e.merge(evidenceOf(s, {"finance.utilization"}, ""));
    else
        e.merge(evidenceOf(s, {"workload.demand_tokens_per_day", "workload.demand_requests_per_s"}, ""));
    if (w.prefillPool)
        e.merge(evidenceOf(s, {"finance.prefill_system_price_usd"}, ""));
    if (w.choices.mode != FacilityMode::Rent) // who owns an asset insures it and pays its tax
        e.merge(evidenceOf(s, {"facility.property_tax_fraction_per_year", "finance.insurance_fraction_per_year"}, ""));
    if (w.choices.mode == FacilityMode::Build)
        e.merge(evidenceOf(s, {"facility.build_usd_per_mw", "facility.facility_life_years", "facility.om_fraction_per_year",
                               "facility.building_staff_usd_per_mw_year"},
                           ""));
    else
        e.merge(evidenceOf(s, {"facility.colocation_usd_per_kw_month"}, ""));
    e.method = "formula";
    return e;
}

// tcoEvidence, from the caller's cache when the scenario's evidence key, the facility mode, the
// sizing from demand or not and the power's evidence are the ones it was last made from: its two or three lists of scenario paths and
// the merges were a tenth of one full evaluation, and a GUI edit or a finance sweep changes values,
// not grades.
EvidencePtr rememberedTcoEvidence(const Work& w)
{
    if (!w.cache)
        return std::make_shared<const Evidence>(tcoEvidence(w));
    auto& memo = w.cache->internals().tco;
    scenarioEvidenceKey(w.s, memo.asked);
    const bool demandSized = w.out.sizing.basis == SizingBasis::Demand;
    if (memo.evidence && memo.mode == w.choices.mode && memo.demandSized == demandSized && memo.asked == memo.key
        && sameEvidence(memo.power, w.powerEvidence))
        return memo.evidence;
    memo.evidence.reset(); // until the new key is in, nothing stale can be read
    memo.key = memo.asked;
    memo.mode = w.choices.mode;
    memo.demandSized = demandSized;
    memo.power = w.powerEvidence;
    memo.evidence = std::make_shared<const Evidence>(tcoEvidence(w));
    return memo.evidence;
}

// The full path's share of the cost step, out of line: the numbers-only path skips its code.
[[gnu::noinline]] void publishCostEvidence(Work& w)
{
    appendWarnings(w.out.warnings, w.out.finance.warnings);
    w.tcoInputs = rememberedTcoEvidence(w);
}

} // namespace

Result<void> computeCost(Work& w)
{
    fillFinanceInput(w, w.financeInput);
    if (auto ok = w.memos ? computeFinance(w.financeInput, w.out.finance, w.memos->growth)
                          : computeFinance(w.financeInput, w.out.finance);
        !ok)
        return failed(ok);
    if (!w.numbersOnly)
        publishCostEvidence(w);
    return boost::outcome_v2::success();
}

} // namespace planner::steps
