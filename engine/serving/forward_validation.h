// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Forward validation: the throughput model tested the way it is used, on what nobody had measured
// when the question was asked. Leave-one-out within a store (validation.h) mostly predicts a point
// from rows of the same system and benchmark; an analyst buying a new chip, or planning on a
// benchmark in its second round, has neither. Three protocols:
//
// - Leave one accelerator out: every accelerator's rows are predicted from a store with none of
//   that accelerator's rows in any system (a GB200 NVL72 and an HGX B200 share the B200 die's
//   generation but not its id: both are left out with "b200" only when their GPU id is b200).
//   Calibration, bands, software gain and every other fit are redone without them.
// - Round forward: each MLPerf round in the store predicted from the earlier rounds alone, plus
//   the non-MLPerf rows dated before the round's results were published; each target row is
//   asked for its own round, so the software gain between rounds applies.
// - Young benchmark: the round-forward predictions of rows in their benchmark's second round.
//
// Simplifications:
// - MLPerf open-division rows are not predicted (the division allows another model or accuracy
//   target, so the row is not the benchmark an analyst asks about); the report counts them. They
//   stay in every fold's reference rows, graded below the closed division's.
// - Nor are rows graded estimate: no measurement stands behind them to score against. InferenceX
//   publishes its sweeps both as the measured configurations and as points interpolated between
//   them at round interactivities (25, 45, 60 ... tok/s/user); scored, one measurement of GB200
//   NVL72 against HGX B200 at 125-150 tok/s/user counted up to three times. They too stay in
//   every fold's reference rows.
// - A benchmark is MLPerf's family ("llama2-70b") and, for the Interactive scenario, its own
//   benchmark ("llama2-70b Interactive", added a round after the family): its age at a round is
//   the number of rounds since its first round in the store. Age 0: new (no earlier round), 1:
//   young (second round), 2 or more: established. A non-MLPerf row has no age ("other").
// - A round with nothing before it in the store is not predicted; the report names it. Rounds
//   between the first and the last of the store with no rows at all are named as missing.
// - Each protocol is a full refit per fold (per accelerator or per round): seconds, not
//   microseconds, which is why it is a command and not part of an evaluation.

#include "serving/validation.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

enum class ForwardProtocol { LeaveAcceleratorOut, RoundForward, YoungBenchmark };
std::string_view protocolName(ForwardProtocol p); // "leave-accelerator-out", "round-forward", "young-benchmark"

struct ForwardReport {
    ValidationReport report;        // predictions, with their maturity, and the statistics
    std::vector<std::string> folds; // what each fold predicted: "v5.1 from v4.0, v4.1, v5.0: 412 rows"
    std::vector<std::string> notes; // rounds missing, rounds with nothing before them
};

// "established", "young", "new" or "other" for a point, given the first round of each benchmark.
struct BenchmarkAges {
    std::map<std::string, int, std::less<>> firstRound; // benchmark key -> round index
    static BenchmarkAges of(std::span<const BenchmarkPoint> points);
    std::string maturity(const BenchmarkPoint& p) const;
    // Rounds since the benchmark's first round in the store; nullopt for a non-MLPerf row.
    std::optional<int> age(const BenchmarkPoint& p) const;
};

// The calibration a fold uses: efficiencies, bands and every fitted part from `reference` alone.
Calibration calibrateFold(std::span<const BenchmarkPoint> reference, const Catalog& catalog);

ForwardReport validateForward(ForwardProtocol protocol, std::span<const BenchmarkPoint> points, const Catalog& catalog,
                              const Feedback* feedback = nullptr);

} // namespace planner
