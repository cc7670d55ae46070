// SPDX-License-Identifier: GPL-3.0-or-later
// A new accelerator read from several measured ones: the median of their spec-ratio transfers, so
// one source far from its peers is outvoted (throughput.h, method 2b). Exponents are set by hand,
// 0.5 on bandwidth and 0.5 on compute, so each transfer is source x sqrt(bw ratio x compute ratio).
#include "serving/throughput.h"
#include "serving/calibration.h"
#include "serving/roofline.h"
#include "throughput_fixtures.h"
#include "test_support.h"

#include <QtTest>

using namespace planner;

namespace {

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

// Target gpu-t: 8 TB/s, 5 PFLOPS FP8. gpu-half: half of both (a transfer doubles it). gpu-same:
// the same specs. gpu-odd: the same specs, measured far from its peers.
Catalog medianCatalog(int targetDomain, int oddDomain)
{
    Catalog c;
    c.gpus = {fixtures::gpu("gpu-t", "gen-x", 192, 8, 10, 5, 2.5), fixtures::gpu("gpu-half", "gen-x", 192, 4, 5, 2.5, 1.25),
              fixtures::gpu("gpu-same", "gen-x", 192, 8, 10, 5, 2.5), fixtures::gpu("gpu-odd", "gen-x", 192, 8, 10, 5, 2.5)};
    c.systems = {fixtures::system("sys-t", "gpu-t", targetDomain), fixtures::system("sys-half", "gpu-half", 8),
                 fixtures::system("sys-same", "gpu-same", 8), fixtures::system("sys-odd", "gpu-odd", oddDomain)};
    c.models = {fixtures::model("dense-70b", 70e9, 70e9, 80, 327680)};
    return c;
}

Calibration handExponents()
{
    Calibration cal;
    for (SpecExponents& x : cal.specTransfer.regimes) {
        x.bandwidth = 0.5;
        x.compute = 0.5;
        x.pairs = kMinSpecPairs;
    }
    return cal;
}

// Offline rows (no interactivity requirement): the compute-bound regime.
ThroughputQuery offline()
{
    ThroughputQuery q;
    q.model = "dense-70b";
    q.system = "sys-t";
    return q;
}

// The roofline's tokens/s per GPU of sys-same (gpu-same, same specs as the target) at a per-user
// requirement (zero: full load), built here from roofline.h as the transfer's reading does.
double sameSystemRoofline(const Catalog& c, const Calibration& cal, double perUser)
{
    RooflineInput in;
    in.model = c.model("dense-70b");
    in.gpu = c.gpu("gpu-same");
    in.domainSize = 8;
    in.efficiency = cal.efficiency("gen-x", Precision::FP8);
    in.options = cal.options;
    in.minPerUser = units::tokens_per_second(perUser);
    const auto setup = prepareRoofline(in);
    return setup ? tps(rooflineAtSlo(setup.value(), in.minPerUser).totalPerGpu) : 0.0;
}

// Three sources of one 8-GPU target, Offline: sys-half at 4,500, sys-same at 1,000 and sys-odd at
// 1,200 tok/s per GPU.
Result<ThroughputEstimate> threeSourcesOffline()
{
    const Catalog c = medianCatalog(8, 8);
    const Calibration cal = handExponents();
    const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-half", 0, 4500),
                                           fixtures::row(2, "dense-70b", "sys-same", 0, 1000),
                                           fixtures::row(3, "dense-70b", "sys-odd", 0, 1200)};
    return ThroughputModel(rows, c, cal).estimate(offline());
}

// Two sources of the same specs as the target, Offline: sys-same and sys-odd at these tok/s per GPU.
Result<ThroughputEstimate> twoSourcesOffline(double same, double odd)
{
    const Catalog c = medianCatalog(8, 8);
    const Calibration cal = handExponents();
    const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-same", 0, same),
                                           fixtures::row(2, "dense-70b", "sys-odd", 0, odd)};
    return ThroughputModel(rows, c, cal).estimate(offline());
}

// An elasticity of 0.5 in every band of per-user rate: throughput read past a curve's fastest run
// falls as (end / requirement) ^ 0.5.
Calibration handExponentsAndTrend()
{
    Calibration cal = handExponents();
    cal.interactivity.elasticity = {0.5, 0.5, 0.5, 0.5};
    cal.interactivity.segments = {1, 1, 1, 1};
    return cal;
}

// sys-same (1,000 tok/s per GPU) and sys-odd (1,200) measured at 60 tok/s/user; sys-half (4,500,
// a transfer of 9,000) only up to 20. The estimate at a per-user requirement.
Result<ThroughputEstimate> oneSourceEndsAt20(double perUser)
{
    const Catalog c = medianCatalog(8, 8);
    const Calibration cal = handExponentsAndTrend();
    const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-half", 20, 4500),
                                           fixtures::row(2, "dense-70b", "sys-same", 60, 1000),
                                           fixtures::row(3, "dense-70b", "sys-odd", 60, 1200)};
    ThroughputQuery q = offline();
    q.minPerUser = units::tokens_per_second(perUser);
    return ThroughputModel(rows, c, cal).estimate(q);
}

} // namespace

class TestSpecTransferMedian : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void threeSourcesGiveTheirMedian()
    {
        // Transfers by hand: sys-half 4,500 x sqrt(2 x 2) = 9,000, far from its peers; sys-same
        // 1,000 x 1 = 1,000; sys-odd 1,200 x 1 = 1,200. The median is sys-odd's 1,200, where the
        // best-ranked source alone (sys-half, first by name among equals) would have given 9,000.
        const auto e = threeSourcesOffline();
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Transferred);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 1200.0, 1e-9);
        QCOMPARE(e.value().transferredFrom, std::string("sys-odd"));
        const std::string& how = e.value().derivation;
        QVERIFY2(how.find("median of 3") != std::string::npos, how.c_str());
        for (const char* source : {"sys-half", "sys-same", "sys-odd"})
            QVERIFY2(how.find(source) != std::string::npos, how.c_str());
    }

    void sourcesMoreThanTwiceApartWidenTheBand()
    {
        // The three transfers of threeSourcesGiveTheirMedian: 9,000 (sys-half), 1,000 (sys-same)
        // and 1,200 (sys-odd), 9x apart. The figure stays the median, 1,200, but the band reaches
        // from the lowest transfer to the highest: P10 = 1,200 x (1,000 / 1,200) = 1,000 and
        // P90 = 1,200 x (9,000 / 1,200) = 9,000. The hand exponents carry no spread of their own
        // (logP10 = logP90 = 0) and no round is crossed, so nothing else widens it.
        const auto e = threeSourcesOffline();
        QVERIFY(e);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 1200.0, 1e-9);
        VERIFY_RELATIVE(tps(e.value().p10PerGpu), 1000.0, 1e-9);
        VERIFY_RELATIVE(tps(e.value().p90PerGpu), 9000.0, 1e-9);
        const Warning* spread = nullptr;
        for (const Warning& w : e.value().warnings)
            if (w.message.find("disagree by more than 2x") != std::string::npos)
                spread = &w;
        QVERIFY(spread);
        QCOMPARE(spread->severity, Severity::Serious);
        for (const char* said : {"sys-same's rows give 1000", "sys-half's 9000", "9x apart"})
            QVERIFY2(spread->detail.find(said) != std::string::npos, spread->detail.c_str());
    }

    void sourcesWithinTwiceKeepTheirBand()
    {
        // 1,000 and 1,900 at ratio 1, 1.9x apart: the geometric mean, sqrt(1,900,000) = 1,378,
        // with the exponents' own band (zero wide here) and no warning.
        const auto e = twoSourcesOffline(1000, 1900);
        QVERIFY(e);
        const double mean = std::sqrt(1000.0 * 1900.0);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), mean, 1e-9);
        VERIFY_RELATIVE(tps(e.value().p10PerGpu), mean, 1e-9);
        VERIFY_RELATIVE(tps(e.value().p90PerGpu), mean, 1e-9);
        for (const Warning& w : e.value().warnings)
            QVERIFY2(w.message.find("disagree by more than 2x") == std::string::npos, w.message.c_str());
    }

    void twoSourcesMoreThanTwiceApartTakeTheBetterRanked()
    {
        // 1,000 (sys-same) and 4,000 (sys-odd) at ratio 1, 4x apart: no middle to take. Their
        // geometric mean, 2,000, is neither; the better ranked stands. Equal in every other rank,
        // sys-odd comes first by name: 4,000. The band reaches down to sys-same's 1,000.
        const auto e = twoSourcesOffline(1000, 4000);
        QVERIFY(e);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 4000.0, 1e-9);
        VERIFY_RELATIVE(tps(e.value().p10PerGpu), 1000.0, 1e-9);
        VERIFY_RELATIVE(tps(e.value().p90PerGpu), 4000.0, 1e-9);
        QCOMPARE(e.value().transferredFrom, std::string("sys-odd"));
        const std::string& how = e.value().derivation;
        QVERIFY2(how.find("more than 2x apart, so the first, the better ranked, stands") != std::string::npos,
                 how.c_str());
        bool said = false;
        for (const Warning& w : e.value().warnings)
            said = said || w.detail.find("the figure is the better ranked transfer's") != std::string::npos;
        QVERIFY(said);
    }

    void oneAcceleratorCountsOnce()
    {
        // Two systems of one GPU are one source, not two votes: sys-same and sys-same-too (both
        // gpu-same, 1,000 and 1,100) against sys-odd's 1,800. Two accelerators weighed: the
        // geometric mean of the better ranked gpu-same reading and sys-odd's (within 2x).
        Catalog c = medianCatalog(8, 8);
        c.systems.push_back(fixtures::system("sys-same-too", "gpu-same", 8));
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-same", 0, 1000),
                                               fixtures::row(2, "dense-70b", "sys-same-too", 0, 1100),
                                               fixtures::row(3, "dense-70b", "sys-odd", 0, 1800)};
        const Calibration cal = handExponents();
        const ThroughputModel model(rows, c, cal);
        const auto e = model.estimate(offline());
        QVERIFY(e);
        QVERIFY2(e.value().derivation.find("median of 2") != std::string::npos, e.value().derivation.c_str());
        const double low = e.value().derivation.find("sys-same-too") != std::string::npos ? 1100 : 1000;
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), std::sqrt(low * 1800), 1e-9);
    }

    void aRackTargetKeepsToRackSources()
    {
        // A 72-GPU target whose best-ranked source is 72-GPU too (sys-odd, 1,000) takes no 8-GPU
        // source into the median: 1,000, where the median with the two nodes would be 1,200.
        const Catalog c = medianCatalog(72, 72);
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-half", 0, 600),
                                               fixtures::row(2, "dense-70b", "sys-same", 0, 1500),
                                               fixtures::row(3, "dense-70b", "sys-odd", 0, 1000)};
        const Calibration cal = handExponents();
        const ThroughputModel model(rows, c, cal);
        const auto e = model.estimate(offline());
        QVERIFY(e);
        QCOMPARE(e.value().transferredFrom, std::string("sys-odd"));
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 1000.0, 1e-9);
    }

    void anotherPrecisionDoesNotVote()
    {
        // sys-odd measured at FP4 only: an FP8 query weighs sys-half (600 x 2 = 1,200) and sys-same
        // (1,000), not sys-odd's 9,000.
        const Catalog c = medianCatalog(8, 8);
        const std::vector<BenchmarkPoint> rows{
            fixtures::row(1, "dense-70b", "sys-half", 0, 600), fixtures::row(2, "dense-70b", "sys-same", 0, 1000),
            fixtures::row(3, "dense-70b", "sys-odd", 0, 9000, Grade::Measured, 1024, 1024, Precision::FP4)};
        const Calibration cal = handExponents();
        const ThroughputModel model(rows, c, cal);
        const auto e = model.estimate(offline());
        QVERIFY(e);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), std::sqrt(1200.0 * 1000.0), 1e-9);
    }

    void aSourceWithinTheClampToleranceCountsAsReaching()
    {
        // A query at 50 tok/s/user, 8,192 in / 1,024 out. sys-same measured those lengths up to
        // 45 tok/s/user, 1.11x short, within the 1.25x clamp tolerance that lets a system's own
        // rows answer; sys-odd reaches 60 but only at 1,024 / 1,024, eight times shorter input.
        // The near miss at the asked lengths is the source (its reading held at its end run), not
        // the curve that reaches at other lengths, whose change of shape the roofline would carry.
        const Catalog c = medianCatalog(8, 8);
        const Calibration cal = handExponents();
        const std::vector<BenchmarkPoint> rows{
            fixtures::row(1, "dense-70b", "sys-same", 45, 3000, Grade::Measured, 8192, 1024),
            fixtures::row(2, "dense-70b", "sys-odd", 60, 1500, Grade::Measured, 1024, 1024)};
        const ThroughputModel model(rows, c, cal);
        ThroughputQuery q = offline();
        q.inputTokens = 8192;
        q.minPerUser = units::tokens_per_second(50);
        const auto e = model.estimate(q);
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Transferred);
        QCOMPARE(e.value().transferredFrom, std::string("sys-same"));
        // Spec ratio 1 (same specs), the end run's 3,000 held.
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 3000.0, 1e-9);
    }

    void aSourceWhoseRunsEndKeepsItsVote()
    {
        // At 18 tok/s/user every source reaches: transfers 9,000 (sys-half), 1,000 (sys-same; its
        // one run at 60 is a lower bound at 18) and 1,200 (sys-odd); the median is 1,200. At 30
        // sys-half's runs have ended 1.5x short, beyond the 1.25x tolerance, so it ranks last; it
        // still votes, its reading moved by the trend: 9,000 x (20 / 30) ^ 0.5 = 7,348, and the
        // median stays 1,200. Had it dropped out, the figure would have jumped to the geometric
        // mean of the other two, sqrt(1,000 x 1,200) = 1,095, as the requirement crossed the end
        // of one source's runs.
        for (const double perUser : {18.0, 30.0}) {
            const auto e = oneSourceEndsAt20(perUser);
            QVERIFY(e);
            VERIFY_RELATIVE(tps(e.value().totalPerGpu), 1200.0, 1e-9);
            QVERIFY2(e.value().derivation.find("median of 3") != std::string::npos, e.value().derivation.c_str());
        }
    }

    void aSourceReadPastItsRunsFollowsTheTrend()
    {
        // sys-half alone, measured up to 20 tok/s/user at 4,500 tok/s per GPU: x2 by spec ratio,
        // 9,000 at its end run. At 50 tok/s/user the elasticity of 0.5 moves it by
        // (20 / 50) ^ 0.5 = 0.632: 5,692, where held flat it gave 9,000 at any stricter requirement.
        const Catalog c = medianCatalog(8, 8);
        const Calibration cal = handExponentsAndTrend();
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-half", 20, 4500)};
        ThroughputQuery q = offline();
        q.minPerUser = units::tokens_per_second(50);
        const auto e = ThroughputModel(rows, c, cal).estimate(q);
        QVERIFY(e);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 9000.0 * std::sqrt(20.0 / 50.0), 1e-9);
        // The reading names the run and the factor, so the figure can be checked by hand.
        const std::string said = "its fastest run (20 tok/s/user) x 0.632 by the measured interactivity trend";
        QVERIFY2(e.value().derivation.find(said) != std::string::npos, e.value().derivation.c_str());
        bool warned = false;
        for (const Warning& w : e.value().warnings)
            warned = warned || w.detail.find("moved by the interactivity elasticity") != std::string::npos;
        QVERIFY(warned);
        bool stated = false;
        for (const auto& input : e.value().evidence.inputs)
            stated = stated || input.view() == "model:interactivity-elasticity";
        QVERIFY(stated);
    }

    void aLightlyLoadedSweepIsCarriedToFullLoad()
    {
        // sys-same's only run: 1,000 tok/s per GPU at 55 tok/s/user, 1,024 in / 1,024 out, so 500
        // output tok/s per GPU and, by Little's law, 500 / 55 = 9.1 requests per GPU in flight:
        // a light sweep. An Offline query on sys-t (same specs: spec ratio 1) takes that run x
        // the source's own roofline from 55 tok/s/user to full load (about x2.2 here).
        const Catalog c = medianCatalog(8, 8);
        const Calibration cal = handExponents();
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-same", 55, 1000)};
        const ThroughputModel model(rows, c, cal);
        const auto e = model.estimate(offline());
        QVERIFY(e);
        const double step = sameSystemRoofline(c, cal, 0) / sameSystemRoofline(c, cal, 55);
        QVERIFY2(step > 1.5, qPrintable(QString::number(step)));
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 1000.0 * step, 1e-9);
        QVERIFY2(e.value().derivation.find("to full load") != std::string::npos, e.value().derivation.c_str());
        bool stated = false;
        for (const auto& input : e.value().evidence.inputs)
            stated = stated || input.view() == "model:light-load-step";
        QVERIFY(stated);
    }

    void aLoadedSweepIsTakenAsFullLoad()
    {
        // 4,000 tok/s per GPU at the same 55 tok/s/user: 2,000 / 55 = 36 requests per GPU, past
        // the light-load limit of 32: the run is the figure, x the spec ratio 1 (the roofline's
        // x2.2 above that per-user rate is not applied).
        const Catalog c = medianCatalog(8, 8);
        const Calibration cal = handExponents();
        const std::vector<BenchmarkPoint> rows{fixtures::row(1, "dense-70b", "sys-same", 55, 4000)};
        const ThroughputModel model(rows, c, cal);
        const auto e = model.estimate(offline());
        QVERIFY(e);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 4000.0, 1e-9);
        QVERIFY(e.value().derivation.find("to full load") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSpecTransferMedian)
#include "test_spec_transfer_median.moc"
