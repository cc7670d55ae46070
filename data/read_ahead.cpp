// SPDX-License-Identifier: GPL-3.0-or-later
#include "read_ahead.h"

namespace planner {

ReadAhead::ReadAhead(const Importer& importer, const QString& file, const ImportOptions& options)
{
    filling_.reserve(kBatch);
    // Started last, once every member it uses exists. importer, file and options belong to the
    // caller, who outlives this object.
    thread_ = std::thread([this, &importer, file, &options] {
        try {
            auto report = importer.read(file, options, [this](BenchmarkRun&& run) { return push(std::move(run)); });
            const std::lock_guard lock(mutex_);
            report_.emplace(std::move(report));
        } catch (...) {
            const std::lock_guard lock(mutex_);
            failure_ = std::current_exception();
        }
        close();
    });
}

ReadAhead::~ReadAhead()
{
    stop();
    if (thread_.joinable())
        thread_.join();
}

bool ReadAhead::push(BenchmarkRun&& run)
{
    filling_.push_back(std::move(run));
    if (filling_.size() < kBatch)
        return true; // unlocked: stop() is seen at the next hand-over, at most kBatch rows later
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return stopped_ || ready_.size() < kMaxBatches; });
    if (stopped_)
        return false;
    ready_.push_back(std::move(filling_));
    filling_ = {};
    filling_.reserve(kBatch);
    changed_.notify_all();
    return true;
}

void ReadAhead::close()
{
    const std::lock_guard lock(mutex_);
    if (!filling_.empty() && !stopped_)
        ready_.push_back(std::move(filling_));
    closed_ = true;
    changed_.notify_all();
}

bool ReadAhead::next(std::vector<BenchmarkRun>& rows)
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return stopped_ || closed_ || !ready_.empty(); });
    if (stopped_ || ready_.empty())
        return false;
    rows = std::move(ready_.front());
    ready_.pop_front();
    changed_.notify_all();
    return true;
}

void ReadAhead::stop()
{
    const std::lock_guard lock(mutex_);
    stopped_ = true;
    ready_.clear();
    changed_.notify_all();
}

Result<ReadReport> ReadAhead::finish()
{
    if (thread_.joinable())
        thread_.join();
    if (failure_)
        std::rethrow_exception(failure_);
    return std::move(*report_);
}

} // namespace planner
