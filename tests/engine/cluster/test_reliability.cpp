// SPDX-License-Identifier: GPL-3.0-or-later
// Reliability: the Llama 3 interruption figure, Young's and Daly's checkpoint intervals, the lost
// fraction, stragglers with and without burn-in, spares, inference downtime and bad inputs. Every
// expected value is worked out here by hand from the published figures, not taken from the engine.
#include "cluster/reliability.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>

using namespace planner;
using namespace planner::units;

namespace {

// Llama 3: 419 unexpected interruptions in 54 days on 16,384 GPUs (arXiv 2407.21783).
constexpr double kRatePerGpuHour = 419.0 / (16384.0 * 54.0 * 24.0); // 1.9735e-5
// The job's MTBF on all 16,384 GPUs: 54 x 24 h / 419 = 3.0931 h = 11,135.1 s.
constexpr double kLlama3MtbfSeconds = 54.0 * 24.0 * 3600.0 / 419.0;

QString qs(const char* text) { return QString::fromLatin1(text); }

ReliabilityInput llama3Cluster()
{
    ReliabilityInput in;
    in.gpus = 16384;
    in.failureRate = per_hour(kRatePerGpuHour);
    in.checkpointWriteTime = seconds(60.0);
    in.recoveryTime = seconds(600.0);
    return in;
}

} // namespace

class TestReliability : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultRateIsTheLlama3Figure()
    {
        const Sourced<Frequency>& rate = llama3FailureRate();
        VERIFY_NEAR(in_per_hour(rate.value), kRatePerGpuHour, 1e-15);
        VERIFY_NEAR(in_per_hour(ReliabilityInput{}.failureRate), kRatePerGpuHour, 1e-15);
        QCOMPARE(rate.provenance.grade, Grade::Vendor);
        QVERIFY(rate.provenance.source.find("2407.21783") != std::string::npos);
        QVERIFY(rate.provenance.source.find("Llama 3") != std::string::npos);
    }

    void interruptionsPerDay_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("expected");
        // The rate was derived from this cluster, so it must give back 419 in 54 days.
        QTest::newRow("16,384 GPUs give back Llama 3's 419 / 54 = 7.76 a day") << 16384 << 419.0 / 54.0;
        // Linear in N: a sixteenth of the GPUs, a sixteenth of the interruptions.
        QTest::newRow("1,024 GPUs see a sixteenth of that") << 1024 << 419.0 / 54.0 / 16.0;
        // 100,000 x 1.9735e-5 x 24 = 47.4 a day, one every 30 minutes (Epoch AI's rule of thumb).
        QTest::newRow("100,000 GPUs see one about every half hour")
            << 100000 << 100000 * kRatePerGpuHour * 24.0;
    }
    void interruptionsPerDay()
    {
        QFETCH(int, gpus);
        QFETCH(double, expected);
        ReliabilityInput in = llama3Cluster();
        in.gpus = gpus;
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().interruptionsPerDay, expected, 1e-9 * expected);
        // MTBF = 1 / (N x rate): 24 h / interruptions per day.
        VERIFY_NEAR(in_hours(r.value().mtbf), 24.0 / expected, 1e-9 * 24.0 / expected);
    }

    void llama3MtbfIsAboutThreeHours()
    {
        const auto r = trainingReliability(llama3Cluster());
        QVERIFY(r.has_value());
        // 54 days x 24 h / 419 = 3.0931 h ("1 every ~3.1 hours" in the reference book).
        VERIFY_NEAR(in_hours(r.value().mtbf), 3.0931, 1e-4);
    }

    void youngInterval_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("checkpointSeconds");
        QTest::addColumn<double>("expectedSeconds");
        // sqrt(2 x 60 s x 11,135.1 s) = sqrt(1,336,210 s^2) = 1,155.9 s: the reference book's
        // worked example ("MTBF 3.1 h, C = 60 s => about 1,156 s, 19 minutes").
        QTest::newRow("Llama 3 cluster with a 60 s checkpoint checkpoints every 1,156 s")
            << 16384 << 60.0 << std::sqrt(2.0 * 60.0 * kLlama3MtbfSeconds);
        // A quarter of the GPUs: MTBF x 4, interval x 2.
        QTest::newRow("a quarter of the GPUs doubles the interval")
            << 4096 << 60.0 << 2.0 * std::sqrt(2.0 * 60.0 * kLlama3MtbfSeconds);
        // Four times the write time: interval x 2.
        QTest::newRow("a 240 s checkpoint doubles it too")
            << 16384 << 240.0 << 2.0 * std::sqrt(2.0 * 60.0 * kLlama3MtbfSeconds);
    }
    void youngInterval()
    {
        QFETCH(int, gpus);
        QFETCH(double, checkpointSeconds);
        QFETCH(double, expectedSeconds);
        ReliabilityInput in = llama3Cluster();
        in.gpus = gpus;
        in.checkpointWriteTime = seconds(checkpointSeconds);
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(in_seconds(r.value().youngInterval), expectedSeconds, 1e-6 * expectedSeconds);
        // With no interval given, the job uses Young's.
        QCOMPARE(in_seconds(r.value().checkpointInterval), in_seconds(r.value().youngInterval));
    }

    void workedExampleIsAbout1156Seconds()
    {
        const auto r = trainingReliability(llama3Cluster());
        QVERIFY(r.has_value());
        VERIFY_NEAR(in_seconds(r.value().checkpointInterval), 1156.0, 1.0);
    }

    void dalyInterval_data()
    {
        QTest::addColumn<double>("checkpointMinutes");
        QTest::addColumn<double>("mtbfMinutes");
        QTest::addColumn<double>("expectedMinutes");
        QTest::addColumn<double>("tolerance");
        // Daly (2006), captions of figures 3-5, all with a 5-minute dump: tau_opt = 117, 57 and 9.1
        // minutes. By hand for 24 h: x = 5 / 2880; sqrt(2 x 5 x 1440) = 120;
        // 120 (1 + 0.04167 / 3 + 0.001736 / 9) - 5 = 116.7.
        QTest::newRow("Daly's figure 3: M = 24 h gives 117 min") << 5.0 << 1440.0 << 117.0 << 0.5;
        QTest::newRow("Daly's figure 4: M = 6 h gives 57 min") << 5.0 << 360.0 << 57.0 << 0.5;
        QTest::newRow("Daly's figure 5: M = 15 min gives 9.1 min") << 5.0 << 15.0 << 9.1 << 0.05;
        // C >= 2M: checkpoint once per MTBF.
        QTest::newRow("a dump longer than twice the MTBF falls back to M") << 40.0 << 15.0 << 15.0 << 1e-9;
    }
    void dalyInterval()
    {
        QFETCH(double, checkpointMinutes);
        QFETCH(double, mtbfMinutes);
        QFETCH(double, expectedMinutes);
        QFETCH(double, tolerance);
        const Time t = planner::dalyInterval(seconds(60.0 * checkpointMinutes), seconds(60.0 * mtbfMinutes));
        VERIFY_NEAR(in_seconds(t) / 60.0, expectedMinutes, tolerance);
    }

    void dalyIsShorterThanYoungByAboutTwoThirdsOfC()
    {
        // sqrt(2CM)(1 + sqrt(x)/3 + x/9) - C = sqrt(2CM) + C/3 + (small) - C when C << M.
        const auto r = trainingReliability(llama3Cluster());
        QVERIFY(r.has_value());
        const double gap = in_seconds(r.value().youngInterval) - in_seconds(r.value().dalyInterval);
        VERIFY_NEAR(gap, 40.0, 1.0);
    }

    void lostFraction_data()
    {
        QTest::addColumn<double>("intervalSeconds"); // 0 = Young
        QTest::addColumn<double>("expectedCheckpoint");
        QTest::addColumn<double>("expectedFailure");
        // Llama 3 cluster, C = 60 s, R = 600 s, M = 11,135.1 s, T = Young = 1,155.9 s.
        // A failure lands uniformly in a T + C = 1,215.9 s segment: rework (T + C) / 2 = 608.0 s,
        // plus R: f = 1,208.0 / 11,135.1 = 0.10848 of wall-clock on failures. The rest runs
        // segments in which C of T + C writes checkpoints: 0.89152 x 60 / 1,215.9 = 0.04399.
        const double t = std::sqrt(2.0 * 60.0 * kLlama3MtbfSeconds);
        const double f = ((t + 60.0) / 2.0 + 600.0) / kLlama3MtbfSeconds;
        QTest::newRow("Young's interval on the Llama 3 cluster loses 15%")
            << 0.0 << (1.0 - f) * 60.0 / (t + 60.0) << f;
        // One checkpoint an hour: rework (3,600 + 60) / 2 = 1,830 s, f = 2,430 / 11,135.1 = 0.2182;
        // checkpoints (1 - 0.2182) x 60 / 3,660 = 0.01282.
        const double fh = (3660.0 / 2.0 + 600.0) / kLlama3MtbfSeconds;
        QTest::newRow("an hourly checkpoint loses more to rework than it saves in writes")
            << 3600.0 << (1.0 - fh) * 60.0 / 3660.0 << fh;
    }
    void lostFraction()
    {
        QFETCH(double, intervalSeconds);
        QFETCH(double, expectedCheckpoint);
        QFETCH(double, expectedFailure);
        ReliabilityInput in = llama3Cluster();
        in.checkpointInterval = seconds(intervalSeconds);
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().checkpointFraction, expectedCheckpoint, 1e-9);
        VERIFY_NEAR(r.value().failureFraction, expectedFailure, 1e-9);
        VERIFY_NEAR(r.value().lostFraction, expectedCheckpoint + expectedFailure, 1e-9);
        // No stragglers: goodput is what is not lost.
        VERIFY_NEAR(r.value().goodput, 1.0 - expectedCheckpoint - expectedFailure, 1e-9);
    }

    void lostFractionMatchesFirstOrderForm()
    {
        // C/T + T/(2M) + R/M = 0.0519 + 0.0519 + 0.0539 = 0.1577 vs 0.1525 in product form: the
        // two agree to first order (the gap is C/(2M) and products of small terms).
        const auto r = trainingReliability(llama3Cluster());
        QVERIFY(r.has_value());
        const double t = in_seconds(r.value().checkpointInterval), m = kLlama3MtbfSeconds;
        const double firstOrder = 60.0 / t + t / (2.0 * m) + 600.0 / m;
        VERIFY_NEAR(r.value().lostFraction, firstOrder, 0.01);
    }

    void youngIntervalIsNearTheMinimumLoss()
    {
        const Time c = seconds(60.0), rec = seconds(600.0), m = seconds(kLlama3MtbfSeconds);
        const Time t = planner::youngInterval(c, m);
        const double atYoung = checkpointLoss(t, c, rec, m).lost();
        QVERIFY(atYoung < checkpointLoss(0.5 * t, c, rec, m).lost());
        QVERIFY(atYoung < checkpointLoss(2.0 * t, c, rec, m).lost());
    }

    void stragglerFactor_data()
    {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("slowdown");
        QTest::addColumn<double>("catchFraction");
        QTest::addColumn<double>("expected");
        // 1 - (1 - 1e-4)^16,384 = 1 - exp(16,384 x ln(0.9999)) = 1 - exp(-1.63848) = 0.80573:
        // a straggler holds back four steps in five; each such step takes 2x.
        const double present = 1.0 - std::pow(1.0 - 1e-4, 16384.0);
        QTest::newRow("one GPU in 10,000 twice as slow stalls 81% of steps on 16,384 GPUs")
            << 1e-4 << 2.0 << 0.0 << 1.0 + 1.0 * present;
        // Burn-in catching 90% leaves p = 1e-5: 1 - exp(-0.16384) = 0.15113.
        const double afterBurnIn = 1.0 - std::pow(1.0 - 1e-5, 16384.0);
        QTest::newRow("burn-in catching 90% cuts that to 15%")
            << 1e-4 << 2.0 << 0.9 << 1.0 + 1.0 * afterBurnIn;
        QTest::newRow("a slowdown of 1 is no straggler") << 1e-2 << 1.0 << 0.0 << 1.0;
        QTest::newRow("a perfect fleet has no stragglers") << 0.0 << 3.0 << 0.0 << 1.0;
        QTest::newRow("a certain straggler slows every step by s") << 1.0 << 3.0 << 0.0 << 3.0;
    }
    void stragglerFactor()
    {
        QFETCH(double, p);
        QFETCH(double, slowdown);
        QFETCH(double, catchFraction);
        QFETCH(double, expected);
        ReliabilityInput in = llama3Cluster();
        in.stragglerProbability = p;
        in.stragglerSlowdown = slowdown;
        in.burnInCatchFraction = catchFraction;
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().stragglerFactor, expected, 1e-12);
        // Goodput divides what failures leave by the mean step slowdown.
        VERIFY_NEAR(r.value().goodput, (1.0 - r.value().lostFraction) / expected, 1e-12);
    }

    void handStragglerFigure()
    {
        // The brief's figure, to four digits: 1 - (1 - 1e-4)^16384 = 0.8057.
        VERIFY_NEAR(probabilityAnyOf(1e-4, 16384), 0.8057, 1e-4);
        // Tiny p keeps its digits: 1 - (1 - 1e-12)^1000 = 1e-9 to nine digits.
        VERIFY_NEAR(probabilityAnyOf(1e-12, 1000), 1e-9, 1e-18);
    }

    void burnInCostsGpuHours()
    {
        ReliabilityInput in = llama3Cluster();
        in.spareFraction = 0.02;
        in.burnInPerGpu = hours(48.0);
        in.stragglerProbability = 1e-4;
        in.stragglerSlowdown = 2.0;
        in.burnInCatchFraction = 0.9;
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        // Spares: ceil(16,384 x 0.02 = 327.68) = 328; every GPU burned in 48 h:
        // (16,384 + 328) x 48 = 802,176 GPU-hours.
        QCOMPARE(r.value().spares, 328);
        VERIFY_NEAR(in_hours(r.value().burnInGpuTime), 802176.0, 1e-6);
        VERIFY_NEAR(r.value().effectiveStragglerProbability, 1e-5, 1e-18);
    }

    void sparesAreTheFractionRoundedUp_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<int>("expected");
        QTest::newRow("2% of 16,384 rounds 327.68 up to 328") << 16384 << 0.02 << 328;
        QTest::newRow("7% of 100 is 7, not 8 from rounding noise") << 100 << 0.07 << 7;
        QTest::newRow("0.1% of 1,000 is one spare") << 1000 << 0.001 << 1;
        QTest::newRow("no spare fraction, no spares") << 72 << 0.0 << 0;
    }
    void sparesAreTheFractionRoundedUp()
    {
        QFETCH(int, gpus);
        QFETCH(double, fraction);
        QFETCH(int, expected);
        ReliabilityInput in = llama3Cluster();
        in.gpus = gpus;
        in.spareFraction = fraction;
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        QCOMPARE(r.value().spares, expected);
    }

    void sparesBelowRepairQueueWarn()
    {
        // 16,384 x 1.9735e-5 per hour x 72 h = 23.3 GPUs waiting for repair on average.
        ReliabilityInput in = llama3Cluster();
        in.repairTime = hours(72.0);
        in.spareFraction = 0.001; // 17 spares
        auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().gpusInRepair, 16384 * kRatePerGpuHour * 72.0, 1e-9);
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QCOMPARE(r.value().warnings.front().where, std::string("cluster.spare_fraction"));
        in.spareFraction = 0.01; // 164 spares: enough
        r = trainingReliability(in);
        QVERIFY(r.value().warnings.empty());
    }

    void availabilityIsUptimeBetweenFailures()
    {
        // Training: the job is down R after each failure: (R/M) / (1 + R/M) with R/M = 600 / 11,135.1.
        const auto r = trainingReliability(llama3Cluster());
        QVERIFY(r.has_value());
        const double x = 600.0 / kLlama3MtbfSeconds;
        VERIFY_NEAR(r.value().availability, 1.0 - x / (1.0 + x), 1e-12);
    }

    void inferenceGoodput_data()
    {
        QTest::addColumn<int>("gpusPerDomain");
        QTest::addColumn<double>("recoveryHours");
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        // NVL72 rack: 72 x 1.9735e-5 = 1.4209e-3 failures an hour; down 4 h each:
        // x = 5.6837e-3, downtime x / (1 + x) = 5.6516e-3, goodput 0.99435.
        const double x72 = 72.0 * kRatePerGpuHour * 4.0;
        QTest::newRow("an NVL72 rack down 4 h per failure serves 99.4% of the time")
            << 72 << 4.0 << 0.0 << 1.0 - x72 / (1.0 + x72);
        // An 8-GPU node out for a day: x = 8 x 1.9735e-5 x 24 = 3.789e-3.
        const double x8 = 8.0 * kRatePerGpuHour * 24.0;
        QTest::newRow("an 8-GPU node down a day per failure") << 8 << 24.0 << 0.0 << 1.0 - x8 / (1.0 + x8);
        // Stragglers, p = 1e-4, s = 2: a rack has one with q = 1 - 0.9999^72 = 0.0071745 and then
        // serves at half speed; the fleet serves 1 - q / 2 of its healthy rate.
        const double q = 1.0 - std::pow(1.0 - 1e-4, 72.0);
        QTest::newRow("stragglers only slow their own rack")
            << 72 << 4.0 << 1e-4 << (1.0 - x72 / (1.0 + x72)) * (1.0 - q * 0.5);
    }
    void inferenceGoodput()
    {
        QFETCH(int, gpusPerDomain);
        QFETCH(double, recoveryHours);
        QFETCH(double, p);
        QFETCH(double, expected);
        ReliabilityInput in = llama3Cluster();
        in.gpusPerDomain = gpusPerDomain;
        in.recoveryTime = hours(recoveryHours);
        in.stragglerProbability = p;
        in.stragglerSlowdown = 2.0;
        const auto r = inferenceReliability(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().goodput, expected, 1e-12);
        VERIFY_NEAR(r.value().goodput, r.value().availability / r.value().stragglerFactor, 1e-12);
        QCOMPARE(r.value().lostFraction, 0.0); // no checkpoints, no rework
    }

    void inferenceLosesFarLessThanTraining()
    {
        // Same cluster and stragglers: training stalls everything on every failure and straggler.
        ReliabilityInput in = llama3Cluster();
        in.stragglerProbability = 1e-4;
        in.stragglerSlowdown = 2.0;
        const auto training = trainingReliability(in);
        const auto inference = inferenceReliability(in);
        QVERIFY(training.has_value() && inference.has_value());
        QVERIFY(inference.value().goodput > 0.99);
        QVERIFY(training.value().goodput < 0.5);
    }

    void failuresFasterThanRecoveryStopTheJob()
    {
        // 1e-3 per GPU-hour on 16,384 GPUs: M = 220 s, shorter than R = 600 s alone.
        ReliabilityInput in = llama3Cluster();
        in.failureRate = per_hour(1e-3);
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        QCOMPARE(r.value().goodput, 0.0);
        QCOMPARE(r.value().warnings.front().where, std::string("reliability.failures_per_gpu_hour"));
    }

    void noFailuresNoLoss()
    {
        ReliabilityInput in = llama3Cluster();
        in.failureRate = per_hour(0.0);
        const auto r = trainingReliability(in);
        QVERIFY(r.has_value());
        QCOMPARE(r.value().interruptionsPerDay, 0.0);
        QVERIFY(std::isinf(in_seconds(r.value().mtbf)));
        QCOMPARE(r.value().lostFraction, 0.0); // no reason to checkpoint at all
        QCOMPARE(r.value().goodput, 1.0);
    }

    void badInputNamesTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expectedWhere");
        const double nan = std::nan("");
        QTest::newRow("a NaN straggler probability")
            << qs("p") << nan << qs("reliability.straggler_probability");
        QTest::newRow("a straggler probability above 1")
            << qs("p") << 1.5 << qs("reliability.straggler_probability");
        QTest::newRow("a negative straggler probability")
            << qs("p") << -0.1 << qs("reliability.straggler_probability");
        QTest::newRow("a straggler faster than a healthy GPU")
            << qs("s") << 0.5 << qs("reliability.straggler_slowdown");
        QTest::newRow("burn-in catching more than everything")
            << qs("c") << 1.2 << qs("reliability.burnin_catch_fraction");
        QTest::newRow("a negative recovery time")
            << qs("recovery") << -60.0 << qs("reliability.recovery_minutes");
        QTest::newRow("an infinite checkpoint write")
            << qs("checkpoint") << HUGE_VAL << qs("reliability.checkpoint_write_s");
        QTest::newRow("a negative failure rate")
            << qs("rate") << -1e-5 << qs("reliability.failures_per_gpu_hour");
        QTest::newRow("a NaN spare fraction") << qs("spares") << nan << qs("cluster.spare_fraction");
        QTest::newRow("no GPUs") << qs("gpus") << 0.0 << qs("cluster.gpus");
    }
    void badInputNamesTheField()
    {
        QFETCH(QString, field);
        QFETCH(double, value);
        QFETCH(QString, expectedWhere);
        ReliabilityInput in = llama3Cluster();
        if (field == qs("p")) in.stragglerProbability = value;
        if (field == qs("s")) in.stragglerSlowdown = value;
        if (field == qs("c")) in.burnInCatchFraction = value;
        if (field == qs("recovery")) in.recoveryTime = seconds(value);
        if (field == qs("checkpoint")) in.checkpointWriteTime = seconds(value);
        if (field == qs("rate")) in.failureRate = per_hour(value);
        if (field == qs("spares")) in.spareFraction = value;
        if (field == qs("gpus")) in.gpus = static_cast<int>(value);
        for (const auto& r : {trainingReliability(in), inferenceReliability(in)}) {
            QVERIFY(r.has_error());
            QCOMPARE(r.error().kind, ErrorKind::BadInput);
            QCOMPARE(QString::fromStdString(r.error().where), expectedWhere);
            QVERIFY2(QString::fromStdString(r.error().message).contains(expectedWhere),
                     qPrintable(QString::fromStdString(r.error().message)));
        }
    }
};

QTEST_APPLESS_MAIN(TestReliability)
#include "test_reliability.moc"
