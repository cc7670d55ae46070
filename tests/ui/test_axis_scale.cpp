// SPDX-License-Identifier: GPL-3.0-or-later
// A chart axis's scale is worked out before the axis is touched (ui/axis_scale.h), so a redraw
// leaves an axis whose scale did not move alone: each move re-lays out the chart's text, which
// was most of an edit's redraw. The scale must be the one Qt Charts' own applyNiceNumbers gives a
// fresh axis, and a redraw with the same scale must not move the axis at all.
#include "axis_scale.h"
#include "chart_adapter.h"

#include <QChart>
#include <QChartView>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>

using namespace planner;

namespace {

ChartSpec costBars(double a, double b)
{
    ChartSpec s;
    s.title = "Cost";
    s.yTitle = "USD";
    s.categories = {"capex", "power"};
    s.series.push_back(ChartSeries{"cost", SeriesKind::Bars, {a, b}, {}});
    return s;
}

QValueAxis* valueAxisOf(ChartPanel& panel)
{
    auto* view = panel.findChild<QChartView*>();
    if (!view || !view->chart())
        return nullptr;
    for (QAbstractAxis* a : view->chart()->axes())
        if (auto* v = qobject_cast<QValueAxis*>(a); v && v->isVisible())
            return v;
    return nullptr;
}

} // namespace

class TestAxisScale : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void handWorkedScales_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<int>("ticks");
        // Span 108: the span rounded up to 1, 2 or 5 x 10^n is 200; a quarter of it (five ticks
        // make four steps) is 50, already nice. 0 / 50 = 0 and ceil(108 / 50) = 3: 0..150, 4 ticks.
        QTest::newRow("0..108") << 0.0 << 108.0 << 0.0 << 150.0 << 4;
        // Span 1.08: 2 rounded up, step 0.5, ceil(2.16) = 3: 0..1.5 in 4 ticks.
        QTest::newRow("0..1.08") << 0.0 << 1.08 << 0.0 << 1.5 << 4;
        // Span 110: 200, step 50; floor(-23 / 50) = -1 and ceil(87 / 50) = 2: -50..100, 4 ticks.
        QTest::newRow("-23..87") << -23.0 << 87.0 << -50.0 << 100.0 << 4;
        // Span 0.05 stays 0.05; a quarter, 0.0125, rounds to 0.01; floor(7.5) = 7, ceil(12.5) = 13:
        // 0.07..0.13 in 7 ticks.
        QTest::newRow("0.075..0.125") << 0.075 << 0.125 << 0.07 << 0.13 << 7;
    }

    void handWorkedScales()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(int, ticks);
        const AxisScale s = niceAxisScale(lo, hi);
        QVERIFY2(qFuzzyCompare(1 + s.min, 1 + min), qPrintable(QString::number(s.min)));
        QVERIFY2(qFuzzyCompare(1 + s.max, 1 + max), qPrintable(QString::number(s.max)));
        QCOMPARE(s.ticks, ticks);
    }

    void agreesWithQtChartsOnAFreshAxis()
    {
        // Qt's applyNiceNumbers on a new axis (five ticks) is the scale users saw before; ours
        // must be the same on every range, across many decades and signs.
        QRandomGenerator rng(20261202);
        for (int i = 0; i < 2000; ++i) {
            const double scale = std::pow(10.0, rng.bounded(12.0) - 6);
            double lo = (rng.generateDouble() - 0.3) * scale;
            double hi = lo + rng.generateDouble() * scale + scale * 1e-3;
            QValueAxis qt;
            qt.setRange(lo, hi);
            qt.applyNiceNumbers();
            const AxisScale ours = niceAxisScale(lo, hi);
            const QString what = QStringLiteral("%1..%2: Qt %3..%4 (%5), ours %6..%7 (%8)")
                                     .arg(lo).arg(hi).arg(qt.min()).arg(qt.max()).arg(qt.tickCount())
                                     .arg(ours.min).arg(ours.max).arg(ours.ticks);
            QVERIFY2(qFuzzyCompare(1 + qt.min() / scale, 1 + ours.min / scale), qPrintable(what));
            QVERIFY2(qFuzzyCompare(1 + qt.max() / scale, 1 + ours.max / scale), qPrintable(what));
            QVERIFY2(qt.tickCount() == ours.ticks, qPrintable(what));
        }
    }

    void aDegenerateRangeGetsAUsableScale()
    {
        for (const auto& [lo, hi] : {std::pair{5.0, 5.0}, {0.0, 0.0}, {3.0, 1.0}, {qQNaN(), 1.0}, {0.0, qInf()}}) {
            const AxisScale s = niceAxisScale(lo, hi);
            QVERIFY(std::isfinite(s.min) && std::isfinite(s.max));
            QVERIFY(s.max > s.min);
            QVERIFY(s.ticks >= 2 && s.ticks <= 12);
        }
    }

    void aRedrawWithTheSameScaleLeavesTheAxisAlone()
    {
        // Costs of 80 and 100 and of 81 and 99 both scale to 0..150 (span 100 + 8% margin, see the
        // first case): a keystroke that moves the bars a little must not re-lay out the axis.
        ChartPanel panel;
        panel.resize(400, 300);
        panel.setSpec(costBars(80, 100));
        QValueAxis* axis = valueAxisOf(panel);
        QVERIFY(axis);
        QCOMPARE(axis->min(), 0.0);
        QCOMPARE(axis->max(), 150.0);
        QSignalSpy moved(axis, &QValueAxis::rangeChanged);
        QSignalSpy reticked(axis, &QValueAxis::tickCountChanged);
        QSignalSpy reformatted(axis, &QValueAxis::labelFormatChanged);
        panel.setSpec(costBars(81, 99));
        QCOMPARE(valueAxisOf(panel), axis); // same chart, new numbers
        QCOMPARE(moved.count(), 0);
        QCOMPARE(reticked.count(), 0);
        QCOMPARE(reformatted.count(), 0);

        // Costs of up to 180 need a new scale: 180 x 1.08 = 194.4, span rounded up to 200, step
        // 50, ceil(194.4 / 50) = 4: 0..200, the scale a fresh chart of the same data gets.
        panel.setSpec(costBars(81, 180));
        QCOMPARE(axis->min(), 0.0);
        QCOMPARE(axis->max(), 200.0);
        ChartPanel fresh;
        fresh.setSpec(costBars(81, 180));
        QValueAxis* freshAxis = valueAxisOf(fresh);
        QVERIFY(freshAxis);
        QCOMPARE(axis->tickCount(), freshAxis->tickCount());
        QCOMPARE(axis->labelFormat(), freshAxis->labelFormat());
    }
};

QTEST_MAIN(TestAxisScale)
#include "test_axis_scale.moc"
