// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Any CSV of benchmark results. Columns are found by header conventions: a header cell named
// like a field below (case-insensitive) is that field; a few common synonyms are accepted.
//
//   field               synonyms                                   meaning
//   model               -                                          required
//   accelerator         gpu, hardware                              required
//   system              -                                          optional system name
//   gpu_count           num_gpus, gpus                             GPUs measured
//   total_per_gpu       -                                          input+output tok/s per GPU
//   output_per_gpu      -                                          output tok/s per GPU
//   input_per_gpu       -                                          input tok/s per GPU
//   total_throughput    -                                          input+output tok/s, whole system
//   output_throughput   -                                          output tok/s, whole system
//   value, unit, metric -                                          a figure whose unit text says
//                                                                  output or total, per GPU or not
//   isl, osl            input_tokens, output_tokens                mean tokens per request
//   concurrency         max_concurrency                            "max load (offline)" = Offline
//   tok_s_per_user      interactivity_tok_s_user                   else 1000 / tpot_median_ms
//   ttft_median_ms      ttft_ms, median_ttft_ms
//   ttft_p99_ms         p99_ttft_ms
//   tpot_median_ms      tpot_ms, median_tpot_ms, itl_or_tpot_ms
//   tpot_p99_ms         p99_tpot_ms
//   source, source_row_id, date, grade, division, nodes, precision, framework,
//   framework_version, serving, prefill_gpus, decode_gpus, parallelism, scenario, power_w,
//   preview              as in the runs table (SCHEMA.md)
//
// A mapping file (ImportOptions::mappingFile) names columns that do not follow the conventions
// and constants for fields the file lacks:
//
//   { "columns":  { "accelerator": "GPU Type", "output_throughput": "Output tok/s" },
//     "defaults": { "grade": "vendor", "source": "Vendor deck 2025-03", "gpu_count": "8" } }
//
// Whole-system figures are divided by gpu_count. A unit that says neither output nor total
// ("tokens/s") is not guessed: the row is skipped. Grade: the grade column, else the default,
// else measured. Rows without a source_row_id get a hash of the record, so re-importing a file
// adds nothing twice.

#include "importer.h"

namespace planner {

class GenericCsvImporter final : public Importer {
public:
    std::string_view name() const override { return "csv"; }
    QString fileFilter() const override;
    bool supportsContent(std::string_view head) const override;
    Result<ReadReport> parse(std::string_view content, std::string_view fileLabel,
                             const ImportOptions& options, const RowSink& sink) const override;
};

} // namespace planner
