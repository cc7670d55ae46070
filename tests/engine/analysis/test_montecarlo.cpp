// SPDX-License-Identifier: GPL-3.0-or-later
// Monte Carlo: percentiles in order, reproducible for a seed, independent of the thread count,
// matching the analytic percentiles of a closed-form case within sampling error, and infeasible
// samples counted.
#include "analysis/montecarlo.h"

#include "rent_fixture.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;
using analysis_fixture::rentedScenario;

namespace {

Distribution uniform(double low, double high)
{
    Distribution d;
    d.kind = DistributionKind::Uniform;
    d.low = low, d.high = high;
    return d;
}

Distribution triangular(double low, double mode, double high)
{
    Distribution d;
    d.kind = DistributionKind::Triangular;
    d.low = low, d.center = mode, d.high = high;
    return d;
}

// Two uncertain inputs, so interactions and the order of draws matter.
Scenario twoInputs()
{
    Scenario s = rentedScenario(2.0, 5000, 0.6);
    if (!setDistribution(s, "finance.utilization", triangular(0.4, 0.6, 0.9)))
        qFatal("utilization");
    if (!setDistribution(s, "finance.gpu_hour_usd", uniform(1.5, 3.5)))
        qFatal("price");
    return s;
}

MonteCarloResult run(const Scenario& s, std::size_t samples, std::uint64_t seed, unsigned threads)
{
    MonteCarloOptions o;
    o.samples = samples;
    o.seed = seed;
    o.threads = threads;
    auto r = monteCarlo(s, builtinCatalog(), {}, o);
    if (!r)
        qFatal("%s", r.error().message.c_str());
    return std::move(r.value());
}

const OutputDistribution& output(const MonteCarloResult& r, std::string_view key)
{
    for (const OutputDistribution& o : r.outputs)
        if (o.key == key)
            return o;
    qFatal("no output %s", std::string(key).c_str());
}

bool sameFigures(const MonteCarloResult& a, const MonteCarloResult& b)
{
    if (a.outputs.size() != b.outputs.size() || a.infeasible != b.infeasible)
        return false;
    for (std::size_t i = 0; i < a.outputs.size(); ++i) {
        const auto &x = a.outputs[i], &y = b.outputs[i];
        // Exact equality: the same samples must be drawn, whatever thread draws them.
        if (x.key != y.key || x.p5 != y.p5 || x.p10 != y.p10 || x.p50 != y.p50 || x.p90 != y.p90 || x.p95 != y.p95)
            return false;
        if (std::abs(x.mean - y.mean) > 1e-12 * std::abs(x.mean)) // a sum in one fixed order: exact too
            return false;
    }
    return true;
}

} // namespace

class TestMonteCarlo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void percentilesOrdered()
    {
        const MonteCarloResult r = run(twoInputs(), 2000, 7, 2);
        QCOMPARE(r.samples, std::size_t(2000));
        QCOMPARE(r.infeasible, std::size_t(0));
        QVERIFY(!r.outputs.empty());
        for (const OutputDistribution& o : r.outputs) {
            QVERIFY2(o.p5 <= o.p10 && o.p10 <= o.p50 && o.p50 <= o.p90 && o.p90 <= o.p95, std::string(o.key).c_str());
            QVERIFY2(o.mean >= o.p5 - 1e-9 * std::abs(o.p5) && o.mean <= o.p95 + 1e-9 * std::abs(o.p95),
                     std::string(o.key).c_str());
        }
        // Cost moves with both inputs: a real spread, not a constant.
        const auto& cost = output(r, "results.cost_per_mtok_usd");
        QVERIFY(cost.p95 > 1.5 * cost.p5);
    }

    void keptSamplesAreTheOnesSummarized()
    {
        MonteCarloOptions o;
        o.samples = 1500;
        o.seed = 11;
        o.threads = 2;
        o.keep = "results.cost_per_mtok_usd";
        auto r = monteCarlo(twoInputs(), builtinCatalog(), {}, o);
        QVERIFY(r);
        const auto& cost = output(r.value(), "results.cost_per_mtok_usd");
        // The histogram's samples are the percentiles' samples: same count, same median.
        QCOMPARE(r.value().kept.size(), cost.samples);
        std::vector<double> sorted = r.value().kept;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(percentileOfSorted(sorted, 0.5), cost.p50);
    }

    void reproducibleForASeed()
    {
        QVERIFY(sameFigures(run(twoInputs(), 1000, 42, 1), run(twoInputs(), 1000, 42, 1)));
        QVERIFY(!sameFigures(run(twoInputs(), 1000, 42, 1), run(twoInputs(), 1000, 43, 1)));
    }

    void independentOfThreads()
    {
        const MonteCarloResult one = run(twoInputs(), 3000, 5, 1);
        const MonteCarloResult four = run(twoInputs(), 3000, 5, 4);
        QVERIFY(sameFigures(one, four));
        QCOMPARE(output(one, "results.cost_per_mtok_usd").mean, output(four, "results.cost_per_mtok_usd").mean);
    }

    void matchesClosedForm()
    {
        // Rent mode, the GPU-hour price the only uncertain input, uniform on [lo, hi]. Cost per
        // million tokens is affine in the price: c(x) = a + b x. a and b come from two evaluations
        // (not from the engine's formula), and a third checks the relation really is affine.
        constexpr double lo = 1.0, hi = 3.0;
        auto costAt = [](double price) {
            auto e = evaluate(rentedScenario(price, 5000, 0.6), builtinCatalog());
            if (!e)
                qFatal("%s", e.error().message.c_str());
            return e.value().metric("results.cost_per_mtok_usd")->value;
        };
        const double b = (costAt(hi) - costAt(lo)) / (hi - lo);
        const double a = costAt(lo) - b * lo;
        VERIFY_RELATIVE(costAt(2.2), a + b * 2.2, 1e-12);
        QVERIFY(b > 0);

        Scenario s = rentedScenario(2.0, 5000, 0.6);
        QVERIFY(setDistribution(s, "finance.gpu_hour_usd", uniform(lo, hi)));
        constexpr std::size_t n = 20000;
        const MonteCarloResult result = run(s, n, 2026, 2); // outlives `cost`, a reference into it
        const auto& cost = output(result, "results.cost_per_mtok_usd");
        // The analytic p-quantile of a + b U(lo, hi) is a + b (lo + p (hi - lo)); the mean is the
        // midpoint's. Sampling error: a sample p-quantile of a uniform has standard deviation about
        // sqrt(p (1 - p) / n) x width, the sample mean width / sqrt(12 n); width = b (hi - lo).
        // Allow 4 standard deviations (a 1-in-15,000 miss for a random seed; this seed is fixed).
        const double width = b * (hi - lo);
        auto analytic = [&](double p) { return a + b * (lo + p * (hi - lo)); };
        const std::pair<double, double> checks[] = {
            {0.05, cost.p5}, {0.10, cost.p10}, {0.50, cost.p50}, {0.90, cost.p90}, {0.95, cost.p95}};
        for (const auto& [p, sampled] : checks)
            VERIFY_NEAR(sampled, analytic(p), 4 * std::sqrt(p * (1 - p) / n) * width);
        VERIFY_NEAR(cost.mean, analytic(0.5), 4 * width / std::sqrt(12.0 * n));
        QCOMPARE(cost.samples, n);
    }

    void countsInfeasibleSamples()
    {
        // Fixed size, uncertain site power cap: the cluster needs P MW of facility power (read
        // from its evaluation), so a cap drawn from uniform(0.6 P, 1.6 P) is too small with
        // probability (P - 0.6 P) / (1.6 P - 0.6 P) = 0.4. Binomial standard deviation for
        // n = 10,000: sqrt(n x 0.4 x 0.6) = 49; allow 5.
        Scenario s = rentedScenario(2.0, 5000, 0.6);
        auto e = evaluate(s, builtinCatalog());
        QVERIFY2(e, e ? "" : e.error().message.c_str());
        const double needMw = e.value().metric("sizing.facility_kw")->value / 1000;
        QVERIFY(setDistribution(s, "facility.power_cap_mw", uniform(0.6 * needMw, 1.6 * needMw)));
        constexpr std::size_t n = 10000;
        const MonteCarloResult r = run(s, n, 11, 2);
        QVERIFY2(std::abs(double(r.infeasible) - 0.4 * n) <= 250, std::to_string(r.infeasible).c_str());
        QCOMPARE(r.invalid, std::size_t(0));
        QVERIFY2(r.firstProblem.find("power cap") != std::string::npos, r.firstProblem.c_str());
        // The percentiles are over the feasible samples only.
        QCOMPARE(output(r, "results.cost_per_mtok_usd").samples, n - r.infeasible);
    }

    void refusesWithoutUncertainInputs()
    {
        MonteCarloOptions o;
        o.samples = 10;
        auto r = monteCarlo(rentedScenario(2.0, 5000, 0.6), builtinCatalog(), {}, o);
        QVERIFY(!r);
        QVERIFY(r.error().message.find("no uncertain inputs") != std::string::npos);
    }

    void percentileInterpolates()
    {
        // Type 7: h = (n - 1) p; {10, 20, 30, 40}: P50 at h = 1.5 -> 25; P10 at h = 0.3 -> 13.
        const std::vector<double> v = {10, 20, 30, 40};
        QCOMPARE(percentileOfSorted(v, 0.5), 25.0);
        VERIFY_RELATIVE(percentileOfSorted(v, 0.1), 13.0, 1e-14);
        QCOMPARE(percentileOfSorted(v, 1.0), 40.0);
        QCOMPARE(percentileOfSorted(v, 0.0), 10.0);
    }
};

QTEST_GUILESS_MAIN(TestMonteCarlo)
#include "test_montecarlo.moc"
