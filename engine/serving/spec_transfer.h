// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Throughput on an accelerator with no rows of its own, from another accelerator's rows and the
// ratio of their published specs, with exponents learnt from history: every pair of accelerators
// the store measured on the same work says how far a given ratio of HBM bandwidth and of dense
// compute at the precision carried into measured throughput. The roofline alone took a 4.4x
// bandwidth advantage (B200 over RTX PRO 6000) for a 4.4x throughput advantage where 2.1x was
// measured, and left new chips 40% off.
//
// Simplifications:
// - Two regimes: compute-bound (Offline, and peak-throughput rows with no per-user rate, where
//   prefill and large batches dominate) and bandwidth-bound (a per-user rate is required: decode
//   at the SLO). A transfer without a per-user rate is bandwidth-bound all the same where the
//   target's roofline finds its full-load decode step memory-bound (long outputs of a large model,
//   the batch held by the KV cache: Qwen3-VL 235B at 128/2048 on H100 and H200). The pairs are
//   classed by scenario alone: of the shipped rounds' Offline rows only HGX H200's DeepSeek-R1 is
//   memory-bound by the roofline at full load, and classing the pairs by it too moved no figure
//   of the forward protocols.
// - Per regime, log(measured ratio) = a x log(bandwidth ratio) + b x log(compute ratio), least
//   squares with a weak pull of (a, b) toward (0.5, 0.5), the split that turns equal ratios into
//   the same throughput ratio. HBM capacity and scale-up bandwidth enter through the roofline's
//   feasibility (which group size fits), not through the fitted ratio.
// - A pair is two accelerators measured on one piece of work: the same model, precision and
//   MLPerf round and scenario, each side the median per-GPU result of its submissions. Systems of
//   one accelerator (HGX B200 and DGX B200) are one side; an NVL72 rack and an 8-GPU node of the
//   same die are different accelerator ids (gb200, b200) and do make a pair.
// - Other sources' sweeps (InferenceX, TensorRT-LLM's tables) make no pairs. Paired at the
//   geometric middle of their shared per-user rates, or at their peaks, one pair per model,
//   precision, source and two accelerators, they cost leave-accelerator-out 0.3 points of median
//   error (14.4% -> 14.7%) and the bundled leave-a-curve-out 2.4 (17.1% -> 19.5%), and gained
//   v5.1 predicted from v4.1 0.4 points (12.5% -> 12.1%; within 25%, 73.0% -> 80.3%), where v4.1
//   alone holds few MLPerf pairs. A sweep's runs sit at loads and software versions of their own,
//   where an MLPerf round holds both to one rule; the forward protocols decide.
// - Pairs across vendors stay out of the exponents: their serving stacks differ more than their
//   chips, so such a ratio measures software as much as hardware. They give instead one step per
//   pair of vendors and regime, the median of their residuals after the regime's exponents
//   (kMinSpecPairs at least), which a transfer across those vendors carries beside the spec ratio.
//   A new AMD chip read from NVIDIA rows alone read 2-3x high (MI355X on DeepSeek-R1 and Llama 3.3
//   70B from HGX B200); NVIDIA's accelerators land above AMD's spec for spec in both regimes.
// - The band of a spec transfer: the 10th and 90th percentiles of the pairs' leave-one-pair-out
//   residuals in its regime, so it says how far a new accelerator has landed from its specs.
// - Fewer than kMinSpecPairs pairs in a regime: no fit for it, and transfers use the roofline.

#include "serving/benchmark.h"
#include "catalog/catalog.h"

#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

enum class SpecRegime { Compute, Bandwidth };
std::string_view regimeName(SpecRegime r); // "compute-bound", "bandwidth-bound"

inline constexpr int kMinSpecPairs = 6;

// Target over source, per GPU, at one precision.
struct SpecRatios {
    double bandwidth = 1, compute = 1;
};
std::optional<SpecRatios> specRatios(const Catalog& catalog, std::string_view fromGpu, std::string_view toGpu,
                                     Precision p);

struct SpecPair {
    std::string model, fromGpu, toGpu, work; // work: "MLPerf v5.1 Server", "inferencex at 42 tok/s/user"
    SpecRegime regime = SpecRegime::Compute;
    SpecRatios spec;
    double measured = 1; // target / source, per GPU
};

struct SpecExponents {
    double bandwidth = 0.5, compute = 0.5;
    int pairs = 0;                     // 0: not fitted
    double logP10 = 0, logP90 = 0;     // leave-one-pair-out residuals
};

// How far one vendor's accelerators land from another's beyond what their specs carry, in one
// regime: the median residual of the measured pairs that cross the two, after the fitted exponents.
struct VendorStep {
    std::string from, to; // vendors, alphabetical
    SpecRegime regime = SpecRegime::Compute;
    double logFactor = 0; // log(to / from) beyond the spec ratio
    int pairs = 0;

    // The factor a transfer from fromVendor's rows carries: exp(logFactor), inverted the other way.
    double factorFrom(std::string_view fromVendor) const
    {
        return std::exp(fromVendor == from ? logFactor : -logFactor);
    }
};

struct SpecTransferFit {
    std::array<SpecExponents, 2> regimes; // indexed by SpecRegime
    std::vector<SpecPair> pairs;
    std::vector<SpecPair> crossVendorPairs;
    std::vector<VendorStep> vendorSteps;
    // The step between two vendors in a regime, either way round; null for one vendor or when not
    // fitted.
    const VendorStep* vendorStep(std::string_view a, std::string_view b, SpecRegime r) const;
    // exp(logFactor) from one vendor to another (its inverse the other way); 1 when not fitted.
    double vendorFactor(std::string_view fromVendor, std::string_view toVendor, SpecRegime r) const;

    bool fitted(SpecRegime r) const { return regimes[static_cast<std::size_t>(r)].pairs >= kMinSpecPairs; }
    const SpecExponents& of(SpecRegime r) const { return regimes[static_cast<std::size_t>(r)]; }
    double ratio(const SpecRatios& s, SpecRegime r) const; // bandwidth^a x compute^b
    // The measured pair closest in specs to a transfer (for the evidence line); null without pairs.
    const SpecPair* nearestPair(const SpecRatios& s, SpecRegime r) const;
};

SpecTransferFit fitSpecTransfer(std::span<const BenchmarkPoint> points, const Catalog& catalog);

} // namespace planner
