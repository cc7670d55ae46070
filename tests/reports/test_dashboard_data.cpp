// SPDX-License-Identifier: GPL-3.0-or-later
// What the dashboard and the PDF's summary draw from an evaluation: the cost breakdown keeps its
// largest lines as bars of their own and stacks the rest in one "other" bar, so a quarter of a
// 1280x800 screen keeps its labels; and a tile's band fits its width in a short form.
#include "app/cli_test_support.h"
#include "cli_common.h"
#include "evaluated_example.h"
#include "analysis_charts.h"
#include "dashboard_data.h"
#include "scenario/scenario_schema.h"
#include "figure_text.h"

#include <QtTest>

#include <algorithm>
#include <numeric>

using namespace planner;
using reporttest::evaluated;

namespace {

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

} // namespace

class TestDashboardData : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void breakdownShowsTheFourLargestLinesAndTheRest()
    {
        const Evaluation e = evaluated(clitest::examplePath("gb200-nvl72-deepseek-r1.json"));
        const ChartSpec c = buildDashboardData(e, {}).costBreakdown;
        // Every non-zero cost line of the year, in M USD, whichever kind.
        std::vector<std::pair<std::string, double>> lines;
        for (const auto* list : {&e.finance.capital, &e.finance.opex})
            for (const CostLine& l : *list)
                if (const double v = units::in_usd_per_year(l.perYear) / 1e6; v != 0)
                    lines.emplace_back(l.name, v);
        QVERIFY2(lines.size() > 5, "the example has more lines than the chart shows by themselves");
        QCOMPARE(c.categories.size(), std::size_t(5));
        QCOMPARE(c.categories.back(), std::string("other"));
        QCOMPARE(c.series.size(), std::size_t(2)); // capital, operating
        // The four shown by name are the four largest lines, each at its own value.
        std::vector<double> values;
        for (const auto& l : lines)
            values.push_back(l.second);
        std::sort(values.begin(), values.end(), std::greater<>());
        for (std::size_t i = 0; i < 4; ++i) {
            const auto line = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == c.categories[i]; });
            QVERIFY2(line != lines.end(), c.categories[i].c_str());
            const double bar = c.series[0].values[i] + c.series[1].values[i];
            QCOMPARE(bar, line->second);
            QVERIFY2(bar >= values[3], c.categories[i].c_str());
        }
        // Nothing is lost: the bars add up to the year's cost.
        const double total = units::in_usd_per_year(e.finance.totalPerYear) / 1e6;
        QVERIFY(std::abs(sum(c.series[0].values) + sum(c.series[1].values) - total) < 1e-9 * total);
    }

    void sweepAxesReadAsWords()
    {
        const Evaluation e = evaluated(clitest::examplePath("gb200-nvl72-deepseek-r1.json"));
        // An output by the evaluation's label and its unit; without an evaluation, its key.
        const SweepQuantity cost{"results.cost_per_mtok_usd", headlineFromKey("results.cost_per_mtok_usd"), nullptr};
        QCOMPARE(sweepAxisTitle(cost, &e), std::string("Cost per million tokens (input + output), USD/Mtok"));
        QCOMPARE(sweepAxisTitle(cost, nullptr), std::string("results.cost_per_mtok_usd"));
        const SweepQuantity capex{"results.capex_usd", headlineFromKey("results.capex_usd"), nullptr};
        QCOMPARE(sweepAxisTitle(capex, &e), std::string("Capital expenditure (USD)"));
        // A field by its label, which already names its unit here.
        const SweepQuantity slo{"workload.min_tokens_per_s_per_user", std::nullopt,
                                findField("workload.min_tokens_per_s_per_user")};
        QCOMPARE(sweepAxisTitle(slo, nullptr), std::string("Interactivity (tokens/s per user)"));
    }

    void aTileBandHasAShortForm()
    {
        QCOMPARE(compactBand(0.1183, 0.2521, "USD/Mtok"), std::string("P10-P90 $0.12 to $0.25"));
        QCOMPARE(compactRange(0.1183, 0.2521, "USD/Mtok"), std::string("$0.12 to $0.25"));
        // Seven digits do not fit a tile: a million and up reads with M.
        QCOMPARE(compactRange(3.31e6, 6.72e6, "tokens/s/MW"), std::string("3.3M to 6.7M"));
        QCOMPARE(compactRange(25, 48, "racks"), std::string("25 to 48"));
    }
};

QTEST_GUILESS_MAIN(TestDashboardData)
#include "test_dashboard_data.moc"
