// SPDX-License-Identifier: GPL-3.0-or-later
// Finance model checked against hand calculations written here, and against InferenceX's
// published cost formula: $/Mtok = ($/GPU-hr) / (tok/s/GPU x 3600) x 1e6
// (SemiAnalysisAI/InferenceX-app, packages/app/src/lib/constants.ts and the dashboard's cost view).
#include "finance/finance.h"
#include "finance/growth_memo.h"
#include "test_support.h"

#include <QtTest>
#include <cmath>

using namespace planner;
using namespace planner::units;

namespace {

// The relative tolerances below are never tighter than this, in the figure's own unit.
constexpr double kFloor = 1e-12;

double perYear(const FinanceResult& r, const char* line)
{
    for (const auto& l : r.opex)
        if (l.name == line)
            return in_usd_per_year(l.perYear);
    return std::nan("");
}

FinanceInput oneRackColocated()
{
    FinanceInput in;
    in.mode = FacilityMode::Colocation;
    in.gpus = 72;
    in.capex = {{CapexClass::Compute, usd(3'600'000), years(5), 0.10}};
    in.costOfCapital = 0.10;
    in.averageItPower = kilowatts(100);
    in.provisionedItPower = kilowatts(150);
    in.pue = 1.2;
    in.electricity = usd_per_kwh(0.08);
    in.colocation = usd_per_kw_month(184);
    in.maintenanceFractionPerYear = 0.03;
    in.staff = usd_per_year(200'000);
    in.softwarePerGpu = usd_per_year(4'500);
    in.storageFees = usd_per_year(0);
    in.transit = usd_per_year(0);
    in.tokensPerGpu = tokens_per_second(5000);
    in.inputTokens = 1000;
    in.outputTokens = 1000;
    in.utilization = 0.8;
    in.goodput = 1.0;
    return in;
}

} // namespace

class TestFinance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capitalRecoveryFactor_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("years");
        QTest::addColumn<double>("expected");
        // Standard annuity table values (any engineering-economics text, e.g. Park, Contemporary
        // Engineering Economics, interest tables A/P).
        QTest::newRow("10% over 5 years is 0.26380") << 0.10 << 5.0 << 0.263797;
        QTest::newRow("8% over 6 years is 0.21632") << 0.08 << 6.0 << 0.216315;
        QTest::newRow("12% over 4 years is 0.32923") << 0.12 << 4.0 << 0.329234;
        QTest::newRow("zero rate is straight line over 5 years") << 0.0 << 5.0 << 0.2;
    }
    void capitalRecoveryFactor()
    {
        QFETCH(double, rate);
        QFETCH(double, years);
        QFETCH(double, expected);
        VERIFY_CLOSE(planner::capitalRecoveryFactor(rate, years), expected, 1e-5, kFloor);
    }

    void residualValueIsDiscounted()
    {
        // $1M over 4 years at 10% with 20% residual: (1e6 - 2e5 / 1.1^4) x CRF(10%, 4)
        // 1.1^4 = 1.4641; 2e5 / 1.4641 = 136,602.7; CRF = 0.1 x 1.4641 / 0.4641 = 0.3154708
        // -> (863,397.3) x 0.3154708 = 272,376.8 per year
        const MoneyRate annual = annualizedCapital({CapexClass::Compute, usd(1e6), years(4), 0.20}, 0.10);
        VERIFY_CLOSE(in_usd_per_year(annual), 272'376.8, 1e-6, kFloor);
    }

    void opexLines()
    {
        auto r = computeFinance(oneRackColocated());
        QVERIFY(r);
        // energy: 100 kW x 1.2 PUE x 8,760 h x $0.08 = $84,096
        VERIFY_CLOSE(perYear(r.value(), "energy"), 84'096, 1e-9, kFloor);
        // colocation: 150 kW x $184 x 12 = $331,200
        VERIFY_CLOSE(perYear(r.value(), "colocation"), 331'200, 1e-9, kFloor);
        // maintenance: 3% of $3.6M = $108,000
        VERIFY_CLOSE(perYear(r.value(), "maintenance"), 108'000, 1e-9, kFloor);
        VERIFY_CLOSE(perYear(r.value(), "staff"), 200'000, 1e-9, kFloor);
        // software: 72 GPUs x $4,500
        VERIFY_CLOSE(perYear(r.value(), "software"), 324'000, 1e-9, kFloor);
    }

    void wholeTcoByHand()
    {
        auto r = computeFinance(oneRackColocated());
        QVERIFY(r);
        // Capital: (3.6e6 - 3.6e5 / 1.1^5) x CRF(10%, 5); 1.1^5 = 1.61051
        const double growth = 1.61051;
        const double capital = (3.6e6 - 3.6e5 / growth) * (0.1 * growth / (growth - 1));
        const double opex = 84'096 + 331'200 + 108'000 + 200'000 + 324'000;
        const double perGpuHour = (capital + opex) / (72 * 8760.0);
        VERIFY_CLOSE(in_usd_per_hour(r.value().tcoPerGpuHour), perGpuHour, 1e-9, kFloor);
        // Served tokens: 5,000 tok/s x 0.8 utilization x 3,600 s per GPU-hour
        const double perMtok = perGpuHour / (5000 * 0.8 * 3600) * 1e6;
        VERIFY_CLOSE(in_usd_per_million_tokens(r.value().costPerToken), perMtok, 1e-9, kFloor);
        VERIFY_CLOSE(in_usd(r.value().costPerRequest), perMtok * 2000 / 1e6, 1e-9, kFloor);
        VERIFY_CLOSE(r.value().tokensPerDollar, 1e6 / perMtok, 1e-9, kFloor);
    }

    void cashFlowRenewsShortLivesAndReturnsWhatIsLeft()
    {
        // Five years at r = 10%, by hand. Compute $1M over 5 years, 10% residual; storage $100k over
        // 2 years, 10% residual, so bought in years 0, 2 and 4 with $10k back at 2 and 4; a data hall
        // $2M over 20 years, no residual. Opex: energy only (100 kW x 1.2 x 8,760 h x $0.08).
        FinanceInput in = oneRackColocated();
        in.mode = FacilityMode::Build;
        in.capex = {{CapexClass::Compute, usd(1e6), years(5), 0.10},
                    {CapexClass::Storage, usd(1e5), years(2), 0.10},
                    {CapexClass::Facility, usd(2e6), years(20), 0.0}};
        in.maintenanceFractionPerYear = 0;
        in.staff = usd_per_year(0);
        in.softwarePerGpu = usd_per_year(0);
        in.horizon = years(5);
        auto r = computeFinance(in);
        QVERIFY(r);
        const auto& cf = r.value().cashFlowByYear;
        QCOMPARE(cf.size(), std::size_t(6));
        const double energy = 100 * 1.2 * 8760 * 0.08; // 84,096 a year
        const double crf2 = 0.1 * 1.21 / 0.21, crf5 = 0.1 * 1.61051 / 0.61051;
        const double crf20 = 0.1 * std::pow(1.1, 20) / (std::pow(1.1, 20) - 1);
        const double aStorage = (1e5 - 1e4 / 1.21) * crf2;
        const double aCompute = (1e6 - 1e5 / 1.61051) * crf5;
        const double aFacility = 2e6 * crf20;
        const double af15 = (1 - std::pow(1.1, -15)) / 0.1;
        // Year 5 gets back: compute's residual (its life ends), the storage bought in year 4 with
        // one year left (its last charge and its residual, discounted one year), the hall's 15
        // remaining years of charges.
        const double terminal = 1e5 + (aStorage + 1e4) / 1.1 + aFacility * af15;
        const double expected[] = {-3.1e6, -energy, -energy - 9e4, -energy, -energy - 9e4, -energy + terminal};
        for (int y = 0; y <= 5; ++y)
            VERIFY_RELATIVE(in_usd(cf[y]), expected[y], 1e-9);
        // The present value of those flows is the annualized cost discounted over the five years.
        const double af5 = (1 - std::pow(1.1, -5)) / 0.1;
        VERIFY_RELATIVE(in_usd(r.value().npvOfCost), (aCompute + aStorage + aFacility + energy) * af5, 1e-9);
    }

    void buildModePaysTheFacilitysRunningCosts()
    {
        // Build: O&M on the plant (hall + cooling), insurance and property tax on all capex.
        FinanceInput in = oneRackColocated();
        in.mode = FacilityMode::Build;
        in.capex = {{CapexClass::Compute, usd(3e6), years(5), 0.1}, {CapexClass::Facility, usd(1e6), years(20), 0},
                    {CapexClass::Cooling, usd(2e5), years(5), 0}};
        in.facilityOmFractionPerYear = 0.02;
        in.insuranceFractionPerYear = 0.005;
        in.propertyTaxFractionPerYear = 0.01;
        auto r = computeFinance(in);
        QVERIFY(r);
        VERIFY_RELATIVE(perYear(r.value(), "facility O&M"), 0.02 * 1.2e6, 1e-12);
        VERIFY_RELATIVE(perYear(r.value(), "insurance"), 0.005 * 4.2e6, 1e-12);
        VERIFY_RELATIVE(perYear(r.value(), "property tax"), 0.01 * 4.2e6, 1e-12);
        // Colocation has the plant's O&M inside its rate; but the tenant owns its IT, its
        // installation and the cooling it bought, and insures them and pays their tax.
        in.mode = FacilityMode::Colocation;
        in.capex = {{CapexClass::Compute, usd(3e6), years(5), 0.1}, {CapexClass::Installation, usd(9e4), years(5), 0},
                    {CapexClass::Cooling, usd(2e5), years(5), 0}};
        auto colo = computeFinance(in);
        QVERIFY(colo);
        QVERIFY(std::isnan(perYear(colo.value(), "facility O&M")));
        VERIFY_RELATIVE(perYear(colo.value(), "insurance"), 0.005 * 3.29e6, 1e-12);
        VERIFY_RELATIVE(perYear(colo.value(), "property tax"), 0.01 * 3.29e6, 1e-12);
        // Renting, the provider owns everything: its GPU-hour price carries both.
        in.mode = FacilityMode::Rent;
        in.capex.clear();
        in.gpuHourPrice = usd_per_hour(2.0);
        auto rent = computeFinance(in);
        QVERIFY(rent);
        QVERIFY(std::isnan(perYear(rent.value(), "insurance")));
        QVERIFY(std::isnan(perYear(rent.value(), "property tax")));
    }

    void inferenceXFormulaInRentMode()
    {
        // InferenceX: $2.31/GPU-hr (GB300 owning TCO in SemiAnalysis' article) at 1,000 tok/s/GPU
        // -> 2.31 / (1000 x 3600) x 1e6 = $0.641667 per million tokens.
        FinanceInput in = oneRackColocated();
        in.mode = FacilityMode::Rent;
        in.gpuHourPrice = usd_per_hour(2.31);
        in.tokensPerGpu = tokens_per_second(1000);
        in.utilization = 1;
        auto r = computeFinance(in);
        QVERIFY(r);
        VERIFY_CLOSE(in_usd_per_million_tokens(r.value().costPerToken), 0.641667, 1e-5, kFloor);
    }

    void inputAndOutputCostsAddUpToTheRequest()
    {
        FinanceInput in = oneRackColocated();
        in.inputTokens = 3000;
        in.outputTokens = 500;
        in.prefillTimeShare = 0.25;
        auto r = computeFinance(in);
        QVERIFY(r);
        const FinanceResult& f = r.value();
        const double request = in_usd(f.costPerRequest);
        // Each role is billed its share of GPU time: c_in = 0.25 x request / 3000, c_out = 0.75 x request / 500
        VERIFY_CLOSE(in_usd_per_million_tokens(f.costPerInputToken), 0.25 * request / 3000 * 1e6, 1e-9, kFloor);
        VERIFY_CLOSE(in_usd_per_million_tokens(f.costPerOutputToken), 0.75 * request / 500 * 1e6, 1e-9, kFloor);
        const double billed = 3000 * f.costPerInputToken.value() + 500 * f.costPerOutputToken.value();
        VERIFY_CLOSE(billed, request, 1e-12, kFloor); // per-role billing equals the request cost
    }

    void sharedGrowthIsPowsOwn()
    {
        GrowthMemo memo;
        // 1.1^5 = 1.61051 by hand (1.21, 1.331, 1.4641, 1.61051), and exactly what pow gives.
        const double g = memo.growth(0.10, 5);
        QCOMPARE(g, std::pow(1.1, 5.0));
        VERIFY_CLOSE(g, 1.61051, 1e-12, kFloor);
        QCOMPARE(memo.computed(), std::size_t(1));
        QCOMPARE(memo.growth(0.10, 5), g); // asked again: remembered, not computed
        QCOMPARE(memo.computed(), std::size_t(1));
        // Another life or another rate is another answer: 1.1^4 = 1.4641, 1.08^5 = 1.4693280768.
        VERIFY_CLOSE(memo.growth(0.10, 4), 1.4641, 1e-12, kFloor);
        VERIFY_CLOSE(memo.growth(0.08, 5), 1.4693280768, 1e-12, kFloor);
        QCOMPARE(memo.computed(), std::size_t(3));
        // Past its eight places the oldest answer goes; asked again it is computed again, the same.
        for (int life = 10; life < 16; ++life)
            QCOMPARE(memo.growth(0.10, life), std::pow(1.1, double(life)));
        QCOMPARE(memo.computed(), std::size_t(9));
        QCOMPARE(memo.growth(0.10, 5), g);
        QCOMPARE(memo.computed(), std::size_t(10));
        // A NaN rate never matches itself: computed each time, and NaN as pow gives it.
        QVERIFY(std::isnan(memo.growth(std::nan(""), 5)));
        QVERIFY(std::isnan(memo.growth(std::nan(""), 5)));
        QCOMPARE(memo.computed(), std::size_t(12));
    }

    void aSharedMemoGivesTheSameFiguresBitForBit()
    {
        // One memo across evaluations with different rates and lives (a sweep's inner loop) gives
        // each evaluation exactly the figures of a fresh one.
        GrowthMemo memo;
        std::size_t evaluations = 0;
        for (double rate : {0.10, 0.0, 0.10})
            for (double computeLife : {5.0, 4.0, 5.0}) {
                FinanceInput in = oneRackColocated();
                in.mode = FacilityMode::Build;
                in.costOfCapital = rate;
                in.capex = {{CapexClass::Compute, usd(3'600'000), years(computeLife), 0.10},
                            {CapexClass::Network, usd(400'000), years(4), 0.05},
                            {CapexClass::Facility, usd(2'000'000), years(15), 0.0},
                            {CapexClass::Installation, usd(180'000), years(computeLife), 0.0}};
                in.costLines = false;
                in.cashFlow = false;
                const auto fresh = computeFinance(in);
                QVERIFY(fresh);
                FinanceResult shared;
                QVERIFY(computeFinance(in, shared, memo));
                ++evaluations;
                QCOMPARE(shared.totalPerYear.value(), fresh.value().totalPerYear.value());
                QCOMPARE(shared.costPerToken.value(), fresh.value().costPerToken.value());
                QCOMPARE(shared.breakEvenGpuHourPrice.value(), fresh.value().breakEvenGpuHourPrice.value());
                QCOMPARE(shared.capexTotal.value(), fresh.value().capexTotal.value());
            }
        QCOMPARE(evaluations, std::size_t(9));
        // Distinct (rate, life) pairs: 0.10 and 0 (straight line, but its growth 1^n is asked too)
        // each with lives 5, 4 and 15: 6 in all, each computed once although asked 9 x 4 times.
        QCOMPARE(memo.computed(), std::size_t(6));
    }

    void badInputsAreRefused_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("zero utilization") << "finance.utilization";
        QTest::newRow("no throughput") << "workload.throughput_tokens_per_s_per_gpu";
        QTest::newRow("rent without a price") << "finance.gpu_hour_usd";
        QTest::newRow("NaN GPUs") << "cluster.gpus";
    }
    void badInputsAreRefused()
    {
        QFETCH(QString, field);
        FinanceInput in = oneRackColocated();
        if (field == QLatin1String("finance.utilization"))
            in.utilization = 0;
        else if (field == QLatin1String("workload.throughput_tokens_per_s_per_gpu"))
            in.tokensPerGpu = tokens_per_second(0);
        else if (field == QLatin1String("finance.gpu_hour_usd"))
            in.mode = FacilityMode::Rent;
        else
            in.gpus = std::nan("");
        auto r = computeFinance(in);
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.error().where), field);
    }
};

QTEST_APPLESS_MAIN(TestFinance)
#include "test_finance.moc"
