// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate.h"

#include "power.h"
#include "scenario_defaults.h"
#include "scenario_schema.h"

#include <cmath>

namespace planner {

using namespace units;

const Metric* Evaluation::metric(std::string_view key) const
{
    for (const auto* list : {&results, &sizingMetrics, &details})
        for (const Metric& m : *list)
            if (m.key == key)
                return &m;
    return nullptr;
}

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method)
{
    Evidence e;
    e.method = std::move(method);
    for (std::string_view path : paths) {
        const FieldSpec* f = findField(path);
        const Number* n = f ? numberOf(*f, s) : nullptr;
        // A cost line left at its zero default is an absence, not a claim to grade.
        if (n && n->isSet() && (n->given || n->value != 0))
            e.add(path, n->provenance.grade);
    }
    return e;
}

namespace {

// Everything evaluate() works out, in one place, so the steps below stay short.
struct Work {
    const Scenario& s;
    const Catalog& catalog;
    const SystemSpec& system;
    const GpuSpec* gpu;
    FacilityMode mode;
    ThroughputAnswer throughput;
    double goodput = 1;
    Power itPerGpuNameplate, itPerGpuTypical;
    Evidence powerEvidence;
    Evaluation out;
};

Result<ThroughputAnswer> throughputFor(const Scenario& s, const Catalog& c, const EvaluationContext& ctx)
{
    const Number& explicitFigure = s.workload.throughput_tokens_per_s_per_gpu;
    if (explicitFigure.isSet()) {
        ThroughputAnswer a;
        a.totalPerGpu = tokens_per_second(explicitFigure.value);
        a.evidence = evidenceOf(s, {"workload.throughput_tokens_per_s_per_gpu"}, "input");
        return a;
    }
    if (ctx.throughput)
        return ctx.throughput(s, c);
    return badInput("workload.throughput_tokens_per_s_per_gpu",
                    "no throughput for this scenario: give workload.throughput_tokens_per_s_per_gpu, or "
                    "benchmark_db (or --db) with measured rows");
}

// Per-GPU IT power: the system's own figure plus the network and storage share, unless the
// analyst gave an all-in figure (the InferenceX convention).
void resolvePower(Work& w)
{
    const Number& allIn = w.s.facility.it_kw_per_gpu_all_in;
    const double perDomain = w.system.gpusPerDomain;
    if (allIn.isSet()) {
        w.itPerGpuNameplate = w.itPerGpuTypical = kilowatts(allIn.value);
        w.powerEvidence = evidenceOf(w.s, {"facility.it_kw_per_gpu_all_in"}, "input");
        return;
    }
    w.itPerGpuNameplate = w.system.domainPower.value() / perDomain;
    w.itPerGpuTypical = (w.system.domainTypicalPower.known() ? w.system.domainTypicalPower.value()
                                                             : w.system.domainPower.value()) / perDomain;
    w.powerEvidence.method = "catalog";
    w.powerEvidence.add("catalog:" + w.system.id + ".power", w.system.domainPower.provenance().grade);
}

SizingBasis basisOf(const Scenario& s)
{
    if (s.cluster.gpus.isSet())
        return SizingBasis::FixedGpus;
    if (s.cluster.racks.isSet())
        return SizingBasis::FixedRacks;
    if (s.workload.demand_tokens_per_day.isSet() || s.workload.demand_requests_per_s.isSet())
        return SizingBasis::Demand;
    if (s.facility.power_cap_mw.isSet())
        return SizingBasis::PowerCap;
    return SizingBasis::SingleDomain;
}

TokenRate averageDemand(const Scenario& s)
{
    if (s.workload.demand_tokens_per_day.isSet())
        return tokens(s.workload.demand_tokens_per_day.value) / days(1);
    const double perRequest = s.workload.input_tokens.value + s.workload.output_tokens.value;
    return tokens_per_second(s.workload.demand_requests_per_s.value * perRequest);
}

Result<void> size(Work& w)
{
    const Scenario& s = w.s;
    SizingInput in;
    in.gpusPerDomain = w.system.gpusPerDomain;
    in.domainsPerRack = w.system.domainsPerRack;
    in.domainNameplate = w.itPerGpuNameplate * double(w.system.gpusPerDomain);
    in.overheadPerGpu = watts(0);
    in.pue = s.facility.pue.value;
    in.spareFraction = s.cluster.spare_fraction.value;
    in.basis = basisOf(s);
    in.fixedGpus = s.cluster.gpus.isSet() ? s.cluster.gpus.value : 0;
    in.fixedRacks = s.cluster.racks.isSet() ? s.cluster.racks.value : 0;
    if (in.basis == SizingBasis::Demand)
        in.averageDemand = averageDemand(s);
    in.peakToAverage = s.workload.peak_to_average.value;
    in.throughputPerGpu = w.throughput.totalPerGpu;
    in.utilization = s.finance.utilization.value;
    in.goodput = w.goodput;
    in.facilityPowerCap = s.facility.power_cap_mw.isSet() ? megawatts(s.facility.power_cap_mw.value) : watts(0);
    auto sized = sizeCluster(in);
    if (!sized)
        return sized.error();
    w.out.sizing = sized.value();
    for (const Warning& warn : w.out.sizing.warnings)
        w.out.warnings.push_back(warn);
    return boost::outcome_v2::success();
}

void addComputeBom(Work& w)
{
    const SizingResult& z = w.out.sizing;
    const Figure<Money>& price = w.system.domainPrice;
    BomLine domain;
    domain.category = "compute";
    domain.item = w.system.name + (w.system.gpusPerDomain == 72 ? " rack" : " node");
    domain.count = z.domains;
    domain.unit = w.system.gpusPerDomain == 72 ? "racks" : "nodes";
    domain.unitCost = usd(w.s.finance.system_price_usd.value);
    domain.unitPower = w.itPerGpuNameplate * double(w.system.gpusPerDomain);
    domain.provenance = w.s.finance.system_price_usd.provenance;
    w.out.bom.add(domain);
    auto included = [&](std::string item, double count, std::string unit) {
        BomLine l;
        l.category = "compute";
        l.item = std::move(item);
        l.count = count;
        l.unit = std::move(unit);
        l.unitCost = usd(0);
        l.unitPower = watts(0);
        l.includedIn = domain.item;
        l.provenance = price.known() ? price.provenance() : Provenance{};
        w.out.bom.add(l);
    };
    included(w.gpu ? w.gpu->name : w.system.gpu, z.gpus, "GPUs");
    included("CPUs", double(z.domains) * w.system.cpusPerDomain, "CPUs");
    included("scale-out NIC ports", double(z.gpus) * w.s.network.nics_per_gpu.value, "NICs");
}

void addFacilityBom(Work& w, Power itNameplate)
{
    const Scenario& s = w.s;
    BomLine cooling;
    cooling.category = "facility";
    cooling.item = "rack and row cooling (" + s.facility.cooling.value + ")";
    cooling.count = in_kilowatts(itNameplate);
    cooling.unit = "kW of heat";
    cooling.unitCost = usd(s.facility.cooling_capex_usd_per_kw.value);
    cooling.unitPower = watts(0);
    cooling.provenance = s.facility.cooling_capex_usd_per_kw.provenance;
    if (cooling.unitCost.value() > 0)
        w.out.bom.add(cooling);
    if (w.mode != FacilityMode::Build)
        return;
    BomLine site;
    site.category = "facility";
    site.item = "data hall, power and cooling plant";
    site.count = in_megawatts(itNameplate);
    site.unit = "MW of critical IT";
    site.unitCost = usd(s.facility.build_usd_per_mw.value);
    site.unitPower = watts(0);
    site.provenance = s.facility.build_usd_per_mw.provenance;
    w.out.bom.add(site);
}

CapexClass capexClassOf(const BomLine& line)
{
    if (line.category == "network")
        return CapexClass::Network;
    if (line.category == "storage")
        return CapexClass::Storage;
    if (line.category == "facility")
        return line.item.starts_with("data hall") ? CapexClass::Facility : CapexClass::Cooling;
    return CapexClass::Compute;
}

std::vector<CapexItem> capexFromBom(const Work& w)
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
    std::vector<CapexItem> items;
    Money compute = usd(0);
    for (const BomLine& line : w.out.bom.lines) {
        const CapexClass c = capexClassOf(line);
        if (c == CapexClass::Compute)
            compute += line.totalCost;
        auto it = std::find_if(items.begin(), items.end(), [&](const CapexItem& i) { return i.cls == c; });
        if (it == items.end())
            items.push_back({c, line.totalCost, lifeOf(c)});
        else
            it->amount += line.totalCost;
    }
    items.push_back({CapexClass::Installation, compute * s.finance.installation_fraction.value,
                     years(s.finance.depreciation_years.value)});
    return items;
}

FinanceInput financeInput(const Work& w, Power itNameplate, Power itTypical)
{
    const Scenario& s = w.s;
    FinanceInput in;
    in.mode = w.mode;
    in.gpus = w.out.sizing.gpus;
    if (w.mode != FacilityMode::Rent)
        in.capex = capexFromBom(w);
    in.costOfCapital = s.finance.cost_of_capital.value;
    in.residualFraction = s.finance.residual_fraction.value;
    in.averageItPower = averageItPower(itTypical, s.facility.idle_power_fraction.value, s.finance.utilization.value);
    in.provisionedItPower = itNameplate;
    in.pue = s.facility.pue.value;
    in.electricity = usd_per_kwh(s.facility.electricity_usd_per_kwh.value);
    in.colocation = usd_per_kw_month(s.facility.colocation_usd_per_kw_month.value);
    in.maintenanceFractionPerYear = s.finance.maintenance_fraction_per_year.value;
    in.staff = usd_per_year(s.finance.staff_usd_per_year.value);
    in.softwarePerGpu = usd_per_year(s.finance.software_usd_per_gpu_year.value);
    in.storageFees = usd_per_year(0);
    in.transit = usd_per_year(12 * s.finance.transit_usd_per_month.value);
    in.gpuHourPrice = usd_per_hour(s.finance.gpu_hour_usd.isSet() ? s.finance.gpu_hour_usd.value : 0);
    in.tokensPerGpu = w.throughput.totalPerGpu;
    in.inputTokens = s.workload.input_tokens.value;
    in.outputTokens = s.workload.output_tokens.value;
    in.prefillTimeShare = w.throughput.prefillTimeShare;
    in.utilization = s.finance.utilization.value;
    in.goodput = w.mode == FacilityMode::Rent ? 1.0 : w.goodput;
    in.horizon = years(s.finance.depreciation_years.value);
    return in;
}

Evidence tcoEvidence(const Work& w)
{
    const Scenario& s = w.s;
    if (w.mode == FacilityMode::Rent)
        return evidenceOf(s, {"finance.gpu_hour_usd", "finance.staff_usd_per_year", "finance.software_usd_per_gpu_year",
                              "finance.transit_usd_per_month"}, "formula");
    Evidence e = evidenceOf(s, {"finance.system_price_usd", "finance.depreciation_years", "finance.cost_of_capital",
                                "finance.residual_fraction", "finance.installation_fraction",
                                "finance.maintenance_fraction_per_year", "finance.utilization",
                                "facility.electricity_usd_per_kwh", "facility.pue", "facility.idle_power_fraction",
                                "facility.cooling_capex_usd_per_kw", "finance.staff_usd_per_year",
                                "finance.software_usd_per_gpu_year", "finance.transit_usd_per_month"},
                            "formula");
    e.merge(w.powerEvidence);
    if (w.mode == FacilityMode::Build)
        e.merge(evidenceOf(s, {"facility.build_usd_per_mw", "facility.facility_life_years"}, ""));
    else
        e.merge(evidenceOf(s, {"facility.colocation_usd_per_kw_month"}, ""));
    e.method = "formula";
    return e;
}

void addMetric(std::vector<Metric>& list, std::string key, std::string label, double value, std::string unit,
               Evidence e)
{
    list.push_back({std::move(key), std::move(label), value, std::move(unit), std::move(e)});
}

void gatherResults(Work& w, Power itNameplate)
{
    const FinanceResult& f = w.out.finance;
    const Scenario& s = w.s;
    Evidence tco = tcoEvidence(w);
    Evidence tput = w.throughput.evidence;
    Evidence cost = tco;
    cost.merge(tput);
    cost.merge(evidenceOf(s, {"finance.utilization"}, ""));
    cost.method = "formula";
    auto& r = w.out.results;
    addMetric(r, "results.cost_per_mtok_usd", "Cost per million tokens (input + output)",
              in_usd_per_million_tokens(f.costPerToken), "USD/Mtok", cost);
    addMetric(r, "results.cost_per_mtok_input_usd", "Cost per million input tokens",
              in_usd_per_million_tokens(f.costPerInputToken), "USD/Mtok", cost);
    addMetric(r, "results.cost_per_mtok_output_usd", "Cost per million output tokens",
              in_usd_per_million_tokens(f.costPerOutputToken), "USD/Mtok", cost);
    addMetric(r, "results.cost_per_request_usd", "Cost per request", in_usd(f.costPerRequest), "USD", cost);
    addMetric(r, "results.tokens_per_usd", "Tokens per dollar", f.tokensPerDollar, "tokens/USD", cost);
    addMetric(r, "results.tco_per_gpu_hour_usd", "TCO per GPU-hour", in_usd_per_hour(f.tcoPerGpuHour),
              "USD/GPU-hour", tco);
    addMetric(r, "results.tokens_per_s_per_gpu", "Throughput per GPU at the SLO",
              in_tokens_per_second(w.throughput.totalPerGpu), "tokens/s/GPU", tput);
    Evidence perMw = tput;
    perMw.merge(w.powerEvidence);
    perMw.method = "formula";
    const Power itPerGpu = itNameplate / double(w.out.sizing.gpus);
    addMetric(r, "results.tokens_per_s_per_mw_it", "Tokens per second per MW of IT power",
              tokensPerSecondPerMegawatt(w.throughput.totalPerGpu, itPerGpu), "tokens/s/MW", perMw);
    Evidence perMwFacility = perMw;
    perMwFacility.merge(evidenceOf(s, {"facility.pue"}, "formula"));
    addMetric(r, "results.tokens_per_s_per_mw_facility", "Tokens per second per MW of facility power",
              tokensPerSecondPerMegawatt(w.throughput.totalPerGpu, itPerGpu * s.facility.pue.value), "tokens/s/MW",
              perMwFacility);
    addMetric(r, "results.capex_usd", "Capital expenditure", in_usd(f.capexTotal), "USD", tco);
    addMetric(r, "results.breakeven_gpu_hour_usd", "Break-even rental price", in_usd_per_hour(f.breakEvenGpuHourPrice),
              "USD/GPU-hour", tco);
}

void gatherSizing(Work& w, Power itNameplate)
{
    const SizingResult& z = w.out.sizing;
    Evidence e = w.powerEvidence;
    e.method = std::string(sizingBasisName(z.basis));
    if (z.basis == SizingBasis::Demand)
        e.merge(w.throughput.evidence);
    auto& m = w.out.sizingMetrics;
    addMetric(m, "sizing.gpus", "GPUs", z.gpus, "GPUs", e);
    addMetric(m, "sizing.racks", "Rack positions (compute)", z.racks, "racks", e);
    addMetric(m, "sizing.domains", "Scale-up domains", z.domains, "domains", e);
    addMetric(m, "sizing.spare_domains", "Spare scale-up domains", z.spareDomains, "domains", e);
    addMetric(m, "sizing.it_kw", "IT power (nameplate)", in_kilowatts(itNameplate), "kW", w.powerEvidence);
    Evidence fac = w.powerEvidence;
    fac.merge(evidenceOf(w.s, {"facility.pue"}, "formula"));
    addMetric(m, "sizing.facility_kw", "Facility power", in_kilowatts(itNameplate) * w.s.facility.pue.value, "kW",
              fac);
}

Result<void> prepare(Work& w, const EvaluationContext& ctx)
{
    auto tput = throughputFor(w.s, w.catalog, ctx);
    if (!tput)
        return tput.error();
    w.throughput = tput.value();
    for (const Warning& warn : w.throughput.warnings)
        w.out.warnings.push_back(warn);
    resolvePower(w);
    return size(w);
}

} // namespace

Result<Evaluation> evaluate(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx)
{
    auto resolved = resolveScenario(scenario, catalog);
    if (!resolved)
        return resolved.error();
    const Scenario& s = resolved.value();
    const SystemSpec& system = *catalog.system(s.system.value);
    Work w{s, catalog, system, catalog.gpu(system.gpu),
           facilityModeFromName(s.facility.mode.value).value_or(FacilityMode::Build), {}, 1.0, {}, {}, {}, {}};
    if (auto ok = prepare(w, ctx); !ok)
        return ok.error();
    addComputeBom(w);
    const Power itNameplate = w.out.bom.totalPower();
    const Power itTypical = w.itPerGpuTypical * double(w.out.sizing.gpus) + (itNameplate - w.itPerGpuNameplate *
                                                                             double(w.out.sizing.gpus));
    addFacilityBom(w, itNameplate);
    auto fin = computeFinance(financeInput(w, itNameplate, itTypical));
    if (!fin)
        return fin.error();
    w.out.finance = fin.value();
    for (const Warning& warn : w.out.finance.warnings)
        w.out.warnings.push_back(warn);
    gatherResults(w, itNameplate);
    gatherSizing(w, itNameplate);
    w.out.resolved = s;
    return std::move(w.out);
}

} // namespace planner
