// SPDX-License-Identifier: GPL-3.0-or-later
// A prefill pool on a system of its own (workload.prefill_system, step_prefill_pool.cpp): both
// pools' rates, sizes, power, prices and the KV hand-off worked by hand from a throughput source
// whose figure and input share are given; and the one transfer the model makes, the prefill rate
// from one system to another, against InferenceX's measured disaggregated pools.
#include "banded_source.h"
#include "catalog/catalog.h"
#include "evaluate/evaluate.h"
#include "scenario/scenario_schema.h"
#include "serving/disaggregated.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <string>

using namespace planner;

namespace {

constexpr double kIsl = 8192, kOsl = 1024, kTokens = 10000, kShare = 0.1;

void set(Scenario& s, const char* path, const std::string& v)
{
    if (auto ok = setField(s, path, v); !ok)
        qFatal("%s", ok.error().message.c_str());
}

// GB300 NVL72 decoding DeepSeek-R1 in FP4, prefill on HGX B200 nodes, four decode racks, no spares.
Scenario mixed()
{
    Scenario s;
    set(s, "system", "gb300-nvl72");
    set(s, "workload.model", "deepseek-r1");
    set(s, "workload.precision", "fp4");
    set(s, "workload.serving", "disaggregated");
    set(s, "workload.prefill_system", "hgx-b200");
    set(s, "workload.input_tokens", std::to_string(kIsl));
    set(s, "workload.output_tokens", std::to_string(kOsl));
    set(s, "workload.min_tokens_per_s_per_user", "90");
    set(s, "cluster.racks", "4");
    return s;
}

// A source that answers like the measured-data model for disaggregated serving on the decode system.
EvaluationContext source(double tokens = kTokens, double share = kShare)
{
    return evaluate_fixture::bandedSource(tokens, 0.8 * tokens, 1.2 * tokens, share);
}

Evaluation evaluated(const Scenario& s, const EvaluationContext& ctx)
{
    auto e = evaluate(s, builtinCatalog(), ctx);
    if (!e)
        qFatal("%s", e.error().message.c_str());
    return std::move(e.value());
}

double metric(const Evaluation& e, const char* key)
{
    const Metric* m = e.metric(key);
    if (!m)
        qFatal("no metric %s", key);
    return m->value;
}

// The roofline's prefill rate per GPU on a system for the fixture's request: the ratio the model
// moves the prefill rate by, computed here from the roofline directly rather than the pipeline.
double rooflinePrefill(const char* systemId, double isl, double osl, double perUser, Precision p)
{
    const Catalog& c = builtinCatalog();
    const SystemSpec* sys = c.system(systemId);
    RooflineInput in;
    in.model = c.model("deepseek-r1");
    in.gpu = c.gpu(sys->gpu);
    in.domainSize = sys->gpusPerDomain;
    in.precision = p;
    in.inputTokens = isl;
    in.outputTokens = osl;
    auto rates = analyticRoleRates(in, units::tokens_per_second(perUser));
    if (!rates)
        qFatal("%s", rates.error().message.c_str());
    return units::in_tokens_per_second(rates.value().prefillInputPerGpu);
}

const BomLine* bomLine(const Evaluation& e, const std::string& item)
{
    for (const BomLine& l : e.bom.lines)
        if (l.item == item)
            return &l;
    return nullptr;
}

} // namespace

class TestPrefillPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bothPoolsByHand()
    {
        const Evaluation e = evaluated(mixed(), source());
        // The decode system's figure splits by its input share s = 0.1: prefill 10,000 x 8192/9216
        // / 0.1 = 88,888.9 input tok/s per GPU, decode 10,000 x 1024/9216 / 0.9 = 1,234.57 output
        // tok/s per GPU. Prefill moves to HGX B200 by the roofline's ratio q.
        const double q = rooflinePrefill("hgx-b200", kIsl, kOsl, 90, Precision::FP4)
            / rooflinePrefill("gb300-nvl72", kIsl, kOsl, 90, Precision::FP4);
        QVERIFY(q > 0.4 && q < 1); // B200 computes less than B300 in FP4
        const double prefill = kTokens * kIsl / (kIsl + kOsl) / kShare * q;
        const double decode = kTokens * kOsl / (kIsl + kOsl) / (1 - kShare);
        // A request takes 8192 / prefill GPU-seconds there and 1024 / decode here.
        const double prefillTime = kIsl / prefill, decodeTime = kOsl / decode;
        const double mixedRate = (kIsl + kOsl) / (prefillTime + decodeTime);
        const double mixedShare = prefillTime / (prefillTime + decodeTime);
        // Four decode racks: 288 GPUs. Each request takes prefillTime on the prefill pool for
        // decodeTime here, so the prefill pool needs 288 x prefillTime / decodeTime GPUs, rounded
        // up to whole 8-GPU nodes.
        const double prefillGpusNeeded = 288 * mixedShare / (1 - mixedShare);
        const int prefillNodes = int(std::ceil(std::ceil(prefillGpusNeeded - 1e-9) / 8));
        QCOMPARE(metric(e, "sizing.prefill_pool_gpus"), 8.0 * prefillNodes);
        QCOMPARE(metric(e, "sizing.gpus"), 288.0 + 8 * prefillNodes);
        QCOMPARE(metric(e, "sizing.serving_gpus"), 288.0 + 8 * prefillNodes);
        // HGX B200: two 8-GPU nodes a rack position; the decode racks are four.
        QCOMPARE(metric(e, "sizing.racks"), 4.0 + std::ceil(prefillNodes / 2.0));
        // The decode pool binds (prefill was rounded up): it serves 288 x 1,234.57 x 9216/1024
        // tokens a second, over all the serving GPUs.
        const double capacity = 288 * decode * (kIsl + kOsl) / kOsl;
        VERIFY_RELATIVE(metric(e, "results.tokens_per_s_per_gpu"), capacity / (288 + 8 * prefillNodes), 1e-9);
        QVERIFY(metric(e, "results.tokens_per_s_per_gpu") <= mixedRate * (1 + 1e-12));
        // Both systems are in the BOM at their own price and power.
        const Catalog& c = builtinCatalog();
        const BomLine* decodeLine = bomLine(e, c.system("gb300-nvl72")->name + " (decode pool)");
        const BomLine* prefillLine = bomLine(e, c.system("hgx-b200")->name + " (prefill pool)");
        QVERIFY(decodeLine && prefillLine);
        QCOMPARE(decodeLine->count, 4.0);
        QCOMPARE(prefillLine->count, double(prefillNodes));
        VERIFY_RELATIVE(units::in_usd(prefillLine->unitCost), units::in_usd(c.system("hgx-b200")->domainPrice.value()), 1e-12);
        VERIFY_RELATIVE(units::in_watts(prefillLine->unitPower), units::in_watts(c.system("hgx-b200")->domainPower.value()),
                        1e-12);
        // The KV hand-off: each busy prefill GPU sends its input tokens' KV cache, 8192 tokens a
        // request at DeepSeek-R1's MLA cache in FP8 (35,136 bytes a token) at `prefill` tokens/s.
        const double kv = units::in_bytes(c.model("deepseek-r1")->kvBytesPerToken16.value()) * kvCacheScale(Precision::FP4);
        VERIFY_RELATIVE(metric(e, "network.kv_handoff_gbps_per_gpu"), prefill * kv * 8 / 1e9, 1e-9);
    }

    void inputTokensPayThePrefillPoolsPrice()
    {
        // Input tokens carry the prefill pool's share of GPU time weighted by price per GPU: with
        // both pools' domains priced the same per GPU, the weighting changes nothing, so cost per
        // input token / cost per output token = (share / ISL) / ((1 - share) / OSL).
        Scenario s = mixed();
        set(s, "finance.system_price_usd", std::to_string(72 * 50000.0));
        set(s, "finance.prefill_system_price_usd", std::to_string(8 * 50000.0));
        const Evaluation same = evaluated(s, source());
        const double in = metric(same, "results.cost_per_mtok_input_usd"), out = metric(same, "results.cost_per_mtok_output_usd");
        const double q = rooflinePrefill("hgx-b200", kIsl, kOsl, 90, Precision::FP4)
            / rooflinePrefill("gb300-nvl72", kIsl, kOsl, 90, Precision::FP4);
        const double prefillTime = kIsl / (kTokens * kIsl / (kIsl + kOsl) / kShare * q);
        const double decodeTime = kOsl / (kTokens * kOsl / (kIsl + kOsl) / (1 - kShare));
        const double t = prefillTime / (prefillTime + decodeTime);
        VERIFY_RELATIVE(in / out, (t / kIsl) / ((1 - t) / kOsl), 1e-9);
        // Halve the prefill system's price: its share of the cost halves against decode's.
        set(s, "finance.prefill_system_price_usd", std::to_string(8 * 25000.0));
        const Evaluation cheaper = evaluated(s, source());
        const double weighted = t * 0.5 / (t * 0.5 + (1 - t));
        VERIFY_RELATIVE(metric(cheaper, "results.cost_per_mtok_input_usd") / metric(cheaper, "results.cost_per_mtok_output_usd"),
                        (weighted / kIsl) / ((1 - weighted) / kOsl), 1e-9);
    }

    void demandSizesEachPoolForItsTokens()
    {
        // From demand, each pool is sized for its own tokens at the peak: the cluster then serves
        // at least the peak (demand x peak-to-average / maximum load), and neither pool has a
        // whole domain more than that needs.
        Scenario s = mixed();
        s.cluster.racks = Number{};
        set(s, "workload.demand_tokens_per_day", "2e11");
        const Evaluation e = evaluated(s, source());
        const double peak = 2e11 / 86400 / 0.85; // max load at peak 0.85, peak-to-average 1
        const double perGpu = metric(e, "results.tokens_per_s_per_gpu");
        QVERIFY(perGpu * metric(e, "sizing.serving_gpus") >= peak);
        const double prefillGpus = metric(e, "sizing.prefill_pool_gpus");
        QVERIFY(prefillGpus >= 8);
        QVERIFY(metric(e, "sizing.gpus") - prefillGpus >= 72);
    }

    void thePowerCapCountsBothPools()
    {
        // A 2 MW site: the largest decode pool whose prefill pool fits beside it. Its whole IT
        // draw (both pools, the fabric and storage) x PUE stays under the cap; the same cluster
        // with its decode racks fixed fits too, and one decode rack more (with the prefill it
        // needs) does not.
        Scenario s = mixed();
        s.cluster.racks = Number{};
        set(s, "facility.power_cap_mw", "2");
        const Evaluation e = evaluated(s, source());
        const double pue = e.resolved.facility.pue.value;
        QVERIFY(metric(e, "sizing.it_kw") * pue <= 2000 * (1 + 1e-9));
        QVERIFY(metric(e, "sizing.prefill_pool_gpus") > 0);
        const int decodeRacks = int(metric(e, "sizing.domains"));
        set(s, "cluster.racks", std::to_string(decodeRacks));
        const Evaluation same = evaluated(s, source());
        QCOMPARE(metric(same, "sizing.gpus"), metric(e, "sizing.gpus"));
        set(s, "cluster.racks", std::to_string(decodeRacks + 1));
        auto more = evaluate(s, builtinCatalog(), source());
        QVERIFY(!more);
        QCOMPARE(more.error().where, std::string("facility.power_cap_mw"));
    }

    void slowNicsBindTheHandOff()
    {
        // At 25 Gb/s a GPU (less the leaf's oversubscription) the NICs carry at most 25e9 / 8 /
        // 35,136 = 88,934 input tokens' KV a second, below the 444,444 x q B200 computes with an
        // input share of 0.02: the prefill pool runs at what the NICs carry, and the engine says why.
        Scenario s = mixed();
        set(s, "network.nic_gbps", "25");
        set(s, "network.nics_per_gpu", "1");
        const Evaluation e = evaluated(s, source(kTokens, 0.02));
        const double usable = 25 / std::max(1.0, e.resolved.network.oversubscription.value);
        VERIFY_RELATIVE(metric(e, "network.kv_handoff_gbps_per_gpu"), usable, 1e-9);
        VERIFY_RELATIVE(metric(e, "network.kv_handoff_load"), 1.0, 1e-9);
        bool warned = false;
        for (const Warning& w : e.warnings)
            warned = warned || (w.where == "network.nic_gbps" && w.message.find("prefill pool's NICs") != std::string::npos);
        QVERIFY(warned);
    }

    void aggregatedServingIgnoresItAndSaysSo()
    {
        Scenario s = mixed();
        set(s, "workload.serving", "aggregated");
        const Evaluation e = evaluated(s, source());
        QVERIFY(!e.metric("sizing.prefill_pool_gpus"));
        QCOMPARE(metric(e, "sizing.gpus"), 288.0);
        bool warned = false;
        for (const Warning& w : e.warnings)
            warned = warned || w.where == "workload.prefill_system";
        QVERIFY(warned);
    }

    void anUnknownSystemIsNamed()
    {
        Scenario s = mixed();
        set(s, "workload.prefill_system", "no-such-rack");
        auto e = evaluate(s, builtinCatalog(), source());
        QVERIFY(!e);
        QCOMPARE(e.error().where, std::string("workload.prefill_system"));
        QVERIFY(e.error().message.find("no-such-rack") != std::string::npos);
    }

    // InferenceX measured DeepSeek-R1 FP4 1k/1k with Dynamo + TRT-LLM, disaggregated, the same
    // pools on two systems at their highest concurrency (SemiAnalysisAI/InferenceX-app, run
    // 26306422380; prefill 12 GPUs TP=12, decode 20 GPUs EP=4): GB200 NVL72 14,659.4 tok/s/GPU at
    // 17.82 tok/s/user, HGX B200 12,515.7 at 21.34. Over 32 GPUs, half the tokens input, the
    // prefill pool computed 14,659.4 x 32 x 0.5 / 12 = 19,545.9 input tok/s a GPU on GB200 and
    // 16,687.6 on B200: measured ratio 1.1713. The model moves a prefill rate from one system to
    // another by the roofline's prefill ratio at a prefill batch of at least 8,192 tokens; at
    // these points the pools run flat out, so the measured ratio is the prefill ratio. One 1k
    // request alone would read the weights more than it computes on either system (ratio 1.00);
    // batched, prefill is mostly compute-bound and the roofline gives 1.067, short of GB200's 10
    // PF of FP4 (5 of FP8 for attention) over B200's 9 PF (4.5) by its communication across the
    // 72-GPU domain. GB200 also runs its GPUs at 1,200 W against 1,000 W, which the roofline does
    // not see: the model is 8.9% low. Stated error: within 10%. (At the other shared layout,
    // 12 prefill and 32 decode GPUs, the runs sit at 91 and 56 tok/s/user, where decode sets the
    // pace and the prefill pool idles: no prefill rate can be read there.)
    void theRooflinePrefillRatioMatchesInferenceXsPools()
    {
        const double gb200 = 14659.4 * 32 * 0.5 / 12, b200 = 12515.7 * 32 * 0.5 / 12;
        const double measured = gb200 / b200;
        VERIFY_RELATIVE(measured, 1.1713, 1e-3);
        const double model = rooflinePrefill("gb200-nvl72", 8192, 1024, 17.82, Precision::FP4)
            / rooflinePrefill("hgx-b200", 8192, 1024, 17.82, Precision::FP4);
        qInfo("prefill rate GB200 / B200: roofline %.4f, measured %.4f (%.1f%%)", model, measured,
              100 * (model / measured - 1));
        QVERIFY(std::abs(model / measured - 1) < 0.10);
    }
};

QTEST_APPLESS_MAIN(TestPrefillPool)
#include "test_prefill_pool.moc"
