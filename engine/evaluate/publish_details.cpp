// SPDX-License-Identifier: GPL-3.0-or-later
// The figures below the headline, each as a Metric with its unit and the evidence it rests on:
// sizing, power, network, storage (where it applies), reliability and the whole cost breakdown.
// Sections that do not apply are left out rather than printed as zeros.
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"

#include "cluster/power.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace planner::steps {

using namespace units;

namespace {

// Metric keys and labels are views of strings that outlive every evaluation (string literals, or
// the constant tables below), so a breakdown line's key is looked up here, not built per call.
struct LineKeys {
    std::string_view name, key, label;
};
constexpr LineKeys kCapexKeys[] = {
    {"compute", "finance.capex.compute_usd", "Capex, compute"},
    {"network", "finance.capex.network_usd", "Capex, network"},
    {"storage", "finance.capex.storage_usd", "Capex, storage"},
    {"cooling", "finance.capex.cooling_usd", "Capex, cooling"},
    {"facility", "finance.capex.facility_usd", "Capex, facility"},
    {"installation", "finance.capex.installation_usd", "Capex, installation"}};
constexpr LineKeys kCapitalKeys[] = {
    {"compute", "finance.capital.compute_usd_per_year", "Annualized capital, compute"},
    {"network", "finance.capital.network_usd_per_year", "Annualized capital, network"},
    {"storage", "finance.capital.storage_usd_per_year", "Annualized capital, storage"},
    {"cooling", "finance.capital.cooling_usd_per_year", "Annualized capital, cooling"},
    {"facility", "finance.capital.facility_usd_per_year", "Annualized capital, facility"},
    {"installation", "finance.capital.installation_usd_per_year", "Annualized capital, installation"}};
constexpr LineKeys kOpexKeys[] = {
    {"energy", "finance.opex.energy_usd_per_year", "Operating cost, energy"},
    {"colocation", "finance.opex.colocation_usd_per_year", "Operating cost, colocation"},
    {"maintenance", "finance.opex.maintenance_usd_per_year", "Operating cost, maintenance"},
    {"staff", "finance.opex.staff_usd_per_year", "Operating cost, staff"},
    {"software", "finance.opex.software_usd_per_year", "Operating cost, software"},
    {"facility O&M", "finance.opex.facility_om_usd_per_year", "Operating cost, facility O&M"},
    {"building staff", "finance.opex.building_staff_usd_per_year", "Operating cost, building staff"},
    {"insurance", "finance.opex.insurance_usd_per_year", "Operating cost, insurance"},
    {"property tax", "finance.opex.property_tax_usd_per_year", "Operating cost, property tax"},
    {"gpu rental", "finance.opex.gpu_rental_usd_per_year", "Operating cost, GPU rental"},
    {"storage services", "finance.opex.storage_services_usd_per_year", "Operating cost, storage services"},
    {"network transit", "finance.opex.network_transit_usd_per_year", "Operating cost, network transit"}};

// Finance lists its lines in the tables' order, so the search starts where the last one matched
// and wraps around: usually one comparison instead of half the table. Names are unique in each
// table, so where it starts does not change what it finds.
template <std::size_t N>
const LineKeys* keysOf(const LineKeys (&table)[N], std::string_view name, std::size_t& start)
{
    for (std::size_t i = 0; i < N; ++i) {
        const std::size_t at = (start + i) % N;
        if (table[at].name == name) {
            start = at + 1;
            return &table[at];
        }
    }
    return nullptr;
}

// "finance.cash_flow.year_0_usd" .. year 100, built once and never changed.
const std::vector<std::string>& cashFlowKeys(bool labels)
{
    static const auto table = [] {
        std::array<std::vector<std::string>, 2> t;
        for (int y = 0; y <= 100; ++y) {
            t[0].push_back("finance.cash_flow.year_" + std::to_string(y) + "_usd");
            t[1].push_back("Cash flow, year " + std::to_string(y));
        }
        return t;
    }();
    return table[labels ? 1 : 0];
}

// The whole breakdown: capex by class, annualized capital by class, each operating cost line, and
// the cash flow of every year of the horizon with its present value.
void financeDetails(const Work& w, std::vector<Metric>& d)
{
    const FinanceResult& f = w.out.finance;
    const EvidencePtr& e = w.tcoInputs; // set by computeCost
    MoneyRate capital = usd_per_year(0), opex = usd_per_year(0);
    std::size_t capexAt = 0, capitalAt = 0, opexAt = 0;
    // A line with nothing in it (no storage bought, no staff entered) is absence, not a figure.
    for (const CapexItem& item : f.capex)
        if (const LineKeys* k = keysOf(kCapexKeys, capexClassName(item.cls), capexAt); k && item.amount.value() != 0)
            addMetric(d, k->key, k->label, in_usd(item.amount), "USD", e);
    for (const CostLine& l : f.capital) {
        capital += l.perYear;
        if (const LineKeys* k = keysOf(kCapitalKeys, l.name, capitalAt); k && l.perYear.value() != 0)
            addMetric(d, k->key, k->label, in_usd_per_year(l.perYear), "USD/year", e);
    }
    for (const CostLine& l : f.opex) {
        opex += l.perYear;
        if (const LineKeys* k = keysOf(kOpexKeys, l.name, opexAt); k && l.perYear.value() != 0)
            addMetric(d, k->key, k->label, in_usd_per_year(l.perYear), "USD/year", e);
    }
    if (!f.capex.empty())
        addMetric(d, "finance.annualized_capital_usd", "Annualized capital", in_usd_per_year(capital), "USD/year", e);
    addMetric(d, "finance.opex_usd_per_year", "Operating cost", in_usd_per_year(opex), "USD/year", e);
    addMetric(d, "finance.total_usd_per_year", "Total cost per year", w.headline[Headline::TotalUsdPerYear], "USD/year", e);
    const int horizon = std::min(100, static_cast<int>(f.cashFlowByYear.size()) - 1);
    addMetric(d, "finance.horizon_years", "Cash-flow horizon (IT hardware life)", horizon, "years", e);
    const auto& yearKeys = cashFlowKeys(false);
    const auto& yearLabels = cashFlowKeys(true);
    for (int y = 0; y <= horizon; ++y)
        addMetric(d, yearKeys[y], yearLabels[y], in_usd(f.cashFlowByYear[y]), "USD", e);
    addMetric(d, "finance.npv_cost_usd", "Present value of all costs over the horizon", in_usd(f.npvOfCost), "USD", e);
}

double switchesPerNetworkRack(const Work& w)
{
    const SwitchSpec* sw = w.catalog.switchSpec(w.s.network.switch_model.value);
    return sw && sw->perNetworkRack.known() ? sw->perNetworkRack.value() : 16.0;
}

Evidence floorEvidence(const Work& w)
{
    Evidence e;
    e.grade = Grade::Estimate;
    e.method = "formula";
    const SwitchSpec* sw = w.catalog.switchSpec(w.s.network.switch_model.value);
    if (sw && sw->perNetworkRack.known())
        e.add("catalog:" + sw->id + ".per_network_rack", sw->perNetworkRack.provenance().grade);
    return e;
}

// Storage figures mean something for training (checkpoints) or when the scenario describes its
// data; a pure inference scenario holds only its weights, and a page of zeros would say otherwise.
bool storageApplies(const Work& w)
{
    if (w.training())
        return true;
    const StorageInputs& st = w.s.storage;
    for (const Number* n : {&st.dataset_tb, &st.hot_tb, &st.egress_tb_per_month, &st.checkpoints_per_day,
                            &st.dataset_remote_reads_per_month})
        if (n->given && n->value > 0)
            return true;
    return false;
}

} // namespace

namespace {

// The evidence of the sizing figures: the size's (the power's, with the throughput's when sized
// for a demand), the IT power's, and the facility power's (with the PUE's).
std::array<EvidencePtr, 3> sizingEvidence(const Work& w, const Evidence& pue)
{
    Evidence sizedE = w.powerEvidence;
    sizedE.method = std::string(sizingBasisName(w.out.sizing.basis));
    if (w.out.sizing.basis == SizingBasis::Demand)
        sizedE.merge(w.throughput.evidence);
    Evidence fac = w.powerEvidence;
    fac.merge(pue);
    return {std::make_shared<const Evidence>(std::move(sizedE)), std::make_shared<const Evidence>(w.powerEvidence),
            std::make_shared<const Evidence>(std::move(fac))};
}

// sizingEvidence, from the caller's cache when the lists it is made from are the ones it was last
// made from (compared in full): copying and merging them again was a twentieth of one evaluation.
std::array<EvidencePtr, 3> rememberedSizingEvidence(const Work& w)
{
    const Evidence pue = evidenceOf(w.s, {"facility.pue"}, "formula");
    if (!w.cache)
        return sizingEvidence(w, pue);
    auto& memo = w.cache->internals().sizing;
    const int basis = static_cast<int>(w.out.sizing.basis);
    if (memo.made && memo.basis == basis && sameEvidence(memo.power, w.powerEvidence) &&
        sameEvidence(memo.throughput, w.throughput.evidence) && sameEvidence(memo.pue, pue))
        return *memo.made;
    memo.made.reset(); // until the new lists are in, nothing stale can be read
    memo.basis = basis;
    memo.power = w.powerEvidence;
    memo.throughput = w.throughput.evidence;
    memo.pue = pue;
    memo.made = sizingEvidence(w, pue);
    return *memo.made;
}

} // namespace

void publishSizing(Work& w)
{
    const HeadlineFigures& h = w.headline;
    const auto [e, power, fac] = rememberedSizingEvidence(w);
    auto& m = w.out.sizingMetrics;
    addMetric(m, "sizing.gpus", "GPUs", h[Headline::Gpus], "GPUs", e);
    addMetric(m, "sizing.racks", "Rack positions (compute)", h[Headline::Racks], "racks", e);
    const bool pools = w.out.sizing.prefillPool.has_value(); // with a prefill pool, domains are decode's
    addMetric(m, "sizing.domains", pools ? "Scale-up domains (decode pool)" : "Scale-up domains", h[Headline::Domains],
              "domains", e);
    addMetric(m, "sizing.spare_domains", pools ? "Spare scale-up domains (decode pool)" : "Spare scale-up domains",
              h[Headline::SpareDomains], "domains", e);
    addMetric(m, "sizing.serving_gpus", "Serving GPUs (spares excluded)", h[Headline::ServingGpus], "GPUs", e);
    if (const auto& pool = w.out.sizing.prefillPool) {
        // Labels are string views of literals (metric.h): the system's name is in the BOM.
        addMetric(m, "sizing.prefill_pool_gpus", "Prefill pool GPUs (spares included)", h[Headline::PrefillPoolGpus],
                  "GPUs", e);
        addMetric(m, "sizing.prefill_pool_racks", "Prefill pool rack positions", pool->racks, "racks", e);
    }
    addMetric(m, "sizing.it_kw", "IT power (nameplate)", h[Headline::ItKw], "kW", power);
    addMetric(m, "sizing.facility_kw", "Facility power", h[Headline::FacilityKw], "kW", fac);
}

Result<void> publishDetails(Work& w)
{
    const Power itTypical = w.itTypical;
    auto& d = w.out.details;
    const Scenario& s = w.s;
    Evidence pe = w.powerEvidence;
    pe.method = "formula";
    addMetric(d, "power.it_kw_typical", "IT power, typical draw", in_kilowatts(itTypical), "kW", pe);
    const Power average = w.financeInput.averageItPower; // computeCost's: the draw energy is billed on
    const bool demandSized = w.out.sizing.basis == SizingBasis::Demand;
    addMetric(d, "power.it_kw_average", "IT power, average at utilization", in_kilowatts(average), "kW",
              demandSized ? evidenceOf(s, {"facility.idle_power_fraction", "workload.demand_tokens_per_day",
                                           "workload.demand_requests_per_s"}, "formula")
                          : evidenceOf(s, {"facility.idle_power_fraction", "finance.utilization"}, "formula"));
    // Peak: every IT line at its nameplate draw. Prefill-heavy phases draw far above the year's
    // average (InferenceX measured up to 2.4x), so the site cap is checked against this, while
    // energy is billed on the average above.
    addMetric(d, "power.it_kw_peak", "IT power, peak draw (checked against the site cap)", in_kilowatts(w.itNameplate),
              "kW", pe);
    if (in_watts(average) > 0)
        addMetric(d, "power.peak_to_average", "Peak over average IT draw", in_watts(w.itNameplate) / in_watts(average),
                  "ratio", pe);
    addMetric(d, "power.pue", "PUE", s.facility.pue.value, "ratio", evidenceOf(s, {"facility.pue"}, "input"));
    if (s.facility.power_cap_mw.isSet())
        addMetric(d, "power.cap_mw", "Site power cap", s.facility.power_cap_mw.value, "MW",
                  evidenceOf(s, {"facility.power_cap_mw"}, "input"));
    addMetric(d, "power.floor_positions", "Floor positions (compute + network racks)",
              w.out.sizing.racks + std::ceil(double(w.network.fabric.switches()) / switchesPerNetworkRack(w)), "positions",
              floorEvidence(w));
    d.insert(d.end(), std::make_move_iterator(w.network.details.begin()),
             std::make_move_iterator(w.network.details.end()));
    if (storageApplies(w))
        d.insert(d.end(), std::make_move_iterator(w.storage.details.begin()),
                 std::make_move_iterator(w.storage.details.end()));
    reliabilityDetails(w, d);
    if (auto ok = collectiveDetails(w, d); !ok)
        return ok;
    financeDetails(w, d);
    return boost::outcome_v2::success();
}

} // namespace planner::steps
