// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What is uncertain when the analyst declares nothing: one rule for Monte Carlo, the tornado, the
// dashboard band and the PDF's sensitivity, in the CLI and the GUI alike (DESIGN 4.9).
//
// - Throughput. A throughput the engine predicted (the evaluation carries its P10-P90 band on
//   results.tokens_per_s_per_gpu, and the scenario gives no figure of its own) is uncertain by that
//   band: log-normal through its P10 and P90 (median sqrt(P10 x P90), sigma ln(P90 / P10) / 2.563),
//   set on workload.throughput_tokens_per_s_per_gpu. A distribution the analyst gives for that
//   field replaces it. So Monte Carlo's P10-P90 of cost per Mtok, with nothing else declared, is
//   the band evaluate prints (which holds every other input), up to the sampling.
// - Nothing else is invented: any other input is uncertain only by the distribution the analyst
//   gives it. A scenario with neither (an explicit throughput and no distribution) has nothing
//   to sample, and Monte Carlo says so.
// - The tornado moves the declared distributions from P10 to P90, the main cost drivers +/-20%
//   (defaultSwings: a swing is a what-if, not a claimed distribution) and the throughput over its
//   band (uncertaintySwings).

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

// The scenario Monte Carlo samples: its own distributions plus the throughput's band above.
// `assumed` receives one line per distribution added ("workload.throughput_tokens_per_s_per_gpu:
// lognormal(...), through the P10-P90 band of the predicted ...").
Scenario withDefaultUncertainty(Scenario scenario, const Evaluation& nominal, std::vector<std::string>* assumed = nullptr);

} // namespace planner
