// SPDX-License-Identifier: GPL-3.0-or-later
// The arithmetic of measured ratios: per system, per GPU, per watt, units kept apart, the default
// row chosen by grade then per-GPU result, and the matched-interactivity ratios per MW.
#include "serving/measured_ratio.h"
#include "test_support.h"

#include <QtTest>

#include <vector>

using namespace planner;

namespace {

RatioRow row(std::int64_t id, int gpus, double result, Grade grade = Grade::Verified, std::string units = "Tokens/s")
{
    RatioRow r;
    r.rowId = id;
    r.gpus = gpus;
    r.result = result;
    r.grade = grade;
    r.units = std::move(units);
    return r;
}

} // namespace

class TestMeasuredRatio : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ratiosFromTwoRows()
    {
        // A: 72 GPUs at 289,712 tok/s, 1,200 W each; B: 8 GPUs at 33,379 tok/s, 1,000 W each.
        RatioRow a = row(1, 72, 289712), b = row(2, 8, 33379);
        a.gpuPowerW = 1200;
        b.gpuPowerW = 1000;
        const RowRatio r = rowRatio(a, b);
        // per system 289712 / 33379 = 8.6795; per GPU (289712 / 72) / (33379 / 8) = 4023.78 / 4172.38
        // = 0.96439; per watt 0.96439 x 1000 / 1200 = 0.80366.
        QVERIFY(testsupport::withinTolerance(*r.perSystem, 289712.0 / 33379.0, 1e-12, 0));
        QVERIFY(testsupport::withinTolerance(*r.perGpu, (289712.0 / 72) / (33379.0 / 8), 1e-12, 0));
        QVERIFY(testsupport::withinTolerance(*r.perWatt, 0.964391 * 1000.0 / 1200.0, 1e-5, 0));
    }

    void otherUnitsAreNotCompared()
    {
        const RowRatio r = rowRatio(row(1, 8, 120, Grade::Verified, "Samples/s"), row(2, 8, 30000));
        QVERIFY(!r.perSystem && !r.perGpu && !r.perWatt);
        const RowRatio same = rowRatio(row(1, 8, 120, Grade::Verified, "Samples/s"), row(2, 4, 30, Grade::Verified, "Samples/s"));
        QCOMPARE(*same.perGpu, (120.0 / 8) / (30.0 / 4));
    }

    void noPowerNoPerWatt()
    {
        RatioRow a = row(1, 8, 100), b = row(2, 8, 50);
        a.gpuPowerW = 700;
        QVERIFY(!rowRatio(a, b).perWatt);
        QVERIFY(!rowRatio(a, row(3, 8, 0)).perGpu); // a zero result makes no ratio
    }

    void defaultRowIsBestGradeThenBestPerGpu()
    {
        // The open-division row (measured) is faster per GPU but not the default: the closed
        // (verified) rows come first, and among them the highest per GPU (id 3: 12,900 per GPU).
        const std::vector<RatioRow> rows{row(1, 8, 100000), row(2, 1, 14000, Grade::Measured), row(3, 8, 103200),
                                         row(4, 8, 103200)};
        QCOMPARE(*bestPerGpu(rows), std::size_t(2));
        QVERIFY(!bestPerGpu(std::vector<RatioRow>{}));
        const std::vector<RatioRow> onlyOpen{row(5, 1, 10000, Grade::Measured), row(6, 2, 30000, Grade::Measured)};
        QCOMPARE(*bestPerGpu(onlyOpen), std::size_t(1));
    }

    void matchedPerMegawatt()
    {
        // A: 11,940 tok/s per GPU at 2,100 W all-in, PUE 1.15; B: 10,277 at 1,950 W, PUE 1.35.
        const MatchedSide a{11940, 2100, 1.15}, b{10277, 1950, 1.35};
        QVERIFY(testsupport::withinTolerance(tokensPerMwIt(a), 11940 / 0.0021, 1e-12, 0));
        QVERIFY(testsupport::withinTolerance(tokensPerMwFacility(a), 11940 / 0.0021 / 1.15, 1e-12, 0));
        const MatchedRatio r = matchedRatio(a, b);
        QVERIFY(testsupport::withinTolerance(*r.perGpu, 11940.0 / 10277.0, 1e-12, 0));
        QVERIFY(testsupport::withinTolerance(*r.perMwIt, (11940.0 / 2100) / (10277.0 / 1950), 1e-12, 0));
        QVERIFY(testsupport::withinTolerance(*r.perMwFacility, (11940.0 / 2100 / 1.15) / (10277.0 / 1950 / 1.35), 1e-12, 0));
        QVERIFY(!matchedRatio(a, MatchedSide{10277, 0, 0}).perMwIt); // unknown power: no ratio per MW
    }
};

QTEST_GUILESS_MAIN(TestMeasuredRatio)
#include "test_measured_ratio.moc"
