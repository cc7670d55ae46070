// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// MLCommons MLPerf Inference results. Two formats, told apart by content: the
// summary_results.json array of rounds up to v5.x, and the summary.csv of v6.x. Both become
// MlperfEntry records, and one set of rules turns entries into rows:
//
// - Only LLM benchmarks: a benchmark with a workload definition in mlperf_workloads.csv, or one
//   whose name starts with an LLM family (llama, mixtral, deepseek, gptj, gpt-oss, qwen, ...).
//   Everything else (resnet, bert, retinanet, 3d-unet, dlrm, stable-diffusion, whisper, rgat...)
//   is skipped: "not an LLM benchmark".
// - Only throughput scenarios: Offline, Server, Interactive. SingleStream and MultiStream report
//   a latency and are skipped.
// - CPU-only systems (no accelerator name, "N/A", or zero accelerators) are skipped.
// - Per GPU = system result / GPUs, GPUs = accelerators per node ("a#") x Nodes in the JSON,
//   total_accelerators in the v6 CSV (already a total).
// - LLM results are output tokens per second. A row labelled "Samples/s" or "Queries/s" is
//   compared with the Offline tokens/s result of the same system and benchmark: at 5% of it or
//   more it is a mislabelled tokens/s figure (v5.1 llama3.1-8b Interactive rows say Queries/s
//   and hold tokens/s); below, it is a genuine sample rate and is multiplied by the benchmark's
//   mean output tokens. Without an Offline result to compare, it is read as tokens/s, the unit
//   MLPerf LLM benchmarks have reported since v4.0. Every correction is a warning in the report.
// - Input and total tokens per GPU follow from the mean input/output tokens of the workload.
// - tokens/s per user: Offline has no latency bound (stored as NULL, "unbounded"); Server and
//   Interactive rows passed the p99 TPOT limit, so 1 / TPOT limit is a lower bound on the rate
//   each user saw. TTFT/TPOT columns stay empty: MLPerf publishes limits, not measurements.
// - The same run is often submitted for llama2-70b-99 and -99.9 with identical results: rows
//   with the same submitter, system, benchmark family, scenario and result are kept once.
// - Availability "preview" (and "rdi") marks rows not shipping when measured.
// - Grade verified (independently audited), date = the round's publication date where known.

#include "importer.h"

namespace planner {

class MlperfImporter final : public Importer {
public:
    std::string_view name() const override { return "mlperf"; }
    QString fileFilter() const override;
    bool supportsContent(std::string_view head) const override;
    Result<ReadReport> parse(std::string_view content, std::string_view fileLabel,
                             const ImportOptions& options, const RowSink& sink) const override;
};

} // namespace planner
