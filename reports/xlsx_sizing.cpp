// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_sizing.h"

#include "xlsx_bom.h"

#include "core/number_text.h"

#include <algorithm>

namespace planner {

namespace {

enum SizingColumn { kKey = kKeyedKey, kLabel = kKeyedLabel, kValue = kKeyedValue, kUnit = kKeyedUnit, kSection = kKeyedSection };

const ReportAssumption* assumptionOf(const ReportModel& m, std::string_view path)
{
    for (const ReportAssumption& a : m.assumptions)
        if (a.path == path && a.number)
            return &a;
    return nullptr;
}

} // namespace

XlsxSizing::XlsxSizing(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model, XlsxInputs& inputs)
    : book_(book), model_(model), in_(inputs), sheet_{ws, "Sizing", 0}
{
    startKeyedSheet(book_, sheet_, 90);
    const SizingResult& z = model_.sizing;
    sheet_.text(kKey, "Sized by: " + std::string(sizingBasisName(z.basis)), book_.sectionTitle());
    ++sheet_.row;
    const std::string perDomain = in_.engine("system.gpus_per_domain", "GPUs per scale-up domain", z.gpusPerDomain,
                                             "GPUs", "catalog: the system");
    const std::string perRack = in_.engine("system.domains_per_rack", "Scale-up domains per rack", z.domainsPerRack,
                                           "domains", "catalog: the system");
    const std::string serving = servingDomains();
    const std::string spare = add("sizing.spare_domains",
                                  "Spare domains: serving domains x spare fraction, rounded up",
                                  "MAX(0,ROUNDUP(" + serving + "*" + in_.input("cluster.spare_fraction", 0, "fraction")
                                      + "-1E-9,0))",
                                  z.spareDomains, "domains");
    cells_.domains = add("sizing.domains", "Scale-up domains, spares included", serving + "+" + spare, z.domains,
                         "domains");
    if (z.prefillPool) {
        addWithPrefillPool(serving, perDomain, perRack);
        return;
    }
    cells_.gpus = add("sizing.gpus", "GPUs, spares included: domains x GPUs per domain", cells_.domains + "*" + perDomain,
                      z.gpus, "GPUs");
    cells_.servingGpus = add("sizing.serving_gpus", "Serving GPUs: serving domains x GPUs per domain",
                             serving + "*" + perDomain, double(z.servingDomains) * z.gpusPerDomain, "GPUs");
    cells_.racks = add("sizing.racks", "Racks: domains / domains per rack, rounded up",
                       "ROUNDUP(" + cells_.domains + "/" + perRack + ",0)", z.racks, "racks");
    cells_.capacityGpus = cells_.servingGpus;
}

// A prefill pool on a system of its own: the decode pool's domains above, the prefill pool as the
// engine sized it, and the totals over both.
void XlsxSizing::addWithPrefillPool(const std::string& serving, const std::string& perDomain, const std::string& perRack)
{
    const SizingResult& z = model_.sizing;
    const PoolSizing& pool = *z.prefillPool;
    const std::string poolGpus = value("sizing.prefill_pool_gpus", "Prefill pool GPUs, spares included", pool.gpus, "GPUs");
    const std::string poolServing = value("sizing.prefill_pool_serving_gpus", "Prefill pool serving GPUs",
                                          double(pool.servingDomains) * pool.gpusPerDomain, "GPUs");
    const std::string poolRacks = value("sizing.prefill_pool_racks", "Prefill pool rack positions", pool.racks, "racks");
    cells_.gpus = add("sizing.gpus", "GPUs, spares included: domains x GPUs per domain + the prefill pool's",
                      cells_.domains + "*" + perDomain + "+" + poolGpus, z.gpus, "GPUs");
    cells_.servingGpus = add("sizing.serving_gpus", "Serving GPUs: serving domains x GPUs per domain + the prefill pool's",
                             serving + "*" + perDomain + "+" + poolServing, z.servingGpus, "GPUs");
    cells_.racks = add("sizing.racks", "Racks: domains / domains per rack, rounded up, + the prefill pool's",
                       "ROUNDUP(" + cells_.domains + "/" + perRack + ",0)+" + poolRacks, z.racks, "racks");
    cells_.prefillPool = true;
    cells_.capacityGpus = value("sizing.capacity_gpus",
                                "Serving GPUs at the rate over both pools: what the smaller pool lets the cluster serve "
                                "/ that rate", z.capacityGpus, "GPUs");
}

double XlsxSizing::figure(std::string_view key) const
{
    for (const ReportFigure& f : model_.figures)
        if (f.key == key)
            return f.value;
    return 0;
}

std::string XlsxSizing::add(const std::string& key, std::string_view label, const std::string& formula, double value,
                            std::string_view unit)
{
    const std::string cell = writeKeyedRow(book_, sheet_, key, label, formula, value, unit);
    ++sheet_.row;
    return cell;
}

std::string XlsxSizing::value(const std::string& key, std::string_view label, double value, std::string_view unit)
{
    const std::string cell = writeKeyedRow(book_, sheet_, key, std::string(label) + " (engine value)", "", value, unit);
    ++sheet_.row;
    return cell;
}

void XlsxSizing::note(std::string_view text)
{
    sheet_.text(kLabel, text, book_.note());
    ++sheet_.row;
}

// Average demand in tokens/s, as the engine reads it: tokens per day over 86,400 s when given,
// else requests per second x (input + output tokens).
std::string XlsxSizing::averageDemand()
{
    const FinanceInput& b = model_.financeBasis;
    if (assumptionOf(model_, "workload.demand_tokens_per_day"))
        return add("workload.average_demand_tokens_per_s", "Average demand: tokens per day / 86,400",
                   in_.input("workload.demand_tokens_per_day", 0, "tokens/day") + "/86400",
                   units::in_tokens_per_second(b.demand), "tokens/s");
    return add("workload.average_demand_tokens_per_s", "Average demand: requests/s x (input + output tokens)",
               in_.input("workload.demand_requests_per_s", 0, "requests/s") + "*("
                   + in_.input("workload.input_tokens", b.inputTokens, "tokens") + "+"
                   + in_.input("workload.output_tokens", b.outputTokens, "tokens") + ")",
               units::in_tokens_per_second(b.demand), "tokens/s");
}

// Serving domains by the sizing basis (sizing.cpp, servingDomainsFor). The engine's ceil(x - 1e-9)
// is MAX(0, ROUNDUP(x - 1E-9, 0)): ROUNDUP rounds away from zero, so -1E-9 alone would give -1.
std::string XlsxSizing::servingDomains()
{
    const SizingResult& z = model_.sizing;
    const std::string perDomain = in_.engine("system.gpus_per_domain", "", z.gpusPerDomain, "GPUs", "");
    if (z.prefillPool && z.basis != SizingBasis::FixedGpus && z.basis != SizingBasis::FixedRacks) {
        note("A prefill pool on a system of its own: each pool serves at its own rate per GPU, which the engine "
             "derives from the throughput and the input's share of GPU time. The sheet keeps the engine's size of "
             "both pools; re-run the engine for another demand or cap.");
        if (z.basis == SizingBasis::Demand) // the tokens served and the realized utilization still follow it
            cells_.averageDemand = averageDemand();
        return value("sizing.serving_domains", "Serving domains (decode pool)", z.servingDomains, "domains");
    }
    switch (z.basis) {
    case SizingBasis::Demand: {
        const FinanceInput& b = model_.financeBasis;
        cells_.averageDemand = averageDemand();
        const std::string tput = in_.engine("results.tokens_per_s_per_gpu", "Throughput per GPU at the SLO",
                                            units::in_tokens_per_second(b.tokensPerGpu), "tokens/s/GPU",
                                            "engine: throughput model");
        const std::string goodput = in_.engine("finance.goodput", "Goodput the finance model applies (every facility mode)",
                                               b.goodput, "fraction", "engine: reliability model");
        const std::string required =
            add("sizing.gpus_required",
                "GPUs the peak needs: average demand x peak-to-average / (throughput x goodput x maximum load at "
                "peak), rounded up",
                "MAX(0,ROUNDUP(" + cells_.averageDemand + "*" + in_.input("workload.peak_to_average", 1, "ratio") + "/("
                    + tput + "*" + goodput + "*" + in_.input("cluster.max_load_at_peak", 1, "fraction") + ")-1E-9,0))",
                z.gpusRequired, "GPUs");
        return add("sizing.serving_domains", "Serving domains: GPUs needed / GPUs per domain, rounded up",
                   "ROUNDUP(" + required + "/" + perDomain + ",0)", z.servingDomains, "domains");
    }
    case SizingBasis::FixedGpus:
        return add("sizing.serving_domains", "Serving domains: the cluster's GPUs / GPUs per domain, rounded up",
                   "ROUNDUP(" + in_.input("cluster.gpus", 0, "GPUs") + "/" + perDomain + ",0)", z.servingDomains,
                   "domains");
    case SizingBasis::FixedRacks:
        return add("sizing.serving_domains", "Serving domains: the cluster's racks x domains per rack",
                   in_.input("cluster.racks", 0, "racks") + "*"
                       + in_.engine("system.domains_per_rack", "", z.domainsPerRack, "domains", ""),
                   z.servingDomains, "domains");
    case SizingBasis::PowerCap:
        note("Sized to the power cap: the largest cluster whose domains, spares included, fit under it is a search "
             "the engine makes, not a formula. The sheet keeps the engine's size; re-run the engine for another cap.");
        return value("sizing.serving_domains", "Serving domains", z.servingDomains, "domains");
    case SizingBasis::SingleDomain:
        return add("sizing.serving_domains", "Serving domains: one scale-up domain", "1", z.servingDomains, "domains");
    }
    return value("sizing.serving_domains", "Serving domains", z.servingDomains, "domains");
}

void XlsxSizing::addPower(const XlsxBomCells& bom)
{
    ++sheet_.row;
    sheet_.text(kKey, "IT power", book_.sectionTitle());
    ++sheet_.row;
    cells_.itKw = add("sizing.it_kw", "IT power, nameplate: the sum of the BOM's compute, network and storage lines",
                      bom.itKw, figure("sizing.it_kw"), "kW");
    // Typical draw = nameplate less each GPU's gap between its system's nameplate and typical
    // draw (the network and storage draw their nameplate): the engine's rule (step_bom.cpp).
    const double gpus = model_.sizing.gpus;
    const double gap = gpus > 0 ? (figure("sizing.it_kw") - figure("power.it_kw_typical")) / gpus : 0;
    const std::string gapCell =
        in_.engine("power.nameplate_less_typical_kw_per_gpu", "Nameplate less typical draw, per GPU", gap, "kW",
                   "engine: the system's nameplate and typical power per GPU (catalog)");
    cells_.itKwTypical = add("power.it_kw_typical", "IT power, typical draw: nameplate - GPUs x (nameplate - typical per GPU)",
                             cells_.itKw + "-" + cells_.gpus + "*" + gapCell, figure("power.it_kw_typical"), "kW");
    add("sizing.facility_kw", "Facility power: IT nameplate x PUE",
        cells_.itKw + "*" + in_.input("facility.pue", model_.financeBasis.pue, "ratio"), figure("sizing.facility_kw"), "kW");
    note("The BOM's network counts follow the domains through the Fabric sheet (the engine's fabric plan per size); "
         "the storage tiers keep the engine's plan for " + numberText(gpus) + " GPUs (BOM sheet, count_basis column).");
}

} // namespace planner
