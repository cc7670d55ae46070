// SPDX-License-Identifier: GPL-3.0-or-later
// The measured throughput-interactivity curve: Pareto frontier, log-space reading, clamping.
#include "serving/throughput_curve.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;
using fixtures::row;

namespace {

ThroughputCurve curveOf(const QList<double>& perUser, const QList<double>& total)
{
    ThroughputCurve c;
    for (int i = 0; i < perUser.size(); ++i)
        c.add(row(i + 1, "m", "s", perUser[i], total[i]));
    c.finish();
    return c;
}

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

} // namespace

class TestThroughputCurve : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void paretoFrontier_data()
    {
        QTest::addColumn<QList<double>>("perUser");
        QTest::addColumn<QList<double>>("total");
        QTest::addColumn<QList<double>>("frontierPerUser");
        QTest::addColumn<QList<double>>("frontierTotal");
        // (15, 700) has less of both than (20, 800): a worse configuration, dropped.
        QTest::newRow("a run beaten on both axes is dropped")
            << QList<double>{10, 20, 15} << QList<double>{1000, 800, 700}
            << QList<double>{10, 20} << QList<double>{1000, 800};
        // Same per-user speed, less throughput: dominated (one axis equal, the other strictly less).
        QTest::newRow("at equal interactivity the faster run stays")
            << QList<double>{10, 10, 20} << QList<double>{900, 1000, 500}
            << QList<double>{10, 20} << QList<double>{1000, 500};
        QTest::newRow("identical runs count once")
            << QList<double>{10, 10, 30} << QList<double>{1000, 1000, 100}
            << QList<double>{10, 30} << QList<double>{1000, 100};
        QTest::newRow("a run better on both axes leaves the others out")
            << QList<double>{10, 50, 30} << QList<double>{1000, 2000, 1500}
            << QList<double>{50} << QList<double>{2000};
        QTest::newRow("a trade-off keeps every run, sorted by interactivity")
            << QList<double>{40, 10, 20} << QList<double>{250, 1000, 600}
            << QList<double>{10, 20, 40} << QList<double>{1000, 600, 250};
    }

    void paretoFrontier()
    {
        QFETCH(QList<double>, perUser);
        QFETCH(QList<double>, total);
        QFETCH(QList<double>, frontierPerUser);
        QFETCH(QList<double>, frontierTotal);
        const auto frontier = curveOf(perUser, total).frontier();
        QCOMPARE(int(frontier.size()), int(frontierPerUser.size()));
        for (int i = 0; i < frontierPerUser.size(); ++i) {
            QCOMPARE(tps(frontier[i].perUser), frontierPerUser[i]);
            QCOMPARE(tps(frontier[i].totalPerGpu), frontierTotal[i]);
        }
    }

    void readsInLogSpace_data()
    {
        QTest::addColumn<double>("slo");
        QTest::addColumn<double>("expected");
        QTest::addColumn<qint64>("rowLow");
        QTest::addColumn<qint64>("rowHigh");
        // Frontier (10, 1000), (40, 250), (80, 50) from rows 1, 2, 3.
        // At 20: t = ln(20/10) / ln(40/10) = 1/2, so total = 1000^(1/2) x 250^(1/2) = 500 (geometric mean).
        QTest::newRow("halfway in log interactivity gives the geometric mean")
            << 20.0 << 500.0 << qint64(1) << qint64(2);
        // At 60: t = ln(60/40) / ln(80/40) = log2(1.5) = 0.5849625;
        // total = 250 x (50/250)^0.5849625 = 250 x exp(-1.6094379 x 0.5849625) = 250 x 0.3900576 = 97.5144.
        QTest::newRow("a power law between the two neighbours") << 60.0 << 97.514403 << qint64(2) << qint64(3);
        QTest::newRow("on a measured point the measured value") << 40.0 << 250.0 << qint64(2) << qint64(2);
        QTest::newRow("on the fastest point its value, not a clamp") << 80.0 << 50.0 << qint64(3) << qint64(3);
    }

    void readsInLogSpace()
    {
        QFETCH(double, slo);
        QFETCH(double, expected);
        QFETCH(qint64, rowLow);
        QFETCH(qint64, rowHigh);
        const ThroughputCurve c = curveOf({10, 40, 80}, {1000, 250, 50});
        const auto r = c.read(units::tokens_per_second(slo));
        QVERIFY(r);
        const double tolerance = 1e-6;
        VERIFY_RELATIVE(tps(r->totalPerGpu), expected, tolerance);
        QCOMPARE(r->clamped, CurveEnd::Inside);
        QCOMPARE(qint64(r->rowLow), rowLow);
        QCOMPARE(qint64(r->rowHigh), rowHigh);
    }

    void gradeIsTheWeakerNeighbour()
    {
        ThroughputCurve c;
        c.add(row(1, "m", "s", 10, 1000, Grade::Verified));
        c.add(row(2, "m", "s", 40, 250, Grade::ThirdParty));
        c.finish();
        QCOMPARE(c.read(units::tokens_per_second(20))->grade, Grade::ThirdParty);
        QCOMPARE(c.read(units::tokens_per_second(10))->grade, Grade::Verified);
    }

    void clampsAndSaysWhichEnd_data()
    {
        QTest::addColumn<double>("slo");
        QTest::addColumn<double>("expected");
        QTest::addColumn<int>("end");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("slower than every run: held at the highest throughput, a lower bound")
            << 5.0 << 1000.0 << int(CurveEnd::BelowMeasured)
            << QStringLiteral("below the lowest measured interactivity (10");
        QTest::newRow("faster than every run: held at the fastest run, an overestimate")
            << 100.0 << 50.0 << int(CurveEnd::AboveMeasured)
            << QStringLiteral("above the highest measured interactivity (80");
        QTest::newRow("no requirement and no Offline row: the highest throughput, flagged")
            << 0.0 << 1000.0 << int(CurveEnd::BelowMeasured) << QStringLiteral("below the lowest");
    }

    void clampsAndSaysWhichEnd()
    {
        QFETCH(double, slo);
        QFETCH(double, expected);
        QFETCH(int, end);
        QFETCH(QString, phrase);
        const ThroughputCurve c = curveOf({10, 40, 80}, {1000, 250, 50});
        const auto r = c.read(units::tokens_per_second(slo));
        QVERIFY(r);
        QCOMPARE(tps(r->totalPerGpu), expected);
        QCOMPARE(int(r->clamped), end);
        const QString message = QString::fromStdString(clampMessage(c, *r, units::tokens_per_second(slo)));
        QVERIFY2(message.startsWith(QStringLiteral("extrapolated beyond measured range")), qPrintable(message));
        QVERIFY2(message.contains(phrase), qPrintable(message));
    }

    void offlineRowsServeOnlyNoRequirement()
    {
        ThroughputCurve c;
        c.add(row(1, "m", "s", 10, 1000));
        c.add(row(2, "m", "s", 40, 250));
        c.add(row(3, "m", "s", 0, 3000)); // Offline: per-user unbounded
        c.finish();
        QCOMPARE(c.frontierSize(), std::size_t(2));
        const auto none = c.read(units::tokens_per_second(0));
        QVERIFY(none && none->offline);
        QCOMPARE(tps(none->totalPerGpu), 3000.0);
        QCOMPARE(none->clamped, CurveEnd::Inside);
        const auto some = c.read(units::tokens_per_second(20));
        QVERIFY(some && !some->offline);
        QCOMPARE(qint64(some->rowLow), qint64(1));

        ThroughputCurve offlineOnly;
        offlineOnly.add(row(4, "m", "s", 0, 3000));
        offlineOnly.finish();
        QVERIFY(!offlineOnly.read(units::tokens_per_second(20)));
        QVERIFY(offlineOnly.read(units::tokens_per_second(0)));
    }

    void unusableRowsLeaveTheCurveEmpty()
    {
        ThroughputCurve c;
        c.add(row(1, "m", "s", 10, 0)); // no throughput: ignored
        c.add(row(2, "m", "s", -5, 100)); // a negative per-user rate is not an Offline run
        c.add(row(3, "m", "s", std::nan(""), 100));
        c.add(row(4, "m", "s", 10, HUGE_VAL));
        c.finish();
        QVERIFY(c.empty());
        QVERIFY(!c.read(units::tokens_per_second(10)));
    }

    void shapeTolerance_data()
    {
        QTest::addColumn<double>("input");
        QTest::addColumn<double>("output");
        QTest::addColumn<bool>("same");
        // Request 1024/1024; tolerance factor 1.25 on each length.
        QTest::newRow("1000/1000 is the 1024/1024 workload") << 1000.0 << 1000.0 << true;
        QTest::newRow("1280 input tokens, exactly 1.25x, still is") << 1280.0 << 1024.0 << true;
        QTest::newRow("1300 input tokens is another curve") << 1300.0 << 1024.0 << false;
        QTest::newRow("8192/1024 is another curve") << 8192.0 << 1024.0 << false;
        QTest::newRow("1024/800 is another curve") << 1024.0 << 800.0 << false;
    }

    void shapeTolerance()
    {
        QFETCH(double, input);
        QFETCH(double, output);
        QFETCH(bool, same);
        QCOMPARE(sameShape(input, output, 1024, 1024), same);
    }

    void shapeDistanceByHand()
    {
        // |ln(2048 / 1024)| + |ln(512 / 1024)| = 2 ln 2: twice as long a prompt, half the answer.
        QCOMPARE(shapeDistance(2048, 512, 1024, 1024), 2 * std::log(2.0));
        QCOMPARE(shapeDistance(1024, 1024, 1024, 1024), 0.0);
        QCOMPARE(shapeDistance(1024, 1024, 2048, 512), shapeDistance(2048, 512, 1024, 1024)); // symmetric
        QVERIFY(std::isinf(shapeDistance(0, 1024, 1024, 1024))); // no length: never the closest
    }

    void measuredRangeEnds()
    {
        // The frontier's slowest and fastest runs bound the range a reading stays inside.
        const ThroughputCurve c = curveOf({10, 40, 80}, {1000, 250, 50});
        QCOMPARE(tps(*c.lowestPerUser()), 10.0);
        QCOMPARE(tps(*c.highestPerUser()), 80.0);
        QVERIFY(!ThroughputCurve().lowestPerUser() && !ThroughputCurve().highestPerUser());
    }

    // InferenceX publishes its own monotone-cubic interpolation of the GB200 DeepSeek-R1 frontier
    // at fixed interactivities (tests/data/inferencex_gb200_dsr1.csv). Our log-space chord lies
    // below a concave frontier: never more than 3% above InferenceX's figure, at most 35% below.
    void conservativeAgainstInferenceXInterpolation()
    {
        const auto rows = testsupport::readCsv(testsupport::testData("inferencex_gb200_dsr1.csv"));
        QVERIFY(!rows.isEmpty());
        ThroughputCurve c;
        int id = 0;
        for (const auto& r : rows)
            if (r.value(QStringLiteral("row_type")) == u"measured_point")
                c.add(row(++id, "deepseek-r1", "gb200-nvl72",
                    r.value(QStringLiteral("interactivity_tok_s_user")).toDouble(),
                    r.value(QStringLiteral("throughput_per_gpu")).toDouble()));
        c.finish();
        QCOMPARE(id, 9);
        int compared = 0;
        for (const auto& r : rows) {
            if (r.value(QStringLiteral("row_type")) != u"interpolated_iso_interactivity")
                continue;
            const double at = r.value(QStringLiteral("interactivity_tok_s_user")).toDouble();
            const double theirs = r.value(QStringLiteral("throughput_per_gpu")).toDouble();
            const auto ours = c.read(units::tokens_per_second(at));
            QVERIFY(ours);
            const double v = tps(ours->totalPerGpu);
            QVERIFY2(v <= theirs * 1.03 && v >= theirs * 0.65,
                qPrintable(QStringLiteral("at %1 tok/s/user: InferenceX %2, ours %3, allowed [0.65, 1.03] x theirs")
                               .arg(at)
                               .arg(theirs)
                               .arg(v)));
            ++compared;
        }
        QCOMPARE(compared, 13);
    }
};

QTEST_APPLESS_MAIN(TestThroughputCurve)
#include "test_throughput_curve.moc"
