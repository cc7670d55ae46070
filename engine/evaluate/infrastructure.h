// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The physical side of a sized cluster: its scale-out fabric, its reliability and goodput, its
// storage and checkpoints, and (for training workloads) the run itself. Each step turns the
// scenario's plain fields into one model's typed input, runs it, and returns the model's result
// together with bill-of-materials lines and report figures.

#include "cluster/bom.h"
#include "catalog/catalog.h"
#include "cluster/fabric.h"
#include "core/metric.h"
#include "cluster/reliability.h"
#include "scenario/scenario.h"
#include "cluster/storage.h"
#include "cluster/training.h"

#include <optional>

namespace planner {

struct NetworkStep {
    FabricResult fabric;
    std::vector<BomLine> bom;
    std::vector<Metric> details;
};
Result<NetworkStep> planNetwork(const Scenario& s, const Catalog& c, int gpus);
Result<FabricResult> sizeScenarioFabric(const Scenario& s, const Catalog& c, int gpus); // counts only

// Inference goodput does not depend on the cluster size (failures take out one domain at a time),
// so it can be computed before sizing; training goodput needs the job's GPU count.
Result<ReliabilityResult> planReliability(const Scenario& s, const SystemSpec& sys, int gpus,
                                          units::Time checkpointWrite);

struct StorageStep {
    CheckpointWriteResult checkpoint;
    StorageResult plan;
    units::DataSize checkpointSize;
    units::MoneyRate feesPerYear;
    std::vector<BomLine> bom;
    std::vector<Metric> details;
};
// `checkpointInterval` zero: no periodic checkpoints (inference keeps its weights only).
Result<StorageStep> planStorage(const Scenario& s, const Catalog& c, const ModelSpec& m, int gpus,
                                units::Time checkpointInterval);

// Time estimates over the fabric: KV-cache hand-off per request (disaggregated serving) and the
// gradient all-reduce per step (training, hierarchical: NVLink inside a domain, then scale-out).
Result<void> collectiveDetails(const Scenario& s, const SystemSpec& sys, const GpuSpec& gpu, const ModelSpec& m,
                               int gpus, std::vector<Metric>& out);

void reliabilityDetails(const Scenario& s, const ReliabilityResult& r, std::vector<Metric>& out);

Result<TrainingResult> planTraining(const Scenario& s, const GpuSpec& gpu, const ModelSpec& m, int gpus,
                                    const ReliabilityResult& r, units::MoneyRate gpuHourCost);

} // namespace planner
