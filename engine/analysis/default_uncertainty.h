// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What is uncertain when the analyst declares nothing: one rule for Monte Carlo, the tornado, the
// dashboard band and the PDF's sensitivity, in the CLI and the GUI alike (DESIGN 4.9).
//
// - Throughput. A throughput the engine predicted (the evaluation carries its P10-P90 band on
//   results.tokens_per_s_per_gpu, and the scenario gives no figure of its own) is uncertain by that
//   band: log-normal through its P10 and P90 (median sqrt(P10 x P90), sigma ln(P90 / P10) / 2.563),
//   set on workload.throughput_tokens_per_s_per_gpu. A distribution the analyst gives for that
//   field replaces it.
// - Everything else, only when the scenario declares no distribution at all: each main cost
//   driver the tornado would move (defaultSwings: utilization, electricity, system or GPU-hour
//   price, colocation or build rate) is triangular over its swing, +/-20% around its value.
// - The tornado moves the same inputs over the same ranges: a distribution's P10 to P90, the
//   drivers' swings, and the throughput's band (uncertaintySwings).

#include "analysis/tornado.h"
#include "evaluate/evaluate.h"
#include "scenario/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace planner {

// The throughput's band as a swing, when the throughput was predicted with one and the scenario
// gives neither a figure nor a distribution for it.
std::optional<Swing> throughputSwing(const Scenario& scenario, const Evaluation& nominal);

// The tornado's swings: defaultSwings of the resolved scenario, then the throughput's band.
std::vector<Swing> uncertaintySwings(const Scenario& scenario, const Evaluation& nominal);

// The scenario Monte Carlo samples: its own distributions plus the defaults above. `assumed`
// receives one line per distribution added ("workload.throughput_tokens_per_s_per_gpu: lognormal
// through its P10-P90 band ...").
Scenario withDefaultUncertainty(Scenario scenario, const Evaluation& nominal, std::vector<std::string>* assumed = nullptr);

} // namespace planner
