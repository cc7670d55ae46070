// SPDX-License-Identifier: GPL-3.0-or-later
// Validation: error statistics by hand, leave-one-out within a curve and across curves, and
// predicting one set from another.
#include "serving/forward_validation.h"
#include "serving/validation.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;

namespace {

// total = 100,000 / per-user: a power law, which the log-space reading interpolates exactly.
std::vector<BenchmarkPoint> powerLawCurve()
{
    std::vector<BenchmarkPoint> out;
    std::int64_t id = 1;
    for (double u : {10.0, 20.0, 40.0, 80.0, 160.0})
        out.push_back(fixtures::row(id++, "dense-70b", "sys-a", u, 1e5 / u));
    return out;
}

const std::vector<double> kSlos{0, 10, 20, 30, 40, 50};

const ErrorGroup* group(const std::vector<ErrorGroup>& groups, const char* name)
{
    for (const ErrorGroup& g : groups)
        if (g.name == name)
            return &g;
    return nullptr;
}

} // namespace

class TestValidation : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = fixtures::twoGenerationCatalog();
    const Calibration calibration{};

private Q_SLOTS:
    void statisticsByHand()
    {
        // Sorted: -0.3, -0.1, 0.05, 0.2, 0.4 -> median 0.05. Absolute: 0.05, 0.1, 0.2, 0.3, 0.4 ->
        // mean 1.05 / 5 = 0.21; p90 nearest rank ceil(0.9 x 5) = 5th = 0.4.
        const ErrorStats s = errorStats({-0.1, 0.2, 0.05, -0.3, 0.4});
        QCOMPARE(s.count, 5);
        QCOMPARE(s.medianSigned, 0.05);
        QVERIFY(std::abs(s.meanAbsolute - 0.21) < 1e-15);
        QCOMPARE(s.p90Absolute, 0.4);
        // Ten values 0.01 .. 0.10: median (0.05 + 0.06) / 2, p90 the 9th = 0.09.
        const ErrorStats t = errorStats({0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.10});
        QVERIFY(std::abs(t.medianSigned - 0.055) < 1e-15);
        QCOMPARE(t.p90Absolute, 0.09);
        QCOMPARE(errorStats({}).count, 0);
    }

    void leavingAPointOutInterpolatesItsNeighbours()
    {
        // The roofline held to one GPU (no group grown to reach a requirement) reaches neither 80
        // nor 160 tok/s/user, so its curve is flat between them and moves no reading past the runs.
        Calibration oneGpu = calibration;
        oneGpu.options.growGroupToReach = false;
        const ValidationReport r = leaveOneOut(powerLawCurve(), catalog, oneGpu);
        QCOMPARE(int(r.predictions.size()), 5);
        QCOMPARE(r.skipped, 0);
        // Interior points lie on the power law through their neighbours: exact. The ends are
        // clamped, read outside the remaining runs (extrapolated): 10 tok/s/user read at 20's 5,000
        // (actual 10,000: -50%); 160 at 80's 1,250 (actual 625: +100%).
        for (const Prediction& p : r.predictions) {
            const bool end = p.rowId == 1 || p.rowId == 5;
            QCOMPARE(p.method, end ? ThroughputMethod::Extrapolated : ThroughputMethod::Measured);
            const double expected = p.rowId == 1 ? -0.5 : p.rowId == 5 ? 1.0 : 0.0;
            QVERIFY2(std::abs(p.relativeError - expected) < 1e-12,
                qPrintable(
                    QStringLiteral("row %1: error %2, expected %3").arg(p.rowId).arg(p.relativeError).arg(expected)));
        }
        QCOMPARE(r.overall.medianSigned, 0.0);
        QVERIFY(std::abs(r.overall.meanAbsolute - 0.3) < 1e-12);
        QCOMPARE(r.overall.p90Absolute, 1.0);
        QVERIFY(group(r.byMethod, "measured") && group(r.byMethod, "measured")->stats.count == 3);
        QVERIFY(group(r.byMethod, "extrapolated") && group(r.byMethod, "extrapolated")->stats.count == 2);
        QCOMPARE(group(r.byMethod, "extrapolated")->stats.meanAbsolute, 0.75); // (0.5 + 1.0) / 2
        QVERIFY(group(r.byGpu, "gpu-a"));
    }

    void leavingACurveOutTransfers_data()
    {
        QTest::addColumn<bool>("recalibrate");
        QTest::newRow("with the calibration as given") << false;
        QTest::newRow("refitted without the curve") << true;
    }

    void leavingACurveOutTransfers()
    {
        QFETCH(bool, recalibrate);
        // Both systems measured "by the roofline itself" at the default efficiencies: the transferred
        // prediction multiplies by the exact ratio, so errors nearly vanish. What is left comes from
        // reading the source curve between its batch sizes (log-space chord vs whole batches).
        auto points = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {}, 1024, 1024, kSlos, 1);
        const auto onB
            = fixtures::rooflineRows(catalog, "dense-70b", "sys-b", Precision::FP8, {}, 1024, 1024, kSlos, 100);
        points.insert(points.end(), onB.begin(), onB.end());
        ValidationOptions options;
        options.mode = LeaveOut::Curve;
        options.recalibrate = recalibrate;
        const ValidationReport r = leaveOneOut(points, catalog, calibration, options);
        QCOMPARE(int(r.predictions.size()), int(points.size()));
        const ErrorGroup* transferred = group(r.byMethod, "transferred");
        QVERIFY(transferred);
        QCOMPARE(transferred->stats.count, int(points.size()));
        QVERIFY2(transferred->stats.p90Absolute < 1e-3, qPrintable(QString::number(transferred->stats.p90Absolute)));
        QVERIFY2(transferred->stats.meanAbsolute < 2e-3, qPrintable(QString::number(transferred->stats.meanAbsolute)));
        QCOMPARE(int(r.byGpu.size()), 2);
    }

    // A configuration left out goes with all its grades and lengths that round alike: otherwise its
    // own runs, read at another grade, would predict it. sys-a holds one configuration of three
    // rows (two grades, 1024 and 1023.6 input tokens, which round to the same 1024); sys-b has a
    // curve of its own. Every sys-a point must then be predicted by transfer from sys-b.
    void leavingACurveOutLeavesAllItsGrades()
    {
        std::vector<BenchmarkPoint> points{fixtures::row(1, "dense-70b", "sys-a", 10, 4000, Grade::Verified),
                                           fixtures::row(2, "dense-70b", "sys-a", 40, 1000, Grade::Measured),
                                           fixtures::row(3, "dense-70b", "sys-a", 20, 2000, Grade::Verified, 1023.6)};
        const auto onB
            = fixtures::rooflineRows(catalog, "dense-70b", "sys-b", Precision::FP8, {}, 1024, 1024, kSlos, 100);
        points.insert(points.end(), onB.begin(), onB.end());
        QVERIFY(curveKeyOf(points[0], catalog) == curveKeyOf(points[1], catalog));
        QVERIFY(curveKeyOf(points[0], catalog) == curveKeyOf(points[2], catalog));
        QVERIFY(curveKeyOf(points[0], catalog) != curveKeyOf(points[3], catalog));
        ValidationOptions options;
        options.mode = LeaveOut::Curve;
        options.recalibrate = false;
        const ValidationReport r = leaveOneOut(points, catalog, calibration, options);
        QCOMPARE(int(r.predictions.size()), int(points.size()));
        for (const Prediction& p : r.predictions)
            if (p.system == "sys-a")
                QCOMPARE(p.method, ThroughputMethod::Transferred);
    }

    void oneSetPredictsAnother()
    {
        const auto reference
            = fixtures::rooflineRows(catalog, "dense-70b", "sys-a", Precision::FP8, {}, 1024, 1024, kSlos, 1);
        auto target = fixtures::rooflineRows(catalog, "dense-70b", "sys-b", Precision::FP8, {}, 1024, 1024, kSlos, 100);
        target.push_back(fixtures::row(999, "dense-70b", "unknown-system", 20, 1000));
        const ValidationReport r = predictAcross(reference, target, catalog, calibration, false);
        QCOMPARE(int(r.predictions.size()), int(kSlos.size()));
        QCOMPARE(r.skipped, 1); // the system the catalog lacks
        QVERIFY2(r.overall.p90Absolute < 1e-2, qPrintable(QString::number(r.overall.p90Absolute)));
        QVERIFY(group(r.byGpu, "gpu-b"));
    }

    void roundForwardLeavesOpenDivisionRowsUnscored()
    {
        // v5.0: the power-law curve on sys-a. v5.1: two rows on sys-a at 20 tok/s/user, one
        // closed and one open division (a pruned model at 3x the closed result). The open row
        // stays something a fold may learn from but is not a target: one prediction, for the
        // closed row, and a note that counts the other.
        std::vector<BenchmarkPoint> points = powerLawCurve();
        for (BenchmarkPoint& p : points)
            p.source = "mlperf-inference-v5.0 " + std::to_string(p.rowId);
        BenchmarkPoint closed = fixtures::row(10, "dense-70b", "sys-a", 20, 5000);
        closed.source = "mlperf-inference-v5.1 10";
        BenchmarkPoint open = fixtures::row(11, "dense-70b", "sys-a", 20, 15000);
        open.source = "mlperf-inference-v5.1 11";
        open.openDivision = true;
        points.push_back(closed);
        points.push_back(open);
        const ForwardReport r = validateForward(ForwardProtocol::RoundForward, points, catalog);
        QCOMPARE(r.report.predictions.size(), std::size_t(1));
        QCOMPARE(r.report.predictions.front().rowId, std::int64_t(10));
        bool counted = false;
        for (const std::string& note : r.notes)
            counted = counted || note.starts_with("1 MLPerf open-division row not predicted");
        QVERIFY(counted);
    }

    void leaveAcceleratorOutLeavesEstimatesUnscored()
    {
        // gpu-a's power-law curve and gpu-b's curve at a tenth of it; one gpu-b row is graded
        // estimate (an interpolation between two of its measured runs). Leaving gpu-b out predicts
        // its four measured rows, not the estimate, and a note counts it; gpu-a's five rows are
        // predicted from gpu-b's, the estimate among them.
        std::vector<BenchmarkPoint> points = powerLawCurve();
        std::int64_t id = 100;
        for (double u : {10.0, 20.0, 40.0, 80.0})
            points.push_back(fixtures::row(id++, "dense-70b", "sys-b", u, 1e4 / u));
        BenchmarkPoint interpolated = fixtures::row(id, "dense-70b", "sys-b", 30, 1e4 / 30);
        interpolated.grade = Grade::Estimate;
        points.push_back(interpolated);
        const ForwardReport r = validateForward(ForwardProtocol::LeaveAcceleratorOut, points, catalog);
        QCOMPARE(r.report.predictions.size(), std::size_t(9));
        for (const Prediction& p : r.report.predictions)
            QVERIFY(p.rowId != interpolated.rowId);
        bool counted = false;
        for (const std::string& note : r.notes)
            counted = counted || note.starts_with("1 row graded estimate not predicted");
        QVERIFY(counted);
    }

    void cancelStopsEarly()
    {
        Feedback feedback;
        feedback.cancel();
        const ValidationReport r = leaveOneOut(powerLawCurve(), catalog, calibration, {}, &feedback);
        QVERIFY(r.cancelled);
        QVERIFY(r.predictions.empty());
    }
};

QTEST_APPLESS_MAIN(TestValidation)
#include "test_validation.moc"
