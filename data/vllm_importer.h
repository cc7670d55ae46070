// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// vLLM / SGLang benchmark_serving results ("vllm bench serve --save-result", SGLang's
// bench_serving): one JSON object per run with model_id, num_prompts, completed, duration,
// total_input_tokens, total_output_tokens, request_throughput, input_throughput,
// output_throughput, total_token_throughput, mean/median/p99_ttft_ms, mean/median/p99_tpot_ms,
// max_concurrency, backend, date. A file may hold one object, an array of them, or JSON Lines
// (what --append-result writes).
//
// The JSON does not say what hardware served the requests, so ImportOptions::accelerator and
// ImportOptions::gpus are required (CLI: --accelerator "NVIDIA H200" --gpus 8); system,
// precision and model override or complete the file. Throughputs are divided by gpus; mean
// input/output tokens are the totals over completed requests; tokens/s per user is
// 1000 / median TPOT. Grade measured.

#include "importer.h"

namespace planner {

class VllmImporter final : public Importer {
public:
    std::string_view name() const override { return "vllm"; }
    QString fileFilter() const override;
    bool supportsContent(std::string_view head) const override;
    Result<ReadReport> parse(std::string_view content, std::string_view fileLabel,
                             const ImportOptions& options, const RowSink& sink) const override;
};

} // namespace planner
