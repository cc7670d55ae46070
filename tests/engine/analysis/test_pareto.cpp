// SPDX-License-Identifier: GPL-3.0-or-later
// Pareto extraction against a brute-force definition (a point is on the frontier when no other
// point dominates it) on random points drawn from a small grid, so ties on one objective and exact
// duplicates are frequent; and a hand-built case with the frontier worked out below.
#include "analysis/pareto.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace planner;

namespace {

std::vector<std::size_t> bruteForce(const std::vector<double>& v, const std::vector<Direction>& d)
{
    const std::size_t k = d.size(), n = v.size() / k;
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < n; ++i) {
        std::span<const double> p(v.data() + i * k, k);
        if (std::any_of(p.begin(), p.end(), [](double x) { return std::isnan(x); }))
            continue;
        bool dominated = false;
        for (std::size_t j = 0; j < n && !dominated; ++j) {
            std::span<const double> q(v.data() + j * k, k);
            dominated = std::none_of(q.begin(), q.end(), [](double x) { return std::isnan(x); }) &&
                        dominates(q, p, d);
        }
        if (!dominated)
            out.push_back(i);
    }
    return out;
}

} // namespace

class TestPareto : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handBuilt()
    {
        // (cost, interactivity), cost min, interactivity max:
        //  0 (1, 10)  frontier: cheapest
        //  1 (2, 20)  frontier
        //  2 (2, 15)  dominated by 1 (same cost, less interactive)
        //  3 (3, 20)  dominated by 1 (dearer, same interactivity)
        //  4 (5, 40)  frontier: most interactive
        //  5 (2, 20)  exact duplicate of 1: kept too (duplicates do not dominate each other)
        //  6 (NaN, 50) never on the frontier
        const std::vector<double> v{1, 10, 2, 20, 2, 15, 3, 20, 5, 40, 2, 20, std::nan(""), 50};
        const std::vector<Direction> d{Direction::Minimize, Direction::Maximize};
        QCOMPARE(paretoFrontier(v, d), (std::vector<std::size_t>{0, 1, 4, 5}));
    }

    void againstBruteForce_data()
    {
        QTest::addColumn<int>("objectives");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("grid"); // values drawn from 0..grid-1: small grids force ties and duplicates
        QTest::newRow("1 objective") << 1 << 200 << 10;
        QTest::newRow("2 objectives, many ties") << 2 << 300 << 6;
        QTest::newRow("2 objectives, few ties") << 2 << 500 << 1000;
        QTest::newRow("3 objectives") << 3 << 300 << 8;
        QTest::newRow("4 objectives") << 4 << 200 << 5;
    }
    void againstBruteForce()
    {
        QFETCH(int, objectives);
        QFETCH(int, points);
        QFETCH(int, grid);
        std::mt19937_64 rng(12345 + objectives * 7 + grid);
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<Direction> d;
            for (int j = 0; j < objectives; ++j)
                d.push_back(rng() % 2 ? Direction::Maximize : Direction::Minimize);
            const int n = 1 + int(rng() % unsigned(points));
            std::vector<double> v;
            for (int i = 0; i < n * objectives; ++i)
                v.push_back(rng() % 50 == 0 ? std::nan("") : double(rng() % unsigned(grid)) * 0.5 - 1.0);
            if (trial % 5 == 0) // whole points repeated
                for (int i = 0; i < n / 3; ++i)
                    for (int j = 0; j < objectives; ++j)
                        v.push_back(v[std::size_t(i * objectives + j)]);
            QCOMPARE(paretoFrontier(v, d), bruteForce(v, d));
        }
    }

    void frontierOfUnionIsFrontierOfFrontiers()
    {
        // What merging shards relies on: frontier(A u B) = frontier(frontier(A) u frontier(B)).
        std::mt19937_64 rng(7);
        const std::vector<Direction> d{Direction::Minimize, Direction::Maximize};
        std::vector<double> all;
        for (int i = 0; i < 2000; ++i)
            all.push_back(double(rng() % 40));
        std::vector<double> halves;
        for (std::size_t start : {std::size_t(0), all.size() / 2}) {
            std::vector<double> part(all.begin() + long(start), all.begin() + long(start + all.size() / 2));
            for (std::size_t i : paretoFrontier(part, d))
                halves.insert(halves.end(), part.begin() + long(2 * i), part.begin() + long(2 * i + 2));
        }
        std::vector<std::pair<double, double>> direct, merged;
        for (std::size_t i : paretoFrontier(all, d))
            direct.emplace_back(all[2 * i], all[2 * i + 1]);
        for (std::size_t i : paretoFrontier(halves, d))
            merged.emplace_back(halves[2 * i], halves[2 * i + 1]);
        std::sort(direct.begin(), direct.end());
        std::sort(merged.begin(), merged.end());
        QCOMPARE(merged, direct);
        QVERIFY(!direct.empty());
    }

    void emptyInput() { QVERIFY(paretoFrontier({}, std::vector<Direction>{Direction::Minimize}).empty()); }
};

QTEST_APPLESS_MAIN(TestPareto)
#include "test_pareto.moc"
