// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How much of its Offline throughput a system keeps in MLPerf's latency-bound scenarios (Server,
// Interactive), learned from the MLPerf rounds in the store (issue 11: the latency scaling learned
// from the data; MLPerf publishes the TTFT and TPOT limits per benchmark and scenario).
//
// Simplifications:
// - MLPerf's limits are p99s under Poisson arrivals held for ten minutes or more, not the mean
//   per-user rate a throughput-interactivity curve is drawn against: reading a curve at 1 / TPOT
//   limit overstates what the scenario allows. What it costs is assumed to grow with the request's
//   mean output length n: the longer a request stays, the more requests share the batch at one
//   arrival rate (Little's law) and the further a heavy tail of output lengths pushes p99 beyond
//   the mean. Kept share = 1 / (1 + n / L), one L for every benchmark, scenario and system: the
//   lost share (1 / kept - 1) grows in proportion to n. An exponential exp(-n / L) fitted on
//   outputs of at most 685 tokens fell to 0.07 at DeepSeek-R1's 3,886, where v5.1 kept 0.47-0.58;
//   the hyperbola fitted on the same pairs keeps 0.26.
// - The share does not depend on the latency limit itself, so a stricter limit never keeps more
//   (Offline >= Server >= Interactive); what a stricter per-user rate costs on top is the curve's or
//   roofline's own step. A variable that grows with the limit (the time a request lives at it,
//   n x TPOT limit) would let a tighter limit keep a larger share and put an Interactive result
//   above its Server one.
// - L is fitted on Server pairs: one model, system, precision and round with Offline and Server
//   results, each scenario's median per-GPU result (as software_gain.h), the lost share on n by
//   least squares through the origin. A pair whose Server result is at or above its Offline one
//   says "no cost" and counts as such. Interactive pairs stay out of the fit: an Interactive
//   figure is held under the same benchmark's Server figure moved by the measured interactivity
//   trend (throughput.h), so the step from Server's per-user limit to Interactive's is charged
//   there; fitted here too, it would be charged twice. Without pairs there is no bound (share 1).
// - Applied by the throughput model (throughput.h) as a bound: a latency-bound MLPerf figure not
//   read from the system's own rows is held at or below share x the same query's Offline figure.
//   Figures read from the system's own rows of the scenario already carry the cost.

#include "serving/benchmark.h"
#include "catalog/catalog.h"

#include <span>

namespace planner {

struct LatencyBoundShare {
    double perOutputToken = 0; // 1 / L; 0: no bound
    int pairs = 0;

    // 1 / (1 + outputTokens / L) under a latency limit (perUser > 0); 1 without one or without a fit.
    double share(double outputTokens, double perUser) const;
};

LatencyBoundShare fitLatencyBoundShare(std::span<const BenchmarkPoint> points, const Catalog& catalog);

} // namespace planner
