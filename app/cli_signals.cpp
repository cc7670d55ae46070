// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_signals.h"

#include <csignal>

namespace planner::cli {

namespace {

// A lock-free atomic is the one thing a signal handler may safely touch besides volatile sig_atomic_t.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void onInterrupt(int)
{
    interrupted.store(true);
}

using Handler = void (*)(int);
Handler previousInt = SIG_DFL, previousTerm = SIG_DFL;

} // namespace

InterruptFlag::InterruptFlag()
{
    interrupted.store(false);
    previousInt = std::signal(SIGINT, onInterrupt);
    previousTerm = std::signal(SIGTERM, onInterrupt);
}

InterruptFlag::~InterruptFlag()
{
    std::signal(SIGINT, previousInt == SIG_ERR ? SIG_DFL : previousInt);
    std::signal(SIGTERM, previousTerm == SIG_ERR ? SIG_DFL : previousTerm);
}

const std::atomic<bool>& InterruptFlag::flag() const
{
    return interrupted;
}

} // namespace planner::cli
