// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate/evaluate.h"

#include "serving/disaggregated.h"
#include "evaluate/infrastructure.h"
#include "cluster/power.h"
#include "scenario/scenario_defaults.h"
#include "scenario/scenario_evidence.h"
#include "scenario/scenario_schema.h"

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

namespace {

// Everything evaluate() works out, in one place, so the steps below stay short.
struct Work {
    const Scenario& s;
    const Catalog& catalog;
    const SystemSpec& system;
    const GpuSpec* gpu;
    const ModelSpec& model;
    FacilityMode mode;
    ThroughputAnswer throughput;
    double goodput = 1;
    ReliabilityResult reliability;
    bool splitFromRoofline = false; // input/output cost split estimated by the roofline
    EvidencePtr tcoInputs;          // evidence shared by every cost figure
    NetworkStep network;
    StorageStep storage;
    Power itPerGpuNameplate, itPerGpuTypical;
    Evidence powerEvidence;
    Evaluation out;
};

// Training tokens per second per GPU: peak dense FLOPS x MFU / (6 x active parameters).
Result<ThroughputAnswer> trainingThroughput(const Scenario& s, const Catalog& c)
{
    const GpuSpec* gpu = c.gpu(c.system(s.system.value)->gpu);
    const ModelSpec* m = c.model(s.workload.model.value);
    const Precision p = precisionFromName(s.workload.precision.value).value_or(Precision::BF16);
    const Figure<FlopRate>& flops = gpu->denseFlops[static_cast<int>(p)];
    if (!flops.known())
        return badInput("workload.precision", gpu->name + " has no dense " + std::string(precisionName(p)) +
                                                  " figure in the catalog");
    ThroughputAnswer a;
    a.totalPerGpu = tokens_per_second(flops.value().value() * s.workload.mfu.value / (6.0 * m->activeParams.value()));
    a.evidence = evidenceOf(s, {"workload.mfu"}, "analytic");
    a.evidence.add("catalog:" + gpu->id + ".flops." + std::string(precisionName(p)), flops.provenance().grade);
    a.evidence.add("catalog:" + m->id + ".active_params", m->activeParams.provenance().grade);
    a.prefillTimeShare = 0.5; // a trained token is read once; the split has no meaning here
    return a;
}

Result<ThroughputAnswer> throughputFor(const Scenario& s, const Catalog& c, const EvaluationContext& ctx)
{
    const Number& explicitFigure = s.workload.throughput_tokens_per_s_per_gpu;
    if (explicitFigure.isSet()) {
        ThroughputAnswer a;
        a.totalPerGpu = tokens_per_second(explicitFigure.value);
        a.evidence = evidenceOf(s, {"workload.throughput_tokens_per_s_per_gpu"}, "input");
        return a;
    }
    if (s.workload.kind.value == "training")
        return trainingThroughput(s, c);
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

Result<void> size(Work& w, Power overheadPerGpu)
{
    const Scenario& s = w.s;
    SizingInput in;
    in.gpusPerDomain = w.system.gpusPerDomain;
    in.domainsPerRack = w.system.domainsPerRack;
    in.domainNameplate = w.itPerGpuNameplate * double(w.system.gpusPerDomain);
    in.overheadPerGpu = overheadPerGpu;
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
    domain.item = w.system.name; // catalog names already say "rack", "node" or "platform"
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
    in.storageFees = w.storage.feesPerYear;
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
        return evidenceOf(s, {"finance.gpu_hour_usd", "finance.transit_usd_per_month"}, "formula");
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

void gatherResults(Work& w, Power itNameplate)
{
    const FinanceResult& f = w.out.finance;
    const Scenario& s = w.s;
    w.tcoInputs = std::make_shared<const Evidence>(tcoEvidence(w));
    Evidence costE = *w.tcoInputs;
    costE.merge(w.throughput.evidence);
    costE.merge(evidenceOf(s, {"finance.utilization"}, ""));
    costE.method = "formula";
    const EvidencePtr& tco = w.tcoInputs;
    const auto cost = std::make_shared<const Evidence>(std::move(costE));
    const auto tput = std::make_shared<const Evidence>(w.throughput.evidence);
    auto& r = w.out.results;
    addMetric(r, "results.cost_per_mtok_usd", "Cost per million tokens (input + output)",
              in_usd_per_million_tokens(f.costPerToken), "USD/Mtok", cost);
    auto split = cost;
    if (w.splitFromRoofline) {
        Evidence e = *cost;
        e.add("model:roofline-prefill-decode-split", Grade::Estimate);
        split = std::make_shared<const Evidence>(std::move(e));
    }
    addMetric(r, "results.cost_per_mtok_input_usd", "Cost per million input tokens",
              in_usd_per_million_tokens(f.costPerInputToken), "USD/Mtok", split);
    addMetric(r, "results.cost_per_mtok_output_usd", "Cost per million output tokens",
              in_usd_per_million_tokens(f.costPerOutputToken), "USD/Mtok", split);
    addMetric(r, "results.cost_per_request_usd", "Cost per request", in_usd(f.costPerRequest), "USD", cost);
    addMetric(r, "results.tokens_per_usd", "Tokens per dollar", f.tokensPerDollar, "tokens/USD", cost);
    addMetric(r, "results.tco_per_gpu_hour_usd", "TCO per GPU-hour", in_usd_per_hour(f.tcoPerGpuHour),
              "USD/GPU-hour", tco);
    addMetric(r, "results.tokens_per_s_per_gpu", "Throughput per GPU at the SLO",
              in_tokens_per_second(w.throughput.totalPerGpu), "tokens/s/GPU", tput);
    Evidence perMw = *tput;
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
    Evidence sizedE = w.powerEvidence;
    sizedE.method = std::string(sizingBasisName(z.basis));
    if (z.basis == SizingBasis::Demand)
        sizedE.merge(w.throughput.evidence);
    const auto e = std::make_shared<const Evidence>(std::move(sizedE));
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

void financeDetails(const Work& w, std::vector<Metric>& d)
{
    const FinanceResult& f = w.out.finance;
    const EvidencePtr& e = w.tcoInputs; // set by gatherResults
    MoneyRate capital = usd_per_year(0), opex = usd_per_year(0);
    for (const CostLine& l : f.capital)
        capital += l.perYear;
    for (const CostLine& l : f.opex)
        opex += l.perYear;
    addMetric(d, "finance.annualized_capital_usd", "Annualized capital", in_usd_per_year(capital), "USD/year", e);
    addMetric(d, "finance.opex_usd_per_year", "Operating cost", in_usd_per_year(opex), "USD/year", e);
    addMetric(d, "finance.total_usd_per_year", "Total cost of ownership per year", in_usd_per_year(f.totalPerYear),
              "USD/year", e);
    addMetric(d, "finance.npv_cost_usd", "Present value of all costs over the hardware life", in_usd(f.npvOfCost),
              "USD", e);
    for (const CostLine& l : f.opex)
        if (l.name == "energy")
            addMetric(d, "finance.energy_usd_per_year", "Energy", in_usd_per_year(l.perYear), "USD/year", e);
}

Result<void> gatherDetails(Work& w, Power itNameplate, Power itTypical)
{
    auto& d = w.out.details;
    const Scenario& s = w.s;
    Evidence pe = w.powerEvidence;
    pe.method = "formula";
    addMetric(d, "power.it_kw_nameplate", "IT power, nameplate", in_kilowatts(itNameplate), "kW", pe);
    addMetric(d, "power.it_kw_typical", "IT power, typical draw", in_kilowatts(itTypical), "kW", pe);
    const Power average = averageItPower(itTypical, s.facility.idle_power_fraction.value, s.finance.utilization.value);
    addMetric(d, "power.it_kw_average", "IT power, average at utilization", in_kilowatts(average), "kW",
              evidenceOf(s, {"facility.idle_power_fraction", "finance.utilization"}, "formula"));
    addMetric(d, "power.pue", "PUE", s.facility.pue.value, "ratio", evidenceOf(s, {"facility.pue"}, "input"));
    addMetric(d, "power.facility_mw", "Facility power", in_megawatts(itNameplate) * s.facility.pue.value, "MW", pe);
    if (s.facility.power_cap_mw.isSet())
        addMetric(d, "power.cap_mw", "Site power cap", s.facility.power_cap_mw.value, "MW",
                  evidenceOf(s, {"facility.power_cap_mw"}, "input"));
    addMetric(d, "power.floor_positions", "Floor positions (compute + network racks)",
              w.out.sizing.racks + std::ceil(double(w.network.fabric.switches()) / 16.0), "positions",
              Evidence{Grade::Estimate, "assumes 16 switches per network rack", {}});
    d.insert(d.end(), std::make_move_iterator(w.network.details.begin()),
             std::make_move_iterator(w.network.details.end()));
    d.insert(d.end(), std::make_move_iterator(w.storage.details.begin()),
             std::make_move_iterator(w.storage.details.end()));
    reliabilityDetails(s, w.reliability, d);
    if (w.gpu)
        if (auto ok = collectiveDetails(s, w.system, *w.gpu, w.model, w.out.sizing.gpus, d); !ok)
            return ok;
    financeDetails(w, d);
    if (s.workload.kind.value == "training") {
        auto run = planTraining(s, *w.gpu, w.model, w.out.sizing.gpus, w.reliability, w.out.finance.tcoPerGpuHour);
        if (!run)
            return run.error();
        const Evidence e = evidenceOf(s, {"workload.training_tokens", "workload.mfu"}, "formula");
        addMetric(d, "training.wall_clock_days", "Training run wall-clock", in_days(run.value().wallClock), "days", e);
        addMetric(d, "training.gpu_hours", "Training run GPU-hours", in_hours(run.value().totalGpuTime), "GPU-hours", e);
        addMetric(d, "training.cost_usd", "Training run cost", in_usd(run.value().cost), "USD", e);
        w.out.warnings.insert(w.out.warnings.end(), run.value().warnings.begin(), run.value().warnings.end());
    }
    return boost::outcome_v2::success();
}

Result<void> planReliabilityAndStorage(Work& w)
{
    const bool training = w.s.workload.kind.value == "training";
    const int gpus = w.out.sizing.gpus;
    // Training: the checkpoint's blocking write time sets Young's interval, which sets the
    // checkpoint rate, so storage is planned once to learn the write time and again with the rate.
    Time blocking = seconds(0);
    if (training) {
        auto probe = planStorage(w.s, w.catalog, w.model, gpus, seconds(0));
        if (!probe)
            return probe.error();
        blocking = probe.value().checkpoint.blocking;
    }
    auto rel = planReliability(w.s, w.system, gpus, blocking);
    if (!rel)
        return rel.error();
    w.reliability = rel.value();
    if (training)
        w.goodput = w.reliability.goodput;
    auto storage = planStorage(w.s, w.catalog, w.model, gpus, training ? w.reliability.checkpointInterval : seconds(0));
    if (!storage)
        return storage.error();
    w.storage = storage.value();
    for (const auto* list : {&w.network.fabric.warnings, &w.reliability.warnings, &w.storage.plan.warnings,
                             &w.storage.checkpoint.warnings})
        w.out.warnings.insert(w.out.warnings.end(), list->begin(), list->end());
    return boost::outcome_v2::success();
}

// Share of GPU time a request spends on its input tokens, from the roofline's prefill and decode
// rates: a ratio, so the model's efficiency errors largely cancel. < 0 when the model cannot say.
double computeRooflineTimeShare(const Scenario& s, const SystemSpec& sys, const GpuSpec& gpu, const ModelSpec& m)
{
    RooflineInput in;
    in.model = &m;
    in.gpu = &gpu;
    in.domainSize = sys.gpusPerDomain;
    in.precision = precisionFromName(s.workload.precision.value).value_or(Precision::FP8);
    in.inputTokens = s.workload.input_tokens.value;
    in.outputTokens = s.workload.output_tokens.value;
    auto rates = analyticRoleRates(in, tokens_per_second(s.workload.min_tokens_per_s_per_user.value));
    if (!rates)
        return -1;
    const double prefill = in.inputTokens / in_tokens_per_second(rates.value().prefillInputPerGpu);
    const double decode = in.outputTokens / in_tokens_per_second(rates.value().decodeOutputPerGpu);
    return std::isfinite(prefill / (prefill + decode)) ? prefill / (prefill + decode) : -1;
}

// The roofline sweep costs tens of microseconds and depends on few inputs, so the answer is kept
// in the caller's cache when there is one.
double rooflineTimeShare(const Work& w, EvaluationCache* cache)
{
    const Scenario& s = w.s;
    if (!cache)
        return computeRooflineTimeShare(s, w.system, *w.gpu, w.model);
    const EvaluationCache::PrefillShareKey key{w.system.id, w.model.id, s.workload.precision.value,
                                               s.workload.input_tokens.value, s.workload.output_tokens.value,
                                               s.workload.min_tokens_per_s_per_user.value};
    if (auto known = cache->prefillShare(key))
        return *known;
    const double share = computeRooflineTimeShare(s, w.system, *w.gpu, w.model);
    cache->storePrefillShare(key, share);
    return share;
}

Result<void> prepare(Work& w, const EvaluationContext& ctx)
{
    auto tput = throughputFor(w.s, w.catalog, ctx);
    if (!tput)
        return tput.error();
    w.throughput = tput.value();
    for (const Warning& warn : w.throughput.warnings)
        w.out.warnings.push_back(warn);
    if (w.throughput.prefillTimeShare < 0 && w.gpu) {
        w.throughput.prefillTimeShare = rooflineTimeShare(w, ctx.cache);
        w.splitFromRoofline = w.throughput.prefillTimeShare >= 0;
    }
    resolvePower(w);
    const bool training = w.s.workload.kind.value == "training";
    if (!training) {
        // Inference goodput depends on one domain's failures, not on the fleet size.
        auto rel = planReliability(w.s, w.system, w.system.gpusPerDomain, seconds(0));
        if (!rel)
            return rel.error();
        w.goodput = rel.value().goodput;
    }
    // Size once without the network, then again with its power per GPU, so a power cap counts it.
    if (auto ok = size(w, watts(0)); !ok)
        return ok;
    auto net = sizeScenarioFabric(w.s, w.catalog, w.out.sizing.gpus);
    if (!net)
        return net.error();
    const bool allIn = w.s.facility.it_kw_per_gpu_all_in.isSet();
    if (auto ok = size(w, allIn ? watts(0) : net.value().power() / double(w.out.sizing.gpus)); !ok)
        return ok;
    auto finalNet = planNetwork(w.s, w.catalog, w.out.sizing.gpus);
    if (!finalNet)
        return finalNet.error();
    w.network = finalNet.value();
    return planReliabilityAndStorage(w);
}

} // namespace

Result<Evaluation> evaluate(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx)
{
    auto resolved = resolveScenario(scenario, catalog);
    if (!resolved)
        return resolved.error();
    Scenario& s = resolved.value();
    if (!s.storage.checkpoint_bytes_per_param.isSet()) {
        const bool training = s.workload.kind.value == "training";
        const Precision p = precisionFromName(s.workload.precision.value).value_or(Precision::FP8);
        s.storage.checkpoint_bytes_per_param =
            training ? Number{14, {"ZeRO (Rajbhandari et al. 2019): 16 bytes/param of state, 14 saved without gradients", "2019", Grade::ThirdParty}, false}
                     : Number{bytesPerParameter(p), {"weights only, at the workload precision", "", Grade::Estimate}, false};
    }
    const SystemSpec& system = *catalog.system(s.system.value);
    Work w{s, catalog, system, catalog.gpu(system.gpu), *catalog.model(s.workload.model.value),
           facilityModeFromName(s.facility.mode.value).value_or(FacilityMode::Build)};
    w.out.results.reserve(12);
    w.out.sizingMetrics.reserve(6);
    w.out.details.reserve(40);
    if (auto ok = prepare(w, ctx); !ok)
        return ok.error();
    addComputeBom(w);
    // An all-in power figure per GPU already holds the network's and storage's share.
    const bool allIn = s.facility.it_kw_per_gpu_all_in.isSet();
    w.out.bom.lines.reserve(w.out.bom.lines.size() + w.network.bom.size() + w.storage.bom.size() + 2);
    for (auto* lines : {&w.network.bom, &w.storage.bom})
        for (BomLine& line : *lines) {
            if (allIn)
                line.unitPower = watts(0);
            w.out.bom.add(std::move(line));
        }
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
    if (auto ok = gatherDetails(w, itNameplate, itTypical); !ok)
        return ok.error();
    w.out.resolved = std::move(s); // last use of s
    return std::move(w.out);
}

} // namespace planner
