// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput front door: which method answers (measured, extrapolated, transferred, analytic), with which
// grade and rows, and how fast a prepared ThroughputModel answers.
#include "serving/throughput.h"
#include "core/number_text.h"
#include "test_support.h"
#include "throughput_fixtures.h"
#include "serving/validation.h"

#include <QElapsedTimer>
#include <QtTest>
#include <cmath>
#include <limits>

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

// Frontier on sys-a, FP8, 1024/1024, graded measured: (10, 4000), (40, 1000), (80, 200). One grade:
// rows of one configuration with different grades are different curves (rowsOfTwoGrades below),
// so a mixed set would not be this frontier. It was verified, measured, verified until that rule.
std::vector<BenchmarkPoint> rowsOnA(double input = 1024, double output = 1024)
{
    return {row(1, "dense-70b", "sys-a", 10, 4000, Grade::Measured, input, output),
            row(2, "dense-70b", "sys-a", 40, 1000, Grade::Measured, input, output),
            row(3, "dense-70b", "sys-a", 80, 200, Grade::Measured, input, output)};
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
            Provenance{"vendor keynote", "2026-03-01", Grade::Vendor}, {}};
}

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

// One query on a model built from these rows: what production asks of its ThroughputModel.
Result<ThroughputEstimate> estimateFrom(const ThroughputQuery& q, std::span<const BenchmarkPoint> points,
                                        const Catalog& catalog, const Calibration& calibration,
                                        const VendorClaim* claim = nullptr)
{
    return ThroughputModel(points, catalog, calibration).estimate(q, claim);
}

// dense-70b FP8 1024/1024 rows on one system, ids from firstId in the order given.
std::vector<BenchmarkPoint> rowsOn(
    const std::string& system, const QList<double>& perUser, const QList<double>& total, std::int64_t firstId)
{
    std::vector<BenchmarkPoint> out;
    for (qsizetype i = 0; i < perUser.size(); ++i)
        out.push_back(row(firstId + i, "dense-70b", system, perUser[i], total[i]));
    return out;
}

// Built like GB300 / GB200 NVL72 on DeepSeek-R1: sys-b, the target, has two peak-throughput runs
// (15, 18500) and (18, 18000), rows 1 and 2; sys-a has a full curve, rows 11 to 14.
const QList<double> kPeakUser{15, 18}, kPeakTotal{18500, 18000};
const QList<double> kCurveUser{18, 45, 90, 250}, kCurveTotal{15000, 12000, 7500, 300};

// sys-a's curve between (18, 15000) and (45, 12000), read in log space at u:
// 15000 x 0.8^(ln(u / 18) / ln 2.5).
double curveAtLowEnd(double u) { return 15000 * std::pow(0.8, std::log(u / 18) / std::log(2.5)); }

// tests/data/inferencex_gb200_dsr1.csv (InferenceX, DeepSeek-R1-0528 FP4) as rows: the measured
// GB200 NVL72 disaggregated frontier and the GB200 peak-throughput runs, whose per-user rate is
// 1000 / median TPOT in ms, as the InferenceX importer derives it. "NVIDIA GB200" maps to
// gb200-nvl72 as in the alias table.
std::vector<BenchmarkPoint> inferenceXGb200Rows()
{
    std::vector<BenchmarkPoint> out;
    std::int64_t id = 100;
    for (const auto& r : testsupport::readCsv(testsupport::testData("inferencex_gb200_dsr1.csv"))) {
        const QString type = r.value(QStringLiteral("row_type"));
        if (type != u"measured_point" && type != u"peak_throughput_config")
            continue;
        const double perUser = type == u"measured_point"
            ? r.value(QStringLiteral("interactivity_tok_s_user")).toDouble()
            : 1000 / r.value(QStringLiteral("median_tpot_ms")).toDouble();
        BenchmarkPoint p = row(id++, "deepseek-r1", "gb200-nvl72", perUser,
            r.value(QStringLiteral("throughput_per_gpu")).toDouble(), Grade::Measured,
            r.value(QStringLiteral("isl")).toDouble(), r.value(QStringLiteral("osl")).toDouble(), Precision::FP4);
        p.serving = type == u"measured_point" ? Serving::Disaggregated : Serving::Aggregated;
        out.push_back(p);
    }
    return out;
}

// GB300 NVL72 DeepSeek-R1-0528 FP4 1k/1k peak-throughput runs, aggregated, as (per user, total).
// The bundled data/reference/inferencemax.csv has one: 18,321 tok/s/GPU at a median TPOT of
// 66.9 ms (1000 / 66.9 = 14.95 tok/s/user); the reported case had a second at 18.1.
std::vector<BenchmarkPoint> gb300PeakRows(const QList<double>& perUser, const QList<double>& total)
{
    std::vector<BenchmarkPoint> out;
    for (qsizetype i = 0; i < perUser.size(); ++i)
        out.push_back(row(200 + i, "deepseek-r1", "gb300-nvl72", perUser[i], total[i], Grade::Measured, 1024, 1024,
                          Precision::FP4));
    return out;
}

bool hasWarning(const ThroughputEstimate& e, const char* text)
{
    return std::any_of(e.warnings.begin(), e.warnings.end(),
                       [&](const Warning& w) { return w.message.find(text) != std::string::npos; });
}

QString allWarnings(const ThroughputEstimate& e)
{
    QStringList out;
    for (const Warning& w : e.warnings)
        out << QString::fromStdString(w.message);
    return out.isEmpty() ? QStringLiteral("no warnings") : out.join(QStringLiteral(" | "));
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
        QTest::newRow("rows for the system answer as measured, graded by the rows read")
            << QStringLiteral("sys-a") << true << 1024.0 << false << QStringLiteral("measured") << int(Grade::Measured);
        QTest::newRow("rows on another system transfer with the roofline ratio, graded estimate") << QStringLiteral(
            "sys-b") << true << 1024.0 << false << QStringLiteral("transferred") << int(Grade::Estimate);
        QTest::newRow("a vendor ratio claim transfers graded vendor")
            << QStringLiteral("sys-b") << true << 1024.0 << true << QStringLiteral("transferred") << int(Grade::Vendor);
        QTest::newRow("rows of other lengths on the same system transfer rather than mix") << QStringLiteral(
            "sys-a") << true << 8192.0 << false << QStringLiteral("transferred") << int(Grade::Estimate);
        QTest::newRow("no rows at all leave the calibrated roofline, graded estimate") << QStringLiteral(
            "sys-b") << false << 1024.0 << false << QStringLiteral("analytic") << int(Grade::Estimate);
        // sys-a's own roofline estimate times the claim: a transfer, graded by the weaker estimate.
        QTest::newRow("a claim over a baseline without rows scales the baseline's roofline estimate")
            << QStringLiteral("sys-b") << false << 1024.0 << true << QStringLiteral("transferred")
            << int(Grade::Estimate);
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
        const VendorClaim claimed = claimBOverA(3.7);
        const auto e = estimateFrom(query(system.toStdString(), 20), points, catalog, calibration,
                                    claim ? &claimed : nullptr);
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        QVERIFY(QString::fromStdString(e.value().evidence.method).startsWith(method));
        QCOMPARE(int(e.value().evidence.grade), grade);
        QVERIFY(tps(e.value().totalPerGpu) > 0);
    }

    void namesOfMethodsAndServingModes()
    {
        // The names the CLI, JSON and validation groups print, and which methods read own rows.
        QCOMPARE(methodName(ThroughputMethod::Measured), std::string_view("measured"));
        QCOMPARE(methodName(ThroughputMethod::Extrapolated), std::string_view("extrapolated"));
        QCOMPARE(methodName(ThroughputMethod::Transferred), std::string_view("transferred"));
        QCOMPARE(methodName(ThroughputMethod::Analytic), std::string_view("analytic"));
        QVERIFY(fromOwnRows(ThroughputMethod::Measured) && fromOwnRows(ThroughputMethod::Extrapolated));
        QVERIFY(!fromOwnRows(ThroughputMethod::Transferred) && !fromOwnRows(ThroughputMethod::Analytic));
        QCOMPARE(servingName(Serving::Aggregated), std::string_view("aggregated"));
        QCOMPARE(servingName(Serving::Disaggregated), std::string_view("disaggregated"));
        for (Serving s : {Serving::Aggregated, Serving::Disaggregated})
            QCOMPARE(servingFromName(servingName(s)), std::optional<Serving>(s));
        for (const char* bad : {"", "Disaggregated", "disaggregated ", "pd"})
            QVERIFY2(!servingFromName(bad), bad);
    }

    void measuredReadsTheCurve()
    {
        const ThroughputModel model(rowsOnA(), catalog, calibration);
        const auto e = model.estimate(query("sys-a", 20));
        QVERIFY(e);
        // 20 tok/s/user is halfway between 10 and 40 in log space: sqrt(4000 x 1000) = 2000.
        const double tolerance = 1e-12;
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), 2000, tolerance);
        VERIFY_RELATIVE(tps(e.value().outputPerGpu), 1000, tolerance);
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
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, tolerance);
        QCOMPARE(e.value().transferredFrom, std::string("sys-a"));
        QVERIFY(e.value().transferRatio > 1.0); // twice the bandwidth and FLOPS
        QCOMPARE(e.value().rowsUsed, (std::vector<std::int64_t>{1, 2}));
    }

    void vendorClaimScalesTheBaseline()
    {
        const VendorClaim claim = claimBOverA(3.7);
        const ThroughputModel model(rowsOnA(), catalog, calibration);
        const auto e = model.estimate(query("sys-b", 20), &claim);
        QVERIFY(e);
        QCOMPARE(tps(e.value().totalPerGpu), 2000 * 3.7); // 3.7 x sys-a's 2000 tok/s/GPU at 20 tok/s/user
        QCOMPARE(tps(e.value().outputPerGpu), 1000 * 3.7); // half of it at 1024/1024
        QCOMPARE(e.value().transferRatio, 3.7);
        QCOMPARE(e.value().transferredFrom, std::string("sys-a"));
        QCOMPARE(e.value().rowsUsed, (std::vector<std::int64_t>{1, 2})); // sys-a's rows read at 20
        QCOMPARE(e.value().evidence.grade, Grade::Vendor); // measured rows, a vendor's ratio
        const auto& inputs = e.value().evidence.inputs;
        QVERIFY(std::find(inputs.begin(), inputs.end(), "claim:3.7x sys-b vs sys-a on dense-70b") != inputs.end());
        QVERIFY2(hasWarning(e.value(), "throughput is sys-a's x 3.7 as claimed by: vendor keynote"),
                 qPrintable(allWarnings(e.value())));
        // The roofline's ratio for the pair (sys-b has twice sys-a's bandwidth and FLOPS) is within
        // 2x of 3.7x: no cross-check warning.
        const ThroughputModel none({}, catalog, calibration);
        const double roofline = tps(none.estimate(query("sys-b", 20)).value().totalPerGpu)
            / tps(none.estimate(query("sys-a", 20)).value().totalPerGpu);
        QVERIFY2(roofline > 3.7 / 2 && roofline < 3.7 * 2, qPrintable(QString::number(roofline)));
        QVERIFY(!hasWarning(e.value(), "vendor ratio"));
        // A claim more than twice the roofline's ratio still applies, flagged with both ratios.
        const double bold = 2.01 * roofline;
        VendorClaim boldClaim = claimBOverA(bold);
        const auto flagged = model.estimate(query("sys-b", 20), &boldClaim);
        QVERIFY(flagged);
        VERIFY_RELATIVE(tps(flagged.value().totalPerGpu), 2000 * bold, 1e-12);
        const std::string expected = "vendor ratio " + numberText(bold) + "x vs the roofline's " + numberText(roofline)
            + "x for the same pair";
        QVERIFY2(hasWarning(flagged.value(), expected.c_str()), qPrintable(allWarnings(flagged.value())));
        // And less than half of it too; exactly twice or half is not flagged.
        boldClaim = claimBOverA(roofline / 2.01);
        QVERIFY(hasWarning(model.estimate(query("sys-b", 20), &boldClaim).value(), "vendor ratio"));
        boldClaim = claimBOverA(roofline / 1.99);
        QVERIFY(!hasWarning(model.estimate(query("sys-b", 20), &boldClaim).value(), "vendor ratio"));
    }

    // A claim answers only where the system has no rows of its own, about its own system and model.
    void vendorClaimAppliesWhereNoOwnRowsAnswer_data()
    {
        QTest::addColumn<QString>("claimSystem");
        QTest::addColumn<QString>("claimModel");
        QTest::addColumn<bool>("ownRows");
        QTest::addColumn<bool>("applied");
        QTest::newRow("no rows on sys-b: the claim answers") << "sys-b" << "dense-70b" << false << true;
        QTest::newRow("sys-b's own rows say more than a claim") << "sys-b" << "dense-70b" << true << false;
        QTest::newRow("a claim about another system is not this one's") << "sys-s" << "dense-70b" << false << false;
        QTest::newRow("a claim about another model is not this one's") << "sys-b" << "dense-405b" << false << false;
    }

    void vendorClaimAppliesWhereNoOwnRowsAnswer()
    {
        QFETCH(QString, claimSystem);
        QFETCH(QString, claimModel);
        QFETCH(bool, ownRows);
        QFETCH(bool, applied);
        auto points = rowsOnA();
        if (ownRows) // sys-b at 20 tok/s/user: 5000 tok/s/GPU between its runs at 10 and 40
            for (const auto& r : rowsOn("sys-b", {10, 40}, {10000, 2500}, 21))
                points.push_back(r);
        VendorClaim claim = claimBOverA(3.7);
        claim.system = claimSystem.toStdString();
        claim.model = claimModel.toStdString();
        const ThroughputModel model(points, catalog, calibration);
        const auto with = model.estimate(query("sys-b", 20), &claim);
        const auto without = model.estimate(query("sys-b", 20));
        QVERIFY(with && without);
        if (applied) {
            QCOMPARE(tps(with.value().totalPerGpu), 2000 * 3.7);
        } else {
            QCOMPARE(tps(with.value().totalPerGpu), tps(without.value().totalPerGpu));
            QCOMPARE(with.value().method, without.value().method);
        }
        if (ownRows)
            VERIFY_RELATIVE(tps(with.value().totalPerGpu), 5000, 1e-12); // sqrt(10000 x 2500)
    }

    // A scenario's claim names its field for the evidence; a claim without a baseline or with a
    // ratio that is not positive is bad input at that field.
    void vendorClaimNamesItsSource()
    {
        VendorClaim claim = claimBOverA(3.7);
        claim.where = "workload.claim_ratio";
        const ThroughputModel model(rowsOnA(), catalog, calibration);
        const auto e = model.estimate(query("sys-b", 20), &claim);
        QVERIFY(e);
        QCOMPARE(e.value().evidence.inputs.front(), std::string("row:1")); // sorted: rows, then the field
        QVERIFY(std::find(e.value().evidence.inputs.begin(), e.value().evidence.inputs.end(), "workload.claim_ratio")
                != e.value().evidence.inputs.end());
        QCOMPARE(e.value().warnings.back().where, std::string("workload.claim_ratio"));
        claim.baselineSystem.clear();
        auto bad = model.estimate(query("sys-b", 20), &claim);
        QVERIFY(!bad);
        QCOMPARE(bad.error().kind, ErrorKind::BadInput);
        QCOMPARE(bad.error().where, std::string("workload.claim_ratio"));
        claim = claimBOverA(0);
        bad = model.estimate(query("sys-b", 20), &claim);
        QVERIFY(!bad);
        QCOMPARE(bad.error().where, std::string("claim:3.7x sys-b vs sys-a on dense-70b"));
    }

    // Rows of one configuration with different grades are separate curves, and the better grade
    // answers where it covers the requirement. The case behind the rule: MLPerf v4.1 holds one
    // open-division H100 fp8 Llama 2 70B run (vLLM, 644 tok/s/GPU, graded measured) next to the
    // audited closed runs (about 5,000), and one open-division H200 run (19,640 tok/s/GPU Offline,
    // a modified model) next to closed ones (about 7,000). In one frontier the open H200 run
    // replaced every closed Offline reading (+155% against v5.1), and where it was the only row at
    // its precision the vLLM run answered for the whole system (-90%).
    void gradesFormSeparateCurves()
    {
        // Audited curve (10, 4000) and (80, 200), rows 1 and 3; an open-division-like run far
        // above it at (20, 9000), row 2, and a weaker run beyond the audited range at (200, 150).
        const std::vector<BenchmarkPoint> rows{row(1, "dense-70b", "sys-a", 10, 4000, Grade::Verified),
                                               row(2, "dense-70b", "sys-a", 20, 9000, Grade::Measured),
                                               row(3, "dense-70b", "sys-a", 80, 200, Grade::Verified),
                                               row(4, "dense-70b", "sys-a", 200, 150, Grade::Measured)};
        const ThroughputModel model(rows, catalog, calibration);
        QCOMPARE(int(model.curves().size()), 2);
        // At 20 tok/s/user the verified curve answers: in log space 20 is a third of the way from
        // 10 to 80, so 4000 x (200 / 4000)^(1/3) = 1473.6; one frontier would have read row 2.
        const auto own = model.estimate(query("sys-a", 20));
        QVERIFY(own);
        QCOMPARE(own.value().method, ThroughputMethod::Measured);
        QCOMPARE(own.value().evidence.grade, Grade::Verified);
        QCOMPARE(own.value().rowsUsed, (std::vector<std::int64_t>{1, 3}));
        VERIFY_RELATIVE(tps(own.value().totalPerGpu), 4000 * std::cbrt(200.0 / 4000), 1e-12);
        // 200 tok/s/user is beyond the verified runs (80 x 1.25 = 100) and within the weaker ones:
        // those answer, with their grade, rather than a clamped audited figure.
        const auto fast = model.estimate(query("sys-a", 200));
        QVERIFY(fast);
        QCOMPARE(fast.value().method, ThroughputMethod::Measured);
        QCOMPARE(fast.value().evidence.grade, Grade::Measured);
        QCOMPARE(fast.value().rowsUsed, (std::vector<std::int64_t>{4}));
        // A transfer to sys-b reads the verified curve too (same system, precision, lengths and
        // serving: the grade decides before the number of frontier points).
        const auto moved = model.estimate(query("sys-b", 20));
        QVERIFY(moved);
        QCOMPARE(moved.value().method, ThroughputMethod::Transferred);
        QCOMPARE(moved.value().rowsUsed, (std::vector<std::int64_t>{1, 3}));
        // Offline (no requirement): the best Offline run of the verified rows, not the open one.
        std::vector<BenchmarkPoint> offline{row(11, "dense-70b", "sys-a", 0, 7000, Grade::Verified),
                                            row(12, "dense-70b", "sys-a", 0, 19600, Grade::Measured)};
        const auto peak = estimateFrom(query("sys-a", 0), offline, catalog, calibration);
        QVERIFY(peak);
        QCOMPARE(tps(peak.value().totalPerGpu), 7000.0);
        QCOMPARE(peak.value().evidence.grade, Grade::Verified);
    }

    void analyticReportsItsSetup()
    {
        const auto e = estimateFrom(query("sys-b", 20), {}, catalog, calibration);
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
        const auto e = estimateFrom(q, {}, catalog, calibration);
        QVERIFY(e);
        const double p = tps(e.value().prefillPerGpu), d = tps(e.value().decodePerGpu);
        QVERIFY(p > 0 && d > 0);
        // Over both pools: (ISL + OSL) / (ISL / prefill + OSL / decode).
        const double expected = 2048 / (1024 / p + 1024 / d);
        // The chart's curve is blended the same way, so the estimate lies on it.
        const auto& curve = e.value().curve;
        QVERIFY(tps(curve.front().totalPerGpu) <= expected && expected <= tps(curve.back().totalPerGpu));
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, 1e-12);
    }

    void infeasibleModelIsAnError()
    {
        ThroughputQuery q = query("sys-s", 20, "dense-405b");
        q.precision = Precision::BF16;
        const auto e = estimateFrom(q, {}, catalog, calibration);
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
            = estimateFrom(query(system.toStdString(), 20, model.toStdString()), {}, catalog, calibration);
        QVERIFY(!e);
        QCOMPARE(e.error().kind, ErrorKind::BadInput);
    }

    void measuredWarnings_data()
    {
        QTest::addColumn<double>("slo");
        QTest::addColumn<bool>("disaggregated");
        QTest::addColumn<double>("maxTtft");
        QTest::addColumn<QString>("phrase");
        QTest::addColumn<QString>("method");
        // 100 is within the 1.25x reach of the fastest run (80): read there, but no run showed it.
        QTest::newRow("a requirement above every run is clamped, extrapolated and flagged")
            << 100.0 << false << 0.0 << QStringLiteral("extrapolated beyond measured range") << "extrapolated";
        QTest::newRow("rows of the other serving mode are used and flagged")
            << 20.0 << true << 0.0 << QStringLiteral("measured with aggregated serving") << "measured";
        QTest::newRow("rows slower to first token than the limit are flagged")
            << 20.0 << false << 2.0 << QStringLiteral("measured TTFT 3 s") << "measured";
    }

    void measuredWarnings()
    {
        QFETCH(double, slo);
        QFETCH(bool, disaggregated);
        QFETCH(double, maxTtft);
        QFETCH(QString, phrase);
        QFETCH(QString, method);
        auto rows = rowsOnA();
        rows[1].ttftP99 = units::seconds(3.0);
        ThroughputQuery q = query("sys-a", slo);
        q.serving = disaggregated ? Serving::Disaggregated : Serving::Aggregated;
        q.maxTtft = units::seconds(maxTtft);
        const auto e = estimateFrom(q, rows, catalog, calibration);
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        QVERIFY2(hasWarning(e.value(), phrase.toUtf8().constData()),
                 e.value().warnings.empty() ? "no warning" : e.value().warnings.front().message.c_str());
    }

    // The system's own rows stop far short of the requirement while another system's curve covers
    // it: the transfer answers instead of the clamped end (before this change a measured reading
    // at any distance won). sys-b's rows reach 18 tok/s/user; clampTolerance 1.25 lets them answer
    // up to 18 x 1.25 = 22.5. expected < 0: the roofline ratio, computed in the test.
    void ownRowsStopShort_data()
    {
        QTest::addColumn<QList<double>>("ownUser");
        QTest::addColumn<QList<double>>("ownTotal");
        QTest::addColumn<QList<double>>("sourceUser");
        QTest::addColumn<QList<double>>("sourceTotal");
        QTest::addColumn<double>("slo");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<QString>("phrase");
        const double inf = std::numeric_limits<double>::infinity();
        // Anchor at sys-b's top run, 18: ratio 18000 / sys-a's 15000 there = 1.2. sys-a at 90 is its
        // run 7500, so 7500 x 1.2 = 9000 (the clamp gave 18000, twice as much).
        QTest::newRow("5x past the own rows: sys-a's reading times the ratio measured at 18")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 90.0 << 1.25 << "transferred" << 9000.0
            << 1.2 << "sys-b's own rows only reach 18 tok/s/user, more than 1.25x below the required 90";
        QTest::newRow("exactly 1.25x past (22.5): the clamped end stands, extrapolated")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 22.5 << 1.25 << "extrapolated" << 18000.0
            << 0.0 << "above the highest measured interactivity (18 tok/s/user) by 1.25x";
        // 23 > 22.5: sys-a at 23 is 15000 x 0.8^(ln(23/18) / ln 2.5) = 14130.8; x 1.2 = 16957.
        QTest::newRow("just past 1.25x (23): transferred")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 23.0 << 1.25 << "transferred"
            << 1.2 * curveAtLowEnd(23) << 1.2 << "measured ratio at 18 tok/s/user";
        // sys-a reaches 45 x 1.25 = 56.25 < 90: it does not cover 90 either. The end run (18000 at
        // 18) moves along sys-b's own roofline: x analytic_B(90) / analytic_B(18) (expected -2).
        QTest::newRow("no curve covers 90: the end run moves along the system's roofline")
            << kPeakUser << kPeakTotal << QList<double>{18, 45} << QList<double>{15000, 12000} << 90.0 << 1.25
            << "extrapolated" << -2.0 << 0.0 << "moved along the roofline's curve of this system";
        // 90 <= 75 x 1.25 = 93.75: sys-a covers 90 within the tolerance, read clamped at 7500.
        QTest::newRow("a source within the tolerance covers: transferred, its clamp flagged")
            << kPeakUser << kPeakTotal << QList<double>{18, 45, 75} << QList<double>{15000, 12000, 7500} << 90.0
            << 1.25 << "transferred" << 9000.0 << 1.2 << "sys-a rows: extrapolated beyond measured range";
        // Own runs at 90 and 120; 20 < 90 / 1.25 = 72. Anchor at the bottom end, 90: 9000 / 7500 =
        // 1.2; sys-a at 20: 15000 x 0.8^(ln(20/18) / ln 2.5) = 14620.0; x 1.2 = 17544.
        QTest::newRow("far below the own rows: ratio at their bottom end")
            << QList<double>{90, 120} << QList<double>{9000, 6000} << kCurveUser << kCurveTotal << 20.0 << 1.25
            << "transferred" << 1.2 * curveAtLowEnd(20) << 1.2
            << "sys-b's own rows only go down to 90 tok/s/user, more than 1.25x above the required 20";
        // The own run at 8 and sys-a's lowest, 18: 8 x 1.25 = 10 < 18, no rate both reach.
        QTest::newRow("no per-user rate both reach: the roofline ratio")
            << QList<double>{8} << QList<double>{19000} << kCurveUser << kCurveTotal << 90.0 << 1.25
            << "transferred" << -1.0 << -1.0 << "times the roofline ratio";
        // Ratio 90000 / 15000 = 6 at 18; the roofline's 90 tok/s/user ratio of sys-b (2x the HBM
        // bandwidth) to sys-a is far below 3: flagged. 7500 x 6 = 45000.
        QTest::newRow("a measured ratio far from the roofline's is flagged")
            << QList<double>{15, 18} << QList<double>{95000, 90000} << kCurveUser << kCurveTotal << 90.0 << 1.25
            << "transferred" << 45000.0 << 6.0 << "measured ratio 6x vs the roofline's";
        QTest::newRow("no requirement: the own highest-throughput run answers")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 0.0 << 1.25 << "measured" << 18500.0 << 0.0
            << "";
        QTest::newRow("an infinite tolerance keeps the clamped end at any distance")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 90.0 << inf << "extrapolated" << 18000.0
            << 0.0 << "above the highest measured interactivity (18 tok/s/user) by 5x";
        // Tolerance 1: 20 > 18 is already far. 1.2 x 14620.0 = 17544.
        QTest::newRow("tolerance 1: any clamp transfers")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 20.0 << 1.0 << "transferred"
            << 1.2 * curveAtLowEnd(20) << 1.2 << "more than 1x below the required 20";
        QTest::newRow("a tolerance below 1 counts as 1")
            << kPeakUser << kPeakTotal << kCurveUser << kCurveTotal << 20.0 << 0.5 << "transferred"
            << 1.2 * curveAtLowEnd(20) << 1.2 << "more than 1x below the required 20";
    }

    void ownRowsStopShort()
    {
        QFETCH(QList<double>, ownUser);
        QFETCH(QList<double>, ownTotal);
        QFETCH(QList<double>, sourceUser);
        QFETCH(QList<double>, sourceTotal);
        QFETCH(double, slo);
        QFETCH(double, tolerance);
        QFETCH(QString, method);
        QFETCH(double, expected);
        QFETCH(double, ratio);
        QFETCH(QString, phrase);
        auto points = rowsOn("sys-b", ownUser, ownTotal, 1);
        const auto source = rowsOn("sys-a", sourceUser, sourceTotal, 11);
        points.insert(points.end(), source.begin(), source.end());
        Calibration tuned;
        tuned.clampTolerance = tolerance;
        if (expected == -2) {
            const ThroughputModel none({}, catalog, tuned);
            expected = 18000 * std::min(1.0, tps(none.estimate(query("sys-b", slo)).value().totalPerGpu)
                                                 / tps(none.estimate(query("sys-b", 18)).value().totalPerGpu));
        } else if (expected < 0) {
            // throughput_B = sys-a's 7500 at 90 x analytic_B(90) / analytic_A(90).
            const ThroughputModel none({}, catalog, tuned);
            ratio = tps(none.estimate(query("sys-b", slo)).value().totalPerGpu)
                / tps(none.estimate(query("sys-a", slo)).value().totalPerGpu);
            expected = 7500 * ratio;
        }
        const auto e = ThroughputModel(points, catalog, tuned).estimate(query("sys-b", slo));
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        const double tolerance9 = 1e-9;
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, tolerance9);
        VERIFY_RELATIVE(e.value().transferRatio, ratio, tolerance9);
        if (e.value().method == ThroughputMethod::Transferred)
            QCOMPARE(e.value().transferredFrom, std::string("sys-a"));
        // Only a reading inside the measured range keeps the rows' grade.
        QCOMPARE(int(e.value().evidence.grade), int(method == u"measured" ? Grade::Measured : Grade::Estimate));
        QVERIFY2(phrase.isEmpty() || hasWarning(e.value(), phrase.toUtf8().constData()),
                 qPrintable(allWarnings(e.value())));
    }

    // What the 9000 of the first case above rests on: rows of both systems, the ratio's anchor.
    void ownRowsStopShortEvidence()
    {
        auto points = rowsOn("sys-b", kPeakUser, kPeakTotal, 1);
        const auto source = rowsOn("sys-a", kCurveUser, kCurveTotal, 11);
        points.insert(points.end(), source.begin(), source.end());
        const auto e = ThroughputModel(points, catalog, calibration).estimate(query("sys-b", 90));
        QVERIFY(e);
        const ThroughputEstimate& t = e.value();
        QCOMPARE(t.method, ThroughputMethod::Transferred);
        QCOMPARE(t.evidence.method, std::string("transferred"));
        // sys-a's run at 90 (row 13) gives the figure; sys-b's run at 18 (row 2) over sys-a's run
        // at 18 (row 11) gives the ratio.
        QCOMPARE(t.rowsUsed, (std::vector<std::int64_t>{13, 2, 11}));
        QCOMPARE(t.evidence.inputs,
                 (std::vector<std::string>{"model:measured-ratio", "row:11", "row:13", "row:2"}));
        QCOMPARE(int(t.evidence.grade), int(Grade::Estimate)); // measured rows, but a modelled ratio
        QCOMPARE(tps(t.transferAnchor), 18.0);
        QCOMPARE(tps(t.outputPerGpu), 4500.0); // half of 9000 at 1024/1024
        QCOMPARE(t.groupSize, 1);              // the roofline's group for dense-70b on sys-b
        QCOMPARE(int(t.curve.size()), 4);      // sys-a's frontier x 1.2
        QCOMPARE(tps(t.curve[2].totalPerGpu), 9000.0);
        QVERIFY2(hasWarning(t, "sys-b's own rows only reach 18 tok/s/user, more than 1.25x below the required "
                               "90; transferred from sys-a, whose rows cover it, times 1.2x, the two systems' "
                               "measured ratio at 18 tok/s/user, assumed to hold at the requirement"),
                 qPrintable(allWarnings(t)));
    }

    // dense-405b at BF16 (810 GB) does not fit on sys-s (8 x 80 GB) by the roofline, yet rows say it
    // ran there. sys-a's rows: (18, 1500), (45, 1200), (90, 750), (250, 30).
    void rooflineCannotSetUpTheSystem_data()
    {
        QTest::addColumn<QList<double>>("ownUser");
        QTest::addColumn<QList<double>>("ownTotal");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("phrase");
        // Ratio 1800 / 1500 = 1.2 at 18; sys-a's 750 at 90 x 1.2 = 900.
        QTest::newRow("a measured ratio needs no roofline")
            << QList<double>{15, 18} << QList<double>{1900, 1800} << "transferred" << 900.0
            << "sys-s's own rows only reach 18 tok/s/user";
        // 8 x 1.25 = 10 < 18: no rate both reach, and no roofline ratio either.
        QTest::newRow("no measured ratio and no roofline: the clamped end stands")
            << QList<double>{8} << QList<double>{1900} << "extrapolated" << 1900.0
            << "share no per-user rate with these rows, and the roofline cannot relate them";
    }

    void rooflineCannotSetUpTheSystem()
    {
        QFETCH(QList<double>, ownUser);
        QFETCH(QList<double>, ownTotal);
        QFETCH(QString, method);
        QFETCH(double, expected);
        QFETCH(QString, phrase);
        std::vector<BenchmarkPoint> points;
        auto add = [&](const char* system, double perUser, double total) {
            points.push_back(row(int(points.size()) + 1, "dense-405b", system, perUser, total, Grade::Measured, 1024,
                                 1024, Precision::BF16));
        };
        for (qsizetype i = 0; i < ownUser.size(); ++i)
            add("sys-s", ownUser[i], ownTotal[i]);
        for (auto [u, t] : {std::pair{18.0, 1500.0}, {45.0, 1200.0}, {90.0, 750.0}, {250.0, 30.0}})
            add("sys-a", u, t);
        ThroughputQuery q = query("sys-s", 90, "dense-405b");
        q.precision = Precision::BF16;
        QVERIFY(!estimateFrom(q, {}, catalog, calibration)); // the roofline alone: infeasible
        const auto e = estimateFrom(q, points, catalog, calibration);
        QVERIFY(e);
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, 1e-12);
        QCOMPARE(e.value().groupSize, 0); // unknown: the roofline has no group that holds the model
        QVERIFY2(hasWarning(e.value(), phrase.toUtf8().constData()), qPrintable(allWarnings(e.value())));
    }

    // The reported case on the built-in catalog: GB300 NVL72 DeepSeek-R1 FP4 1k/1k at 90
    // tok/s/user, aggregated, with GB300's peak-throughput rows and the GB200 fixture rows. Before
    // this change: 18,321 tok/s/GPU "measured", clamped. GB200's disaggregated frontier around 90:
    // (43.29, 12659.7) and (90.99, 7698.0), so at 90: 12659.7 x (7698.0 / 12659.7)^(ln(90 / 43.29)
    // / ln(90.99 / 43.29)) = 7755.1. GB200's aggregated peak run (18.08) does not reach 90; its
    // disaggregated curve does and is the source.
    void gb300FromTheGb200Curve_data()
    {
        QTest::addColumn<QList<double>>("gb300User");
        QTest::addColumn<QList<double>>("gb300Total");
        QTest::addColumn<double>("ratio");
        const double gb200At90 = 12659.7 * std::pow(7698.0 / 12659.7, std::log(90 / 43.29) / std::log(90.99 / 43.29));
        QTest::addColumn<double>("expected");
        // Anchor 14.95: GB200's curve starts at 17.82 (14.95 x 1.25 = 18.7 reaches it), read
        // clamped at its 14659.4: ratio 18321 / 14659.4 = 1.2498, the ratio of the two peaks.
        const double peaks = 18321 / 14659.4;
        QTest::newRow("the bundled GB300 peak run alone (14.95 tok/s/user)")
            << QList<double>{1000 / 66.9} << QList<double>{18321} << peaks << gb200At90 * peaks;
        // Anchor 18.1, inside GB200's range: 14659.4 x (12659.7 / 14659.4)^(ln(18.1 / 17.82) /
        // ln(43.29 / 17.82)) = 14621.7; ratio 18321 / 14621.7 = 1.2530.
        const double at181 = 14659.4 * std::pow(12659.7 / 14659.4, std::log(18.1 / 17.82) / std::log(43.29 / 17.82));
        QTest::newRow("GB300 peak runs at 14.9 and 18.1 tok/s/user, as reported")
            << QList<double>{14.9, 18.1} << QList<double>{18321, 18321} << 18321 / at181 << gb200At90 * 18321 / at181;
    }

    void gb300FromTheGb200Curve()
    {
        QFETCH(QList<double>, gb300User);
        QFETCH(QList<double>, gb300Total);
        QFETCH(double, ratio);
        QFETCH(double, expected);
        auto points = inferenceXGb200Rows();
        QCOMPARE(int(points.size()), 11); // 9 disaggregated runs, 2 peak runs (1k/1k, 8k/1k)
        const auto gb300 = gb300PeakRows(gb300User, gb300Total);
        points.insert(points.end(), gb300.begin(), gb300.end());
        ThroughputQuery q = query("gb300-nvl72", 90, "deepseek-r1");
        q.precision = Precision::FP4;
        const auto e = ThroughputModel(points, builtinCatalog(), calibration).estimate(q);
        QVERIFY(e);
        const ThroughputEstimate& t = e.value();
        for (const Warning& w : t.warnings)
            qInfo("warning: %s", w.message.c_str());
        qInfo("%s: %.0f tok/s/GPU (%.0f output), ratio %.4f at %.2f tok/s/user, grade %s, rows %s",
              methodName(t.method).data(), tps(t.totalPerGpu), tps(t.outputPerGpu), t.transferRatio,
              tps(t.transferAnchor), gradeName(t.evidence.grade).data(),
              qPrintable(QString::fromStdString([&] {
                  std::string s;
                  for (const auto& in : t.evidence.inputs)
                      s += in + " ";
                  return s;
              }())));
        QCOMPARE(t.method, ThroughputMethod::Transferred);
        QCOMPARE(t.transferredFrom, std::string("gb200-nvl72"));
        VERIFY_RELATIVE(t.transferRatio, ratio, 1e-9);
        VERIFY_RELATIVE(tps(t.totalPerGpu), expected, 1e-9);
        QVERIFY(tps(t.totalPerGpu) < 18321 / 1.8); // no longer the 2x overestimate
        QVERIFY(hasWarning(t, "gb300-nvl72's own rows only reach"));
        QVERIFY(hasWarning(t, "(aggregated vs disaggregated serving)"));
    }

    // A figure read outside the measured interactivity range of the system's own curve is not what
    // any run showed: method extrapolated, graded estimate, with a warning saying how far out. The
    // reported case: GB200 NVL72 DeepSeek-R1 FP4 1k/1k disaggregated at 1000 tok/s/user, read at
    // the fastest InferenceX run (286.40 tok/s/user, 60.7 tok/s/GPU) and labelled measured.
    void readingPastTheRunsIsExtrapolated_data()
    {
        QTest::addColumn<double>("slo");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("expected");
        QTest::addColumn<int>("grade");
        QTest::addColumn<QString>("phrase");
        // 1000 / 286.40 = 3.49x, beyond the 1.25x reach, and no other curve of the model covers
        // 1000 to transfer from: the end run's 60.7 moves along the system's own roofline, times
        // analytic(1000) / analytic(286.40) (expected -1), labelled for what it is.
        QTest::newRow("1000 tok/s/user, 3.5x past the fastest run") << 1000.0 << "extrapolated" << -1.0
            << int(Grade::Estimate) << "above the highest measured interactivity (286 tok/s/user) by 3.49x";
        // 300 / 286.40 = 1.05x, within the reach: still read at the fastest run.
        QTest::newRow("300 tok/s/user, just past the fastest run") << 300.0 << "extrapolated" << 60.7
            << int(Grade::Estimate) << "above the highest measured interactivity (286 tok/s/user) by 1.05x";
        // 17.82 / 15 = 1.19x below the slowest run: held at its 14,659.4, a lower bound.
        QTest::newRow("15 tok/s/user, below the slowest run") << 15.0 << "extrapolated" << 14659.4
            << int(Grade::Estimate) << "below the lowest measured interactivity (17.8 tok/s/user) by 1.19x";
        // Between the runs at 43.29 (12,659.7) and 90.99 (7,698.0), in log space.
        QTest::newRow("90 tok/s/user, between two runs") << 90.0 << "measured"
            << 12659.7 * std::pow(7698.0 / 12659.7, std::log(90 / 43.29) / std::log(90.99 / 43.29))
            << int(Grade::Measured) << "";
        // No requirement: the highest-throughput run is the answer, not a reading outside a range.
        QTest::newRow("no requirement, the best run") << 0.0 << "measured" << 14659.4 << int(Grade::Measured) << "";
    }

    void readingPastTheRunsIsExtrapolated()
    {
        QFETCH(double, slo);
        QFETCH(QString, method);
        QFETCH(double, expected);
        QFETCH(int, grade);
        QFETCH(QString, phrase);
        ThroughputQuery q = query("gb200-nvl72", slo, "deepseek-r1");
        q.precision = Precision::FP4;
        q.serving = Serving::Disaggregated;
        const auto e = estimateFrom(q, inferenceXGb200Rows(), builtinCatalog(), calibration);
        QVERIFY(e);
        if (expected < 0) {
            const auto rows = inferenceXGb200Rows();
            const ThroughputModel measuredModel(rows, builtinCatalog(), calibration);
            double end = 0;
            for (const MeasuredCurve& m : measuredModel.curves())
                if (m.system == "gb200-nvl72" && m.serving == Serving::Disaggregated)
                    end = std::max(end, tps(m.curve.highestPerUser().value_or(units::tokens_per_second(0))));
            ThroughputQuery atEnd = q;
            atEnd.minPerUser = units::tokens_per_second(end);
            const double shape = tps(estimateFrom(q, {}, builtinCatalog(), calibration).value().totalPerGpu)
                / tps(estimateFrom(atEnd, {}, builtinCatalog(), calibration).value().totalPerGpu);
            expected = 60.7 * std::min(1.0, shape);
        }
        QCOMPARE(QString::fromUtf8(methodName(e.value().method)), method);
        QCOMPARE(QString::fromStdString(e.value().evidence.method), method);
        QCOMPARE(int(e.value().evidence.grade), grade);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), expected, 1e-9);
        QCOMPARE(fromOwnRows(e.value().method), true);
        QVERIFY2(phrase.isEmpty() || hasWarning(e.value(), phrase.toUtf8().constData()),
                 qPrintable(allWarnings(e.value())));
        if (slo > 0 && method == u"measured")
            QVERIFY2(!hasWarning(e.value(), "extrapolated"), qPrintable(allWarnings(e.value())));
    }

    // The leave-one-out validation over the fixture rows (GB200 runs and the GB300 peak runs): every
    // mode runs through, and every point is predicted (or counted as skipped) with a finite,
    // positive figure. Leaving out GB200's 17.82 run, its disaggregated neighbours stop short of it
    // (43.29) and the aggregated peak run at 18.08, which reaches it, answers; leaving out a whole
    // curve, GB300's runs are far from every other curve's reach in turn.
    void leaveOneOutOnTheFixtureRuns_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("recalibrate");
        QTest::newRow("leave a point out") << int(LeaveOut::Point) << false;
        QTest::newRow("leave a curve out, calibration as given") << int(LeaveOut::Curve) << false;
        QTest::newRow("leave a curve out, refitted") << int(LeaveOut::Curve) << true;
    }

    void leaveOneOutOnTheFixtureRuns()
    {
        QFETCH(int, mode);
        QFETCH(bool, recalibrate);
        auto points = inferenceXGb200Rows();
        const auto gb300 = gb300PeakRows({14.9, 18.1}, {18321, 18321});
        points.insert(points.end(), gb300.begin(), gb300.end());
        const Catalog& builtin = builtinCatalog();
        const Calibration fitted = calibrate(points, builtin);
        const ValidationReport r
            = leaveOneOut(points, builtin, fitted, ValidationOptions{static_cast<LeaveOut>(mode), recalibrate});
        QCOMPARE(int(r.predictions.size()) + r.skipped, int(points.size()));
        for (const Prediction& p : r.predictions)
            QVERIFY2(std::isfinite(p.predicted) && p.predicted > 0,
                     qPrintable(QStringLiteral("row %1: %2").arg(p.rowId).arg(p.predicted)));
        for (const ErrorGroup& g : r.byMethod)
            qInfo("%s: %d points, median %+.3f, mean |e| %.3f, p90 |e| %.3f", g.name.c_str(), g.stats.count,
                  g.stats.medianSigned, g.stats.meanAbsolute, g.stats.p90Absolute);
    }

    // Sweeps call this a million times: a prepared model answers every kind of query, again and
    // again, from 200 rows. How fast is measured by tests/bench/bench_evaluate (speed is a
    // benchmark's job, not a test's); the times are printed here only for information.
    void preparedModelAnswersManyQueries()
    {
        std::vector<BenchmarkPoint> rows;
        for (int i = 0; i < 200; ++i) {
            const double perUser = 5.0 * std::pow(1.02, i); // 5 to 260 tok/s/user
            rows.push_back(row(i + 1, "dense-70b", "sys-a", perUser, 1e6 / perUser));
        }
        const ThroughputModel model(rows, catalog, calibration);
        const ThroughputModel empty({}, catalog, calibration);
        struct Case { const char* name; std::string system; int calls; };
        for (const Case& c : {Case{"measured", "sys-a", 20000}, Case{"transferred", "sys-b", 2000},
                              Case{"analytic", "sys-s", 2000}}) {
            ThroughputQuery q = query(c.system, 30);
            q.withCurve = false;
            const ThroughputModel& m = c.system == "sys-s" ? empty : model;
            QElapsedTimer timer;
            timer.start();
            double sink = 0;
            for (int i = 0; i < c.calls; ++i) {
                q.minPerUser = units::tokens_per_second(10 + (i % 200));
                auto e = m.estimate(q);
                QVERIFY(e);
                sink += tps(e.value().totalPerGpu);
            }
            qInfo("%s query: %.2f us each", c.name, timer.nsecsElapsed() / 1e3 / c.calls);
            QVERIFY(sink > 0);
        }
        for (int i = 0; i < 200; ++i)
            QVERIFY(estimateFrom(query("sys-a", 30), rows, catalog, calibration));
    }
};

QTEST_APPLESS_MAIN(TestThroughput)
#include "test_throughput.moc"
