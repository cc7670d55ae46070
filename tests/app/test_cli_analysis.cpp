// SPDX-License-Identifier: GPL-3.0-or-later
// The montecarlo and tornado commands end to end, in-process: JSON keys, reproducibility for a
// seed and across thread counts, ranking, and exit code 2 naming the problem for a bad --dist.
#include "cli_test_support.h"
#include "json.h"
#include "test_support.h"

#include <QtTest>

#include <cmath>

using namespace planner;
using clitest::examplePath;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;

namespace {

const std::string kExample = "gb200-nvl72-deepseek-r1.json";

double number(const json::Value& root, const std::string& key)
{
    const json::Value* v = root.find(key);
    return v && v->type == json::Value::Type::Number ? v->number : std::nan("");
}

Run monteCarlo(const std::vector<std::string>& extra)
{
    // A fixed 45 racks, so the planned utilization applies (sized from demand, it would not).
    std::vector<std::string> args = {"montecarlo", examplePath(kExample), "--samples", "400", "--set", "cluster.racks=45",
                                     "--dist", "finance.utilization=triangular:0.5:0.7:0.85",
                                     "--dist", "facility.electricity_usd_per_kwh=lognormal:0.08:0.3"};
    args.insert(args.end(), extra.begin(), extra.end());
    return runCli(args);
}

} // namespace

class TestCliAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void monteCarloJsonKeys()
    {
        const Run r = monteCarlo({"--json", "--seed", "3"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        QCOMPARE(number(root, "samples"), 400.0);
        QCOMPARE(number(root, "infeasible_samples"), 0.0);
        for (const char* key : {"results.cost_per_mtok_usd", "results.cost_per_mtok_input_usd",
                                "results.tco_per_gpu_hour_usd", "results.tokens_served_per_year",
                                "sizing.facility_kw", "finance.total_usd_per_year"}) {
            const std::string k(key);
            const double p5 = number(root, k + ".p5"), p10 = number(root, k + ".p10"), p50 = number(root, k + ".p50"),
                         p90 = number(root, k + ".p90"), p95 = number(root, k + ".p95");
            QVERIFY2(std::isfinite(number(root, k + ".mean")), key);
            QVERIFY2(p5 <= p10 && p10 <= p50 && p50 <= p90 && p90 <= p95, key);
        }
        // Both inputs move cost: a spread, not one value.
        QVERIFY(number(root, "results.cost_per_mtok_usd.p95") > number(root, "results.cost_per_mtok_usd.p5"));
        QCOMPARE(root.find("inputs")->array->size(), std::size_t(2));
    }

    void monteCarloReproducibleAndThreadIndependent()
    {
        const Run one = monteCarlo({"--json", "--seed", "9", "--threads", "1"});
        const Run four = monteCarlo({"--json", "--seed", "9", "--threads", "4"});
        const Run again = monteCarlo({"--json", "--seed", "9", "--threads", "1"});
        const Run other = monteCarlo({"--json", "--seed", "10", "--threads", "1"});
        QVERIFY2(one.code == 0 && four.code == 0, (one.err + four.err).c_str());
        QCOMPARE(four.out, one.out);
        QCOMPARE(again.out, one.out);
        QVERIFY(other.out != one.out);
    }

    void monteCarloText()
    {
        const Run r = monteCarlo({});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("400 samples, seed 1") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("triangular(0.5, 0.7, 0.85)") != std::string::npos, r.out.c_str());
        // The cost row in words, its median as --json gives it written in dollars to 4 digits
        // ("$0.2074" for 0.20741...), and every line within 120 columns.
        const json::Value root = parsed(monteCarlo({"--json"}));
        const double p50 = number(root, "results.cost_per_mtok_usd.p50");
        char dollars[32];
        std::snprintf(dollars, sizeof dollars, "$%.4g", p50);
        const std::size_t row = r.out.find("\nCost per million tokens (input + output) ");
        QVERIFY2(row != std::string::npos, r.out.c_str());
        const std::string line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
        QVERIFY2(line.find(dollars) != std::string::npos, (line + " lacks " + dollars).c_str());
        std::size_t start = 0;
        for (std::size_t end; (end = r.out.find('\n', start)) != std::string::npos; start = end + 1)
            QVERIFY2(end - start <= 120, r.out.substr(start, end - start).c_str());
    }

    void badDistExitsTwo_data()
    {
        QTest::addColumn<QString>("dist");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown kind") << "finance.utilization=beta:1:2" << "unknown distribution \"beta\"";
        QTest::newRow("no PATH=") << "triangular:0.5:0.7:0.9" << "expected PATH=SPEC";
        QTest::newRow("unknown field") << "finance.utilisation=uniform:0.5:0.9" << "unknown field \"finance.utilisation\"";
        QTest::newRow("text field") << "facility.mode=uniform:1:2" << "facility.mode is not a numeric field";
        QTest::newRow("low above high") << "finance.utilization=uniform:0.9:0.5" << "low 0.9 is above high 0.5";
        QTest::newRow("past the field") << "finance.utilization=uniform:0.5:1.5" << "outside the field's range";
        QTest::newRow("sigma zero") << "finance.utilization=lognormal:0.7:0" << "sigma must be a finite number > 0";
        QTest::newRow("not a number") << "finance.utilization=uniform:x:0.9" << "\"x\" in \"uniform:x:0.9\" is not a number";
        QTest::newRow("too few numbers") << "finance.utilization=triangular:0.5:0.9" << "triangular takes 3 numbers";
    }
    void badDistExitsTwo()
    {
        QFETCH(QString, dist);
        QFETCH(QString, mentions);
        for (const char* command : {"montecarlo", "tornado"}) {
            std::vector<std::string> args = {command, examplePath(kExample), "--dist", dist.toStdString()};
            if (std::string(command) == "montecarlo")
                args.insert(args.end(), {"--samples", "10"});
            const Run r = runCli(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.find("--dist " + dist.toStdString()) == 0, r.err.c_str());
            QVERIFY2(r.err.find(mentions.toStdString()) != std::string::npos, r.err.c_str());
        }
    }

    // The example is sized from demand, so its planned utilization moves nothing: a distribution
    // on it would rank as a driver of zero. Refused, with the reason, by both commands.
    void distributionOnAnInputThatDoesNotApply()
    {
        for (const char* command : {"montecarlo", "tornado"}) {
            std::vector<std::string> args = {command, examplePath(kExample), "--dist",
                                             "finance.utilization=triangular:0.5:0.7:0.85"};
            if (std::string(command) == "montecarlo")
                args.insert(args.end(), {"--samples", "10"});
            const Run r = runCli(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.find("finance.utilization: uncertain, but not applicable") == 0, r.err.c_str());
            QVERIFY2(r.err.find("sized from demand") != std::string::npos, r.err.c_str());
        }
    }

    void monteCarloUsageAndInputErrors()
    {
        QCOMPARE(runCli({"montecarlo", examplePath(kExample)}).code, 1); // --samples is required
        QCOMPARE(runCli({"montecarlo", examplePath(kExample), "--samples", "0"}).code, 1);
        const Run none = runCli({"montecarlo", examplePath(kExample), "--samples", "10"});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.find("no uncertain inputs") != std::string::npos, none.err.c_str());
        const Run help = runCli({"montecarlo", "--help"});
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.find("correlations between inputs are not modelled") != std::string::npos, help.out.c_str());
    }

    // A predicted throughput is uncertain by its band and nothing else is invented: with no --dist,
    // Monte Carlo samples the throughput alone, log-normal through the band's P10 and P90, so its
    // P10-P90 of cost per Mtok is evaluate's band (which holds every other input) up to sampling.
    // The tolerance is 15% at each end; GB300's example predicts its throughput.
    void monteCarloOfAPredictedThroughputMatchesTheEvaluateBand()
    {
        const std::string example = examplePath("gb300-nvl72-deepseek-r1.json");
        const Run ev = runCli({"evaluate", example, "--json"});
        QVERIFY2(ev.code == 0, ev.err.c_str());
        const json::Value evaluated = parsed(ev);
        const json::Value* band = evaluated.find("bands")->find("results.cost_per_mtok_usd");
        QVERIFY(band);
        const Run mc = runCli({"montecarlo", example, "--samples", "4000", "--json"});
        QVERIFY2(mc.code == 0, mc.err.c_str());
        const json::Value sampled = parsed(mc);
        VERIFY_RELATIVE(number(sampled, "results.cost_per_mtok_usd.p10"), number(*band, "p10"), 0.15);
        VERIFY_RELATIVE(number(sampled, "results.cost_per_mtok_usd.p90"), number(*band, "p90"), 0.15);
        const json::Value* inputs = sampled.find("inputs");
        QVERIFY(inputs && inputs->array && inputs->array->size() == 1);
        QCOMPARE(inputs->array->front().find("path")->string, std::string("workload.throughput_tokens_per_s_per_gpu"));

        // The tornado ranks the same throughput band with the cost drivers.
        const Run t = runCli({"tornado", example, "--json"});
        QVERIFY2(t.code == 0, t.err.c_str());
        bool throughputBar = false;
        const json::Value tornadoRoot = parsed(t);
        for (const json::Value& bar : *tornadoRoot.find("bars")->array)
            throughputBar = throughputBar || bar.find("path")->string == "workload.throughput_tokens_per_s_per_gpu";
        QVERIFY(throughputBar);
    }

    void tornadoRanksAndMatchesEvaluate()
    {
        const Run ev = runCli({"evaluate", examplePath(kExample), "--json", "--set", "cluster.racks=45"});
        QVERIFY2(ev.code == 0, ev.err.c_str());
        const double cost = parsed(ev).find("results")->find("cost_per_mtok_usd")->number;

        const Run r = runCli({"tornado", examplePath(kExample), "--json", "--set", "cluster.racks=45", "--dist",
                              "finance.utilization=triangular:0.5:0.7:0.85"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        VERIFY_RELATIVE(number(root, "base"), cost, 1e-12);
        const auto& bars = *root.find("bars")->array;
        // Build mode: utilization (its distribution), electricity, system price, build cost per
        // MW, and the example's explicit throughput.
        QCOMPARE(bars.size(), std::size_t(5));
        double previous = INFINITY;
        bool sawUtilization = false;
        for (const json::Value& bar : bars) {
            const double swing = number(bar, "swing");
            QVERIFY(swing <= previous);
            previous = swing;
            VERIFY_RELATIVE(swing, std::abs(number(bar, "output_at_high") - number(bar, "output_at_low")), 1e-12);
            if (bar.find("path")->string == "finance.utilization") {
                sawUtilization = true;
                QCOMPARE(bar.find("basis")->string, std::string("P10-P90 of triangular(0.5, 0.7, 0.85)"));
                // Cost per token falls as utilization rises.
                QVERIFY(number(bar, "output_at_high") < number(bar, "output_at_low"));
            }
        }
        QVERIFY(sawUtilization);
    }

    void tornadoText()
    {
        const Run r = runCli({"tornado", examplePath(kExample)});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("Tornado of results.cost_per_mtok_usd (USD/Mtok)") == 0, r.out.c_str());
        QVERIFY2(r.out.find("±20% of") != std::string::npos, r.out.c_str());
        const Run bad = runCli({"tornado", examplePath(kExample), "--output", "results.nonsense"});
        QCOMPARE(bad.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliAnalysis)
#include "test_cli_analysis.moc"
