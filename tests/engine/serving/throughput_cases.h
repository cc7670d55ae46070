// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the throughput model's tests share: a small catalog of two systems and a slow one, rows
// on it built like the published curves, queries and claims, and warning lookups. The tests are
// split by subject (test_throughput: which method answers; test_throughput_own_rows: a system
// whose own rows stop short of the requirement), and both read the same cases.

#include "serving/throughput.h"
#include "test_support.h"
#include "throughput_fixtures.h"

#include <QList>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

namespace throughput_cases {

using namespace planner;
using fixtures::row;


inline Catalog testCatalog()
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
inline std::vector<BenchmarkPoint> rowsOnA(double input = 1024, double output = 1024)
{
    return {row(1, "dense-70b", "sys-a", 10, 4000, Grade::Measured, input, output),
            row(2, "dense-70b", "sys-a", 40, 1000, Grade::Measured, input, output),
            row(3, "dense-70b", "sys-a", 80, 200, Grade::Measured, input, output)};
}

inline ThroughputQuery query(const std::string& system, double slo, const std::string& model = "dense-70b")
{
    ThroughputQuery q;
    q.model = model;
    q.system = system;
    q.precision = Precision::FP8;
    q.minPerUser = units::tokens_per_second(slo);
    return q;
}

inline VendorClaim claimBOverA(double ratio)
{
    return {"dense-70b", "sys-b", "sys-a", std::nullopt, ratio, "3.7x sys-b vs sys-a on dense-70b",
            Provenance{"vendor keynote", "2026-03-01", Grade::Vendor}, {}};
}

inline double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

// One query on a model built from these rows: what production asks of its ThroughputModel.
inline Result<ThroughputEstimate> estimateFrom(const ThroughputQuery& q, std::span<const BenchmarkPoint> points,
                                        const Catalog& catalog, const Calibration& calibration,
                                        const VendorClaim* claim = nullptr)
{
    return ThroughputModel(points, catalog, calibration).estimate(q, claim);
}

// dense-70b FP8 1024/1024 rows on one system, ids from firstId in the order given.
inline std::vector<BenchmarkPoint> rowsOn(
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
inline double curveAtLowEnd(double u) { return 15000 * std::pow(0.8, std::log(u / 18) / std::log(2.5)); }

// tests/data/inferencex_gb200_dsr1.csv (InferenceX, DeepSeek-R1-0528 FP4) as rows: the measured
// GB200 NVL72 disaggregated frontier and the GB200 peak-throughput runs, whose per-user rate is
// 1000 / median TPOT in ms, as the InferenceX importer derives it. "NVIDIA GB200" maps to
// gb200-nvl72 as in the alias table.
inline std::vector<BenchmarkPoint> inferenceXGb200Rows()
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
inline std::vector<BenchmarkPoint> gb300PeakRows(const QList<double>& perUser, const QList<double>& total)
{
    std::vector<BenchmarkPoint> out;
    for (qsizetype i = 0; i < perUser.size(); ++i)
        out.push_back(row(200 + i, "deepseek-r1", "gb300-nvl72", perUser[i], total[i], Grade::Measured, 1024, 1024,
                          Precision::FP4));
    return out;
}

inline bool hasWarning(const ThroughputEstimate& e, const char* text)
{
    return std::any_of(e.warnings.begin(), e.warnings.end(),
                       [&](const Warning& w) { return (w.message + " " + w.detail).find(text) != std::string::npos; });
}

inline QString allWarnings(const ThroughputEstimate& e)
{
    QStringList out;
    for (const Warning& w : e.warnings)
        out << QString::fromStdString(w.message + " (" + w.detail + ")");
    return out.isEmpty() ? QStringLiteral("no warnings") : out.join(QStringLiteral(" | "));
}


} // namespace throughput_cases
