// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_results.h"

#include "core/capex_class.h"

#include <map>

namespace planner {

using namespace units;

namespace {

enum ResultColumn { kKey = kKeyedKey, kLabel, kValue, kUnit, kSection, kP10, kP90 }; // the keyed row, then the band
const std::string kHoursPerYear = "8760";         // units::hours_per_year
const std::string kSecondsPerYear = "(8760*3600)"; // the engine's year

// Writes the rows; remembers each row's value cell by its full key ("results.cost_per_mtok_usd").
class ResultsSheet {
public:
    ResultsSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model)
        : book_(book), model_(model), sheet_{ws, "Results", 0}
    {
        // The band is the engine's (the throughput's P10-P90 carried through the model): plain
        // values, which a changed input in this sheet does not move.
        startKeyedSheet(book_, sheet_, 64, {"P10 (engine value)", "P90 (engine value)"});
        worksheet_set_column(ws, kP10, kP90, 22, nullptr);
    }

    void title(std::string_view text)
    {
        ++sheet_.row;
        sheet_.text(kKey, text, book_.sectionTitle());
        ++sheet_.row;
    }

    const ReportFigure* figure(std::string_view key) const
    {
        for (const ReportFigure& f : model_.figures)
            if (f.key == key)
                return &f;
        return nullptr;
    }
    // The engine's figure for `key`; a cost line the engine leaves out is zero.
    double engineValue(std::string_view key) const
    {
        const ReportFigure* f = figure(key);
        return f ? f->value : 0;
    }
    void band(const ReportFigure* f, std::string_view unit)
    {
        if (!f || !f->p10 || !f->p90)
            return;
        sheet_.number(kP10, *f->p10, book_.forUnit(unit, *f->p10));
        sheet_.number(kP90, *f->p90, book_.forUnit(unit, *f->p90));
    }

    // One result row: `formula` without its '=', valued at `value`. Returns its cell.
    std::string add(const std::string& key, std::string_view label, const std::string& formula, double value,
                    std::string_view unit)
    {
        cells_[key] = writeKeyedRow(book_, sheet_, key, label, formula, value, unit);
        band(figure(key), unit);
        ++sheet_.row;
        return cells_[key];
    }
    std::string addFigure(const std::string& key, std::string_view label, const std::string& formula,
                          std::string_view unit)
    {
        return add(key, label, formula, engineValue(key), unit);
    }
    // The cell of a row added before, or empty.
    std::string cell(const std::string& key) const
    {
        auto it = cells_.find(key);
        return it == cells_.end() ? std::string() : it->second;
    }
    void note(std::string_view text)
    {
        sheet_.text(kLabel, text, book_.note());
        ++sheet_.row;
    }
    // A figure shown as the engine's value: the model behind it is not rebuilt as formulas.
    void value(const ReportFigure& f)
    {
        writeKeyedRow(book_, sheet_, f.key, f.label + " (engine value)", "", f.value, f.unit);
        band(&f, f.unit);
        ++sheet_.row;
    }

private:
    XlsxBook& book_;
    const ReportModel& model_;
    XlsxSheet sheet_;
    std::map<std::string, std::string> cells_;
};

std::string sumOf(const std::vector<std::string>& cells)
{
    if (cells.empty())
        return "0";
    std::string s = "SUM(";
    for (std::size_t i = 0; i < cells.size(); ++i)
        s += (i ? "," : "") + cells[i];
    return s + ")";
}

// Where each capex class's life comes from (step_finance.cpp, capexFromBom).
const char* lifePath(CapexClass c)
{
    switch (c) {
    case CapexClass::Network: return "finance.network_life_years";
    case CapexClass::Storage: return "finance.storage_life_years";
    case CapexClass::Facility: return "facility.facility_life_years";
    default: return "finance.depreciation_years";
    }
}

// Disaggregated serving with the prefill pool's share given: that share splits the cost (the engine's rule).
bool measuredPools(const ReportModel& m)
{
    bool disaggregated = false, given = false;
    for (const ReportAssumption& a : m.assumptions) {
        if (a.path == "workload.serving")
            disaggregated = a.text == "disaggregated";
        if (a.path == "workload.prefill_gpu_fraction")
            given = a.given && a.number.has_value();
    }
    return disaggregated && given;
}

bool isTraining(const ReportModel& m)
{
    for (const ReportFigure& f : m.figures)
        if (f.key == "results.training_cost_usd")
            return true;
    return false;
}

struct Capex {
    std::map<CapexClass, std::string> byClass; // amount cells
    std::vector<std::string> capital;           // annualized capital cells
};

Capex capitalRows(ResultsSheet& rs, const ReportModel& m, XlsxInputs& in, const XlsxBomCells& bom)
{
    const FinanceInput& b = m.financeBasis;
    Capex out;
    if (b.capex.empty())
        return out;
    rs.title("Capital expenditure by class (summed from the BOM sheet)");
    for (const CapexItem& item : b.capex) {
        const std::string name(capexClassName(item.cls));
        std::string formula;
        if (item.cls == CapexClass::Installation) {
            const std::string fraction = in.input("finance.installation_fraction", 0, "fraction");
            formula = (out.byClass.count(CapexClass::Compute) ? out.byClass[CapexClass::Compute] : "0") + "*" + fraction;
        } else {
            formula = "SUMIF(" + bom.classRange + ",\"" + name + "\"," + bom.costRange + ")";
        }
        out.byClass[item.cls] = rs.add("finance.capex." + name + "_usd", "Capex, " + name, formula, in_usd(item.amount),
                                       "USD");
    }
    rs.title("Capital recovery: (capex - residual / (1+r)^n) x r(1+r)^n / ((1+r)^n - 1), straight line when r = 0");
    const std::string r = in.input("finance.cost_of_capital", b.costOfCapital, "fraction");
    for (const CapexItem& item : b.capex) {
        const std::string name(capexClassName(item.cls));
        const std::string a = out.byClass[item.cls];
        const std::string n = in.input(lifePath(item.cls), in_years(item.life), "years");
        const std::string residual =
            hasResidualValue(item.cls) ? in.input("finance.residual_fraction", item.residualFraction, "fraction") : "0";
        const std::string growth = "(1+" + r + ")^" + n;
        const std::string formula = "IF(" + n + "<=0,0,(" + a + "-" + residual + "*" + a + "/" + growth + ")*IF(" + r +
                                    "=0,1/" + n + "," + r + "*" + growth + "/(" + growth + "-1)))";
        out.capital.push_back(rs.addFigure("finance.capital." + name + "_usd_per_year", "Annualized capital, " + name,
                                           formula, "USD/year"));
    }
    return out;
}

std::string capexOf(const Capex& c, std::initializer_list<CapexClass> classes)
{
    std::vector<std::string> cells;
    for (CapexClass cls : classes)
        if (auto it = c.byClass.find(cls); it != c.byClass.end())
            cells.push_back(it->second);
    return sumOf(cells);
}

// The goodput cell the token and request rows share: every facility mode counts it.
std::string goodputCell(XlsxInputs& in, const FinanceInput& b)
{
    return in.engine("finance.goodput", "Goodput the finance model applies (every facility mode)", b.goodput, "fraction",
                     "engine: reliability model");
}

// The throughput per GPU the capacity rows multiply: the figure at the SLO, or with a prefill pool
// on a system of its own the rate over both pools balanced, which the capacity GPUs (Sizing)
// turn into what the smaller pool lets the cluster serve.
std::string throughputCell(XlsxInputs& in, const FinanceInput& b, const XlsxSizingCells& sizing)
{
    if (sizing.prefillPool)
        return in.engine("throughput.both_pools_tokens_per_s_per_gpu", "Throughput per GPU over both pools, balanced",
                         in_tokens_per_second(b.tokensPerGpu), "tokens/s/GPU", "engine: throughput model, both pools");
    return in.engine("results.tokens_per_s_per_gpu", "Throughput per GPU at the SLO", in_tokens_per_second(b.tokensPerGpu),
                     "tokens/s/GPU", "engine: throughput model");
}

// The average share of serving capacity in use: the planned utilization of a fixed cluster, or a
// demand-sized cluster's realized one, demand / (throughput x serving GPUs x goodput), as a formula
// so that a changed demand or throughput moves the energy with it.
std::string averageLoadCell(XlsxInputs& in, const FinanceInput& b, const XlsxSizingCells& sizing)
{
    if (sizing.averageDemand.empty())
        return in.input("finance.utilization", b.utilization, "fraction");
    const std::string& demand = sizing.averageDemand;
    const std::string& serving = sizing.capacityGpus;
    const std::string tput = throughputCell(in, b, sizing);
    return "MIN(1," + demand + "/(" + tput + "*" + serving + "*" + goodputCell(in, b) + "))";
}

std::vector<std::string> opexRows(ResultsSheet& rs, const ReportModel& m, XlsxInputs& in, const Capex& capex,
                                  const XlsxSizingCells& sizing)
{
    const std::string& gpus = sizing.gpus;
    const std::string& itKw = sizing.itKw;
    const FinanceInput& b = m.financeBasis;
    std::vector<std::string> lines;
    auto line = [&](const char* key, std::string_view label, const std::string& formula) {
        lines.push_back(rs.addFigure(std::string("finance.opex.") + key, label, formula, "USD/year"));
    };
    rs.title("Operating cost per year");
    if (b.mode == FacilityMode::Rent) {
        line("gpu_rental_usd_per_year", "Operating cost, GPU rental (price per GPU-hour x GPUs x 8760)",
             in.input("finance.gpu_hour_usd", in_usd_per_hour(b.gpuHourPrice), "USD/GPU-hour") + "*" + gpus + "*" +
                 kHoursPerYear);
    } else {
        const std::string util = averageLoadCell(in, b, sizing);
        const std::string idle = in.input("facility.idle_power_fraction", 0, "fraction");
        const std::string& typical = sizing.itKwTypical;
        const std::string average =
            rs.addFigure("power.it_kw_average", "IT power, average at utilization: typical x (idle + (1 - idle) x utilization)",
                         typical + "*(" + idle + "+(1-" + idle + ")*" + util + ")", "kW");
        const std::string pue = in.input("facility.pue", b.pue, "ratio");
        line("energy_usd_per_year", "Operating cost, energy (average IT kW x PUE x 8760 h x USD/kWh)",
             in.input("facility.electricity_usd_per_kwh", 0, "USD/kWh") + "*" + average + "*" + pue + "*" + kHoursPerYear);
        if (b.mode == FacilityMode::Colocation)
            line("colocation_usd_per_year", "Operating cost, colocation (USD/kW-month x provisioned IT kW x 12)",
                 in.input("facility.colocation_usd_per_kw_month", 0, "USD/kW-month") + "*" + itKw + "*12");
        line("maintenance_usd_per_year", "Operating cost, maintenance (fraction of IT capex: compute, network, storage)",
             in.input("finance.maintenance_fraction_per_year", b.maintenanceFractionPerYear, "fraction") + "*" +
                 capexOf(capex, {CapexClass::Compute, CapexClass::Network, CapexClass::Storage}));
        line("staff_usd_per_year", "Operating cost, staff",
             in.input("finance.staff_usd_per_year", in_usd_per_year(b.staff), "USD/year"));
        line("software_usd_per_year", "Operating cost, software (per GPU-year x GPUs)",
             in.input("finance.software_usd_per_gpu_year", in_usd_per_year(b.softwarePerGpu), "USD/GPU-year") + "*" +
                 gpus);
        if (b.mode == FacilityMode::Build) {
            line("facility_om_usd_per_year", "Operating cost, facility O&M (fraction of facility and cooling capex)",
                 in.input("facility.om_fraction_per_year", b.facilityOmFractionPerYear, "fraction") + "*" +
                     capexOf(capex, {CapexClass::Facility, CapexClass::Cooling}));
            line("building_staff_usd_per_year", "Operating cost, building staff (USD per MW-year x IT nameplate MW)",
                 in.input("facility.building_staff_usd_per_mw_year", 0, "USD/MW-year") + "*" + itKw + "/1000");
        }
        // Both owned modes: the capex holds exactly what the analyst owns (finance.h).
        const std::string owned = capexOf(capex, {CapexClass::Compute, CapexClass::Network, CapexClass::Storage,
                                                  CapexClass::Cooling, CapexClass::Facility, CapexClass::Installation});
        line("insurance_usd_per_year", "Operating cost, insurance (fraction of the capex of what you own)",
             in.input("finance.insurance_fraction_per_year", b.insuranceFractionPerYear, "fraction") + "*" + owned);
        line("property_tax_usd_per_year", "Operating cost, property tax (fraction of the capex of what you own)",
             in.input("facility.property_tax_fraction_per_year", b.propertyTaxFractionPerYear, "fraction") + "*" + owned);
    }
    line("storage_services_usd_per_year", "Operating cost, storage services",
         in.engine("finance.storage_fees_usd_per_year", "Storage service fees per year", in_usd_per_year(b.storageFees),
                   "USD/year", "engine: storage model (tiers, capacity, requests, egress)"));
    line("network_transit_usd_per_year", "Operating cost, network transit (12 x USD per month)",
         "12*" + in.input("finance.transit_usd_per_month", in_usd_per_year(b.transit) / 12, "USD/month"));
    return lines;
}

bool hasFigure(const ReportModel& m, std::string_view key)
{
    for (const ReportFigure& f : m.figures)
        if (f.key == key)
            return true;
    return false;
}

// Throughput measured in requests with no tokens per request (the VLM benchmark): the cost chain
// in requests, and no figure per token. The engine ran on requests x its default tokens per
// request; dividing that back out gives the request rates it used.
void requestRows(ResultsSheet& rs, XlsxInputs& in, const FinanceInput& b, const std::string& total,
                 const XlsxSizingCells& sizing)
{
    const std::string& serving = sizing.capacityGpus;
    rs.title("Requests and cost per request: cost per year / requests served per year (tokens per request unknown)");
    const double tokensPerRequest = b.inputTokens + b.outputTokens;
    const double rate = in_tokens_per_second(b.tokensPerGpu) / tokensPerRequest;
    const std::string rps = in.input("workload.throughput_requests_per_s_per_gpu", rate, "requests/s/GPU");
    const std::string goodput = goodputCell(in, b);
    const std::string util = in.input("finance.utilization", b.utilization, "fraction");
    const std::string capacityPerYear = rps + "*" + serving + "*" + goodput + "*" + kSecondsPerYear;
    // Requests served per year, inline: every formula row is an engine figure, and the engine
    // publishes no request count.
    std::string served = "(" + capacityPerYear + "*" + util + ")";
    if (!sizing.averageDemand.empty()) {
        rs.note("Sized from demand: the requests served are the demand.");
        served = "(" + sizing.averageDemand + "/"
            + in.engine("workload.tokens_per_request", "Tokens per request the engine counted a request as",
                        tokensPerRequest, "tokens", "engine: the workload's default lengths")
            + "*" + kSecondsPerYear + ")";
    }
    rs.addFigure("results.utilization_realized", "Realized utilization (requests served / serving capacity)",
                 served + "/(" + capacityPerYear + ")", "fraction");
    rs.addFigure("results.cost_per_request_usd", "Cost per request: cost per year / requests served per year",
                 total + "/" + served, "USD");
    rs.addFigure("results.cost_per_1k_requests_usd", "Cost per 1,000 requests", total + "/" + served + "*1000",
                 "USD/1k requests");
    if (b.mode != FacilityMode::Rent)
        rs.addFigure("results.breakeven_gpu_hour_usd",
                     "Break-even rental price (serving GPU-hours sold at the expected occupancy)",
                     total + "/(" + serving + "*" + averageLoadCell(in, b, sizing) + "*" + goodput + ")/" + kHoursPerYear,
                     "USD/GPU-hour");
}

} // namespace

void writeResultsSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& m, XlsxInputs& in, const XlsxBomCells& bom,
                       const XlsxSizingCells& sizing)
{
    ResultsSheet rs(book, ws, m);
    const FinanceInput& b = m.financeBasis;
    const std::string& gpus = sizing.gpus;
    const std::string& serving = sizing.capacityGpus;
    const std::string& itKw = sizing.itKw;
    const Capex capex = capitalRows(rs, m, in, bom);
    const std::vector<std::string> opex = opexRows(rs, m, in, capex, sizing);

    rs.title("Cost per year and per GPU-hour");
    std::vector<std::string> totals;
    if (!capex.capital.empty())
        totals.push_back(rs.addFigure("finance.annualized_capital_usd", "Annualized capital", sumOf(capex.capital),
                                      "USD/year"));
    totals.push_back(rs.addFigure("finance.opex_usd_per_year", "Operating cost", sumOf(opex), "USD/year"));
    const std::string total = rs.addFigure("finance.total_usd_per_year", "Total cost per year", sumOf(totals), "USD/year");
    std::vector<std::string> capexCells;
    for (const auto& [cls, cell] : capex.byClass)
        capexCells.push_back(cell);
    rs.addFigure("results.capex_usd", "Capital expenditure", sumOf(capexCells), "USD");
    rs.addFigure("results.tco_per_gpu_hour_usd", "TCO per GPU-hour (all GPUs, spares included): cost per year / (GPUs x 8760)",
                 total + "/" + gpus + "/" + kHoursPerYear, "USD/GPU-hour");

    if (isTraining(m)) {
        rs.title("Training run (engine values: the run model is not rebuilt as formulas)");
        for (const ReportFigure& f : m.figures)
            if (f.section == "results" && f.key != "results.capex_usd" && f.key != "results.tco_per_gpu_hour_usd")
                rs.value(f);
        return;
    }

    if (!hasFigure(m, "results.cost_per_mtok_usd") && hasFigure(m, "results.cost_per_1k_requests_usd")) {
        requestRows(rs, in, b, total, sizing);
        return;
    }
    rs.title("Tokens and cost per token: cost per year / tokens served per year");
    const std::string tput = throughputCell(in, b, sizing);
    const std::string goodput = goodputCell(in, b);
    const std::string util = in.input("finance.utilization", b.utilization, "fraction");
    const std::string capacityPerYear = tput + "*" + serving + "*" + goodput + "*" + kSecondsPerYear;
    std::string servedFormula;
    if (!sizing.averageDemand.empty()) {
        servedFormula = sizing.averageDemand + "*" + kSecondsPerYear;
        rs.note("Sized from demand: the tokens served are the demand, and the realized utilization (demand / "
                "capacity) drives the energy and the break-even price; finance.utilization does not apply. "
                "A changed demand, peak factor or maximum load re-sizes the GPUs, racks and fabric (Sizing and "
                "Fabric sheets), and every cost follows.");
    } else {
        servedFormula = capacityPerYear + "*" + util;
    }
    const std::string served = rs.addFigure("results.tokens_served_per_year",
                                            "Tokens served per year (serving GPUs x tokens/s x goodput x utilization, "
                                            "or the demand)",
                                            servedFormula, "tokens/year");
    rs.addFigure("results.utilization_realized", "Realized utilization (tokens served / serving capacity)",
                 served + "/(" + capacityPerYear + ")", "fraction");
    rs.addFigure("results.cost_per_mtok_usd", "Cost per million tokens (input + output)",
                 total + "/" + served + "*1000000", "USD/Mtok");
    const std::string isl = in.input("workload.input_tokens", b.inputTokens, "tokens");
    const std::string osl = in.input("workload.output_tokens", b.outputTokens, "tokens");
    const std::string perRequest = rs.addFigure("results.cost_per_request_usd", "Cost per request",
                                                total + "/" + served + "*(" + isl + "+" + osl + ")", "USD");
    rs.addFigure("results.cost_per_1k_requests_usd", "Cost per 1,000 requests", perRequest + "*1000", "USD/1k requests");
    // The measured prefill pool's share of GPUs where the scenario gives it (an input the analyst
    // can change), else the throughput model's time share, else the share of tokens; with a prefill
    // pool on a system of its own, the engine's time share weighted by both pools' prices.
    const std::string share = sizing.prefillPool
        ? in.engine("finance.input_cost_share", "Share of the cost input tokens carry: the prefill pool's GPU time "
                    "weighted by each pool's price per GPU", b.prefillTimeShare, "fraction",
                    "engine: both pools' rates and prices")
        : measuredPools(m) ? in.input("workload.prefill_gpu_fraction", b.prefillTimeShare, "fraction")
        : b.prefillTimeShare >= 0
            ? in.engine("throughput.prefill_time_share", "Share of GPU time spent on input tokens (prefill)",
                        b.prefillTimeShare, "fraction", "engine: throughput model")
            : "IF(" + isl + "+" + osl + ">0," + isl + "/(" + isl + "+" + osl + "),0.5)";
    rs.addFigure("results.cost_per_mtok_input_usd", "Cost per million input tokens (their share of GPU time)",
                 "IF(" + isl + ">0," + perRequest + "*" + share + "/" + isl + "*1000000,0)", "USD/Mtok");
    rs.addFigure("results.cost_per_mtok_output_usd", "Cost per million output tokens (their share of GPU time)",
                 "IF(" + osl + ">0," + perRequest + "*(1-" + share + ")/" + osl + "*1000000,0)", "USD/Mtok");
    rs.addFigure("results.tokens_per_usd", "Tokens per dollar", served + "/" + total, "tokens/USD");
    rs.addFigure("results.tokens_per_s_per_gpu", "Throughput per GPU at the SLO",
                 sizing.prefillPool ? tput + "*" + serving + "/" + sizing.servingGpus : tput, "tokens/s/GPU");
    rs.addFigure("results.tokens_per_s_per_mw_it",
                 "Tokens per second per MW of IT power (serving GPUs at full load; spares draw power, serve nothing)",
                 tput + "*" + serving + "/(" + itKw + "/1000)", "tokens/s/MW");
    rs.addFigure("results.tokens_per_s_per_mw_facility",
                 "Tokens per second per MW of facility power (serving GPUs at full load; spares draw power, serve nothing)",
                 tput + "*" + serving + "/(" + itKw + "*" + in.input("facility.pue", b.pue, "ratio") + "/1000)",
                 "tokens/s/MW");
    // Energy per token: the average IT draw (the energy line's) over the tokens served per second.
    if (const std::string average = rs.cell("power.it_kw_average"); !average.empty()) {
        const std::string perToken = average + "*1000/(" + served + "/" + kSecondsPerYear + ")";
        rs.addFigure("results.joules_per_token_it", "Energy per token served, IT (average IT W / tokens served per s)",
                     perToken, "J/token");
        rs.addFigure("results.joules_per_token_facility", "Energy per token served, facility (IT x PUE)",
                     perToken + "*" + in.input("facility.pue", b.pue, "ratio"), "J/token");
    } else { // rented: no energy line, so the engine's figures as values
        for (const char* key : {"results.joules_per_token_it", "results.joules_per_token_facility"})
            if (const ReportFigure* f = rs.figure(key))
                rs.value(*f);
    }
    if (b.mode != FacilityMode::Rent)
        rs.addFigure("results.breakeven_gpu_hour_usd",
                     "Break-even rental price (serving GPU-hours sold at the expected occupancy)",
                     total + "/(" + serving + "*" + averageLoadCell(in, b, sizing) + "*" + goodput + ")/" + kHoursPerYear,
                     "USD/GPU-hour");
}

} // namespace planner
