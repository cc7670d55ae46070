// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finance: from capex, opex and throughput to TCO per GPU-hour and cost per million tokens.
//
// Simplifications:
// - Capital is recovered as an annuity per capex class: (capex - residual/(1+r)^n) x CRF(r, n),
//   CRF = r(1+r)^n / ((1+r)^n - 1); straight-line when r = 0. Classes with different lives are
//   annualized separately and summed; no income taxes, no financing fees, no inflation.
// - Only hardware that can be resold has a residual value (compute, network, storage); the
//   building, its cooling plant and the installation labour have none.
// - Build mode pays the facility's running costs itself: plant O&M as a fraction of facility and
//   cooling capex, and the building's own staff; colocation has them inside its $/kW-month.
// - Insurance and property tax follow ownership: fractions of the capex of what the analyst owns,
//   in both owned modes (all capex: the IT, its installation and cooling, and the hall when they
//   build). In rent mode the provider owns everything and its GPU-hour price carries them.
// - Energy is billed on average IT draw x PUE for all 8,760 hours of a year.
// - Colocation is billed on provisioned IT kW, whether used or not.
// - Maintenance is a fraction of IT capex (compute, network, storage) per year.
// - In rent mode the provider owns and runs the hardware and the site: the analyst pays the
//   GPU-hour price plus storage and transit/egress (DESIGN 4.6). Tokens served count goodput as in
//   every mode: the provider replaces a failed GPU, but the time lost to the failure, the restart
//   and stragglers is paid for and serves nothing, so the same cluster serves the same tokens
//   whoever owns it.
// - Cost per token = cost per year / tokens served per year. A cluster sized from demand serves the
//   demand (its realized utilization is demand / capacity); a fixed cluster serves its serving
//   GPUs (spares excluded) x throughput x utilization x goodput. Spares cost money and serve
//   nothing. For a fixed cluster with no spares and utilization = goodput = 1 this is InferenceX's
//   formula $/Mtok = ($/GPU-hr) / (tok/s/GPU x 3600) x 1e6.
// - Cash flow and present value cover one horizon, the IT hardware's life: every class bought in
//   year 0, a class with a shorter life bought again when it ends (its residual returned then),
//   and at the horizon's end each class returns its remaining value: the present value of the
//   annual charges it still has to recover plus its discounted residual. So the present value of
//   the cash flows equals the present value of the annualized cost over the horizon.
// - Break-even rental price: the GPU-hour price at which renting out the serving GPUs at the
//   expected occupancy (utilization x goodput) recovers the whole yearly cost, capital at the cost
//   of capital included.
// - The split between input and output tokens follows the share of GPU time spent on each
//   (from the throughput model); without one, both cost the same per token and a warning says so.

#include "core/capex_class.h"
#include "core/choices.h"
#include "core/result.h"
#include "core/units.h"

#include <optional>
#include <string>
#include <vector>

namespace planner {



using MoneyPerPowerTime = decltype(units::Money() / (units::Power() * units::Time()));
inline MoneyPerPowerTime usd_per_kw_month(double v)
{
    return units::usd(v) / (units::kilowatts(1.0) * units::hours(units::hours_per_year / 12.0));
}

struct CapexItem {
    CapexClass cls = CapexClass::Compute;
    units::Money amount;
    units::Time life;
    double residualFraction = 0; // of the amount, returned at the end of its life
};

// Whether a class of asset can be resold at the end of its life.
inline bool hasResidualValue(CapexClass c)
{
    return c == CapexClass::Compute || c == CapexClass::Network || c == CapexClass::Storage;
}

struct FinanceInput {
    FacilityMode mode = FacilityMode::Build;
    double gpus = 0;
    std::vector<CapexItem> capex;          // owned modes only
    double costOfCapital = 0;              // r per year
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
    double facilityOmFractionPerYear = 0;  // build mode: of facility and cooling capex
    units::MoneyRate buildingStaff;        // build mode: the building's own staff, per year
    double insuranceFractionPerYear = 0;   // owned modes: of all (owned) capex
    double propertyTaxFractionPerYear = 0; // owned modes: of all (owned) capex
    units::MoneyRate gpuHourPrice;         // rent mode, per GPU

    units::TokenRate tokensPerGpu;         // input + output tokens/s per GPU at the SLO
    double inputTokens = 0, outputTokens = 0; // mean per request
    double prefillTimeShare = -1;          // share of GPU time on input tokens; < 0 = unknown
    double utilization = 1;
    double goodput = 1;
    double servingGpus = 0;                // spares excluded; 0 = all of `gpus`
    units::TokenRate demand;               // sized from demand: the tokens served; zero = fixed cluster
    units::Time horizon = units::years(5); // for cash flow and NPV
    // The year-by-year cash flow and its NPV (a power per year) are report figures; the numbers-only
    // path of sweeps reads neither, so it leaves them empty and zero.
    bool cashFlow = true;
    // The capital and operating cost lines by name (FinanceResult::capital, opex) are report
    // figures too: without them only the totals are kept, and no cash flow is made.
    bool costLines = true;
};

struct CostLine {
    std::string name;       // "compute", "energy", "colocation" ...
    units::MoneyRate perYear;
};

struct FinanceResult {
    units::Money capexTotal;
    std::vector<CapexItem> capex;  // by class, as given
    std::vector<CostLine> capital; // annualized, per class
    std::vector<CostLine> opex;
    units::MoneyRate totalPerYear;
    units::MoneyRate tcoPerGpuHour; // per GPU (a rate of dollars per second of wall-clock)
    units::TokenRate capacity;      // serving GPUs x throughput x goodput: what the cluster could serve
    units::TokenRate tokensServed;  // on average over the year
    double utilizationRealized = 0; // tokens served / capacity
    units::MoneyPerToken costPerToken, costPerInputToken, costPerOutputToken;
    units::Money costPerRequest;
    double tokensPerDollar = 0;
    std::vector<units::Money> cashFlowByYear; // year 0 .. horizon; spending negative
    units::Money npvOfCost;                   // present value of all costs over the horizon
    units::MoneyRate breakEvenGpuHourPrice;   // per serving GPU-hour sold (owned modes)
    Warnings warnings;
    FinanceInput basis; // what these figures were computed from: a report shows its working (XLSX formulas)
};

double capitalRecoveryFactor(double rate, double years);
units::MoneyRate annualizedCapital(const CapexItem& item, double costOfCapital);
// Present value at `rate` of a payment of 1 at the end of each of `years` years.
double annuityFactor(double rate, double years);

Result<FinanceResult> computeFinance(const FinanceInput& in);
// The same into `out`, whose lists keep their capacity: a sweep's inner loop allocates nothing.
// On an error `out` is left partly written.
Result<void> computeFinance(const FinanceInput& in, FinanceResult& out);

} // namespace planner
