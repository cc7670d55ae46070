// SPDX-License-Identifier: GPL-3.0-or-later
// The accounting identity an analyst checks by hand: cost per million tokens = cost per year /
// tokens served per year x 1e6, in every sizing mode and facility mode, on every bundled example.
// Tokens served is the demand when the cluster is sized from demand, and serving GPUs (spares
// excluded) x tokens/s x utilization x goodput x seconds per year otherwise. Every other headline
// figure (input and output split, per request, tokens per dollar, break-even) follows from it.
#include "evaluate/evaluate.h"
#include "scenario/field_applies.h"
#include "scenario/scenario_schema.h"
#include "measured_throughput.h"
#include "scenario_io.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace planner;

namespace {

constexpr double kSecondsPerYear = 8760.0 * 3600.0;

double metric(const Evaluation& e, const char* key)
{
    const Metric* m = e.metric(key);
    if (!m)
        qFatal("no metric %s", key);
    return m->value;
}

Scenario example(const QString& file)
{
    auto s = loadScenario(QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/") + file);
    if (!s)
        qFatal("%s", s.error().message.c_str());
    return s.value();
}

void set(Scenario& s, const char* path, const char* value)
{
    if (auto ok = setField(s, path, value); !ok)
        qFatal("%s: %s", path, ok.error().message.c_str());
}

// Clears every sizing field, so the one the caller sets decides.
void clearSizing(Scenario& s)
{
    for (Number* n : {&s.cluster.gpus, &s.cluster.racks, &s.workload.demand_tokens_per_day,
                      &s.workload.demand_requests_per_s, &s.facility.power_cap_mw})
        *n = Number{};
}

// An example on a fixed 10 racks in facility mode `mode` (renting at 3 USD per GPU-hour where the
// file names no price): the same cluster in every mode.
Scenario tenRacksIn(const QString& file, const char* mode)
{
    Scenario s = example(file);
    clearSizing(s);
    set(s, "cluster.racks", "10");
    set(s, "facility.mode", mode);
    if (!s.finance.gpu_hour_usd.isSet())
        set(s, "finance.gpu_hour_usd", "3");
    return s;
}

// The examples read throughput from the bundled database, as the CLI does.
const EvaluationContext& examplesContext()
{
    static const EvaluationContext ctx = [] {
        auto data = loadMeasuredData(QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"), builtinCatalog());
        if (!data)
            qFatal("%s", data.error().message.c_str());
        EvaluationContext c;
        c.throughput = measuredThroughput(data.value());
        return c;
    }();
    return ctx;
}

Evaluation evaluateExample(const QString& file)
{
    auto e = evaluate(example(file), builtinCatalog(), examplesContext());
    if (!e)
        qFatal("%s", e.error().message.c_str());
    return e.value();
}

const QStringList kExamples{QStringLiteral("gb200-nvl72-deepseek-r1.json"), QStringLiteral("gb300-nvl72-deepseek-r1.json"),
                            QStringLiteral("vr200-nvl72-deepseek-r1.json"),
                            QStringLiteral("vr200-nvl72-coreweave-deployment.json"),
                            QStringLiteral("gb200-nvl72-deepseek-r1-wide-ep.json"),
                            QStringLiteral("vr200-nvl72-coreweave-agentic.json"),
                            QStringLiteral("gb300-nvl72-b300-prefill-deepseek-r1.json")};

const QString kWideEp = QStringLiteral("gb200-nvl72-deepseek-r1-wide-ep.json");
const QString kAgentic = QStringLiteral("vr200-nvl72-coreweave-agentic.json");
const QString kMixedPools = QStringLiteral("gb300-nvl72-b300-prefill-deepseek-r1.json");

Evaluation evaluateWith(const Scenario& s)
{
    auto e = evaluate(s, builtinCatalog(), examplesContext());
    if (!e)
        qFatal("%s", e.error().message.c_str());
    return e.value();
}

} // namespace

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

    void acceptedTokensDoNotMoveAGivenOrMeasuredThroughput()
    {
        // Speculative decoding scales the roofline's decode; a throughput typed in (or read from
        // measured runs, which carry their own) stays as it is, and the evaluation says so.
        Scenario s = example(kExamples[0]);
        set(s, "workload.throughput_tokens_per_s_per_gpu", "5000");
        auto plain = evaluate(s, builtinCatalog());
        QVERIFY(plain);
        set(s, "workload.accepted_tokens_per_step", "1.8");
        auto mtp = evaluate(s, builtinCatalog());
        QVERIFY(mtp);
        QCOMPARE(metric(mtp.value(), "results.cost_per_mtok_usd"), metric(plain.value(), "results.cost_per_mtok_usd"));
        const auto& w = mtp.value().warnings;
        QVERIFY(std::any_of(w.begin(), w.end(), [](const Warning& x) {
            return x.where == "workload.accepted_tokens_per_step" && x.message.find("modelled throughput only") != std::string::npos;
        }));
        const auto& none = plain.value().warnings;
        QVERIFY(std::none_of(none.begin(), none.end(),
                             [](const Warning& x) { return x.where == "workload.accepted_tokens_per_step"; }));
    }

    void expertParallelismOverFourRacksCarriesScaleOutTraffic()
    {
        // Four GB200 NVL72 racks in one expert-parallel group: 216 of each GPU's 287 peers sit in
        // other racks, so the exchange crosses the NICs. One rack's group keeps it on NVLink.
        Scenario s = example(kWideEp);
        const Evaluation four = evaluateWith(s);
        const double traffic = metric(four, "network.expert_traffic_gbps_per_gpu");
        QVERIFY(traffic > 0);
        // Provisioned: one 800 Gb/s ConnectX-8 port a GPU, no oversubscription, so the load is
        // the traffic over 800.
        QCOMPARE(metric(four, "network.scale_out_gbps_per_gpu"), 800.0);
        VERIFY_RELATIVE(metric(four, "network.scale_out_load"), traffic / 800.0, 1e-12);
        // Sized from demand in whole groups of four racks.
        const int servingDomains = static_cast<int>(metric(four, "sizing.serving_gpus")) / 72;
        QCOMPARE(servingDomains % 4, 0);
        QVERIFY2(four.throughputDerivation.find("expert parallelism over 288 GPUs (4 domains of 72)") != std::string::npos,
                 four.throughputDerivation.c_str());

        set(s, "workload.expert_parallel_gpus", "72");
        const Evaluation one = evaluateWith(s);
        QCOMPARE(metric(one, "network.expert_traffic_gbps_per_gpu"), 0.0);
        QCOMPARE(metric(one, "network.scale_out_load"), 0.0);
    }

    void fasterNicsNeverLowerWideExpertThroughput()
    {
        // 1.6 Tb/s against 800 Gb/s per GPU for the four-rack group (two 800G links, as ConnectX-9
        // is described): never less throughput, and more here, where the exchange across racks
        // sets the decode step (the evaluation says so).
        Scenario s = example(kWideEp);
        const Evaluation slow = evaluateWith(s);
        set(s, "network.nics_per_gpu", "2");
        const Evaluation fast = evaluateWith(s);
        const double a = metric(slow, "results.tokens_per_s_per_gpu"), b = metric(fast, "results.tokens_per_s_per_gpu");
        QVERIFY2(b >= a, qPrintable(QStringLiteral("1.6T %1 < 800G %2").arg(b).arg(a)));
        const auto& w = slow.warnings;
        const bool binds = std::any_of(w.begin(), w.end(), [](const Warning& x) {
            return x.message.find("sets the decode step") != std::string::npos;
        });
        QVERIFY(binds);
        QVERIFY(b > a * 1.01);
        QVERIFY(metric(fast, "results.cost_per_mtok_usd") < metric(slow, "results.cost_per_mtok_usd"));
        // Inside one rack nothing crosses the NICs: the second link buys no throughput.
        set(s, "workload.expert_parallel_gpus", "72");
        const Evaluation oneRackFast = evaluateWith(s);
        set(s, "network.nics_per_gpu", "1");
        const Evaluation oneRackSlow = evaluateWith(s);
        QCOMPARE(metric(oneRackFast, "results.tokens_per_s_per_gpu"), metric(oneRackSlow, "results.tokens_per_s_per_gpu"));
    }

    void contextReuseLowersTheInputCostAndHoldsAKvTier()
    {
        // The agentic example (8,192 input tokens, 80% of them reused from local NVMe) against
        // the same traffic computed whole.
        Scenario s = example(kAgentic);
        const Evaluation reused = evaluateWith(s);
        set(s, "workload.prefix_reuse_fraction", "0");
        const Evaluation plain = evaluateWith(s);
        QVERIFY(metric(reused, "results.cost_per_mtok_input_usd") < 0.5 * metric(plain, "results.cost_per_mtok_input_usd"));
        QVERIFY(metric(reused, "results.cost_per_mtok_usd") < metric(plain, "results.cost_per_mtok_usd"));
        // The throughput is the plain one over the GPU time left: x 1 / (1 - saved).
        const double saved = metric(reused, "results.context_reuse_gpu_time_saved");
        QVERIFY(saved > 0 && saved < 1);
        VERIFY_RELATIVE(metric(reused, "results.tokens_per_s_per_gpu"),
                        metric(plain, "results.tokens_per_s_per_gpu") / (1 - saved), 1e-9);
        QVERIFY(!plain.metric("results.context_reuse_gpu_time_saved"));
        QVERIFY(!plain.metric("storage.kv_cache_tb"));
        // The KV cache held by hand: 2e12 tokens a day is 23,148,148 tokens/s, over 9,216 tokens a
        // request 2,511.74 requests/s; each leaves 0.2 x 8,192 + 1,024 = 2,662.4 new tokens of
        // DeepSeek-R1 KV at 4-bit serving (70,272 / 2 = 35,136 bytes), kept 3,600 s: 845.87 TB.
        const double requests = 2e12 / 86400.0 / 9216;
        VERIFY_RELATIVE(metric(reused, "storage.kv_cache_tb"), requests * 3600 * 2662.4 * 35136 / 1e12, 1e-9);
        // The tier: 3.84 TB of NVMe a GPU over the serving GPUs.
        VERIFY_RELATIVE(metric(reused, "storage.kv_tier_capacity_tb"), 3.84 * metric(reused, "sizing.serving_gpus"), 1e-9);

        // In object storage the KV cache is billed at the hot tier's 0.06 USD per GiB-month
        // (CoreWeave bills per GiB), and no other region reads it.
        Scenario o = example(kAgentic);
        set(o, "storage.kv_tier", "object-storage");
        const Evaluation object = evaluateWith(o);
        QVERIFY(!object.metric("storage.kv_tier_capacity_tb"));
        VERIFY_RELATIVE(metric(object, "storage.monthly_cost_usd") - metric(reused, "storage.monthly_cost_usd"),
                        metric(object, "storage.kv_cache_tb") * 1e12 / (1024.0 * 1024 * 1024) * 0.06, 1e-9);
        QCOMPARE(metric(object, "storage.cross_region_reads_tb_per_month"),
                 metric(reused, "storage.cross_region_reads_tb_per_month"));
    }

    void aPrefillPoolOnAnotherSystemPutsBothInTheBom()
    {
        // GB300 NVL72 decode racks and HGX B300 prefill nodes: two compute lines, each at its own
        // system's catalog price and power, counted in its own units; the IT power is their sum
        // with the network's and storage's lines, and the GPUs are both pools'.
        const Evaluation e = evaluateExample(kMixedPools);
        const Catalog& c = builtinCatalog();
        const SystemSpec& decode = *c.system("gb300-nvl72");
        const SystemSpec& prefill = *c.system("hgx-b300");
        const BomLine* racks = nullptr;
        const BomLine* nodes = nullptr;
        double itKw = 0;
        for (const BomLine& l : e.bom.lines) {
            if (l.item == decode.name + " (decode pool)")
                racks = &l;
            if (l.item == prefill.name + " (prefill pool)")
                nodes = &l;
            itKw += units::in_kilowatts(l.totalPower);
        }
        QVERIFY(racks && nodes);
        QCOMPARE(racks->count, metric(e, "sizing.domains"));
        QCOMPARE(nodes->count * 8, metric(e, "sizing.prefill_pool_gpus"));
        VERIFY_RELATIVE(units::in_usd(nodes->unitCost), units::in_usd(prefill.domainPrice.value()), 1e-12);
        VERIFY_RELATIVE(units::in_kilowatts(nodes->unitPower), units::in_kilowatts(prefill.domainPower.value()), 1e-12);
        VERIFY_RELATIVE(units::in_usd(racks->unitCost), units::in_usd(decode.domainPrice.value()), 1e-12);
        VERIFY_RELATIVE(itKw, metric(e, "sizing.it_kw"), 1e-9);
        QCOMPARE(metric(e, "sizing.gpus"), racks->count * 72 + nodes->count * 8);
        // Without the prefill system the same traffic runs on GB300 alone: one compute system.
        Scenario s = example(kMixedPools);
        s.workload.prefill_system = Text{};
        const Evaluation alone = evaluateWith(s);
        QVERIFY(!alone.metric("sizing.prefill_pool_gpus"));
        QCOMPARE(int(std::count_if(alone.bom.lines.begin(), alone.bom.lines.end(),
                                   [](const BomLine& l) { return l.category == "compute" && l.unitCost.value() > 0; })),
                 1);
    }

    void measuredPowerIsTheTypicalDrawAndThePeakStaysTheNameplate()
    {
        // MLPerf Inference v5.1, Lenovo ThinkSystem SR680a V3 with 8x B200, Llama 2 70B in FP4:
        // MLPerf Power read 10,401.0 W Offline, 10,442.3 W and 10,434.7 W Server at the wall, the
        // whole system. The median, 10,434.7 W, is the node's draw under load; NVIDIA's DGX B200
        // datasheet maximum, 14.3 kW, is its peak: 1.370x the draw. Without a measurement the
        // catalog takes 85% of the nameplate (12.155 kW), 16.5% above what was measured.
        Scenario s = example(kExamples[1]); // reads the bundled benchmark database
        set(s, "system", "hgx-b200");
        set(s, "workload.model", "llama2-70b");
        set(s, "workload.serving", "aggregated");
        set(s, "workload.input_tokens", "1024");
        set(s, "workload.output_tokens", "1024");
        set(s, "workload.min_tokens_per_s_per_user", "5");
        const Evaluation e = evaluateWith(s);
        const double measuredKw = 10.434706455542, nameplateKw = 14.3;
        QCOMPARE(units::in_kilowatts(builtinCatalog().system("hgx-b200")->domainPower.value()), nameplateKw);
        // The compute lines draw their typical power in the typical figure and their nameplate in
        // the peak; the network and storage draw the same in both. So per node the gap is
        // 10.4347 - 14.3 kW.
        const double domains = metric(e, "sizing.domains");
        VERIFY_RELATIVE(metric(e, "power.it_kw_typical") - metric(e, "power.it_kw_peak"), domains * (measuredKw - nameplateKw),
                        1e-9);
        VERIFY_RELATIVE(nameplateKw / measuredKw, 1.370, 1e-3);
        const Metric* typical = e.metric("power.it_kw_typical");
        QVERIFY(typical && typical->evidence);
        const auto& grades = typical->evidence->inputGrades;
        QVERIFY(std::find(grades.begin(), grades.end(), Grade::Measured) != grades.end());
        // A throughput typed in reads no database: the catalog's 85% of the nameplate stands.
        set(s, "workload.throughput_tokens_per_s_per_gpu", "2000");
        const Evaluation typed = evaluateWith(s);
        const double typedDomains = metric(typed, "sizing.domains");
        VERIFY_RELATIVE(metric(typed, "power.it_kw_typical") - metric(typed, "power.it_kw_peak"),
                        typedDomains * (0.85 * nameplateKw - nameplateKw), 1e-9);
        VERIFY_RELATIVE(0.85 * nameplateKw / measuredKw, 1.165, 1e-3);
    }

    void anUnresolvedScenarioAsksForNoWideGroup()
    {
        // A prediction builds its query before defaults are filled: an unset group (NaN) and an
        // unset NIC mean no wide group and no scale-out path, not a cast of NaN to int.
        Scenario s = example(kExamples[1]);
        s.workload.expert_parallel_gpus = Number{};
        s.network.nic_gbps = Number{};
        const auto q = throughputQueryFor(s, builtinCatalog());
        QVERIFY(q);
        QCOMPARE(q.value().expertParallelGpus, 0);
        QCOMPARE(q.value().scaleOutPerGpu.value(), 0.0);
    }

    void expertParallelismDoesNotMoveAGivenThroughput()
    {
        Scenario s = example(kWideEp);
        set(s, "workload.throughput_tokens_per_s_per_gpu", "5000");
        const Evaluation e = evaluateWith(s);
        QCOMPARE(metric(e, "results.tokens_per_s_per_gpu"), 5000.0);
        QVERIFY(!e.metric("network.expert_traffic_gbps_per_gpu"));
        const auto& w = e.warnings;
        QVERIFY(std::any_of(w.begin(), w.end(), [](const Warning& x) {
            return x.where == "workload.expert_parallel_gpus" && x.message.find("is given") != std::string::npos;
        }));
    }

    void everySwitchAndOpticHasPowerAndPrice()
    {
        // A fabric part without power or price would count as zero in the BOM and the cap check.
        for (const SwitchSpec& sw : builtinCatalog().switches) {
            QVERIFY2(sw.power.known() && sw.power.value().value() > 0, sw.id.c_str());
            QVERIFY2(sw.price.known() && sw.price.value().value() > 0, sw.id.c_str());
        }
        for (const OpticSpec& o : builtinCatalog().optics) {
            QVERIFY2(o.power.known() && o.power.value().value() > 0, o.id.c_str());
            QVERIFY2(o.price.known() && o.price.value().value() > 0, o.id.c_str());
            QVERIFY2(o.cablePrice.known() && o.cablePrice.value().value() > 0, o.id.c_str());
        }
        // The estimate rule by hand: SN5600's bound, 3,000 W - 64 x 18 W = 1,848 W for 51.2 Tb/s,
        // scaled to QM9700's 64 x 400G = 25.6 Tb/s gives 924 W.
        const SwitchSpec* qm9700 = builtinCatalog().switchSpec("qm9700");
        VERIFY_RELATIVE(units::in_watts(qm9700->power.value()), 924.0, 1e-9);
        QCOMPARE(qm9700->power.provenance().grade, Grade::Estimate);
    }

    void everyOpticalLinkBuysItsFibre()
    {
        // The source prices an MPO-16 trunk cable at 50-150 USD: the midpoint, 100 USD, for each
        // cable the fabric model counts (one per link), an estimate with its source. In the GB200
        // example that is network.cables x 100 USD, and the network's capex is its switches,
        // transceivers and cables.
        for (const QString& file : kExamples) {
            const Evaluation e = evaluateExample(file);
            const BomLine* cables = nullptr;
            double network = 0;
            for (const BomLine& l : e.bom.lines) {
                if (l.scalesWith == CountBasis::FabricCables)
                    cables = &l;
                if (l.capexClass == CapexClass::Network)
                    network += units::in_usd(l.unitCost) * l.count;
            }
            QVERIFY2(cables, qPrintable(file));
            QCOMPARE(cables->count, metric(e, "network.cables"));
            QCOMPARE(units::in_usd(cables->unitCost), (50.0 + 150.0) / 2);
            QCOMPARE(cables->provenance.grade, Grade::Estimate);
            QVERIFY2(cables->provenance.source.str().find("MPO-16") != std::string::npos,
                     qPrintable(file));
            VERIFY_RELATIVE(network, metric(e, "finance.capex.network_usd"), 1e-12);
        }
        // By hand for GB200: 3,624 cables (1,800 GPUs at one NIC each to the leaves, 57 leaves x 32
        // uplinks = 1,824 to the spines) x 100 USD = 362,400 USD.
        const Evaluation gb200 = evaluateExample(kExamples[0]);
        QCOMPARE(metric(gb200, "network.cables"), 1800.0 + 57 * 32);
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

    void aCopperFabricSaysItsCablesHaveNoPrice()
    {
        // Where no optic in the catalog matches the port speed (200G here) the fabric is copper
        // (DAC): no public price was found, so the cables count at zero and a warning says so
        // rather than leave a silent zero in the BOM.
        Scenario s = example(kExamples[0]);
        set(s, "network.switch_port_gbps", "200");
        set(s, "network.nic_gbps", "200");
        const Evaluation e = evaluateWith(s);
        QCOMPARE(metric(e, "network.transceivers"), 0.0);
        const auto& w = e.warnings;
        QVERIFY(std::any_of(w.begin(), w.end(), [](const Warning& x) {
            return x.message.find("copper (DAC) cables") != std::string::npos;
        }));
        for (const BomLine& l : e.bom.lines)
            if (l.scalesWith == CountBasis::FabricCables)
                QCOMPARE(units::in_usd(l.unitCost), 0.0);
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
