// SPDX-License-Identifier: GPL-3.0-or-later
// Training run: 6 N D FLOPs, ideal and wall-clock time, GPU-hours and cost, worked by hand.
#include "cluster/training.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>

using namespace planner;
using namespace planner::units;

namespace {

constexpr double kH100DenseBf16 = 989e12; // FLOP/s, NVIDIA datasheet via the reference book

// 70B parameters on 1T tokens, 1,024 H100 at 40% MFU and 90% goodput, $2 per GPU-hour.
TrainingInput seventyB()
{
    TrainingInput in;
    in.parameters = 70e9;
    in.tokens = units::tokens(1e12);
    in.gpus = 1024;
    in.peakFlopsPerGpu = per_second(kH100DenseBf16);
    in.mfu = 0.4;
    in.goodput = 0.9;
    in.gpuHourPrice = usd_per_hour(2.0);
    return in;
}

} // namespace

class TestTraining : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void llama3FlopsMatchMeta()
    {
        // Meta reports 3.8e25 FLOPs for Llama 3 405B on 15.6T tokens: 6 x 405e9 x 15.6e12 = 3.79e25.
        VERIFY_NEAR(trainingFlops(405e9, tokens(15.6e12)), 3.8e25, 0.01 * 3.8e25);
    }

    void wallAndGpuHoursFollowGoodputSparesAndBurnIn_data()
    {
        QTest::addColumn<double>("goodput");
        QTest::addColumn<int>("spares");
        QTest::addColumn<double>("burnInGpuHours");
        QTest::addColumn<double>("expectedWallHours");
        QTest::addColumn<double>("expectedGpuHours");
        // 6 x 70e9 x 1e12 = 4.2e23 FLOPs over 1,024 x 989e12 x 0.4 = 4.0509e17 FLOP/s:
        // 1,036,796 s = 288.0 h ideal.
        const double ideal = 4.2e23 / (1024.0 * kH100DenseBf16 * 0.4) / 3600.0;
        QTest::newRow("perfect goodput runs the ideal 288 hours")
            << 1.0 << 0 << 0.0 << ideal << 1024.0 * ideal;
        // At 90% goodput: 288.0 / 0.9 = 320.0 h, 1,024 x 320.0 = 327,680 GPU-hours.
        QTest::newRow("90% goodput stretches it to 320 hours")
            << 0.9 << 0 << 0.0 << ideal / 0.9 << 1024.0 * ideal / 0.9;
        // 20 spares idle for the whole 320 h, and (1,024 + 20) x 48 h of burn-in, are paid too.
        QTest::newRow("spares and burn-in are paid for as well")
            << 0.9 << 20 << 1044.0 * 48.0 << ideal / 0.9 << 1044.0 * ideal / 0.9 + 1044.0 * 48.0;
    }
    void wallAndGpuHoursFollowGoodputSparesAndBurnIn()
    {
        QFETCH(double, goodput);
        QFETCH(int, spares);
        QFETCH(double, burnInGpuHours);
        QFETCH(double, expectedWallHours);
        QFETCH(double, expectedGpuHours);
        TrainingInput in = seventyB();
        in.goodput = goodput;
        in.spareGpus = spares;
        in.burnInGpuTime = hours(burnInGpuHours);
        const auto r = trainingRun(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().flops, 4.2e23, 1e-6 * 4.2e23);
        VERIFY_NEAR(in_hours(r.value().wallClock), expectedWallHours, 1e-9 * expectedWallHours);
        VERIFY_NEAR(in_hours(r.value().totalGpuTime), expectedGpuHours, 1e-9 * expectedGpuHours);
        // $2 per GPU-hour.
        VERIFY_NEAR(in_usd(r.value().cost), 2.0 * expectedGpuHours, 1e-9 * expectedGpuHours);
    }

    void zeroGoodputIsInfeasible()
    {
        TrainingInput in = seventyB();
        in.goodput = 0.0;
        const auto r = trainingRun(in);
        QVERIFY(r.has_error());
        QCOMPARE(r.error().kind, ErrorKind::Infeasible);
        QCOMPARE(r.error().where, std::string("reliability.goodput"));
    }

    void highMfuWarns()
    {
        TrainingInput in = seventyB();
        in.mfu = 0.75;
        const auto r = trainingRun(in);
        QVERIFY(r.has_value());
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QCOMPARE(r.value().warnings.front().where, std::string("workload.mfu"));
    }

    void badInputNamesTheField_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expectedWhere");
        QTest::newRow("a NaN parameter count") << 0 << std::nan("") << QStringLiteral("training.parameters");
        QTest::newRow("an MFU above 1") << 1 << 1.2 << QStringLiteral("workload.mfu");
        QTest::newRow("an MFU of zero") << 1 << 0.0 << QStringLiteral("workload.mfu");
        QTest::newRow("a negative token count") << 2 << -1e12 << QStringLiteral("workload.training_tokens");
        QTest::newRow("a goodput above 1") << 3 << 1.1 << QStringLiteral("reliability.goodput");
    }
    void badInputNamesTheField()
    {
        QFETCH(int, which);
        QFETCH(double, value);
        QFETCH(QString, expectedWhere);
        TrainingInput in = seventyB();
        switch (which) {
        case 0: in.parameters = value; break;
        case 1: in.mfu = value; break;
        case 2: in.tokens = tokens(value); break;
        case 3: in.goodput = value; break;
        }
        const auto r = trainingRun(in);
        QVERIFY(r.has_error());
        QCOMPARE(r.error().kind, ErrorKind::BadInput);
        QCOMPARE(QString::fromStdString(r.error().where), expectedWhere);
    }
};

QTEST_APPLESS_MAIN(TestTraining)
#include "test_training.moc"
