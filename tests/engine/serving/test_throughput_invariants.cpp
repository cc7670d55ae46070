// SPDX-License-Identifier: GPL-3.0-or-later
// Invariants every throughput answer keeps: a stricter latency requirement never raises throughput
// (Offline >= Server >= Interactive), and an answer never exceeds the roofline at peak figures.
#include "serving/roofline.h"
#include "serving/throughput.h"
#include "throughput_fixtures.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;

class TestThroughputInvariants : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = fixtures::twoGenerationCatalog();
    const Calibration calibration{};

    ThroughputQuery query(const std::string& system, double perUser) const
    {
        ThroughputQuery q;
        q.model = "dense-70b";
        q.system = system;
        q.minPerUser = units::tokens_per_second(perUser);
        q.withCurve = false;
        return q;
    }

private Q_SLOTS:
    void stricterRequirementsNeverRaiseThroughput_data()
    {
        QTest::addColumn<bool>("withRows");
        QTest::newRow("analytic") << false;
        QTest::newRow("transferred over an Offline-only curve") << true;
    }

    void stricterRequirementsNeverRaiseThroughput()
    {
        QFETCH(bool, withRows);
        // sys-a has only an Offline row (500 tok/s per GPU); sys-b a frontier far above it. A
        // per-user query on sys-a is transferred from sys-b, and would read far above sys-a's
        // own Offline figure without the bound.
        std::vector<BenchmarkPoint> rows;
        if (withRows)
            rows = {fixtures::row(1, "dense-70b", "sys-a", 0, 500), fixtures::row(2, "dense-70b", "sys-b", 10, 20000),
                    fixtures::row(3, "dense-70b", "sys-b", 50, 8000), fixtures::row(4, "dense-70b", "sys-b", 100, 3000)};
        const ThroughputModel model(rows, catalog, calibration);
        double previous = HUGE_VAL;
        for (double perUser : {0.0, 10.0, 25.0, 50.0, 100.0}) {
            auto e = model.estimate(query("sys-a", perUser));
            QVERIFY2(e, e ? "" : e.error().message.c_str());
            const double total = units::in_tokens_per_second(e.value().totalPerGpu);
            QVERIFY2(total <= previous * (1 + 1e-12), qPrintable(QStringLiteral("at %1 tok/s/user").arg(perUser)));
            previous = total;
            if (withRows)
                QVERIFY(total <= 500 * (1 + 1e-12)); // sys-a's own Offline row bounds every requirement
        }
    }

    void aSystemsOwnEndRunBoundsATransferAtALooserRequirement()
    {
        // sys-a measured 5,000 tok/s per GPU at 50 tok/s/user and nothing slower; sys-b (twice
        // sys-a's bandwidth and compute) one run at 10 tok/s/user, 1,000 tok/s per GPU. At 10 the
        // requirement is 5x looser than sys-a's runs, so sys-b's run is transferred, the roofline
        // ratio taking it to about half: some 500. A frontier never rises with interactivity, so
        // sys-a does at least its 5,000 at the looser rate: the figure is held up to it. Served
        // disaggregated, sys-a's run answers an aggregated query within its range, so it bounds
        // one beyond it the same way.
        for (const Serving served : {Serving::Aggregated, Serving::Disaggregated}) {
            std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-a", 50, 5000),
                                             fixtures::row(2, "dense-70b", "sys-b", 10, 1000)};
            rows[0].serving = served;
            const ThroughputModel model(rows, catalog, calibration);
            auto e = model.estimate(query("sys-a", 10));
            QVERIFY2(e, e ? "" : e.error().message.c_str());
            QCOMPARE(e.value().method, ThroughputMethod::Transferred);
            VERIFY_RELATIVE(units::in_tokens_per_second(e.value().totalPerGpu), 5000.0, 1e-9);
            bool said = false;
            for (const Warning& w : e.value().warnings)
                said = said || w.message.find("a looser requirement never lowers throughput") != std::string::npos;
            QVERIFY(said);
        }
    }

    void analyticFiguresStayUnderThePeakRoofline()
    {
        // The roofline at 100% of peak bandwidth and compute bounds any calibrated answer whose
        // efficiencies are at most 1 (the defaults here).
        const ThroughputModel model({}, catalog, calibration);
        for (const char* system : {"sys-a", "sys-b"})
            for (double perUser : {0.0, 20.0, 60.0}) {
                auto e = model.estimate(query(system, perUser));
                QVERIFY(e);
                const SystemSpec* s = catalog.system(system);
                RooflineInput in;
                in.model = catalog.model("dense-70b");
                in.gpu = catalog.gpu(s->gpu);
                in.domainSize = s->gpusPerDomain;
                in.precision = Precision::FP8;
                in.inputTokens = in.outputTokens = 1024;
                in.efficiency = {1.0, 1.0};
                in.minPerUser = units::tokens_per_second(perUser);
                in.options.groupSize = e.value().groupSize;
                auto peak = prepareRoofline(in);
                QVERIFY(peak);
                const RooflinePoint p = rooflineAtSlo(peak.value(), in.minPerUser);
                QVERIFY(e.value().totalPerGpu <= p.totalPerGpu);
            }
    }

    void morePerGpuAnswerNeverDependsOnTheGpuCount()
    {
        // Throughput is per GPU; a total is per GPU x GPUs, so more GPUs never give fewer tokens/s.
        // The estimate has no GPU count at all: two identical queries give identical figures.
        const ThroughputModel model({}, catalog, calibration);
        auto a = model.estimate(query("sys-a", 20));
        auto b = model.estimate(query("sys-a", 20));
        QVERIFY(a && b);
        QCOMPARE(a.value().totalPerGpu, b.value().totalPerGpu);
        const double perGpu = units::in_tokens_per_second(a.value().totalPerGpu);
        QVERIFY(perGpu * 16 >= perGpu * 8);
    }
};

QTEST_GUILESS_MAIN(TestThroughputInvariants)
#include "test_throughput_invariants.moc"
