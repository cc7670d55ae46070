// SPDX-License-Identifier: GPL-3.0-or-later
// Wide expert parallelism in the roofline: the weights each GPU holds, the dispatch and combine
// split between NVLink and the scale-out NICs, both worked by hand; the exchange against DeepEP's
// published kernel timings; the decode rate against DeepSeek's published production figures; and
// the behaviours an analyst relies on (racks beyond the first carry NIC traffic, a faster NIC
// never slows the group).
#include "serving/roofline.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;

namespace {

// H800 SXM: 80 GB HBM3 at 3.35 TB/s, 1,979 dense FP8 TFLOPS (989 BF16), NVLink cut to 400 GB/s
// (bidirectional) from the H100's 900 (NVIDIA H800 product brief; DeepSeek-V3 technical report
// section 3.1: "each node containing 8 GPUs connected by NVLink and NVSwitch", 400 Gb/s IB CX7).
const GpuSpec kH800 = fixtures::gpu("h800", "hopper", 80, 3.35, 0, 1.979, 0.9895, 400);

// DeepSeek-V3/R1: 671B parameters, 37B active, 61 layers, 256 routed experts with 8 a token,
// hidden size 7,168, MLA cache of (512 + 64) x 61 x 2 = 70,272 bytes a token at 16-bit
// (DeepSeek-V3 technical report, config.json).
ModelSpec deepSeek()
{
    ModelSpec m = fixtures::model("deepseek-r1", 671e9, 37e9, 61, 70272, 256, 8);
    m.shape.hidden = 7168;
    return m;
}

RooflineInput wide(const ModelSpec& m, const GpuSpec& g, int domain, int gpus, double nicGbps)
{
    RooflineInput r;
    r.model = &m;
    r.gpu = &g;
    r.domainSize = domain;
    r.precision = Precision::FP8;
    r.inputTokens = 1024;
    r.outputTokens = 1024;
    r.efficiency = {0.6, 0.4};
    r.mode = DecodeMode::DecodeOnly;
    r.options.expertParallel = gpus;
    r.options.scaleOutOneWay = units::gigabits_per_second(nicGbps);
    return r;
}

double tokensPerSecondPerGpu(const RooflineInput& in, double perUser)
{
    const auto s = prepareRoofline(in);
    return s ? units::in_tokens_per_second(rooflineAtSlo(s.value(), units::tokens_per_second(perUser)).totalPerGpu)
             : -1.0;
}

} // namespace

class TestWideExpertParallel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyGpuHoldsTheDenseWeightsAndItsShareOfExperts()
    {
        // Split of the parameters: expert = (671 - 37) / (256 - 8) = 2.556452e9; dense =
        // 671e9 - 256 x 2.556452e9 = 16.548387e9. Over 144 GPUs each holds 256 / 144 = 1.7778
        // experts: 16.548387e9 + 1.7778 x 2.556452e9 = 21.093190e9 bytes at FP8. Usable HBM
        // 0.9 x 80 = 72 GB a GPU leaves 50.906810e9 bytes of KV; a 2,048-token sequence at FP8
        // keeps 35,136 x 2,048 = 71,958,528 bytes, so the group holds
        // floor(144 x 50.906810e9 / 71,958,528) = 101,872 sequences.
        const ModelSpec m = deepSeek();
        const auto s = prepareRoofline(wide(m, kH800, 8, 144, 400));
        QVERIFY(s);
        QVERIFY(s.value().wideExpertParallel);
        QCOMPARE(s.value().groupSize, 144);
        QCOMPARE(s.value().maxBatch, 101872);
    }

    void tooNarrowAGroupCannotHoldTheExperts()
    {
        // Over 8 GPUs each holds 32 experts: 16.55 + 32 x 2.556 = 98.4 GB, above the 72 GB usable.
        const ModelSpec m = deepSeek();
        const auto s = prepareRoofline(wide(m, kH800, 8, 8, 400));
        QVERIFY(!s);
        QCOMPARE(s.error().where, std::string("workload.model"));
        QVERIFY2(s.error().message.find("does not fit") != std::string::npos, s.error().message.c_str());
    }

    void crossingDomainsNeedsTheNics()
    {
        const ModelSpec m = deepSeek();
        const auto s = prepareRoofline(wide(m, kH800, 8, 16, 0));
        QVERIFY(!s);
        QCOMPARE(s.error().where, std::string("network.nic_gbps"));
    }

    void exchangeSplitsBetweenNvlinkAndNicsByHand()
    {
        // 2,048 tokens over 16 GPUs in two 8-GPU domains: each GPU sends its 128 tokens' hidden
        // vectors (7,168 x 2 bytes) to 8 experts and takes them back, 2 x 8 x 7,168 x 2 x 128 =
        // 29,360,128 bytes, of which 15/16 leave the GPU: 27,525,120 bytes a layer. Of its 15
        // peers 8 are in the other domain: 8/15 of that, 14,680,064 bytes, crosses the 400 Gb/s
        // (50 GB/s) NIC in 293.601 us; 7/15 (12,845,056 bytes) crosses NVLink's 200 GB/s a
        // direction in 64.225 us. Both at once: 293.601 us plus two 10 us latencies a layer,
        // x 61 layers = 19.12968 ms.
        const ModelSpec m = deepSeek();
        const RooflineSetup s = prepareRoofline(wide(m, kH800, 8, 16, 400)).value();
        VERIFY_RELATIVE(units::in_seconds(expertExchangeTime(s, 2048)), 0.01912967808, 1e-9);
        // The bytes a step sends over the NICs: 61 x 14,680,064 = 895,483,904 at batch 2,048
        // (decode only, no drafts: one token a sequence).
        VERIFY_RELATIVE(units::in_bytes(scaleOutBytesPerStep(s, 2048)), 895483904.0, 1e-12);
    }

    void exchangeMatchesDeepEpOnThePureRdmaPath_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("measuredUs");
        // DeepEP README (github.com/deepseek-ai/DeepEP), low-latency kernels with pure RDMA on
        // H800 with one CX7 400 Gb/s NIC each (~50 GB/s), 128 tokens a GPU, hidden 7,168, top-8,
        // FP8 dispatch and BF16 combine: dispatch + combine 192 + 369 us at EP 128 and
        // 194 + 360 us at EP 256, where every peer is reached over the NIC.
        QTest::newRow("EP 128") << 128 << 561.0;
        QTest::newRow("EP 256") << 256 << 554.0;
    }

    void exchangeMatchesDeepEpOnThePureRdmaPath()
    {
        // The model sends 2 x 8 x 7,168 x 2 x 128 x (G - 1)/G bytes (29,130,752 at EP 128,
        // 29,245,440 at EP 256) at the NIC's line rate: 582.6 + 20 and 584.9 + 20 us. DeepEP
        // dispatches at FP8 (three quarters of the bytes) but reaches 39-40 of the 50 GB/s; the
        // two nearly cancel and the model reads 7.4% and 9.2% above the measured times. Stated
        // error: within 12%.
        QFETCH(int, gpus);
        QFETCH(double, measuredUs);
        const ModelSpec m = deepSeek();
        // Domains of one GPU: every peer over RDMA, as the pure-RDMA kernels ran.
        const RooflineSetup s = prepareRoofline(wide(m, kH800, 1, gpus, 400)).value();
        const double perLayerUs = units::in_seconds(expertExchangeTime(s, 128.0 * gpus)) / 61 * 1e6;
        const double error = perLayerUs / measuredUs - 1;
        QVERIFY2(std::abs(error) < 0.12, qPrintable(QStringLiteral("model %1 us vs DeepEP %2 us").arg(perLayerUs).arg(measuredUs)));
        QVERIFY(error > 0); // the line-rate, 16-bit model errs on the slow side
    }

    void racksBeyondTheFirstCarryNicTraffic()
    {
        // Four GB200 NVL72 racks (288 GPUs) against one (72): inside one rack every peer is on
        // NVLink, so nothing crosses the NICs; over four, 216 of 287 peers are in other racks.
        const ModelSpec m = deepSeek();
        const GpuSpec b200 = fixtures::gpu("b200", "blackwell", 186, 8, 10, 5, 2.5, 1800);
        const RooflineSetup one = prepareRoofline(wide(m, b200, 72, 72, 800)).value();
        const RooflineSetup four = prepareRoofline(wide(m, b200, 72, 288, 800)).value();
        QCOMPARE(units::in_bytes(scaleOutBytesPerStep(one, 1024)), 0.0);
        QCOMPARE(scaleOutBusyShare(one, 1024), 0.0);
        // At batch 1,024 (decode only, one token a sequence) each GPU sends for 1,024 / 288
        // tokens: 2 x 8 x 7,168 x 2 x (1,024 / 288) x 287/288 bytes, 216/287 of it across racks,
        // 611,669.3 bytes a layer, x 61 = 37,311,829 bytes a step.
        VERIFY_RELATIVE(units::in_bytes(scaleOutBytesPerStep(four, 1024)),
                        61 * 2.0 * 8 * 7168 * 2 * (1024.0 / 288) * (287.0 / 288) * (216.0 / 287), 1e-12);
        QVERIFY(scaleOutBusyShare(four, 1024) > 0);
    }

    void aFasterNicNeverSlowsTheGroupAndHelpsWhereTheExchangeBinds()
    {
        // The exchange overlaps compute and memory traffic, so a faster NIC changes the step only
        // where the exchange is the longest of the three; it never lengthens it.
        const ModelSpec m = deepSeek();
        const GpuSpec b200 = fixtures::gpu("b200", "blackwell", 186, 8, 10, 5, 2.5, 1800);
        bool helpedSomewhere = false;
        for (double perUser : {0.0, 10.0, 20.0, 35.0, 50.0, 75.0, 100.0, 150.0}) {
            const double slow = tokensPerSecondPerGpu(wide(m, b200, 72, 288, 800), perUser);
            const double fast = tokensPerSecondPerGpu(wide(m, b200, 72, 288, 1600), perUser);
            QVERIFY(slow > 0);
            QVERIFY2(fast >= slow * (1 - 1e-12), qPrintable(QStringLiteral("%1 tok/s/user: 1.6T %2 < 800G %3")
                                                                 .arg(perUser).arg(fast).arg(slow)));
            helpedSomewhere = helpedSomewhere || fast > slow * 1.01;
        }
        QVERIFY(helpedSomewhere);
        // Where the exchange over the NICs sets the step at 800G, 1.6T shortens it.
        const RooflineSetup slow = prepareRoofline(wide(m, b200, 72, 288, 800)).value();
        const RooflineSetup fast = prepareRoofline(wide(m, b200, 72, 288, 1600)).value();
        const int batch = slow.maxBatch;
        QVERIFY(scaleOutSetsTheStep(slow, batch));
        QVERIFY(decodeStepTime(fast, batch) < decodeStepTime(slow, batch));
    }

    void deepSeekProductionDecodeIsBelowTheModelsCapacity()
    {
        // DeepSeek's inference system overview (github.com/deepseek-ai/open-infra-index, "Day 6",
        // 1 March 2025): decode on H800 nodes with EP 144 (18 nodes), MTP, average output speed
        // 20-22 tok/s per user, 14.8k output tokens/s per 8-GPU node averaged over a day: 1,850 a
        // GPU. Input 608B and output 168B tokens that day: 3.62 input tokens an output token;
        // request lengths are not published, so 3,600 in / 995 out is taken (the step here is set
        // by the exchange, and lengths from 1k to 5k inputs give the same figure). MTP: one draft
        // a step accepted 80% of the time (DeepSeek-V3 report: 85-90%), 1.8 tokens a step.
        // The model at 20 tok/s/user: 3,340 tok/s per GPU, the dispatch and combine over the 400G
        // NICs setting a 90 ms step. It counts the exchange at line rate with perfectly balanced
        // experts and full batches all day; the published figure is a day's average with expert
        // imbalance and varying load, so it lies below the model's capacity. Stated error: the
        // model reads 1.81x DeepSeek's day average; asserted between 1x and 2x.
        const ModelSpec m = deepSeek();
        RooflineInput r = wide(m, kH800, 8, 144, 400);
        r.inputTokens = 3600;
        r.outputTokens = 995;
        r.acceptedPerStep = 1.8;
        const RooflineSetup s = prepareRoofline(r).value();
        const RooflinePoint p = rooflineAtSlo(s, units::tokens_per_second(20));
        const double perGpu = units::in_tokens_per_second(p.outputPerGpu);
        const double ratio = perGpu / (14800.0 / 8);
        QVERIFY2(ratio > 1.0 && ratio < 2.0, qPrintable(QStringLiteral("model %1 tok/s per GPU").arg(perGpu)));
        QVERIFY(scaleOutBusyShare(s, p.batch) > 0.95); // the NICs bind, as DeepSeek's overlap design expects
    }

    void aDenseModelIgnoresExpertParallelism()
    {
        const ModelSpec dense = fixtures::model("dense-70b", 70e9, 70e9, 80, 327680);
        const auto s = prepareRoofline(wide(dense, kH800, 8, 16, 400));
        QVERIFY(s);
        QVERIFY(!s.value().wideExpertParallel);
        QVERIFY(s.value().groupSize <= 8);
        QCOMPARE(s.value().warnings.front().where, std::string("workload.expert_parallel_gpus"));
    }
};

QTEST_APPLESS_MAIN(TestWideExpertParallel)
#include "test_wide_expert_parallel.moc"
