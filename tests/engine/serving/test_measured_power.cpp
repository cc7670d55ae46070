// SPDX-License-Identifier: GPL-3.0-or-later
// The measured draw of a system serving a model (measured_power.h): the median per GPU over the
// rows that carry power, by system, model and precision, measured rows only; worked by hand.
#include "serving/measured_power.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;

namespace {

BenchmarkPoint row(const char* system, const char* model, Precision p, double systemWatts, int gpus,
                   Grade grade = Grade::Verified, const char* source = "mlperf-inference-v5.1")
{
    BenchmarkPoint b;
    b.system = system;
    b.model = model;
    b.precision = p;
    b.gpuCount = gpus;
    b.powerPerGpu = units::watts(systemWatts / gpus);
    b.grade = grade;
    b.source = source;
    return b;
}

} // namespace

class TestMeasuredPower : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theMedianOfTheSystemsRowsPerGpu()
    {
        // Lenovo's 8x B200 on Llama 2 70B in MLPerf Inference v5.1: 10,401.0 W Offline, 10,442.3 W
        // and 10,434.7 W Server. The median is 10,434.7 W, 1,304.34 W a GPU.
        const std::vector<BenchmarkPoint> points{
            row("hgx-b200", "llama2-70b", Precision::FP4, 10400.9988793425, 8),
            row("hgx-b200", "llama2-70b", Precision::FP4, 10442.2597402597, 8),
            row("hgx-b200", "llama2-70b", Precision::FP4, 10434.706455542, 8),
        };
        const auto power = measuredPowerBySystem(points);
        QCOMPARE(power.size(), std::size_t(1));
        const MeasuredPower& p = power.at({"hgx-b200", "llama2-70b", Precision::FP4});
        VERIFY_RELATIVE(units::in_watts(p.perGpu), 10434.706455542 / 8, 1e-12);
        QCOMPARE(p.rows, 3);
        QCOMPARE(p.source, std::string("mlperf-inference-v5.1"));
    }

    void anEvenCountAveragesTheMiddleTwo()
    {
        // Two rows: (4,800 + 5,600) / 2 = 5,200 W over 8 GPUs = 650 W a GPU.
        const std::vector<BenchmarkPoint> points{row("hgx-h200", "llama2-70b", Precision::FP8, 5600, 8),
                                                 row("hgx-h200", "llama2-70b", Precision::FP8, 4800, 8)};
        VERIFY_RELATIVE(units::in_watts(measuredPowerBySystem(points).at({"hgx-h200", "llama2-70b", Precision::FP8}).perGpu),
                        650.0, 1e-12);
    }

    void onlyMeasuredRowsWithPowerOfTheSameKeyCount()
    {
        // An estimate, a row without power, another precision, another model and a row of hardware
        // the catalog does not name: none moves the 6,000 W median of hgx-h200 on Llama 2 70B FP8.
        std::vector<BenchmarkPoint> points{row("hgx-h200", "llama2-70b", Precision::FP8, 6000, 8)};
        points.push_back(row("hgx-h200", "llama2-70b", Precision::FP8, 9000, 8, Grade::Estimate));
        points.push_back(row("hgx-h200", "llama2-70b", Precision::FP8, 0, 8));
        points.push_back(row("hgx-h200", "llama2-70b", Precision::FP4, 9000, 8));
        points.push_back(row("hgx-h200", "mixtral-8x7b", Precision::FP8, 9000, 8));
        points.push_back(row("", "llama2-70b", Precision::FP8, 9000, 8));
        const auto power = measuredPowerBySystem(points);
        VERIFY_RELATIVE(units::in_watts(power.at({"hgx-h200", "llama2-70b", Precision::FP8}).perGpu), 750.0, 1e-12);
        QCOMPARE(power.at({"hgx-h200", "llama2-70b", Precision::FP8}).rows, 1);
        QVERIFY(power.count({"hgx-h200", "llama2-70b", Precision::FP4}));
        QVERIFY(power.count({"hgx-h200", "mixtral-8x7b", Precision::FP8}));
        QCOMPARE(power.size(), std::size_t(3));
    }

    void manySourcesAreCounted()
    {
        std::vector<BenchmarkPoint> points;
        for (const char* s : {"a", "b", "c", "d", "e"})
            points.push_back(row("hgx-b200", "llama2-70b", Precision::FP4, 8000, 8, Grade::Verified, s));
        QCOMPARE(measuredPowerBySystem(points).at({"hgx-b200", "llama2-70b", Precision::FP4}).source,
                 std::string("a, b, c and 2 more"));
    }
};

QTEST_APPLESS_MAIN(TestMeasuredPower)
#include "test_measured_power.moc"
