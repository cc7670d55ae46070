// SPDX-License-Identifier: GPL-3.0-or-later
// Uncertain inputs in scenario files: {"dist": ...} objects load with the field at the nominal
// value, round-trip byte for byte, and bad distributions are refused with file:line and the field.
#include "scenario_io.h"
#include "scenario/scenario_schema.h"
#include "analysis/distribution.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;

namespace {

// Line 6 holds utilization, line 7 the GPU-hour price, and so on: the bad cases edit one line.
std::string scenarioWith(const std::string& financeMembers)
{
    return "{\n"
           "  \"schema\": \"clusterplanner/scenario@1\",\n"
           "  \"system\": \"gb300-nvl72\",\n"
           "  \"workload\": {\"model\": \"deepseek-r1\", \"throughput_tokens_per_s_per_gpu\": 1000},\n"
           "  \"finance\": {\n" +
           financeMembers + "\n  }\n}\n";
}

const std::string kEveryKind =
    "    \"utilization\": {\"dist\": \"triangular\", \"low\": 0.5, \"mode\": 0.7, \"high\": 0.85, \"source\": \"ops\", "
    "\"grade\": \"estimate\"},\n"
    "    \"gpu_hour_usd\": {\"dist\": \"uniform\", \"low\": 1.5, \"high\": 3.5},\n"
    "    \"cost_of_capital\": {\"dist\": \"normal\", \"mean\": 0.1, \"sd\": 0.02, \"low\": 0.05, \"high\": 0.15},\n"
    "    \"system_price_usd\": {\"dist\": \"lognormal\", \"median\": 3500000, \"sigma\": 0.2}";

} // namespace

class TestScenarioDistributions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loadsEveryKindAtItsNominalValue()
    {
        auto s = parseScenario(scenarioWith(kEveryKind), "dist.json");
        QVERIFY2(s, s ? "" : s.error().message.c_str());
        const Scenario& sc = s.value();
        QCOMPARE(sc.distributions.size(), std::size_t(4));
        QCOMPARE(sc.finance.utilization.value, 0.7);       // the mode
        QCOMPARE(sc.finance.gpu_hour_usd.value, 2.5);      // the uniform's midpoint
        QCOMPARE(sc.finance.cost_of_capital.value, 0.1);   // the mean
        QCOMPARE(sc.finance.system_price_usd.value, 3.5e6); // the median
        QVERIFY(sc.finance.utilization.given);
        QCOMPARE(sc.finance.utilization.provenance.source, std::string("ops"));
        QCOMPARE(sc.finance.utilization.provenance.grade, Grade::Estimate);
        const Distribution& n = sc.distributions.at("finance.cost_of_capital");
        QCOMPARE(n.kind, DistributionKind::Normal);
        QCOMPARE(n.low, 0.05);
        QCOMPARE(n.high, 0.15);
        QCOMPARE(n.spread, 0.02);
        // A lognormal without bounds keeps them open (not written back).
        QVERIFY(std::isinf(sc.distributions.at("finance.system_price_usd").high));
    }

    void roundTripsExactly()
    {
        auto first = parseScenario(scenarioWith(kEveryKind), "dist.json");
        QVERIFY2(first, first ? "" : first.error().message.c_str());
        const std::string text = serializeScenario(first.value());
        QVERIFY2(text.find("\"dist\": \"triangular\"") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"mode\": 0.7") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"value\"") == std::string::npos, text.c_str()); // the nominal is not a second truth
        auto second = parseScenario(text, "copy.json");
        QVERIFY2(second, second ? "" : second.error().message.c_str());
        // Compared through their description: unused parameters are NaN, and NaN != NaN.
        QCOMPARE(second.value().distributions.size(), first.value().distributions.size());
        for (const auto& [path, d] : first.value().distributions)
            QCOMPARE(describeDistribution(second.value().distributions.at(path)), describeDistribution(d));
        QCOMPARE(second.value().finance.utilization.provenance.source, std::string("ops"));
        QCOMPARE(serializeScenario(second.value()), text);
    }

    void setReplacesTheDistribution()
    {
        auto s = parseScenario(scenarioWith(kEveryKind), "dist.json");
        QVERIFY(s);
        QVERIFY(setField(s.value(), "finance.utilization", "0.6"));
        QCOMPARE(s.value().distributions.count("finance.utilization"), std::size_t(0));
        const std::string text = serializeScenario(s.value());
        QVERIFY2(text.find("triangular") == std::string::npos, text.c_str());
        auto again = parseScenario(text, "copy.json");
        QVERIFY2(again, again ? "" : again.error().message.c_str());
        QCOMPARE(again.value().finance.utilization.value, 0.6);
        QCOMPARE(again.value().distributions.size(), std::size_t(3));
    }

    void refusesBadDistributions_data()
    {
        QTest::addColumn<QString>("member");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("low above high") << R"("gpu_hour_usd": {"dist": "uniform", "low": 3, "high": 1})"
                                        << "finance.gpu_hour_usd: uniform low 3 is above high 1";
        QTest::newRow("sigma zero") << R"("gpu_hour_usd": {"dist": "lognormal", "median": 2, "sigma": 0})"
                                    << "finance.gpu_hour_usd: lognormal sigma must be a finite number > 0";
        QTest::newRow("mode outside") << R"("utilization": {"dist": "triangular", "low": 0.5, "mode": 0.9, "high": 0.8})"
                                      << "finance.utilization: triangular mode 0.9 is outside";
        QTest::newRow("past the field's range") << R"("utilization": {"dist": "uniform", "low": 0.5, "high": 1.5})"
                                                << "outside the field's range";
        QTest::newRow("unknown kind") << R"("utilization": {"dist": "beta", "low": 0.5, "high": 0.9})"
                                      << "finance.utilization.dist must be one of";
        QTest::newRow("missing parameter") << R"("utilization": {"dist": "triangular", "low": 0.5, "high": 0.9})"
                                           << "needs \"mode\"";
        QTest::newRow("parameter of another kind") << R"("utilization": {"dist": "uniform", "low": 0.5, "high": 0.9, "sd": 1})"
                                                   << "unknown key \"sd\"";
        QTest::newRow("text parameter") << R"("utilization": {"dist": "uniform", "low": "a", "high": 0.9})"
                                        << "finance.utilization.low must be a number";
    }
    void refusesBadDistributions()
    {
        QFETCH(QString, member);
        QFETCH(QString, mentions);
        auto s = parseScenario(scenarioWith("    " + member.toStdString()), "bad.json");
        QVERIFY(!s);
        const QString msg = QString::fromStdString(s.error().message);
        QVERIFY2(msg.startsWith(QLatin1String("bad.json:6:")), qPrintable(msg)); // the file and the line
        QVERIFY2(msg.contains(mentions), qPrintable(msg));
    }
};

QTEST_APPLESS_MAIN(TestScenarioDistributions)
#include "test_scenario_distributions.moc"
