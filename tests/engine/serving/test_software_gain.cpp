// SPDX-License-Identifier: GPL-3.0-or-later
// Software gains between MLPerf rounds: rounds, scenarios and benchmarks read from a point's
// source, the gain fitted by hand, and the factor applied only across rounds.
#include "serving/software_gain.h"
#include "serving/throughput.h"
#include "throughput_fixtures.h"

#include <QtTest>
#include <cmath>

using namespace planner;

namespace {

// An MLPerf row as the importer writes its source: "mlperf-inference-v4.1 4.1-0007/llama2-70b-99/Server".
BenchmarkPoint mlperfRow(std::int64_t id, const std::string& round, const std::string& scenario, double total,
                         const std::string& system = "sys-a")
{
    const double perUser = scenario == "Offline" ? 0.0 : (scenario == "Server" ? 5.0 : 25.0);
    BenchmarkPoint p = fixtures::row(id, "dense-70b", system, perUser, total);
    p.source = "mlperf-inference-" + round + " " + round.substr(1) + "-0007/llama2-70b-99/" + scenario;
    return p;
}

// The estimate for sys-a's dense-70b in `round`, from `kept` alone, with the software gain fitted
// on every row of `fitted`.
std::optional<ThroughputEstimate> fromOneRow(const std::vector<BenchmarkPoint>& fitted, const BenchmarkPoint& kept,
                                             const Catalog& catalog, MlperfScenario s, int round)
{
    Calibration cal;
    cal.softwareGain = fitSoftwareGain(fitted, catalog);
    const std::vector<BenchmarkPoint> rows{kept};
    const ThroughputModel model(rows, catalog, cal);
    ThroughputQuery q;
    q.model = "dense-70b";
    q.system = "sys-a";
    q.scenario = s;
    q.minPerUser = units::tokens_per_second(s == MlperfScenario::Offline ? 0.0 : 5.0);
    q.round = round;
    auto e = model.estimate(q);
    return e ? std::optional(std::move(e).value()) : std::nullopt;
}

bool statesGain(const ThroughputEstimate& e, std::string_view prefix)
{
    for (const auto& input : e.evidence.inputs)
        if (input.view().starts_with(prefix))
            return true;
    return false;
}

} // namespace

class TestSoftwareGain : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = fixtures::twoGenerationCatalog();

private Q_SLOTS:
    void roundsScenariosAndBenchmarksComeFromTheSource()
    {
        QCOMPARE(mlperfRoundIndex("mlperf-inference-v5.1 5.1-0001/deepseek-r1/Server").value(), 11); // 2 x 5 + 1
        QCOMPARE(mlperfRoundIndex("mlperf-inference-v4.0 x").value(), 8);
        QVERIFY(!mlperfRoundIndex("inferencex abc"));
        QVERIFY(!mlperfRoundIndex("mlperf-inference-v4.7 x")); // rounds are X.0 and X.1
        QCOMPARE(roundName(11), std::string("v5.1"));
        const BenchmarkPoint p = mlperfRow(1, "v4.1", "Interactive", 100);
        QCOMPARE(scenarioOf(p), MlperfScenario::Interactive);
        QCOMPARE(benchmarkOf(p), std::string("llama2-70b")); // the accuracy target -99 dropped
        // Another source: Offline without a per-user rate, otherwise not an MLPerf scenario.
        QCOMPARE(scenarioOf(fixtures::row(2, "dense-70b", "sys-a", 0, 100)), MlperfScenario::Offline);
        QCOMPARE(scenarioOf(fixtures::row(3, "dense-70b", "sys-a", 20, 100)), MlperfScenario::Unknown);
        QVERIFY(benchmarkOf(fixtures::row(3, "dense-70b", "sys-a", 20, 100)).empty());
    }

    void gainFittedByHand()
    {
        // Offline 1000 -> 1200 from v4.0 to v4.1 (age 0, weight 1): g = log 1.2. Server: the median
        // of v4.1's three submissions (990; 5000 is an outlier) over 900: g = log 1.1.
        const std::vector<BenchmarkPoint> rows{
            mlperfRow(1, "v4.0", "Offline", 1000), mlperfRow(2, "v4.1", "Offline", 1200),
            mlperfRow(3, "v4.0", "Server", 900),   mlperfRow(4, "v4.1", "Server", 990),
            mlperfRow(5, "v4.1", "Server", 5000),  mlperfRow(6, "v4.1", "Server", 950)};
        const SoftwareGain g = fitSoftwareGain(rows, catalog);
        QCOMPARE(g.totalPairs, 2);
        QVERIFY(std::abs(g.logGainYoung[0] - std::log(1.2)) < 1e-12);
        QVERIFY(std::abs(g.logGainYoung[1] - std::log(1.1)) < 1e-12);
        // Interactive has no pair: least squares through the origin of both, (log 1.2 + log 1.1) / 2.
        QVERIFY(std::abs(g.logGainYoung[2] - 0.5 * (std::log(1.2) + std::log(1.1))) < 1e-12);
        // Both pairs are young steps: no mature pair, so later steps take the young rate with the decay.
        QCOMPARE(g.logGainMature[0], g.logGainYoung[0]);
        QCOMPARE(g.firstRound.at("dense-70b"), 8);
        // v4.1 -> v5.1 is two steps at ages 1 and 2: weight 1/2 + 1/3 = 5/6.
        QVERIFY(std::abs(g.factor("dense-70b", MlperfScenario::Offline, 9, 11) - std::pow(1.2, 5.0 / 6.0)) < 1e-12);
        QCOMPARE(g.factor("dense-70b", MlperfScenario::Offline, 11, 11), 1.0); // never within a round
        QCOMPARE(g.factor("dense-70b", MlperfScenario::Offline, 11, 9), 1.0);
        QCOMPARE(fitSoftwareGain({}, catalog).factor("dense-70b", MlperfScenario::Offline, 9, 11), 1.0);
    }

    // A young step and mature steps, fitted apart. Offline of one system: v4.0 1000, v4.1 1500
    // (age 0: g_y = log 1.5), v5.1 1650 (steps at ages 1 and 2, weight 1/2 + 1/3 = 5/6:
    // g_m = log 1.1 / (5/6)). Carried from v5.1 to v6.0 (age 3, weight 1/4): 1.1^(6/20); a
    // benchmark first seen in v5.1 carried to v6.0 takes the young step: x1.5.
    void youngAndMatureStepsHaveTheirOwnRates()
    {
        const std::vector<BenchmarkPoint> rows{mlperfRow(1, "v4.0", "Offline", 1000),
                                               mlperfRow(2, "v4.1", "Offline", 1500),
                                               mlperfRow(3, "v5.1", "Offline", 1650)};
        const SoftwareGain g = fitSoftwareGain(rows, catalog);
        QCOMPARE(g.totalPairs, 2);
        QVERIFY(std::abs(g.logGainYoung[0] - std::log(1.5)) < 1e-12);
        QVERIFY(std::abs(g.logGainMature[0] - std::log(1.1) * 6.0 / 5.0) < 1e-12);
        QVERIFY(std::abs(g.factor("dense-70b", MlperfScenario::Offline, 11, 12) - std::pow(1.1, 6.0 / 20.0)) < 1e-12);
        QVERIFY(std::abs(g.factor("young-model", MlperfScenario::Offline, 11, 12) - 1.5) < 1e-12);
        QCOMPARE(g.nextRound, 12); // v6.0 follows the newest round in the store
        // Both pairs fit exactly: no spread.
        QVERIFY(g.youngSd < 1e-12 && g.matureSd < 1e-12);
    }

    // The benchmark's own step, measured on two systems, stands for the rule's. Server, v5.1 -> v6.0:
    // sys-a 1000 -> 2000, sys-b 1000 -> 1800; median of log 2 and log 1.8 is log sqrt(3.6), x1.897.
    // Offline, v4.1 -> v5.1 on sys-a alone (x1.1): the rule, since one system makes no measured step.
    void aBenchmarksMeasuredStepStandsForTheRule()
    {
        const std::vector<BenchmarkPoint> rows{
            mlperfRow(1, "v5.1", "Server", 1000, "sys-a"),  mlperfRow(2, "v6.0", "Server", 2000, "sys-a"),
            mlperfRow(3, "v5.1", "Server", 1000, "sys-b"),  mlperfRow(4, "v6.0", "Server", 1800, "sys-b"),
            mlperfRow(5, "v4.1", "Offline", 1000, "sys-a"), mlperfRow(6, "v5.1", "Offline", 1100, "sys-a")};
        const SoftwareGain g = fitSoftwareGain(rows, catalog);
        QCOMPARE(g.measuredSteps.size(), std::size_t(1));
        const double step = std::sqrt(3.6);
        QVERIFY(std::abs(g.factor("dense-70b", MlperfScenario::Server, 11, 12) - step) < 1e-12);
        // Carried back from v6.0 to v5.1, the measured step is undone: 2,000 of v6.0 reads 1,054 for v5.1.
        QVERIFY(std::abs(g.factor("dense-70b", MlperfScenario::Server, 12, 11) - 1 / step) < 1e-12);
        // Another scenario has no measured step: the rule forward, nothing back.
        QVERIFY(std::abs(g.factor("dense-70b", MlperfScenario::Offline, 11, 12) - 1.0) > 1e-3);
        QCOMPARE(g.factor("dense-70b", MlperfScenario::Offline, 12, 11), 1.0);
        QCOMPARE(g.factor("dense-70b", MlperfScenario::Offline, 11, 9), 1.0);
        // v5.1 -> v6.1: the measured step, then the rule's for v6.0 -> v6.1 (age 3 from v4.1: weight 1/4).
        const double rule = std::exp(g.logGainMature[1] / 4.0);
        QVERIFY(std::abs(g.factor("dense-70b", MlperfScenario::Server, 11, 13) - step * rule) < 1e-12);
        // Its spread is at least the two systems' own: |log 2 - log sqrt 3.6| x sqrt 2.
        const double systemsSd = std::abs(std::log(2.0) - std::log(step)) * std::sqrt(2.0);
        QVERIFY(g.spread("dense-70b", MlperfScenario::Server, 11, 12) >= systemsSd - 1e-12);
        QVERIFY(g.spread("dense-70b", MlperfScenario::Server, 12, 11) >= systemsSd - 1e-12);
    }

    // A validation question for v5.1 answered from another system's v6.0 rows loses the measured step.
    void aLaterRoundsRowsAnswerAnEarlierRoundWithoutItsMeasuredGain()
    {
        const std::vector<BenchmarkPoint> rows{
            mlperfRow(1, "v5.1", "Server", 1000, "sys-a"), mlperfRow(2, "v6.0", "Server", 2000, "sys-a"),
            mlperfRow(3, "v5.1", "Server", 1000, "sys-b"), mlperfRow(4, "v6.0", "Server", 1800, "sys-b")};
        const auto back = fromOneRow(rows, rows[1], catalog, MlperfScenario::Server, 11);
        QVERIFY(back);
        QVERIFY(std::abs(units::in_tokens_per_second(back->totalPerGpu) - 2000 / std::sqrt(3.6)) < 1e-6);
        QVERIFY(statesGain(*back, "model:software-gain v6.0->v5.1"));
    }

    void appliedOnlyToRowsOfAnEarlierRound()
    {
        const std::vector<BenchmarkPoint> rows{mlperfRow(1, "v4.0", "Offline", 1000),
                                               mlperfRow(2, "v4.1", "Offline", 1200)};
        // v4.1 itself: the measured figure as it stands.
        const auto same = fromOneRow(rows, rows[1], catalog, MlperfScenario::Offline, 9);
        QVERIFY(same);
        QCOMPARE(units::in_tokens_per_second(same->totalPerGpu), 1200.0);
        QCOMPARE(same->softwareGain, 1.0);
        // v5.1: 1200 x 1.2^(5/6), stated in the evidence.
        const auto later = fromOneRow(rows, rows[1], catalog, MlperfScenario::Offline, 11);
        QVERIFY(later);
        const double factor = std::pow(1.2, 5.0 / 6.0);
        QVERIFY(std::abs(later->softwareGain - factor) < 1e-12);
        QVERIFY(std::abs(units::in_tokens_per_second(later->totalPerGpu) - 1200 * factor) < 1e-9);
        QVERIFY(statesGain(*later, "model:software-gain v4.1->v5.1"));
    }
};

QTEST_GUILESS_MAIN(TestSoftwareGain)
#include "test_software_gain.moc"
