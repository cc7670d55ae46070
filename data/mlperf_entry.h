// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One MLPerf result as both summary formats describe it, and the rules (see mlperf_importer.h)
// that turn a file's entries into benchmark rows. Internal to the MLPerf importer.

#include "importer.h"
#include "mlperf_workloads.h"

#include <optional>
#include <string>
#include <vector>

namespace planner {

struct MlperfEntry {
    int record = 0;
    std::string id;       // "5.1-0071"; the v6 CSV has none
    std::string location; // "closed/NVIDIA/results/<platform>/<benchmark>/<scenario>"
    std::string version;  // "v5.1"
    std::string submitter, system, platform, accelerator;
    std::string benchmark; // "llama2-70b-99"
    std::string usedModel; // the model actually run; the open division may differ
    std::string scenario, units, availability, division, software, weightTypes;
    std::optional<double> result, perNode, nodes, totalAccelerators, powerW;
    std::string raw;
};

// Applies the rules to every entry, sending rows to sink and skips/warnings to report.
// Returns false when the sink asked to stop.
bool convertMlperfEntries(const std::vector<MlperfEntry>& entries, const MlperfWorkloadTable& workloads,
                          ReadReport& report, const Importer::RowSink& sink);

} // namespace planner
