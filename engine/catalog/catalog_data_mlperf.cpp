// SPDX-License-Identifier: GPL-3.0-or-later
// MLPerf Inference LLM workloads: what one query looks like (mean input and output tokens) and the
// p99 latency limits a result had to meet. They turn an MLPerf result, a throughput under those
// limits, into a point the throughput model understands.
//
// Left out on purpose: qwen3-vl-235b-a22b (no published token statistics, and its only limit is a
// p99 end-to-end latency, 12 s Server, which TTFT/TPOT fields cannot express) and gptj-99/-99.9
// (retired after v5.0, no token means, no TTFT/TPOT limits).
#include "catalog/catalog_data_detail.h"

namespace planner::catalog_data {

namespace {

using enum Grade;

// The limits of every workload come from the same two MLCommons files.
constexpr const char* kRules = "MLCommons inference_policies inference_rules.adoc@ac93e89 (datacenter table) and mlcommons/inference loadgen/mlperf.conf@001712e9 (p99 TTFT/TPOT limits)";
constexpr const char* kTokenLengths = "per-sample token lengths of the official MLCommons dataset, openshift-psap/performance-dashboard mlperf-data/summaries";

struct Limits {
    double serverTtftMs, serverTpotMs, interactiveTtftMs, interactiveTpotMs;
};

MlperfWorkload workload(std::string key, std::string model, double meanIn, double meanOut, Limits ms, std::string source,
                        std::string date, Grade grade)
{
    MlperfWorkload w;
    w.key = std::move(key);
    w.model = std::move(model);
    w.meanInputTokens = meanIn;
    w.meanOutputTokens = meanOut;
    w.serverTtft = milliseconds(ms.serverTtftMs);
    w.serverTpot = milliseconds(ms.serverTpotMs);
    w.interactiveTtft = milliseconds(ms.interactiveTtftMs);
    w.interactiveTpot = milliseconds(ms.interactiveTpotMs);
    w.provenance = Provenance{std::move(source), std::move(date), grade};
    return w;
}

std::string with(const std::string& specifics) { return std::string(kRules) + "; " + specifics; }

} // namespace

std::vector<MlperfWorkload> builtinMlperfWorkloads()
{
    const std::string llama2 = with(std::string("OpenOrca, 24,576 samples; input mean from ") + kTokenLengths
                                    + " (llama2-70b-99.csv); output = official TOKENS_PER_SAMPLE 294.45; interactive = llama2-70b-interactive, added in v5.0");
    const std::string llama405 = with(std::string("LongBench/LongDataCollections/RULER/GovReport subset, 8,313 samples; input mean from ") + kTokenLengths
                                      + " (llama3-1-405b.csv); output = official TOKENS_PER_SAMPLE 684.68; interactive = llama3_1-405b-interactive");
    // No official mean output exists. A VALID LoadGen Server run of the reference implementation
    // completed 11.07 samples/s and 1,264.46 tokens/s: 114.2 generated tokens per sample, below the
    // 128-token max_new_tokens cap that most outputs reach (GEN_LEN: 611 characters per summary).
    const std::string llama8 = with(std::string("CNN/DailyMail, 13,368 samples; input mean from ") + kTokenLengths
                                    + " (llama3-1-8b-datacenter.csv); output 114.2 tokens = 1,264.46 completed tokens/s / 11.07 completed samples/s in the LoadGen summary of a VALID datacenter Server run of the reference implementation (mlcommons/inference issue #2341); no official mean is published; consistent with the 128-token max_new_tokens cap most outputs reach (issue #2256) and GEN_LEN 611 characters per sample");
    const std::string mixtral = with(std::string("OpenOrca + GSM8K + MBXP, 15,000 samples; input mean from ") + kTokenLengths
                                     + " (mixtral-8x7b.csv); output = official 144.84; no Interactive scenario");
    const std::string deepseek = with(std::string("AIME/MATH500/GPQA/MMLU-Pro/LiveCodeBench ensemble, 4,388 samples; input mean from ") + kTokenLengths
                                      + " (deepseek-r1.csv); output = official TOKENS_PER_SAMPLE 3,886.23 (heavy-tailed: p50 2,196, p90 9,490); interactive (v6.0) allows only EAGLE-style MTP speculative decoding");
    // Interactive TPOT: 20 ms is chosen because the rules document is normative; the 15 ms in the
    // reference implementation's mlperf_gptoss.conf may be a draft value.
    const std::string gptoss = with("performance set of 6,396 low-effort prompts; input mean is an estimate: none is published, so about 1,000 tokens, "
                                    "the 871-token mean of MLPerf's CNN/DailyMail summarisation set plus a Harmony system prompt; "
                                    "output = TEST09 reference mean 1,278.2 (compliance reference, +/-10%); "
                                    "CONFLICT: Interactive TPOT is 20 ms in the rules but 15 ms in mlperf_gptoss.conf@8d6e250; 20 ms used");

    return {
        workload("llama2-70b-99", "llama2-70b", 222.3, 294.45, {2000, 200, 450, 40}, llama2, "", Vendor),
        workload("llama2-70b-99.9", "llama2-70b", 222.3, 294.45, {2000, 200, 450, 40}, llama2, "", Vendor),
        workload("llama3.1-405b", "llama3.1-405b", 9428.6, 684.68, {6000, 175, 4500, 80}, llama405, "", Vendor),
        workload("llama3.1-8b", "llama3.1-8b", 870.7, 114.2, {2000, 100, 500, 30}, llama8, "", Measured),
        workload("mixtral-8x7b", "mixtral-8x7b", 427.4, 144.84, {2000, 200, 0, 0}, mixtral, "", Vendor),
        workload("deepseek-r1", "deepseek-r1", 803.8, 3886.23, {2000, 80, 1500, 15}, deepseek, "2025-09", Vendor),
        workload("gpt-oss-120b", "gpt-oss-120b", 1000, 1278.2, {3000, 80, 2000, 20}, gptoss, "2026-03", Estimate),
    };
}

} // namespace planner::catalog_data
