// SPDX-License-Identifier: GPL-3.0-or-later
// Uncertainty bands: quantiles by hand, a band applied to an estimate, and bands measured by
// validating on the points.
#include "serving/throughput.h"
#include "serving/uncertainty.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;

class TestUncertainty : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = fixtures::twoGenerationCatalog();

private Q_SLOTS:
    void quantilesByHand()
    {
        // Sorted 1..5, positions 0..4: q = 0.1 at 0.4 -> 1 + 0.4 x (2 - 1) = 1.4; q = 0.9 at 3.6 -> 4.6.
        QVERIFY(std::abs(quantile({5, 1, 4, 2, 3}, 0.1) - 1.4) < 1e-12);
        QVERIFY(std::abs(quantile({5, 1, 4, 2, 3}, 0.9) - 4.6) < 1e-12);
        QCOMPARE(quantile({7}, 0.9), 7.0);
        QCOMPARE(quantile({}, 0.5), 0.0);
    }

    void theMethodsBandSurroundsTheFigure()
    {
        Calibration cal;
        cal.bands[static_cast<std::size_t>(ThroughputMethod::Measured)] = {std::log(0.9), std::log(1.2), 10};
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-a", 0, 1000)};
        const ThroughputModel model(rows, catalog, cal);
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = "sys-a";
        auto e = model.estimate(q);
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Measured);
        // 1000 x 0.9 and 1000 x 1.2: measured / predicted of this method at P10 and P90.
        QVERIFY(std::abs(units::in_tokens_per_second(e.value().p10PerGpu) - 900) < 1e-9);
        QVERIFY(std::abs(units::in_tokens_per_second(e.value().p90PerGpu) - 1200) < 1e-9);
    }

    void bandsAreMeasuredByValidation()
    {
        // A power law total = 100,000 / per-user with one row 20% high: leaving a point out reads it
        // between its neighbours, so the measured band is narrow but not empty, and contains 0.
        std::vector<BenchmarkPoint> rows;
        std::int64_t id = 1;
        for (double u : {10.0, 14.0, 20.0, 28.0, 40.0, 56.0, 80.0, 113.0, 160.0})
            rows.push_back(fixtures::row(id++, "dense-70b", "sys-a", u, (u == 40.0 ? 1.2e5 : 1e5) / u));
        const Calibration cal = withBands(rows, catalog, Calibration{});
        const ErrorBand& b = cal.bands[static_cast<std::size_t>(ThroughputMethod::Measured)];
        QVERIFY(b.points >= kMinBandPoints);
        QVERIFY(b.logP10 < b.logP90);
        QVERIFY(b.logP10 <= 0 && b.logP90 >= 0);
        // The analytic band: every point predicted with its model's rows left out, all 9 of them.
        QCOMPARE(cal.bands[static_cast<std::size_t>(ThroughputMethod::Analytic)].points, 9);
        // Too few errors for a method (nothing extrapolated): its default band stays.
        const auto extrapolated = static_cast<std::size_t>(ThroughputMethod::Extrapolated);
        QCOMPARE(cal.bands[extrapolated].points, 0);
        QCOMPARE(cal.bands[extrapolated].logP10, Calibration{}.bands[extrapolated].logP10);
    }
};

QTEST_GUILESS_MAIN(TestUncertainty)
#include "test_uncertainty.moc"
