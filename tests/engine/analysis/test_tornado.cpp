// SPDX-License-Identifier: GPL-3.0-or-later
// Tornado: a hand-built rented scenario whose cost per million tokens has a closed form
// (rent_fixture.h), so every bar's ends are computed here by hand and the ranking follows.
#include "analysis/tornado.h"

#include "rent_fixture.h"
#include "test_support.h"

#include "analysis/uncertain_inputs.h"

#include <QtTest>

using namespace planner;
using analysis_fixture::rentedCostPerMtok;
using analysis_fixture::rentedScenario;

class TestTornado : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ranksHandBuiltCase()
    {
        // price 2 USD/GPU-hour, 5000 tokens/s/GPU, utilization 0.5: base 2e6 / 9e6 = 0.2222 USD/Mtok.
        const Scenario s = rentedScenario(2.0, 5000, 0.5);
        // Given in the reverse of the expected rank, so the sort has to do the work.
        const std::vector<Swing> swings = {
            {"facility.electricity_usd_per_kwh", 0.05, 0.20, "test"},   // rent: the price is all-in, width 0
            {"workload.throughput_tokens_per_s_per_gpu", 4000, 6000, "test"}, // 0.2778 .. 0.1852: width 0.0926
            {"finance.utilization", 0.4, 0.8, "test"},                  // 0.2778 .. 0.1389: width 0.1389
            {"finance.gpu_hour_usd", 1.5, 3.0, "test"},                 // 0.1667 .. 0.3333: width 0.1667
        };
        auto bars = tornado(s, builtinCatalog(), {}, swings);
        QVERIFY2(bars, bars ? "" : bars.error().message.c_str());
        const auto& b = bars.value();
        QCOMPARE(b.size(), std::size_t(4));
        QCOMPARE(b[0].swing.path, std::string("finance.gpu_hour_usd"));
        QCOMPARE(b[1].swing.path, std::string("finance.utilization"));
        QCOMPARE(b[2].swing.path, std::string("workload.throughput_tokens_per_s_per_gpu"));
        QCOMPARE(b[3].swing.path, std::string("facility.electricity_usd_per_kwh"));

        const double base = rentedCostPerMtok(2.0, 5000, 0.5);
        for (const TornadoBar& bar : b) {
            VERIFY_RELATIVE(bar.base, base, 1e-9);
            QVERIFY(bar.problem.empty());
        }
        VERIFY_RELATIVE(b[0].outputAtLow, rentedCostPerMtok(1.5, 5000, 0.5), 1e-9);
        VERIFY_RELATIVE(b[0].outputAtHigh, rentedCostPerMtok(3.0, 5000, 0.5), 1e-9);
        VERIFY_RELATIVE(b[1].outputAtLow, rentedCostPerMtok(2.0, 5000, 0.4), 1e-9);
        VERIFY_RELATIVE(b[1].outputAtHigh, rentedCostPerMtok(2.0, 5000, 0.8), 1e-9);
        VERIFY_RELATIVE(b[2].outputAtLow, rentedCostPerMtok(2.0, 4000, 0.5), 1e-9);
        VERIFY_RELATIVE(b[2].outputAtHigh, rentedCostPerMtok(2.0, 6000, 0.5), 1e-9);
        VERIFY_RELATIVE(b[3].outputAtLow, base, 1e-9);
        VERIFY_RELATIVE(b[3].outputAtHigh, base, 1e-9);
    }

    void otherOutputs()
    {
        // Tokens per second per GPU is the explicit figure itself: only the throughput swing moves it.
        const Scenario s = rentedScenario(2.0, 5000, 0.5);
        const std::vector<Swing> swings = {{"finance.gpu_hour_usd", 1.5, 3.0, ""},
                                           {"workload.throughput_tokens_per_s_per_gpu", 4000, 6000, ""}};
        auto bars = tornado(s, builtinCatalog(), {}, swings, "results.tokens_per_s_per_gpu");
        QVERIFY2(bars, bars ? "" : bars.error().message.c_str());
        QCOMPARE(bars.value().front().swing.path, std::string("workload.throughput_tokens_per_s_per_gpu"));
        VERIFY_RELATIVE(bars.value().front().outputAtLow, 4000, 1e-12);
        VERIFY_RELATIVE(bars.value().front().outputAtHigh, 6000, 1e-12);
        QCOMPARE(bars.value().back().width(), 0.0);
    }

    void refusesBadSwings_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<QString>("outputKey");
        QTest::addColumn<QString>("expected"); // a piece of the message
        QTest::newRow("unknown path") << "finance.utilisation" << 0.4 << 0.6 << "results.cost_per_mtok_usd"
                                      << "unknown field \"finance.utilisation\"";
        QTest::newRow("text field") << "facility.mode" << 0.4 << 0.6 << "results.cost_per_mtok_usd"
                                    << "facility.mode is not a numeric field";
        QTest::newRow("out of bounds") << "finance.utilization" << 0.4 << 1.5 << "results.cost_per_mtok_usd"
                                       << "finance.utilization";
        QTest::newRow("unknown output") << "finance.utilization" << 0.4 << 0.6 << "results.nonsense"
                                        << "no output \"results.nonsense\"";
    }
    void refusesBadSwings()
    {
        QFETCH(QString, path);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QString, outputKey);
        QFETCH(QString, expected);
        const std::vector<Swing> swings = {{path.toStdString(), low, high, ""}};
        const std::string key = outputKey.toStdString();
        auto bars = tornado(rentedScenario(2.0, 5000, 0.5), builtinCatalog(), {}, swings, key);
        QVERIFY(!bars);
        QVERIFY2(bars.error().message.find(expected.toStdString()) != std::string::npos,
                 bars.error().message.c_str());
    }

    void defaultSwingsUseDistributionsThenDrivers()
    {
        Scenario s = rentedScenario(2.0, 5000, 0.5);
        // Triangular(0.4, 0.5, 0.8): CDF at the mode = 0.1 / 0.4 = 0.25.
        //   P10 (below the mode) = 0.4 + sqrt(0.10 x 0.4 x 0.1) = 0.4 + sqrt(0.004)
        //   P90 (above the mode) = 0.8 - sqrt(0.10 x 0.4 x 0.3) = 0.8 - sqrt(0.012)
        Distribution tri;
        tri.kind = DistributionKind::Triangular;
        tri.low = 0.4, tri.center = 0.5, tri.high = 0.8;
        QVERIFY(setDistribution(s, "finance.utilization", tri));
        const auto swings = defaultSwings(s);
        QCOMPARE(swings.size(), std::size_t(3)); // utilization (distribution), GPU-hour price, throughput
        QCOMPARE(swings[0].path, std::string("finance.utilization"));
        VERIFY_RELATIVE(swings[0].low, 0.4 + std::sqrt(0.004), 1e-12);
        VERIFY_RELATIVE(swings[0].high, 0.8 - std::sqrt(0.012), 1e-12);
        QCOMPARE(swings[0].basis, std::string("P10-P90 of triangular(0.4, 0.5, 0.8)"));
        QCOMPARE(swings[1].path, std::string("finance.gpu_hour_usd"));
        VERIFY_RELATIVE(swings[1].low, 1.6, 1e-12);
        VERIFY_RELATIVE(swings[1].high, 2.4, 1e-12);
        QCOMPARE(swings[1].basis, std::string("±20% of $2/GPU-hour")); // the value as reports print it, with its unit
        QCOMPARE(swings[2].path, std::string("workload.throughput_tokens_per_s_per_gpu"));
        VERIFY_RELATIVE(swings[2].low, 4000, 1e-12);
        VERIFY_RELATIVE(swings[2].high, 6000, 1e-12);
    }

    void defaultSwingsClampToBounds()
    {
        // Utilization 0.9 + 20% = 1.08 is past the field's maximum of 1: the swing stops at 1.
        const auto swings = defaultSwings(rentedScenario(2.0, 5000, 0.9));
        QCOMPARE(swings.front().path, std::string("finance.utilization"));
        VERIFY_RELATIVE(swings.front().low, 0.72, 1e-12);
        QCOMPARE(swings.front().high, 1.0);
    }

    void defaultSwingsOwnedModes()
    {
        // Build mode on the resolved scenario: the catalog's system price is swung too.
        Scenario s = rentedScenario(2.0, 5000, 0.5);
        QVERIFY(setField(s, "facility.mode", "build"));
        auto e = evaluate(s, builtinCatalog());
        QVERIFY2(e, e ? "" : e.error().message.c_str());
        std::vector<std::string> paths;
        for (const Swing& sw : defaultSwings(e.value().resolved))
            paths.push_back(sw.path);
        const std::vector<std::string> expected = {"finance.utilization", "facility.electricity_usd_per_kwh",
                                                   "finance.system_price_usd", "facility.build_usd_per_mw",
                                                   "workload.throughput_tokens_per_s_per_gpu"};
        QCOMPARE(paths, expected);
        // With its prefill pool on HGX B200 nodes, their price is swung after the racks'.
        QVERIFY(setField(s, "workload.serving", "disaggregated"));
        QVERIFY(setField(s, "workload.prefill_system", "hgx-b200"));
        auto mixed = evaluate(s, builtinCatalog());
        QVERIFY2(mixed, mixed ? "" : mixed.error().message.c_str());
        paths.clear();
        for (const Swing& sw : defaultSwings(mixed.value().resolved))
            paths.push_back(sw.path);
        QCOMPARE(paths[3], std::string("finance.prefill_system_price_usd"));
        const double price = mixed.value().resolved.finance.prefill_system_price_usd.value;
        VERIFY_RELATIVE(defaultSwings(mixed.value().resolved)[3].low, 0.8 * price, 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestTornado)
#include "test_tornado.moc"
