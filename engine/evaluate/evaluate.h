// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One scenario in, one answer out. evaluate() resolves defaults from the catalog, converts the
// scenario's plain fields into typed quantities, runs the models (throughput, sizing, network,
// storage, reliability, power, finance) and gathers every figure with its unit and evidence.
// The CLI and the GUI both call this, so a batch run and a GUI session give the same numbers.

#include "cluster/bom.h"
#include "cluster/fabric.h"
#include "catalog/catalog.h"
#include "evaluate/evaluation_cache.h"
#include "finance/finance.h"
#include "core/metric.h"
#include "core/result.h"
#include "scenario/scenario.h"
#include "scenario/scenario_evidence.h"
#include "cluster/sizing.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace planner {

// Where throughput comes from when the scenario gives no explicit figure: the measured-data
// model (data/ supplies it from a benchmark database). Returns tokens/s per GPU with evidence.
struct ThroughputAnswer {
    units::TokenRate totalPerGpu;
    double prefillTimeShare = -1; // share of GPU time on input tokens, < 0 = unknown
    // P10 and P90 of totalPerGpu from the validation errors of the method that gave it (the
    // measured-data model's bands); zero when there is no band (an explicit figure, training).
    units::TokenRate p10PerGpu{}, p90PerGpu{};
    Evidence evidence;
    Warnings warnings;
    std::string derivation; // how the figure was obtained (ThroughputEstimate::derivation); may be empty
    // Wide expert parallelism (workload.expert_parallel_gpus) from an estimate: the exchange's
    // average scale-out traffic per GPU in the roofline's decode step; unknown for an explicit figure.
    bool expertTrafficKnown = false;
    units::Bandwidth expertTrafficPerGpu{};
    // The system's measured draw per GPU while serving this model (MLPerf Power, measured_power.h):
    // the typical draw in place of the catalog's estimate; zero when none is published.
    units::Power measuredPowerPerGpu{};
    std::string measuredPowerSource; // its rows, for the evidence
    // The figure and its input share already carry context reuse and the prefill pool's own system
    // (a throughput band's end, evaluated again): applied again they would count twice.
    bool scenarioAdjusted = false;
};
using ThroughputSource = std::function<Result<ThroughputAnswer>(const Scenario&, const Catalog&)>;

struct EvaluationContext {
    ThroughputSource throughput;      // empty = only the explicit figure
    EvaluationCache* cache = nullptr; // the caller's, reused between calls; null = compute everything
};

struct Evaluation {
    Scenario resolved; // the scenario with every default filled in, provenance included
    std::vector<Metric> results;
    std::vector<Metric> sizingMetrics;
    SizingResult sizing;
    FinanceResult finance;
    Bom bom;
    std::vector<Metric> details; // power, network, storage, reliability figures
    Warnings warnings;
    std::string throughputDerivation; // how the throughput was obtained, when a model gave it; else empty
    // The scale-out fabric's input as sized (switch, optics, links per GPU), so that a report can
    // plan it again for another cluster size (the workbook's Fabric sheet).
    std::optional<FabricInput> fabricInput;

    const Metric* metric(std::string_view key) const;
};

Result<Evaluation> evaluate(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx = {});

} // namespace planner
