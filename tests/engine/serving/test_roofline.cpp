// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline: decode step and prefill by hand, experts touched, KV-limited batch, group choice,
// infeasibility. Every expected figure is worked out in the comment next to it.
#include "serving/roofline.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;

namespace {

// 192 GB HBM, 8 TB/s, dense 10 / 5 / 2.5 PFLOPS at FP4 / FP8 / BF16, 1.8 TB/s NVLink.
const GpuSpec kBig = fixtures::gpu("gpu-8tb", "gen-test", 192, 8, 10, 5, 2.5);
// 80 GB HBM, 3.35 TB/s, no FP4, dense 2 / 1 PFLOPS at FP8 / BF16, 0.9 TB/s NVLink.
const GpuSpec kSmall = fixtures::gpu("gpu-80g", "gen-old", 80, 3.35, 0, 2, 1, 900);
// A GPU with 1,000 GB so a big MoE model fits on one GPU and no communication enters the sums.
const GpuSpec kHuge = fixtures::gpu("gpu-1tb", "gen-test", 1000, 8, 10, 5, 2.5);

const ModelSpec kDense70 = fixtures::model("dense-70b", 70e9, 70e9, 80, 327680);  // Llama-70B-like KV
const ModelSpec kDense8 = fixtures::model("dense-8b", 8e9, 8e9, 32, 131072);
const ModelSpec kDense405 = fixtures::model("dense-405b", 405e9, 405e9, 126, 516096);
const ModelSpec kMoe = fixtures::model("moe-671b", 671e9, 37e9, 61, 70272, 256, 8); // DeepSeek-R1-like

RooflineInput input(const ModelSpec& m, const GpuSpec& g, Precision p, double in = 1024, double out = 1024)
{
    RooflineInput r;
    r.model = &m;
    r.gpu = &g;
    r.domainSize = 8;
    r.precision = p;
    r.inputTokens = in;
    r.outputTokens = out;
    r.efficiency = {0.6, 0.4};
    r.options.stepOverhead = units::seconds(0);
    return r;
}

} // namespace

class TestRoofline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void denseDecodeStepByHand_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<double>("overheadMs");
        QTest::addColumn<double>("expectedStep");
        // 70B at FP8 = 70 GB of weights, on one 192 GB GPU (70 <= 0.7 x 0.9 x 192 = 121 GB).
        // Effective bandwidth 8 TB/s x 0.6 = 4.8 TB/s. KV at FP8 = 327,680 / 2 = 163,840 B/token,
        // mean context 1024 + 1024/2 = 1536 tokens -> 251,658,240 B per sequence.
        // Batch 1: (70e9 + 251,658,240) / 4.8e12 = 14.6358 ms. Compute: (2 x 70e9 x 2 tokens
        // (one output, one prompt token of chunked prefill) + attention) / (5 PF x 0.4) = 0.14 ms.
        QTest::newRow("batch 1 reads the 70 GB of weights once") << 1 << 0.0 << 0.0146357621333;
        // Batch 64: (70e9 + 64 x 251,658,240) / 4.8e12 = 86.106e9 / 4.8e12 = 17.9388 ms; compute
        // (2 x 70e9 x 128 + 327,680 x 64 x 2048) / 2e15 = 8.98 ms: still memory-bound.
        QTest::newRow("batch 64 adds the KV cache of 64 sequences") << 64 << 0.0 << 0.0179387765333;
        QTest::newRow("a fixed overhead adds to every step") << 1 << 0.5 << 0.0151357621333;
    }

    void denseDecodeStepByHand()
    {
        QFETCH(int, batch);
        QFETCH(double, overheadMs);
        QFETCH(double, expectedStep);
        RooflineInput in = input(kDense70, kBig, Precision::FP8);
        in.options.stepOverhead = units::seconds(overheadMs / 1000);
        const auto setup = prepareRoofline(in);
        QVERIFY(setup);
        QCOMPARE(setup.value().groupSize, 1);
        const RooflinePoint p = rooflineAt(setup.value(), batch);
        VERIFY_RELATIVE(units::in_seconds(p.step), expectedStep, 1e-9);
        VERIFY_RELATIVE(units::in_tokens_per_second(p.perUser), 1.0 / expectedStep, 1e-9);
        // Per GPU total counts the input tokens too: batch / step x (1024 + 1024) / 1024.
        VERIFY_RELATIVE(units::in_tokens_per_second(p.totalPerGpu), 2.0 * batch / expectedStep, 1e-9);
        QVERIFY(!p.computeBound);
    }

    void acceptedDraftsMultiplyAMemoryBoundStep()
    {
        // Speculative decoding with 1.8 accepted tokens a step verifies ceil(0.8) = 1 draft per
        // sequence. At batch 1 the 70 GB weight read (14.6 ms) dwarfs the compute of two tokens
        // (2 x 70e9 x 2 / 2e15 = 0.14 ms), so the step takes as long as without drafts and yields
        // 1.8 tokens: per user and per GPU exactly 1.8x. Decode only, so no prompts enter the step.
        RooflineInput in = input(kDense70, kBig, Precision::FP8);
        in.mode = DecodeMode::DecodeOnly;
        const RooflineSetup plain = prepareRoofline(in).value();
        in.acceptedPerStep = 1.8;
        const RooflineSetup mtp = prepareRoofline(in).value();
        QCOMPARE(mtp.draftsPerStep, 1);
        const RooflinePoint a = rooflineAt(plain, 1), b = rooflineAt(mtp, 1);
        QVERIFY(!a.computeBound && !b.computeBound);
        VERIFY_RELATIVE(units::in_seconds(b.step), units::in_seconds(a.step), 1e-12);
        VERIFY_RELATIVE(units::in_tokens_per_second(b.perUser), 1.8 * units::in_tokens_per_second(a.perUser), 1e-12);
        VERIFY_RELATIVE(units::in_tokens_per_second(b.outputPerGpu), 1.8 * units::in_tokens_per_second(a.outputPerGpu),
                        1e-12);
    }

    void verifyingDraftsCostsWhatTheyGainWhenComputeBound()
    {
        // At batch 1,024 the step is compute-bound: 2 x 70e9 x 1,024 / 2e15 = 71.7 ms of matrix
        // maths (plus attention) against (70e9 + 1,024 x 251,658,240) / 4.8e12 = 68.3 ms of reads.
        // A draft per sequence doubles the verified tokens, so the step roughly doubles and 1.8
        // tokens a step gain nothing: the ratio lies between 1.8 / 2 = 0.9 and 1.
        RooflineInput in = input(kDense70, kBig, Precision::FP8);
        in.mode = DecodeMode::DecodeOnly;
        const RooflineSetup plain = prepareRoofline(in).value();
        in.acceptedPerStep = 1.8;
        const RooflineSetup mtp = prepareRoofline(in).value();
        const RooflinePoint a = rooflineAt(plain, 1024), b = rooflineAt(mtp, 1024);
        QVERIFY(a.computeBound && b.computeBound);
        const double gain = units::in_tokens_per_second(b.perUser) / units::in_tokens_per_second(a.perUser);
        QVERIFY2(gain >= 0.9 - 1e-9 && gain < 1.0, qPrintable(QString::number(gain)));
    }

    void acceptedTokensLetABiggerBatchMeetTheSlo()
    {
        // At 60 tok/s per user the plain roofline serves some batch B; with 1.8 tokens a step the
        // same requirement allows a step 1.8x as long, so a larger batch and more tokens per GPU.
        RooflineInput in = input(kDense70, kBig, Precision::FP8);
        const auto slo = units::tokens_per_second(60);
        const RooflinePoint plain = rooflineAtSlo(prepareRoofline(in).value(), slo);
        in.acceptedPerStep = 1.8;
        const RooflinePoint mtp = rooflineAtSlo(prepareRoofline(in).value(), slo);
        QVERIFY(units::in_tokens_per_second(plain.perUser) >= 60);
        QVERIFY(units::in_tokens_per_second(mtp.perUser) >= 60);
        QVERIFY2(mtp.batch > plain.batch, qPrintable(QStringLiteral("%1 vs %2").arg(mtp.batch).arg(plain.batch)));
        QVERIFY(mtp.totalPerGpu > plain.totalPerGpu);
    }

    void expertsTouched_data()
    {
        QTest::addColumn<int>("experts");
        QTest::addColumn<int>("perToken");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<double>("expected");
        QTest::newRow("one token touches its k experts") << 256 << 8 << 1.0 << 8.0;
        // 256 x (1 - (248/256)^2) = 256 x (1 - 0.9384765625) = 15.75: a few overlap.
        QTest::newRow("two tokens overlap a little") << 256 << 8 << 2.0 << 15.75;
        // 256 x (1 - 0.96875^32) = 256 x (1 - 0.362055) = 163.314
        QTest::newRow("32 tokens touch about two thirds") << 256 << 8 << 32.0 << 163.313845950;
        // 8 x (1 - 0.75^3) = 8 x 0.578125 = 4.625
        QTest::newRow("a small model by hand") << 8 << 2 << 3.0 << 4.625;
        QTest::newRow("a big batch touches all of them") << 256 << 8 << 4096.0 << 256.0;
        QTest::newRow("a dense model has none") << 0 << 0 << 64.0 << 0.0;
    }

    void expertsTouched()
    {
        QFETCH(int, experts);
        QFETCH(int, perToken);
        QFETCH(double, tokens);
        QFETCH(double, expected);
        const double actual = expectedExpertsTouched(experts, perToken, tokens);
        VERIFY_CLOSE(actual, expected, 1e-9, 1e-9); // absolute below 1: the dense model touches none
    }

    void moeReadsOnlyTouchedExperts()
    {
        RooflineInput in = input(kMoe, kHuge, Precision::FP4);
        in.mode = DecodeMode::DecodeOnly; // one token per sequence per step
        const auto setup = prepareRoofline(in);
        QVERIFY(setup);
        const RooflineSetup& s = setup.value();
        QCOMPARE(s.groupSize, 1); // 335.5 GB <= 0.7 x 0.9 x 1000 GB
        // Expert size (671e9 - 37e9) / (256 - 8) = 2.5565e9; dense 671e9 - 256 x expert = 16.548e9.
        VERIFY_RELATIVE(s.expertParams, 634e9 / 248, 1e-12);
        VERIFY_RELATIVE(s.denseParams, 671e9 - 256 * 634e9 / 248, 1e-9);
        // Batch 1 reads dense + 8 experts = the 37e9 active parameters: 18.5 GB at FP4, plus KV at
        // 8-bit 35,136 B/token x 1536 tokens = 53,968,896 B; / 4.8 TB/s = 3.86541 ms.
        VERIFY_RELATIVE(units::in_seconds(decodeStepTime(s, 1)), 0.00386541018667, 1e-9);
        // Batch 2: dense + 15.75 experts = 16.548e9 + 40.264e9 params x 0.5 B + 2 x 53,968,896 B
        // = 28.514e9 B; / 4.8e12 = 5.94046 ms (not twice the expert bytes of batch 1).
        VERIFY_RELATIVE(units::in_seconds(decodeStepTime(s, 2)), 0.00594045578999, 1e-9);
    }

    void kvLimitsTheBatch_data()
    {
        QTest::addColumn<int>("precision");
        QTest::addColumn<double>("usable");
        QTest::addColumn<int>("expected");
        // 8B at BF16 = 16 GB on one 80 GB GPU. KV 131,072 B/token x (2048 + 2048) tokens = 536,870,912 B
        // per sequence. (0.9 x 80e9 - 16e9) / 536,870,912 = 104.3 -> 104 sequences.
        QTest::newRow("bf16 with 10% of HBM kept for the runtime") << int(Precision::BF16) << 0.9 << 104;
        // The formula without a runtime reserve: (80e9 - 16e9) / 536,870,912 = 119.2 -> 119.
        QTest::newRow("bf16 with all of HBM usable") << int(Precision::BF16) << 1.0 << 119;
        // FP8 halves weights (8 GB) and KV (268,435,456 B): (72e9 - 8e9) / 268,435,456 = 238.4 -> 238.
        QTest::newRow("fp8 halves weights and KV") << int(Precision::FP8) << 0.9 << 238;
    }

    void kvLimitsTheBatch()
    {
        QFETCH(int, precision);
        QFETCH(double, usable);
        QFETCH(int, expected);
        RooflineInput in = input(kDense8, kSmall, Precision(precision), 2048, 2048);
        in.options.usableHbmFraction = usable;
        const auto setup = prepareRoofline(in);
        QVERIFY(setup);
        QCOMPARE(setup.value().groupSize, 1);
        QCOMPARE(setup.value().maxBatch, expected);
    }

    void kvCacheScaleByPrecision_data()
    {
        QTest::addColumn<QString>("precision");
        QTest::addColumn<double>("bytesPerToken");
        // DeepSeek-R1's 70,272 B/token at 16 bits: kept at 16 bits for bf16 (and fp16, which reads
        // as bf16), at 8 bits (35,136 B) when the weights run at 8 or 4 bits.
        QTest::newRow("bf16 keeps the 16-bit cache") << QStringLiteral("bf16") << 70272.0;
        QTest::newRow("fp16 reads as bf16") << QStringLiteral("fp16") << 70272.0;
        QTest::newRow("fp8 halves it") << QStringLiteral("fp8") << 35136.0;
        QTest::newRow("fp4 keeps the cache at 8 bits, not 4") << QStringLiteral("fp4") << 35136.0;
    }

    void kvCacheScaleByPrecision()
    {
        QFETCH(QString, precision);
        QFETCH(double, bytesPerToken);
        const auto p = precisionFromName(precision.toStdString());
        QVERIFY(p);
        QCOMPARE(70272.0 * kvCacheScale(*p), bytesPerToken);
        // The roofline's KV bytes per token use the same scale.
        const auto setup = prepareRoofline(input(kDense8, kSmall, *p, 2048, 2048));
        QVERIFY(setup);
        QCOMPARE(units::in_bytes(setup.value().kvPerToken), 131072.0 * bytesPerToken / 70272.0);
    }

    void infeasibleWhenWeightsExceedHbm()
    {
        // 405e9 x 2 B = 810 GB of weights; 8 x 80 GB x 0.9 = 576 GB usable on the whole node.
        const auto setup = prepareRoofline(input(kDense405, kSmall, Precision::BF16));
        QVERIFY(!setup);
        QCOMPARE(setup.error().kind, ErrorKind::Infeasible);
        const QString message = QString::fromStdString(setup.error().message);
        QVERIFY2(message.contains(QStringLiteral("weights 810 GB")) && message.contains(QStringLiteral("576 GB")),
                 qPrintable(message));
    }

    void smallestGroupKeepingKvRoom_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("expected");
        // 70 GB of FP8 weights. On 80 GB GPUs: 1 GPU keeps 0.7 x 72 = 50.4 GB for weights (no),
        // 2 GPUs 100.8 GB (yes). On 192 GB GPUs one GPU holds 121 GB (yes).
        QTest::newRow("70B fp8 needs two 80 GB GPUs") << QStringLiteral("small") << 2;
        QTest::newRow("70B fp8 fits one 192 GB GPU") << QStringLiteral("big") << 1;
    }

    void smallestGroupKeepingKvRoom()
    {
        QFETCH(QString, gpu);
        QFETCH(int, expected);
        const auto setup = prepareRoofline(input(kDense70, gpu == u"small" ? kSmall : kBig, Precision::FP8));
        QVERIFY(setup);
        QCOMPARE(setup.value().groupSize, expected);
    }

    void aRequirementOneGpuCannotReachGrowsTheGroup_data()
    {
        QTest::addColumn<double>("perUser");
        QTest::addColumn<int>("expected");
        // 70B at FP8 on one 192 GB GPU: batch 1 steps in 14.64 ms (denseDecodeStepByHand), at most
        // 68.3 tok/s/user. Two GPUs each read half: 7.32 ms, plus 160 collectives of about 10 us,
        // about 8.9 ms or 112 tok/s/user. Where one GPU reaches the requirement it stays the group;
        // at 100 it cannot, and the group grows to two rather than reading the figure at batch 1.
        QTest::newRow("50 tok/s/user: one GPU reaches it") << 50.0 << 1;
        QTest::newRow("100 tok/s/user: two GPUs do") << 100.0 << 2;
    }

    void aRequirementOneGpuCannotReachGrowsTheGroup()
    {
        QFETCH(double, perUser);
        QFETCH(int, expected);
        RooflineInput in = input(kDense70, kBig, Precision::FP8);
        in.minPerUser = units::tokens_per_second(perUser);
        const auto setup = prepareRoofline(in);
        QVERIFY(setup);
        QCOMPARE(setup.value().groupSize, expected);
        QVERIFY(units::in_tokens_per_second(rooflineAtSlo(setup.value(), in.minPerUser).perUser) >= perUser);
    }

    void fastestGroupSpreadsTheWeightReads()
    {
        // The MoE model at FP4 (335.5 GB) on a 72-GPU domain of 192 GB GPUs. The smallest group
        // keeping 30% of HBM for KV is 4 GPUs (0.7 x 0.9 x 4 x 192 = 484 GB). At 100 tok/s/user a
        // step may take 10 ms, and 4 GPUs each read a quarter of the touched experts per step;
        // wider groups read less per GPU and fit a bigger batch in the same 10 ms.
        RooflineInput in = input(kMoe, kBig, Precision::FP4);
        in.domainSize = 72;
        in.minPerUser = units::tokens_per_second(100);
        const RooflineSetup smallest = prepareRoofline(in).value();
        QCOMPARE(smallest.groupSize, 4);
        in.options.groupChoice = GroupChoice::Fastest;
        const RooflineSetup fastest = prepareRoofline(in).value();
        QVERIFY(fastest.groupSize > 4);
        const double a = rooflineAtSlo(smallest, in.minPerUser).totalPerGpu.value();
        const double b = rooflineAtSlo(fastest, in.minPerUser).totalPerGpu.value();
        QVERIFY2(b > a, qPrintable(QStringLiteral("fastest %1 vs smallest %2 tok/s/GPU").arg(b).arg(a)));
    }

    void prefillByHand()
    {
        const auto setup = prepareRoofline(input(kDense70, kBig, Precision::FP8));
        QVERIFY(setup);
        // 2 x 70e9 x 1024 + causal attention 327,680 x 1024 x 512 = 1.435318e14 FLOPs on 5 PF x 0.4:
        // 71.7659 ms (weights 70 GB / 4.8 TB/s = 14.6 ms: compute-bound); 1024 / 0.0717659 = 14,268.6 tok/s.
        VERIFY_RELATIVE(units::in_seconds(prefillTime(setup.value())), 0.07176589934592, 1e-9);
        VERIFY_RELATIVE(units::in_tokens_per_second(prefillRatePerGpu(setup.value())), 14268.6151686639, 1e-9);
    }

    void ttftLimitGrowsTheGroup()
    {
        RooflineInput in = input(kDense70, kBig, Precision::FP8);
        // One GPU prefills 1024 tokens in 71.8 ms; two in about 35.9 ms plus 160 collectives
        // (10 us latency + 17.5 MB / 900 GB/s each), about 40.6 ms.
        in.options.maxTtft = units::seconds(0.050);
        const auto two = prepareRoofline(in);
        QVERIFY(two);
        QCOMPARE(two.value().groupSize, 2);
        QVERIFY(units::in_seconds(prefillTime(two.value())) <= 0.050);
        // Eight GPUs still need 71.8 / 8 = 9 ms: a 5 ms limit cannot be met.
        in.options.maxTtft = units::seconds(0.005);
        const auto none = prepareRoofline(in);
        QVERIFY(!none);
        QCOMPARE(none.error().kind, ErrorKind::Infeasible);
        QCOMPARE(QString::fromStdString(none.error().where), QStringLiteral("workload.max_ttft_s"));
    }

    void sweepTradesInteractivityForThroughput()
    {
        const auto setup = prepareRoofline(input(kDense70, kBig, Precision::FP8));
        QVERIFY(setup);
        const auto sweep = rooflineSweep(setup.value());
        QVERIFY(sweep.size() > 3);
        QVERIFY(!sweep.front().computeBound && sweep.back().computeBound);
        QCOMPARE(sweep.back().batch, setup.value().maxBatch);
        for (std::size_t i = 1; i < sweep.size(); ++i) {
            QVERIFY(sweep[i].perUser.value() < sweep[i - 1].perUser.value());
            // Throughput grows until the step turns compute-bound, then stays flat.
            QVERIFY(sweep[i].totalPerGpu.value() >= sweep[i - 1].totalPerGpu.value() * (1 - 1e-12));
        }
        // The chart's curve: one point per batch, the same figures, no row behind them.
        const std::vector<CurvePoint> curve = toCurve(sweep);
        QCOMPARE(curve.size(), sweep.size());
        for (std::size_t i = 0; i < sweep.size(); ++i) {
            QCOMPARE(curve[i].perUser.value(), sweep[i].perUser.value());
            QCOMPARE(curve[i].totalPerGpu.value(), sweep[i].totalPerGpu.value());
            QCOMPARE(curve[i].rowId, std::int64_t(0));
        }
    }

    void sloPicksTheLargestBatchFastEnough()
    {
        const auto setup = prepareRoofline(input(kDense70, kBig, Precision::FP8));
        QVERIFY(setup);
        const RooflineSetup& s = setup.value();
        const units::TokenRate slo = units::tokens_per_second(50);
        const RooflinePoint p = rooflineAtSlo(s, slo);
        QVERIFY(p.batch > 1 && p.batch < s.maxBatch);
        QVERIFY(p.perUser.value() >= 50);
        QVERIFY(rooflineAt(s, p.batch + 1).perUser.value() < 50);
        // Batch 1 gives 68.3 tok/s/user: 100 is out of reach, the batch-1 point comes back.
        const RooflinePoint fastest = rooflineAtSlo(s, units::tokens_per_second(100));
        QCOMPARE(fastest.batch, 1);
        QVERIFY(fastest.perUser.value() < 100);
    }

    void missingPrecisionComputesAtTheNextWider()
    {
        const auto setup = prepareRoofline(input(kDense8, kSmall, Precision::FP4));
        QVERIFY(setup);
        QCOMPARE(setup.value().peakFlops.value(), 2e15); // the FP8 figure
        QCOMPARE(int(setup.value().warnings.size()), 1);
        QVERIFY(setup.value().warnings.front().message.find("computed at the fp8 rate") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestRoofline)
#include "test_roofline.moc"
