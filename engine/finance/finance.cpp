// SPDX-License-Identifier: GPL-3.0-or-later
#include "finance/finance.h"

#include <cmath>

namespace planner {

using namespace units;

std::string_view facilityModeName(FacilityMode m)
{
    switch (m) {
    case FacilityMode::Build: return "build";
    case FacilityMode::Colocation: return "colocation";
    case FacilityMode::Rent: return "rent";
    }
    return "?";
}

std::optional<FacilityMode> facilityModeFromName(std::string_view name)
{
    for (FacilityMode m : {FacilityMode::Build, FacilityMode::Colocation, FacilityMode::Rent})
        if (facilityModeName(m) == name)
            return m;
    return std::nullopt;
}

std::string_view capexClassName(CapexClass c)
{
    switch (c) {
    case CapexClass::Compute: return "compute";
    case CapexClass::Network: return "network";
    case CapexClass::Storage: return "storage";
    case CapexClass::Cooling: return "cooling";
    case CapexClass::Facility: return "facility";
    case CapexClass::Installation: return "installation";
    }
    return "?";
}

double capitalRecoveryFactor(double rate, double years)
{
    if (years <= 0)
        return 0;
    if (rate == 0)
        return 1.0 / years;
    const double growth = std::pow(1.0 + rate, years);
    return rate * growth / (growth - 1.0);
}

MoneyRate annualizedCapital(const CapexItem& item, double costOfCapital, double residualFraction)
{
    const double n = in_years(item.life);
    if (n <= 0)
        return usd_per_year(0);
    // The residual comes back at the end of life, so only its present value offsets the capex.
    const double residualPv = residualFraction * in_usd(item.amount) / std::pow(1.0 + costOfCapital, n);
    return usd_per_year((in_usd(item.amount) - residualPv) * capitalRecoveryFactor(costOfCapital, n));
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

void addCapital(const FinanceInput& in, FinanceResult& out)
{
    for (const CapexItem& item : in.capex) {
        out.capexTotal += item.amount;
        const MoneyRate annual = annualizedCapital(item, in.costOfCapital, in.residualFraction);
        out.capital.push_back({std::string(capexClassName(item.cls)), annual});
        out.totalPerYear += annual;
    }
}

Money itCapex(const FinanceInput& in)
{
    Money total = usd(0);
    for (const CapexItem& item : in.capex)
        if (item.cls == CapexClass::Compute || item.cls == CapexClass::Network || item.cls == CapexClass::Storage)
            total += item.amount;
    return total;
}

void addOpex(const FinanceInput& in, FinanceResult& out)
{
    const Time year = years(1);
    auto add = [&](const char* name, MoneyRate perYear) {
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
    }
    add("storage services", in.storageFees);
    add("network transit", in.transit);
}

void addTokenCosts(const FinanceInput& in, FinanceResult& out)
{
    const TokenRate served = in.tokensPerGpu * in.utilization * in.goodput;
    out.costPerToken = out.tcoPerGpuHour / served;
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
}

void addCashFlow(const FinanceInput& in, FinanceResult& out)
{
    MoneyRate opexPerYear = usd_per_year(0);
    for (const CostLine& line : out.opex)
        opexPerYear += line.perYear;
    const int horizon = static_cast<int>(std::ceil(in_years(in.horizon)));
    out.cashFlowByYear.assign(1, -out.capexTotal);
    out.npvOfCost = out.capexTotal;
    for (int y = 1; y <= horizon; ++y) {
        const Money spend = opexPerYear * years(1);
        out.cashFlowByYear.push_back(-spend);
        out.npvOfCost += spend / std::pow(1.0 + in.costOfCapital, y);
    }
}

} // namespace

Result<FinanceResult> computeFinance(const FinanceInput& in)
{
    if (auto ok = validate(in); !ok)
        return ok.error();
    FinanceResult out;
    out.totalPerYear = usd_per_year(0);
    out.capexTotal = usd(0);
    if (in.mode != FacilityMode::Rent)
        addCapital(in, out);
    addOpex(in, out);
    out.tcoPerGpuHour = out.totalPerYear / in.gpus;
    addTokenCosts(in, out);
    addCashFlow(in, out);
    // Renting breaks even when the rental price plus the costs renting still carries equals our TCO.
    MoneyRate rentCarried = in.storageFees + in.transit;
    out.breakEvenGpuHourPrice = (out.totalPerYear - rentCarried) / in.gpus;
    return out;
}

} // namespace planner
