// SPDX-License-Identifier: GPL-3.0-or-later
// Scaling learned from the data: how throughput moves with the request's lengths (length_scaling.h)
// and how much of Offline MLPerf's latency-bound scenarios keep (latency_bound.h), each fitted by
// hand from rows written here and applied by the throughput model.
#include "serving/calibration.h"
#include "serving/latency_bound.h"
#include "serving/length_scaling.h"
#include "serving/throughput.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace planner;

namespace {

// The roofline's figure without a requirement for dense-70b on sys-a at the defaults.
double rooflinePeak(const Catalog& c, double input, double output)
{
    return units::in_tokens_per_second(
        fixtures::rooflineRows(c, "dense-70b", "sys-a", Precision::FP8, Efficiency{}, input, output, {0}, 1)
            .front()
            .totalPerGpu);
}

// An MLPerf row as the importer writes its source, with the per-user rate its TPOT limit implies.
BenchmarkPoint mlperfRow(std::int64_t id, const std::string& scenario, double perUser, double total, double output)
{
    BenchmarkPoint p = fixtures::row(id, "dense-70b", "sys-a", perUser, total, Grade::Verified, 1024, output);
    p.source = "mlperf-inference-v4.1 4.1-0007/llama2-70b-99/" + scenario;
    return p;
}

} // namespace

class TestWorkloadScaling : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = fixtures::twoGenerationCatalog();

private Q_SLOTS:
    void lengthExponentFittedByHand()
    {
        // The roofline moves by r from 1k/1k to 1k/8k; the rows move by r^2 (measured log ratio =
        // 2 x the roofline's), so least squares through the origin gives exactly 2 and leaves no residual.
        const double a = rooflinePeak(catalog, 1024, 1024), b = rooflinePeak(catalog, 1024, 8192);
        QVERIFY(b < a * 0.95); // the pair carries information (more than 5% apart)
        const double measuredA = 1000, measuredB = 1000 * std::pow(b / a, 2);
        const std::vector<BenchmarkPoint> rows{
            fixtures::row(1, "dense-70b", "sys-a", 0, measuredA, Grade::Measured, 1024, 1024),
            fixtures::row(2, "dense-70b", "sys-a", 30, measuredA / 2, Grade::Measured, 1024, 1024), // not its best run
            fixtures::row(3, "dense-70b", "sys-a", 0, measuredB, Grade::Measured, 1024, 8192),
            // Another grade is another source's method: it pairs with nothing here.
            fixtures::row(4, "dense-70b", "sys-a", 0, 10 * measuredA, Grade::Vendor, 1000, 1000),
            // Within the shape tolerance of 1k/1k: the same shape, no pair.
            fixtures::row(5, "dense-70b", "sys-a", 0, 3 * measuredA, Grade::Measured, 1100, 1100)};
        const LengthScaling s = fitLengthScaling(rows, catalog, Calibration{});
        QCOMPARE(s.pairs, 2); // 1k/8k against 1k/1k and against 1.1k/1.1k
        // 1.1k/1.1k reads 3x 1k/1k, so the pair (1.1k/1.1k, 1k/8k) pulls the exponent above 2:
        // recompute the least-squares slope by hand from the two pairs.
        const double c = rooflinePeak(catalog, 1100, 1100);
        const double x1 = std::log(b / a), y1 = std::log(measuredB / measuredA);
        const double x2 = std::log(b / c), y2 = std::log(measuredB / (3 * measuredA));
        const double expected = (x1 * y1 + x2 * y2) / (x1 * x1 + x2 * x2);
        QVERIFY(std::abs(s.exponent - std::clamp(expected, 0.5, 3.0)) < 1e-9);
        // Without the odd 1.1k/1.1k run the slope is 2 exactly and the residual vanishes.
        const std::vector<BenchmarkPoint> clean{rows[0], rows[1], rows[2]};
        const LengthScaling exact = fitLengthScaling(clean, catalog, Calibration{});
        QCOMPARE(exact.pairs, 1);
        QVERIFY(std::abs(exact.exponent - 2.0) < 1e-9);
        QVERIFY(exact.rmsLogAfter < 1e-9);
        QVERIFY(std::abs(exact.rmsLogBefore - std::abs(std::log(b / a))) < 1e-9); // roofline as is: off by log r
        // No pairs: the roofline as it is.
        QCOMPARE(fitLengthScaling({}, catalog, Calibration{}).exponent, 1.0);
        QCOMPARE(LengthScaling{}.scaled(0.4), 0.4);
        LengthScaling two;
        two.exponent = 2;
        QVERIFY(std::abs(two.scaled(0.4) - 0.16) < 1e-12);
    }

    void transferAcrossLengthsUsesTheScaledRatio()
    {
        // sys-a measured at 1k/1k only; asked at 1k/8k it transfers from its own rows: the reading
        // times the roofline's length ratio b / a, raised to the fitted exponent (2 here).
        const double a = rooflinePeak(catalog, 1024, 1024), b = rooflinePeak(catalog, 1024, 8192);
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-a", 0, 1000, Grade::Measured, 1024, 1024)};
        Calibration cal;
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-a";
        q.inputTokens = 1024;
        q.outputTokens = 8192;
        {
            const ThroughputModel model(rows, catalog, cal);
            const auto e = model.estimate(q);
            QVERIFY(e);
            QCOMPARE(e.value().method, ThroughputMethod::Transferred);
            QVERIFY(std::abs(units::in_tokens_per_second(e.value().totalPerGpu) - 1000 * b / a) < 1e-6 * 1000);
        }
        cal.lengthScaling.exponent = 2;
        const ThroughputModel model(rows, catalog, cal);
        const auto e = model.estimate(q);
        QVERIFY(e);
        QVERIFY(std::abs(units::in_tokens_per_second(e.value().totalPerGpu) - 1000 * std::pow(b / a, 2)) < 1e-6 * 1000);
        const auto& inputs = e.value().evidence.inputs;
        QVERIFY(std::find(inputs.begin(), inputs.end(), "model:length-scaling") != inputs.end());
    }

    void latencyBoundShareFittedByHand()
    {
        // Llama-2-like: 300 output tokens, Server keeps 0.9 of Offline. Mixtral-like: 150 tokens,
        // keeps 0.95. The lost share 1/kept - 1 is 1/9 and 1/19; least squares through the origin
        // on n: 1/L = (300 / 9 + 150 / 19) / (300^2 + 150^2) = 41.228 / 112,500 = 3.6647e-4. An
        // Interactive pair (sys-c keeps 0.5 at 300 tokens) stays out: its step from Server's
        // per-user limit is charged by the interactivity trend. At 3,000 tokens the share is
        // 1 / (1 + 3000 / L) = 0.4763.
        const std::vector<BenchmarkPoint> rows{
            mlperfRow(1, "Offline", 0, 1000, 300), mlperfRow(2, "Server", 5, 900, 300),
            [] { BenchmarkPoint p = mlperfRow(3, "Offline", 0, 2000, 150); p.system = "sys-b"; return p; }(),
            [] { BenchmarkPoint p = mlperfRow(4, "Server", 5, 1900, 150); p.system = "sys-b"; return p; }(),
            [] { BenchmarkPoint p = mlperfRow(5, "Offline", 0, 500, 150); p.model = "other"; return p; }(), // not in the catalog
            [] { BenchmarkPoint p = mlperfRow(6, "Offline", 0, 1000, 300); p.system = "sys-c"; return p; }(),
            [] { BenchmarkPoint p = mlperfRow(7, "Interactive", 20, 500, 300); p.system = "sys-c"; return p; }(),
        };
        const LatencyBoundShare s = fitLatencyBoundShare(rows, catalog);
        QCOMPARE(s.pairs, 2);
        const double expected = (300.0 / 9 + 150.0 / 19) / (300.0 * 300 + 150.0 * 150);
        QVERIFY(std::abs(s.perOutputToken - expected) < 1e-15);
        QVERIFY(std::abs(s.share(3000, 10) - 1 / (1 + 3000 * expected)) < 1e-12);
        QVERIFY(std::abs(s.share(3000, 10) - 0.4763) < 1e-4);
        // The limit itself does not enter: a stricter one never keeps a larger share.
        QCOMPARE(s.share(3000, 50), s.share(3000, 10));
        QCOMPARE(s.share(3000, 0), 1.0);     // no requirement, no bound
        // A noisy pair (Server above Offline) counts as no cost: with it alone, nothing to bound.
        const std::vector<BenchmarkPoint> noisy{
            mlperfRow(1, "Offline", 0, 1000, 300), mlperfRow(2, "Server", 5, 1100, 300)};
        QCOMPARE(fitLatencyBoundShare(noisy, catalog).pairs, 1);
        QCOMPARE(fitLatencyBoundShare(noisy, catalog).perOutputToken, 0.0);
        QCOMPARE(LatencyBoundShare{}.share(3000, 10), 1.0); // nothing fitted
        // A row of another source (not an MLPerf round) gives no pair.
        std::vector<BenchmarkPoint> other = rows;
        for (BenchmarkPoint& p : other)
            p.source = "inferencex";
        QCOMPARE(fitLatencyBoundShare(other, catalog).pairs, 0);
    }

    void latencyBoundHoldsTransfersAndTheRooflineNotOwnRows()
    {
        // 1/L = 1 / 1024: at 1024 output tokens a Server figure keeps at most 1 / (1 + 1) = half of
        // the same query's Offline figure.
        Calibration cal;
        cal.latencyBound.perOutputToken = 1.0 / 1024;
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-b";
        q.minPerUser = units::tokens_per_second(10.24);
        const ThroughputModel none({}, catalog, cal);
        const double raw = units::in_tokens_per_second(none.estimate(q).value().totalPerGpu); // not an MLPerf scenario
        ThroughputQuery offline = q;
        offline.minPerUser = units::tokens_per_second(0);
        offline.scenario = MlperfScenario::Offline;
        const double loose = units::in_tokens_per_second(none.estimate(offline).value().totalPerGpu);
        q.scenario = MlperfScenario::Server;
        const auto server = none.estimate(q);
        QVERIFY(server);
        QCOMPARE(server.value().method, ThroughputMethod::Analytic);
        QVERIFY(raw > 0.5 * loose); // the roofline alone would give more than the bound
        QVERIFY(std::abs(units::in_tokens_per_second(server.value().totalPerGpu) - 0.5 * loose) < 1e-9 * loose);
        // A stricter limit (Interactive) keeps no more: the share is the same, the roofline's step
        // at the higher per-user rate only lowers it (Offline >= Server >= Interactive).
        ThroughputQuery interactive = q;
        interactive.scenario = MlperfScenario::Interactive;
        interactive.minPerUser = units::tokens_per_second(40);
        const auto i = none.estimate(interactive);
        QVERIFY(i);
        QVERIFY(units::in_tokens_per_second(i.value().totalPerGpu) <= units::in_tokens_per_second(server.value().totalPerGpu));
        // Read from the system's own Server rows, the figure stands: the rows carry the cost.
        const std::vector<BenchmarkPoint> own{
            [] { BenchmarkPoint p = mlperfRow(1, "Server", 8, 5000, 1024); p.system = "sys-b"; return p; }(),
            [] { BenchmarkPoint p = mlperfRow(2, "Server", 12, 4800, 1024); p.system = "sys-b"; return p; }(),
            [] { BenchmarkPoint p = mlperfRow(3, "Offline", 0, 5200, 1024); p.system = "sys-b"; return p; }()};
        const ThroughputModel measured(own, catalog, cal);
        const auto m = measured.estimate(q);
        QVERIFY(m);
        QCOMPARE(m.value().method, ThroughputMethod::Measured);
        // Between the runs at 8 (5000) and 12 (4800), log-linear: 5000 x (4800/5000)^(log(10.24/8)/log(12/8)).
        const double expected = 5000 * std::pow(4800.0 / 5000, std::log(10.24 / 8) / std::log(12.0 / 8));
        QVERIFY(std::abs(units::in_tokens_per_second(m.value().totalPerGpu) - expected) < 1e-6 * expected);
    }

    void requirementFromOfflineRowsAlongTheRoofline()
    {
        // Only an Offline row (TensorRT-LLM style, no per-user rate) of dense-70b on sys-a: asked on
        // sys-b at 30 tok/s/user, the answer is the Offline transfer, 1000 x B(none) / A(none),
        // moved along sys-b's roofline, x B(30) / B(none): 1000 x B(30) / A(none). Both rooflines at
        // the default efficiencies (nothing calibrated), same lengths, so no length part.
        auto peak = [&](const std::string& system, double slo) {
            return units::in_tokens_per_second(
                fixtures::rooflineRows(catalog, "dense-70b", system, Precision::FP8, Efficiency{}, 1024, 1024, {slo}, 1)
                    .front()
                    .totalPerGpu);
        };
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-a", 0, 1000)};
        const Calibration cal;
        const ThroughputModel model(rows, catalog, cal);
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-b";
        q.minPerUser = units::tokens_per_second(30);
        const auto e = model.estimate(q);
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Transferred);
        QCOMPARE(e.value().transferredFrom, std::string("sys-a"));
        const double expected = 1000 * peak("sys-b", 30) / peak("sys-a", 0);
        QVERIFY(peak("sys-b", 30) < peak("sys-b", 0)); // the requirement costs something here
        QVERIFY(std::abs(units::in_tokens_per_second(e.value().totalPerGpu) - expected) < 1e-6 * expected);
        const auto& inputs = e.value().evidence.inputs;
        QVERIFY(std::find(inputs.begin(), inputs.end(), "model:roofline-shape") != inputs.end());
        // Without a requirement the same rows answer as the plain Offline transfer.
        q.minPerUser = units::tokens_per_second(0);
        const auto loose = model.estimate(q);
        QVERIFY(loose);
        const double plain = 1000 * peak("sys-b", 0) / peak("sys-a", 0);
        QVERIFY(std::abs(units::in_tokens_per_second(loose.value().totalPerGpu) - plain) < 1e-6 * plain);
    }

    void interactiveHeldBelowTheSameBenchmarksServerFigure()
    {
        // An MLPerf-like benchmark of dense-70b at 1024/1024 tokens: Server's p99 TPOT 200 ms
        // (5 tok/s/user), Interactive's 25 ms (40 tok/s/user). Frontiers fall with an elasticity
        // of 1 in every band, so going from 5 to 40 tok/s/user keeps 5/40 = 0.125 of the
        // throughput. Only an Offline row on sys-a is measured; sys-b's Interactive figure is a
        // transfer, and it may not exceed sys-b's Server figure x 0.125: the roofline alone sees
        // far less cost in the step from 5 to 40 tok/s/user (memory-bound decode of a 70 GB model
        // on a fast GPU), so the hold binds and the answer is exactly that product.
        Catalog c = catalog;
        MlperfWorkload w;
        w.key = "dense-70b-bench";
        w.model = "dense-70b";
        w.meanInputTokens = 1024;
        w.meanOutputTokens = 1024;
        w.serverTtft = units::seconds(2);
        w.serverTpot = units::seconds(0.2);
        w.interactiveTtft = units::seconds(0.5);
        w.interactiveTpot = units::seconds(0.025);
        c.mlperfWorkloads.push_back(w);
        Calibration cal;
        cal.interactivity.elasticity = {1.0, 1.0, 1.0, 1.0};
        cal.interactivity.segments = {1, 1, 1, 1};
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-a", 0, 1000)};
        const ThroughputModel model(rows, c, cal);
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-b";
        q.withCurve = false;
        q.scenario = MlperfScenario::Server;
        q.minPerUser = units::tokens_per_second(5);
        const auto server = model.estimate(q);
        QVERIFY(server);
        q.scenario = MlperfScenario::Interactive;
        q.minPerUser = units::tokens_per_second(40);
        q.maxTtft = units::seconds(0.5);
        const auto interactive = model.estimate(q);
        QVERIFY(interactive);
        QCOMPARE(interactive.value().method, ThroughputMethod::Transferred);
        const double expected = units::in_tokens_per_second(server.value().totalPerGpu) * 5.0 / 40.0;
        const double got = units::in_tokens_per_second(interactive.value().totalPerGpu);
        QVERIFY2(std::abs(got - expected) < 1e-9 * expected, qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
        const auto& inputs = interactive.value().evidence.inputs;
        QVERIFY(std::find(inputs.begin(), inputs.end(), "model:interactive-below-server") != inputs.end());
        // Without a benchmark in the catalog for these lengths there is no Server figure to hold to:
        // at 2048 input tokens the answer is the transfer alone, and no hold is stated.
        q.inputTokens = 2048;
        const auto other = model.estimate(q);
        QVERIFY(other);
        const auto& otherInputs = other.value().evidence.inputs;
        QVERIFY(std::find(otherInputs.begin(), otherInputs.end(), "model:interactive-below-server") == otherInputs.end());
        // Read from the system's own Interactive-rate rows, the measured figure stands.
        const std::vector<BenchmarkPoint> own{
            [] { BenchmarkPoint p = mlperfRow(1, "Interactive", 38, 3000, 1024); p.system = "sys-b"; return p; }(),
            [] { BenchmarkPoint p = mlperfRow(2, "Interactive", 42, 2900, 1024); p.system = "sys-b"; return p; }()};
        const ThroughputModel measured(own, c, cal);
        q.inputTokens = 1024;
        const auto m = measured.estimate(q);
        QVERIFY(m);
        QCOMPARE(m.value().method, ThroughputMethod::Measured);
        QVERIFY(units::in_tokens_per_second(m.value().totalPerGpu) > 2900);
    }
};

QTEST_GUILESS_MAIN(TestWorkloadScaling)
#include "test_workload_scaling.moc"
