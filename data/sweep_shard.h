// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a shard file is, written beside it (FILE.shard) by `sweep --shard i/N` and checked by
// `merge`: which shard of how many, how many rows the shard file holds, and a checksum of the
// sweep's definition (scenario, varied fields, objectives, constraints, options). A merge then
// refuses a cut file (fewer rows than its header says), a missing shard and a shard of another
// sweep, naming each, instead of writing a frontier that silently lacks part of the space.

#include "core/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace planner {

struct SweepShard {
    int index = 0, count = 0;   // shard index of count, from 1
    std::uint64_t rows = 0;     // rows in the shard's table
    std::string definition;     // sweepDefinitionChecksum of the run

    bool operator==(const SweepShard&) const = default;
};

std::string shardFileFor(const std::string& tablePath); // "FILE.shard"

// A hex checksum (FNV-1a, 64 bits) of the parts that define a sweep, in order.
std::string sweepDefinitionChecksum(const std::vector<std::string>& parts);

Result<void> writeSweepShard(const SweepShard& shard, const std::string& tablePath); // atomic
// BadInput naming the file when the header is missing or malformed.
Result<SweepShard> readSweepShard(const std::string& tablePath);

} // namespace planner
