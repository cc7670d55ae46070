// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison table: row order (headline figures first, then the engine's order, each key
// once), values where a scenario has the figure, and ratios to the baseline worked out by hand.
#include "comparison_model.h"
#include "comparison_writer.h"
#include "csv_reader.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;

namespace {

ReportFigure figure(const std::string& key, double value, const std::string& unit, const std::string& grade)
{
    ReportFigure f;
    f.section = key.substr(0, key.find('.'));
    f.key = key;
    f.label = "label of " + key;
    f.value = value;
    f.unit = unit;
    f.grade = grade;
    return f;
}

// Three scenarios as the engine would publish them: sizing before results in A's list (the
// comparison still puts results first), a figure only B has, and a zero in the baseline.
std::vector<ReportModel> threeScenarios()
{
    ReportModel a, b, c;
    a.scenarioName = "A";
    a.figures = {figure("sizing.gpus", 1000, "GPUs", "vendor"), figure("results.cost_per_mtok_usd", 2.0, "USD/Mtok", "measured"),
                 figure("finance.rebate_usd", 0, "USD", "user")};
    b.scenarioName = "B";
    b.figures = {figure("results.cost_per_mtok_usd", 3.0, "USD/Mtok", "estimate"), figure("sizing.gpus", 1500, "GPUs", "vendor"),
                 figure("results.training_cost_usd", 7e6, "USD", "estimate"), figure("finance.rebate_usd", 5, "USD", "user")};
    c.scenarioName = "C";
    c.figures = {figure("results.cost_per_mtok_usd", 1.5, "USD/Mtok", "vendor"), figure("sizing.gpus", 800, "GPUs", "vendor")};
    return {a, b, c};
}

} // namespace

class TestComparisonModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headlineRowsComeFirstAndEachKeyOnce()
    {
        const ComparisonModel c = buildComparison(threeScenarios(), 0);
        std::vector<std::string> keys;
        for (const ComparisonRow& r : c.rows)
            keys.push_back(r.key);
        // results.* in the order first published (A's, then B's new one), then the rest in A's order.
        const std::vector<std::string> expected{"results.cost_per_mtok_usd", "results.training_cost_usd", "sizing.gpus",
                                                "finance.rebate_usd"};
        QCOMPARE(keys, expected);
        QCOMPARE(c.scenarioNames, (std::vector<std::string>{"A", "B", "C"}));
    }

    void ratiosAreValueOverBaseline_data()
    {
        QTest::addColumn<int>("baseline");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QList<double>>("expectedRatios"); // NaN = undefined (nullopt)
        const double none = std::nan("");
        // Baseline A: cost 2.0 -> B 3.0/2.0 = 1.5, C 1.5/2.0 = 0.75; GPUs 1500/1000 = 1.5, 800/1000 = 0.8.
        QTest::newRow("cost per Mtok against A") << 0 << QStringLiteral("results.cost_per_mtok_usd") << QList<double>{1.0, 1.5, 0.75};
        QTest::newRow("GPUs against A") << 0 << QStringLiteral("sizing.gpus") << QList<double>{1.0, 1.5, 0.8};
        // Baseline B: cost 2.0/3.0, 1, 1.5/3.0 = 0.5.
        QTest::newRow("cost per Mtok against B") << 1 << QStringLiteral("results.cost_per_mtok_usd") << QList<double>{2.0 / 3.0, 1.0, 0.5};
        // A training cost only B has: no ratio for A or C, B against itself is 1 only when B is the baseline.
        QTest::newRow("figure only B has, baseline A") << 0 << QStringLiteral("results.training_cost_usd") << QList<double>{none, none, none};
        QTest::newRow("figure only B has, baseline B") << 1 << QStringLiteral("results.training_cost_usd") << QList<double>{none, 1.0, none};
        // A zero in the baseline has no ratio (division by zero), C has no such figure.
        QTest::newRow("zero in the baseline") << 0 << QStringLiteral("finance.rebate_usd") << QList<double>{none, none, none};
        // B's 5 against... B: A's 0/5 = 0 is a real ratio.
        QTest::newRow("zero against a baseline") << 1 << QStringLiteral("finance.rebate_usd") << QList<double>{0.0, 1.0, none};
    }
    void ratiosAreValueOverBaseline()
    {
        QFETCH(int, baseline);
        QFETCH(QString, key);
        QFETCH(QList<double>, expectedRatios);
        const ComparisonModel c = buildComparison(threeScenarios(), static_cast<std::size_t>(baseline));
        QCOMPARE(c.baseline, static_cast<std::size_t>(baseline));
        const ComparisonRow* r = c.row(key.toStdString());
        QVERIFY(r);
        QCOMPARE(r->ratios.size(), std::size_t(3));
        for (int i = 0; i < 3; ++i) {
            const double want = expectedRatios[i];
            const auto& got = r->ratios[static_cast<std::size_t>(i)];
            if (std::isnan(want))
                QVERIFY2(!got, qPrintable(QStringLiteral("scenario %1 has ratio %2, expected none").arg(i).arg(got.value_or(0))));
            else
                VERIFY_RELATIVE(got.value_or(std::nan("")), want, 1e-15);
        }
    }

    void valuesGradesAndLabelsFollowTheScenarios()
    {
        const ComparisonModel c = buildComparison(threeScenarios(), 0);
        const ComparisonRow* r = c.row("results.training_cost_usd");
        QVERIFY(r);
        QVERIFY(!r->values[0] && !r->values[2]);
        QCOMPARE(r->values[1].value_or(0), 7e6);
        QCOMPARE(r->grades, (std::vector<std::string>{"", "estimate", ""}));
        QCOMPARE(r->unit, std::string("USD"));
        QCOMPARE(r->label, std::string("label of results.training_cost_usd"));
    }

    void outOfRangeBaselineFallsBackToTheFirst()
    {
        QCOMPARE(buildComparison(threeScenarios(), 7).baseline, std::size_t(0));
    }

    void csvHasValueAndRatioPerScenario()
    {
        const QByteArray csv = renderComparisonCsv(buildComparison(threeScenarios(), 0));
        CsvReader reader(std::string_view(csv.constData(), static_cast<std::size_t>(csv.size())));
        std::vector<std::vector<std::string>> rows;
        std::vector<std::string> fields;
        while (reader.next(fields))
            rows.push_back(fields);
        QVERIFY(reader.error().empty());
        QCOMPARE(rows.size(), std::size_t(5)); // header and four metrics
        QCOMPARE(rows[0], (std::vector<std::string>{"metric", "label", "unit", "A value", "A ratio", "B value", "B ratio",
                                                    "C value", "C ratio"}));
        // Cost: 2, ratio 1; 3, ratio 1.5; 1.5, ratio 0.75.
        QCOMPARE(rows[1], (std::vector<std::string>{"results.cost_per_mtok_usd", "label of results.cost_per_mtok_usd",
                                                    "USD/Mtok", "2", "1", "3", "1.5", "1.5", "0.75"}));
        // Missing values and undefined ratios are empty fields.
        QCOMPARE(rows[2], (std::vector<std::string>{"results.training_cost_usd", "label of results.training_cost_usd",
                                                    "USD", "", "", "7000000", "", "", ""}));
        QVERIFY(csv.endsWith("\r\n"));
    }
};

QTEST_GUILESS_MAIN(TestComparisonModel)
#include "test_comparison_model.moc"
