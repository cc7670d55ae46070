// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A stored benchmark row as a person browses it: raw names beside catalog ids, figures as stored,
// the round and MLPerf benchmark it belongs to. BenchmarkPoint is the engine's view of the same
// row (ids resolved, units attached, unknown names dropped); this one keeps everything, for the
// benchmark browser and for measured ratios, which compare rows by the names their sources use.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace planner {

struct StoredRun {
    std::int64_t id = 0;
    std::string source, sourceRowId, date;
    std::string round;     // "v5.1" for MLPerf rows (from the source label), else the source
    std::string benchmark; // MLPerf benchmark key ("llama2-70b-99"), empty for other sources
    std::string grade;     // as stored; gradeFromName() names it when this build knows it
    std::string division;
    std::string systemRaw, acceleratorRaw, modelRaw;
    std::string systemId, gpuId, modelId;
    std::optional<int> gpuCount;
    std::string precision, framework, serving, parallelism, scenario;
    std::optional<double> isl, osl, concurrency;
    std::optional<double> totalPerGpu, outputPerGpu, perUser, powerW;
    std::string unit;                      // "tokens/s", "samples/s", "queries/s" (SCHEMA.md)
    std::optional<double> requestsPerGpu;  // the result per GPU of a samples/s or queries/s row
    bool preview = false;
};

// "v5.1" from "mlperf-inference-v5.1"; the source itself when it is not an MLPerf label.
std::string roundOfSource(std::string_view source);

// The MLPerf benchmark a row id names: "5.1-0001/llama2-70b-99/Offline" or a v6 result location
// ".../results/<platform>/llama3.1-8b/Offline/performance/run_1" give the component before the
// scenario. Empty when the id has no such component.
std::string benchmarkOfRowId(std::string_view sourceRowId, std::string_view scenario);

// What the MLPerf record says in its own terms: the system's result, its units and availability.
// Read from the raw original (summary_results.json object); nullopt for other records.
struct PublishedResult {
    double result = 0;
    std::string units;        // "Tokens/s", "Samples/s", "Queries/s"
    std::string availability; // "available", "preview", "rdi"
};
std::optional<PublishedResult> publishedResult(std::string_view raw);

} // namespace planner
