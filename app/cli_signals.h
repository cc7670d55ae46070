// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Ctrl-C for long commands: while an InterruptFlag lives, SIGINT (and SIGTERM, as a scheduler
// sends when a job is cancelled) sets its flag instead of killing the process, so the command
// can stop its workers and leave no half-written file; the previous handlers come back after.

#include <atomic>

namespace planner::cli {

class InterruptFlag {
public:
    InterruptFlag();
    ~InterruptFlag();
    InterruptFlag(const InterruptFlag&) = delete;
    InterruptFlag& operator=(const InterruptFlag&) = delete;

    const std::atomic<bool>& flag() const;
};

} // namespace planner::cli
