// SPDX-License-Identifier: GPL-3.0-or-later
// The fit behind spec-ratio transfers (spec_transfer.h): which measured pairs of accelerators it
// sees (MLPerf rounds only), and the step between two vendors' accelerators beyond their specs,
// fitted on the pairs that cross vendors after the exponents fitted within one vendor, and carried
// by a spec transfer from one vendor's rows to the other's accelerator.
#include "serving/spec_transfer.h"
#include "serving/throughput.h"
#include "serving/calibration.h"
#include "throughput_fixtures.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>

using namespace planner;

namespace {

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

GpuSpec vendorGpu(const std::string& id, const std::string& vendor, double tbps, double fp8)
{
    GpuSpec g = fixtures::gpu(id, "gen-" + vendor, 192, tbps, 2 * fp8, fp8, fp8 / 2);
    g.vendor = vendor;
    return g;
}

// n-big (8 TB/s, 5 PFLOPS FP8) and n-half (half of both) are one vendor's; a-big (AMD) has
// n-big's specs. One system of 8 each.
Catalog vendorCatalog()
{
    Catalog c;
    c.gpus = {vendorGpu("n-big", "NVIDIA", 8, 5), vendorGpu("n-half", "NVIDIA", 4, 2.5),
              vendorGpu("a-big", "AMD", 8, 5)};
    c.systems = {fixtures::system("sys-n-big", "n-big", 8), fixtures::system("sys-n-half", "n-half", 8),
                 fixtures::system("sys-a-big", "a-big", 8)};
    c.models = {fixtures::model("dense-70b", 70e9, 70e9, 80, 327680),
                fixtures::model("dense-8b", 8e9, 8e9, 32, 131072)};
    return c;
}

BenchmarkPoint offlineRow(std::int64_t id, const std::string& model, const std::string& system,
                          const std::string& round, double total)
{
    BenchmarkPoint p = fixtures::row(id, model, system, 0, total);
    p.source = "mlperf-inference-" + round + " " + round.substr(1) + "-0001/" + model + "/Offline";
    return p;
}

// Six MLPerf rounds of Offline rows. dense-70b on the two NVIDIA systems: n-half at half of
// n-big, six pairs within one vendor for the exponents. dense-8b on n-big and a-big: the AMD
// system at `amdShare` of the NVIDIA one, six pairs across vendors.
std::vector<BenchmarkPoint> sixRounds(double amdShare)
{
    std::vector<BenchmarkPoint> rows;
    std::int64_t id = 1;
    for (const char* round : {"v3.0", "v3.1", "v4.0", "v4.1", "v5.0", "v5.1"}) {
        rows.push_back(offlineRow(id++, "dense-70b", "sys-n-big", round, 2000));
        rows.push_back(offlineRow(id++, "dense-70b", "sys-n-half", round, 1000));
        rows.push_back(offlineRow(id++, "dense-8b", "sys-n-big", round, 10000));
        rows.push_back(offlineRow(id++, "dense-8b", "sys-a-big", round, 10000 * amdShare));
    }
    return rows;
}

// A serving sweep's peak (no per-user rate) on two accelerators, one row per GPU and pair of
// lengths, each with its own row id as the store gives them ("inferencex <id>").
std::vector<BenchmarkPoint> sweepAtThreeLengths(double halfShare0, double halfShare1, double halfShare2)
{
    std::vector<BenchmarkPoint> rows;
    std::int64_t id = 1;
    const double lengths[3][2] = {{1024, 1024}, {8192, 1024}, {1024, 8192}};
    const double shares[3] = {halfShare0, halfShare1, halfShare2};
    for (int i = 0; i < 3; ++i) {
        for (const char* system : {"sys-n-big", "sys-n-half"}) {
            const bool half = std::string(system) == "sys-n-half";
            BenchmarkPoint p = fixtures::row(id, "dense-70b", system, 0, half ? 1000 * shares[i] : 1000,
                                             Grade::Measured, lengths[i][0], lengths[i][1]);
            p.source = "sweep-bench " + std::to_string(1000 + id++);
            rows.push_back(p);
        }
    }
    return rows;
}

} // namespace

class TestSpecTransferFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void onlyMlperfRoundsMakePairs()
    {
        // A sweep of another source on the same two accelerators (n-half at half of n-big at three
        // pairs of lengths) makes no pair: its runs sit at loads of their own (spec_transfer.h).
        const Catalog c = vendorCatalog();
        QVERIFY(fitSpecTransfer(sweepAtThreeLengths(0.5, 0.5, 0.5), c).pairs.empty());
        // The first two of those rows, as one MLPerf round's Offline results, make a pair.
        std::vector<BenchmarkPoint> rows = sweepAtThreeLengths(0.5, 0.5, 0.5);
        rows.resize(2);
        for (BenchmarkPoint& p : rows)
            p.source = "mlperf-inference-v5.1 5.1-000" + std::to_string(p.rowId) + "/dense-70b/Offline";
        const SpecTransferFit fit = fitSpecTransfer(rows, c);
        QCOMPARE(fit.pairs.size(), std::size_t{1});
        VERIFY_RELATIVE(fit.pairs.front().measured, 0.5, 1e-12);
    }

    void fittedOnPairsAcrossVendorsAfterTheExponents()
    {
        // The six cross-vendor pairs have equal specs (ratio 1 on both), so the exponents predict
        // a ratio of 1 whatever they are, and each residual is the measured ratio itself. The
        // source of a pair is the alphabetically first GPU, a-big: NVIDIA over AMD = 1 / 0.6.
        const Catalog c = vendorCatalog();
        const SpecTransferFit fit = fitSpecTransfer(sixRounds(0.6), c);
        QVERIFY(fit.fitted(SpecRegime::Compute));
        QCOMPARE(fit.of(SpecRegime::Compute).pairs, 6); // the cross-vendor pairs stay out
        QCOMPARE(fit.crossVendorPairs.size(), std::size_t{6});
        const VendorStep* step = fit.vendorStep("NVIDIA", "AMD", SpecRegime::Compute);
        QVERIFY(step);
        QCOMPARE(step->pairs, 6);
        QCOMPARE(step->from, std::string("AMD"));
        constexpr SpecRegime compute = SpecRegime::Compute;
        VERIFY_RELATIVE(fit.vendorFactor("AMD", "NVIDIA", compute), 1 / 0.6, 1e-12);
        VERIFY_RELATIVE(fit.vendorFactor("NVIDIA", "AMD", compute), 0.6, 1e-12);
        QCOMPARE(fit.vendorFactor("NVIDIA", "NVIDIA", compute), 1.0);
        QCOMPARE(fit.vendorFactor("NVIDIA", "Intel", compute), 1.0); // never measured against each other
        // Each regime has its own step: these Offline pairs say nothing of decode at an SLO.
        QVERIFY(!fit.vendorStep("NVIDIA", "AMD", SpecRegime::Bandwidth));
        QCOMPARE(fit.vendorFactor("NVIDIA", "AMD", SpecRegime::Bandwidth), 1.0);
    }

    void tooFewPairsAcrossVendorsGiveNoStep()
    {
        // Five rounds of cross-vendor pairs, one short of kMinSpecPairs: no step.
        const Catalog c = vendorCatalog();
        std::vector<BenchmarkPoint> rows = sixRounds(0.6);
        std::erase_if(rows, [](const BenchmarkPoint& p) {
            return p.system == "sys-a-big" && p.source.starts_with("mlperf-inference-v5.1");
        });
        const SpecTransferFit fit = fitSpecTransfer(rows, c);
        QVERIFY(fit.vendorSteps.empty());
        QCOMPARE(fit.vendorFactor("NVIDIA", "AMD", SpecRegime::Compute), 1.0);
    }

    void aTransferAcrossVendorsCarriesTheStep()
    {
        // A-big has no dense-70b rows; n-big's 2,000 tok/s per GPU transfers with a spec ratio of
        // 1 (same specs) and the step from NVIDIA to AMD, 0.6: 1,200. Without the step, 2,000.
        const Catalog c = vendorCatalog();
        std::vector<BenchmarkPoint> rows = sixRounds(0.6);
        Calibration cal;
        cal.specTransfer = fitSpecTransfer(rows, c);
        std::erase_if(rows, [](const BenchmarkPoint& p) { return p.system == "sys-n-half" || p.model != "dense-70b"; });
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-a-big";
        const auto e = ThroughputModel(rows, c, cal).estimate(q);
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Transferred);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 1200.0, 1e-9);
        QVERIFY2(e.value().derivation.find("x 0.6 from NVIDIA to AMD") != std::string::npos,
                 e.value().derivation.c_str());
        bool stated = false;
        for (const auto& input : e.value().evidence.inputs)
            stated = stated || input.view() == "model:vendor-step";
        QVERIFY(stated);
    }

    void aFullLoadQueryMemoryBoundByTheRooflineTakesTheBandwidthExponents()
    {
        // n-slow has n-big's compute and half its HBM bandwidth. Exponents set by hand: the
        // compute-bound regime follows compute alone (ratio 1 here), the bandwidth-bound one
        // bandwidth alone (ratio 0.5). n-big's rows at full load (no per-user rate) transfer to
        // n-slow by the regime the roofline finds at full load:
        // - 1024/128: about 1,150 tokens of context a sequence (327,680 bytes each of KV), so some
        //   4,000 sequences fill the HBM the weights leave; every weight byte read serves them
        //   all, far past the 625 FLOP a byte where 5 PFLOPS meets 8 TB/s: compute-bound, x1.
        // - 128/32,768: some 16,500 tokens a sequence, 5.4 GB each, a few hundred sequences, and
        //   every step reads the whole KV cache once for a few FLOP a byte: memory-bound, x0.5.
        Catalog c = vendorCatalog();
        c.gpus.push_back(vendorGpu("n-slow", "NVIDIA", 4, 5));
        c.systems.push_back(fixtures::system("sys-n-slow", "n-slow", 8));
        Calibration cal;
        cal.specTransfer.regimes[static_cast<std::size_t>(SpecRegime::Compute)] = {0.0, 1.0, kMinSpecPairs};
        cal.specTransfer.regimes[static_cast<std::size_t>(SpecRegime::Bandwidth)] = {1.0, 0.0, kMinSpecPairs};
        const std::vector<BenchmarkPoint> rows{
            fixtures::row(1, "dense-70b", "sys-n-big", 0, 3000, Grade::Measured, 1024, 128),
            fixtures::row(2, "dense-70b", "sys-n-big", 0, 400, Grade::Measured, 128, 32768)};
        const ThroughputModel model(rows, c, cal);
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-n-slow";
        q.inputTokens = 1024;
        q.outputTokens = 128;
        const auto prefillHeavy = model.estimate(q);
        QVERIFY(prefillHeavy);
        VERIFY_RELATIVE(tps(prefillHeavy.value().totalPerGpu), 3000.0, 1e-9);
        QVERIFY(prefillHeavy.value().derivation.find("(compute-bound)") != std::string::npos);
        q.inputTokens = 128;
        q.outputTokens = 32768;
        const auto longOutputs = model.estimate(q);
        QVERIFY(longOutputs);
        VERIFY_RELATIVE(tps(longOutputs.value().totalPerGpu), 200.0, 1e-9);
        QVERIFY2(longOutputs.value().derivation.find("bandwidth-bound: at full load the roofline's decode step is "
                                                     "memory-bound")
                     != std::string::npos,
                 longOutputs.value().derivation.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSpecTransferFit)
#include "test_spec_transfer_fit.moc"
