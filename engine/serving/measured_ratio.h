// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Measured ratios between two sides of a benchmark ("B200 is 2.9x H200 on Llama 2 70B Offline"):
// the arithmetic only. Which rows are compared is decided by the caller (data/measured_ratios.h);
// this file says how a side's best row is chosen and how the ratios follow from two rows.
//
// Simplifications:
// - Per system compares the results as published, whatever the two systems' sizes.
// - Per GPU divides each result by its GPU count: it assumes the result scales with GPUs, which is
//   what the per-GPU figure claims and what a larger system may not deliver.
// - Per watt divides the per-GPU figure by the GPU's rated power from the catalog (TDP), not by a
//   measured draw (MLPerf power results are rare); a side without a catalog power has no per-watt
//   ratio.
// - Results in different units (tokens/s against samples/s) are never compared: no ratio.
// - At matched interactivity, IT power per GPU is the system's all-in power per GPU (GPU, host,
//   network share) and facility power is that times the PUE of the system's cooling.

#include "core/evidence.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace planner {

// One side's row as compared.
struct RatioRow {
    std::int64_t rowId = 0;
    std::string system;       // as the source spelled it
    std::string accelerator;  // as the source spelled it
    std::string gpuId;        // catalog id, empty when unknown
    int gpus = 0;
    double result = 0;        // the system's result in `units`
    std::string units;        // "Tokens/s", "Samples/s", "Queries/s"
    std::string availability; // "available", "preview", "rdi"
    std::string division;     // "closed", "open"
    std::string round;        // "v5.1"
    Grade grade = Grade::Measured;
    std::optional<double> gpuPowerW; // catalog TDP of the GPU

    double perGpu() const { return gpus > 0 ? result / gpus : 0.0; }
};

struct RowRatio {
    std::optional<double> perSystem, perGpu, perWatt; // a / b; empty when not comparable
};

// Ratios of a over b. Empty when the units differ or a figure is missing or zero.
RowRatio rowRatio(const RatioRow& a, const RatioRow& b);

// Index of the default row of a side: the best evidence grade first (an audited closed-division
// MLPerf result over an open-division one, which may run another model or an unoptimised stack
// and so does not say what the system does on the benchmark), then the highest per-GPU result,
// then the lower row id, so the choice is reproducible. Empty for no rows.
std::optional<std::size_t> bestPerGpu(std::span<const RatioRow> rows);

// A side at matched interactivity: tokens/s per GPU read from its curve, and power per GPU.
struct MatchedSide {
    double tokensPerGpu = 0;  // total tokens/s per GPU at the interactivity asked
    double itPowerPerGpuW = 0; // all-in IT power per GPU; 0 = unknown
    double pue = 0;            // 0 = unknown
};

struct MatchedRatio {
    std::optional<double> perGpu, perMwIt, perMwFacility; // a / b
};

MatchedRatio matchedRatio(const MatchedSide& a, const MatchedSide& b);

// Tokens/s per MW of IT or facility power for one side; 0 when the power is unknown.
double tokensPerMwIt(const MatchedSide& s);
double tokensPerMwFacility(const MatchedSide& s);

} // namespace planner
