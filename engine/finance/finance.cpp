// SPDX-License-Identifier: GPL-3.0-or-later
#include "finance/finance.h"

#include "finance/growth_memo.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace planner {

using namespace units;

namespace {

// (1 + rate)^years once: the recovery factor and the residual's discount both need it, and pow
// is the dearest operation of an evaluation's finance.
double recoveryFactorOfGrowth(double rate, double years, double growth)
{
    if (years <= 0)
        return 0;
    if (rate == 0)
        return 1.0 / years;
    return rate * growth / (growth - 1.0);
}

} // namespace

double capitalRecoveryFactor(double rate, double years)
{
    return recoveryFactorOfGrowth(rate, years, years > 0 && rate != 0 ? std::pow(1.0 + rate, years) : 1.0);
}

double annuityFactor(double rate, double years)
{
    if (years <= 0)
        return 0;
    if (rate == 0)
        return years;
    return (1.0 - std::pow(1.0 + rate, -years)) / rate;
}

namespace {

// annualizedCapital with (1 + r)^n given: computeFinance works it out once per distinct life.
MoneyRate annualizedCapitalOfGrowth(const CapexItem& item, double costOfCapital, double n, double growth)
{
    if (n <= 0)
        return usd_per_year(0);
    // The residual comes back at the end of life, so only its present value offsets the capex.
    const double residualPv = item.residualFraction * in_usd(item.amount) / growth;
    return usd_per_year((in_usd(item.amount) - residualPv) * recoveryFactorOfGrowth(costOfCapital, n, growth));
}

} // namespace

MoneyRate annualizedCapital(const CapexItem& item, double costOfCapital)
{
    const double n = in_years(item.life);
    return annualizedCapitalOfGrowth(item, costOfCapital, n, n > 0 ? std::pow(1.0 + costOfCapital, n) : 1.0);
}

namespace {

Result<void> validate(const FinanceInput& in)
{
    auto positive = [](double v) { return std::isfinite(v) && v > 0; };
    if (!positive(in.gpus))
        return badInput("cluster.gpus", "the cluster has no GPUs");
    if (!std::isfinite(in.utilization) || in.utilization <= 0 || in.utilization > 1)
        return badInput("finance.utilization", "finance.utilization must be in (0, 1]");
    if (!std::isfinite(in.goodput) || in.goodput > 1)
        return badInput("reliability.goodput", "goodput must be in (0, 1]");
    if (in.goodput <= 0) // failures and stragglers leave no useful time: the cluster cannot work
        return infeasible("reliability.goodput", "no goodput left: failures, recovery and stragglers take all the time");
    if (in.mode == FacilityMode::Rent && !(in_usd_per_hour(in.gpuHourPrice) > 0))
        return badInput("finance.gpu_hour_usd", "rent mode needs finance.gpu_hour_usd, the price per GPU-hour");
    if (!(in_tokens_per_second(in.tokensPerGpu) > 0))
        return badInput("workload.throughput_tokens_per_s_per_gpu",
                        "no throughput: give workload.throughput_tokens_per_s_per_gpu or a benchmark database");
    return boost::outcome_v2::success();
}

void addCapital(const FinanceInput& in, FinanceResult& out, GrowthMemo& memo)
{
    // Most classes share a life (compute, cooling and installation the depreciation period):
    // (1 + r)^n once per distinct life, and across evaluations when the caller keeps the memo.
    for (const CapexItem& item : in.capex) {
        out.capexTotal += item.amount;
        const double n = in_years(item.life);
        const double growth = n > 0 ? memo.growth(in.costOfCapital, n) : 1.0;
        const MoneyRate annual = annualizedCapitalOfGrowth(item, in.costOfCapital, n, growth);
        if (in.costLines)
            out.capital.push_back({std::string(capexClassName(item.cls)), annual});
        out.capex.push_back(item);
        out.totalPerYear += annual;
    }
}

template <class Pred>
Money capexWhere(const FinanceInput& in, Pred pred)
{
    Money total = usd(0);
    for (const CapexItem& item : in.capex)
        if (pred(item.cls))
            total += item.amount;
    return total;
}

Money itCapex(const FinanceInput& in)
{
    return capexWhere(in, [](CapexClass c) {
        return c == CapexClass::Compute || c == CapexClass::Network || c == CapexClass::Storage;
    });
}

void addOpex(const FinanceInput& in, FinanceResult& out)
{
    const Time year = years(1);
    auto add = [&](const char* name, MoneyRate perYear) {
        if (in.costLines)
            out.opex.push_back({name, perYear});
        out.totalPerYear += perYear;
    };
    if (in.mode == FacilityMode::Rent) {
        // The GPU-hour price is all-in: the provider runs the hardware, the site and its people.
        add("gpu rental", in.gpuHourPrice * in.gpus);
    } else {
        add("energy", in.electricity * in.averageItPower * in.pue);
        if (in.mode == FacilityMode::Colocation)
            add("colocation", in.colocation * in.provisionedItPower);
        add("maintenance", in.maintenanceFractionPerYear * itCapex(in) / year);
        add("staff", in.staff);
        add("software", in.softwarePerGpu * in.gpus);
        if (in.mode == FacilityMode::Build) {
            const Money plant =
                capexWhere(in, [](CapexClass c) { return c == CapexClass::Facility || c == CapexClass::Cooling; });
            add("facility O&M", in.facilityOmFractionPerYear * plant / year);
            add("building staff", in.buildingStaff);
        }
        // Whoever owns an asset insures it and pays its property tax. In both owned modes the
        // capex list holds exactly what the analyst owns: the IT, its installation and the cooling
        // bought for it, and the hall too when they build; a colocation provider's rate covers
        // only its own building.
        const Money owned = capexWhere(in, [](CapexClass) { return true; });
        add("insurance", in.insuranceFractionPerYear * owned / year);
        add("property tax", in.propertyTaxFractionPerYear * owned / year);
    }
    add("storage services", in.storageFees);
    add("network transit", in.transit);
}

double servingGpus(const FinanceInput& in) { return in.servingGpus > 0 ? in.servingGpus : in.gpus; }

Result<void> addTokenCosts(const FinanceInput& in, FinanceResult& out)
{
    out.capacity = in.tokensPerGpu * servingGpus(in) * in.goodput;
    const bool fromDemand = in.demand.value() > 0;
    out.tokensServed = fromDemand ? in.demand : out.capacity * in.utilization;
    if (out.tokensServed > out.capacity * (1 + 1e-12))
        return infeasible("workload.demand_tokens_per_day",
                          "the cluster cannot serve the demand: it needs " + numberText(in_tokens_per_second(out.tokensServed)) +
                              " tokens/s and serves at most " + numberText(in_tokens_per_second(out.capacity)));
    out.utilizationRealized = out.tokensServed / out.capacity;
    out.costPerToken = out.totalPerYear / out.tokensServed;
    out.tokensPerDollar = 1.0 / out.costPerToken.value();
    const double tokensPerRequest = in.inputTokens + in.outputTokens;
    out.costPerRequest = out.costPerToken * tokens(tokensPerRequest);
    const double inputShare = tokensPerRequest > 0 ? in.inputTokens / tokensPerRequest : 0.5;
    double timeShare = in.prefillTimeShare;
    if (timeShare < 0) {
        timeShare = inputShare;
        out.warnings.push_back({"results.cost_per_mtok_input_usd",
                                "no prefill/decode time split known: input and output tokens cost the same"});
    }
    // Each role pays for the share of GPU time it uses; ISL x c_in + OSL x c_out = cost per request.
    out.costPerInputToken = in.inputTokens > 0 ? out.costPerRequest * timeShare / tokens(in.inputTokens)
                                               : out.costPerToken * 0.0;
    out.costPerOutputToken = in.outputTokens > 0 ? out.costPerRequest * (1 - timeShare) / tokens(in.outputTokens)
                                                 : out.costPerToken * 0.0;
    return boost::outcome_v2::success();
}

// What an asset bought at `bought` is worth at `at` (both in years, at < bought + life): the present
// value of the annual charges it has still to recover plus its discounted residual.
Money remainingValue(const CapexItem& item, double r, double age)
{
    const double life = in_years(item.life);
    const double left = life - age;
    const double annual = in_usd_per_year(annualizedCapital(item, r));
    return usd(annual * annuityFactor(r, left) + item.residualFraction * in_usd(item.amount) / std::pow(1.0 + r, left));
}

void addCashFlow(const FinanceInput& in, FinanceResult& out)
{
    MoneyRate opexPerYear = usd_per_year(0);
    for (const CostLine& line : out.opex)
        opexPerYear += line.perYear;
    const int horizon = static_cast<int>(std::ceil(in_years(in.horizon) - 1e-9));
    const double r = in.costOfCapital;
    out.cashFlowByYear.assign(horizon + 1, usd(0));
    for (int y = 1; y <= horizon; ++y)
        out.cashFlowByYear[y] -= opexPerYear * years(1);
    for (const CapexItem& item : out.capex) {
        const double life = in_years(item.life);
        if (!(life > 0))
            continue;
        // Bought in year 0 and again at the end of each life that ends inside the horizon.
        double bought = 0;
        for (; bought + life < horizon - 1e-9; bought += life) {
            out.cashFlowByYear[static_cast<int>(std::lround(bought))] -= item.amount;
            out.cashFlowByYear[static_cast<int>(std::lround(bought + life))] += item.amount * item.residualFraction;
        }
        out.cashFlowByYear[static_cast<int>(std::lround(bought))] -= item.amount;
        const double age = horizon - bought;
        out.cashFlowByYear[horizon] += age >= life - 1e-9 ? item.amount * item.residualFraction
                                                           : remainingValue(item, r, age);
    }
    out.npvOfCost = usd(0);
    for (int y = 0; y <= horizon; ++y)
        out.npvOfCost -= out.cashFlowByYear[y] / std::pow(1.0 + r, y);
}

} // namespace

Result<FinanceResult> computeFinance(const FinanceInput& in)
{
    FinanceResult out;
    if (auto ok = computeFinance(in, out); !ok)
        return ok.error();
    return out;
}

Result<void> computeFinance(const FinanceInput& in, FinanceResult& out)
{
    GrowthMemo memo; // this call's own: each distinct life's growth computed once
    return computeFinance(in, out, memo);
}

Result<void> computeFinance(const FinanceInput& in, FinanceResult& out, GrowthMemo& memo)
{
    if (auto ok = validate(in); !ok)
        return ok.error();
    // Every figure set below; the lists emptied but keeping their capacity.
    out.capex.clear();
    out.capital.clear();
    out.opex.clear();
    out.cashFlowByYear.clear();
    out.warnings.clear();
    out.npvOfCost = usd(0);
    out.breakEvenGpuHourPrice = usd_per_year(0);
    out.basis = in;
    out.totalPerYear = usd_per_year(0);
    out.capexTotal = usd(0);
    out.opex.reserve(9); // the most addOpex adds (build mode): no reallocation in a sweep
    if (in.mode != FacilityMode::Rent) {
        out.capital.reserve(in.capex.size());
        out.capex.reserve(in.capex.size());
        addCapital(in, out, memo);
    }
    addOpex(in, out);
    out.tcoPerGpuHour = out.totalPerYear / in.gpus;
    if (auto ok = addTokenCosts(in, out); !ok)
        return ok.error();
    if (in.cashFlow && in.costLines) // the cash flow is made of the cost lines
        addCashFlow(in, out);
    if (in.mode != FacilityMode::Rent)
        out.breakEvenGpuHourPrice = out.totalPerYear / (servingGpus(in) * in.utilization * in.goodput);
    return boost::outcome_v2::success();
}

} // namespace planner
