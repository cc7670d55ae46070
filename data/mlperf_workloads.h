// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What an MLPerf LLM benchmark asks of a system: mean input/output tokens per request and the
// p99 TTFT/TPOT limits per scenario. Read from the two reference files bundled into the library
// (reference/mlperf/mlperf_workloads.csv and mlperf_latency_constraints.csv, the files the
// catalog is built from), so importing never depends on files beside the executable.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct MlperfWorkloadInfo {
    std::string key;     // "llama2-70b-99", "llama3.1-405b", ...
    std::string modelHf; // "meta-llama/Llama-2-70b-chat-hf"
    std::optional<double> meanInputTokens, meanOutputTokens;
    std::optional<double> serverTtftMs, serverTpotMs;           // p99 limits
    std::optional<double> interactiveTtftMs, interactiveTpotMs; // p99 limits
};

class MlperfWorkloadTable {
public:
    static const MlperfWorkloadTable& bundled();
    static MlperfWorkloadTable parse(std::string_view workloadsCsv, std::string_view constraintsCsv);

    const MlperfWorkloadInfo* find(std::string_view benchmarkKey) const;
    const std::vector<MlperfWorkloadInfo>& all() const { return workloads_; }

private:
    std::vector<MlperfWorkloadInfo> workloads_;
};

// "llama2-70b-99.9" -> "llama2-70b": the accuracy variants of one benchmark share a run.
std::string_view mlperfBenchmarkFamily(std::string_view key);

} // namespace planner
