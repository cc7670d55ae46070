// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a sweep varies, what it optimizes and what it requires, parsed from the command-line forms
//   --vary PATH=lo:hi:steps | PATH=a,b,c      (lo:hi:steps: `steps` values from lo to hi inclusive)
//   --objective KEY:min|max                   (a headline key, "cost_per_mtok_usd", or a numeric input path)
//   --constraint KEY<=X | KEY>=X | KEY<X | KEY>X
// and the numbering of the combination space (the last axis varies fastest), which shards split
// into contiguous, deterministic ranges.

#include "analysis/pareto.h"
#include "core/result.h"
#include "evaluate/headline.h"
#include "scenario/scenario_schema.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace planner {

struct SweepAxis {
    const FieldSpec* field = nullptr;
    std::vector<double> numbers;     // numeric fields
    std::vector<std::string> texts;  // text, choice and catalog-id fields
    std::size_t size() const { return field && field->isNumeric() ? numbers.size() : texts.size(); }
    std::string valueText(std::size_t i) const; // shortest text that reads back to the same value
};

// A sweep output column: a headline figure of the evaluation, or an input field's value.
struct SweepQuantity {
    std::string name;                   // as written in the output header: "results.cost_per_mtok_usd"
    std::optional<Headline> headline;   // an output ...
    const FieldSpec* input = nullptr;   // ... or a numeric input
};

struct SweepObjective {
    SweepQuantity quantity;
    Direction direction = Direction::Minimize;
};

struct SweepConstraint {
    SweepQuantity quantity;
    enum class Op { AtMost, AtLeast, Below, Above } op = Op::AtMost;
    double bound = 0;
    bool holds(double value) const;
};

inline constexpr std::uint64_t kMaxSweepCombinations = 1'000'000'000;

Result<SweepAxis> parseAxis(std::string_view text);
Result<SweepQuantity> parseQuantity(std::string_view key);
Result<SweepObjective> parseObjective(std::string_view text);
Result<SweepConstraint> parseConstraint(std::string_view text);
// The default objectives: cost per million tokens (min) against interactivity, the tokens/s per
// user the workload asks for (max).
std::vector<SweepObjective> defaultObjectives();

// The number of combinations; an error when it is zero or over kMaxSweepCombinations.
Result<std::uint64_t> combinationCount(const std::vector<SweepAxis>& axes);
// Each axis's value index for combination c (the last axis varies fastest).
void combinationIndices(const std::vector<SweepAxis>& axes, std::uint64_t c, std::vector<std::size_t>& out);

// Shard i of n (1-based, as Slurm array ids 1..n and GNU parallel's {#} count): a contiguous range.
struct ShardRange {
    std::uint64_t begin = 0, end = 0;
};
Result<std::pair<int, int>> parseShard(std::string_view text); // "2/8"
ShardRange shardRange(std::uint64_t total, int shard, int shards);

} // namespace planner
