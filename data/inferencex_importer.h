// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// InferenceX-style CSV (SemiAnalysis InferenceX throughput-vs-interactivity tables): columns
// row_type, model, isl, osl, gpu, precision, framework, config, concurrency,
// throughput_per_gpu, throughput_unit, interactivity_tok_s_user, median_ttft_ms,
// median_tpot_ms, measured_date, post_date, ...
//
// - throughput_per_gpu counts input plus output tokens (InferenceX's definition) unless
//   throughput_unit says output; the other figure follows from isl/osl.
// - row_type measured_point and peak_throughput_config (or no row_type) are grade measured.
//   interpolated_iso_interactivity rows are InferenceX's own interpolation along a measured
//   frontier: kept, graded estimate, so a "measured only" view drops them and the throughput
//   model can prefer the measured points. interpolated_iso_interactivity_cost rows carry only
//   a cost and are skipped; any other row_type is skipped as unknown.
// - tokens/s per user: interactivity_tok_s_user, else 1000 / median_tpot_ms.
// - config "prefill: 4 GPU, TP=4; decode: 32 GPU, EP=8" gives the disaggregated P/D split;
//   the gpu column ("NVIDIA GB200 NVL72") is both the accelerator and the system name.
// - The row id is a hash of the record, so importing the same file twice adds nothing.

#include "importer.h"

namespace planner {

class InferenceXImporter final : public Importer {
public:
    std::string_view name() const override { return "inferencex"; }
    QString fileFilter() const override;
    bool supportsContent(std::string_view head) const override;
    Result<ReadReport> parse(std::string_view content, std::string_view fileLabel,
                             const ImportOptions& options, const RowSink& sink) const override;
};

} // namespace planner
