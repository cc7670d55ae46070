// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One benchmark record as an importer reads it, before it reaches the store: raw names as the
// source spelled them, figures already per GPU, and the original record text. The store maps
// the raw names to catalog ids through its alias table; the engine only ever sees the
// BenchmarkPoint the store makes from a stored row.

#include "serving/benchmark.h"
#include "core/evidence.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace planner {

// The unit a source reports a result in. LLM benchmarks report tokens/s; others (MLPerf's
// vision-language Qwen3-VL benchmark) report samples/s (Offline) or queries/s (Server). A sample
// or query is not a token: such rows keep their unit and are compared only with rows in it.
enum class ResultUnit { Tokens, Samples, Queries };
std::string_view resultUnitName(ResultUnit unit); // "tokens/s" | "samples/s" | "queries/s"
std::optional<ResultUnit> resultUnitFromName(std::string_view name); // as stored, or MLPerf's "Samples/s"
// MLPerf's own spelling: "Tokens/s", "Samples/s", "Queries/s".
std::string_view mlperfUnitsName(ResultUnit unit);

struct BenchmarkRun {
    int record = 0;           // 1-based position in the file (CSV line, JSON entry), for reports
    std::string source;       // "mlperf-inference-v5.1", "inferencex", "csv:my_runs.csv", ...
    std::string sourceRowId;  // unique within source: re-importing a file adds nothing twice
    std::string date;         // ISO date, empty when the source gives none
    Grade grade = Grade::Measured;
    std::string division;     // MLPerf "closed" | "open"; empty elsewhere

    std::string systemRaw;      // names exactly as the source wrote them
    std::string acceleratorRaw;
    std::string modelRaw;
    std::string systemId, gpuId, modelId; // catalog ids; filled in by the store

    std::optional<int> gpuCount; // GPUs in the measured system
    std::optional<int> nodes;
    std::string precision;       // lower case: "fp8", "fp4", "mxfp4", "int8" ...
    // The source's label names the data type of the checkpoint the run started from, not the
    // format that ran, or is missing (MLPerf before v5.1, mlperf_importer.h). The store then stores
    // the narrowest format the catalog GPU computes natively instead, with a warning; with the GPU
    // unknown, or a precision given in ImportOptions, the label stays.
    bool precisionIsCheckpoint = false;
    std::string framework, frameworkVersion;
    Serving serving = Serving::Aggregated;
    std::optional<int> prefillGpus, decodeGpus;
    std::string parallelism;     // as written: "TP8", "prefill: 4 GPU, TP=4; decode: 32 GPU, EP=8"

    std::optional<double> isl, osl; // mean input / output tokens per request
    std::optional<double> concurrency;
    std::string scenario;        // "Offline" | "Server" | "Interactive" | "" (none)

    // Tokens per second per GPU, and output tokens per second per user (1 / TPOT).
    std::optional<double> totalPerGpu, inputPerGpu, outputPerGpu, perUser;
    // Rows not measured in tokens: the unit, and the result per GPU in it (the token figures
    // above stay empty unless the source also gives tokens).
    ResultUnit unit = ResultUnit::Tokens;
    std::optional<double> requestsPerGpu;
    std::optional<double> ttftMedianMs, ttftP99Ms, tpotMedianMs, tpotP99Ms;
    std::optional<double> powerW; // whole measured system
    bool preview = false;         // not shipping when measured (MLPerf "preview")
    std::string raw;              // the original record, byte for byte where the format allows

    bool operator==(const BenchmarkRun&) const = default;
};

// Sets every field of run to its default, keeping the text fields' buffers: a reader that reuses
// one run for every record of a large file allocates nothing per record once they have grown.
void resetForReuse(BenchmarkRun& run);

// Fills whichever of total / input / output per GPU is missing from the others and the mean
// request shape, assuming every request has the stated input and output lengths.
void completeThroughput(BenchmarkRun& run);

// A 64-bit hash of the bytes that is the same on every platform and in every build.
std::uint64_t stableHash(std::string_view bytes);

// 16 hex digits of stableHash: the row id of a record whose source gives it none, so the same
// record imported twice is recognised.
std::string contentId(std::string_view bytes);
void writeContentId(std::string_view bytes, std::string& id); // the same, into id's buffer

} // namespace planner
