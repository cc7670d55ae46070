// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A sweep: every combination of the varied fields evaluated on the numbers-only path, the rows
// that break a constraint dropped, and the Pareto frontier of the rest on the objectives (or every
// row). Worker threads take chunks of the combination range, each with its own EvaluationCache;
// a scenario is resolved against the catalog only when a field that resolution reads changes
// (the axes of such fields vary slowest), and plain numbers are patched into it in between.
// Combinations that cannot be evaluated (no throughput for that system, no configuration under
// the power cap) are counted and skipped.

#include "analysis/sweep_spec.h"
#include "evaluate/evaluate.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace planner {

struct SweepSpec {
    std::vector<SweepAxis> axes;
    std::vector<SweepObjective> objectives;
    std::vector<SweepConstraint> constraints;
    bool allRows = false; // every feasible row, not only the frontier
    int shard = 1, shards = 1;
    int threads = 1;
};

struct SweepResult {
    std::uint64_t total = 0;      // combinations of the whole space
    std::uint64_t evaluated = 0;  // in this shard
    std::uint64_t infeasible = 0; // evaluation failed: counted and skipped
    std::uint64_t rejected = 0;   // evaluated, but broke a constraint or had no value for an objective
    std::string firstInfeasible;  // the message of the first failure, to tell the analyst why
    bool cancelled = false;
    // The kept rows, sorted by combination number: rows[i]'s objective j at values[i * k + j].
    std::vector<std::uint64_t> combinations;
    std::vector<double> values;
};

struct SweepControl {
    const std::atomic<bool>* cancel = nullptr; // set from a signal handler or a GUI button
    std::function<void(std::uint64_t done, std::uint64_t of)> progress; // called on the caller's thread
};

// Checks that every value of a text axis resolves (a system or model the catalog has): a bad
// value is bad input for the whole sweep, not an infeasible combination.
Result<void> checkSweepAxes(const Scenario& base, const Catalog& catalog, const std::vector<SweepAxis>& axes);

// ctx.throughput is shared by the threads (it must be safe to call concurrently, as evaluate()
// requires) and is assumed to read only `system` and `workload.*` of the scenario; ctx.cache is
// ignored (each worker has its own).
SweepResult runSweep(const Scenario& base, const Catalog& catalog, const SweepSpec& spec,
                     const EvaluationContext& ctx, const SweepControl& control = {});

} // namespace planner
