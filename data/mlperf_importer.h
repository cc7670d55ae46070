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
// - Every result keeps its unit. LLM results are output tokens per second; the vision-language
//   benchmark (Qwen3-VL-235B-A22B) reports Samples/s (Offline) and Queries/s (Server), which are
//   stored as samples/s and queries/s per GPU, never as tokens. One exception: a row labelled
//   "Samples/s" or "Queries/s" whose value is at least 5% of the Offline tokens/s result of the
//   same system and benchmark is a mislabelled tokens/s figure (v5.1 llama3.1-8b Interactive
//   rows say Queries/s and hold 70-95% of the Offline tokens/s; a genuine query rate is a few
//   hundredths of it) and is stored as tokens/s with a warning. A samples/s result of a
//   benchmark that normally reports tokens/s is stored as published, with a warning.
// - Input and total tokens per GPU follow from the mean input/output tokens of the workload
//   (tokens/s rows only).
// - tokens/s per user: Offline has no latency bound (stored as NULL, "unbounded"); Server and
//   Interactive rows passed the p99 TPOT limit, so 1 / TPOT limit is a lower bound on the rate
//   each user saw. TTFT/TPOT columns stay empty: MLPerf publishes limits, not measurements.
// - The same run is often submitted for llama2-70b-99 and -99.9 with identical results: rows
//   with the same submitter, system, benchmark family, scenario and result are kept once.
// - Availability "preview" (and "rdi") marks rows not shipping when measured.
// - Grade verified for the closed division, whose runs are audited and comparable: the reference
//   model at its accuracy target under the benchmark's rules. Open-division rows are graded
//   measured: the rules there allow another model (v5.1 rows run Llama 3.1 70B on the Llama 2 70B
//   benchmark), pruning, sparsity or an unoptimised stack (v4.1: vLLM 0.5 on 4 H100 at 644 tok/s
//   per GPU where the closed runs reach about 5,000), so they show what was run, not what the
//   system does on the benchmark. They are kept, and the throughput model prefers the better
//   grade (throughput.h). Date = the round's publication date where known.
// - Precision: weight_data_types, lower case ("float8" -> fp8). Up to v5.0 many submitters wrote
//   the data type of the checkpoint they started from there, not the format that ran: v4.1
//   labels every NVIDIA and partner Llama 2 70B and Mixtral run fp16, yet v4.1-0045 serves the
//   70B model on one 141 GB H200 (138 GB of 16-bit weights leave no room for the KV cache),
//   v4.1-0074 reaches 19,770 tok/s on one B200 (at 2 x 69 GFLOP per token that needs 2.7
//   PFLOPS, above B200's 2.25 PFLOPS dense 16-bit peak), and the round's press coverage (Tom's
//   Hardware, August 2024) reports FP4 on B200 and FP8 on Hopper. The closed-division v4.1 H100
//   runs (about 5,000 tok/s per GPU) sit next to v5.1's fp8 runs (6,800), not at the half a
//   16-bit run would reach. So a 16- or 32-bit float label of an LLM row from a round before v5.1
//   (the first round in the reference files whose labels match the formats run) is marked as
//   the checkpoint's type (BenchmarkRun::precisionIsCheckpoint), and the store replaces it with
//   the narrowest format the GPU runs natively, with a warning. A narrower label (AMD's fp8) is
//   what ran and stays. An empty label in those rounds is read the same way: v5.0's results
//   tables leave weight_data_types empty for 48 of its 77 rows (41 on catalog GPUs: H100, H200,
//   B200 and GB200 runs of Llama 2 70B, Llama 3.1 405B and Mixtral, and MI325X's Llama 2 70B),
//   which the throughput model, knowing no precision, could not use at all.

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
