// SPDX-License-Identifier: GPL-3.0-or-later
// The accounting of how a cluster serves and what its fabric buys: speculative decoding, expert
// parallelism across racks, context memory tiers, a prefill pool on another system, measured
// power, and the switches, optics and cables of the scale-out network, each reconciled by hand
// on the bundled examples.
#include "accounting_support.h"
#include "measured_throughput.h"
#include "scenario/scenario_schema.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace planner;
using namespace planner::accounting_test;

class TestServingAccounting : public QObject {
    Q_OBJECT

private Q_SLOTS:
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

    // An analyst with a quote for the copper cables gives it: every cable takes that price, the BOM
    // line rests on it (graded user), the network's cost grows by cables x price and the warning
    // goes. An optical fabric ignores the field: its links take the transceiver's fibre.
    void aCopperCableQuotePricesEveryCopperLink()
    {
        Scenario s = example(kExamples[0]);
        set(s, "network.switch_port_gbps", "200");
        set(s, "network.nic_gbps", "200");
        const Evaluation unpriced = evaluateWith(s);
        set(s, "network.copper_cable_price_usd", "180");
        const Evaluation e = evaluateWith(s);
        const double cables = metric(e, "network.cables");
        QVERIFY(cables > 0);
        QCOMPARE(cables, metric(unpriced, "network.cables"));
        VERIFY_RELATIVE(metric(e, "network.cost_usd") - metric(unpriced, "network.cost_usd"), 180 * cables, 1e-12);
        int lines = 0;
        for (const BomLine& l : e.bom.lines)
            if (l.scalesWith == CountBasis::FabricCables) {
                ++lines;
                QCOMPARE(units::in_usd(l.unitCost), 180.0);
                QCOMPARE(l.provenance.grade, Grade::User);
            }
        QCOMPARE(lines, 1);
        QVERIFY(std::none_of(e.warnings.begin(), e.warnings.end(), [](const Warning& x) {
            return x.message.find("copper (DAC) cables") != std::string::npos;
        }));
        Scenario optical = example(kExamples[0]);
        const double fibre = metric(evaluateWith(optical), "network.cost_usd");
        set(optical, "network.copper_cable_price_usd", "180");
        QCOMPARE(metric(evaluateWith(optical), "network.cost_usd"), fibre);
    }
};

QTEST_APPLESS_MAIN(TestServingAccounting)
#include "test_serving_accounting.moc"
