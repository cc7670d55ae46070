// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput front door: which method answers (measured, transferred, analytic), with which
// grade and rows, and how fast a prepared ThroughputModel answers.
#include "throughput.h"
#include "throughput_fixtures.h"

#include <QElapsedTimer>
#include <QtTest>
#include <cmath>

using namespace planner;
using fixtures::row;

namespace {

Catalog testCatalog()
{
    Catalog c;
    c.gpus = {fixtures::gpu("gpu-a", "gen-a", 192, 8, 10, 5, 2.5),
              fixtures::gpu("gpu-b", "gen-b", 288, 16, 20, 10, 5),
              fixtures::gpu("gpu-s", "gen-s", 80, 3.35, 0, 2, 1, 900)};
    c.systems = {fixtures::system("sys-a", "gpu-a", 8), fixtures::system("sys-b", "gpu-b", 72),
                 fixtures::system("sys-s", "gpu-s", 8)};
    c.models = {fixtures::model("dense-70b", 70e9, 70e9, 80, 327680),
                fixtures::model("dense-405b", 405e9, 405e9, 126, 516096)};
    return c;
}

// Frontier on sys-a, FP8, 1024/1024: (10, 4000) verified, (40, 1000) measured, (80, 200) verified.
std::vector<BenchmarkPoint> rowsOnA(double input = 1024, double output = 1024)
{
    return {row(1, "dense-70b", "sys-a", 10, 4000, Grade::Verified, input, output),
            row(2, "dense-70b", "sys-a", 40, 1000, Grade::Measured, input, output),
            row(3, "dense-70b", "sys-a", 80, 200, Grade::Verified, input, output)};
}

ThroughputQuery query(const std::string& system, double slo, const std::string& model = "dense-70b")
{
    ThroughputQuery q;
    q.model = model;
    q.system = system;
    q.precision = Precision::FP8;
    q.minPerUser = units::tokens_per_second(slo);
    return q;
}

VendorClaim claimBOverA(double ratio)
{
    return {"dense-70b", "sys-b", "sys-a", std::nullopt, ratio, "3.7x sys-b vs sys-a on dense-70b",
            Provenance{"vendor keynote", "2026-03-01", Grade::Vendor}};
}

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

bool hasWarning(const ThroughputEstimate& e, const char* text)
{
    return std::any_of(e.warnings.begin(), e.warnings.end(),
                       [&](const Warning& w) { return w.message.find(text) != std::string::npos; });
}

QString detail(double expected, double actual, double tolerance)
{
    return QStringLiteral("expected %1, actual %2, relative tolerance %3")
        .arg(expected, 0, 'g', 12)
        .arg(actual, 0, 'g', 12)
        .arg(tolerance);
}

} // namespace

class TestThroughput : public QObject {
    Q_OBJECT
private:
    const Catalog catalog = testCatalog();
    const Calibration calibration; // defaults: 0.6 bandwidth, 0.4 compute

private Q_SLOTS:
    void methodAndGrade_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<bool>("rows");
        QTest::addColumn<double>("rowInput");
        QTest::addColumn<bool>("claim");
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("grade");
        QTest::newRow("rows for the system answer as measured, graded by the weakest row read")
            << QStringLiteral("sys-a") << true << 1024.0 << false << QStringLiteral("measured") << int(Grade::Measured);
        QTest::newRow("rows on another system transfer with the roofline ratio, graded estimate") << QStringLiteral(
            "sys-b") << true << 1024.0 << false << QStringLiteral("transferred") << int(Grade::Estimate);
        QTest::newRow("a vendor ratio claim transfers graded vendor")
            << QStringLiteral("sys-b") << true << 1024.0 << true << QStringLiteral("transferred") << int(Grade::Vendor);
        QTest::newRow("rows of other lengths on the same system transfer rather than mix") << QStringLiteral(
            "sys-a") << true << 8192.0 << false << QStringLiteral("transferred") << int(Grade::Estimate);
        QTest::newRow("no rows at all leave the calibrated roofline, graded estimate") << QStringLiteral(
            "sys-b") << false << 1024.0 << false << QStringLiteral("analytic") << int(Grade::Estimate);
        QTest::newRow("a claim without baseline rows cannot transfer")
            << QStringLiteral("sys-b") << false << 1024.0 << true << QStringLiteral("analytic") << int(Grade::Estimate);
    }

    void methodAndGrade()
    {
        QFETCH(QString, system);
        QFETCH(bool, rows);
        QFETCH(double, rowInput);
        QFETCH(bool, claim);
        QFETCH(QString, method);
        QFETCH(int, grade);
        const auto points = rows ? rowsOnA(rowInput) : std::vector<BenchmarkPoint>{};
        const std::vector<VendorClaim> claims = claim ? std::vector{claimBOverA(3.7)} : std::vector<VendorClaim>{};
        const auto e = estimateThroughput(query(system.toStdString(), 20), points, catalog, calibration, claims);
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        QCOMPARE(QString::fromStdString(e.value().evidence.method), method);
        QCOMPARE(int(e.value().evidence.grade), grade);
        QVERIFY(tps(e.value().totalPerGpu) > 0);
    }

    void measuredReadsTheCurve()
    {
        const ThroughputModel model(rowsOnA(), catalog, calibration);
        const auto e = model.estimate(query("sys-a", 20));
        QVERIFY(e);
        // 20 tok/s/user is halfway between 10 and 40 in log space: sqrt(4000 x 1000) = 2000.
        const double tolerance = 1e-12;
        QVERIFY2(std::abs(tps(e.value().totalPerGpu) - 2000) <= 2000 * tolerance,
            qPrintable(detail(2000, tps(e.value().totalPerGpu), tolerance)));
        QVERIFY2(std::abs(tps(e.value().outputPerGpu) - 1000) <= 1000 * tolerance,
            qPrintable(detail(1000, tps(e.value().outputPerGpu), tolerance)));
        QCOMPARE(e.value().inputShare, 0.5);
        QCOMPARE(e.value().rowsUsed, (std::vector<std::int64_t>{1, 2}));
        QCOMPARE(e.value().evidence.inputs, (std::vector<std::string>{"row:1", "row:2"}));
        QCOMPARE(int(e.value().curve.size()), 3);
        QCOMPARE(e.value().groupSize, 1); // 70 GB of FP8 weights on one 192 GB GPU
        QVERIFY(e.value().warnings.empty());
    }

    void transferUsesTheRooflineRatio()
    {
        const ThroughputModel none({}, catalog, calibration);
        const double analyticA = tps(none.estimate(query("sys-a", 20)).value().totalPerGpu);
        const double analyticB = tps(none.estimate(query("sys-b", 20)).value().totalPerGpu);
        const ThroughputModel model(rowsOnA(), catalog, calibration);
        const auto e = model.estimate(query("sys-b", 20));
        QVERIFY(e);
        // throughput_B = measured_A(20) x analytic_B(20) / analytic_A(20) = 2000 x ratio.
        const double expected = 2000 * analyticB / analyticA;
        const double tolerance = 1e-9;
        QVERIFY2(std::abs(tps(e.value().totalPerGpu) - expected) <= expected * tolerance,
                 qPrintable(detail(expected, tps(e.value().totalPerGpu), tolerance)));
        QCOMPARE(e.value().transferredFrom, std::string("sys-a"));
        QVERIFY(e.value().transferRatio > 1.0); // twice the bandwidth and FLOPS
        QCOMPARE(e.value().rowsUsed, (std::vector<std::int64_t>{1, 2}));
    }

    void vendorClaimScalesTheBaseline()
    {
        const std::vector<VendorClaim> claims{claimBOverA(3.7)};
        const ThroughputModel model(rowsOnA(), catalog, calibration, claims);
        const auto e = model.estimate(query("sys-b", 20));
        QVERIFY(e);
        QCOMPARE(tps(e.value().totalPerGpu), 2000 * 3.7); // 3.7 x sys-a's 2000 tok/s/GPU at 20 tok/s/user
        QCOMPARE(e.value().transferRatio, 3.7);
        const auto& inputs = e.value().evidence.inputs;
        QVERIFY(std::find(inputs.begin(), inputs.end(), "claim:3.7x sys-b vs sys-a on dense-70b") != inputs.end());
        QVERIFY(!hasWarning(e.value(), "vendor ratio"));
        // A tenfold claim is more than twice the roofline's ratio for the same pair: flagged.
        const std::vector<VendorClaim> bold{claimBOverA(10)};
        const auto flagged = ThroughputModel(rowsOnA(), catalog, calibration, bold).estimate(query("sys-b", 20));
        QVERIFY(flagged && hasWarning(flagged.value(), "vendor ratio 10x"));
    }

    void analyticReportsItsSetup()
    {
        const auto e = estimateThroughput(query("sys-b", 20), {}, catalog, calibration);
        QVERIFY(e);
        const ThroughputEstimate& a = e.value();
        QCOMPARE(a.groupSize, 1);
        QVERIFY(a.batch >= 1);
        QVERIFY(units::in_seconds(a.ttft) > 0);
        QVERIFY(a.curve.size() > 3);
        QVERIFY(a.rowsUsed.empty());
        for (const char* input : {"calibration:gen-b/fp8", "catalog:sys-b", "catalog:dense-70b"})
            QVERIFY2(
                std::find(a.evidence.inputs.begin(), a.evidence.inputs.end(), input) != a.evidence.inputs.end(), input);
    }

    void disaggregatedAnalyticBlendsTheRoles()
    {
        ThroughputQuery q = query("sys-b", 20);
        q.serving = Serving::Disaggregated;
        const auto e = estimateThroughput(q, {}, catalog, calibration);
        QVERIFY(e);
        const double p = tps(e.value().prefillPerGpu), d = tps(e.value().decodePerGpu);
        QVERIFY(p > 0 && d > 0);
        // Over both pools: (ISL + OSL) / (ISL / prefill + OSL / decode).
        const double expected = 2048 / (1024 / p + 1024 / d);
        // The chart's curve is blended the same way, so the estimate lies on it.
        const auto& curve = e.value().curve;
        QVERIFY(tps(curve.front().totalPerGpu) <= expected && expected <= tps(curve.back().totalPerGpu));
        QVERIFY2(std::abs(tps(e.value().totalPerGpu) - expected) <= expected * 1e-12,
            qPrintable(detail(expected, tps(e.value().totalPerGpu), 1e-12)));
    }

    void infeasibleModelIsAnError()
    {
        ThroughputQuery q = query("sys-s", 20, "dense-405b");
        q.precision = Precision::BF16;
        const auto e = estimateThroughput(q, {}, catalog, calibration);
        QVERIFY(!e);
        QCOMPARE(e.error().kind, ErrorKind::Infeasible);
    }

    void unknownNamesAreBadInput_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("system");
        QTest::newRow("a model the catalog lacks") << QStringLiteral("no-such-model") << QStringLiteral("sys-a");
        QTest::newRow("a system the catalog lacks") << QStringLiteral("dense-70b") << QStringLiteral("no-such-system");
        QTest::newRow("no model at all") << QStringLiteral("") << QStringLiteral("sys-a");
    }

    void unknownNamesAreBadInput()
    {
        QFETCH(QString, model);
        QFETCH(QString, system);
        const auto e
            = estimateThroughput(query(system.toStdString(), 20, model.toStdString()), {}, catalog, calibration);
        QVERIFY(!e);
        QCOMPARE(e.error().kind, ErrorKind::BadInput);
    }

    void measuredWarnings_data()
    {
        QTest::addColumn<double>("slo");
        QTest::addColumn<bool>("disaggregated");
        QTest::addColumn<double>("maxTtft");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("a requirement above every run is clamped and flagged")
            << 100.0 << false << 0.0 << QStringLiteral("extrapolated beyond measured range");
        QTest::newRow("rows of the other serving mode are used and flagged")
            << 20.0 << true << 0.0 << QStringLiteral("measured with aggregated serving");
        QTest::newRow("rows slower to first token than the limit are flagged")
            << 20.0 << false << 2.0 << QStringLiteral("measured TTFT 3 s");
    }

    void measuredWarnings()
    {
        QFETCH(double, slo);
        QFETCH(bool, disaggregated);
        QFETCH(double, maxTtft);
        QFETCH(QString, phrase);
        auto rows = rowsOnA();
        rows[1].ttftP99 = units::seconds(3.0);
        ThroughputQuery q = query("sys-a", slo);
        q.serving = disaggregated ? Serving::Disaggregated : Serving::Aggregated;
        q.maxTtft = units::seconds(maxTtft);
        const auto e = estimateThroughput(q, rows, catalog, calibration);
        QVERIFY(e);
        QCOMPARE(e.value().method, ThroughputMethod::Measured);
        QVERIFY2(hasWarning(e.value(), phrase.toUtf8().constData()),
                 e.value().warnings.empty() ? "no warning" : e.value().warnings.front().message.c_str());
    }

    // Sweeps call this a million times: a prepared model must answer in microseconds.
    void preparedModelIsFast()
    {
        std::vector<BenchmarkPoint> rows;
        for (int i = 0; i < 200; ++i) {
            const double perUser = 5.0 * std::pow(1.02, i); // 5 to 260 tok/s/user
            rows.push_back(row(i + 1, "dense-70b", "sys-a", perUser, 1e6 / perUser));
        }
        const ThroughputModel model(rows, catalog, calibration);
        const ThroughputModel empty({}, catalog, calibration);
        struct Case { const char* name; std::string system; int calls; double limitUs; };
        for (const Case& c : {Case{"measured", "sys-a", 200000, 10}, Case{"transferred", "sys-b", 20000, 50},
                              Case{"analytic", "sys-s", 20000, 50}}) {
            ThroughputQuery q = query(c.system, 30);
            q.withCurve = false;
            const ThroughputModel& m = c.system == "sys-s" ? empty : model;
            QElapsedTimer timer;
            timer.start();
            double sink = 0;
            for (int i = 0; i < c.calls; ++i) {
                q.minPerUser = units::tokens_per_second(10 + (i % 200));
                sink += tps(m.estimate(q).value().totalPerGpu);
            }
            const double us = timer.nsecsElapsed() / 1e3 / c.calls;
            qInfo("%s query: %.2f us each (limit %.0f us)", c.name, us, c.limitUs);
            QVERIFY(sink > 0);
            QVERIFY2(us < c.limitUs,
                qPrintable(QStringLiteral("%1: %2 us per query").arg(QString::fromUtf8(c.name)).arg(us)));
        }
        // The one-shot front door indexes the 200 rows on every call.
        QElapsedTimer timer;
        timer.start();
        constexpr int calls = 2000;
        for (int i = 0; i < calls; ++i)
            QVERIFY(estimateThroughput(query("sys-a", 30), rows, catalog, calibration));
        const double us = timer.nsecsElapsed() / 1e3 / calls;
        qInfo("one-shot estimateThroughput over 200 rows: %.2f us each (limit 200 us)", us);
        QVERIFY2(us < 200, qPrintable(QString::number(us)));
    }
};

QTEST_APPLESS_MAIN(TestThroughput)
#include "test_throughput.moc"
