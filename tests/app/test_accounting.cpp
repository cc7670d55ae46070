// SPDX-License-Identifier: GPL-3.0-or-later
// The accounting identity an analyst checks by hand: cost per million tokens = cost per year /
// tokens served per year x 1e6, in every sizing mode and facility mode, on every bundled example.
// Tokens served is the demand when the cluster is sized from demand, and serving GPUs (spares
// excluded) x tokens/s x utilization x goodput x seconds per year otherwise. Every other headline
// figure (input and output split, per request, tokens per dollar, break-even) follows from it.
#include "accounting_support.h"
#include "scenario/field_applies.h"
#include "scenario/scenario_schema.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace planner;
using namespace planner::accounting_test;

class TestAccounting : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void headlineReconcilesWithYearlyCostAndTokensServed_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("sizing");
        for (const QString& file : kExamples)
            for (const char* mode : {"build", "colocation", "rent"})
                for (const char* sizing : {"as in the file", "fixed GPUs", "fixed racks", "demand", "power cap"})
                    QTest::newRow(qPrintable(file.section(QLatin1Char('-'), 0, 1) + QStringLiteral(", ") +
                                             QLatin1String(mode) + QStringLiteral(", ") + QLatin1String(sizing)))
                        << file << QString::fromLatin1(mode) << QString::fromLatin1(sizing);
    }

    void headlineReconcilesWithYearlyCostAndTokensServed()
    {
        QFETCH(QString, file);
        QFETCH(QString, mode);
        QFETCH(QString, sizing);
        Scenario s = example(file);
        set(s, "facility.mode", mode.toUtf8().constData());
        set(s, "finance.gpu_hour_usd", "2.5");
        set(s, "workload.throughput_tokens_per_s_per_gpu", "5000"); // explicit, so no database is needed
        set(s, "cluster.spare_fraction", "0.05");
        bool fromDemand = sizing == QLatin1String("demand");
        if (sizing != QLatin1String("as in the file")) {
            clearSizing(s);
            if (sizing == QLatin1String("fixed GPUs"))
                set(s, "cluster.gpus", "1000");
            else if (sizing == QLatin1String("fixed racks"))
                set(s, "cluster.racks", "20");
            else if (fromDemand)
                set(s, "workload.demand_tokens_per_day", "5e11");
            else
                set(s, "facility.power_cap_mw", "30");
        }
        if (sizing == QLatin1String("as in the file"))
            fromDemand = !s.cluster.gpus.isSet() && !s.cluster.racks.isSet() && s.workload.demand_tokens_per_day.isSet();
        const double demandPerDay = fromDemand ? s.workload.demand_tokens_per_day.value : 0;
        auto evaluated = evaluate(s, builtinCatalog());
        QVERIFY2(evaluated, evaluated ? "" : evaluated.error().message.c_str());
        const Evaluation& e = evaluated.value();

        const double perYear = metric(e, "finance.total_usd_per_year");
        const double served = metric(e, "results.tokens_served_per_year");
        const double servingGpus = metric(e, "sizing.serving_gpus");
        const double goodput = metric(e, "reliability.goodput"); // every mode counts it, rent included
        // Tokens a serving GPU serves at capacity: the figure given, or with a prefill pool of its
        // own at most that (a pool rounded up to whole domains beyond the other's needs serves nothing).
        const double perGpu = metric(e, "results.tokens_per_s_per_gpu");
        const Metric* prefillPool = e.metric("sizing.prefill_pool_gpus");
        if (prefillPool)
            QVERIFY(perGpu <= 5000 * (1 + 1e-12) && perGpu > 0.9 * 5000);
        else
            QCOMPARE(perGpu, 5000.0);
        const double capacity = servingGpus * perGpu * goodput * kSecondsPerYear;
        // Tokens served: the demand itself, or the serving capacity at the stated utilization.
        const double expectedServed = fromDemand ? demandPerDay * 365 : capacity * e.resolved.finance.utilization.value;
        VERIFY_RELATIVE(served, expectedServed, 1e-9);
        VERIFY_RELATIVE(metric(e, "results.utilization_realized"), expectedServed / capacity, 1e-9);
        // Spares cost money and serve nothing. A prefill pool adds its own GPUs, spares included.
        if (prefillPool) {
            QCOMPARE(metric(e, "sizing.domains") * 72 + prefillPool->value, metric(e, "sizing.gpus"));
            QVERIFY(servingGpus + metric(e, "sizing.spare_domains") * 72 <= metric(e, "sizing.gpus"));
        } else {
            QCOMPARE(servingGpus + metric(e, "sizing.spare_domains") * 72, metric(e, "sizing.gpus"));
        }

        const double perMtok = perYear / served * 1e6;
        VERIFY_RELATIVE(metric(e, "results.cost_per_mtok_usd"), perMtok, 1e-9);
        VERIFY_RELATIVE(metric(e, "results.tokens_per_usd"), 1e6 / perMtok, 1e-9);
        const double isl = s.workload.input_tokens.value, osl = s.workload.output_tokens.value;
        const double perRequest = perMtok / 1e6 * (isl + osl);
        VERIFY_RELATIVE(metric(e, "results.cost_per_request_usd"), perRequest, 1e-9);
        // Input and output costs add up to the request: ISL x c_in + OSL x c_out.
        VERIFY_RELATIVE((isl * metric(e, "results.cost_per_mtok_input_usd") +
                         osl * metric(e, "results.cost_per_mtok_output_usd")) / 1e6,
                        perRequest, 1e-9);
        // Energy per token: the year's average IT draw (W = J/s) over the tokens served per second;
        // the facility's adds the PUE. The average is typical x (idle + (1 - idle) x realized load).
        const double averageW = metric(e, "power.it_kw_average") * 1000;
        const double idle = e.resolved.facility.idle_power_fraction.value;
        VERIFY_RELATIVE(averageW,
                        metric(e, "power.it_kw_typical") * 1000 *
                            (idle + (1 - idle) * metric(e, "results.utilization_realized")),
                        1e-9);
        VERIFY_RELATIVE(metric(e, "results.joules_per_token_it"), averageW / (served / kSecondsPerYear), 1e-9);
        VERIFY_RELATIVE(metric(e, "results.joules_per_token_facility"),
                        averageW * e.resolved.facility.pue.value / (served / kSecondsPerYear), 1e-9);
        // TCO per GPU-hour spreads the same yearly cost over every GPU bought, spares included.
        VERIFY_RELATIVE(metric(e, "results.tco_per_gpu_hour_usd"), perYear / (metric(e, "sizing.gpus") * 8760), 1e-9);
        if (mode != QLatin1String("rent")) {
            // Break-even: the yearly cost over the serving GPU-hours sold at the expected occupancy:
            // the planned utilization of a fixed cluster, the realized one of a demand-sized one.
            const double occupancy = fromDemand ? expectedServed / capacity : e.resolved.finance.utilization.value;
            const double soldHours = servingGpus * perGpu / 5000 * 8760 * occupancy * goodput;
            VERIFY_RELATIVE(metric(e, "results.breakeven_gpu_hour_usd"), perYear / soldHours, 1e-9);
        }
    }

    void gb200ExampleCountsItsServingRacksOnly()
    {
        // Sized from demand by hand: 5e11 tokens a day is 5,787,037 tokens/s on average, 10,416,667
        // at the 1.8 peak; at 7,698 tokens/s per GPU x goodput x 0.85 maximum load that is about
        // 1,592 GPUs, 22.1 NVL72 domains, so 23 serving (1,656 GPUs) and ceil(23 x 0.05) = 2 spares:
        // 1,800 GPUs bought. It serves the demand itself, 5e11 x 365 tokens a year.
        const Evaluation e = evaluateExample(kExamples[0]);
        const double goodput = metric(e, "reliability.goodput");
        const double needed = 5e11 / 86400 * 1.8 / (7698.0 * goodput * 0.85);
        QCOMPARE(std::ceil(needed / 72), 23.0);
        QCOMPARE(metric(e, "sizing.serving_gpus"), 23 * 72.0);
        QCOMPARE(metric(e, "sizing.gpus"), (23 + 2) * 72.0);
        VERIFY_RELATIVE(metric(e, "results.tokens_served_per_year"), 5e11 * 365, 1e-12);
    }

    // Like for like: the same fixed cluster serves the same tokens whoever owns it. Rent counts the
    // goodput as build and colocation do (time lost to failures and stragglers serves nothing,
    // whoever replaces the GPU).
    void everyFacilityModeServesTheSameTokensFromTheSameCluster()
    {
        for (const QString& file : kExamples) {
            std::vector<double> served;
            for (const char* mode : {"build", "colocation", "rent"}) {
                const Scenario s = tenRacksIn(file, mode);
                auto e = evaluate(s, builtinCatalog(), examplesContext());
                QVERIFY2(e, e ? "" : e.error().message.c_str());
                served.push_back(metric(e.value(), "results.tokens_served_per_year"));
            }
            VERIFY_RELATIVE(served[1], served[0], 1e-12);
            VERIFY_RELATIVE(served[2], served[0], 1e-12);
        }
    }

    // Disaggregated serving splits cost by the pools' GPU time: the GB200 example's InferenceX run
    // had 12 prefill and 32 decode GPUs, so input tokens carry 12 / 44 = 0.2727 of a request's
    // cost and output tokens the rest: input $/Mtok = cost per request x 0.2727 / 1,024 x 1e6.
    // Without the measured pools the roofline's rates give the share; aggregated serving has no
    // pools, and the field does not apply.
    void disaggregatedCostSplitsByThePools()
    {
        const Evaluation e = evaluateExample(kExamples[0]);
        const double perRequest = metric(e, "results.cost_per_request_usd");
        VERIFY_RELATIVE(metric(e, "results.cost_per_mtok_input_usd"), perRequest * 0.2727 / 1024 * 1e6, 1e-12);
        VERIFY_RELATIVE(metric(e, "results.cost_per_mtok_output_usd"), perRequest * (1 - 0.2727) / 1024 * 1e6, 1e-12);
        QVERIFY(e.metric("results.cost_per_mtok_input_usd")->evidence->inputs.size() > 0);
        Scenario s = example(kExamples[0]);
        s.workload.prefill_gpu_fraction = Number{};
        auto roofline = evaluate(s, builtinCatalog());
        QVERIFY(roofline);
        QVERIFY(std::abs(metric(roofline.value(), "results.cost_per_mtok_input_usd")
                         / metric(e, "results.cost_per_mtok_input_usd") - 1) > 0.05);
        s = example(kExamples[0]);
        set(s, "workload.serving", "aggregated");
        QVERIFY(notApplicable(*findField("workload.prefill_gpu_fraction"), s));
        auto aggregated = evaluate(s, builtinCatalog());
        QVERIFY(aggregated);
        s.workload.prefill_gpu_fraction = Number{};
        auto aggregatedWithout = evaluate(s, builtinCatalog());
        QVERIFY(aggregatedWithout);
        QCOMPARE(metric(aggregated.value(), "results.cost_per_mtok_input_usd"),
                 metric(aggregatedWithout.value(), "results.cost_per_mtok_input_usd"));
    }

    // An owned building has its own staff (electrical, mechanical, security): 195,000 USD per MW
    // of IT nameplate a year by default, so building staff = rate x IT kW / 1,000 when built.
    // Colocated or rented, the provider's price carries its staff: no such line, and the field
    // does not apply.
    void anOwnedBuildingCarriesItsStaff()
    {
        for (const QString& file : kExamples) {
            for (const char* mode : {"build", "colocation", "rent"}) {
                const Scenario s = tenRacksIn(file, mode);
                auto e = evaluate(s, builtinCatalog(), examplesContext());
                QVERIFY2(e, e ? "" : e.error().message.c_str());
                const Metric* staff = e.value().metric("finance.opex.building_staff_usd_per_year");
                const bool applies = !notApplicable(*findField("facility.building_staff_usd_per_mw_year"), s);
                QCOMPARE(applies, std::string_view(mode) == "build");
                if (!applies) {
                    QVERIFY2(!staff, qPrintable(file + QLatin1Char(' ') + QLatin1String(mode)));
                    continue;
                }
                QVERIFY(staff);
                VERIFY_RELATIVE(staff->value, 195000 * metric(e.value(), "sizing.it_kw") / 1000, 1e-12);
            }
        }
    }

    // Whoever owns an asset insures it and pays its property tax. Built, the analyst owns the IT,
    // the cooling and the hall; colocated, the IT, its installation and the cooling bought for it
    // (the provider's rate covers its own building); rented, nothing. So in both owned modes
    // insurance = fraction x capex and property tax = fraction x capex, the whole capex being what
    // is owned; renting, neither line appears. The same 10 racks in each mode, every example.
    void insuranceAndPropertyTaxFollowOwnership()
    {
        for (const QString& file : kExamples) {
            for (const char* mode : {"build", "colocation", "rent"}) {
                const Scenario s = tenRacksIn(file, mode);
                auto e = evaluate(s, builtinCatalog(), examplesContext());
                QVERIFY2(e, e ? "" : e.error().message.c_str());
                const Metric* insurance = e.value().metric("finance.opex.insurance_usd_per_year");
                const Metric* tax = e.value().metric("finance.opex.property_tax_usd_per_year");
                if (std::string_view(mode) == "rent") {
                    QVERIFY2(!insurance && !tax, qPrintable(file));
                    continue;
                }
                QVERIFY2(insurance && tax, qPrintable(file + QLatin1Char(' ') + QLatin1String(mode)));
                const double capex = metric(e.value(), "results.capex_usd");
                QVERIFY(capex > metric(e.value(), "finance.capex.compute_usd")); // IT and more
                VERIFY_RELATIVE(insurance->value, e.value().resolved.finance.insurance_fraction_per_year.value * capex, 1e-12);
                VERIFY_RELATIVE(tax->value, e.value().resolved.facility.property_tax_fraction_per_year.value * capex, 1e-12);
            }
        }
    }

    // Headroom counted once: a cluster sized from demand carries the peak at the maximum load, so
    // its realized utilization is max load / peak up to rounding to whole domains. Realized =
    // demand / (serving GPUs x throughput x goodput), serving GPUs = demand x peak / (throughput x
    // goodput x max load) rounded up to whole domains: realized <= max load / peak, and one domain
    // fewer would be above it. The planned utilization does not move it.
    void demandSizedRealizedUtilizationIsMaxLoadOverPeak()
    {
        for (const char* utilization : {"0.4", "0.9"}) {
            Scenario s = example(kExamples[1]); // GB300, sized from 5e11 tokens a day at peak 1.8
            set(s, "workload.throughput_tokens_per_s_per_gpu", "5000");
            set(s, "finance.utilization", utilization);
            auto e = evaluate(s, builtinCatalog());
            QVERIFY2(e, e ? "" : e.error().message.c_str());
            const double peak = s.workload.peak_to_average.value, maxLoad = 0.85; // the default
            const double realized = metric(e.value(), "results.utilization_realized");
            const double servingGpus = metric(e.value(), "sizing.serving_gpus");
            QVERIFY2(realized <= maxLoad / peak + 1e-12, qPrintable(QString::number(realized)));
            // One domain fewer would not carry the peak: realized x N / (N - 72) > max load / peak.
            QVERIFY(realized * servingGpus / (servingGpus - 72) > maxLoad / peak);
        }
    }

    void demandTheClusterCannotServeIsInfeasible()
    {
        // Sized from demand but capped by power: the cap check refuses it before it serves less.
        Scenario s = example(kExamples[1]);
        clearSizing(s);
        set(s, "workload.throughput_tokens_per_s_per_gpu", "5000");
        set(s, "workload.demand_tokens_per_day", "5e13");
        set(s, "facility.power_cap_mw", "10");
        auto e = evaluate(s, builtinCatalog());
        QVERIFY(!e);
        QCOMPARE(e.error().kind, ErrorKind::Infeasible);
        QCOMPARE(e.error().where, std::string("facility.power_cap_mw"));
    }

    void fixedClusterOverItsCapIsInfeasibleWithTheGap()
    {
        // 20 GB200 racks at 132 kW nameplate plus network, PUE 1.25: well over 3 MW. The message
        // gives the whole need (the facility power the same cluster reports without a cap: compute,
        // fabric and storage x PUE) and the gap in MW, which must add up to the cap.
        Scenario s = example(kExamples[0]);
        clearSizing(s);
        set(s, "cluster.racks", "20");
        auto uncapped = evaluate(s, builtinCatalog());
        QVERIFY(uncapped);
        const double whole = metric(uncapped.value(), "sizing.facility_kw") / 1000;
        set(s, "facility.power_cap_mw", "3");
        auto e = evaluate(s, builtinCatalog());
        QVERIFY(!e);
        QCOMPARE(e.error().kind, ErrorKind::Infeasible);
        const QString message = QString::fromStdString(e.error().message);
        QVERIFY2(message.contains(QStringLiteral("MW over the site's 3 MW power cap")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("MW network")), qPrintable(message));
        const double need = message.section(QStringLiteral("needs "), 1).section(QLatin1Char(' '), 0, 0).toDouble();
        const double gap = message.section(QStringLiteral(" MW over"), 0, 0).section(QLatin1Char(' '), -1).toDouble();
        VERIFY_RELATIVE(need, whole, 5e-3); // printed to 3 significant digits
        VERIFY_RELATIVE(need - gap, 3.0, 1e-2);
    }

    void theSiteCapIsCheckedAgainstThePeakDrawNotTheAverage()
    {
        // Ten GB200 racks at 60% utilization: the average draw x PUE is well under a cap set midway
        // between it and the peak (every IT line at nameplate) x PUE, yet the cluster is refused,
        // because a prefill-heavy hour draws the peak. Energy is still billed on the average.
        Scenario s = example(kExamples[0]);
        clearSizing(s);
        set(s, "cluster.racks", "10");
        set(s, "finance.utilization", "0.6");
        auto uncapped = evaluate(s, builtinCatalog());
        QVERIFY(uncapped);
        const Evaluation& e = uncapped.value();
        const double pue = e.resolved.facility.pue.value;
        const double peakMw = metric(e, "power.it_kw_peak") / 1000, averageMw = metric(e, "power.it_kw_average") / 1000;
        QCOMPARE(metric(e, "power.it_kw_peak"), metric(e, "sizing.it_kw")); // the peak is the nameplate sum
        VERIFY_RELATIVE(metric(e, "power.peak_to_average"), peakMw / averageMw, 1e-12);
        QVERIFY2(peakMw > 1.2 * averageMw, qPrintable(QString::number(peakMw / averageMw)));
        const double cap = (peakMw + averageMw) / 2 * pue;
        set(s, "facility.power_cap_mw", std::to_string(cap).c_str());
        auto capped = evaluate(s, builtinCatalog());
        QVERIFY(!capped);
        QCOMPARE(capped.error().kind, ErrorKind::Infeasible);
        QVERIFY2(QString::fromStdString(capped.error().message).contains(QStringLiteral("at its peak IT draw")),
                 capped.error().message.c_str());
        // With the cap at the peak, the same cluster is accepted.
        set(s, "facility.power_cap_mw", std::to_string(peakMw * pue * 1.001).c_str());
        QVERIFY(evaluate(s, builtinCatalog()));
    }

    void aClusterSizedFromDemandRestsOnNoPlannedUtilization()
    {
        // finance.utilization applies to fixed-size clusters only: sized from demand, the cost and
        // the energy per token rest on the demand, not on a planned utilization that sets nothing.
        auto restsOn = [](const Evaluation& e, const char* key, std::string_view input) {
            const auto& inputs = e.metric(key)->evidence->inputs;
            return std::any_of(inputs.begin(), inputs.end(), [&](const SharedString& i) { return i.str() == input; });
        };
        for (const char* key : {"results.cost_per_mtok_usd", "results.tco_per_gpu_hour_usd", "results.joules_per_token_it"}) {
            const Evaluation demand = evaluateExample(kExamples[1]);
            QVERIFY2(!restsOn(demand, key, "finance.utilization"), key);
            QVERIFY2(restsOn(demand, key, "workload.demand_tokens_per_day"), key);
            const Evaluation fixed = evaluateWith(tenRacksIn(kExamples[1], "build"));
            QVERIFY2(restsOn(fixed, key, "finance.utilization"), key);
        }
    }

    void noDuplicateMetricsAndNoSectionThatDoesNotApply()
    {
        for (const QString& file : kExamples) {
            const Evaluation e = evaluateExample(file);
            std::set<std::string> keys;
            for (const auto* list : {&e.results, &e.sizingMetrics, &e.details})
                for (const Metric& m : *list)
                    QVERIFY2(keys.insert(std::string(m.key)).second, std::string(m.key).c_str());
            // Pure inference: no checkpoints, no training run, no zero storage tiers.
            for (const std::string& key : keys) {
                QVERIFY2(!key.starts_with("training.") && key != "reliability.checkpoint_interval_s" &&
                             key != "reliability.lost_fraction",
                         key.c_str());
                if (key.starts_with("storage."))
                    QVERIFY2(e.metric(key)->value != 0, key.c_str());
            }
            // Nor a storage tier that holds nothing in the bill of materials ("0 TB ... 0 USD/month").
            for (const BomLine& l : e.bom.lines)
                if (l.category == "storage")
                    QVERIFY2(l.count > 0, l.item.c_str());
        }
    }

    void trainingLeadsWithTheRun()
    {
        Scenario s = example(kExamples[0]);
        clearSizing(s);
        set(s, "workload.kind", "training");
        set(s, "workload.model", "llama3.1-405b");
        set(s, "workload.precision", "bf16");
        set(s, "workload.training_tokens", "15e12");
        set(s, "cluster.gpus", "16128");
        s.workload.throughput_tokens_per_s_per_gpu = Number{};
        const Evaluation e = evaluate(s, builtinCatalog()).value();
        QCOMPARE(e.results.front().key, std::string("results.training_cost_usd"));
        for (const char* inferenceOnly : {"results.cost_per_mtok_input_usd", "results.cost_per_mtok_output_usd",
                                          "results.cost_per_request_usd", "results.tokens_served_per_year"})
            QVERIFY2(!e.metric(inferenceOnly), inferenceOnly);
        // Cost per million training tokens = the run's cost / 15e12 tokens x 1e6.
        VERIFY_RELATIVE(metric(e, "results.cost_per_mtok_usd"), metric(e, "results.training_cost_usd") / 15e12 * 1e6,
                        1e-12);
        // The run's GPU-hours at the cluster's TCO per GPU-hour give its cost.
        VERIFY_RELATIVE(metric(e, "results.training_cost_usd"),
                        metric(e, "results.training_gpu_hours") * metric(e, "results.tco_per_gpu_hour_usd"), 1e-9);
    }

    void presentValueEqualsTheAnnualizedCostOverTheHorizon()
    {
        // Whatever the lives of the classes, the cash flows' present value equals the yearly cost
        // discounted over the horizon: PV = total per year x (1 - (1+r)^-h) / r over its h years.
        for (const QString& file : kExamples) {
            const Evaluation e = evaluateExample(file);
            const double r = e.resolved.finance.cost_of_capital.value, h = metric(e, "finance.horizon_years");
            QCOMPARE(h, e.resolved.finance.depreciation_years.value); // the IT hardware's life
            const double annuity = (1 - std::pow(1 + r, -h)) / r;
            VERIFY_RELATIVE(metric(e, "finance.npv_cost_usd"), metric(e, "finance.total_usd_per_year") * annuity, 1e-9);
            double pv = 0;
            for (int y = 0; y <= int(h); ++y)
                pv -= metric(e, qPrintable(QStringLiteral("finance.cash_flow.year_%1_usd").arg(y))) / std::pow(1 + r, y);
            VERIFY_RELATIVE(pv, metric(e, "finance.npv_cost_usd"), 1e-9);
        }
    }

    void costPerThousandRequestsFromARequestRate_data()
    {
        // A benchmark measured in requests (MLPerf's VLM: samples/s): requests served per year =
        // serving GPUs x requests/s per GPU x utilization x goodput x seconds per year, and cost
        // per 1,000 requests = cost per year / requests served x 1,000. Costs per token follow only
        // when the tokens per request are given: then tokens/s per GPU = requests/s x (ISL + OSL).
        QTest::addColumn<double>("requestsPerS");
        QTest::addColumn<double>("isl"); // 0: not given
        QTest::addColumn<double>("osl");
        QTest::newRow("2.5 requests/s per GPU, tokens per request unknown") << 2.5 << 0.0 << 0.0;
        QTest::newRow("2.5 requests/s per GPU at 1,000 in + 100 out") << 2.5 << 1000.0 << 100.0;
        QTest::newRow("0.8 requests/s per GPU, tokens unknown") << 0.8 << 0.0 << 0.0;
    }

    void costPerThousandRequestsFromARequestRate()
    {
        QFETCH(double, requestsPerS);
        QFETCH(double, isl);
        QFETCH(double, osl);
        Scenario s = example(kExamples[0]);
        clearSizing(s);
        set(s, "cluster.racks", "10");
        s.workload.throughput_tokens_per_s_per_gpu = Number{};
        s.workload.input_tokens = Number{};
        s.workload.output_tokens = Number{};
        set(s, "workload.throughput_requests_per_s_per_gpu", qPrintable(QString::number(requestsPerS, 'g', 17)));
        if (isl > 0) {
            set(s, "workload.input_tokens", qPrintable(QString::number(isl)));
            set(s, "workload.output_tokens", qPrintable(QString::number(osl)));
        }
        auto evaluated = evaluate(s, builtinCatalog());
        QVERIFY2(evaluated, evaluated ? "" : evaluated.error().message.c_str());
        const Evaluation& e = evaluated.value();
        const double requestsPerYear = metric(e, "sizing.serving_gpus") * requestsPerS
            * e.resolved.finance.utilization.value * metric(e, "reliability.goodput") * kSecondsPerYear;
        const double per1k = metric(e, "finance.total_usd_per_year") / requestsPerYear * 1000;
        VERIFY_RELATIVE(metric(e, "results.cost_per_1k_requests_usd"), per1k, 1e-9);
        VERIFY_RELATIVE(metric(e, "results.cost_per_request_usd"), per1k / 1000, 1e-9);
        const bool tokensKnown = isl > 0;
        for (const char* perToken : {"results.cost_per_mtok_usd", "results.cost_per_mtok_input_usd",
                                     "results.cost_per_mtok_output_usd", "results.tokens_per_usd",
                                     "results.tokens_served_per_year", "results.tokens_per_s_per_gpu",
                                     "results.tokens_per_s_per_mw_it"})
            QVERIFY2((e.metric(perToken) != nullptr) == tokensKnown, perToken);
        if (tokensKnown) {
            VERIFY_RELATIVE(metric(e, "results.tokens_per_s_per_gpu"), requestsPerS * (isl + osl), 1e-12);
            VERIFY_RELATIVE(metric(e, "results.cost_per_mtok_usd"), per1k / 1000 / (isl + osl) * 1e6, 1e-9);
        } else {
            QVERIFY(std::any_of(e.warnings.begin(), e.warnings.end(), [](const Warning& w) {
                return w.message.find("costs per token are not") != std::string::npos;
            }));
        }
    }

    void everyBuiltInDefaultIsGradedAndSourced()
    {
        for (const FieldSpec& f : scenarioFields())
            if (f.isNumeric() && !std::isnan(f.defaultNumber)) {
                QVERIFY2(f.defaultGrade != Grade::User, f.path.data());
                QVERIFY2(!f.defaultSource.empty(), f.path.data());
            }
    }
};

QTEST_APPLESS_MAIN(TestAccounting)
#include "test_accounting.moc"
