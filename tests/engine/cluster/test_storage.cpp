// SPDX-License-Identifier: GPL-3.0-or-later
// Storage: checkpoint sizes against the reference book, write time with and without replication,
// a retention policy's capacity per tier worked by hand, and what tiers, minimum retention,
// replication and cross-region reads cost.
#include "cluster/storage.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>

using namespace planner;
using namespace planner::units;

namespace {

// A month is 730 h = 30.4167 days, so "delete after 3 months" is 91.25 days.
constexpr double kMonthDays = 730.0 / 24.0;

// The brief's policy: 4 checkpoints a day of 10 TB, keep 8 hot, archive after 7 days, delete after
// 3 months. Prices are CoreWeave's hot / warm / cold object storage per GB-month.
StorageInput fourADay()
{
    StorageInput in;
    in.checkpointSize = terabytes(10.0);
    in.retention.checkpointRate = 4.0 / days(1.0);
    in.retention.keepHot = 8;
    in.retention.archiveAfter = days(7.0);
    in.retention.deleteAfter = months(3.0);
    in.prices.hot.storagePerMonth = usd_per_gb(0.06);
    in.prices.warm.storagePerMonth = usd_per_gb(0.03);
    in.prices.archive.storagePerMonth = usd_per_gb(0.015);
    return in;
}

CheckpointWriteInput tenTerabytes(Replication mode)
{
    CheckpointWriteInput in;
    in.size = terabytes(10.0);
    in.localWrite = gigabytes_per_second(100.0); // 10 TB in 100 s
    in.interRegion = gigabits_per_second(400.0); // 50 GB/s: 10 TB in 200 s
    in.mode = mode;
    return in;
}

} // namespace

class TestStorage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void checkpointSizeMatchesReferenceBook_data()
    {
        QTest::addColumn<double>("parameters");
        QTest::addColumn<double>("expectedTb");
        // Reference book, section 4: "checkpoint size examples @14 B/param: 70B / 405B / 671B =
        // 0.98 / 5.67 / 9.39 TB".
        QTest::newRow("70B at 14 bytes a parameter is 0.98 TB") << 70e9 << 0.98;
        QTest::newRow("405B at 14 bytes a parameter is 5.67 TB") << 405e9 << 5.67;
        QTest::newRow("671B at 14 bytes a parameter is 9.39 TB") << 671e9 << 9.394;
    }
    void checkpointSizeMatchesReferenceBook()
    {
        QFETCH(double, parameters);
        QFETCH(double, expectedTb);
        const DataSize size = checkpointSize(parameters, kTrainingCheckpointBytesPerParam);
        VERIFY_NEAR(in_terabytes(size), expectedTb, 1e-9);
    }

    void weightsOnlyForInference_data()
    {
        QTest::addColumn<double>("parameters");
        QTest::addColumn<int>("precision");
        QTest::addColumn<double>("expectedGb");
        // Reference book: Llama 405B BF16 about 810 GB; DeepSeek-R1 FP8 about 671 GB.
        QTest::newRow("Llama 405B in BF16 is 810 GB") << 405e9 << int(Precision::BF16) << 810.0;
        QTest::newRow("DeepSeek-R1 671B in FP8 is 671 GB") << 671e9 << int(Precision::FP8) << 671.0;
        QTest::newRow("a 120B model in FP4 is 60 GB") << 120e9 << int(Precision::FP4) << 60.0;
    }
    void weightsOnlyForInference()
    {
        QFETCH(double, parameters);
        QFETCH(int, precision);
        QFETCH(double, expectedGb);
        VERIFY_NEAR(in_gigabytes(weightsSize(parameters, Precision(precision))), expectedGb, 1e-9);
    }

    void trainingBytesPerParameterIsSourced()
    {
        // ZeRO: 2 (bf16 weights) + 2 (bf16 grads) + 12 (fp32 master, m, v) = 16; gradients not saved.
        QCOMPARE(kTrainingStateBytesPerParam, 16.0);
        QCOMPARE(trainingCheckpointBytesPerParam().value, kTrainingStateBytesPerParam - 2.0);
        QVERIFY(trainingCheckpointBytesPerParam().provenance.source.find("ZeRO") != std::string::npos);
    }

    void checkpointWrite_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<double>("localGbPerS");
        QTest::addColumn<double>("expectedBlocking");
        QTest::addColumn<double>("expectedLag");
        // 10 TB: local at 100 GB/s takes 100 s; the 400 Gb/s = 50 GB/s inter-region copy 200 s.
        QTest::newRow("without replication the job waits for the local write only")
            << int(Replication::None) << 100.0 << 100.0 << 0.0;
        QTest::newRow("sync dual-region waits for the slower inter-region copy")
            << int(Replication::Sync) << 100.0 << 200.0 << 0.0;
        // 10 TB at 20 GB/s locally is 500 s, now slower than the 200 s copy.
        QTest::newRow("sync dual-region waits for the local write when that is slower")
            << int(Replication::Sync) << 20.0 << 500.0 << 0.0;
        QTest::newRow("async with write acceleration waits 100 s, the copy lags 200 s")
            << int(Replication::AsyncAccelerated) << 100.0 << 100.0 << 200.0;
    }
    void checkpointWrite()
    {
        QFETCH(int, mode);
        QFETCH(double, localGbPerS);
        QFETCH(double, expectedBlocking);
        QFETCH(double, expectedLag);
        CheckpointWriteInput in = tenTerabytes(Replication(mode));
        in.localWrite = gigabytes_per_second(localGbPerS);
        const auto r = planner::checkpointWrite(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(in_seconds(r.value().blocking), expectedBlocking, 1e-9);
        VERIFY_NEAR(in_seconds(r.value().replicationLag), expectedLag, 1e-9);
        QVERIFY(r.value().warnings.empty());
    }

    void asyncReplicationSlowerThanTheIntervalWarns()
    {
        CheckpointWriteInput in = tenTerabytes(Replication::AsyncAccelerated);
        in.interval = seconds(150.0); // a 200 s copy every 150 s never catches up
        auto r = planner::checkpointWrite(in);
        QVERIFY(r.has_value());
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QCOMPARE(r.value().warnings.front().where, std::string("storage.inter_region_gb_per_s"));
        in.interval = seconds(1200.0);
        in.localCapacity = terabytes(5.0); // but 10 TB do not fit in 5 TB of local NVMe
        r = planner::checkpointWrite(in);
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QCOMPARE(r.value().warnings.front().where, std::string("storage.local_nvme_tb"));
    }

    void retentionSteadyState()
    {
        // 4 a day: the 8 newest span 2 days (hot); warm from 2 to 7 days holds 4 x 5 = 20;
        // archive from 7 to 91.25 days holds 4 x 84.25 = 337. At 10 TB: 80, 200 and 3,370 TB.
        const auto r = storagePlan(fourADay());
        QVERIFY(r.has_value());
        const StorageResult& s = r.value();
        VERIFY_NEAR(in_days(s.residence.hot), 2.0, 1e-9);
        VERIFY_NEAR(in_days(s.residence.warm), 5.0, 1e-9);
        VERIFY_NEAR(in_days(s.residence.archive), 3.0 * kMonthDays - 7.0, 1e-9);
        VERIFY_NEAR(s.steadyCheckpoints.hot, 8.0, 1e-9);
        VERIFY_NEAR(s.steadyCheckpoints.warm, 20.0, 1e-9);
        VERIFY_NEAR(s.steadyCheckpoints.archive, 337.0, 1e-9);
        VERIFY_NEAR(in_terabytes(s.steadyPerRegion.hot), 80.0, 1e-9);
        VERIFY_NEAR(in_terabytes(s.steadyPerRegion.warm), 200.0, 1e-9);
        VERIFY_NEAR(in_terabytes(s.steadyPerRegion.archive), 3370.0, 1e-9);
        QVERIFY(s.warnings.empty());
    }

    void retentionMonthByMonth_data()
    {
        QTest::addColumn<int>("month");
        QTest::addColumn<double>("expectedArchiveTb");
        // At the end of month m (t = 30.4167 m days) the archive holds what is 7 days or older:
        // 4 x (t - 7) checkpoints, up to 337 once t reaches 91.25 days.
        QTest::newRow("after one month the archive holds 4 x 23.42 checkpoints")
            << 1 << 4.0 * (kMonthDays - 7.0) * 10.0;
        QTest::newRow("after two months 4 x 53.83") << 2 << 4.0 * (2.0 * kMonthDays - 7.0) * 10.0;
        QTest::newRow("after three months it is full at 3,370 TB") << 3 << 3370.0;
        QTest::newRow("after two years it is still 3,370 TB") << 24 << 3370.0;
    }
    void retentionMonthByMonth()
    {
        QFETCH(int, month);
        QFETCH(double, expectedArchiveTb);
        const auto r = storagePlan(fourADay());
        QVERIFY(r.has_value());
        QCOMPARE(r.value().months.size(), std::size_t(24));
        const StorageMonth& m = r.value().months.at(month - 1);
        QCOMPARE(m.month, month);
        VERIFY_NEAR(in_terabytes(m.endOfMonth.archive), expectedArchiveTb, 1e-6);
        // Hot and warm fill within the first week, so every month ends with 80 and 200 TB.
        VERIFY_NEAR(in_terabytes(m.endOfMonth.hot), 80.0, 1e-6);
        VERIFY_NEAR(in_terabytes(m.endOfMonth.warm), 200.0, 1e-6);
    }

    void firstMonthIsBilledOnItsAverage()
    {
        // Month 1 is T = 30.4167 days. The hot count ramps 0 -> 8 over 2 days and stays at 8:
        // mean = 4 x (2^2 / 2 + 2 x (T - 2)) / T = 7.737, so 77.37 TB-months.
        // Warm ramps 0 -> 20 between days 2 and 7: 4 x (5^2 / 2 + 5 x (T - 7)) / T = 17.04.
        // Archive ramps from day 7, not yet full: 4 x (T - 7)^2 / 2 / T = 36.06.
        const double t = kMonthDays;
        const auto r = storagePlan(fourADay());
        QVERIFY(r.has_value());
        const StorageMonth& m = r.value().months.front();
        VERIFY_NEAR(in_terabytes(m.billed.hot), 10.0 * 4.0 * (2.0 + 2.0 * (t - 2.0)) / t, 1e-6);
        VERIFY_NEAR(in_terabytes(m.billed.warm), 10.0 * 4.0 * (12.5 + 5.0 * (t - 7.0)) / t, 1e-6);
        VERIFY_NEAR(in_terabytes(m.billed.archive), 10.0 * 4.0 * (t - 7.0) * (t - 7.0) / 2.0 / t, 1e-6);
        // At $0.06 per GB-month: 77,370 GB x 0.06 = $4,642.
        VERIFY_NEAR(in_usd(m.cost.hot.storage), in_gigabytes(m.billed.hot) * 0.06, 1e-6);
    }

    void steadyMonthlyCost_data()
    {
        QTest::addColumn<int>("regions");
        QTest::addColumn<double>("egressUsdPerGb");
        QTest::addColumn<double>("expectedHot");
        QTest::addColumn<double>("expectedWarm");
        QTest::addColumn<double>("expectedArchive");
        QTest::addColumn<double>("expectedReplication");
        // One region: 80,000 GB x $0.06 = $4,800; 200,000 x 0.03 = $6,000; 3,370,000 x 0.015 = $50,550.
        QTest::newRow("one region pays 4,800 + 6,000 + 50,550 dollars a month")
            << 1 << 0.02 << 4800.0 << 6000.0 << 50550.0 << 0.0;
        // Two regions hold two copies of each; every new checkpoint leaves its region once:
        // 4 x 30.4167 = 121.67 checkpoints x 10,000 GB x $0.02 = $24,333 a month.
        QTest::newRow("two regions pay twice and egress each checkpoint once")
            << 2 << 0.02 << 9600.0 << 12000.0 << 101100.0 << 4.0 * kMonthDays * 10000.0 * 0.02;
        QTest::newRow("three regions egress each checkpoint twice")
            << 3 << 0.02 << 14400.0 << 18000.0 << 151650.0 << 2.0 * 4.0 * kMonthDays * 10000.0 * 0.02;
    }
    void steadyMonthlyCost()
    {
        QFETCH(int, regions);
        QFETCH(double, egressUsdPerGb);
        QFETCH(double, expectedHot);
        QFETCH(double, expectedWarm);
        QFETCH(double, expectedArchive);
        QFETCH(double, expectedReplication);
        StorageInput in = fourADay();
        in.regions = regions;
        in.prices.hot.egress = usd_per_gb(egressUsdPerGb);
        const auto r = storagePlan(in);
        QVERIFY(r.has_value());
        const StorageMonth& s = r.value().steady;
        VERIFY_NEAR(in_usd(s.cost.hot.storage), expectedHot, 1e-6);
        VERIFY_NEAR(in_usd(s.cost.warm.storage), expectedWarm, 1e-6);
        VERIFY_NEAR(in_usd(s.cost.archive.storage), expectedArchive, 1e-6);
        VERIFY_NEAR(in_usd(s.replication), expectedReplication, 1e-6);
        VERIFY_NEAR(in_usd(s.total), expectedHot + expectedWarm + expectedArchive + expectedReplication, 1e-6);
        // From month 4 on (t >= 91.25 days) every month is the steady one.
        VERIFY_NEAR(in_usd(r.value().months.at(3).total), in_usd(s.total), 1e-6);
        VERIFY_NEAR(in_terabytes(r.value().steadyStored.archive), 3370.0 * regions, 1e-6);
    }

    void minimumRetentionBillsEarlyDeletion()
    {
        // Warm has a 30-day minimum but checkpoints stay 5 days: each is billed 25 more days,
        // 10,000 GB x $0.03 x 25 / 30.4167 = $246.58. In steady state 4 x 30.4167 leave a month:
        // 4 x 25 x 10,000 x 0.03 = $30,000 a month. In month 1 they leave from day 7 on:
        // 4 x (30.4167 - 7) = 93.67 of them.
        StorageInput in = fourADay();
        in.prices.warm.minimumRetention = days(30.0);
        const auto r = storagePlan(in);
        QVERIFY(r.has_value());
        const double perCheckpoint = 10000.0 * 0.03 * 25.0 / kMonthDays;
        VERIFY_NEAR(in_usd(r.value().steady.cost.warm.earlyDeletion), 30000.0, 1e-6);
        VERIFY_NEAR(in_usd(r.value().months.front().cost.warm.earlyDeletion),
                    4.0 * (kMonthDays - 7.0) * perCheckpoint, 1e-6);
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QCOMPARE(r.value().warnings.front().where, std::string("storage.warm_tier"));
    }

    void archiveMinimumStartsBillingAtFirstDeletion()
    {
        // A 180-day archive minimum against 84.25 days of stay: nothing is deleted before
        // day 91.25, so months 1-3 pay no penalty; then 95.75 extra days per checkpoint.
        StorageInput in = fourADay();
        in.prices.archive.minimumRetention = days(180.0);
        const auto r = storagePlan(in);
        QVERIFY(r.has_value());
        for (int m = 0; m < 3; ++m)
            QCOMPARE(in_usd(r.value().months.at(m).cost.archive.earlyDeletion), 0.0);
        const double extraMonths = (180.0 - (3.0 * kMonthDays - 7.0)) / kMonthDays;
        VERIFY_NEAR(in_usd(r.value().steady.cost.archive.earlyDeletion),
                    4.0 * kMonthDays * 10000.0 * 0.015 * extraMonths, 1e-6);
    }

    void cacheHitRatioCutsCrossRegionReads_data()
    {
        QTest::addColumn<double>("hitRatio");
        QTest::addColumn<double>("expectedCrossRegionTb");
        // A 100 TB dataset read twice a month from another region: 200 TB before the cache.
        QTest::newRow("without a cache every read crosses regions") << 0.0 << 200.0;
        QTest::newRow("an 80% hit ratio leaves a fifth, 40 TB") << 0.8 << 40.0;
        QTest::newRow("a perfect cache leaves nothing") << 1.0 << 0.0;
    }
    void cacheHitRatioCutsCrossRegionReads()
    {
        QFETCH(double, hitRatio);
        QFETCH(double, expectedCrossRegionTb);
        StorageInput in = fourADay();
        in.dataset = terabytes(100.0);
        in.datasetRemoteReadsPerMonth = 2.0;
        in.cacheHitRatio = hitRatio;
        in.prices.hot.retrieval = usd_per_gb(0.01);
        in.prices.hot.egress = usd_per_gb(0.09);
        const auto r = storagePlan(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(in_terabytes(r.value().crossRegionReadsPerMonth), expectedCrossRegionTb, 1e-9);
        // Misses pay retrieval ($0.01/GB) and egress ($0.09/GB): 200 TB cost $2,000 + $18,000.
        const StorageMonth& m = r.value().months.front();
        VERIFY_NEAR(in_usd(m.cost.hot.retrieval), expectedCrossRegionTb * 1000.0 * 0.01, 1e-6);
        VERIFY_NEAR(in_usd(m.cost.hot.egress), expectedCrossRegionTb * 1000.0 * 0.09, 1e-6);
        // The dataset itself sits hot, one copy: 80 + 100 TB in steady state.
        VERIFY_NEAR(in_terabytes(r.value().steadyStored.hot), 180.0, 1e-9);
    }

    void keepingMoreHotThanTheWarmWindowEmptiesWarm()
    {
        // Keep 40 hot at 4 a day = 10 days, longer than the 7-day archive age: keeping them hot
        // wins, warm is empty, the archive holds days 10 to 91.25: 4 x 81.25 = 325 checkpoints.
        StorageInput in = fourADay();
        in.retention.keepHot = 40;
        const auto r = storagePlan(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().steadyCheckpoints.hot, 40.0, 1e-9);
        VERIFY_NEAR(r.value().steadyCheckpoints.warm, 0.0, 1e-9);
        VERIFY_NEAR(r.value().steadyCheckpoints.archive, 4.0 * (3.0 * kMonthDays - 10.0), 1e-9);
    }

    void deletingBeforeArchiveWarns()
    {
        StorageInput in = fourADay();
        in.retention.deleteAfter = days(5.0);
        const auto r = storagePlan(in);
        QVERIFY(r.has_value());
        VERIFY_NEAR(r.value().steadyCheckpoints.archive, 0.0, 1e-9);
        VERIFY_NEAR(r.value().steadyCheckpoints.warm, 12.0, 1e-9); // days 2 to 5
        QCOMPARE(r.value().warnings.size(), std::size_t(1));
        QCOMPARE(r.value().warnings.front().where, std::string("storage.delete_after_months"));
    }

    void tierPriceTakesTheCatalogChoice()
    {
        StorageTierSpec spec;
        spec.pricePerGbMonth.claims.push_back({usd_per_gb(0.015), Provenance{"CoreWeave", "", Grade::Vendor}});
        spec.minimumRetention.claims.push_back({days(30.0), Provenance{}});
        const TierPrice p = tierPrice(spec);
        VERIFY_NEAR(in_usd_per_gb(p.storagePerMonth), 0.015, 1e-15);
        QCOMPARE(in_usd_per_gb(p.egress), 0.0); // unknown: no fee
        VERIFY_NEAR(in_days(p.minimumRetention), 30.0, 1e-12);
    }

    void replicationNamesRoundTrip()
    {
        for (Replication r : {Replication::None, Replication::Sync, Replication::AsyncAccelerated})
            QVERIFY(replicationFromName(replicationName(r)) == std::optional<Replication>(r));
        QVERIFY(!replicationFromName("sometimes").has_value());
    }

    void badStorageInputNamesTheField_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expectedWhere");
        QTest::newRow("a cache hit ratio above 1") << 0 << 1.2 << QStringLiteral("storage.cache_hit_ratio");
        QTest::newRow("a NaN checkpoint rate")
            << 1 << std::nan("") << QStringLiteral("storage.checkpoints_per_day");
        QTest::newRow("a negative dataset") << 2 << -1.0 << QStringLiteral("storage.dataset_tb");
        QTest::newRow("no region at all") << 3 << 0.0 << QStringLiteral("storage.replication_regions");
        QTest::newRow("a NaN warm price")
            << 4 << std::nan("") << QStringLiteral("storage.warm_tier.usd_per_gb_month");
        QTest::newRow("deleting at age zero") << 5 << 0.0 << QStringLiteral("storage.delete_after_months");
        QTest::newRow("a negative number of hot checkpoints")
            << 6 << -1.0 << QStringLiteral("storage.checkpoints_kept_hot");
    }
    void badStorageInputNamesTheField()
    {
        QFETCH(int, which);
        QFETCH(double, value);
        QFETCH(QString, expectedWhere);
        StorageInput in = fourADay();
        switch (which) {
        case 0: in.cacheHitRatio = value; break;
        case 1: in.retention.checkpointRate = value / days(1.0); break;
        case 2: in.dataset = terabytes(value); break;
        case 3: in.regions = int(value); break;
        case 4: in.prices.warm.storagePerMonth = usd_per_gb(value); break;
        case 5: in.retention.deleteAfter = days(value); break;
        case 6: in.retention.keepHot = int(value); break;
        }
        const auto r = storagePlan(in);
        QVERIFY(r.has_error());
        QCOMPARE(r.error().kind, ErrorKind::BadInput);
        QCOMPARE(QString::fromStdString(r.error().where), expectedWhere);
        QVERIFY2(QString::fromStdString(r.error().message).contains(expectedWhere),
                 qPrintable(QString::fromStdString(r.error().message)));
    }

    void badWriteInputNamesTheField_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<double>("localGbPerS");
        QTest::addColumn<double>("interGbps");
        QTest::addColumn<QString>("expectedWhere");
        QTest::newRow("no local write bandwidth") << int(Replication::None) << 0.0 << 400.0
                                                   << QStringLiteral("storage.write_gb_per_s");
        QTest::newRow("sync replication over no link") << int(Replication::Sync) << 100.0 << 0.0
                                                        << QStringLiteral("storage.inter_region_gb_per_s");
        QTest::newRow("a NaN inter-region link") << int(Replication::AsyncAccelerated) << 100.0 << std::nan("")
                                                 << QStringLiteral("storage.inter_region_gb_per_s");
    }
    void badWriteInputNamesTheField()
    {
        QFETCH(int, mode);
        QFETCH(double, localGbPerS);
        QFETCH(double, interGbps);
        QFETCH(QString, expectedWhere);
        CheckpointWriteInput in = tenTerabytes(Replication(mode));
        in.localWrite = gigabytes_per_second(localGbPerS);
        in.interRegion = gigabits_per_second(interGbps);
        const auto r = planner::checkpointWrite(in);
        QVERIFY(r.has_error());
        QCOMPARE(QString::fromStdString(r.error().where), expectedWhere);
    }
};

QTEST_APPLESS_MAIN(TestStorage)
#include "test_storage.moc"
