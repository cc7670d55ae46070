// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Calibration of the roofline's efficiencies against measured benchmark points.
//
// Simplifications:
// - One pair (bandwidth, compute efficiency) per (GPU generation, precision), and one per
//   (generation, precision, architecture class) where the class has points: dense models and MoE
//   models (routed experts) reach different shares of peak (expert routing, all-to-all traffic and
//   small per-expert matrices; the gpt-oss-120b was several times too high on the
//   generation's dense-dominated fit). A model takes its class's entry, else the generation's.
//   Differences between serving engines, models and submitters within a class are averaged away.
// - The fit minimises the squared log error of total tokens/s per GPU, each point predicted by
//   the roofline at its own interactivity (Offline points at the memory-limited batch), plus a
//   weak pull (ridge) of both logs toward the defaults, so an efficiency the data cannot see
//   (compute, when every point is memory-bound) stays at its default instead of wandering.
// - Search: a coarse grid, then a pattern search, both in log space, within [0.02, 1.5]. A value
//   above 1 means the runs do something the roofline lacks (speculative decoding, for one); the
//   entry's note says so.
// - Every point is predicted with the aggregated (chunked-prefill) roofline, disaggregated runs
//   included: their per-GPU total counts both pools, which that mode approximates.
// - Where nothing is measured the defaults hold: 0.6 of peak HBM bandwidth and 0.4 of dense FLOPS,
//   rules of thumb. Fitted or not, an efficiency is a model parameter: grade Estimate.
// - A point whose model, system or GPU the catalog lacks, or whose model does not fit, is skipped.
// - Interactivity elasticity: measured frontiers (one per model, system, precision, lengths,
//   serving and grade) give a slope per segment; the median per band of per-user rate, because
//   frontiers flatten at low interactivity and fall steeply at high (DeepSeek-R1 on InferenceX:
//   0.17 below 20 tok/s/user, 0.35 at 20-50, over 1 above 50). Pooled over every model: the
//   bundled curves are mostly one model's, so the figure says how a serving stack trades
//   throughput for speed, not how each model does.

#include "serving/benchmark.h"
#include "catalog/catalog.h"
#include "core/feedback.h"
#include "serving/latency_bound.h"
#include "serving/length_scaling.h"
#include "serving/roofline.h"
#include "serving/software_gain.h"
#include "serving/spec_transfer.h"

#include <array>
#include <optional>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct CalibrationEntry {
    std::string generation; // GpuSpec::generation: "hopper", "blackwell", ...
    Precision precision = Precision::FP8;
    Efficiency efficiency;
    int points = 0;                // measured points behind the fit
    double rmsLogError = 0;        // root mean square of log(predicted / measured) after the fit
    double rmsLogErrorDefault = 0; // the same with the defaults, to show what the fit bought
    std::string note;
    std::string architecture; // "": every model of the generation; "dense" or "moe": that class only
};

// The architecture class a calibration entry can be specific to: "moe" for a model with routed
// experts, else "dense".
std::string_view architectureOf(const ModelSpec& m);

// The spread of one method's validation errors: P10 and P90 of log(measured / predicted), from
// which a prediction's band follows (figure x exp(logP10) .. figure x exp(logP90)). The defaults
// hold until fitBands (uncertainty.h) measures them: rules of thumb, wider for weaker methods.
struct ErrorBand {
    double logP10 = -0.2, logP90 = 0.2;
    int points = 0; // validation points behind it; 0: the default
};

// How fast throughput falls with interactivity on measured frontiers: the elasticity
// e = -d log(total per GPU) / d log(per-user rate), the median over every frontier segment of the
// calibration points, per band of per-user rate (a segment counts in the band of its slower end).
// Moves a reading held at the end of a system's own runs to a stricter requirement (throughput.h).
struct InteractivityElasticity {
    static constexpr std::array<double, 3> kEdges{20, 50, 100}; // tok/s/user: bands <20, 20-50, 50-100, >=100
    std::array<double, 4> elasticity{};
    std::array<int, 4> segments{};
    // Which bands answer: only those with segments of their own, or also those without, which
    // then take the nearest slower band's elasticity (the trend measured below carries on).
    enum class Bands { Measured, CarryTrend };
    // exp(-integral of e over log u from `from` to `to`), from < to; nullopt when a band on the
    // way has no elasticity to use.
    std::optional<double> factor(double from, double to, Bands bands = Bands::Measured) const;
};

class Calibration {
public:
    Efficiency defaults;     // 0.6 bandwidth, 0.4 compute unless changed
    RooflineOptions options; // shared by the fit and by every analytic estimate
    // Throughput model (throughput.h): how far past its own measured interactivity range, as a
    // factor on the highest (or lowest) per-user rate of its runs, a system's clamped end reading
    // still answers before a transfer from another curve that covers the requirement takes over.
    // Default 1.25, the factor of kShapeTolerance: within it the end run is a near neighbour of
    // the requirement. On the GB200 NVL72 DeepSeek-R1 frontier a 1.25x step costs 4% of the
    // throughput near 18 tok/s/user and half or more above 90, so holding the end value much
    // further overstates badly. Values below 1 (or NaN) count as 1: any clamp is far.
    double clampTolerance = 1.25;
    // Per ThroughputMethod (measured, extrapolated, transferred, analytic).
    std::array<ErrorBand, 4> bands{{{-0.15, 0.15, 0}, {-0.4, 0.3, 0}, {-0.4, 0.4, 0}, {-0.7, 0.7, 0}}};
    SoftwareGain softwareGain; // between MLPerf rounds; fitted by calibrate()
    InteractivityElasticity interactivity; // fitted by calibrate()
    LengthScaling lengthScaling; // fitted by calibrate(), after the efficiencies (length_scaling.h)
    LatencyBoundShare latencyBound; // MLPerf Server/Interactive vs Offline, fitted by calibrate()
    SpecTransferFit specTransfer;   // spec ratios to measured ratios between accelerators, fitted by calibrate()
    // The band of a transfer to another accelerator by spec ratio: measured by leaving each
    // accelerator out (uncertainty.h); points 0 until then.
    ErrorBand newAcceleratorBand{0, 0, 0};

    // The fitted efficiency for this generation and precision, or the defaults.
    Efficiency efficiency(std::string_view generation, Precision p) const;
    // The same for one model: its architecture class's entry where fitted, else the generation's.
    Efficiency efficiency(std::string_view generation, Precision p, const ModelSpec& model) const;
    const CalibrationEntry* entry(std::string_view generation, Precision p) const;
    void set(CalibrationEntry e); // replaces the entry of the same key
    void forget(std::string_view generation, Precision p); // drops its entries, class entries included
    const std::vector<CalibrationEntry>& entries() const { return entries_; }

private:
    std::vector<CalibrationEntry> entries_;
};

struct CalibrationOptions {
    double ridge = 0.1; // weight of the pull toward the defaults, per log unit squared
    double minEfficiency = 0.02;
    double maxEfficiency = 1.5;
    // The fitted share of peak HBM bandwidth never goes below this. Rows where bandwidth does not
    // bind (B200 at 5 tok/s/user reads its weights in a few ms of a 200 ms step) cannot tell a
    // low bandwidth efficiency from a high one, so the fit used it as a free knob: Blackwell FP4
    // fitted on v4.0-v5.0 settled at 0.12 of peak, below what any decode kernel reaches, and a
    // GPU of the same generation where bandwidth does bind (RTX PRO 6000, 1.6 TB/s GDDR7) then
    // read 14x low (391.7 against 5,705 tok/s per GPU on Llama 2 70B Server in v5.1). Half the
    // 0.6 default is a plausibility bound, not a measurement; 0.2 and 0.3 give the same forward
    // results, 0.5 four more leave-one-accelerator-out outliers.
    double minBandwidthEfficiency = 0.3;
};

// Fits every (generation, precision) with usable points, starting from `base` (its defaults,
// options and any entries, which fitted keys replace). On cancel returns what was fitted so far.
Calibration calibrate(std::span<const BenchmarkPoint> points, const Catalog& catalog,
                      const Calibration& base = {}, const CalibrationOptions& options = {},
                      const Feedback* feedback = nullptr);

} // namespace planner
