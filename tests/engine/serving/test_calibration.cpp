// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration of the roofline efficiencies: defaults where nothing is measured, recovery of known
// efficiencies from points the roofline itself generated, one fit per (generation, precision).
#include "serving/calibration.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;

namespace {

Catalog testCatalog()
{
    Catalog c = fixtures::twoGenerationCatalog();
    c.models.push_back(fixtures::model("dense-8b", 8e9, 8e9, 32, 131072));
    return c;
}

const std::vector<double> kSlos{0, 5, 10, 20, 30, 40, 50, 60};

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = testCatalog();

private Q_SLOTS:
    void defaultsWhereNothingIsMeasured()
    {
        const Calibration c;
        QCOMPARE(c.efficiency("gen-a", Precision::FP8).bandwidth, 0.6);
        QCOMPARE(c.efficiency("gen-a", Precision::FP8).compute, 0.4);
        QVERIFY(!c.entry("gen-a", Precision::FP8));
        const Calibration fitted = calibrate({}, catalog);
        QVERIFY(fitted.entries().empty());
    }

    void recoversKnownEfficiencies_data()
    {
        QTest::addColumn<double>("bandwidth");
        QTest::addColumn<double>("compute");
        QTest::newRow("a slower engine than the defaults") << 0.45 << 0.30;
        QTest::newRow("a faster engine than the defaults") << 0.80 << 0.55;
    }

    void recoversKnownEfficiencies()
    {
        QFETCH(double, bandwidth);
        QFETCH(double, compute);
        // Short prompts are memory-bound at small batches; long prompts (chunked prefill) and
        // the memory-limited batch make the compute side visible too.
        auto points = fixtures::rooflineRows(
            catalog, "dense-70b", "sys-a", Precision::FP8, {bandwidth, compute}, 1024, 1024, kSlos, 1);
        const auto longPrompts = fixtures::rooflineRows(
            catalog, "dense-8b", "sys-a", Precision::FP8, {bandwidth, compute}, 8192, 256, kSlos, 100);
        points.insert(points.end(), longPrompts.begin(), longPrompts.end());
        const Calibration fitted = calibrate(points, catalog);
        const CalibrationEntry* e = fitted.entry("gen-a", Precision::FP8);
        QVERIFY(e);
        QCOMPARE(e->points, int(points.size()));
        const double tolerance = 0.03; // the weak pull toward the defaults biases the fit slightly
        QVERIFY2(std::abs(e->efficiency.bandwidth / bandwidth - 1) < tolerance,
            testsupport::relativeMismatch(bandwidth, e->efficiency.bandwidth, tolerance));
        QVERIFY2(std::abs(e->efficiency.compute / compute - 1) < tolerance,
            testsupport::relativeMismatch(compute, e->efficiency.compute, tolerance));
        QVERIFY(e->rmsLogError < 0.02);
        QVERIFY(e->rmsLogError < e->rmsLogErrorDefault);
        QCOMPARE(fitted.efficiency("gen-a", Precision::FP8).bandwidth, e->efficiency.bandwidth);
        QVERIFY(!fitted.entry("gen-a", Precision::FP4)); // other precisions keep the defaults
    }

    void unseenEfficiencyStaysAtItsDefault()
    {
        // Batches of at most a few sequences at short context: always memory-bound, so the data say
        // nothing about compute and the pull keeps it at 0.4.
        const auto points = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {0.5, 0.9}, 256, 256,
                                                   {60, 62, 64, 66}, 1);
        const Calibration fitted = calibrate(points, catalog);
        const CalibrationEntry* e = fitted.entry("gen-a", Precision::FP8);
        QVERIFY(e);
        QVERIFY2(std::abs(e->efficiency.bandwidth / 0.5 - 1) < 0.03,
                 testsupport::relativeMismatch(0.5, e->efficiency.bandwidth, 0.03));
        QVERIFY2(std::abs(e->efficiency.compute / 0.4 - 1) < 0.03,
                 testsupport::relativeMismatch(0.4, e->efficiency.compute, 0.03));
    }

    // A fitted bandwidth efficiency never falls below the plausibility floor (CalibrationOptions):
    // rows made at 0.2 of peak HBM bandwidth fit to 0.2 without the floor, and to no less than 0.3
    // with it, so the floor is what holds it. (Above the floor these rows cannot tell one
    // bandwidth efficiency from another, and the pull toward the defaults takes it back to 0.6.)
    void bandwidthEfficiencyNeverFallsBelowItsFloor()
    {
        auto points = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {0.2, 0.3}, 1024, 1024,
                                             {0, 2, 4, 6, 8, 10, 12}, 1);
        const auto longPrompts = fixtures::rooflineRows(
            catalog, "dense-8b", "sys-a", Precision::FP8, {0.2, 0.3}, 8192, 256, {0, 5, 10, 20, 30}, 100);
        points.insert(points.end(), longPrompts.begin(), longPrompts.end());
        const CalibrationOptions floored;
        QCOMPARE(floored.minBandwidthEfficiency, 0.3);
        const double held = calibrate(points, catalog).efficiency("gen-a", Precision::FP8).bandwidth;
        QVERIFY2(held >= 0.3, qPrintable(QString::number(held)));
        CalibrationOptions free = floored;
        free.minBandwidthEfficiency = free.minEfficiency;
        const double freeBw = calibrate(points, catalog, {}, free).efficiency("gen-a", Precision::FP8).bandwidth;
        QVERIFY2(std::abs(freeBw / 0.2 - 1) < 0.05, testsupport::relativeMismatch(0.2, freeBw, 0.05));
    }

    void interactivityTrendCarriesPastTheFastestMeasuredBand()
    {
        // Frontier segments measured only below 20 tok/s/user (every MLPerf frontier before
        // v6.0), with elasticity 0.3 there. From 12.5 to 66.7 tok/s/user the way crosses the 20-50
        // and 50-100 bands, which hold no segment: the measured bands alone give no factor, and
        // carrying the trend gives (66.7 / 12.5)^-0.3 = 0.6056.
        using Bands = InteractivityElasticity::Bands;
        InteractivityElasticity e;
        e.elasticity = {0.3, 0, 0, 0};
        e.segments = {7, 0, 0, 0};
        QVERIFY(!e.factor(12.5, 66.7));
        const auto f = e.factor(12.5, 66.7, Bands::CarryTrend);
        QVERIFY(f);
        QVERIFY(std::abs(*f - std::pow(66.7 / 12.5, -0.3)) < 1e-12);
        // A band measured on the way takes its own elasticity: 0.3 up to 20, 1.0 from 20 to 40.
        e.elasticity[1] = 1.0;
        e.segments[1] = 3;
        const double both = std::pow(2.0, -0.3) * std::pow(2.0, -1.0);
        QVERIFY(std::abs(*e.factor(10, 40) - both) < 1e-12);
        QVERIFY(std::abs(*e.factor(10, 40, Bands::CarryTrend) - both) < 1e-12);
        // Nothing measured at or below the start: no trend to carry.
        e.segments = {0, 3, 0, 0};
        QVERIFY(!e.factor(10, 40, Bands::CarryTrend));
        QVERIFY(e.factor(25, 80, Bands::CarryTrend));
        QVERIFY(!e.factor(40, 20, Bands::CarryTrend));
    }

    void oneFitPerGenerationAndPrecision()
    {
        auto points
            = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {0.5, 0.3}, 1024, 1024, kSlos, 1);
        // gpu-b is twice as fast: its memory-bound end lies above 60 tok/s/user, so ask for more.
        const auto onB = fixtures::rooflineRows(catalog, "dense-70b", "sys-b", Precision::FP8, {0.7, 0.5}, 1024, 1024,
                                                {0, 20, 60, 100, 120, 140, 150}, 100);
        points.insert(points.end(), onB.begin(), onB.end());
        const Calibration fitted = calibrate(points, catalog);
        // One generation-wide fit per (generation, precision), and beside each one for the only
        // architecture class the points show (dense-70b is dense): 2 + 2 entries, no MoE entry.
        int generationWide = 0, dense = 0;
        for (const CalibrationEntry& e : fitted.entries()) {
            QVERIFY2(e.architecture.empty() || e.architecture == "dense", e.architecture.c_str());
            (e.architecture.empty() ? generationWide : dense) += 1;
        }
        QCOMPARE(generationWide, 2);
        QCOMPARE(dense, 2);
        const Efficiency a = fitted.efficiency("gen-a", Precision::FP8), b = fitted.efficiency("gen-b", Precision::FP8);
        QVERIFY2(std::abs(a.bandwidth / 0.5 - 1) < 0.03, testsupport::relativeMismatch(0.5, a.bandwidth, 0.03));
        QVERIFY2(std::abs(b.bandwidth / 0.7 - 1) < 0.03, testsupport::relativeMismatch(0.7, b.bandwidth, 0.03));
        QVERIFY2(std::abs(b.compute / 0.5 - 1) < 0.03, testsupport::relativeMismatch(0.5, b.compute, 0.03));
    }

    void pointsTheCatalogCannotDescribeAreSkipped()
    {
        auto points
            = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {0.5, 0.3}, 1024, 1024, kSlos, 1);
        points.push_back(fixtures::row(99, "unknown-model", "sys-a", 20, 1000));
        points.push_back(fixtures::row(98, "dense-70b", "unknown-system", 20, 1000));
        const Calibration fitted = calibrate(points, catalog);
        const CalibrationEntry* e = fitted.entry("gen-a", Precision::FP8);
        QVERIFY(e);
        QCOMPARE(e->points, int(kSlos.size()));
    }

    void feedbackReportsAndCancels()
    {
        auto points
            = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {0.5, 0.3}, 1024, 1024, kSlos, 1);
        Feedback feedback;
        double last = 0;
        feedback.setProgressCallback([&](double f) { last = f; });
        QVERIFY(!calibrate(points, catalog, {}, {}, &feedback).entries().empty());
        QCOMPARE(last, 1.0);
        feedback.cancel();
        QVERIFY(calibrate(points, catalog, {}, {}, &feedback).entries().empty());
    }
};

QTEST_APPLESS_MAIN(TestCalibration)
#include "test_calibration.moc"
