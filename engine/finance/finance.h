// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finance: from capex, opex and throughput to TCO per GPU-hour and cost per million tokens.
//
// Simplifications:
// - Capital is recovered as an annuity per capex class: (capex - residual/(1+r)^n) x CRF(r, n),
//   CRF = r(1+r)^n / ((1+r)^n - 1); straight-line when r = 0. Classes with different lives are
//   annualized separately and summed; no taxes, no financing fees, no inflation.
// - Energy is billed on average IT draw x PUE for all 8,760 hours of a year.
// - Colocation is billed on provisioned IT kW, whether used or not.
// - Maintenance is a fraction of IT capex (compute, network, storage) per year.
// - In rent mode the provider owns and runs the hardware and the site: the analyst pays the
//   GPU-hour price plus storage and transit/egress (DESIGN 4.6); failed GPUs are replaced by the
//   provider, so failures do not reduce billed goodput.
// - Cost per token divides the hourly cost by tokens actually served: throughput x utilization x
//   goodput. With utilization = goodput = 1 this is InferenceX's formula
//   $/Mtok = ($/GPU-hr) / (tok/s/GPU x 3600) x 1e6.
// - The split between input and output tokens follows the share of GPU time spent on each
//   (from the throughput model); without one, both cost the same per token and a warning says so.

#include "core/result.h"
#include "core/units.h"

#include <optional>
#include <string>
#include <vector>

namespace planner {

enum class FacilityMode { Build, Colocation, Rent };
std::string_view facilityModeName(FacilityMode m);
std::optional<FacilityMode> facilityModeFromName(std::string_view name);

enum class CapexClass { Compute, Network, Storage, Cooling, Facility, Installation };
std::string_view capexClassName(CapexClass c);

using MoneyPerPowerTime = decltype(units::Money() / (units::Power() * units::Time()));
inline MoneyPerPowerTime usd_per_kw_month(double v)
{
    return units::usd(v) / (units::kilowatts(1.0) * units::hours(units::hours_per_year / 12.0));
}

struct CapexItem {
    CapexClass cls = CapexClass::Compute;
    units::Money amount;
    units::Time life;
};

struct FinanceInput {
    FacilityMode mode = FacilityMode::Build;
    double gpus = 0;
    std::vector<CapexItem> capex;          // owned modes only
    double costOfCapital = 0;              // r per year
    double residualFraction = 0;           // of capex, at end of life
    units::Power averageItPower;           // mean draw over the year
    units::Power provisionedItPower;       // what colocation bills
    double pue = 1;
    units::MoneyPerEnergy electricity;
    MoneyPerPowerTime colocation;
    double maintenanceFractionPerYear = 0; // of IT capex
    units::MoneyRate staff;                // per year, as a rate
    units::MoneyRate softwarePerGpu;
    units::MoneyRate storageFees;
    units::MoneyRate transit;
    units::MoneyRate gpuHourPrice;         // rent mode, per GPU

    units::TokenRate tokensPerGpu;         // input + output tokens/s per GPU at the SLO
    double inputTokens = 0, outputTokens = 0; // mean per request
    double prefillTimeShare = -1;          // share of GPU time on input tokens; < 0 = unknown
    double utilization = 1;
    double goodput = 1;
    units::Time horizon = units::years(5); // for cash flow and NPV
};

struct CostLine {
    std::string name;       // "compute", "energy", "colocation" ...
    units::MoneyRate perYear;
};

struct FinanceResult {
    units::Money capexTotal;
    std::vector<CostLine> capital; // annualized, per class
    std::vector<CostLine> opex;
    units::MoneyRate totalPerYear;
    units::MoneyRate tcoPerGpuHour; // per GPU (a rate of dollars per second of wall-clock)
    units::MoneyPerToken costPerToken, costPerInputToken, costPerOutputToken;
    units::Money costPerRequest;
    double tokensPerDollar = 0;
    std::vector<units::Money> cashFlowByYear; // year 0 = capex (negative), then -opex each year
    units::Money npvOfCost;                   // present value of all costs over the horizon
    units::MoneyRate breakEvenGpuHourPrice;   // rent price at which renting costs the same
    Warnings warnings;
};

double capitalRecoveryFactor(double rate, double years);
units::MoneyRate annualizedCapital(const CapexItem& item, double costOfCapital, double residualFraction);

Result<FinanceResult> computeFinance(const FinanceInput& in);

} // namespace planner
