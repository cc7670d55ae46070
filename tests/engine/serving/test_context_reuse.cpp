// SPDX-License-Identifier: GPL-3.0-or-later
// Context reuse: the prefill made faster by KV found in a tier, the throughput and input share
// that follow, the tier that is too slow to help, the KV held for the retention time, the tiers'
// figures on real systems, all worked by hand; and DeepSeek's published service figures.
#include "catalog/catalog.h"
#include "serving/context_reuse.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;

namespace {

// DeepSeek-R1's MLA cache: (512 + 64) x 61 layers x 2 bytes = 70,272 bytes a token at 16-bit,
// 35,136 at FP8 (DeepSeek-V3 config.json).
constexpr double kDeepSeekKvFp8 = 35136;

ContextReuseInput input(double reuse, double prefillPerGpu, double readGbPerS, double kvBytes, double share)
{
    ContextReuseInput in;
    in.reuse = reuse;
    in.inputTokens = 10000;
    in.kvPerToken = units::bytes(kvBytes);
    in.prefillPerGpu = units::tokens_per_second(prefillPerGpu);
    in.tierReadPerGpu = units::gigabytes_per_second(readGbPerS);
    in.prefillTimeShare = share;
    return in;
}

} // namespace

class TestContextReuse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void computeBoundReuseByHand()
    {
        // 10,000 input tokens at 10,000 tokens/s a GPU: 1 GPU-second of prefill. Reusing 80%
        // leaves 2,000 tokens to compute (0.2 s) and 8,000 tokens' KV to load: 8,000 x 35,136 =
        // 281,088,000 bytes over Grace's 225 GB/s = 1.249 ms, hidden behind the compute. Prefill
        // 5x faster. With half a request's GPU time on its input (f = 0.5): 0.5 / 5 + 0.5 = 0.6 of
        // the time, throughput x 1/0.6 = 1.6667, and the input's share 0.1 / 0.6 = 0.16667.
        const auto r = contextReuse(input(0.8, 10000, 225, kDeepSeekKvFp8, 0.5));
        QVERIFY(r);
        VERIFY_RELATIVE(r.value().prefillSpeedup, 5.0, 1e-12);
        VERIFY_RELATIVE(r.value().throughputFactor, 1.0 / 0.6, 1e-12);
        VERIFY_RELATIVE(r.value().prefillTimeShare, 0.1 / 0.6, 1e-12);
        QVERIFY(!r.value().loadBound);
        // The tier is read at 281,088,000 bytes over the 0.2 s prefill: 1.40544 GB/s a GPU.
        VERIFY_RELATIVE(units::in_gigabytes_per_second(r.value().loadPerGpu), 1.40544, 1e-12);
    }

    void aSlowTierBindsThePrefill()
    {
        // A Llama-70B-like GQA cache (327,680 bytes a token at 16-bit, 163,840 at FP8) from local
        // NVMe at 6.5 GB/s a GPU, prefill at 100,000 tokens/s: computing the 1,000 new tokens takes
        // 10 ms, loading 9,000 x 163,840 = 1,474,560,000 bytes takes 226.9 ms, above the 100 ms
        // the whole prompt takes to compute. The engine computes it: nothing gained.
        const auto slow = contextReuse(input(0.9, 100000, 6.5, 163840, 0.5));
        QVERIFY(slow);
        QVERIFY(slow.value().slowerThanRecompute);
        QCOMPARE(slow.value().throughputFactor, 1.0);
        // At 25 GB/s the load takes 58.98 ms: under the 100 ms of computing everything, above the
        // 10 ms of computing the rest, so the tier sets the prefill: 100 / 58.98 = 1.6954x faster.
        const auto bound = contextReuse(input(0.9, 100000, 25, 163840, 0.5));
        QVERIFY(bound);
        QVERIFY(bound.value().loadBound);
        VERIFY_RELATIVE(bound.value().prefillSpeedup, 0.1 / (1474560000.0 / 25e9), 1e-12);
    }

    void noReuseChangesNothing()
    {
        const auto r = contextReuse(input(0, 10000, 225, kDeepSeekKvFp8, 0.3));
        QVERIFY(r);
        QCOMPARE(r.value().throughputFactor, 1.0);
        QCOMPARE(r.value().prefillTimeShare, 0.3);
    }

    void badReuseIsRefused()
    {
        for (double bad : {-0.1, 1.0, std::nan("")}) {
            const auto r = contextReuse(input(bad, 10000, 225, kDeepSeekKvFp8, 0.5));
            QVERIFY(!r);
            QCOMPARE(r.error().where, std::string("workload.prefix_reuse_fraction"));
        }
    }

    void kvHeldForTheRetentionByHand()
    {
        // 100 requests a second kept one hour, each adding its 2,000 uncached input tokens and its
        // 1,000-token reply: 100 x 3,600 x 3,000 x 35,136 bytes = 37.94688 TB.
        const units::DataSize held
            = kvCacheHeld(100, units::hours(1), 0.8, 10000, 1000, units::bytes(kDeepSeekKvFp8));
        VERIFY_RELATIVE(units::in_terabytes(held), 37.94688, 1e-12);
    }

    void tiersOnAGb200Rack()
    {
        // Grace: 480 GB for two GPUs, NVLink-C2C 900 GB/s both ways shared by two: 240 GB and
        // 225 GB/s a GPU. A compute tray: 4 x 3.84 TB of NVMe for 4 GPUs, 4 drives at 6.5 GB/s:
        // 3.84 TB and 6.5 GB/s a GPU. HBM: 30% of 90% of 186 GB = 50.22 GB at 8 TB/s. Object
        // storage: the NIC's rate, no capacity limit.
        const Catalog& c = builtinCatalog();
        const SystemSpec& s = *c.system("gb200-nvl72");
        const GpuSpec& g = *c.gpu(s.gpu);
        const auto nic = units::gigabits_per_second(400);
        const KvTierFigures cpu = kvTierFigures(KvTier::CpuMemory, s, g, nic).value();
        VERIFY_RELATIVE(units::in_gigabytes(cpu.capacityPerGpu->value), 240.0, 1e-12);
        VERIFY_RELATIVE(units::in_gigabytes_per_second(cpu.readPerGpu.value), 225.0, 1e-12);
        const KvTierFigures nvme = kvTierFigures(KvTier::LocalNvme, s, g, nic).value();
        VERIFY_RELATIVE(units::in_terabytes(nvme.capacityPerGpu->value), 3.84, 1e-12);
        VERIFY_RELATIVE(units::in_gigabytes_per_second(nvme.readPerGpu.value), 6.5, 1e-12);
        const KvTierFigures hbm = kvTierFigures(KvTier::Hbm, s, g, nic).value();
        VERIFY_RELATIVE(units::in_gigabytes(hbm.capacityPerGpu->value), 0.27 * units::in_gigabytes(g.hbmCapacity.value()),
                        1e-12);
        const KvTierFigures object = kvTierFigures(KvTier::ObjectStorage, s, g, nic).value();
        QVERIFY(!object.capacityPerGpu);
        VERIFY_RELATIVE(units::in_gigabits_per_second(object.readPerGpu.value), 400.0, 1e-12);
        // A system without a CPU-memory figure cannot hold the tier: the error says which.
        const SystemSpec& amd = *c.system("mi355x-8");
        const auto none = kvTierFigures(KvTier::CpuMemory, amd, *c.gpu(amd.gpu), nic);
        QVERIFY(!none);
        QCOMPARE(none.error().where, std::string("storage.kv_tier"));
    }

    void deepSeeksServiceIsComputeBoundOnItsDiskCache()
    {
        // DeepSeek's inference system overview (github.com/deepseek-ai/open-infra-index, "Day 6",
        // 1 March 2025): 56.3% of 608B input tokens a day hit the on-disk KV cache; a prefill
        // node of 8 H800 serves 73.7k input tokens a second, cache hits included. Its cache lives
        // on 3FS: "40+ GiB/s peak throughput per client node for KVCache lookup" (open-infra-index;
        // the 3FS README's wording, "all KVCache clients (1x400Gbps NIC/node) ... up to 40 GiB/s",
        // reads as an aggregate too, but an aggregate that low could not feed the loads below
        // across DeepSeek's prefill nodes, so the per-node reading is taken). The node computes 43.7% of 73.7k = 32,207 tokens/s, 4,026
        // a GPU, and loads 56.3% x 73.7k = 41,493 tokens' KV a second at 70,272 bytes (the 16-bit
        // latent): 2.92 GB/s a node, 7% of what 3FS serves. So the model, given the computed rate
        // and 40 GiB/s / 8 a GPU, must find the prefill compute-bound and the input served
        // 1 / 0.437 = 2.288x faster: the published 73.7k within 1%.
        const double computedPerGpu = 73700.0 * (1 - 0.563) / 8;
        ContextReuseInput in;
        in.reuse = 0.563;
        in.inputTokens = 4096; // any length: compute and load scale with it alike
        in.kvPerToken = units::bytes(70272);
        in.prefillPerGpu = units::tokens_per_second(computedPerGpu);
        in.tierReadPerGpu = units::bytes_per_second(40.0 * 1024 * 1024 * 1024 / 8);
        in.prefillTimeShare = 1; // a prefill node does nothing else
        const ContextReuse r = contextReuse(in).value();
        QVERIFY(!r.loadBound);
        const double servedPerNode = computedPerGpu * r.throughputFactor * 8;
        VERIFY_RELATIVE(servedPerNode, 73700.0, 0.01);
        // The tier's load while prefilling: 2.92 GB/s a node (2 decimals).
        QCOMPARE(std::round(units::in_gigabytes_per_second(r.loadPerGpu) * 8 * 100) / 100, 2.92);
    }
};

QTEST_APPLESS_MAIN(TestContextReuse)
#include "test_context_reuse.moc"
