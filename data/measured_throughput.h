// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Throughput from a benchmark database for evaluate(): opens the (untrusted) database read-only,
// loads its points, calibrates the roofline on them and answers each scenario's query through a
// ThroughputModel built once. The CLI's evaluate and predict and the GUI all go through
// throughputFor, so they agree.

#include "serving/benchmark.h"
#include "serving/calibration.h"
#include "serving/measured_power.h"
#include "evaluate/evaluate.h"
#include "serving/throughput.h"

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace planner {

// Points, calibration and model kept together: the model points into the other two.
struct MeasuredData {
    std::vector<BenchmarkPoint> points;
    Calibration calibration;
    std::unique_ptr<ThroughputModel> model;
    std::map<MeasuredPowerKey, MeasuredPower> power; // measured draw by system, model and precision
};

// The rows of `data`, none without it.
inline std::span<const BenchmarkPoint> pointsOf(const MeasuredData* data)
{
    return data ? std::span<const BenchmarkPoint>(data->points) : std::span<const BenchmarkPoint>();
}

// The benchmark database an evaluation of `s` reads, the one rule for the CLI and the desktop:
// none when the scenario gives its throughput as a figure; else `override` (the CLI's --db); else
// the scenario's benchmark_db, found relative to `scenarioFile` (bundled_files.h); else none.
std::optional<QString> evaluationDatabase(const Scenario& s, const QString& scenarioFile,
                                          const std::optional<QString>& override = std::nullopt);

struct UncatalogedRows;
// `own`: rows of hardware the catalog does not hold (uncataloged_rows.h), which then carry
// own->system as their system id; calibration never sees them (it needs the hardware's figures).
Result<std::shared_ptr<const MeasuredData>> loadMeasuredData(const QString& dbPath, const Catalog& catalog,
                                                             const UncatalogedRows* own = nullptr);

// The query a scenario asks.
Result<ThroughputQuery> throughputQueryFor(const Scenario& s, const Catalog& catalog);

// The published ratio claim a scenario gives (workload.claim_ratio over
// workload.claim_baseline_system), as the throughput model takes it; nullopt when none is given.
Result<std::optional<VendorClaim>> vendorClaimFor(const Scenario& s, const ThroughputQuery& q);

// A scenario's throughput answered from `data`: its query (throughputQueryFor) and its claim
// (vendorClaimFor), estimated by the throughput model.
Result<ThroughputEstimate> throughputFor(const MeasuredData& data, const Scenario& s, const Catalog& catalog);

// A ThroughputSource for EvaluationContext answering from `data` through throughputFor.
ThroughputSource measuredThroughput(std::shared_ptr<const MeasuredData> data);

} // namespace planner
