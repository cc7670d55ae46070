// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Software gains between MLPerf rounds: how a system's result on a benchmark grows from one round
// to the next with nothing changed but the serving stack, estimated from the rounds in the store
// and applied, as its own stated factor, when a figure read from an older round's rows answers a
// question about a later round (issue 11).
//
// Simplifications:
// - A round is MLPerf's "vX.Y"; rounds come two a year (X.0, X.1), so v4.1 -> v5.1 is two steps
//   whether or not v5.0 is in the store. Index = 2X + Y.
// - A pair is one (model, system, precision, scenario) measured in two rounds of the store with
//   none between them; its log gain is log(median per-GPU result later / earlier): the median of
//   the round's submissions of that system, robust to one odd row (the best would follow a v4.1
//   HGX H200 Offline row at 2.7x its peers). Different GPU counts of one system compare per GPU.
// - The gain of one step shrinks with the benchmark's age a (steps since its first round in the
//   store, a = 0 for the step out of its first round) as g_s / (1 + a): stacks tune a new
//   benchmark fast, a mature one barely moves. The form is assumed, not fitted: the bundled rounds
//   hold too few pairs (MLPerf v4.0 -> v4.1 on Llama 2 70B) to fit a decay, only its scale g_s.
// - g_s per scenario (Offline, Server, Interactive) by least squares through the origin of the
//   pairs' log gains on their summed age weights; a scenario without pairs takes the pooled g of
//   all pairs, and no pairs at all means no gain (factor 1).
// - A benchmark the store has no round of is new: its first round is the target round, and a
//   figure resting on non-MLPerf rows or the roofline gets no factor (it has no round).
// - The spread of the pairs around the fit (standard deviation of the residual log gains, per
//   step) widens the uncertainty band of a figure carried across rounds (uncertainty.h).

#include "serving/benchmark.h"
#include "catalog/catalog.h"

#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace planner {

enum class MlperfScenario { Offline, Server, Interactive, Unknown };
std::string_view scenarioName(MlperfScenario s); // "Offline", "Server", "Interactive", "other"

// "mlperf-inference-v5.1 ..." -> 11 (2 x 5 + 1); nullopt for a source that is no MLPerf round.
std::optional<int> mlperfRoundIndex(std::string_view source);
std::string roundName(int index); // 11 -> "v5.1"

// The MLPerf scenario of a point: from its source's row id ("5.1-0001/llama2-70b-99/Server");
// for other sources Offline when it has no per-user rate, else Unknown.
MlperfScenario scenarioOf(const BenchmarkPoint& p);
// The MLPerf benchmark family of an MLPerf point ("llama2-70b", "llama3.1-405b"), else empty.
std::string benchmarkOf(const BenchmarkPoint& p);

struct SoftwareGain {
    std::array<double, 3> logGain{}; // g_s per scenario (index = MlperfScenario), at age 0
    std::array<int, 3> pairs{};      // pairs behind each g_s (0: the pooled value stands in)
    int totalPairs = 0;
    double residualSd = 0;           // per step, of log gains around the fit
    std::map<std::string, int, std::less<>> firstRound; // model id -> first round index in the store

    // exp(g_s x sum over the steps r0 .. r1-1 of 1 / (1 + age)); 1 when r1 <= r0 or unfitted.
    double factor(std::string_view model, MlperfScenario s, int fromRound, int toRound) const;
};

// Fits the gains from the MLPerf points of the store (others are ignored).
SoftwareGain fitSoftwareGain(std::span<const BenchmarkPoint> points, const Catalog& catalog);

} // namespace planner
