// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Pareto frontier of points on k objectives, each minimized or maximized.
//
// A point dominates another when it is at least as good on every objective and strictly better on
// one. The frontier is the set of points no other point dominates. Exact duplicates (equal on
// every objective) do not dominate each other, so every copy of a frontier point is kept: two
// configurations with the same cost and interactivity are both answers, and keeping all copies
// makes the frontier of a union equal to the frontier of the union of the parts' frontiers,
// which is what merging sharded sweeps relies on. Points with a NaN objective are never on it.
//
// Two objectives: O(n log n) (sort, then one pass). More: sort lexicographically, then compare
// each point with the frontier found so far (only an earlier point in that order can dominate).

#include <cstddef>
#include <span>
#include <vector>

namespace planner {

enum class Direction { Minimize, Maximize };

// values: n points x k objectives, row-major (point i's objective j at values[i * k + j]).
// Returns the indices of the frontier points in increasing order.
std::vector<std::size_t> paretoFrontier(std::span<const double> values, std::span<const Direction> directions);

// True when a dominates b (each a span of k objective values).
bool dominates(std::span<const double> a, std::span<const double> b, std::span<const Direction> directions);

} // namespace planner
