// SPDX-License-Identifier: GPL-3.0-or-later
// Attention compute by layout (GQA, MLA absorbed, sliding window), sliding-window KV and the
// expert-parallel all-to-all, each against a hand calculation written next to it; then the same
// figures seen through the roofline's decode step and prefill.
#include "serving/attention_cost.h"
#include "serving/roofline.h"
#include "catalog/catalog.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QtTest>

using namespace planner;

namespace {

ModelSpec withShape(ModelSpec m, AttentionShape a, Attention kind = Attention::GQA)
{
    m.shape = a;
    m.attention = kind;
    return m;
}

// Llama-3.1-70B-like: 80 layers, 64 query heads, 8 KV heads x 128.
const ModelSpec kLlama70 = withShape(fixtures::model("dense-70b", 70e9, 70e9, 80, 327680), AttentionShape{.hidden = 8192, .heads = 64, .kvHeads = 8, .headDim = 128});

ModelSpec deepseekLike()
{
    const AttentionShape a{.hidden = 7168, .heads = 128, .headDim = 128, .kvLoraRank = 512, .ropeDim = 64};
    return withShape(fixtures::model("moe-671b", 671e9, 37e9, 61, 70272, 256, 8), a, Attention::MLA);
}

ModelSpec gptOssLike()
{
    const AttentionShape a{.hidden = 2880, .heads = 64, .kvHeads = 8, .headDim = 64, .slidingWindow = 128,
                           .slidingLayers = 18};
    // kvBytesPerToken16: the 18 full layers x 8 x 64 x 2 x 2 = 36,864.
    return withShape(fixtures::model("moe-117b", 116.8e9, 5.1e9, 36, 36864, 128, 4), a, Attention::HybridSliding);
}

// 192 GB HBM, 8 TB/s, dense 10 / 5 / 2.5 PFLOPS at FP4 / FP8 / BF16.
const GpuSpec kBig = fixtures::gpu("gpu-8tb", "gen-test", 192, 8, 10, 5, 2.5);

RooflineInput input(const ModelSpec& m, double in = 1024, double out = 1024)
{
    RooflineInput r;
    r.model = &m;
    r.gpu = &kBig;
    r.domainSize = 8;
    r.precision = Precision::FP8;
    r.inputTokens = in;
    r.outputTokens = out;
    r.efficiency = {0.6, 0.4};
    r.options.stepOverhead = units::seconds(0);
    r.options.groupSize = 1;
    return r;
}

} // namespace

class TestAttentionCost : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gqaCountsEveryQueryHead()
    {
        // Q.K and P.V: 2 multiply-adds x 64 heads x 128 per layer = 4 x 64 x 128 = 32,768 FLOPs,
        // x 80 layers = 2,621,440 per (token, cached token). The old rule, one multiply-add per
        // cached 16-bit element, gave 327,680: 8x low, the query heads per KV head.
        const AttentionCost c = attentionCost(kLlama70);
        QCOMPARE(c.decodePerContext, 2621440.0);
        QCOMPARE(c.prefillPerContext, 2621440.0);
        QCOMPARE(c.window, 0);
        QCOMPARE(c.slidingKvBytes16, 0.0);
    }

    void withoutHeadsTheOldRuleHolds()
    {
        const ModelSpec bare = fixtures::model("bare", 70e9, 70e9, 80, 327680);
        QCOMPARE(attentionCost(bare).decodePerContext, 327680.0);
    }

    void mlaDecodeIsAbsorbedPrefillIsNot()
    {
        // Decode, absorbed: 2 x 128 heads x (2 x 512 + 64) = 278,528 per layer, x 61 = 16,990,208.
        // Prefill, decompressed: 2 x 128 x (128 + 64 key + 128 value) = 81,920, x 61 = 4,997,120.
        const AttentionCost c = attentionCost(deepseekLike());
        QCOMPARE(c.decodePerContext, 16990208.0);
        QCOMPARE(c.prefillPerContext, 4997120.0);
        // Per cached byte: 16,990,208 / 70,272 = 241.8 FLOPs, against 8 for the GQA model above.
        QVERIFY(c.decodePerContext / 70272.0 > 200);
    }

    void slidingLayersAreCappedAtTheWindow()
    {
        // 18 full layers: 18 x 4 x 64 x 64 = 294,912 per pair; the 18 sliding layers the same per
        // attended token; their cache 18 x 8 KV heads x 64 x K,V x 2 bytes = 36,864 per token.
        const AttentionCost c = attentionCost(gptOssLike());
        QCOMPARE(c.decodePerContext, 294912.0);
        QCOMPARE(c.slidingPerContext, 294912.0);
        QCOMPARE(c.slidingKvBytes16, 36864.0);
        QCOMPARE(c.window, 128);
        QCOMPARE(windowed(1536, 128), 128.0);
        QCOMPARE(windowed(100, 128), 100.0);
    }

    void causalPairsMatchTheSum_data()
    {
        QTest::addColumn<double>("n");
        QTest::addColumn<int>("window");
        QTest::newRow("no window") << 1024.0 << 0;
        QTest::newRow("window longer than the prompt") << 100.0 << 128;
        QTest::newRow("window 128 over 1,000 tokens") << 1000.0 << 128;
        QTest::newRow("window 4,096 over 8,000 tokens") << 8000.0 << 4096;
    }

    void causalPairsMatchTheSum()
    {
        QFETCH(double, n);
        QFETCH(int, window);
        // Independent: the sum over positions of the tokens attended to, min(i, window).
        double sum = 0;
        for (int i = 0; i < static_cast<int>(n); ++i)
            sum += window > 0 ? std::min(i, window) : i;
        // The closed form is the continuous one (n^2 / 2, n w - w^2 / 2): within n / 2 of the sum.
        QVERIFY2(std::abs(causalPairs(n, window) - sum) <= 0.5 * n + 1e-9,
                 qPrintable(QString::number(causalPairs(n, window)) + QStringLiteral(" vs ") + QString::number(sum)));
    }

    void allToAllByHand()
    {
        // 64 tokens over 8 GPUs: 8 originate on each; each is sent to 8 experts and comes back,
        // 2 x 8 x 7,168 x 2 bytes = 229,376 B, of which 7/8 leaves the GPU: 8 x 229,376 x 0.875
        // = 1,605,632 B per GPU and MoE layer.
        QCOMPARE(allToAllBytesPerGpu(64, 8, 7168, 8), 1605632.0);
        QCOMPARE(allToAllBytesPerGpu(64, 8, 7168, 1), 0.0);
    }

    void roofline_gqaAttentionMakesALargeBatchComputeBound()
    {
        // 70 GB at FP8 on one GPU, batch 256, 1024 in / 1024 out, chunked prefill (1 prompt token a
        // step). Memory: (70e9 + 256 x 163,840 B x 1536 mean context) / 4.8e12 = 28.005 ms.
        // Compute: 2 x 70e9 x 512 tokens = 7.168e13, attention 256 x 2,621,440 x (1536 decode
        // context + 512, the prompt's mean causal context) = 1.3744e12; / (5e15 x 0.4) = 36.527 ms.
        const auto s = prepareRoofline(input(kLlama70));
        QVERIFY(s);
        const RooflinePoint p = rooflineAt(s.value(), 256);
        VERIFY_RELATIVE(units::in_seconds(p.step), (7.168e13 + 256 * 2621440.0 * 2048) / 2e15, 1e-9);
        QVERIFY(p.computeBound);
    }

    void roofline_slidingKvIsCappedInTheBatchThatFits()
    {
        // gpt-oss-like at FP8 on one 192 GB GPU: weights 116.8 GB, usable 0.9 x 192 = 172.8 GB,
        // 56 GB left. Per sequence of 2,048 tokens: full layers 18,432 B x 2,048 = 37,748,736,
        // sliding 18,432 B x 128 = 2,359,296; sum 40,108,032 -> floor(56e9 / 40,108,032) = 1,396.
        const ModelSpec m = gptOssLike();
        const auto s = prepareRoofline(input(m));
        QVERIFY(s);
        QCOMPARE(s.value().maxBatch, static_cast<int>(std::floor(56.0e9 / 40108032.0)));
    }

    void roofline_mlaPrefillByHand()
    {
        // DeepSeek-like at FP4 on a 1,000 GB GPU (335.5 GB of weights on one GPU: no
        // communication). A 16,384-token prompt touches all 256 experts, so the weights are read
        // once: 335.5e9 / (8e12 x 0.6) = 69.9 ms. Compute, with MLA prefill decompressed: the
        // weights' products at the FP4 rate, 2 x 37e9 x 16,384 / (10e15 x 0.4) = 0.30311 s, and
        // attention at the FP8 rate (no engine runs it in FP4), 4,997,120 x 16,384^2 / 2 /
        // (5e15 x 0.4) = 0.33537 s; compute-bound. (Absorbed, as in decode, its attention would be
        // 3.4x larger.)
        const ModelSpec m = deepseekLike();
        const GpuSpec huge = fixtures::gpu("gpu-1tb", "gen-test", 1000, 8, 10, 5, 2.5);
        RooflineInput in = input(m, 16384, 1024);
        in.gpu = &huge;
        in.precision = Precision::FP4;
        const auto s = prepareRoofline(in);
        QVERIFY(s);
        const double expected = 2 * 37e9 * 16384 / 4e15 + 4997120.0 * 16384.0 * 16384.0 / 2 / 2e15;
        VERIFY_RELATIVE(units::in_seconds(prefillTime(s.value())), expected, 1e-9);
    }

    void catalogShapesMatchTheirKvFigures()
    {
        // For every catalog GQA model the KV bytes follow from the shape: layers x KV heads x
        // head dim x K,V x 2 bytes (sliding layers excluded); for MLA, layers x (latent + RoPE) x 2.
        for (const ModelSpec& m : builtinCatalog().models) {
            const AttentionShape& a = m.shape;
            QVERIFY2(a.heads > 0 && a.hidden > 0, qPrintable(QString::fromStdString(m.id)));
            const double kv = units::in_bytes(m.kvBytesPerToken16.value());
            if (m.attention == Attention::MLA)
                QCOMPARE(kv, m.layers * (a.kvLoraRank + a.ropeDim) * 2.0);
            else
                QCOMPARE(kv, (m.layers - a.slidingLayers) * a.kvHeads * a.headDim * 4.0);
        }
    }
};

QTEST_GUILESS_MAIN(TestAttentionCost)
#include "test_attention_cost.moc"
