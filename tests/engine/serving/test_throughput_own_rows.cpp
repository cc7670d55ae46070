// SPDX-License-Identifier: GPL-3.0-or-later
// A system whose own rows stop short of the requirement (transfers anchored on its runs, readings
// moved past them), the GB300-from-GB200 case built from InferenceX rows, leave-one-out on the
// fixture runs, and how fast a prepared ThroughputModel answers.
#include "throughput_cases.h"
#include "serving/validation.h"

#include <QElapsedTimer>
#include <QtTest>
#include <limits>

using namespace planner;
using namespace throughput_cases;

class TestThroughputOwnRows : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = testCatalog();
    const Calibration calibration{}; // defaults: 0.6 bandwidth, 0.4 compute

private Q_SLOTS:
    // The system's own rows stop far short of the requirement while another system's curve covers
    // it: the transfer answers instead of the clamped end (a measured reading does not win at any
    // distance). sys-b's rows reach 18 tok/s/user; clampTolerance 1.25 lets them answer
    // up to 18 x 1.25 = 22.5. expected < 0: the roofline ratio, computed in the test.
    void ownRowsStopShort_data()
    {
        QTest::addColumn<QList<double>>("ownUser");
        QTest::addColumn<QList<double>>("ownTotal");
        QTest::addColumn<QList<double>>("sourceUser");
        QTest::addColumn<QList<double>>("sourceTotal");
        QTest::addColumn<double>("slo");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<QString>("phrase");
        const double inf = std::numeric_limits<double>::infinity();
        // Anchor at sys-b's top run, 18: ratio 18000 / sys-a's 15000 there = 1.2. sys-a at 90 is its
        // run 7500, so 7500 x 1.2 = 9000 (the clamp gave 18000, twice as much).
        QTest::newRow("5x past the own rows: sys-a's reading times the ratio measured at 18")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 90.0 << 1.25 << "transferred" << 9000.0
            << 1.2 << "sys-b's own rows only reach 18 tok/s/user, more than 1.25x below the required 90";
        QTest::newRow("exactly 1.25x past (22.5): the clamped end stands, extrapolated")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 22.5 << 1.25 << "extrapolated" << 18000.0
            << 0.0 << "above the highest measured interactivity (18 tok/s/user) by 1.25x";
        // 23 > 22.5: sys-a at 23 is 15000 x 0.8^(ln(23/18) / ln 2.5) = 14130.8; x 1.2 = 16957.
        QTest::newRow("just past 1.25x (23): transferred")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 23.0 << 1.25 << "transferred"
            << 1.2 * curveAtLowEnd(23) << 1.2 << "measured ratio at 18 tok/s/user";
        // sys-a reaches 45 x 1.25 = 56.25 < 90: it does not cover 90 either. The end run (18000 at
        // 18) moves along sys-b's own roofline: x analytic_B(90) / analytic_B(18) (expected -2).
        QTest::newRow("no curve covers 90: the end run moves along the system's roofline")
            << kPeakUser << kPeakTotal << QList<double>{18, 45} << QList<double>{15000, 12000} << 90.0 << 1.25
            << "extrapolated" << -2.0 << 0.0 << "moved along the roofline's curve of this system";
        // 90 <= 75 x 1.25 = 93.75: sys-a covers 90 within the tolerance, read clamped at 7500.
        QTest::newRow("a source within the tolerance covers: transferred, its clamp flagged")
            << kPeakUser << kPeakTotal << QList<double>{18, 45, 75} << QList<double>{15000, 12000, 7500} << 90.0
            << 1.25 << "transferred" << 9000.0 << 1.2 << "sys-a rows: extrapolated beyond measured range";
        // Own runs at 90 and 120; 20 < 90 / 1.25 = 72. Anchor at the bottom end, 90: 9000 / 7500 =
        // 1.2; sys-a at 20: 15000 x 0.8^(ln(20/18) / ln 2.5) = 14620.0; x 1.2 = 17544.
        QTest::newRow("far below the own rows: ratio at their bottom end")
            << QList<double>{90, 120} << QList<double>{9000, 6000} << kCurveUser << kCurveTotal << 20.0 << 1.25
            << "transferred" << 1.2 * curveAtLowEnd(20) << 1.2
            << "sys-b's own rows only go down to 90 tok/s/user, more than 1.25x above the required 20";
        // The own run at 8 and sys-a's lowest, 18: 8 x 1.25 = 10 < 18, no rate both reach. The
        // roofline's ratio at 90 (about 4.8: sys-a needs two GPUs a group there, sys-b one) is held
        // within twice the hardware's (2x the bandwidth and compute: at most 4x): 7500 x 4 = 30000,
        // under the own run's 40000 at the looser 8 tok/s/user.
        QTest::newRow("no per-user rate both reach: the roofline ratio")
            << QList<double>{8} << QList<double>{40000} << kCurveUser << kCurveTotal << 90.0 << 1.25
            << "transferred" << -1.0 << -1.0 << "times the roofline ratio";
        // The same with the own run at 19000: the transfer's 30000 at a stricter requirement than
        // the run would be more than the system measured at 8 tok/s/user. Held down to 19000.
        QTest::newRow("a transfer above the own run at a looser rate is held down to it")
            << QList<double>{8} << QList<double>{19000} << kCurveUser << kCurveTotal << 90.0 << 1.25
            << "transferred" << -3.0 << -1.0 << "a stricter requirement never raises throughput";
        // Ratio 180000 / 15000 = 12 at 18; the roofline's 90 tok/s/user ratio of sys-b (2x the HBM
        // bandwidth) to sys-a is under 6: flagged. 7500 x 12 = 90000.
        QTest::newRow("a measured ratio far from the roofline's is flagged")
            << QList<double>{15, 18} << QList<double>{190000, 180000} << kCurveUser << kCurveTotal << 90.0 << 1.25
            << "transferred" << 90000.0 << 12.0 << "measured ratio 12x vs the roofline's";
        QTest::newRow("no requirement: the own highest-throughput run answers")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 0.0 << 1.25 << "measured" << 18500.0 << 0.0
            << "";
        QTest::newRow("an infinite tolerance keeps the clamped end at any distance")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 90.0 << inf << "extrapolated" << 18000.0
            << 0.0 << "above the highest measured interactivity (18 tok/s/user) by 5x";
        // Tolerance 1: 20 > 18 is already far. 1.2 x 14620.0 = 17544.
        QTest::newRow("tolerance 1: any clamp transfers")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 20.0 << 1.0 << "transferred"
            << 1.2 * curveAtLowEnd(20) << 1.2 << "more than 1x below the required 20";
        QTest::newRow("a tolerance below 1 counts as 1")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 20.0 << 0.5 << "transferred"
            << 1.2 * curveAtLowEnd(20) << 1.2 << "more than 1x below the required 20";
    }

    void ownRowsStopShort()
    {
        QFETCH(QList<double>, ownUser);
        QFETCH(QList<double>, ownTotal);
        QFETCH(QList<double>, sourceUser);
        QFETCH(QList<double>, sourceTotal);
        QFETCH(double, slo);
        QFETCH(double, tolerance);
        QFETCH(QString, method);
        QFETCH(double, expected);
        QFETCH(double, ratio);
        QFETCH(QString, phrase);
        auto points = rowsOn("sys-b", ownUser, ownTotal, 1);
        const auto source = rowsOn("sys-a", sourceUser, sourceTotal, 11);
        points.insert(points.end(), source.begin(), source.end());
        Calibration tuned;
        tuned.clampTolerance = tolerance;
        if (expected == -2) {
            const ThroughputModel none({}, catalog, tuned);
            expected = 18000 * std::min(1.0, tps(none.estimate(query("sys-b", slo)).value().totalPerGpu)
                                                 / tps(none.estimate(query("sys-b", 18)).value().totalPerGpu));
        } else if (expected < 0) {
            // throughput_B = sys-a's 7500 at 90 x analytic_B(90) / analytic_A(90), at most 4x.
            const ThroughputModel none({}, catalog, tuned);
            ratio = std::min(4.0, tps(none.estimate(query("sys-b", slo)).value().totalPerGpu)
                                      / tps(none.estimate(query("sys-a", slo)).value().totalPerGpu));
            expected = expected == -3 ? 19000 : 7500 * ratio;
        }
        const auto e = ThroughputModel(points, catalog, tuned).estimate(query("sys-b", slo));
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        const double tolerance9 = 1e-9;
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, tolerance9);
        VERIFY_RELATIVE(e.value().transferRatio, ratio, tolerance9);
        if (e.value().method == ThroughputMethod::Transferred)
            QCOMPARE(e.value().transferredFrom, std::string("sys-a"));
        // Only a reading inside the measured range keeps the rows' grade.
        QCOMPARE(int(e.value().evidence.grade), int(method == u"measured" ? Grade::Measured : Grade::Estimate));
        QVERIFY2(phrase.isEmpty() || hasWarning(e.value(), phrase.toUtf8().constData()),
                 qPrintable(allWarnings(e.value())));
    }

    // The "no curve covers 90" case above with an elasticity measured below 20 tok/s/user only
    // (0.1, as before MLPerf v6.0 every frontier segment started there). The roofline's own curve
    // falls faster from 18 to 90 than that trend carried on, 5^-0.1 = 0.8513, so the trend bounds
    // it: 18000 x 0.8513 = 15,323, where the roofline alone would go lower.
    void rooflineShapeBoundedByTheMeasuredTrend()
    {
        auto points = rowsOn("sys-b", kPeakUser, kPeakTotal, 1);
        const auto source = rowsOn("sys-a", QList<double>{18, 45}, QList<double>{15000, 12000}, 11);
        points.insert(points.end(), source.begin(), source.end());
        Calibration cal;
        const ThroughputModel none({}, catalog, cal);
        const double roofline = tps(none.estimate(query("sys-b", 90)).value().totalPerGpu)
            / tps(none.estimate(query("sys-b", 18)).value().totalPerGpu);
        const double trend = std::pow(90.0 / 18.0, -0.1);
        QVERIFY2(roofline < trend, qPrintable(QString::number(roofline))); // else the case tests nothing
        cal.interactivity.elasticity = {0.1, 0, 0, 0};
        cal.interactivity.segments = {4, 0, 0, 0};
        const auto e = ThroughputModel(points, catalog, cal).estimate(query("sys-b", 90));
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Extrapolated);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 18000 * trend, 1e-9);
        QVERIFY(hasWarning(e.value(), "moved along the roofline's curve of this system"));
    }

    // Below the runs, the roofline's curve rises no further than the roofline's own figure at the
    // requirement. sys-b's one run at 120 tok/s/user measured c = sqrt(r5 / r120) times what the
    // roofline gives there (r120, about r5 / 5.9), as a system measured past the roofline's latency
    // cliff does; moved to 5 tok/s/user by the curve's ratio r5 / r120 it would read c x r5, more
    // than the hardware's own figure r5 at that requirement. It reads r5. (MI355X's gpt-oss-120b run
    // at 70.4 tok/s/user measured 17,577 tok/s per GPU, and read 883,380 at 5.)
    void rooflineShapeBelowTheRunsBoundedByTheRoofline()
    {
        Calibration cal;
        const ThroughputModel none({}, catalog, cal);
        const double r5 = tps(none.estimate(query("sys-b", 5)).value().totalPerGpu);
        const double r120 = tps(none.estimate(query("sys-b", 120)).value().totalPerGpu);
        QVERIFY2(r5 > 2 * r120, qPrintable(QString::number(r5 / r120))); // else the case tests nothing
        const double run = std::sqrt(r5 / r120) * r120;
        const auto points = rowsOn("sys-b", QList<double>{120}, QList<double>{run}, 1);
        const auto e = ThroughputModel(points, catalog, cal).estimate(query("sys-b", 5));
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Extrapolated);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), r5, 1e-9);
        QVERIFY(tps(e.value().totalPerGpu) > run); // a looser requirement still never lowers it
    }

    // The "source within the tolerance covers" case, but sys-a measured at FP4 and the query at
    // FP8: its rows would reach 90 only through the roofline's ratio between precisions. sys-b's
    // own FP8 rows answer instead, their end run (18000 at 18) moved by the measured trend as
    // above: 18000 x (90 / 18)^-0.1 = 15,323.
    void anotherPrecisionDoesNotCoverForTheOwnRows()
    {
        auto points = rowsOn("sys-b", kPeakUser, kPeakTotal, 1);
        const double sourceUser[] = {18, 45, 75}, sourceTotal[] = {15000, 12000, 7500};
        for (int i = 0; i < 3; ++i)
            points.push_back(fixtures::row(11 + i, "dense-70b", "sys-a", sourceUser[i], sourceTotal[i], Grade::Measured,
                                           1024, 1024, Precision::FP4));
        Calibration cal;
        cal.interactivity.elasticity = {0.1, 0, 0, 0};
        cal.interactivity.segments = {4, 0, 0, 0};
        const auto e = ThroughputModel(points, catalog, cal).estimate(query("sys-b", 90));
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Extrapolated);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 18000 * std::pow(90.0 / 18.0, -0.1), 1e-9);
        QVERIFY(e.value().transferredFrom.empty());
    }

    // What the 9000 of the first case above rests on: rows of both systems, the ratio's anchor.
    void ownRowsStopShortEvidence()
    {
        auto points = rowsOn("sys-b", kPeakUser, kPeakTotal, 1);
        const auto source = rowsOn("sys-a", kCurveUser, kCurveTotal, 11);
        points.insert(points.end(), source.begin(), source.end());
        const auto e = ThroughputModel(points, catalog, calibration).estimate(query("sys-b", 90));
        QVERIFY(e);
        const ThroughputEstimate& t = e.value();
        QCOMPARE(t.method, ThroughputMethod::Transferred);
        QCOMPARE(t.evidence.method, std::string("transferred"));
        // sys-a's run at 90 (row 13) gives the figure; sys-b's run at 18 (row 2) over sys-a's run
        // at 18 (row 11) gives the ratio.
        QCOMPARE(t.rowsUsed, (std::vector<std::int64_t>{13, 2, 11}));
        QCOMPARE(t.evidence.inputs,
                 (std::vector<std::string>{"model:measured-ratio", "row:11", "row:13", "row:2"}));
        QCOMPARE(int(t.evidence.grade), int(Grade::Estimate)); // measured rows, but a modelled ratio
        QCOMPARE(tps(t.transferAnchor), 18.0);
        QCOMPARE(tps(t.outputPerGpu), 4500.0); // half of 9000 at 1024/1024
        QCOMPARE(t.groupSize, 1);              // the roofline's group for dense-70b on sys-b
        QCOMPARE(int(t.curve.size()), 4);      // sys-a's frontier x 1.2
        QCOMPARE(tps(t.curve[2].totalPerGpu), 9000.0);
        QVERIFY2(hasWarning(t, "sys-b's own rows only reach 18 tok/s/user, more than 1.25x below the required "
                               "90; transferred from sys-a, whose rows cover it, times 1.2x, the two systems' "
                               "measured ratio at 18 tok/s/user, assumed to hold at the requirement"),
                 qPrintable(allWarnings(t)));
    }

    // dense-405b at BF16 (810 GB) does not fit on sys-s (8 x 80 GB) by the roofline, yet rows say it
    // ran there. sys-a's rows: (18, 1500), (45, 1200), (90, 750), (250, 30).
    void rooflineCannotSetUpTheSystem_data()
    {
        QTest::addColumn<QList<double>>("ownUser");
        QTest::addColumn<QList<double>>("ownTotal");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("phrase");
        // Ratio 1800 / 1500 = 1.2 at 18; sys-a's 750 at 90 x 1.2 = 900.
        QTest::newRow("a measured ratio needs no roofline")
            << QList<double>{15, 18} << QList<double>{1900, 1800} << "transferred" << 900.0
            << "sys-s's own rows only reach 18 tok/s/user";
        // 8 x 1.25 = 10 < 18: no rate both reach, and no roofline ratio either.
        QTest::newRow("no measured ratio and no roofline: the clamped end stands")
            << QList<double>{8} << QList<double>{1900} << "extrapolated" << 1900.0
            << "share no per-user rate with these rows, and the roofline cannot relate them";
    }

    void rooflineCannotSetUpTheSystem()
    {
        QFETCH(QList<double>, ownUser);
        QFETCH(QList<double>, ownTotal);
        QFETCH(QString, method);
        QFETCH(double, expected);
        QFETCH(QString, phrase);
        std::vector<BenchmarkPoint> points;
        auto add = [&](const char* system, double perUser, double total) {
            points.push_back(row(int(points.size()) + 1, "dense-405b", system, perUser, total, Grade::Measured, 1024,
                                 1024, Precision::BF16));
        };
        for (qsizetype i = 0; i < ownUser.size(); ++i)
            add("sys-s", ownUser[i], ownTotal[i]);
        for (auto [u, t] : {std::pair{18.0, 1500.0}, {45.0, 1200.0}, {90.0, 750.0}, {250.0, 30.0}})
            add("sys-a", u, t);
        ThroughputQuery q = query("sys-s", 90, "dense-405b");
        q.precision = Precision::BF16;
        QVERIFY(!estimateFrom(q, {}, catalog, calibration)); // the roofline alone: infeasible
        const auto e = estimateFrom(q, points, catalog, calibration);
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, 1e-12);
        QCOMPARE(e.value().groupSize, 0); // unknown: the roofline has no group that holds the model
        QVERIFY2(hasWarning(e.value(), phrase.toUtf8().constData()), qPrintable(allWarnings(e.value())));
    }

    // The reported case on the built-in catalog: GB300 NVL72 DeepSeek-R1 FP4 1k/1k at 90
    // tok/s/user, aggregated, with GB300's peak-throughput rows and the GB200 fixture rows. Before
    // this change: 18,321 tok/s/GPU "measured", clamped. GB200's disaggregated frontier around 90:
    // (43.29, 12659.7) and (90.99, 7698.0), so at 90: 12659.7 x (7698.0 / 12659.7)^(ln(90 / 43.29)
    // / ln(90.99 / 43.29)) = 7755.1. GB200's aggregated peak run (18.08) does not reach 90; its
    // disaggregated curve does and is the source.
    void gb300FromTheGb200Curve_data()
    {
        QTest::addColumn<QList<double>>("gb300User");
        QTest::addColumn<QList<double>>("gb300Total");
        QTest::addColumn<double>("ratio");
        const double gb200At90 = 12659.7 * std::pow(7698.0 / 12659.7, std::log(90 / 43.29) / std::log(90.99 / 43.29));
        QTest::addColumn<double>("expected");
        // Anchor 14.95: GB200's curve starts at 17.82 (14.95 x 1.25 = 18.7 reaches it), read
        // clamped at its 14659.4: ratio 18321 / 14659.4 = 1.2498, the ratio of the two peaks.
        const double peaks = 18321 / 14659.4;
        QTest::newRow("the bundled GB300 peak run alone (14.95 tok/s/user)")
            << QList<double>{1000 / 66.9} << QList<double>{18321} << peaks << gb200At90 * peaks;
        // Anchor 18.1, inside GB200's range: 14659.4 x (12659.7 / 14659.4)^(ln(18.1 / 17.82) /
        // ln(43.29 / 17.82)) = 14621.7; ratio 18321 / 14621.7 = 1.2530.
        const double at181 = 14659.4 * std::pow(12659.7 / 14659.4, std::log(18.1 / 17.82) / std::log(43.29 / 17.82));
        QTest::newRow("GB300 peak runs at 14.9 and 18.1 tok/s/user, as reported")
            << QList<double>{14.9, 18.1} << QList<double>{18321, 18321} << 18321 / at181 << gb200At90 * 18321 / at181;
    }

    void gb300FromTheGb200Curve()
    {
        QFETCH(QList<double>, gb300User);
        QFETCH(QList<double>, gb300Total);
        QFETCH(double, ratio);
        QFETCH(double, expected);
        auto points = inferenceXGb200Rows();
        QCOMPARE(int(points.size()), 11); // 9 disaggregated runs, 2 peak runs (1k/1k, 8k/1k)
        const auto gb300 = gb300PeakRows(gb300User, gb300Total);
        points.insert(points.end(), gb300.begin(), gb300.end());
        ThroughputQuery q = query("gb300-nvl72", 90, "deepseek-r1");
        q.precision = Precision::FP4;
        const auto e = ThroughputModel(points, builtinCatalog(), calibration).estimate(q);
        QVERIFY(e);
        const ThroughputEstimate& t = e.value();
        for (const Warning& w : t.warnings)
            qInfo("warning: %s", w.message.c_str());
        qInfo("%s: %.0f tok/s/GPU (%.0f output), ratio %.4f at %.2f tok/s/user, grade %s, rows %s",
              methodName(t.method).data(), tps(t.totalPerGpu), tps(t.outputPerGpu), t.transferRatio,
              tps(t.transferAnchor), gradeName(t.evidence.grade).data(),
              qPrintable(QString::fromStdString([&] {
                  std::string s;
                  for (const auto& in : t.evidence.inputs)
                      s += in + " ";
                  return s;
              }())));
        QCOMPARE(t.method, ThroughputMethod::Transferred);
        QCOMPARE(t.transferredFrom, std::string("gb200-nvl72"));
        VERIFY_RELATIVE(t.transferRatio, ratio, 1e-9);
        VERIFY_RELATIVE(tps(t.totalPerGpu), expected, 1e-9);
        QVERIFY(tps(t.totalPerGpu) < 18321 / 1.8); // not the clamped end's 2x overestimate
        QVERIFY(hasWarning(t, "gb300-nvl72's own rows only reach"));
        QVERIFY(hasWarning(t, "(aggregated vs disaggregated serving)"));
    }

    // A figure read outside the measured interactivity range of the system's own curve is not what
    // any run showed: method extrapolated, graded estimate, with a warning saying how far out. The
    // reported case: GB200 NVL72 DeepSeek-R1 FP4 1k/1k disaggregated at 1000 tok/s/user, read at
    // the fastest InferenceX run (286.40 tok/s/user, 60.7 tok/s/GPU) and labelled measured.
    void readingPastTheRunsIsExtrapolated_data()
    {
        QTest::addColumn<double>("slo");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("expected");
        QTest::addColumn<int>("grade");
        QTest::addColumn<QString>("phrase");
        // 1000 / 286.40 = 3.49x, beyond the 1.25x reach, and no other curve of the model covers
        // 1000 to transfer from: the end run's 60.7 moves along the system's own roofline, times
        // analytic(1000) / analytic(286.40) (expected -1), labelled for what it is.
        QTest::newRow("1000 tok/s/user, 3.5x past the fastest run") << 1000.0 << "extrapolated" << -1.0
            << int(Grade::Estimate) << "above the highest measured interactivity (286 tok/s/user) by 3.49x";
        // 300 / 286.40 = 1.05x, within the reach: still read at the fastest run.
        QTest::newRow("300 tok/s/user, just past the fastest run") << 300.0 << "extrapolated" << 60.7
            << int(Grade::Estimate) << "above the highest measured interactivity (286 tok/s/user) by 1.05x";
        // 17.82 / 15 = 1.19x below the slowest run: held at its 14,659.4, a lower bound.
        QTest::newRow("15 tok/s/user, below the slowest run") << 15.0 << "extrapolated" << 14659.4
            << int(Grade::Estimate) << "below the lowest measured interactivity (17.8 tok/s/user) by 1.19x";
        // Between the runs at 43.29 (12,659.7) and 90.99 (7,698.0), in log space.
        QTest::newRow("90 tok/s/user, between two runs") << 90.0 << "measured"
            << 12659.7 * std::pow(7698.0 / 12659.7, std::log(90 / 43.29) / std::log(90.99 / 43.29))
            << int(Grade::Measured) << "";
        // No requirement: the highest-throughput run is the answer, not a reading outside a range.
        QTest::newRow("no requirement, the best run") << 0.0 << "measured" << 14659.4 << int(Grade::Measured) << "";
    }

    void readingPastTheRunsIsExtrapolated()
    {
        QFETCH(double, slo);
        QFETCH(QString, method);
        QFETCH(double, expected);
        QFETCH(int, grade);
        QFETCH(QString, phrase);
        ThroughputQuery q = query("gb200-nvl72", slo, "deepseek-r1");
        q.precision = Precision::FP4;
        q.serving = Serving::Disaggregated;
        const auto e = estimateFrom(q, inferenceXGb200Rows(), builtinCatalog(), calibration);
        QVERIFY(e);
        if (expected < 0) {
            const auto rows = inferenceXGb200Rows();
            const ThroughputModel measuredModel(rows, builtinCatalog(), calibration);
            double end = 0;
            for (const MeasuredCurve& m : measuredModel.curves())
                if (m.system == "gb200-nvl72" && m.serving == Serving::Disaggregated)
                    end = std::max(end, tps(m.curve.highestPerUser().value_or(units::tokens_per_second(0))));
            ThroughputQuery atEnd = q;
            atEnd.minPerUser = units::tokens_per_second(end);
            const double shape = tps(estimateFrom(q, {}, builtinCatalog(), calibration).value().totalPerGpu)
                / tps(estimateFrom(atEnd, {}, builtinCatalog(), calibration).value().totalPerGpu);
            expected = 60.7 * std::min(1.0, shape);
        }
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        QCOMPARE(QString::fromStdString(e.value().evidence.method), method);
        QCOMPARE(int(e.value().evidence.grade), grade);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, 1e-9);
        QCOMPARE(fromOwnRows(e.value().method), true);
        QVERIFY2(phrase.isEmpty() || hasWarning(e.value(), phrase.toUtf8().constData()),
                 qPrintable(allWarnings(e.value())));
        if (slo > 0 && method == u"measured")
            QVERIFY2(!hasWarning(e.value(), "extrapolated"), qPrintable(allWarnings(e.value())));
    }

    // The leave-one-out validation over the fixture rows (GB200 runs and the GB300 peak runs): every
    // mode runs through, and every point is predicted (or counted as skipped) with a finite,
    // positive figure. Leaving out GB200's 17.82 run, its disaggregated neighbours stop short of it
    // (43.29) and the aggregated peak run at 18.08, which reaches it, answers; leaving out a whole
    // curve, GB300's runs are far from every other curve's reach in turn.
    void leaveOneOutOnTheFixtureRuns_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("recalibrate");
        QTest::newRow("leave a point out") << int(LeaveOut::Point) << false;
        QTest::newRow("leave a curve out, calibration as given") << int(LeaveOut::Curve) << false;
        QTest::newRow("leave a curve out, refitted") << int(LeaveOut::Curve) << true;
    }

    void leaveOneOutOnTheFixtureRuns()
    {
        QFETCH(int, mode);
        QFETCH(bool, recalibrate);
        auto points = inferenceXGb200Rows();
        const auto gb300 = gb300PeakRows({14.9, 18.1}, {18321, 18321});
        points.insert(points.end(), gb300.begin(), gb300.end());
        const Catalog& builtin = builtinCatalog();
        const Calibration fitted = calibrate(points, builtin);
        const ValidationReport r
            = leaveOneOut(points, builtin, fitted, ValidationOptions{static_cast<LeaveOut>(mode), recalibrate});
        QCOMPARE(int(r.predictions.size()) + r.skipped, int(points.size()));
        for (const Prediction& p : r.predictions)
            QVERIFY2(std::isfinite(p.predicted) && p.predicted > 0,
                     qPrintable(QStringLiteral("row %1: %2").arg(p.rowId).arg(p.predicted)));
        for (const ErrorGroup& g : r.byMethod)
            qInfo("%s: %d points, median %+.3f, mean |e| %.3f, p90 |e| %.3f", g.name.c_str(), g.stats.count,
                  g.stats.medianSigned, g.stats.meanAbsolute, g.stats.p90Absolute);
    }

    // Sweeps call this a million times: a prepared model answers every kind of query, again and
    // again, from 200 rows. How fast is measured by tests/bench/bench_evaluate (speed is a
    // benchmark's job, not a test's); the times are printed here only for information.
    void preparedModelAnswersManyQueries()
    {
        std::vector<BenchmarkPoint> rows;
        for (int i = 0; i < 200; ++i) {
            const double perUser = 5.0 * std::pow(1.02, i); // 5 to 260 tok/s/user
            rows.push_back(row(i + 1, "dense-70b", "sys-a", perUser, 1e6 / perUser));
        }
        const ThroughputModel model(rows, catalog, calibration);
        const ThroughputModel empty({}, catalog, calibration);
        struct Case { const char* name; std::string system; int calls; };
        for (const Case& c : {Case{"measured", "sys-a", 20000}, Case{"transferred", "sys-b", 2000},
                              Case{"analytic", "sys-s", 2000}}) {
            ThroughputQuery q = query(c.system, 30);
            q.withCurve = false;
            const ThroughputModel& m = c.system == "sys-s" ? empty : model;
            QElapsedTimer timer;
            timer.start();
            double sink = 0;
            for (int i = 0; i < c.calls; ++i) {
                q.minPerUser = units::tokens_per_second(10 + (i % 200));
                auto e = m.estimate(q);
                QVERIFY(e);
                sink += tps(e.value().totalPerGpu);
            }
            qInfo("%s query: %.2f us each", c.name, timer.nsecsElapsed() / 1e3 / c.calls);
            QVERIFY(sink > 0);
        }
        for (int i = 0; i < 200; ++i)
            QVERIFY(estimateFrom(query("sys-a", 30), rows, catalog, calibration));
    }
};

QTEST_APPLESS_MAIN(TestThroughputOwnRows)
#include "test_throughput_own_rows.moc"
