// SPDX-License-Identifier: GPL-3.0-or-later
// Prefill and decode as roles: the share of GPU time a request spends on its input tokens (what
// finance splits the cost per token by), by hand and on the InferenceX GB200 DeepSeek-R1
// disaggregated runs, whose pool sizes it must give back; and the roofline's role rates.
#include "serving/disaggregated.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <limits>

using namespace planner;

namespace {

double share(double isl, double osl, double prefill, double decode)
{
    return prefillTimeShare(units::tokens_per_second(prefill), units::tokens_per_second(decode), isl, osl);
}

} // namespace

class TestDisaggregated : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void prefillTimeShareByHand_data()
    {
        QTest::addColumn<double>("isl");
        QTest::addColumn<double>("osl");
        QTest::addColumn<double>("prefill");
        QTest::addColumn<double>("decode");
        QTest::addColumn<double>("expected");
        // Prefill GPU-seconds per request 1000 / 10,000 = 0.1, decode 200 / 1,000 = 0.2: a third.
        QTest::newRow("long prompts and short answers spend a third on prefill")
            << 1000.0 << 200.0 << 10000.0 << 1000.0 << 1.0 / 3;
        // 1024 / 20,000 = 0.0512 s, 1024 / 500 = 2.048 s: 0.0512 / 2.0992 = 0.02439.
        QTest::newRow("chat at equal lengths is mostly decode")
            << 1024.0 << 1024.0 << 20000.0 << 500.0 << 0.0512 / 2.0992;
        // 8192 / 15,000 = 0.546133 s, 256 / 2,000 = 0.128 s: 0.546133 / 0.674133 = 0.81013.
        QTest::newRow("summarisation is mostly prefill")
            << 8192.0 << 256.0 << 15000.0 << 2000.0 << (8192.0 / 15000) / (8192.0 / 15000 + 0.128);
        QTest::newRow("no input tokens, no prefill time") << 0.0 << 100.0 << 1000.0 << 100.0 << 0.0;
    }

    void prefillTimeShareByHand()
    {
        QFETCH(double, isl);
        QFETCH(double, osl);
        QFETCH(double, prefill);
        QFETCH(double, decode);
        QFETCH(double, expected);
        VERIFY_RELATIVE(share(isl, osl, prefill, decode), expected, 1e-12);
        // The output side takes the rest of the time: swapping roles and lengths mirrors the share.
        VERIFY_RELATIVE(share(osl, isl, decode, prefill), 1 - expected, 1e-12);
    }

    void unknownRatesGiveNoShare_data()
    {
        QTest::addColumn<double>("prefill");
        QTest::addColumn<double>("decode");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("no prefill rate (a measured aggregated reading)") << 0.0 << 500.0;
        QTest::newRow("no decode rate") << 20000.0 << 0.0;
        QTest::newRow("a negative rate") << -1.0 << 500.0;
        QTest::newRow("a NaN rate") << nan << 500.0;
        QTest::newRow("an infinite rate") << inf << 500.0;
    }

    void unknownRatesGiveNoShare()
    {
        QFETCH(double, prefill);
        QFETCH(double, decode);
        QVERIFY(share(1024, 1024, prefill, decode) < 0);
    }

    // InferenceX GB200 NVL72 DeepSeek-R1 FP4 disaggregated runs (tests/data/inferencex_gb200_dsr1.csv,
    // SemiAnalysisAI/InferenceX-app blog gb200-nvl72-vs-b200-disagg-deepseek-r1-fp4-dynamo-trt.mdx),
    // each with its prefill and decode pool sizes P and D. The run's as-run role rates, worked out
    // here from its throughput: requests/s R = total tok/s per GPU x (P + D) / (ISL + OSL); prefill
    // = R x ISL / P, decode = R x OSL / D. The time share from those rates must give back the pool
    // split the run chose, P / (P + D): ISL / prefill = P / R and OSL / decode = D / R.
    void inferenceXRunsGiveBackTheirPoolSplit_data()
    {
        QTest::addColumn<double>("isl");
        QTest::addColumn<double>("osl");
        QTest::addColumn<int>("prefillGpus");
        QTest::addColumn<int>("decodeGpus");
        QTest::addColumn<double>("total");
        const auto rows = testsupport::readCsv(testsupport::testData("inferencex_gb200_dsr1.csv"));
        const QRegularExpression pools(QStringLiteral("prefill: (\\d+) GPU.*decode: (\\d+) GPU"));
        int n = 0;
        for (const auto& r : rows) {
            if (r.value(QStringLiteral("row_type")) != u"measured_point")
                continue;
            const auto m = pools.match(r.value(QStringLiteral("config")));
            QVERIFY(m.hasMatch());
            const QString name
                = QStringLiteral("disaggregated run at %1 tok/s/user with %2 prefill and %3 decode GPUs")
                      .arg(r.value(QStringLiteral("interactivity_tok_s_user")), m.captured(1), m.captured(2));
            QTest::newRow(qPrintable(name))
                << r.value(QStringLiteral("isl")).toDouble() << r.value(QStringLiteral("osl")).toDouble()
                << m.captured(1).toInt() << m.captured(2).toInt()
                << r.value(QStringLiteral("throughput_per_gpu")).toDouble();
            ++n;
        }
        QCOMPARE(n, 9);
    }

    void inferenceXRunsGiveBackTheirPoolSplit()
    {
        QFETCH(double, isl);
        QFETCH(double, osl);
        QFETCH(int, prefillGpus);
        QFETCH(int, decodeGpus);
        QFETCH(double, total);
        const double gpus = prefillGpus + decodeGpus;
        const double requests = total * gpus / (isl + osl);
        const double prefill = requests * isl / prefillGpus, decode = requests * osl / decodeGpus;
        VERIFY_RELATIVE(share(isl, osl, prefill, decode), prefillGpus / gpus, 1e-12);
    }

    void analyticRolesComeFromTheRoofline()
    {
        const GpuSpec gpu = fixtures::gpu("gpu-8tb", "gen-test", 192, 8, 10, 5, 2.5);
        const ModelSpec model = fixtures::model("dense-70b", 70e9, 70e9, 80, 327680);
        RooflineInput in;
        in.model = &model;
        in.gpu = &gpu;
        in.precision = Precision::FP8;
        const auto rates = analyticRoleRates(in, units::tokens_per_second(30));
        QVERIFY(rates);
        in.mode = DecodeMode::DecodeOnly;
        const RooflineSetup s = prepareRoofline(in).value();
        QCOMPARE(rates.value().prefillInputPerGpu.value(), prefillRatePerGpu(s).value());
        QCOMPARE(rates.value().decodeOutputPerGpu.value(),
            rooflineAtSlo(s, units::tokens_per_second(30)).outputPerGpu.value());
    }
};

QTEST_APPLESS_MAIN(TestDisaggregated)
#include "test_disaggregated.moc"
