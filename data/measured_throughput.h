// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Throughput from a benchmark database for evaluate(): opens the (untrusted) database read-only,
// loads its points, calibrates the roofline on them and answers each scenario's query through a
// ThroughputModel built once. The CLI and the GUI both use this, so they agree.

#include "serving/benchmark.h"
#include "serving/calibration.h"
#include "evaluate/evaluate.h"
#include "serving/throughput.h"

#include <QString>

#include <memory>
#include <vector>

namespace planner {

// Points, calibration and model kept together: the model points into the other two.
struct MeasuredData {
    std::vector<BenchmarkPoint> points;
    Calibration calibration;
    std::unique_ptr<ThroughputModel> model;
};

Result<std::shared_ptr<const MeasuredData>> loadMeasuredData(const QString& dbPath, const Catalog& catalog);

// The query a scenario asks.
Result<ThroughputQuery> throughputQueryFor(const Scenario& s, const Catalog& catalog);

// A ThroughputSource for EvaluationContext answering from `data`.
ThroughputSource measuredThroughput(std::shared_ptr<const MeasuredData> data);

// A published ratio claim (workload.claim_ratio over workload.claim_baseline_system) applied to
// the baseline system's throughput: a transfer graded by the claim's own provenance.
Result<ThroughputEstimate> fromVendorClaim(const MeasuredData& data, const Scenario& s, const ThroughputQuery& q);

// Share of GPU time a request spends on its input tokens, from per-role rates; < 0 when unknown.
double prefillTimeShare(const ThroughputEstimate& e, double inputTokens, double outputTokens);

} // namespace planner
