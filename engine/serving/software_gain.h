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
// - The gain of one step depends on the benchmark's age a (steps since its first round in the
//   store): a step out of the first round (a = 0, the benchmark is young) has its own rate g_y,
//   because stacks are tuned hardest on a new benchmark (DeepSeek-R1 Server gained x2-2.4 on the
//   same systems from v5.1 to v6.0, Llama 2 70B x1.1 from v4.1 to v5.1); a later step has
//   g_m / (1 + a): a mature benchmark barely moves, and less each round.
// - g_y and g_m per scenario (Offline, Server, Interactive) by least squares through the origin
//   of the pairs' log gains on their young and mature step weights; a scenario without pairs of
//   one kind takes the pooled value of all scenarios, and a kind with no pairs at all takes the
//   other kind's value (one rate for every step, the decay alone). No pairs at all: no gain.
// - A benchmark the store has no round of is new: its first round is the target round, and a
//   figure resting on non-MLPerf rows or the roofline gets no factor (it has no round).
// - The spread of each kind's pairs around the fit (standard deviation of the residual log gains,
//   per step) widens the uncertainty band of a figure carried across rounds (uncertainty.h): a
//   young step by the young spread, each mature step by the mature one.
// - Where the store measures a benchmark's own step between two rounds on at least two systems
//   (one scenario), the median of their log gains stands for that step instead of the rule: the
//   rule pools benchmarks, and DeepSeek-R1 Server gained x1.95-2.8 from v5.1 to v6.0 where the
//   pooled young step is x1.1. Such a step also carries a figure back: a v6.0 row read for a v5.1
//   question loses the benchmark's measured gain (a rule-only step is never undone: the pooled
//   rate over-corrects the mature benchmarks that barely moved). Its spread is the larger of
//   the systems' spread around their median and the rule's for that step.

#include "serving/benchmark.h"
#include "catalog/catalog.h"

#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>

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
    std::array<double, 3> logGainYoung{};  // g_y per scenario (index = MlperfScenario): the step at age 0
    std::array<double, 3> logGainMature{}; // g_m per scenario: a step at age a >= 1 gains g_m / (1 + a)
    std::array<int, 3> pairs{};            // pairs behind each scenario's fit (0: pooled values stand in)
    int totalPairs = 0, youngPairs = 0;
    double youngSd = 0, matureSd = 0;      // per step, of log gains around the fit
    std::map<std::string, int, std::less<>> firstRound; // model id -> first round index in the store

    struct MeasuredStep {
        double logGain = 0; // median over the systems measured in both rounds
        double sd = 0;      // of their log gains around that median
        int systems = 0;
    };
    // (model id, scenario, from round, to round), found by a model id given as a string_view too.
    using StepKey = std::tuple<std::string, MlperfScenario, int, int>;
    using StepView = std::tuple<std::string_view, MlperfScenario, int, int>;
    struct StepLess {
        using is_transparent = void;
        static StepView view(const StepKey& k)
        {
            return {std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k)};
        }
        static const StepView& view(const StepView& k) { return k; }
        template <class A, class B>
        bool operator()(const A& a, const B& b) const
        {
            return view(a) < view(b);
        }
    };
    // The benchmark's own step, from at least two systems.
    std::map<StepKey, MeasuredStep, StepLess> measuredSteps;

    // exp(sum over the steps r0 .. r1-1 of their gains), a measured step standing for the rule's
    // where there is one; r1 < r0 undoes measured steps only; 1 within a round or unfitted.
    double factor(std::string_view model, MlperfScenario s, int fromRound, int toRound) const;
    // The spread (log, one standard deviation) of that factor: the steps' spreads added in quadrature.
    double spread(std::string_view model, MlperfScenario s, int fromRound, int toRound) const;
    // The next round after the newest one in the store (0 when the store has no MLPerf round).
    int nextRound = 0;
};

// Fits the gains from the MLPerf points of the store (others are ignored).
SoftwareGain fitSoftwareGain(std::span<const BenchmarkPoint> points, const Catalog& catalog);

} // namespace planner
