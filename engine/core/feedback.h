// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Long calculations (sweeps, Monte Carlo, leave-one-out validation) take a Feedback so a caller on
// another thread can cancel them and watch progress, without the engine knowing about threads.

#include <atomic>
#include <functional>

namespace planner {

class Feedback {
public:
    void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return cancelled_.load(std::memory_order_relaxed); }
    void setProgressCallback(std::function<void(double)> cb) { progress_ = std::move(cb); }
    void setProgress(double fraction) const
    {
        if (progress_)
            progress_(fraction);
    }

private:
    std::atomic<bool> cancelled_{false};
    std::function<void(double)> progress_;
};

} // namespace planner
